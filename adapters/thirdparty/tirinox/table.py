"""One game of tirinox/durakmq's ``Durak`` (``durak.py``) in protocol v1 terms.

``Durak`` is a two-player, 36-card game: ``attack(card)`` (the attacker's card, or a card
added to the bout), ``defend(attacking_card, defending_card)`` and ``finish_turn()`` (the
defender takes if a card is unbeaten, otherwise the cards are discarded; then both draw).
Each move returns False, changing nothing, when the engine refuses it.  This module only
translates:

- seat 1 is the engine's player 0, seat 2 its player 1; cards are ``("10", "♥")`` tuples;
- a stacked deck goes in through the engine's own ``deck`` and ``rng`` parameters, with an
  ``rng`` whose ``shuffle`` leaves the deck as it is.  The engine deals six cards to each
  player in turn from the top, then takes the first card of the stock that is not an ace as
  the trump and puts it at the bottom: the wrapper lays our face-up trump right after the
  hands, so the engine turns it up, unless it is an ace (then the engine picks another);
- a position sets the hands, the stock, the trump and the attacker in the engine's
  attributes;
- who may call what comes from the engine's own network layer (``NetGame`` in
  ``net_game.py``, not loaded: it opens sockets): only the attacker attacks and adds cards,
  only the defender defends; ``finish_turn`` is the attacker's ``done`` once every card is
  beaten and the defender's ``take`` while one is not (the layer's ``CANT_FORCE_TO_TAKE``
  and ``CANT_TAKE_NOW``);
- a refusal is ``illegal`` without a clause; ``legal`` is every candidate the engine
  accepts, tried on a copy of the game.

The engine keeps no discard pile: the wrapper keeps it, adding the cards that leave the
table for neither a hand nor the stock (starting from a position's own pile).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from adapters.base import RequestRefused
from adapters.thirdparty.common import (
    JSON,
    Table,
    action_types,
    candidate_actions,
    check_cards,
    check_deck,
    check_seats,
    events_between,
    illegal,
    newly_discarded,
    refuse_unless,
)

ENGINE = "tirinox/durakmq"
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANKS_36 = "6789TJQKA"


def to_engine(code: str) -> tuple[str, str]:
    """The engine's card for ``TH``: ``("10", "♥")``."""
    return ("10" if code[0] == "T" else code[0], SUITS[code[1]])


def to_code(card: tuple[str, str]) -> str:
    """Our code for the engine's ``("10", "♥")``: ``TH``."""
    suit = next(s for s, sign in SUITS.items() if sign == card[1])
    return ("T" if card[0] == "10" else card[0]) + suit


class KeepOrder:
    """An ``rng`` for the engine whose ``shuffle`` leaves the stacked deck as it is."""

    def shuffle(self, cards: list[Any]) -> None:
        return None


@dataclass(frozen=True)
class Api:
    """The engine's module (a fake stands in for it in tests)."""

    Durak: Any

    @classmethod
    def load(cls) -> Api:
        import durak

        return cls(durak.Durak)


