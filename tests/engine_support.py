"""Helpers for the reference engine's tests: rules per profile, positions, random playouts."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from durak_conformance.profiles import list_profiles, load_profile, resolve
from reference_engine import Action, Game, Rules, deck

PROFILES = tuple(list_profiles())


def rules_for(profile: str, **options: str) -> Rules:
    """The resolved rules of a bundled profile with some table options."""
    return Rules.from_mapping(resolve(load_profile(profile), options).params)


def every_ruleset() -> Iterator[tuple[str, dict[str, str], Rules]]:
    """Every profile with every combination of its table options."""
    for profile in PROFILES:
        loaded = load_profile(profile)
        for options in loaded.option_combinations():
            yield profile, dict(options), Rules.from_mapping(resolve(loaded, options).params)


def position(
    rules: Rules,
    hands: dict[int, str],
    trump: str = "6H",
    stock: str = "",
    attacker: int | None = 1,
    **extra: Any,
) -> Game:
    """A game from a position written compactly: ``{1: "7S 8D", 2: "9S"}``."""
    pos: dict[str, Any] = {
        "hands": {str(s): cards.split() for s, cards in hands.items()},
        "stock": stock.split(),
        "trump": trump,
        **extra,
    }
    if attacker is not None:
        pos["attacker"] = attacker
    return Game.from_position(rules, pos)


def seat_counts(rules: Rules) -> list[int]:
    """Seat counts the rules allow that a deck can deal."""
    counts = range(rules.min_seats, rules.max_seats + 1)
    out = [n for n in counts if n * rules.hand_size <= rules.deck_size]
    if rules.teams == "pairs":
        out = [n for n in out if n == rules.pairs_seats]
    return out


def all_legal(game: Game) -> list[Action]:
    return [a for seat in range(1, game.seats + 1) for a in game.legal_actions(seat)]


def random_game(
    rules: Rules, seats: int, seed: int, max_steps: int = 5000
) -> tuple[Game, list[Action]]:
    """A seeded random playout to the end: a legal action chosen at random at every step."""
    rng = random.Random(seed)
    cards = deck(rules.deck_size)
    rng.shuffle(cards)
    game = Game.deal(rules, seats, cards)
    played: list[Action] = []
    while not game.is_over():
        options = all_legal(game)
        if not options:
            raise AssertionError(f"nobody may act in an unfinished game: {game.to_json()}")
        action = rng.choice(options)
        game.apply(action)
        played.append(action)
        if len(played) > max_steps:
            raise AssertionError("the game does not end")
    return game, played


def cards_in_play(game: Game) -> Counter[str]:
    """Every card in a hand, the stock, the discard pile or on the table, counted."""
    cards = [c.code for h in game.hands for c in h]
    cards += [c.code for c in game.stock] + [c.code for c in game.discard]
    for pair in game.table:
        cards.append(pair.attack.code)
        if pair.defence is not None:
            cards.append(pair.defence.code)
    return Counter(cards)
