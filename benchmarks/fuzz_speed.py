"""How fast the fuzzer plays over stdio, against the reference side alone, in the same run.

Run ``python benchmarks/fuzz_speed.py`` (``--games N``, ``--rounds R``, ``--profile P``,
``--extras``).  Each round plays the same seeded full two-seat games of the fuzzer's random
policy, one after the other:

* the reference side alone (the in-process reference engine choosing and playing, no engine
  under test): the floor of any lockstep run;
* lockstep against ``durak-conformance serve`` over stdio, reply schema checks on (what
  ``fuzz`` does by default), then off.

It prints the median games per second of the rounds and the ratio of stdio to the reference
side (the issue's target: at least 50 %), and the CPU time per game of this process and of
the engine's (read from ``/proc``, Linux), which say what the rate would be with a core free
for each: on a shared, loaded machine the wall-clock rate of two processes suffers more than
that of one.  ``--extras`` adds the in-process lockstep, legal lists at every step and the
bare round trip of a ``state`` request, once each.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from adapters.reference import ReferenceAdapter
from adapters.stdio import StdioAdapter, reference_stdio_command
from durak_conformance.fuzzing.campaign import Settings, make_table, play_seed, random_start
from durak_conformance.fuzzing.lockstep import Lockstep, ReferenceSide, Table, random_chooser
from durak_conformance.protocol import response_problem


@dataclass
class Measure:
    seconds: float
    harness_cpu: float
    engine_cpu: float | None = None
    requests: int = 0


def reference_alone(table: Table, games: int, settings: Settings) -> Measure:
    """The reference side alone: choosing and playing, no engine under test."""
    began, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        rng = random.Random(seed)
        ref = ReferenceSide(table, random_start(table, rng, settings.bot_rate))
        chooser = random_chooser(rng, settings.illegal_rate, int(table.rules["deck_size"]))
        step = 0
        while (action := chooser(ref, step)) is not None:
            ref.act(action)
            step += 1
    return Measure(time.perf_counter() - began, time.process_time() - cpu)


def _cpu_of(pid: int) -> float | None:
    """User + system CPU seconds of process ``pid`` so far (Linux), else None."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def over_stdio(
    table: Table, games: int, settings: Settings, checker: Callable[..., str | None] | None
) -> Measure:
    """Lockstep against ``serve`` over stdio (the engine started before the clock runs)."""
    adapter = StdioAdapter(reference_stdio_command(), checker=checker)
    try:
        lockstep = Lockstep(adapter, table, legal_rate=settings.legal_rate)
        play_seed(lockstep, 0, settings)  # warm: the engine is running and has played once
        engine = adapter._engine  # the benchmark reads the engine process's CPU time
        pid = engine.popen.pid if engine is not None else None
        engine_before = _cpu_of(pid) if pid else None
        requests = 0
        began, cpu = time.perf_counter(), time.process_time()
        for seed in range(games):
            trial = play_seed(lockstep, seed, settings)
            assert trial.divergence is None, trial.divergence
            requests += trial.requests
        seconds, harness = time.perf_counter() - began, time.process_time() - cpu
        engine_after = _cpu_of(pid) if pid else None
    finally:
        adapter.close()
    used = (
        engine_after - engine_before
        if engine_after is not None and engine_before is not None
        else None
    )
    return Measure(seconds, harness, used, requests)


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
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profile", default="durak-challenge")
    parser.add_argument("--extras", action="store_true", help="the other figures, once each")
    args = parser.parse_args(argv)
    table = make_table(args.profile, {}, 2)
    settings = Settings()
    games = args.games
    runs: dict[str, list[Measure]] = {"alone": [], "schema": [], "no-schema": []}
    for _ in range(args.rounds):
        runs["alone"].append(reference_alone(table, games, settings))
        runs["schema"].append(over_stdio(table, games, settings, response_problem))
        runs["no-schema"].append(over_stdio(table, games, settings, None))

    def rate(name: str) -> float:
        return float(statistics.median([games / m.seconds for m in runs[name]]))

    def per_game(values: list[float | None]) -> str:
        known = [v for v in values if v is not None]
        return f"{statistics.median(known) / games * 1000:6.2f} ms" if known else "     ?"

    alone = rate("alone")
    print(
        f"{args.profile}, 2 seats, {games} games a run, median of {args.rounds} rounds "
        f"(load average {os.getloadavg()[0]:.1f})"
    )
    print(f"  {'':40} {'games/s':>8} {'ratio':>6}  {'CPU/game: harness':>17}  {'engine':>9}")
    print(
        f"  {'reference side alone':40} {alone:8.1f} {'':>6}  "
        f"{per_game([m.harness_cpu for m in runs['alone']]):>17}"
    )
    for name, label in (
        ("schema", "lockstep over stdio, schema checks"),
        ("no-schema", "lockstep over stdio, no schema checks"),
    ):
        got = rate(name)
        print(
            f"  {label:40} {got:8.1f} {got / alone:6.0%}  "
            f"{per_game([m.harness_cpu for m in runs[name]]):>17}  "
            f"{per_game([m.engine_cpu for m in runs[name]]):>9}"
        )
    requests = runs["schema"][0].requests / games
    print(f"  ({requests:.0f} requests per game over stdio)")
    if args.extras:
        measure = in_process(table, games, settings)
        print(f"  lockstep, in-process reference adapter   {games / measure.seconds:8.1f}")
        every = Settings(legal_rate=1.0)
        measure = over_stdio(table, games, every, None)
        print(
            f"  stdio, legal lists at every step          {games / measure.seconds:8.1f} "
            f"({measure.requests / games:.0f} requests per game)"
        )
        print(f"  stdio round trip of 'state'              {round_trip(table, 2000):8.0f} us")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
