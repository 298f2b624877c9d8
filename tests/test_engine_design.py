"""The reference engine's design: each rule written once, listing and checking built on it.

The rules live in modules by rule area and :class:`Game` binds them as its methods; what a
seat may do (``legal_moves``) and whether an action is allowed (``apply``, and which clause
refuses it) come from the same refusal functions.  So a variant engine that overrides one
rule -- cheater mode, every mutant of ``adapters/mutants.py`` -- lists exactly the actions it
accepts, with nothing kept in step by hand.  These tests check that claim on random states of
every profile, option combination and seat count, of cheater mode and of every mutant, and
check the layout that makes it hold.
"""

from __future__ import annotations

import inspect
import random
import re
from pathlib import Path
from types import FunctionType, ModuleType

import pytest
from engine_support import every_ruleset, rules_for, seat_counts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adapters.mutants import MUTANTS, Mutant
from durak_conformance.profiles import load_profile, resolve
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
    attacking,
    bout_end,
    dealing,
    deck,
    defending,
    limits,
    results,
    seating,
    throwing_in,
    transferring,
)
from reference_engine import game as game_module
from reference_engine.cheating import CheaterGame
from reference_engine.game import TablePair, beats
from reference_engine.seat_actions import Catch
from reference_engine.session import game_class

RULE_MODULES: tuple[ModuleType, ...] = (
    seating,
    dealing,
    limits,
    attacking,
    throwing_in,
    defending,
    transferring,
    bout_end,
    results,
)

CASES = [(r, n) for _, _, r in every_ruleset() for n in seat_counts(r)]
PROPERTY_SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def candidates(game: Game, rng: random.Random) -> list[Action]:
    """Well-formed actions, allowed or not: every type, every seat, cards from the hand and
    from the whole deck, against cards on the table and others."""
    full = deck(game.rules.deck_size)
    on_table = [p.attack for p in game.table] + [p.defence for p in game.table if p.defence]
    out: list[Action] = []
    for seat in range(1, game.seats + 1):
        hand = game.hands[seat]
        for card in (rng.choice(hand) if hand else rng.choice(full), rng.choice(full)):
            target = rng.choice(on_table) if on_table else rng.choice(full)
            out += [Attack(seat, (card,)), ThrowIn(seat, card), Transfer(seat, card)]
            out.append(Defend(seat, target, card))
            if isinstance(game, CheaterGame):
                out.append(Catch(seat, target))
            same = tuple(c for c in hand if c.rank == card.rank)
            if len(same) > 1:
                out.append(Attack(seat, same))
        if len(hand) > 1:
            out.append(Attack(seat, tuple(rng.sample(hand, 2))))
        out += [Take(seat), Done(seat), Accept(seat)]
    return out


def _same(action: Action) -> object:
    """An opening is a set of cards: the engine lists each once, in hand order, and accepts
    its cards in any order."""
    if isinstance(action, Attack):
        return (action.seat, frozenset(action.cards))
    return action


def check_listing_is_what_is_accepted(game: Game, rng: random.Random) -> None:
    moves = game.legal_moves()
    listed = {_same(a) for a in moves}
    assert len(listed) == len(moves), "an action is listed twice"
    for seat in range(1, game.seats + 1):
        assert set(game.legal_actions(seat)) == {a for a in moves if a.seat == seat}
    some_listed = rng.sample(list(moves), min(3, len(moves)))
    for action in [*candidates(game, rng), *some_listed]:
        before = game.internal_json()
        try:
            game.push(action)
        except IllegalAction as exc:
            assert _same(action) not in listed, f"{action} is listed but refused: {exc}"
            assert exc.clause.startswith(game.rules.profile + ".")
            assert game.internal_json() == before, f"refusing {action} changed the state"
        except MalformedAction:  # e.g. the same card twice in an opening
            assert _same(action) not in listed
            assert game.internal_json() == before
        else:
            assert _same(action) in listed, f"{action} is accepted but not listed"
            game.pop()
            assert game.internal_json() == before


def play_checking(cls: type[Game], rules: Rules, seats: int, seed: int, steps: int = 80) -> None:
    rng = random.Random(seed)
    cards = deck(rules.deck_size)
    rng.shuffle(cards)
    humans = [s for s in range(1, seats + 1) if rng.random() < 0.7] or [1]
    game = cls.deal(rules, seats, cards, humans)
    for step in range(steps):
        if game.is_over():
            break
        if step % 3 == 0:
            check_listing_is_what_is_accepted(game, rng)
        ends_check = rng.random() < 0.5 or not game.legal_moves()
        if isinstance(game, CheaterGame) and game.checking and ends_check:
            game.end_check()  # the session's clock ends the check
            continue
        moves = game.legal_moves()
        assert moves, "nobody may act in an unfinished game"
        game.apply(moves[rng.randrange(len(moves))])


@PROPERTY_SETTINGS
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32 - 1))
def test_the_reference_engine_lists_exactly_what_it_accepts(
    case: tuple[Rules, int], seed: int
) -> None:
    rules, seats = case
    play_checking(game_class(rules), rules, seats, seed)


def _mutant_table(mutant: Mutant) -> tuple[type[Game], Rules, int]:
    target = mutant.target
    rules = Rules.from_mapping(resolve(load_profile(target.profile), target.options).params)
    return game_class(rules, mutant.game_class), rules, target.seats