class TirinoxTable(Table):
    """A durakmq game started from a stacked deck or a position."""

    def __init__(self, api: Api, request: Mapping[str, Any]) -> None:
        self.api = api
        rules = request["rules"]
        self.rules = dict(rules)
        refuse_unless(
            rules, {"teams": "solo", "hand_size": 6, "deck_size": 36, "transfer": False}, ENGINE
        )
        seats = check_seats(request["seats"], 2, 2, ENGINE)
        self.humans = {s["seat"]: bool(s.get("human", True)) for s in seats}
        self.deck = {r + s for r in RANKS_36 for s in "SHDC"}
        self.bout = 1
        self.discard: list[str] = []
        if "deck" in request:
            deck = check_deck(request["deck"], {36: RANKS_36}, ENGINE)
            order = [*deck[:12], deck[-1], *deck[12:-1]]  # hands, then the trump, then the stock
            self.game: Any = api.Durak(rng=KeepOrder(), deck=[to_engine(c) for c in order])
        elif "position" not in request:  # capability deal: its own shuffle, from the seed
            self.game = api.Durak(rng=random.Random(int(request.get("seed", 0))))
        else:
            self.game = self._position(request["position"])

    def _position(self, position: Any) -> Any:
        if not isinstance(position, dict):
            raise RequestRefused("malformed", "position must be an object")
        attacker = position.get("attacker")
        if attacker not in (1, 2):
            if attacker is None:
                raise RequestRefused(
                    "unsupported", f"{ENGINE} always lets player 0 open: give attacker"
                )
            raise RequestRefused("malformed", f"position.attacker {attacker!r} is not a seat")
        if position.get("out"):
            raise RequestRefused("unsupported", f"{ENGINE} plays two seats: none can be out")
        hands = position.get("hands")
        if not isinstance(hands, dict):
            raise RequestRefused("malformed", "position.hands must map seats to cards")
        stock = check_cards(position.get("stock", []), "position.stock")
        trump = check_cards([position.get("trump")], "position.trump")[0]
        cards = [trump, *stock, *(c for s in ("1", "2") for c in hands.get(s, []))]
        for card in cards:
            if card not in self.deck:
                raise RequestRefused("unsupported", f"{ENGINE} plays 36 cards: no {card}")
        game = self.api.Durak(rng=KeepOrder(), deck=[to_engine(c) for c in sorted(self.deck)])
        for index, seat in enumerate(("1", "2")):
            hand = check_cards(hands.get(seat, []), f"position.hands.{seat}")
            game.players[index].cards = [to_engine(c) for c in hand]
        game.deck = [to_engine(c) for c in stock]
        game.trump = to_engine(trump)
        game.attacker_index = attacker - 1
        game.field = {}
        self.bout = int(position.get("bout", 1) or 1)
        self.discard = check_cards(position.get("discard", []), "position.discard")
        return game

    # ------------------------------------------------------------------ reading

    def finished(self) -> bool:
        return self.game.winner is not None

    def build_state(self) -> JSON:
        game = self.game
        finished = self.finished()
        hands = {i + 1: [to_code(c) for c in p.cards] for i, p in enumerate(game.players)}
        attacker = None if finished else game.attacker_index + 1
        defender = None if finished else 3 - (game.attacker_index + 1)
        table = [
            {
                "attack": to_code(a),
                "attacker": attacker,
                "defence": to_code(d) if d else None,
                "defender": defender if d else None,
            }
            for a, d in game.field.items()
        ]
        stock = [to_code(c) for c in game.deck]
        result = None
        if finished:
            winner = game.winner + 1
            result = {
                "termination": "durak",
                "durak": [3 - winner],
                "winners": [winner],
                "winning_pair": None,
                "out_order": [[winner]],
            }
        limit = 0
        if defender is not None:
            beaten = sum(1 for p in table if p["defence"])
            limit = beaten + len(hands[defender])
        return {
            "phase": "finished" if finished else ("bout" if table else "lead"),
            "trump": to_code(game.trump),
            "trump_suit": to_code(game.trump)[1],
            "stock": stock,
            "discard": list(self.discard),
            "seats": [
                {
                    "seat": s,
                    "hand": hands[s],
                    "out": bool(finished and not hands[s]),
                    "human": self.humans[s],
                    "actions": action_types(self.legal(s)),
                }
                for s in (1, 2)
            ],
            "table": table,
            "bout": self.bout,
            "starter": attacker,
            "attacker": attacker,
            "defender": defender,
            "taken": False,
            "limit": limit,
            "teams": None,
            "result": result,
        }

    # ------------------------------------------------------------------ playing

    def _play(self, game: Any, seat: int, action: Mapping[str, Any]) -> bool:
        # No check that the game is over: the engine's own (``if self.winner:``) is left to
        # it, so what it does after a result is what the suite sees.
        attacking = seat == game.attacker_index + 1
        kind = action["type"]
        if kind in ("attack", "throw_in"):
            cards = action["cards"] if kind == "attack" else [action["card"]]
            if not attacking or bool(game.field) != (kind == "throw_in"):
                return False
            # Several cards: the engine's attack with each in turn (on the copy being tried).
            return all(game.attack(to_engine(card)) for card in cards)
        if kind == "defend":
            card = to_engine(action["card"])
            target = to_engine(action["attack"])
            if attacking or card not in game.defending_player.cards or target not in game.field:
                return False
            return bool(game.defend(target, card))
        if kind == "done":
            if not attacking or not game.field or game.any_unbeaten_cards:
                return False
            game.finish_turn()
            return True
        if kind == "take":
            if attacking or not game.field or not game.any_unbeaten_cards:
                return False
            game.finish_turn()
            return True
        return False  # transfer, accept: the engine has no such move

    def legal(self, seat: int) -> list[JSON]:
        if self.finished():
            return []
        view = {
            "seats": [
                {"seat": seat, "hand": [to_code(c) for c in self.game.players[seat - 1].cards]}
            ],
            "table": [
                {"attack": to_code(a), "defence": None} for a, d in self.game.field.items() if not d
            ],
        }
        return [
            a
            for a in candidate_actions(view, seat, several=True)
            if self._play(copy.deepcopy(self.game), seat, a)
        ]

    def act(self, seat: int, action: Mapping[str, Any]) -> list[JSON]:
        if action["type"] == "accept" and self.rules.get("accept_after_defence"):
            raise RequestRefused("unsupported", f"{ENGINE} has no accept-anyway move")
        trial = copy.deepcopy(self.game)
        if not self._play(trial, seat, action):
            raise illegal(ENGINE, f"the engine refuses this {action['type']}")
        before = self.state()
        close_if_nothing_can_follow(trial)
        self.game = trial
        self.revision += 1
        still = {to_code(c) for p in trial.players for c in p.cards}
        still |= {to_code(c) for pair in trial.field.items() for c in pair if c}
        still |= {to_code(c) for c in trial.deck}
        self.discard += newly_discarded(before, action, still)
        if before["table"] and not trial.field:
            self.bout += 1
        return events_between(action, before, self.state())


def close_if_nothing_can_follow(game: Any) -> None:
    """End a beaten bout nobody can add to, as the protocol does by itself.

    durakmq ends every bout with the attacker's ``finish_turn``, even when the attacker can
    add nothing: the defender has no cards left (its ``can_add_to_field`` refuses then) or the
    attacker has none.  Then that call is the attacker's only move, and the wrapper makes it;
    an attacker who holds cards, even none that fit, still says ``done`` itself.
    """
    if game.winner is not None or not game.field or game.any_unbeaten_cards:
        return
    if game.defending_player.cards and game.attacking_player.cards:
        return
    game.finish_turn()


def start(api: Api, request: Mapping[str, Any]) -> TirinoxTable:
    """A table for a start request (already checked for its profile and how it starts)."""
    return TirinoxTable(api, request)
