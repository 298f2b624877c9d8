"""How much the protocol costs: stdio round trips and whole games, in process vs over stdio.

Run ``python benchmarks/protocol_speed.py`` (``--quick`` for a short run).  Prints medians
over several repeats:

* round trips per second of a ``state`` request through the stdio adapter, with reply
  schema checks (jsonschema-rs fast path, and plain jsonschema) and without;
* seeded random games played to the end with legal moves through the in-process adapter
  and through ``serve`` over stdio (with schema checks), and the ratio between the two.
"""

from __future__ import annotations

import argparse
import functools
import random
import statistics
import sys
import time
from collections.abc import Callable

from adapters.base import JSON, Adapter
from adapters.reference import ReferenceAdapter
from adapters.stdio import StdioAdapter, reference_stdio_command
from durak_conformance import protocol
from durak_conformance.protocol import response_problem
from reference_engine.cards import deck


def _start(adapter: Adapter, game: str, seed: int) -> JSON:
    cards = [c.code for c in deck(36)]
    random.Random(seed).shuffle(cards)
    rules = {"profile": "durak-challenge", "accept_after_defence": True}
    seats = [{"seat": 1, "human": True}, {"seat": 2, "human": False}]
    return adapter.start(
        game,
        profile="durak-challenge",
        options={},
        rules=rules,
        seats=seats,
        seed=seed,
        deck=cards,
    )


def play_game(adapter: Adapter, seed: int) -> int:
    """One random game to the end with legal moves; returns the number of requests."""
    game = f"bench-{seed}"
    state = _start(adapter, game, seed)
    rng = random.Random(seed)
    requests = 1
    while state["phase"] != "finished":
        choices: list[JSON] = []
        for seat in state["seats"]:
            if seat["actions"]:
                choices += adapter.legal(game, seat["seat"])
                requests += 1
        action = rng.choice(choices)
        result = adapter.act(game, action["seat"], action)
        assert result.ok and result.state is not None
        state = result.state
        requests += 1
    adapter.end(game)
    return requests + 1


def median_of(repeats: int, run: Callable[[], float]) -> float:
    return statistics.median(run() for _ in range(repeats))


def round_trips(adapter: StdioAdapter, count: int) -> float:
    """``state`` requests per second on a game started before (``rt``)."""
    begin = time.perf_counter()
    for _ in range(count):
        adapter.state("rt")
    return count / (time.perf_counter() - begin)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="fewer repeats")
    args = parser.parse_args(argv)
    repeats, count, games = (3, 500, 5) if args.quick else (7, 2000, 20)
    print(f"python {sys.version.split()[0]}, jsonschema-rs fast path: {protocol.fast_validation()}")

    print(f"\nround trips of 'state' through the stdio adapter (median of {repeats} x {count}):")
    figures: dict[str, float] = {}
    for label, checker, fast in (
        ("schema checks, jsonschema-rs", response_problem, True),
        ("schema checks, jsonschema only", response_problem, False),
        ("no schema checks", None, True),
    ):
        protocol.set_fast_validation(fast)
        adapter = StdioAdapter(reference_stdio_command(), checker=checker)
        try:
            _start(adapter, "rt", 1)
            reps = repeats if fast else max(2, repeats // 2)
            n = count if fast else count // 4
            figures[label] = median_of(reps, functools.partial(round_trips, adapter, n))
        finally:
            adapter.close()
            protocol.set_fast_validation(True)
        print(f"  {label:32s} {figures[label]:9.0f} per second")

    print(f"\n{games} random durak-challenge games to the end (median of {repeats} runs):")
    local = ReferenceAdapter()
    requests = sum(play_game(local, seed) for seed in range(games))

    def timed(adapter: Adapter) -> float:
        begin = time.perf_counter()
        for seed in range(games):
            play_game(adapter, seed)
        return time.perf_counter() - begin

    in_process = median_of(repeats, lambda: timed(local))
    remote = StdioAdapter(reference_stdio_command(), checker=response_problem)
    try:
        remote.hello()
        over_stdio = median_of(repeats, lambda: timed(remote))
    finally:
        remote.close()
    print(f"  requests per run                 {requests:9d}")
    print(f"  in process                       {in_process:9.3f} s")
    print(f"  over stdio, schema checks        {over_stdio:9.3f} s")
    print(f"  ratio stdio / in process         {over_stdio / in_process:9.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
