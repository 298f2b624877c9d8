"""One game of rnixik/durak (Go, ``game.go``) seen in protocol v1 terms.

The engine runs behind ``driver.go`` (next to this file, compiled with the engine's own
files in place of its ``main.go``), which calls the engine's ``Game`` functions and reports
their effect; this module maps cards, seats, actions and states:

- seat ``n`` is the engine's player ``n - 1``; cards are the engine's (``10♥`` is our
  ``TH``); the engine plays the 36-card deck only;
- a stacked deck replaces the engine's shuffled deck, then the engine deals (one card at a
  time), turns up its bottom card as the trump and finds the first attacker
  (``findFirstAttacker``), as its ``Game.prepare`` does;
- a position sets the hands, the stock, the trump, the size of the discard pile and the
  attacker; the engine's ``adjustPlayerIndex`` names the defender;
- actions: ``attack`` (several cards: one engine ``attack`` after another, all or none) and
  ``throw_in`` are the engine's ``attack``, ``defend`` its
  ``defend``, ``take`` its ``pickUp`` and ``done`` its ``complete`` (which the defender, too,
  says once every card is beaten: the engine ends a bout when every player in it has
  completed);
- legality is the engine's: ``legal`` lists what its own checks allow
  (``canPlayerAttackWithCard``, ``canPlayerDefendWithCard``, ``canPlayerPickUp``,
  ``canPlayerComplete``, the checks its moves make first), and an action is accepted exactly
  when the engine's state changes (it ignores a move it refuses).  A refusal is ``illegal``
  without a clause: the engine gives no reason.

The engine counts the discard pile but keeps no cards in it: the wrapper keeps the cards,
adding those that leave the table for neither a hand nor the stock (starting from a
position's own pile).
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Mapping
from itertools import combinations
from pathlib import Path
from typing import Any, Protocol

from adapters.base import RequestRefused
from adapters.thirdparty.common import (
    JSON,
    Table,
    action_types,
    check_cards,
    check_deck,
    check_seats,
    events_between,
    illegal,
    newly_discarded,
    played_cards,
    refuse_unless,
    seats_out,
)

ENGINE = "rnixik/durak"
SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANKS_36 = "6789TJQKA"


def to_engine(code: str) -> str:
    """The engine's spelling of ``TH`` (``10♥``)."""
    return ("10" if code[0] == "T" else code[0]) + SUITS[code[1]]


def to_code(card: str) -> str:
    """Our code for the engine's ``10♥`` (``TH``)."""
    suit = next(s for s, sign in SUITS.items() if card.endswith(sign))
    value = card[: -len(SUITS[suit])]
    return ("T" if value == "10" else value) + suit


class Driver(Protocol):
    """Something that answers driver requests (the Go program, or a fake in tests)."""

    def call(self, request: Mapping[str, Any]) -> JSON: ...


