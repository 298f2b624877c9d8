"""Actions a seat can take, and their protocol (JSON) form.

Actions are immutable values (frozen, hashable, compared by value).  The game lists the same
action objects again and again (see ``Game.legal_actions``): they are built once per seat and
card and shared, so listing the options of a step allocates no actions.

Every action names its seat.  :func:`action_from_json` turns a protocol action object into an
:class:`Action` and raises :class:`MalformedAction` (never :class:`IllegalAction`) when the
object cannot be read: whether the action is *allowed* is the game's business.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from reference_engine.cards import Card, parse_card
from reference_engine.errors import MalformedAction


@dataclass(slots=True, frozen=True)
class Action:
    """Base of every action."""

    seat: int
    type: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat}


@dataclass(slots=True, frozen=True)
class Attack(Action):
    """Open a bout with one card, or several of one rank where the rules allow it."""

    cards: tuple[Card, ...]
    type: ClassVar[str] = "attack"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "cards": [c.code for c in self.cards]}


@dataclass(slots=True, frozen=True)
class Defend(Action):
    """Beat the attacking card ``attack`` with ``card``."""

    attack: Card
    card: Card
    type: ClassVar[str] = "defend"

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "seat": self.seat,
            "attack": self.attack.code,
            "card": self.card.code,
        }


@dataclass(slots=True, frozen=True)
class ThrowIn(Action):
    """Add a card of a rank already on the table to the bout."""

    card: Card
    type: ClassVar[str] = "throw_in"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "card": self.card.code}


@dataclass(slots=True, frozen=True)
class Transfer(Action):
    """Pass the bout on to the next opponent by adding a card of the attacking rank."""

    card: Card
    type: ClassVar[str] = "transfer"

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "card": self.card.code}


@dataclass(slots=True, frozen=True)
class Take(Action):
    """The defender gives up and will take the table."""

    type: ClassVar[str] = "take"


@dataclass(slots=True, frozen=True)
class Done(Action):
    """A thrower has nothing more to add (also: pass in a round; keep a complete defence)."""

    type: ClassVar[str] = "done"


@dataclass(slots=True, frozen=True)
class Accept(Action):
    """Take the cards anyway after a complete defence, where the rules offer it."""

    type: ClassVar[str] = "accept"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls for cls in (Attack, Defend, ThrowIn, Transfer, Take, Done, Accept)
}
#: Types the protocol knows that a session plays around the game (see reference_engine.session).
RESERVED_TYPES = frozenset(
    {"catch", "redeal", "resign", "stand_up", "disconnect", "reconnect", "take_back_control"}
)


def _card_field(obj: Mapping[str, Any], key: str) -> Card:
    value = obj.get(key)
    if not isinstance(value, str):
        raise MalformedAction(f'action.{key}: expected a card such as "7H", got {value!r}')
    try:
        return parse_card(value)
    except MalformedAction as exc:
        raise MalformedAction(f"action.{key}: {exc}") from None


def action_from_json(obj: Any) -> Action:
    """Read a protocol action object, e.g. ``{"type": "defend", "seat": 2, ...}``."""
    if isinstance(obj, Action):
        return obj
    if not isinstance(obj, Mapping):
        raise MalformedAction(f"action: expected an object, got {type(obj).__name__}")
    kind = obj.get("type")
    seat = obj.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 1:
        raise MalformedAction(f"action.seat: expected a seat number from 1, got {seat!r}")
    if kind in RESERVED_TYPES:
        from reference_engine.errors import UnsupportedAction

        raise UnsupportedAction(
            f"action type {kind!r} is played by a session around the game "
            "(reference_engine.session), not by Game itself"
        )
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise MalformedAction(
            f"action.type: expected one of {', '.join(sorted(ACTION_TYPES))}, got {kind!r}"
        )
    if cls is Attack:
        cards = obj.get("cards")
        if not isinstance(cards, list) or not cards:
            raise MalformedAction("action.cards: expected a non-empty list of cards")
        parsed = []
        for i, text in enumerate(cards):
            if not isinstance(text, str):
                raise MalformedAction(f"action.cards[{i}]: expected a card, got {text!r}")
            try:
                parsed.append(parse_card(text))
            except MalformedAction as exc:
                raise MalformedAction(f"action.cards[{i}]: {exc}") from None
        return Attack(seat, tuple(parsed))
    if cls is Defend:
        return Defend(seat, _card_field(obj, "attack"), _card_field(obj, "card"))
    if cls is ThrowIn:
        return ThrowIn(seat, _card_field(obj, "card"))
    if cls is Transfer:
        return Transfer(seat, _card_field(obj, "card"))
    return cls(seat)
