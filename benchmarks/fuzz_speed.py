"""How fast the fuzzer plays, and where the time goes.

Run ``python benchmarks/fuzz_speed.py`` (``--games N``, ``--profile P``).  Prints, for full
two-seat games of the fuzzer's random policy:

* the reference side alone (the in-process reference engine choosing and playing, no engine
  under test): the floor of any lockstep run;
* lockstep against the in-process reference adapter;
* lockstep against ``durak-conformance serve`` over stdio, with and without reply schema
  checks, and with legal-list checks at every step instead of a sample;
* the bare stdio round trip of a ``state`` request, for scale.

Figures are games per second on one process (the engine's own process runs beside it).
"""

from __future__ import annotations

import argparse
import random
import time

from adapters.reference import ReferenceAdapter
from adapters.stdio import StdioAdapter, reference_stdio_command
from durak_conformance.fuzzing.campaign import Settings, make_table, play_seed, random_start
from durak_conformance.fuzzing.lockstep import Lockstep, ReferenceSide, Table, random_chooser
from durak_conformance.protocol import response_problem


def reference_alone(table: Table, games: int, settings: Settings) -> tuple[float, int]:
    """Games per second and actions played, with only the reference side."""
    actions = 0
    began = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        ref = ReferenceSide(table, random_start(table, rng, settings.bot_rate))
        chooser = random_chooser(rng, settings.illegal_rate, int(table.rules["deck_size"]))
        step = 0
        while True:
            action = chooser(ref, step)
            if action is None:
                break
            ref.act(action)
            step += 1
        actions += step
    return games / (time.perf_counter() - began), actions


def lockstep_rate(lockstep: Lockstep, games: int, settings: Settings) -> tuple[float, float]:
    """Games per second and requests per game."""
    requests = 0
    began = time.perf_counter()
    for seed in range(games):
        trial = play_seed(lockstep, seed, settings)
        assert trial.divergence is None, trial.divergence
        requests += trial.requests
    return games / (time.perf_counter() - began), requests / games


def round_trips(adapter: StdioAdapter, table: Table, count: int) -> float:
    adapter.start(
        "rt",
        profile=table.profile,
        options={},
        rules=table.rules,
        seats=[{"seat": 1, "human": True}, {"seat": 2, "human": True}],
        deck=[c for c in random_start(table, random.Random(0), 0).deck or ()],
    )
    began = time.perf_counter()
    for _ in range(count):
        adapter.state("rt")
    return (time.perf_counter() - began) / count * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--profile", default="durak-challenge")
    args = parser.parse_args(argv)
    table = make_table(args.profile, {}, 2)
    settings = Settings()
    games = args.games

    rate, actions = reference_alone(table, games, settings)
    print(f"{args.profile}, 2 seats, {games} games, {actions / games:.0f} actions per game")
    print(f"  reference side alone                    {rate:8.1f} games/s")
    rate, per_game = lockstep_rate(Lockstep(ReferenceAdapter(), table), games, settings)
    print(f"  lockstep, in-process reference adapter  {rate:8.1f} games/s ({per_game:.0f} req)")
    for label, checker, legal_rate in (
        ("lockstep over stdio, schema checks", response_problem, settings.legal_rate),
        ("lockstep over stdio, no schema checks", None, settings.legal_rate),
        ("  ... legal lists at every step", None, 1.0),
    ):
        adapter = StdioAdapter(reference_stdio_command(), checker=checker)
        try:
            lockstep = Lockstep(adapter, table, legal_rate=legal_rate)
            rate, per_game = lockstep_rate(lockstep, games, Settings(legal_rate=legal_rate))
            print(f"  {label:39} {rate:8.1f} games/s ({per_game:.0f} req)")
        finally:
            adapter.close()
    adapter = StdioAdapter(reference_stdio_command(), checker=None)
    try:
        micros = round_trips(adapter, table, 2000)
        print(f"  stdio round trip of 'state'             {micros:8.0f} us")
    finally:
        adapter.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