class ProgramDriver:
    """The compiled driver as a child process, one request and reply per line."""

    def __init__(self, program: Path) -> None:
        self.process = subprocess.Popen(
            [str(program)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def call(self, request: Mapping[str, Any]) -> JSON:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request, ensure_ascii=False) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the Go driver exited (status {self.process.poll()})")
        reply: JSON = json.loads(line)
        return reply


class RnixikTable(Table):
    """An rnixik/durak game started from a stacked deck or a position."""

    _counter = 0

    def __init__(self, driver: Driver, request: Mapping[str, Any]) -> None:
        self.driver = driver
        rules = request["rules"]
        self.rules = dict(rules)
        fixed = {"teams": "solo", "hand_size": 6, "deck_size": 36, "transfer": False}
        # Neither the Neighbours table nor cheater mode exists in the engine: those tables are
        # unsupported rather than played by rules the engine does not have.
        fixed |= {"throw_in_scope": "all", "cheater_mode": False}
        refuse_unless(rules, fixed, ENGINE)
        seats = check_seats(request["seats"], 2, 6, ENGINE)
        self.count = len(seats)
        self.humans = {s["seat"]: bool(s.get("human", True)) for s in seats}
        RnixikTable._counter += 1
        self.game_id = f"g{RnixikTable._counter}"
        self.deck = {r + s for r in RANKS_36 for s in "SHDC"}
        self.bout = 1
        self.played_by: dict[str, int] = {}
        self.discard: list[str] = []
        self.out_order: list[list[int]] = []
        if "deck" in request:
            deck = check_deck(request["deck"], {36: RANKS_36}, ENGINE)
            self.dump = self._call(
                {
                    "op": "new",
                    "game": self.game_id,
                    "seats": self.count,
                    "deck": [to_engine(c) for c in deck],
                }
            )
        else:
            self.dump = self._load(request["position"])
        self.shown_trump = shown_trump(self.dump)
        self._note_out()

    def _call(self, request: JSON) -> JSON:
        reply = self.driver.call(request)
        if not reply.get("ok"):
            raise RequestRefused("internal", f"{ENGINE}: {reply.get('error')}")
        result: JSON = reply["result"]
        return result

    def _load(self, position: Any) -> JSON:
        if not isinstance(position, dict):
            raise RequestRefused("malformed", "position must be an object")
        attacker = position.get("attacker")
        if attacker is None:
            raise RequestRefused(
                "unsupported",
                f"{ENGINE} finds the first attacker only when it deals; a position must say "
                "who attacks",
            )
        out = seats_out(position, self.count)
        if not isinstance(attacker, int) or not 1 <= attacker <= self.count or attacker in out:
            raise RequestRefused("malformed", f"position.attacker {attacker!r} is not in play")
        hands_given = position.get("hands")
        if not isinstance(hands_given, dict):
            raise RequestRefused("malformed", "position.hands must map seats to cards")
        hands = [
            check_cards(hands_given.get(str(s), []), f"position.hands.{s}")
            for s in range(1, self.count + 1)
        ]
        stock = check_cards(position.get("stock", []), "position.stock")
        trump = check_cards([position.get("trump")], "position.trump")[0]
        discard = check_cards(position.get("discard", []), "position.discard")
        for card in [trump, *stock, *discard, *(c for h in hands for c in h)]:
            if card not in self.deck:
                raise RequestRefused("unsupported", f"{ENGINE} plays 36 cards: no {card}")
        self.bout = int(position.get("bout", 1) or 1)
        self.discard = list(discard)
        return self._call(
            {
                "op": "load",
                "game": self.game_id,
                "hands": [[to_engine(c) for c in h] for h in hands],
                "out": [s in out for s in range(1, self.count + 1)],
                "stock": [to_engine(c) for c in stock],
                "trump": to_engine(trump),
                "attacker": attacker - 1,
                "discard": len(discard),
            }
        )

    # ------------------------------------------------------------------ reading

    def finished(self) -> bool:
        return bool(self.dump["status"] == "end")

    def _hands(self) -> dict[int, list[str]]:
        return {i + 1: [to_code(c) for c in p["cards"]] for i, p in enumerate(self.dump["players"])}

    def _table(self) -> list[JSON]:
        defending = {int(k): v for k, v in self.dump["defending"].items()}
        defender = self.dump["defender"] + 1 if self.dump["defender"] >= 0 else None
        pairs = []
        for i, card in enumerate(self.dump["battleground"]):
            code = to_code(card)
            pairs.append(
                {
                    "attack": code,
                    "attacker": self.played_by.get(code),
                    "defence": to_code(defending[i]) if i in defending else None,
                    "defender": defender if i in defending else None,
                }
            )
        return pairs

    def _note_out(self) -> None:
        placed = {s for group in self.out_order for s in group}
        newly = [
            i + 1
            for i, p in enumerate(self.dump["players"])
            if not p["active"] and i + 1 not in placed
        ]
        if newly:
            self.out_order.append(newly)

    def _result(self) -> JSON | None:
        if not self.finished():
            return None
        active = [i + 1 for i, p in enumerate(self.dump["players"]) if p["active"]]
        winners = [s for s in range(1, self.count + 1) if s not in active]
        placed = {s for group in self.out_order for s in group}
        last = [s for s in winners if s not in placed]
        return {
            "termination": "durak" if active else "draw",
            "durak": active,
            "winners": winners,
            "winning_pair": None,
            "out_order": self.out_order + ([last] if last else []),
        }

    def build_state(self) -> JSON:
        dump = self.dump
        finished = self.finished()
        hands = self._hands()
        table = self._table()
        stock = [to_code(c) for c in dump["stock"]]
        attacker = dump["attacker"] + 1 if dump["attacker"] >= 0 and not finished else None
        defender = dump["defender"] + 1 if dump["defender"] >= 0 and not finished else None
        limit = 0
        if defender is not None:
            beaten = sum(1 for p in table if p["defence"] is not None)
            # The engine's two caps: six cards, and no more than the defender held.
            limit = min(6, len(hands[defender]) + beaten)
        trump = to_code(dump["trump"]) if dump["trump"] else None
        return {
            "phase": "finished" if finished else ("bout" if table else "lead"),
            "trump": trump,
            "trump_suit": trump[1] if trump else None,
            "stock": stock,
            "discard": list(self.discard),
            "seats": [
                {
                    "seat": s,
                    "hand": hands[s],
                    "out": not dump["players"][s - 1]["active"],
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
            "taken": bool(dump["defender_pick_up"]),
            "limit": limit,
            "teams": None,
            "result": self._result(),
            "shown_trump": self.shown_trump,
        }

    # ------------------------------------------------------------------ playing

    def legal(self, seat: int) -> list[JSON]:
        if self.finished():
            return []
        allowed = self._call({"op": "legal", "game": self.game_id, "player": seat - 1})
        open_bout = bool(self.dump["battleground"])
        kind = "throw_in" if open_bout else "attack"
        actions: list[JSON] = []
        for card in allowed["attack"]:
            code = to_code(card)
            if kind == "attack":
                actions.append({"type": "attack", "seat": seat, "cards": [code]})
            else:
                actions.append({"type": "throw_in", "seat": seat, "card": code})
        if kind == "attack" and self.rules.get("opening") == "same_rank":
            defender = self.dump["players"][self.dump["defender"]]["cards"]
            actions += several_card_attacks(
                seat, [to_code(c) for c in allowed["attack"]], min(6, len(defender))
            )
        for attack, card in allowed["defend"]:
            actions.append(
                {"type": "defend", "seat": seat, "attack": to_code(attack), "card": to_code(card)}
            )
        if allowed["pick_up"]:
            actions.append({"type": "take", "seat": seat})
        if allowed["complete"]:
            actions.append({"type": "done", "seat": seat})
        return actions

    def _close_if_nothing_can_follow(self, dump: JSON) -> JSON:
        """Play the ``complete`` calls the protocol would not wait for (:func:`forced_complete`)."""
        for _ in range(len(dump["players"]) + 1):
            player = forced_complete(dump)
            if player is None:
                break
            move = {"op": "act", "game": self.game_id, "player": player, "name": "complete"}
            after = self._call(move)
            if after == dump:
                break
            dump = after
        return dump

    def _move(self, seat: int, action: Mapping[str, Any]) -> JSON | None:
        kind = action["type"]
        move: JSON = {"op": "act", "game": self.game_id, "player": seat - 1}
        open_bout = bool(self.dump["battleground"])
        if kind == "attack":
            if open_bout:
                return None  # a bout is opened once; cards are added with throw_in
            if len(action["cards"]) > 1 and self.rules.get("opening") != "same_rank":
                # The engine plays one card per move. Its attack-then-add is a several-card
                # opening only where the rules have one; elsewhere the protocol's several-card
                # attack is a move the engine does not have (its second card would be a
                # throw-in, which the scenario did not play).
                return None
            # Several cards: the engine's attack with each in turn, all or none.
            return {**move, "name": "attack", "cards": [to_engine(c) for c in action["cards"]]}
        if kind == "throw_in":
            if not open_bout:
                return None
            return {**move, "name": "attack", "card": to_engine(action["card"])}
        if kind == "defend":
            return {
                **move,
                "name": "defend",
                "attacking": to_engine(action["attack"]),
                "defending": to_engine(action["card"]),
            }
        if kind == "take":
            return {**move, "name": "pick_up"}
        if kind == "done":
            return {**move, "name": "complete"}
        return None  # transfer, accept: the engine has no such move

    def act(self, seat: int, action: Mapping[str, Any]) -> list[JSON]:
        if self.finished():
            raise illegal(ENGINE, "the game is over")
        if action["type"] == "accept" and self.rules.get("accept_after_defence"):
            raise RequestRefused("unsupported", f"{ENGINE} has no accept-anyway move")
        if action["type"] == "transfer" and self.rules.get("transfer"):
            raise RequestRefused("unsupported", f"{ENGINE} has no transfer")
        for card in (*action.get("cards", ()), action.get("card"), action.get("attack")):
            if card is not None and card not in self.deck:
                raise illegal(ENGINE, f"{card} is not in the engine's 36-card deck")
        move = self._move(seat, action)
        if move is None:
            raise illegal(ENGINE, f"the engine has no such {action['type']} now")
        before_dump = self.dump
        after = self._call(move)
        if after == before_dump:
            raise illegal(ENGINE, f"the engine ignored this {action['type']} (it refuses it)")
        after = self._close_if_nothing_can_follow(after)
        before = self.state()
        self.dump = after
        self.revision += 1
        still = {to_code(c) for p in after["players"] for c in p["cards"]}
        still |= {to_code(c) for c in [*after["battleground"], *after["defending"].values()]}
        still |= {to_code(c) for c in after["stock"]}
        self.discard += newly_discarded(before, action, still)
        kind = action["type"]
        if kind in ("attack", "throw_in"):
            self.played_by.update(dict.fromkeys(played_cards(action), seat))
        if not after["battleground"]:
            self.played_by = {}
            if before["table"]:
                self.bout += 1
        self._note_out()
        return events_between(action, before, self.state())


def several_card_attacks(seat: int, openers: list[str], most: int) -> list[JSON]:
    """The several-card openings the engine takes as attack-then-add (where the rules have
    them): every set of two or more ``openers`` of one rank, at most ``most`` cards (six, and
    no more than the defender holds: the engine's own checks on each added card)."""
    by_rank: dict[str, list[str]] = {}
    for card in openers:
        by_rank.setdefault(card[0], []).append(card)
    found: list[JSON] = []
    for group in by_rank.values():
        for size in range(2, min(len(group), most) + 1):
            for combo in combinations(group, size):
                found.append({"type": "attack", "seat": seat, "cards": list(combo)})
    return found


def shown_trump(dump: Mapping[str, Any]) -> JSON | None:
    """The lowest trump the engine showed when it picked the first attacker, or None.

    rnixik's first-attacker event shows every player the card that decided it (its
    ``firstAttackerReasonCard``); it is a trump unless nobody held one.  The driver passes it
    on as ``first_attacker_card`` (empty for a loaded position).
    """
    card = dump.get("first_attacker_card") or ""
    if not card or dump.get("attacker", -1) < 0 or not card.endswith(dump.get("trump_suit", "?")):
        return None
    return {"seat": int(dump["attacker"]) + 1, "card": to_code(card)}


def forced_complete(dump: Mapping[str, Any]) -> int | None:
    """The engine player whose ``complete`` the protocol would not wait for, or None.

    rnixik ends a bout only once every player in it has completed, the defender too (after a
    full defence, once every attacker has).  The protocol closes a bout by itself when nobody
    can add a card (a thrower without cards, a full bout: six cards, or as many as the
    defender can cover) and, after a full defence, once every thrower is done: those
    ``complete`` calls are the wrapper's.  A thrower who holds cards, even none that fit,
    still says ``done`` itself.
    """
    battleground = dump["battleground"]
    if not battleground:
        return None
    players, defender = dump["players"], dump["defender"]
    picked = bool(dump["defender_pick_up"])
    beaten = len(dump["defending"]) == len(battleground)
    if not (beaten or picked):
        return None
    covered = len(players[defender]["cards"]) + len(dump["defending"])
    full = len(battleground) >= 6 or len(battleground) >= covered
    throwers = [
        i for i, p in enumerate(players) if i != defender and p["active"] and not p["completed"]
    ]
    for i in throwers:
        if full or not players[i]["cards"]:
            return i
    if not throwers and beaten and not picked and not players[defender]["completed"]:
        return int(defender)
    return None


def start(driver: Driver, request: Mapping[str, Any]) -> RnixikTable:
    """A table for a start request (already checked for its profile and how it starts)."""
    return RnixikTable(driver, request)
