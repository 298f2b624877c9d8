"""One game of lennertcl/durak (``website/durak_game/durak.py``) in protocol v1 terms.

``DurakGame`` keeps the table in plain attributes (``players``, ``current_player`` = the
defender, ``table_cards`` = attack card -> defending card, ``deck.cards`` drawn from the
end) and plays it with methods that return False, changing nothing, when they refuse.  This
module only translates:

- seat ``n`` is the player named ``"seat n"``, in seat order; cards ``7H`` are
  ``Card("H", 7)``;
- the engine builds its deck for the number of players (36 cards for two; 40, 44 and 48 for
  three to five, decks no profile plays: those tables are ``unsupported``) and shuffles it
  with ``random.shuffle``.  A stacked deck takes the place of that shuffle (the deck
  module's ``shuffle`` is swapped for one call while ``start_game`` runs), then the engine
  deals six cards to each player in turn, turns up the next card as the trump, puts it
  under the stock and picks who starts by its own rule;
- a position sets those attributes between bouts: the given attacker's left neighbour
  defends;
- actions: ``attack`` and ``throw_in`` are ``throw_cards``, ``defend`` is ``break_card``,
  ``transfer`` is ``pass_on``, ``take`` is ``take_cards``, ``done`` by a thrower is
  ``allow_break_cards``.  The engine wants its defender to end a beaten bout with
  ``break_cards`` once both neighbours allowed it; the protocol closes such a bout by
  itself, so right after a ``done`` the wrapper calls ``break_cards`` when the engine says it
  is possible (the engine then checks every defence, as it does only at that moment);
- a move is accepted exactly when the engine's method returns True; a refusal is ``illegal``
  without a clause;
- ``legal`` is every candidate the engine accepts, tried on a copy of the game.

At the end the engine moves every player back to its lobby and clears the loser's hand:
the state then shows the hands as the engine has them, and the result names the loser as
the engine leaves it (the last player moved to the lobby).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from types import ModuleType
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
    refuse_unless,
)

ENGINE = "lennertcl/durak"
RANKS = "23456789TJQKA"


@dataclass(frozen=True)
class Api:
    """The engine's modules the wrapper uses (a fake stands in for them in tests)."""

    DurakGame: Any
    Card: Any
    deck_module: ModuleType

    @classmethod
    def load(cls) -> Api:
        """Import the engine as the package ``durak_game`` (the checkout's ``website`` folder
        must be on ``sys.path``: ``website/__init__.py`` starts the Flask site, which the
        engine does not need)."""
        from durak_game import deck as deck_module
        from durak_game.card import Card
        from durak_game.durak import DurakGame

        return cls(DurakGame, Card, deck_module)

    def card(self, code: str) -> Any:
        return self.Card(code[1], RANKS.index(code[0]) + 2)

    def code(self, card: Any) -> str:
        return RANKS[int(card.symbol) - 2] + str(card.suit)


def name_of(seat: int) -> str:
    return f"seat {seat}"


def seat_of(player: Any) -> int:
    return int(str(player.username).split()[-1])


@contextmanager
def stacked_shuffle(deck_module: ModuleType, order: list[Any]) -> Iterator[None]:
    """While the block runs, the engine's shuffle leaves its deck as ``order`` (drawn from
    the end: ``order`` is bottom first)."""
    original = deck_module.shuffle

    def arrange(cards: list[Any]) -> None:
        if sorted(map(str, cards)) != sorted(map(str, order)):
            raise RequestRefused("internal", f"{ENGINE}: its deck is not the stacked deck")
        cards[:] = order

    deck_module.shuffle = arrange  # type: ignore[attr-defined]
    try:
        yield
    finally:
        deck_module.shuffle = original  # type: ignore[attr-defined]