@PROPERTY_SETTINGS
@given(mutant=st.sampled_from(MUTANTS), seed=st.integers(0, 2**32 - 1))
def test_every_mutant_lists_exactly_what_it_accepts(mutant: Mutant, seed: int) -> None:
    """A mutant overrides one rule; its listing follows without a line of its own."""
    play_checking(*_mutant_table(mutant), seed)


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m.name for m in MUTANTS])
def test_a_mutant_overrides_only_rules_of_the_index(mutant: Mutant) -> None:
    """Mutants are overrides of the one method where their rule lives (or a changed
    ruleset): every method a mutant class defines is one of Game's rule methods."""
    own = {
        name
        for name, value in vars(mutant.game_class).items()
        if isinstance(value, FunctionType | classmethod)
    }
    if own & {"__init__", "deal", "from_position"}:  # a changed ruleset, not an override
        assert own == {"__init__", "deal", "from_position"}
        return
    assert own, "a mutant changes something"
    assert own <= rule_method_names(), own - rule_method_names()


def rule_method_names() -> set[str]:
    return {
        name
        for module in RULE_MODULES
        for name, fn in inspect.getmembers(module, inspect.isfunction)
        if fn.__module__ == module.__name__ and getattr(Game, name, None) is fn
    }


@pytest.mark.parametrize("module", RULE_MODULES, ids=lambda m: m.__name__.split(".")[-1])
def test_every_rule_of_a_module_is_a_method_of_game(module: ModuleType) -> None:
    """Game's class body is the index of the rules: each function of a rule module that
    takes the game is bound there under its own name (so a variant can override it)."""
    for name, fn in inspect.getmembers(module, inspect.isfunction):
        if fn.__module__ != module.__name__ or name.startswith("_"):
            continue
        first = next(iter(inspect.signature(fn).parameters), None)
        if first == "game":
            assert getattr(Game, name, None) is fn, f"{module.__name__}.{name} is not bound"


@pytest.mark.parametrize("module", RULE_MODULES, ids=lambda m: m.__name__.split(".")[-1])
def test_rule_modules_call_each_other_through_the_game(module: ModuleType) -> None:
    """``game.cap()``, never ``limits.cap(game)``: an override is then seen everywhere."""
    names = "|".join(m.__name__.split(".")[-1] for m in RULE_MODULES)
    source = Path(inspect.getfile(module)).read_text(encoding="utf-8")
    direct = re.findall(rf"\b(?:{names})\.[a-z_]+\(", source)
    assert not direct, direct


def test_rule_modules_are_a_few_hundred_lines_at_most() -> None:
    """A rule area reads in one sitting; game.py is the state, the API and the index."""
    for module in (*RULE_MODULES, game_module):
        lines = len(Path(inspect.getfile(module)).read_text(encoding="utf-8").splitlines())
        assert lines <= (520 if module is game_module else 300), f"{module.__name__}: {lines}"


def test_legal_moves_is_every_seats_legal_actions_in_seat_order() -> None:
    rules = rules_for("howto-durak")
    rng = random.Random(7)
    cards = deck(36)
    rng.shuffle(cards)
    game = Game.deal(rules, 4, cards)
    while not game.is_over():
        everything = game.legal_moves()
        assert list(everything) == [a for s in range(1, 5) for a in game.legal_actions(s)]
        assert game.legal_actions(0) == game.legal_actions(5) == []
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
    """Beating by suit only: overriding ``defence_beats`` changes listing and checking."""

    def defence_beats(self, defence: Card, attack: Card) -> bool:
        return defence.suit == attack.suit and defence.rank > attack.rank


def test_overriding_the_beating_rule_changes_both_the_listing_and_the_check() -> None:
    rules = rules_for("durak-challenge")
    position = {"hands": {"1": ["7S", "8D"], "2": ["6H", "9S", "AS"]}, "trump": "6H"}
    game = NoTrumpExceptions.from_position(rules, {**position, "attacker": 1})
    game.apply({"type": "attack", "seat": 1, "cards": ["7S"]})
    listed = {a.card.code for a in game.legal_actions(2) if isinstance(a, Defend)}
    assert listed == {"9S", "AS"}  # the trump 6H no longer beats 7S
    with pytest.raises(IllegalAction) as refused:
        game.apply({"type": "defend", "seat": 2, "attack": "7S", "card": "6H"})
    assert refused.value.clause == "durak-challenge.defence.beat"
    plain = Game.from_position(rules, {**position, "attacker": 1})
    plain.apply({"type": "attack", "seat": 1, "cards": ["7S"]})
    assert "6H" in {a.card.code for a in plain.legal_actions(2) if isinstance(a, Defend)}
    assert beats(Card(0, "H"), Card(5, "S"), "H")


def test_a_replaced_table_is_recounted_once_the_change_is_announced() -> None:
    """Code outside the engine's own methods may replace ``game.table`` and then call
    ``_state_changed()`` (the documented contract); the counts follow."""
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


def test_cheater_mode_lists_fair_cards_first_then_any_card_then_catches() -> None:
    rules = rules_for("videochess", cheater="on")
    game = CheaterGame.from_position(
        rules,
        {"hands": {"1": ["7S", "7D", "9C"], "2": ["8S", "6S", "KD"]}, "trump": "6H", "attacker": 1},
    )
    assert isinstance(game, CheaterGame)
    game.apply({"type": "attack", "seat": 1, "cards": ["7S"]})
    defender = [a.to_json() for a in game.legal_actions(2)]
    assert defender[0] == {"type": "defend", "seat": 2, "attack": "7S", "card": "8S"}
    assert defender[1] == {"type": "take", "seat": 2}
    assert {"type": "defend", "seat": 2, "attack": "7S", "card": "6S"} in defender[2:]
    assert defender[-1] == {"type": "catch", "seat": 2, "card": "7S"}
    game.apply({"type": "defend", "seat": 2, "attack": "7S", "card": "6S"})  # unfair
    assert game.unfair == {Card(4, "S")}
