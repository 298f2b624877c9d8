"""Refusals: why an action is not allowed now, named by the rule clause it breaks.

Every rule predicate of the engine answers ``None`` (allowed) or a :class:`Refusal`: the
clause suffix it breaks (``throw-in.order``) and a message template.  Refusals are module
constants, so a predicate costs nothing to ask while the legal actions are listed; the message
is filled in only when an action is actually refused (:meth:`Refusal.error`), from the named
fields of :class:`Context`:

``seat``, ``card``, ``attack``
    the acting seat, the card it plays, the attacking card it defends against;
``attacker``, ``defender``, ``priority``
    the seats in those roles now (``priority``: the seat that throws in first);
``turn``
    whose turn it is to add a card or pass in throw-in rounds;
``cap``, ``hand_at_start``, ``defender_hand``
    the bout's card cap, the defender's hand when the bout began for them, and now;
``target``, ``target_hand``, ``needed``
    who a transfer would go to, the cards they hold, and the attacking cards they would face.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from reference_engine.errors import IllegalAction

if TYPE_CHECKING:
    from reference_engine.cards import Card
    from reference_engine.game import Game


class Refusal(NamedTuple):
    """A rule clause an action breaks (its suffix) and the message saying why."""

    clause: str
    message: str
    """A template over the fields of :class:`Context` (``"seat {seat} has said done"``)."""

    def error(
        self, game: Game, seat: int, card: Card | None = None, attack: Card | None = None
    ) -> IllegalAction:
        """The error to raise: the full clause id and the message filled in."""
        text = self.message.format_map(Context(game, seat, card, attack))
        return IllegalAction(game.rules.clause(self.clause), text)


class Context(dict[str, Any]):
    """The fields a refusal message may name, each worked out only when it is asked for."""

    def __init__(self, game: Game, seat: int, card: Card | None, attack: Card | None) -> None:
        super().__init__(seat=seat, card=card, attack=attack)
        self.game = game

    def __missing__(self, key: str) -> Any:
        game = self.game
        seat = self["seat"]
        if key in ("attacker", "defender", "priority"):
            value: Any = getattr(game, key)
        elif key == "turn":
            value = game.round_turn()
        elif key == "cap":
            value = game.cap()
        elif key == "hand_at_start":
            value = game.defender_hand_at_start
        elif key == "defender_hand":
            value = len(game.hands[game.defender])
        elif key == "target":
            value = game.transfer_target(seat)
        elif key == "target_hand":
            value = len(game.hands[game.transfer_target(seat)])
        elif key == "needed":
            value = len(game.table) + 1
        else:
            raise KeyError(key)
        self[key] = value
        return value


#: Shared by several rule areas.
NOT_IN_HAND = Refusal("play.card-in-hand", "seat {seat} does not hold {card}")
