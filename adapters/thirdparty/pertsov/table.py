"""One game of maximpertsov/durak-sockets (``lib/durak``) seen in protocol v1 terms.

The engine is a set of functions from a serialised game state (a dict) to the next one:
``join_game``, ``attack``, ``defend``, ``yield_attack``, ``give_up`` and ``pass_card``, each
``(from_state=..., user=..., payload=...)``; an illegal move raises one of the engine's
``IllegalAction`` exceptions (``LegalAttacks.AttackingOutOfTurn`` and the like).  This module
only translates:

- seat ``n`` is the player with id ``"seat n"``; cards are the engine's own codes (``10H``
  is our ``TH``); the engine's seat order is its ``order`` field (0 attacks, 1 defends);
- the engine deals itself (capability ``deal``): its draw pile is a ``random.Random(seed)``
  shuffle of the deck, so a game starts from the harness's ``seed`` by letting every seat
  ``join_game``, and the reply shows every hand, the stock and the trump it dealt;
- a position can be loaded only with an empty stock (the engine's stock is that seeded
  shuffle less the cards drawn, so no other order can be given); the wrapper looks for the
  first seed whose bottom card is the position's trump card, the one input the engine
  takes the trump from;
- ``attack`` (a bout's first cards; several of one rank where the engine allows them) and
  ``throw_in`` are the engine's ``attack``; ``defend`` is ``defend`` (``base_card``,
  ``card``); ``transfer`` is ``pass_card``; ``take`` is ``give_up``; ``done`` is
  ``yield_attack``;
- a refusal is ``illegal`` without a clause, its message naming the engine's exception;
- ``legal`` is every candidate the engine accepts, tried on a copy of the state (the
  engine's own ``legal_attacks``/``legal_defenses``/``legal_passes`` narrow the candidates).
"""

from __future__ import annotations

import copy
import importlib.util
import sys
import types
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from adapters.base import RequestRefused
from adapters.thirdparty.common import (
    JSON,
    Table,
    action_types,
    candidate_actions,
    check_cards,
    check_seats,
    events_between,
    illegal,
    newly_discarded,
    refuse_unless,
    seats_out,
)

ENGINE = "durak-sockets"
LOWEST_RANK = {36: "6", 52: "2"}
"""Deck size -> the engine's ``lowest_rank``; it has no 24-card deck."""
SEED_SEARCH = 20000
"""How many seeds to try for a position's trump card (each has a 1-in-36 or 52 chance)."""


def to_engine(code: str) -> str:
    """The engine's code for ``TH`` (``10H``); the other ranks are spelled alike."""
    return ("10" if code[0] == "T" else code[0]) + code[1]


def to_code(card: str) -> str:
    """Our code for the engine's ``10H`` (``TH``)."""
    return ("T" + card[2:]) if card.startswith("10") else card


def seat_id(seat: int) -> str:
    return f"seat {seat}"


def seat_of(player_id: str) -> int:
    return int(player_id.split()[-1])


def statuses(player: Mapping[str, Any]) -> set[str]:
    """A serialised player's statuses as strings (the engine keeps ``Status`` members)."""
    return {str(getattr(s, "value", s)) for s in player.get("state", [])}


@dataclass(frozen=True)
class Api:
    """The engine's functions the wrapper calls (a fake stands in for it in tests)."""

    join_game: Callable[..., Any]
    moves: Mapping[str, Callable[..., Any]]
    Game: Any
    IllegalAction: type[Exception]
    shuffled: Callable[[Any], list[str]]

    @classmethod
    def load(cls) -> Api:
        """Import ``lib.durak`` from the checkout (which must be on ``sys.path``).

        The package's ``__init__`` imports httpx to post events to its web API; the wrapper
        never calls that, and when httpx is not installed an empty module stands in for it,
        so nothing networked is loaded.
        """
        if "httpx" not in sys.modules and importlib.util.find_spec("httpx") is None:
            sys.modules.setdefault("httpx", types.ModuleType("httpx"))
        import lib.durak as durak
        from lib.durak.card import get_all_cards_shuffled
        from lib.durak.exceptions import IllegalAction

        moves = {
            "attack": durak.attack,
            "defend": durak.defend,
            "done": durak.yield_attack,
            "take": durak.give_up,
            "transfer": durak.pass_card,
        }
        return cls(durak.join_game, moves, durak.Game, IllegalAction, get_all_cards_shuffled)


