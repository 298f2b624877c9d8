"""Reference engine speed: seeded random full games, per profile, beside the PyPI ``durakgame``.

Every step lists the legal actions (for every seat, in the reference engine: several seats may
act at once -- ``Game.legal_moves()``, the same list as ``legal_actions(1) + legal_actions(2)``)
and plays one chosen at random, until the game ends.  Each measurement is
repeated and the median reported, because these machines are noisy; the ratio against
``durakgame`` (two seats, 36 cards) is taken from runs interleaved in the same process.

    python benchmarks/engine_speed.py [--games 200] [--repeats 5] [--json FILE]

``durakgame`` is optional (``pip install durakgame``, or the ``bench`` extra); without it the
comparison is skipped.  How the comparison is kept fair:

- both engines play two seats with 36 cards, dealt from the same seeded shuffles;
- both list every legal option at every step and pick one with the same kind of RNG;
- durakgame's "finishing" step after a take enumerates every subset of cards that could be
  thrown in as separate options; the reference engine lists single throw-ins instead.  The
  number of options differs, so we report actions per second as well as games per second;
- durakgame gives the first attack to player one; the reference engine to the lowest trump;
- durakgame 1.0.4 duplicates cards in some games (see ``durakgame_clean_seeds``): those deals
  are dropped for both engines, and the number dropped is printed.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from durak_conformance.profiles import list_profiles, load_profile, resolve
from reference_engine import Game, Rules, deck

Result = tuple[int, int, float]  # games, actions, seconds


def reference_games(rules: Rules, seats: int, seeds: list[int]) -> Result:
    actions = 0
    cards = deck(rules.deck_size)
    start = time.perf_counter()
    for g in seeds:
        rng = random.Random(g)
        shuffled = list(cards)
        rng.shuffle(shuffled)
        game = Game.deal(rules, seats, shuffled)
        while game.phase != "finished":
            options = game.legal_moves()  # every seat's legal actions, seat by seat
            game.play(options[rng.randrange(len(options))])
            actions += 1
    return len(seeds), actions, time.perf_counter() - start


def _durakgame() -> tuple[Any, Any, list[Any]] | None:
    try:
        import durakgame
        from durakgame.game import Game as DGame
        from durakgame.player import MrFirst
    except ImportError:
        return None
    return DGame, MrFirst, list(durakgame.interface.standardDeck())


def _durakgame_card_count(game: Any) -> int:
    return (
        len(game.player1.hand)
        + len(game.player2.hand)
        + len(game.deck)
        + len(game.table.attack)
        + len(game.table.defense)
        + len(game.discardPile)
    )


def durakgame_clean_seeds(seed: int, wanted: int, step_cap: int = 2000) -> list[int]:
    """Seeds whose random durakgame game ends without breaking its own deck.

    durakgame 1.0.4 leaves the cards of a "finishing" throw-in in the thrower's hand as well
    as giving them to the taker, so some games multiply cards and never end.  Those seeds are
    dropped for both engines, so both play exactly the same deals.
    """
    loaded = _durakgame()
    if loaded is None:
        return []
    dgame, player, standard = loaded
    clean: list[int] = []
    g = seed
    while len(clean) < wanted and g < seed + 20 * wanted:
        rng = random.Random(g)
        shuffled = list(standard)
        rng.shuffle(shuffled)
        game = dgame(shuffled, player(), player())
        steps, ok = 0, True
        while not game.isFinished:
            options = game.generateOptions()
            game.process(options[rng.randrange(len(options))])
            steps += 1
            if steps > step_cap or _durakgame_card_count(game) != 36:
                ok = False
                break
        if ok:
            clean.append(g)
        g += 1
    return clean


def durakgame_games(seeds: list[int]) -> Result | None:
    loaded = _durakgame()
    if loaded is None or not seeds:
        return None
    dgame, player, standard = loaded
    actions = 0
    start = time.perf_counter()
    for g in seeds:
        rng = random.Random(g)
        shuffled = list(standard)
        rng.shuffle(shuffled)
        game = dgame(shuffled, player(), player())
        while not game.isFinished:
            options = game.generateOptions()
            game.process(options[rng.randrange(len(options))])
            actions += 1
    return len(seeds), actions, time.perf_counter() - start


def median_rate(runs: list[Result]) -> dict[str, float]:
    return {
        "games_per_second": statistics.median(g / s for g, _, s in runs),
        "actions_per_second": statistics.median(a / s for _, a, s in runs),
        "actions_per_game": statistics.median(a / g for g, a, _ in runs),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per measurement")
    parser.add_argument("--repeats", type=int, default=5, help="measurements per engine")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    args = parser.parse_args(argv)

    seeds = durakgame_clean_seeds(args.seed, args.games)
    dropped = 0
    if seeds:
        dropped = seeds[-1] - args.seed + 1 - len(seeds)
    else:
        seeds = list(range(args.seed, args.seed + args.games))
    two_seat: dict[str, Callable[[], Result | None]] = {}
    rows: dict[str, Any] = {}
    for profile in list_profiles():
        rules = Rules.from_mapping(resolve(load_profile(profile), {}).params)
        seats = 2 if rules.min_seats <= 2 <= rules.max_seats else rules.min_seats
        if seats != 2 and profile == "ggtables":
            rules = Rules.from_mapping(resolve(load_profile(profile), {"players": "2"}).params)
            seats = 2

        def run(rules: Rules = rules, seats: int = seats) -> Result:
            return reference_games(rules, seats, seeds)

        two_seat[f"reference/{profile}"] = run
    two_seat["durakgame"] = lambda: durakgame_games(seeds)

    runs: dict[str, list[Result]] = {name: [] for name in two_seat}
    for _ in range(args.repeats):  # interleaved, so drift hits every engine alike
        for name, fn in two_seat.items():
            result = fn()
            if result is not None:
                runs[name].append(result)

    print(
        f"python {platform.python_version()} on {platform.machine()}, "
        f"{len(seeds)} games x {args.repeats} repeats, two seats, 36 cards"
    )
    if dropped:
        print(f"({dropped} seeds dropped for both engines: durakgame broke its own deck on them)")
    print()
    print(f"{'engine / profile':34} {'games/s':>9} {'actions/s':>10} {'actions/game':>13}")
    for name, results in runs.items():
        if not results:
            print(f"{name:34} (not installed)")
            continue
        rates = median_rate(results)
        rows[name] = rates
        print(
            f"{name:34} {rates['games_per_second']:9.0f} {rates['actions_per_second']:10.0f}"
            f" {rates['actions_per_game']:13.1f}"
        )
    if "durakgame" in rows:
        base = rows["durakgame"]
        print("\nratio against durakgame (median games/s; median actions/s):")
        for name, rates in rows.items():
            if name != "durakgame":
                print(
                    f"  {name:32} {rates['games_per_second'] / base['games_per_second']:5.2f}x"
                    f"  {rates['actions_per_second'] / base['actions_per_second']:5.2f}x"
                )
    if args.json:
        rows["_meta"] = {"games": len(seeds), "repeats": args.repeats, "dropped_seeds": dropped}
        args.json.write_text(json.dumps(rows, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
