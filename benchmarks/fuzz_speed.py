"""How fast the fuzzer plays over stdio, against the reference side alone, in the same run.

Run ``python benchmarks/fuzz_speed.py`` (``--games N``, ``--rounds R``, ``--slices S``,
``--profile P``, ``--extras``).  Each round plays the same seeded full two-seat games of the
fuzzer's random policy three ways:

* the reference side alone (the in-process reference engine choosing and playing, no engine
  under test): the floor of any lockstep run;
* lockstep against ``durak-conformance serve`` over stdio, reply schema checks on (what
  ``fuzz`` does by default), then off;

all with the garbage collector tuned as ``fuzz`` tunes it for a campaign
(:mod:`durak_conformance.fuzzing.collector`).

A round's games are cut into ``--slices`` slices, and the three ways take turns slice by
slice (each engine started once a round, before its clock runs), so that a change in the
machine's speed within a round -- frequent on a shared virtual machine -- falls on all three
alike rather than on whichever ran then.  The ratio of a round is its stdio rate over its
reference side's rate; the script prints the median of each rate and of each ratio over the
rounds (the issue's target: at least 50 %), and the CPU time per game of this process and of
the engine's (read from ``/proc``, Linux), which say what the rate would be with a core free
for each.  ``--extras`` adds the in-process lockstep, legal lists at every step and the bare
round trip of a ``state`` request, once each.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from adapters.reference import ReferenceAdapter
from adapters.stdio import StdioAdapter, reference_stdio_command
from durak_conformance.fuzzing.campaign import Settings, make_table, play_seed, random_start
from durak_conformance.fuzzing.collector import campaign_collector
from durak_conformance.fuzzing.lockstep import Lockstep, ReferenceSide, Table, random_chooser
from durak_conformance.protocol import response_problem


@dataclass
class Measure:
    seconds: float = 0.0
    harness_cpu: float = 0.0
    engine_cpu: float | None = 0.0
    requests: int = 0

    def add(self, other: Measure) -> None:
        self.seconds += other.seconds
        self.harness_cpu += other.harness_cpu
        self.engine_cpu = (
            self.engine_cpu + other.engine_cpu
            if self.engine_cpu is not None and other.engine_cpu is not None
            else None
        )
        self.requests += other.requests


def reference_alone(table: Table, seeds: range, settings: Settings) -> Measure:
    """The reference side alone: choosing and playing, no engine under test.

    These are the games :func:`play_seed` plays against an engine that claims ``legal`` (as
    ``serve`` does): the same start, the same choices, and the same sample of steps at which
    the reference engine's legal lists are taken for comparison (drawn from the same random
    numbers, which is why the sample must be drawn here too)."""
    began, cpu = time.perf_counter(), time.process_time()
    for seed in seeds:
        rng = random.Random(seed)
        start = random_start(table, rng, settings.bot_rate, settings.no_trump_rate)
        ref = ReferenceSide(table, start)
        chooser = random_chooser(rng, settings.illegal_rate, int(table.rules["deck_size"]))

        def sample_legal(ref: ReferenceSide = ref, rng: random.Random = rng) -> None:
            if not ref.finished and rng.random() < settings.legal_rate:
                for seat in ref.movers():
                    ref.legal(seat)

        sample_legal()
        for step in range(settings.max_steps):
            action = chooser(ref, step)
            if action is None:
                break
            if ref.act(action) is None:
                sample_legal()
    return Measure(time.perf_counter() - began, time.process_time() - cpu, None)


def _cpu_of(pid: int) -> float | None:
    """User + system CPU seconds of process ``pid`` so far (Linux), else None."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


class OverStdio:
    """Lockstep against one ``serve`` process over stdio, slice after slice."""

    def __init__(
        self, table: Table, settings: Settings, checker: Callable[..., str | None] | None
    ) -> None:
        self.settings = settings
        self.adapter = StdioAdapter(reference_stdio_command(), checker=checker)
        self.lockstep = Lockstep(self.adapter, table, legal_rate=settings.legal_rate)
        play_seed(self.lockstep, 0, settings)  # warm: the engine is running and has played once
        engine = self.adapter._engine  # the benchmark reads the engine process's CPU time
        self.pid = engine.popen.pid if engine is not None else None

    def play(self, seeds: range) -> Measure:
        engine_before = _cpu_of(self.pid) if self.pid else None
        requests = 0
        began, cpu = time.perf_counter(), time.process_time()
        for seed in seeds:
            # As a campaign plays (run_chunk): the next game planned while this one ends.
            then = seed + 1 if seed + 1 < seeds.stop else None
            trial = play_seed(self.lockstep, seed, self.settings, then=then)
            assert trial.divergence is None, trial.divergence
            requests += trial.requests
        seconds, harness = time.perf_counter() - began, time.process_time() - cpu
        engine_after = _cpu_of(self.pid) if self.pid else None
        used = (
            engine_after - engine_before
            if engine_after is not None and engine_before is not None
            else None
        )
        return Measure(seconds, harness, used, requests)

    def close(self) -> None:
        self.adapter.close()


