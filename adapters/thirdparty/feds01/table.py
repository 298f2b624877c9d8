"""One game of feds01/Durak-Engine (TypeScript, ``lib/engine/game.ts``) in protocol v1 terms.

The engine runs in Node behind ``driver.js`` (next to this file), which builds games and
calls their methods; this module maps cards, seats, actions and states:

- seat ``n`` is the player named ``"seat n"``, in seat order (``randomisePlayerOrder``
  off); cards are the engine's codes (``10H`` is our ``TH``);
- a stacked deck: the engine shuffles its own ordered deck and deals it one card at a time,
  then turns up the next card as the trump and puts it under the stock.  The driver makes
  the engine's shuffle produce the deck that deals our hands, shows our trump and leaves our
  stock in order (the hands, then the trump, then the rest of the stock); whatever the
  profile's dealing order, the engine deals one card at a time.  The engine then picks the
  first defender at random: the driver feeds its random calls from the request's ``seed``;
- a position becomes ``Game.fromState`` (hands, stock with the trump at its bottom, seats
  out) with the roles set by the engine's own ``setDefendingPlayer``;
- actions: ``attack`` (each card in turn), ``throw_in`` and ``transfer`` are
  ``addCardToTableTop`` (the engine makes a defender's card a transfer), ``defend`` is
  ``coverCardOnTableTop``, ``take`` and ``done`` are ``finalisePlayerTurn`` of the defender
  or of a thrower.  The engine leaves it to its caller to check its ``canAttack`` flag
  before a card is added (its server does): the wrapper checks it too, nothing else;
- a move is accepted exactly when the engine's calls do not throw; a refusal is ``illegal``
  without a clause (the engine's exception message is in the message);
- ``legal`` is every candidate action the engine accepts, tried by the driver on copies.

The engine keeps no discard pile: the wrapper keeps it, adding the cards that leave the
table for neither a hand nor the stock (starting from a position's own pile).
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

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
    seats_out,
)

ENGINE = "Durak-Engine"
DECKS = {36: "6789TJQKA", 52: "23456789TJQKA"}
TABLE_SIZE = 6
"""The engine's ``TableSize``: at most six attacking cards in a bout."""
DRIVER = Path(__file__).with_name("driver.js")


def to_engine(code: str) -> str:
    """The engine's code for ``TH`` (``10H``)."""
    return ("10" if code[0] == "T" else code[0]) + code[1]


def to_code(card: str) -> str:
    """Our code for the engine's ``10H`` (``TH``)."""
    return ("T" + card[2:]) if card.startswith("10") else card


def name_of(seat: int) -> str:
    return f"seat {seat}"


def seat_of(name: str) -> int:
    return int(name.split()[-1])


class Driver(Protocol):
    """Something that answers driver requests (the Node process, or a fake in tests)."""

    def call(self, request: Mapping[str, Any]) -> JSON: ...


