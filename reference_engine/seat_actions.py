"""Actions beyond playing cards: catching a cheat, a redeal, departures and connection.

``catch`` and ``redeal`` are moves of the game (listed among a seat's legal actions where the
rules offer them).  The others are what a person does to their seat: stand up, resign,
disconnect, reconnect, take back control from a bot.  The rules decide what each causes
(:mod:`reference_engine.departures`, :mod:`reference_engine.clock`); they are never listed
among the legal moves, because they are possible at any time.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from reference_engine.actions import Action
from reference_engine.cards import Card, parse_card
from reference_engine.errors import MalformedAction


class _SeatAction(Action):
    """Base of this module's actions: values like every action (compared and hashed by type,
    seat and card).  Plain classes rather than dataclasses so that they fit whether the base
    :class:`Action` dataclass is frozen or not."""

    __slots__ = ()

    def __init__(self, seat: int) -> None:
        object.__setattr__(self, "seat", seat)

    def _key(self) -> tuple[Any, ...]:
        return (self.seat,)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.type, *self._key()))

    def __repr__(self) -> str:
        return f"{type(self).__name__}{self._key()!r}"


class Catch(_SeatAction):
    """Cheater mode: accuse the player of ``card`` (a card of the current bout) of cheating."""

    __slots__ = ("card",)
    card: Card
    type: ClassVar[str] = "catch"

    def __init__(self, seat: int, card: Card) -> None:
        super().__init__(seat)
        object.__setattr__(self, "card", card)

    def _key(self) -> tuple[Any, ...]:
        return (self.seat, self.card)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, "seat": self.seat, "card": self.card.code}


class Redeal(_SeatAction):
    """Ask for all cards to be gathered, reshuffled and dealt again (before play starts)."""

    __slots__ = ()
    type: ClassVar[str] = "redeal"


class StandUp(_SeatAction):
    """Leave the table (close the game, stand up from the seat)."""

    __slots__ = ()
    type: ClassVar[str] = "stand_up"


class Resign(_SeatAction):
    """Give the game up."""

    __slots__ = ()
    type: ClassVar[str] = "resign"


class Disconnect(_SeatAction):
    """The seat's connection is lost (the harness says when)."""

    __slots__ = ()
    type: ClassVar[str] = "disconnect"


class Reconnect(_SeatAction):
    """A disconnected seat is back."""

    __slots__ = ()
    type: ClassVar[str] = "reconnect"


class TakeBackControl(_SeatAction):
    """The player takes their seat back from the bot that played it after timeouts."""

    __slots__ = ()
    type: ClassVar[str] = "take_back_control"


#: Departures: the seat leaves the game for good.
DEPARTURES: tuple[type[Action], ...] = (StandUp, Resign)
#: Actions about the seat rather than the cards: never listed among legal moves.
SEAT_ACTIONS: tuple[type[Action], ...] = (
    StandUp,
    Resign,
    Disconnect,
    Reconnect,
    TakeBackControl,
)
_ALL: tuple[type[Action], ...] = (Catch, Redeal, *SEAT_ACTIONS)
SEAT_ACTION_TYPES: dict[str, type[Action]] = {cls.type: cls for cls in _ALL}


def seat_action_from_json(obj: Mapping[str, Any]) -> Action | None:
    """Read one of this module's actions; None when ``obj`` is another kind of action.

    ``obj`` must already have a valid ``seat``; raises :class:`MalformedAction` for a bad card.
    """
    cls = SEAT_ACTION_TYPES.get(obj.get("type"))  # type: ignore[arg-type]
    if cls is None:
        return None
    seat = obj.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 1:
        raise MalformedAction(f"action.seat: expected a seat number from 1, got {seat!r}")
    if cls is Catch:
        value = obj.get("card")
        if not isinstance(value, str):
            raise MalformedAction(f'action.card: expected a card such as "7H", got {value!r}')
        try:
            return Catch(seat, parse_card(value))
        except MalformedAction as exc:
            raise MalformedAction(f"action.card: {exc}") from None
    return cls(seat)
