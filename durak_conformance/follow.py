"""Follow mode: the reference engine follows a game that an engine dealt itself.

An engine that claims capability ``deal`` is started with neither a deck nor a position and
shows its deal in the ``start`` reply: every hand, the stock top first and the face-up trump.
Nothing in the suite can give such an engine a particular deal, but the harness can still
judge it: :func:`dealt_position` checks that the state is a proper deal for the rules (hand
sizes, the whole deck once, the trump at the bottom of the stock) and turns it into the
position the reference engine loads, *without* the first attacker, so that the reference
decides who leads by the profile's rule; :func:`first_attack_problem` then compares that with
the engine's choice.  A deal that is not proper, or another first attacker, is a finding: it is
never adopted silently.  From there the two engines play in lockstep.

The lockstep of the fuzzer (:mod:`durak_conformance.fuzzing.lockstep`, a ``Start`` with
``deal=True``) starts games this way, and ``smoke`` plays its follow-mode games through it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from adapters.base import JSON
from reference_engine.cards import RANKS, deck

_CARD = re.compile(r"^[2-9TJQKA][SHDC]$")
_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


class DealProblem(Exception):
    """The engine's dealt state is not a proper deal for the rules.

    ``clause`` is the profile's clause about what is wrong (``<profile>.deal.hands`` or
    ``<profile>.deal.trump``); the message says what the state shows and what a deal needs.
    """

    def __init__(self, message: str, clause: str) -> None:
        super().__init__(message)
        self.message = message
        self.clause = clause


def show(code: str) -> str:
    """``TS`` -> ``10♠``, as the features write cards."""
    rank = "10" if code[:1] == "T" else code[:1]
    return rank + _SYMBOLS.get(code[1:], code[1:])


def _lowest_rank_text(deck_size: int) -> str:
    low = deck(deck_size)[0].code[0]
    return "10" if low == "T" else low


def dealt_position(state: Mapping[str, Any], rules: Mapping[str, Any], seats: int) -> JSON:
    """The position of a freshly dealt ``state`` for the reference engine to load.

    ``rules`` is the resolved ruleset the game was started with and ``seats`` the number of
    seats it was started for.  The position has every hand, the stock (top first), the trump
    and an empty discard pile, and no ``attacker``: the reference engine decides the first
    attack by the profile's rule.  Raises :class:`DealProblem` when the state is not a proper
    deal: not a fresh table (a card played, a seat out, a result), seats missing, a card
    twice, a card outside the deck, a card missing, a hand of the wrong size, or the trump
    card not where the deal puts it.
    """
    profile = str(rules.get("profile", ""))
    hands_clause, trump_clause = f"{profile}.deal.hands", f"{profile}.deal.trump"
    deck_size, hand_size = int(rules["deck_size"]), int(rules["hand_size"])
    deck_text = f"the {deck_size}-card deck ({_lowest_rank_text(deck_size)} to ace)"

    def problem(message: str, clause: str = hands_clause) -> DealProblem:
        return DealProblem(
            f"the engine's deal is not a proper deal for {profile}: {message}", clause
        )

    fresh = [
        what
        for what, bad in (
            (f"phase {state.get('phase')!r}", state.get("phase") != "lead"),
            ("cards on the table", bool(state.get("table"))),
            ("cards in the discard pile", bool(state.get("discard"))),
            ("a result", state.get("result") is not None),
        )
        if bad
    ]
    seat_list = state.get("seats")
    if not isinstance(seat_list, list):
        raise problem("the state lists no seats")
    numbers = [s.get("seat") if isinstance(s, Mapping) else None for s in seat_list]
    if numbers != list(range(1, seats + 1)):
        raise problem(f"the game was started for seats 1..{seats}, the state shows {numbers}")
    out = [s["seat"] for s in seat_list if s.get("out")]
    if out:
        fresh.append(f"seat{'s' if len(out) > 1 else ''} {out} out of the game")
    if fresh:
        raise problem(
            "a game just dealt waits for its first attack, with every seat in and nothing "
            f"played; the state shows {', '.join(fresh)}"
        )
    allowed = {c.code for c in deck(deck_size)}
    seen: dict[str, str] = {}
    zones = [(f"seat {s['seat']}'s hand", s.get("hand")) for s in seat_list]
    zones.append(("the stock", state.get("stock")))
    for zone, cards in zones:
        if not isinstance(cards, list):
            raise problem(f"{zone} is not a list of cards")
        for card in cards:
            if not isinstance(card, str) or not _CARD.match(card):
                raise problem(f"{zone} holds {card!r}, which is not a card")
            if card not in allowed:
                raise problem(f"{zone} holds {show(card)}, which is not a card of {deck_text}")
            if card in seen:
                raise problem(f"{show(card)} is dealt twice: in {seen[card]} and in {zone}")
            seen[card] = zone
    missing = sorted(allowed - set(seen), key=_order)
    if missing:
        raise problem(
            f"{len(missing)} card{'s' if len(missing) > 1 else ''} of {deck_text} "
            f"{'are' if len(missing) > 1 else 'is'} nowhere: {' '.join(map(show, missing))} "
            "(a deal puts every card in a hand or in the stock)"
        )
    wrong = [(s["seat"], len(s["hand"])) for s in seat_list if len(s["hand"]) != hand_size]
    if wrong:
        shown = ", ".join(f"seat {seat} holds {n}" for seat, n in wrong)
        raise problem(f"every seat is dealt {hand_size} cards; {shown}")
    stock: list[str] = list(state["stock"])
    trump = state.get("trump")
    if not isinstance(trump, str) or trump not in allowed:
        raise problem(
            f"the face-up trump card is {trump!r}, not a card of {deck_text}", trump_clause
        )
    if state.get("trump_suit") != trump[1]:
        raise problem(
            f"the trump suit is {state.get('trump_suit')!r} but the face-up card is {show(trump)}",
            trump_clause,
        )
    if stock and stock[-1] != trump:
        where = seen[trump]
        shown = (
            f"{where}, not last (the stock ends with {show(stock[-1])})"
            if where == "the stock"
            else f"{where}, and {show(stock[-1])} last in the stock"
        )
        raise problem(
            f"the face-up trump card {show(trump)} lies under the stock and is drawn last, so "
            f"it is the stock's last card; the state shows it in {shown}",
            trump_clause,
        )
    return {
        "hands": {str(s["seat"]): list(s["hand"]) for s in seat_list},
        "stock": stock,
        "trump": trump,
        "discard": [],
        "out": [],
    }


def _order(code: str) -> tuple[str, int]:
    return (code[1], RANKS.index(code[0]))


def first_attacker_reason(reference_state: Mapping[str, Any], rules: Mapping[str, Any]) -> str:
    """Why the reference engine's first attacker of a fresh deal leads, with the clause."""
    profile = str(rules.get("profile", ""))
    trump_suit = str(reference_state.get("trump_suit"))
    seats = reference_state.get("seats") or []
    trumps = [
        (RANKS.index(c[0]), s["seat"], c) for s in seats for c in s["hand"] if c[1] == trump_suit
    ]
    if trumps:
        _, seat, card = min(trumps)
        clause = f"{profile}.first-attack.lowest-trump"
        return f"seat {seat} holds the lowest trump, {show(card)} ({clause})"
    leader = reference_state.get("attacker")
    fallback = rules.get("first_attack_fallback")
    clause = f"{profile}.first-attack.no-trump"
    if fallback == "first_seat":
        return f"nobody holds a trump, and then the first seat leads ({clause})"
    if fallback == "human":
        return f"nobody holds a trump, and then the first human seat, {leader}, leads ({clause})"
    lowest = min(
        ((RANKS.index(c[0]), s["seat"], c) for s in seats for c in s["hand"]), default=None
    )
    card = f", {show(lowest[2])}" if lowest is not None else ""
    return (
        f"nobody holds a trump, and then the lowest card{card} leads, ties to the lower seat "
        f"({clause})"
    )


def first_attack_problem(
    engine_state: Mapping[str, Any], reference_state: Mapping[str, Any], rules: Mapping[str, Any]
) -> str | None:
    """What is wrong with the engine's first attacker of a fresh deal (None: it agrees)."""
    mine, theirs = reference_state.get("attacker"), engine_state.get("attacker")
    if mine == theirs:
        return None
    return (
        f"the engine lets seat {theirs} open the first bout; under {rules.get('profile')} seat "
        f"{mine} does: {first_attacker_reason(reference_state, rules)}"
    )
