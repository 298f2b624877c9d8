"""``durak-conformance play``: simulate games under any profile with the reference engine.

Seeded random play (a legal action chosen at random at every step), shown bout by bout, or
many games summarised.  Useful to see a profile's rules at work and to reproduce a game.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from typing import Any

from rich.console import Console

from durak_conformance.commands import arguments
from durak_conformance.profiles import ProfileError, load_profile, resolve
from durak_conformance.runner import UsageError, parse_option_pairs
from reference_engine import Game, Rules, RulesError, deck


def register(subparsers: Any) -> None:
    """Add the ``play`` sub-command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "play",
        help="simulate games under a profile with the reference engine",
        description="Play seeded random games under a profile with the reference engine: one "
        "game shown action by action, or many games summarised (--games).",
    )
    parser.add_argument("profile", help="profile id, e.g. howto-durak")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a table option (repeatable)",
    )
    parser.add_argument("--seats", type=int, help="number of seats (default: the fewest allowed)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument(
        "--games",
        type=arguments.count,
        default=1,
        metavar="N",
        help="games to play (default 1: one game shown action by action; more: a summary)",
    )
    parser.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the sub-command; returns the exit code."""
    out = Console(highlight=False)
    err = Console(stderr=True)
    try:
        options = parse_option_pairs(args.option)
        resolved = resolve(load_profile(args.profile), options)
        rules = Rules.from_mapping(resolved.params)
        seats = args.seats or rules.min_seats
        games = [play_one(rules, seats, args.seed + i) for i in range(args.games)]
    except (UsageError, ProfileError, RulesError) as exc:
        err.print(f"[red]error:[/red] {exc}")
        return 2
    if args.games <= 1:
        show_game(out, games[0], args.seed)
        return 0
    summarise(out, games, resolved.profile.id, dict(resolved.options), seats)
    return 0


def play_one(rules: Rules, seats: int, seed: int) -> Game:
    """One seeded random game, played to its end."""
    rng = random.Random(seed)
    cards = deck(rules.deck_size)
    rng.shuffle(cards)
    game = Game.deal(rules, seats, cards)
    while not game.is_over():
        options = [a for s in range(1, seats + 1) for a in game.legal_actions(s)]
        game.play(options[rng.randrange(len(options))])
    return game


def _describe(event: dict[str, Any]) -> str | None:
    kind = event["type"]
    seat = event.get("seat")
    if kind == "attack":
        return f"  seat {seat} attacks with {' '.join(event['cards'])}"
    if kind == "defend":
        return f"  seat {seat} beats {event['attack']} with {event['card']}"
    if kind == "throw_in":
        return f"  seat {seat} throws in {event['card']}"
    if kind == "transfer":
        return f"  seat {seat} transfers with {event['card']}"
    if kind in ("take", "accept"):
        return f"  seat {seat} {'takes' if kind == 'take' else 'accepts the cards anyway'}"
    if kind == "bout_end":
        how = (
            "discarded" if event["outcome"] == "discarded" else f"taken by seat {event['defender']}"
        )
        return f"  -> bout over: {_cards(len(event['cards']))} {how}"
    if kind == "out":
        return f"  -> seat {event['seat']} is out"
    return None


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def _pairs(items: dict[Any, int]) -> str:
    """``a: 3, b: 1``: a plain listing, not a Python dict."""
    return ", ".join(f"{key}: {value}" for key, value in items.items()) or "none"


def show_game(out: Console, game: Game, seed: int) -> None:
    rules = game.rules
    out.print(
        f"[bold]{rules.profile}[/bold], {game.seats} seats, seed {seed}, trump {game.trump_card}"
    )
    for event in game.events():
        line = _describe(event)
        if line is not None:
            out.print(line)
    result = game.result
    assert result is not None
    if result.is_draw:
        out.print("[bold]draw[/bold]: nobody is left holding cards")
    else:
        out.print(f"[bold]durak:[/bold] seat(s) {', '.join(map(str, result.durak))}")


def summarise(
    out: Console, games: list[Game], profile: str, options: dict[str, str], seats: int
) -> None:
    terminations: Counter[str] = Counter()
    durak: Counter[int] = Counter()
    actions = 0
    for game in games:
        assert game.result is not None
        terminations[game.result.termination.value] += 1
        durak.update(game.result.durak)
        actions += len(game.log)
    shown = ", ".join(f"{k}={v}" for k, v in sorted(options.items())) or "default options"
    out.print(f"[bold]{profile}[/bold] ({shown}): {len(games)} games, {seats} seats")
    out.print(f"  how the games ended: {_pairs(dict(terminations.most_common()))}")
    seats_line = _pairs({f"seat {seat}": count for seat, count in sorted(durak.items())})
    out.print(f"  games lost (durak), by seat: {seats_line}")
    out.print(f"  actions per game: {actions / len(games):.1f} on average")