class NodeDriver:
    """``node driver.js CHECKOUT`` as a child process, one request and reply per line."""

    def __init__(self, checkout: Path, node: str = "node") -> None:
        self.process = subprocess.Popen(
            [node, str(DRIVER), str(checkout)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def call(self, request: Mapping[str, Any]) -> JSON:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the Node driver exited (status {self.process.poll()})")
        reply: JSON = json.loads(line)
        return reply


def stacked_for_engine(deck: Sequence[str], seats: int) -> list[str]:
    """The deck order the engine must shuffle to: the hands, then our trump, then our stock.

    The engine deals ``6 * seats`` cards from the front, then turns up the next card and puts
    it under the rest; our stacked deck has the face-up trump last.
    """
    dealt = 6 * seats
    return [*deck[:dealt], deck[-1], *deck[dealt:-1]]


class Feds01Table(Table):
    """A Durak-Engine game started from a stacked deck or a position."""

    _counter = 0

    def __init__(self, driver: Driver, request: Mapping[str, Any]) -> None:
        self.driver = driver
        rules = request["rules"]
        self.rules = dict(rules)
        # Neither the Neighbours table nor cheater mode exists in the engine: those tables are
        # unsupported rather than played by rules the engine does not have.
        fixed = {"teams": "solo", "hand_size": 6, "throw_in_scope": "all", "cheater_mode": False}
        refuse_unless(rules, fixed, ENGINE)
        seats = check_seats(request["seats"], 2, 6, ENGINE)
        self.count = len(seats)
        self.humans = {s["seat"]: bool(s.get("human", True)) for s in seats}
        Feds01Table._counter += 1
        self.game_id = f"g{Feds01Table._counter}"
        self.bout = 1
        self.played_by: dict[str, int] = {}  # who put each card now on the table
        self.discard: list[str] = []
        self.out_order: list[list[int]] = []
        seed = int(request.get("seed", 0))
        if "deck" in request:
            deck = check_deck(request["deck"], DECKS, ENGINE)
            if 6 * self.count >= len(deck):
                # The engine turns up the first card left after dealing as the trump
                # (lib/engine/game.ts, after the deal): it cannot deal out the whole deck.
                raise RequestRefused(
                    "unsupported",
                    f"{ENGINE} cannot deal the whole deck ({self.count} hands of six from "
                    f"{len(deck)} cards): it turns up a card left over as the trump",
                )
            self.deck = set(deck)
            order = [to_engine(c) for c in stacked_for_engine(deck, self.count)]
            players = [name_of(s) for s in range(1, self.count + 1)]
            reply = self._call(
                {"op": "new", "game": self.game_id, "players": players, "deck": order, "seed": seed}
            )
        else:
            reply = self._load(request["position"], seed)
        self.dump = reply["game"]
        self._note_out()

    def _call(self, request: JSON) -> JSON:
        reply = self.driver.call(request)
        if not reply.get("ok"):
            raise RequestRefused("internal", f"{ENGINE}: {reply.get('error')}")
        return reply

    def _load(self, position: Any, seed: int) -> JSON:
        if not isinstance(position, dict):
            raise RequestRefused("malformed", "position must be an object")
        attacker = position.get("attacker")
        if attacker is None:
            raise RequestRefused(
                "unsupported",
                f"{ENGINE} picks its first attacker at random when it deals; "
                "a position must say who attacks",
            )
        out = seats_out(position, self.count)
        if not isinstance(attacker, int) or not 1 <= attacker <= self.count or attacker in out:
            raise RequestRefused("malformed", f"position.attacker {attacker!r} is not in play")
        stock = check_cards(position.get("stock", []), "position.stock")
        trump = check_cards([position.get("trump")], "position.trump")[0]
        discard = check_cards(position.get("discard", []), "position.discard")
        hands_given = position.get("hands")
        if not isinstance(hands_given, dict):
            raise RequestRefused("malformed", "position.hands must map seats to cards")
        hands = {
            s: check_cards(hands_given.get(str(s), []), f"position.hands.{s}")
            for s in range(1, self.count + 1)
        }
        size = int(self.rules.get("deck_size", 36))
        if size not in DECKS:
            raise RequestRefused("unsupported", f"{ENGINE} plays 36 or 52 cards, not {size}")
        self.deck = {r + s for r in DECKS[size] for s in "SHDC"}
        in_play = [s for s in range(1, self.count + 1) if s not in out]
        defender = in_play[(in_play.index(attacker) + 1) % len(in_play)]
        value = "23456789TJQKA".index(trump[0]) + 2
        state = {
            "players": {
                name_of(s): {
                    "deck": [to_engine(c) for c in hands[s]],
                    "canAttack": False,
                    "turned": False,
                    "out": 1 if s in out else None,
                    "isDefending": False,
                    "beganRound": False,
                }
                for s in range(1, self.count + 1)
            },
            "tableTop": {},
            "deck": [to_engine(c) for c in stock],
            "trumpCard": {"value": value, "suit": trump[1], "card": to_engine(trump)},
            "victory": False,
        }
        self.bout = int(position.get("bout", 1) or 1)
        self.discard = list(discard)
        return self._call(
            {
                "op": "load",
                "game": self.game_id,
                "state": state,
                "defender": name_of(defender),
                "seed": seed,
            }
        )

    # ------------------------------------------------------------------ reading

    def _players(self) -> dict[int, JSON]:
        return {seat_of(n): p for n, p in self.dump["state"]["players"].items()}

    def finished(self) -> bool:
        return bool(self.dump["victory"])

    def _table(self) -> list[JSON]:
        defender = self.dump["defender"]
        pairs = []
        for attack, defence in self.dump["state"]["tableTop"].items():
            pairs.append(
                {
                    "attack": to_code(attack),
                    "attacker": self.played_by.get(to_code(attack)),
                    "defence": to_code(defence) if defence else None,
                    "defender": (
                        self.played_by.get(
                            to_code(defence), seat_of(defender) if defender else None
                        )
                        if defence
                        else None
                    ),
                }
            )
        return pairs

    def _note_out(self) -> None:
        placed = {s for group in self.out_order for s in group}
        newly = sorted(
            s for s, p in self._players().items() if p["out"] is not None and s not in placed
        )
        if newly:
            self.out_order.append(newly)

    def _result(self) -> JSON | None:
        if not self.finished():
            return None
        players = self._players()
        durak = sorted(s for s, p in players.items() if p["out"] is None)
        winners = sorted(s for s in players if s not in durak)
        placed = {s for group in self.out_order for s in group}
        last = [s for s in winners if s not in placed]
        return {
            "termination": "durak" if durak else "draw",
            "durak": durak,
            "winners": winners,
            "winning_pair": None,
            "out_order": self.out_order + ([last] if last else []),
        }

    def build_state(self) -> JSON:
        engine = self.dump["state"]
        players = self._players()
        finished = self.finished()
        table = self._table()
        hands = {s: [to_code(c) for c in p["deck"]] for s, p in players.items()}
        stock = [to_code(c) for c in engine["deck"]]
        trump = to_code(engine["trumpCard"]["card"])
        defender = None if finished else seat_of(self.dump["defender"])
        attacker = None if finished else seat_of(self.dump["attacker"])
        limit = 0
        if defender is not None:
            uncovered = sum(1 for p in table if p["defence"] is None)
            limit = min(TABLE_SIZE, len(table) + len(hands[defender]) - uncovered)
        return {
            "phase": "finished" if finished else ("bout" if table else "lead"),
            "trump": trump,
            "trump_suit": trump[1],
            "stock": stock,
            "discard": list(self.discard),
            "seats": [
                {
                    "seat": s,
                    "hand": hands[s],
                    "out": players[s]["out"] is not None,
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
            "taken": bool(
                defender is not None
                and players[defender]["turned"]
                and any(p["defence"] is None for p in table)
            ),
            "limit": max(0, limit),
            "teams": None,
            "result": self._result(),
        }

    # ------------------------------------------------------------------ playing

    def _close_if_nothing_can_follow(self, dump: JSON) -> JSON:
        """Play the declarations the protocol would not wait for (:func:`forced_finalise`)."""
        for _ in range(len(dump["state"]["players"]) + 1):
            name = forced_finalise(dump)
            if name is None:
                break
            call = [["finalisePlayerTurn", name]]
            reply = self.driver.call({"op": "apply", "game": self.game_id, "calls": call})
            if not reply.get("ok"):
                break
            dump = reply["game"]
        return dump

    def calls(self, seat: int, action: Mapping[str, Any]) -> list[list[Any]] | None:
        """The engine calls that play ``action``, or None when the engine has no such move."""
        if self.finished():
            return None
        players = self._players()
        me = players[seat]
        name = name_of(seat)
        kind = action["type"]
        table = self.dump["state"]["tableTop"]
        defending = bool(me["isDefending"])
        if kind == "attack":
            if table or defending or not me["canAttack"]:
                return None
            if len(action["cards"]) > 1 and self.rules.get("opening") != "same_rank":
                # The engine adds one card per call; its add-then-add is a several-card
                # opening only where the rules have one (elsewhere the second card would be a
                # throw-in the scenario did not play).
                return None
            return [["addCardToTableTop", name, to_engine(c)] for c in action["cards"]]
        if kind == "throw_in":
            if not table or defending or not me["canAttack"]:
                return None
            return [["addCardToTableTop", name, to_engine(action["card"])]]
        if kind == "transfer":
            if not table or not defending:
                return None
            return [["addCardToTableTop", name, to_engine(action["card"])]]
        if kind == "defend":
            keys = list(table)
            attack = to_engine(action["attack"])
            if not defending or attack not in keys:
                return None
            return [["coverCardOnTableTop", to_engine(action["card"]), keys.index(attack)]]
        if kind == "take":
            return [["finalisePlayerTurn", name]] if defending else None
        if kind == "done":
            return None if defending else [["finalisePlayerTurn", name]]
        return None  # accept: the engine has no such move

    def legal(self, seat: int) -> list[JSON]:
        if self.finished():
            return []
        view = {
            "seats": [{"seat": seat, "hand": [to_code(c) for c in self._players()[seat]["deck"]]}],
            "table": [p for p in self._table() if p["defence"] is None],
        }
        candidates = []
        moves = []
        for action in candidate_actions(view, seat, several=True):
            calls = self.calls(seat, action)
            if calls is not None:
                candidates.append(action)
                moves.append(calls)
        if not moves:
            return []
        accepted = self._call({"op": "try", "game": self.game_id, "moves": moves})["accepted"]
        return [a for a, ok in zip(candidates, accepted, strict=True) if ok]

    def act(self, seat: int, action: Mapping[str, Any]) -> list[JSON]:
        if action["type"] == "accept" and self.rules.get("accept_after_defence"):
            raise RequestRefused("unsupported", f"{ENGINE} has no accept-anyway move")
        if self.finished():
            raise illegal(ENGINE, "the game is over")
        calls = self.calls(seat, action)
        if calls is None:
            raise illegal(ENGINE, f"no such {action['type']} for seat {seat} now")
        reply = self.driver.call({"op": "apply", "game": self.game_id, "calls": calls})
        if not reply.get("ok"):
            raise illegal(ENGINE, str(reply.get("error")))
        before = self.state()
        self.dump = self._close_if_nothing_can_follow(reply["game"])
        self.revision += 1
        engine = self.dump["state"]
        still = {to_code(c) for p in engine["players"].values() for c in p["deck"]}
        still |= {to_code(c) for pair in engine["tableTop"].items() for c in pair if c}
        still |= {to_code(c) for c in engine["deck"]}
        self.discard += newly_discarded(before, action, still)
        kind = action["type"]
        if kind in ("attack", "throw_in", "transfer"):
            for card in action.get("cards", [action.get("card")]):
                self.played_by[card] = seat
        elif kind == "defend":
            self.played_by[action["card"]] = seat
        if not self.dump["state"]["tableTop"]:
            self.played_by = {}
            if before["table"]:
                self.bout += 1
        self._note_out()
        return events_between(action, before, self.state())


def forced_finalise(dump: Mapping[str, Any]) -> str | None:
    """The player whose ``finalisePlayerTurn`` the protocol would not wait for, or None.

    Durak-Engine finalises a round once every attacker has declared its turn finished (after a
    full defence, or after the defender's take), even when none can add a card: the bout is
    full (six cards, or as many as the defender can cover) or the attacker has no card.  The
    protocol closes such a bout by itself, so those declarations are the wrapper's; an
    attacker holding cards, even none that fit, still says ``done`` itself.
    """
    state = dump["state"]
    table = state["tableTop"]
    if not table or dump["victory"]:
        return None
    players = state["players"]
    defender = next((n for n, p in players.items() if p["isDefending"]), None)
    if defender is None:
        return None
    covered = sum(1 for card in table.values() if card)
    taken = bool(players[defender]["turned"])
    if covered != len(table) and not taken:
        return None
    full = len(table) >= 6 or len(table) >= len(players[defender]["deck"]) + covered
    for name, player in players.items():
        if name == defender or player.get("out") is not None or player["turned"]:
            continue
        if full or not player["deck"]:
            return str(name)
    return None


def start(driver: Driver, request: Mapping[str, Any]) -> Feds01Table:
    """A table for a start request (already checked for its profile and how it starts)."""
    return Feds01Table(driver, request)
