"""The cards on the table, and the action values the engine lists.

A bout's table is a list of :class:`TablePair`: an attacking card and the card that beat it.

Listed actions are shared immutable values, looked up per seat and card instead of being
built at every step (actions are frozen dataclasses, compared by value, so sharing them is
safe).  Seats run from 1 to at most 6; index 0 is unused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from reference_engine.actions import Accept, Action, Attack, Done, Take, ThrowIn, Transfer
from reference_engine.cards import ALL_CARDS, CODES, Card

_A = TypeVar("_A", bound=Action)


class TablePair:
    """One attacking card on the table and the card that beat it, if any."""

    __slots__ = ("attack", "attacker", "defence", "defender")

    def __init__(
        self, attack: Card, attacker: int, defence: Card | None = None, defender: int | None = None
    ) -> None:
        self.attack = attack
        self.attacker = attacker
        self.defence = defence
        self.defender = defender

    def copy(self) -> TablePair:
        return TablePair(self.attack, self.attacker, self.defence, self.defender)

    def to_json(self) -> dict[str, Any]:
        return {
            "attack": CODES[self.attack],
            "attacker": self.attacker,
            "defence": CODES[self.defence] if self.defence is not None else None,
            "defender": self.defender,
        }


_SEAT_NUMBERS = range(7)


def _per_seat_card(make: Callable[[int, Card], _A]) -> tuple[dict[Card, _A], ...]:
    return tuple({c: make(s, c) for c in ALL_CARDS} for s in _SEAT_NUMBERS)


#: Per seat, per card: the one-card opening, the throw-in, the transfer with that card.
OPEN_ONE = _per_seat_card(lambda s, c: Attack(s, (c,)))
THROW_IN = _per_seat_card(ThrowIn)
TRANSFER = _per_seat_card(Transfer)
#: Per seat: take, done and accept.
TAKE = tuple(Take(s) for s in _SEAT_NUMBERS)
DONE = tuple(Done(s) for s in _SEAT_NUMBERS)
ACCEPT = tuple(Accept(s) for s in _SEAT_NUMBERS)