def one_round(table: Table, games: int, slices: int, settings: Settings) -> dict[str, Measure]:
    """The three ways over the same ``games`` seeds, taking turns slice by slice."""
    totals = {"alone": Measure(engine_cpu=None), "schema": Measure(), "no-schema": Measure()}
    runs = {
        "schema": OverStdio(table, settings, response_problem),
        "no-schema": OverStdio(table, settings, None),
    }
    try:
        # As fuzz plays (the collector tuned for a campaign), both sides alike.
        with campaign_collector():
            bounds = [games * i // slices for i in range(slices + 1)]
            for low, high in itertools.pairwise(bounds):
                seeds = range(low, high)
                totals["alone"].add(reference_alone(table, seeds, settings))
                for name, run in runs.items():
                    totals[name].add(run.play(seeds))
    finally:
        for run in runs.values():
            run.close()
    return totals


def in_process(table: Table, games: int, settings: Settings) -> Measure:
    lockstep = Lockstep(ReferenceAdapter(), table, legal_rate=settings.legal_rate)
    began, cpu = time.perf_counter(), time.process_time()
    requests = sum(play_seed(lockstep, seed, settings).requests for seed in range(games))
    return Measure(time.perf_counter() - began, time.process_time() - cpu, None, requests)


def round_trip(table: Table, count: int) -> float:
    """Microseconds per ``state`` request to ``serve``."""
    adapter = StdioAdapter(reference_stdio_command(), checker=None)
    try:
        adapter.start(
            "rt",
            profile=table.profile,
            options={},
            rules=table.rules,
            seats=[{"seat": 1, "human": True}, {"seat": 2, "human": True}],
            deck=list(random_start(table, random.Random(0), 0).deck or ()),
        )
        began = time.perf_counter()
        for _ in range(count):
            adapter.state("rt")
        return (time.perf_counter() - began) / count * 1e6
    finally:
        adapter.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--slices", type=int, default=5, help="turns a round is cut into")
    parser.add_argument("--profile", default="durak-challenge")
    parser.add_argument("--extras", action="store_true", help="the other figures, once each")
    args = parser.parse_args(argv)
    table = make_table(args.profile, {}, 2)
    settings = Settings()
    games = args.games
    slices = max(1, min(args.slices, games))
    rounds = [one_round(table, games, slices, settings) for _ in range(args.rounds)]

    def rate(name: str) -> float:
        return float(statistics.median([games / r[name].seconds for r in rounds]))

    def ratio(name: str) -> float:
        return float(statistics.median([r["alone"].seconds / r[name].seconds for r in rounds]))

    def per_game(values: list[float | None]) -> str:
        known = [v for v in values if v is not None]
        return f"{statistics.median(known) / games * 1000:6.2f} ms" if known else "     ?"

    print(
        f"{args.profile}, 2 seats, {games} games a round in {slices} slices, medians of "
        f"{args.rounds} rounds (load average {os.getloadavg()[0]:.1f})"
    )
    print(f"  {'':40} {'games/s':>8} {'ratio':>6}  {'CPU/game: harness':>17}  {'engine':>9}")
    print(
        f"  {'reference side alone':40} {rate('alone'):8.1f} {'':>6}  "
        f"{per_game([r['alone'].harness_cpu for r in rounds]):>17}"
    )
    for name, label in (
        ("schema", "lockstep over stdio, schema checks"),
        ("no-schema", "lockstep over stdio, no schema checks"),
    ):
        print(
            f"  {label:40} {rate(name):8.1f} {ratio(name):6.0%}  "
            f"{per_game([r[name].harness_cpu for r in rounds]):>17}  "
            f"{per_game([r[name].engine_cpu for r in rounds]):>9}"
        )
    ratios = ", ".join(f"{r['alone'].seconds / r['schema'].seconds:.0%}" for r in rounds)
    print(f"  (schema checks, ratio by round: {ratios})")
    requests = rounds[0]["schema"].requests / games
    print(f"  ({requests:.0f} requests per game over stdio)")
    if args.extras:
        measure = in_process(table, games, settings)
        print(f"  lockstep, in-process reference adapter   {games / measure.seconds:8.1f}")
        every = OverStdio(table, Settings(legal_rate=1.0), None)
        try:
            measure = every.play(range(games))
        finally:
            every.close()
        print(
            f"  stdio, legal lists at every step          {games / measure.seconds:8.1f} "
            f"({measure.requests / games:.0f} requests per game)"
        )
        print(f"  stdio round trip of 'state'              {round_trip(table, 2000):8.0f} us")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
