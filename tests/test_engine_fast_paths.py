"""The engine's fast paths agree with its hook-calling paths.

``Game`` lists and plays with inlined shortcuts when a class overrides none of its hooks; a
subclass overriding any hook (a mutant, cheater mode) takes the path that calls every hook.
A subclass whose overrides only call ``super()`` must therefore play exactly like ``Game``:
same listings, same refusals (clause and message), same events and states.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from engine_support import every_ruleset, rules_for, seat_counts

from reference_engine import (
    Accept,
    Action,
    Attack,
    Card,
    Defend,
    Done,
    Game,
    IllegalAction,
    MalformedAction,
    Rules,
    Take,
    ThrowIn,
    Transfer,
    deck,
)
from reference_engine.game import _HOOKS, TablePair, beats


def _delegate(name: str) -> Any:
    def hook(self: Game, *args: Any, **kwargs: Any) -> Any:
        return getattr(super(Transparent, self), name)(*args, **kwargs)

    hook.__name__ = name
    return hook


class Transparent(Game):
    """Overrides every hook with a call to Game's own: the hook-calling paths, same rules."""


for _name in _HOOKS:
    setattr(Transparent, _name, _delegate(_name))
Transparent.__init_subclass__()  # recompute the class flags after the overrides


def test_the_transparent_subclass_takes_the_hook_calling_paths() -> None:
    assert Game._plain and not Transparent._plain
    assert not Transparent._plain_ranks and not Transparent._plain_transfer


CASES = [
    (profile, options, rules, seats)
    for profile, options, rules in every_ruleset()
    for seats in seat_counts(rules)
]


def _candidates(game: Game, rng: random.Random) -> list[Action]:
    full = deck(game.rules.deck_size)
    on_table = [p.attack for p in game.table] + [p.defence for p in game.table if p.defence]
    out: list[Action] = []
    for seat in range(1, game.seats + 1):
        hand = game.hands[seat] or full[:1]
        for card in [rng.choice(hand), rng.choice(full)]:
            out += [Attack(seat, (card,)), ThrowIn(seat, card), Transfer(seat, card)]
            if on_table:
                out.append(Defend(seat, rng.choice(on_table), card))
            same = tuple(c for c in hand if c.rank == card.rank)
            if len(same) > 1:
                out.append(Attack(seat, same))
        out += [Take(seat), Done(seat), Accept(seat)]
    return out


def _outcome(game: Game, action: Action) -> Any:
    try:
        events = game.push(action)
    except IllegalAction as exc:
        return ("refused", exc.clause, exc.message)
    except MalformedAction as exc:
        return ("malformed", str(exc))
    game.pop()
    return ("accepted", events)


def _listing(game: Game) -> Any:
    per_seat = [game.legal_actions(s) for s in range(0, game.seats + 2)]
    return per_seat, game.legal_moves(), game.room(), game.limit(), game.table_ranks()


@pytest.mark.parametrize(
    ("profile", "options", "rules", "seats"),
    CASES,
    ids=[f"{p}-{'-'.join(f'{k}={v}' for k, v in o.items())}-{n}" for p, o, _, n in CASES],
)
def test_hook_calling_paths_play_like_the_fast_paths(
    profile: str, options: dict[str, str], rules: Rules, seats: int
) -> None:
    for seed in range(2):
        rng = random.Random(seed)
        cards = deck(rules.deck_size)
        rng.shuffle(cards)
        fast, slow = Game.deal(rules, seats, cards), Transparent.deal(rules, seats, cards)
        steps = 0
        while not fast.is_over():
            assert _listing(fast) == _listing(slow)
            if steps % 3 == seed:
                for action in _candidates(fast, random.Random(steps)):
                    assert _outcome(fast, action) == _outcome(slow, action), action
            options_now = fast.legal_moves()
            action = options_now[rng.randrange(len(options_now))]
            assert fast.apply(action) == slow.apply(action.to_json())
            assert fast.internal_json() == slow.internal_json()
            steps += 1
        assert fast.to_json() == slow.to_json()


def test_legal_moves_is_every_seats_legal_actions_in_seat_order() -> None:
    rules = rules_for("howto-durak")
    rng = random.Random(7)
    cards = deck(36)
    rng.shuffle(cards)
    game = Game.deal(rules, 4, cards)
    while not game.is_over():
        everything = game.legal_moves()
        assert list(everything) == [a for s in range(1, 5) for a in game.legal_actions(s)]
        game.play(everything[rng.randrange(len(everything))])
    assert game.legal_moves() == ()


def test_listed_actions_are_shared_values_not_rebuilt() -> None:
    rules = rules_for("videochess")
    cards = deck(36)
    first, second = Game.deal(rules, 2, cards), Game.deal(rules, 2, cards)
    a, b = first.legal_moves(), second.legal_moves()
    assert a == b and all(x is y for x, y in zip(a, b, strict=True))
    with pytest.raises(AttributeError):
        a[0].seat = 2  # type: ignore[misc]


class NoTrumpExceptions(Game):
    """Beating by suit only: overriding ``_beats`` changes listing and checking alike."""

    def _beats(self, defence: Card, attack: Card) -> bool:
        return defence.suit == attack.suit and defence.rank > attack.rank


def test_overriding_beats_changes_both_the_listing_and_the_check() -> None:
    rules = rules_for("durak-challenge")
    game = NoTrumpExceptions.from_position(
        rules, {"hands": {"1": ["7S", "8D"], "2": ["6H", "9S", "AS"]}, "trump": "6H", "attacker": 1}
    )
    game.apply({"type": "attack", "seat": 1, "cards": ["7S"]})
    listed = {(a.card.code) for a in game.legal_actions(2) if isinstance(a, Defend)}
    assert listed == {"9S", "AS"}  # the trump 6H no longer beats 7S
    with pytest.raises(IllegalAction) as refused:
        game.apply({"type": "defend", "seat": 2, "attack": "7S", "card": "6H"})
    assert refused.value.clause == "durak-challenge.defence.beat"
    plain = Game.from_position(
        rules, {"hands": {"1": ["7S", "8D"], "2": ["6H", "9S", "AS"]}, "trump": "6H", "attacker": 1}
    )
    plain.apply({"type": "attack", "seat": 1, "cards": ["7S"]})
    assert "6H" in {a.card.code for a in plain.legal_actions(2) if isinstance(a, Defend)}
    assert beats(Card(0, "H"), Card(5, "S"), "H")


def test_a_replaced_table_is_recounted() -> None:
    """Code outside the engine's own methods may replace ``game.table`` (departures do)."""
    rules = rules_for("videochess")
    game = Game.from_position(
        rules,
        {"hands": {"1": ["7S", "7D", "9C"], "2": ["8S", "9H", "KD"]}, "trump": "6H", "attacker": 1},
    )
    game.apply({"type": "attack", "seat": 1, "cards": ["7S"]})
    assert game.table_ranks() == {5}
    game.table = [TablePair(Card(7, "C"), 1)]  # a 9C lies unbeaten instead
    game._state_changed()
    assert game.table_ranks() == {7}
    assert [a.to_json() for a in game.legal_actions(1)] == [
        {"type": "throw_in", "seat": 1, "card": "9C"}
    ]