def engine_options(rules: Mapping[str, Any], deck_size: int) -> JSON:
    """The engine's game parameters closest to the resolved ``rules``.

    ``attack_limit`` is ``six`` (six attacking cards, never more than the defender holds:
    the bout cap of every profile) and ``with_passing`` follows ``rules.transfer``.
    """
    # Neither the Neighbours table nor cheater mode exists in the engine: those tables are
    # unsupported rather than played by rules the engine does not have.
    fixed = {"teams": "solo", "hand_size": 6, "throw_in_scope": "all", "cheater_mode": False}
    refuse_unless(rules, fixed, ENGINE)
    if deck_size not in LOWEST_RANK:
        raise RequestRefused("unsupported", f"{ENGINE} plays 36 or 52 cards, not {deck_size}")
    return {
        "lowest_rank": LOWEST_RANK[deck_size],
        "attack_limit": "six",
        "with_passing": bool(rules.get("transfer", False)),
    }


class PertsovTable(Table):
    """A durak-sockets game, dealt by the engine or loaded from a position."""

    def __init__(self, api: Api, request: Mapping[str, Any]) -> None:
        self.api = api
        rules = request["rules"]
        self.rules = dict(rules)
        seats = check_seats(request["seats"], 2, 6, ENGINE)
        self.count = len(seats)
        self.humans = {s["seat"]: bool(s.get("human", True)) for s in seats}
        self.bout = 1
        self.discard: list[str] = []  # the engine keeps no pile: cards leaving the table
        self.out_order: list[list[int]] = []
        deck_size = int(rules.get("deck_size", 36))
        options = engine_options(rules, deck_size)
        if "position" in request:
            self.engine_state = self._position(request["position"], options)
        else:
            self.engine_state = self._deal(int(request.get("seed", 0)), options)
        self._note_out()

    # ------------------------------------------------------------------ starting

    def _deal(self, seed: int, options: JSON) -> JSON:
        state: JSON = {
            "players": [{"id": seat_id(s), "order": s - 1} for s in range(1, self.count + 1)],
            "seed": seed,
            **options,
        }
        for seat in range(1, self.count + 1):
            state = self.api.join_game(from_state=state, user=seat_id(seat), payload={})
        return state

    def _position(self, position: Any, options: JSON) -> JSON:
        if not isinstance(position, dict):
            raise RequestRefused("malformed", "position must be an object")
        stock = check_cards(position.get("stock", []), "position.stock")
        if stock:
            raise RequestRefused(
                "unsupported",
                f"{ENGINE} draws from a seeded shuffle of the deck: it can load a position "
                "only once the stock is empty",
            )
        attacker = position.get("attacker")
        if attacker is None:
            raise RequestRefused(
                "unsupported", f"{ENGINE} has no first-attack rule for a position: give attacker"
            )
        out = seats_out(position, self.count)
        if not isinstance(attacker, int) or not 1 <= attacker <= self.count or attacker in out:
            raise RequestRefused("malformed", f"position.attacker {attacker!r} is not in play")
        trump = check_cards([position.get("trump")], "position.trump")[0]
        hands_given = position.get("hands")
        if not isinstance(hands_given, dict):
            raise RequestRefused("malformed", "position.hands must map seats to cards")
        seed = self._seed_with_bottom_card(trump, options["lowest_rank"])
        in_order = [(attacker - 1 + i) % self.count + 1 for i in range(self.count)]
        deck = self._deck(options["lowest_rank"])
        players = []
        for order, seat in enumerate(in_order):
            hand = check_cards(hands_given.get(str(seat), []), f"position.hands.{seat}")
            players.append(
                {
                    "id": seat_id(seat),
                    "hand": [to_engine(c) for c in hand],
                    "order": order,
                    "state": ["out_of_play"] if seat in out else [],
                    "attacks": [],
                }
            )
        state: JSON = {
            "players": players,
            "drawn_cards": deck,
            "seed": seed,
            "pass_count": 0,
            "table": [],
            "yielded": [],
            **options,
        }
        self.bout = int(position.get("bout", 1) or 1)
        self.discard = check_cards(position.get("discard", []), "position.discard")
        return self._normalised(state)

    def _deck(self, lowest_rank: str) -> list[str]:
        ranks = "23456789TJQKA"[(0 if lowest_rank == "2" else 4) :]
        return [to_engine(r + s) for r in ranks for s in "SHDC"]

    def _seed_with_bottom_card(self, trump: str, lowest_rank: str) -> int:
        wanted = to_engine(trump)
        deck = set(self._deck(lowest_rank))
        if wanted not in deck:
            raise RequestRefused("malformed", f"position.trump {trump} is not in the deck")
        for seed in range(SEED_SEARCH):
            bottom = [c for c in self.api.shuffled(seed) if c in deck][-1]
            if bottom == wanted:
                return seed
        raise RequestRefused("internal", f"no seed below {SEED_SEARCH} turns up {trump}")

    def _normalised(self, state: JSON) -> JSON:
        """The engine's own serialisation of ``state`` (as its ``noop`` would give)."""
        return dict(self.api.Game.deserialize(copy.deepcopy(state)).serialize())

    # ------------------------------------------------------------------ reading

    def _game(self) -> Any:
        return self.api.Game.deserialize(copy.deepcopy(self.engine_state))

    def _players(self) -> dict[int, JSON]:
        return {seat_of(p["id"]): p for p in self.engine_state["players"]}

    def _hand(self, seat: int) -> list[str]:
        return [to_code(c) for c in self._players()[seat]["hand"] if c]

    def finished(self) -> bool:
        return len(self._game()._active_players()) <= 1

    def _table(self) -> list[JSON]:
        attacks = [
            (a["timestamp"], seat_of(p["id"]), a)
            for p in self.engine_state["players"]
            for a in p.get("attacks", [])
        ]
        defender = self.engine_state.get("defender")
        return [
            {
                "attack": to_code(a["attack"]),
                "attacker": seat,
                "defence": to_code(a["defense"]) if a.get("defense") else None,
                "defender": seat_of(defender) if a.get("defense") and defender else None,
            }
            for _, seat, a in sorted(attacks, key=lambda item: item[0])
        ]

    def _stock(self) -> list[str]:
        return [to_code(c) for c in self._game()._draw_pile._draw_pile]

    def _result(self) -> JSON | None:
        if not self.finished():
            return None
        durak = [s for s, p in self._players().items() if "durak" in statuses(p)]
        winners = sorted(s for s in self._players() if s not in durak)
        placed = {s for group in self.out_order for s in group}
        last = [s for s in winners if s not in placed]  # out when the game ended
        return {
            "termination": "durak" if durak else "draw",
            "durak": durak,
            "winners": winners,
            "winning_pair": None,
            "out_order": self.out_order + ([last] if last else []),
        }

    def _out(self) -> set[int]:
        """Seats out of the game as the engine has it: its ``winners`` (players without cards
        once the stock is empty) and those it took out of play."""
        winners = {seat_of(i) for i in self.engine_state.get("winners", ())}
        return winners | {s for s, p in self._players().items() if "out_of_play" in statuses(p)}

    def _note_out(self) -> None:
        already = {s for group in self.out_order for s in group}
        newly = sorted(s for s in self._out() if s not in already)
        if newly:
            self.out_order.append(newly)

    def build_state(self) -> JSON:
        engine = self.engine_state
        finished = self.finished()
        players = self._players()
        table = self._table()
        stock = self._stock()
        out = self._out()
        attackers = [seat_of(i) for i in engine["attackers"]]
        defender = seat_of(engine["defender"]) if engine.get("defender") else None
        undefended = sum(1 for p in table if p["defence"] is None)
        room = engine["legal_attacks"]["limit"] + undefended
        trump = to_code(engine["last_card"])
        principal = None
        if not finished:
            principal = next(
                (
                    seat_of(p["id"])
                    for p in sorted(engine["players"], key=lambda p: p["order"])
                    if "out_of_play" not in statuses(p)
                ),
                None,
            )
        return {
            "phase": "finished" if finished else ("bout" if table else "lead"),
            "trump": trump,
            "trump_suit": trump[1],
            "stock": stock,
            "discard": list(self.discard),
            "seats": [
                {
                    "seat": s,
                    "hand": self._hand(s),
                    "out": s in out,
                    "human": self.humans[s],
                    "actions": action_types(self.legal(s)),
                }
                for s in range(1, self.count + 1)
            ],
            "table": table,
            "bout": self.bout,
            "starter": principal,
            "attacker": None if finished else (attackers[0] if attackers else principal),
            "defender": None if finished else defender,
            "taken": any("collecting" in statuses(p) for p in players.values()),
            "limit": 0 if finished else len(table) - undefended + room,
            "teams": None,
            "result": self._result(),
        }

    # ------------------------------------------------------------------ playing

    def _payload(self, action: Mapping[str, Any]) -> tuple[str, JSON] | None:
        kind = action["type"]
        open_bout = bool(self._table())
        if kind == "attack":
            if open_bout:
                return None  # a bout is open: cards are added with throw_in
            return "attack", {"cards": [to_engine(c) for c in action["cards"]]}
        if kind == "throw_in":
            if not open_bout:
                return None  # nothing to throw in to
            return "attack", {"cards": [to_engine(action["card"])]}
        if kind == "defend":
            return "defend", {
                "base_card": to_engine(action["attack"]),
                "card": to_engine(action["card"]),
            }
        if kind == "transfer":
            return "transfer", {"cards": [to_engine(action["card"])]}
        if kind in ("take", "done"):
            return kind, {}
        return None  # accept: the engine has no such move

    def _close_if_nothing_can_follow(self, engine: JSON) -> JSON:
        """Play the yields the protocol would not wait for (:func:`forced_yield`)."""
        for _ in range(len(engine["players"]) + 1):
            seat = forced_yield(engine)
            if seat is None:
                break
            try:
                after = self.api.moves["done"](
                    from_state=copy.deepcopy(engine), user=seat_id(seat), payload={}
                )
            except self.api.IllegalAction:
                break
            engine = dict(after)
        return engine

    def _try(self, seat: int, action: Mapping[str, Any]) -> tuple[JSON | None, str]:
        """The engine's next state, or None and the engine's reason."""
        if self.finished():
            return None, "the game is over"
        move = self._payload(action)
        if move is None:
            return None, f"the engine has no such {action['type']} now"
        name, payload = move
        try:
            after = self.api.moves[name](
                from_state=copy.deepcopy(self.engine_state), user=seat_id(seat), payload=payload
            )
        except self.api.IllegalAction as exc:
            return None, type(exc).__qualname__ + (f" {exc}" if str(exc) else "")
        return dict(after), ""

    def legal(self, seat: int) -> list[JSON]:
        if self.finished():
            return []
        engine = self.engine_state
        view = {
            "seats": [{"seat": seat, "hand": self._hand(seat)}],
            "table": [p for p in self._table() if p["defence"] is None],
        }
        attacks = {to_code(c) for c in engine["legal_attacks"]["cards"]}
        passes = {to_code(c) for c in engine["legal_passes"]["cards"]}
        defences = {
            (to_code(b), to_code(c)) for b, cards in engine["legal_defenses"].items() for c in cards
        }
        found: list[JSON] = []
        for action in candidate_actions(view, seat, several=True):
            kind = action["type"]
            if kind == "attack" and not set(action["cards"]) <= attacks:
                continue
            if kind == "throw_in" and action["card"] not in attacks:
                continue
            if kind == "transfer" and action["card"] not in passes:
                continue
            if kind == "defend" and (action["attack"], action["card"]) not in defences:
                continue
            if kind == "accept":
                continue
            after, _ = self._try(seat, action)
            if after is not None and after != engine:
                found.append(action)
        return found

    def act(self, seat: int, action: Mapping[str, Any]) -> list[JSON]:
        if action["type"] == "accept" and self.rules.get("accept_after_defence"):
            raise RequestRefused("unsupported", f"{ENGINE} has no accept-anyway move")
        after, reason = self._try(seat, action)
        if after is None:
            raise illegal(ENGINE, f"refused {action['type']}: {reason}")
        before = self.state()
        self.engine_state = self._close_if_nothing_can_follow(after)
        self.revision += 1
        still = {c for s in self._players() for c in self._hand(s)} | set(self._stock())
        still |= {c for p in self._table() for c in (p["attack"], p["defence"]) if c}
        self.discard += newly_discarded(before, action, still)
        if before["table"] and not self._table():
            self.bout += 1
        self._note_out()
        return events_between(action, before, self.state())


def forced_yield(engine: Mapping[str, Any]) -> int | None:
    """The seat whose ``yield_attack`` the protocol would not wait for, or None.

    durak-sockets ends a bout once every attacker has yielded (after a full defence, or once
    the defender gives up), even when none can add a card: the bout is full (its
    ``legal_attacks`` limit is 0) or the attacker holds no card.  The protocol closes such a
    bout by itself, so those yields are the wrapper's; an attacker holding cards, even none
    that fit, still says ``done`` itself.
    """
    players = {p["id"]: p for p in engine["players"]}
    attacks = [a for p in players.values() for a in p.get("attacks", [])]
    if not attacks:
        return None
    collecting = any("collecting" in statuses(p) for p in players.values())
    if any(not a.get("defense") for a in attacks) and not collecting:
        return None
    full = int(engine["legal_attacks"]["limit"]) == 0
    for player_id in engine["attackers"]:
        player = players.get(player_id)
        if player is None or "yielded" in statuses(player):
            continue
        if full or not [c for c in player.get("hand", []) if c]:
            return seat_of(player_id)
    return None


def start(api: Api, request: Mapping[str, Any]) -> PertsovTable:
    """A table for a start request (already checked for its profile and how it starts)."""
    return PertsovTable(api, request)