class LennertTable(Table):
    """A lennertcl/durak game started from a stacked deck or a position."""

    def __init__(self, api: Api, request: Mapping[str, Any]) -> None:
        self.api = api
        rules = request["rules"]
        self.rules = dict(rules)
        refuse_unless(rules, {"teams": "solo", "hand_size": 6}, ENGINE)
        seats = check_seats(request["seats"], 2, 2, ENGINE)
        self.count = len(seats)
        self.humans = {s["seat"]: bool(s.get("human", True)) for s in seats}
        self.bout = 1
        self.discard: list[str] = []
        self.played_by: dict[str, int] = {}
        self.out_order: list[list[int]] = []
        self.game: Any = api.DurakGame(1, "durak-conformance")
        for seat in range(1, self.count + 1):
            self.game.add_player(name_of(seat))
        if "deck" in request:
            deck = check_deck(request["deck"], {36: "6789TJQKA"}, ENGINE)
            dealt = 6 * self.count
            draws = [*deck[:dealt], deck[-1], *deck[dealt:-1]]  # hands, trump, stock
            with stacked_shuffle(api.deck_module, [api.card(c) for c in reversed(draws)]):
                self.game.start_game()
        elif "position" not in request:  # capability deal: its own shuffle, from the seed
            state = random.getstate()
            random.seed(int(request.get("seed", 0)))
            try:
                self.game.start_game()
            finally:
                random.setstate(state)
        else:
            self._position(request["position"])

    def _position(self, position: Any) -> None:
        if not isinstance(position, dict):
            raise RequestRefused("malformed", "position must be an object")
        attacker = position.get("attacker")
        if attacker is None:
            raise RequestRefused(
                "unsupported", f"{ENGINE} picks who starts only when it deals: give attacker"
            )
        if position.get("out"):
            raise RequestRefused("unsupported", f"{ENGINE} plays two seats: none can be out")
        hands_given = position.get("hands")
        if not isinstance(hands_given, dict):
            raise RequestRefused("malformed", "position.hands must map seats to cards")
        stock = check_cards(position.get("stock", []), "position.stock")
        trump = check_cards([position.get("trump")], "position.trump")[0]
        self.discard = check_cards(position.get("discard", []), "position.discard")
        if not isinstance(attacker, int) or not 1 <= attacker <= self.count:
            raise RequestRefused("malformed", f"position.attacker {attacker!r} is not a seat")
        game = self.game
        api = self.api
        game.cards_per_player = 6
        game.players, game.lobby = game.lobby, []
        for player in game.players:
            hand = check_cards(hands_given.get(str(seat_of(player)), []), "position.hands")
            player.cards = [api.card(c) for c in hand]
        game.deck = api.deck_module.Deck()
        game.deck.cards = [api.card(c) for c in reversed(stock)]
        game.trump_card = api.card(trump)
        game.trump = trump[1]
        game.current_player = game.next_player(game.players[attacker - 1])
        game.throwing_started = False
        game.next_allows_break = False
        game.prev_allows_break = False
        game.is_in_progress = True
        self.bout = int(position.get("bout", 1) or 1)

    # ------------------------------------------------------------------ reading

    def finished(self) -> bool:
        return not self.game.is_in_progress

    def _everyone(self) -> dict[int, Any]:
        return {seat_of(p): p for p in [*self.game.players, *self.game.lobby]}

    def _table(self) -> list[JSON]:
        game = self.game
        defender = None if self.finished() else seat_of(game.current_player)
        return [
            {
                "attack": self.api.code(bottom),
                "attacker": self.played_by.get(self.api.code(bottom)),
                "defence": self.api.code(top) if top else None,
                "defender": defender if top else None,
            }
            for bottom, top in game.table_cards.items()
        ]

    def _result(self) -> JSON | None:
        if not self.finished():
            return None
        order = [seat_of(p) for p in self.game.lobby]
        durak = order[-1:]
        winners = [s for s in order if s not in durak]
        return {
            "termination": "durak",
            "durak": durak,
            "winners": winners,
            "winning_pair": None,
            "out_order": [[s] for s in winners],
        }

    def build_state(self) -> JSON:
        game = self.game
        api = self.api
        finished = self.finished()
        players = self._everyone()
        in_play = {seat_of(p) for p in game.players}
        table = self._table()
        defender = None if finished else seat_of(game.current_player)
        attacker = None if finished else seat_of(game.prev_player(game.current_player))
        limit = 0
        if defender is not None:
            beaten = sum(1 for p in table if p["defence"])
            limit = beaten + len(players[defender].cards)
        trump = api.code(game.trump_card)
        return {
            "phase": "finished" if finished else ("bout" if table else "lead"),
            "trump": trump,
            "trump_suit": trump[1],
            "stock": [api.code(c) for c in reversed(game.deck.cards)],
            "discard": list(self.discard),
            "seats": [
                {
                    "seat": s,
                    "hand": [api.code(c) for c in players[s].cards],
                    "out": s not in in_play,
                    "human": self.humans[s],
                    "actions": action_types(self.legal(s)),
                }
                for s in range(1, self.count + 1)
            ],
            "table": table,
            "bout": self.bout,
            "starter": attacker,
            "attacker": attacker,
            "defender": defender,
            "taken": False,
            "limit": limit,
            "teams": None,
            "result": self._result(),
        }

    # ------------------------------------------------------------------ playing

    def _play(self, game: Any, seat: int, action: Mapping[str, Any]) -> bool:
        """Play ``action`` on ``game`` (the table's or a copy); whether the engine took it."""
        if not game.is_in_progress:
            return False
        api = self.api
        player = next((p for p in game.players if seat_of(p) == seat), None)
        if player is None:
            return False
        kind = action["type"]
        if kind in ("attack", "throw_in"):
            # The engine takes thrown cards out of the hand without checking that the player
            # holds them (it raises); its site only offers cards from the hand.
            cards = [api.card(c) for c in action.get("cards", [action.get("card")])]
            if game.throwing_started != (kind == "throw_in"):
                return False
            if any(card not in player.cards for card in cards):
                return False
            return bool(game.throw_cards(player, cards))
        if kind == "defend":
            bottom, top = api.card(action["attack"]), api.card(action["card"])
            if top not in player.cards:
                return False
            return bool(game.break_card(player, bottom, top))
        if kind == "transfer":
            card = api.card(action["card"])
            if card not in player.cards:
                return False
            return bool(game.pass_on(player, [card]))
        if kind == "take":
            return bool(game.take_cards(player))
        if kind == "done":
            if player == game.current_player or not game.allow_break_cards(player):
                return False
            defender = game.current_player
            if game.is_possible_break_cards(defender) and game.is_legal_break_cards():
                game.break_cards(defender)
            return True
        return False  # accept: the engine has no such move

    def legal(self, seat: int) -> list[JSON]:
        if self.finished():
            return []
        view = {
            "seats": [
                {"seat": seat, "hand": [self.api.code(c) for c in self._everyone()[seat].cards]}
            ],
            "table": [p for p in self._table() if p["defence"] is None],
        }
        found = []
        for action in candidate_actions(view, seat, several=True):
            if self._play(copy.deepcopy(self.game), seat, action):
                found.append(action)
        return found

    def act(self, seat: int, action: Mapping[str, Any]) -> list[JSON]:
        if action["type"] == "accept" and self.rules.get("accept_after_defence"):
            raise RequestRefused("unsupported", f"{ENGINE} has no accept-anyway move")
        trial = copy.deepcopy(self.game)
        if not self._play(trial, seat, action):
            raise illegal(ENGINE, f"the engine refuses this {action['type']}")
        before = self.state()
        on_table = [c for p in before["table"] for c in (p["attack"], p["defence"]) if c]
        close_if_nothing_can_follow(trial)
        self.game = trial
        self.revision += 1
        kind = action["type"]
        if kind in ("attack", "throw_in", "transfer"):
            for card in action.get("cards", [action.get("card")]):
                self.played_by[card] = seat
        if not self.game.table_cards:
            if before["table"]:
                self.bout += 1
                held = {self.api.code(c) for p in self._everyone().values() for c in p.cards}
                self.discard += [c for c in on_table if c not in held]
            self.played_by = {}
        return events_between(action, before, self.state())


def close_if_nothing_can_follow(game: Any) -> None:
    """Break a beaten table nobody can add to, as the protocol closes such a bout by itself.

    The engine ends a beaten bout only once both of the defender's neighbours allowed the
    break and the defender broke the cards, even when nobody can throw in: the defender has
    no cards left (its ``is_possible_throw_cards`` refuses then) or neither neighbour holds a
    card.  Then those calls are the only moves left, and the wrapper makes them; a neighbour
    who holds cards, even none that fit, still says ``done`` itself.
    """
    if not game.is_in_progress or not game.table_cards:
        return
    if any(top is None for top in game.table_cards.values()):
        return
    defender = game.current_player
    neighbours = [game.prev_player(defender), game.next_player(defender)]
    if defender.cards and any(n.cards for n in neighbours):
        return
    for neighbour in neighbours:
        game.allow_break_cards(neighbour)
    if game.is_possible_break_cards(defender) and game.is_legal_break_cards():
        game.break_cards(defender)


def start(api: Api, request: Mapping[str, Any]) -> LennertTable:
    """A table for a start request (already checked for its profile and how it starts)."""
    return LennertTable(api, request)
