"""The ironfool engine behind the JSON action protocol v1: a wrapper a game team would write.

Run ``durak-conformance smoke --engine -- python examples/turn_engine/wrapper.py`` to check it, and
``durak-conformance run --engine -- python examples/turn_engine/wrapper.py`` for the suite.
docs/guide.md walks through it.  The wrapper only translates; every rule is ironfool's:

- seats 1 and 2 are ironfool's players 0 and 1; cards ``7H`` are ``Card(7, "h")``;
- the stacked deck (top first, face-up trump last) is ironfool's deck order as it is, since
  ironfool deals one card at a time from its first card; a packet deal is reordered;
- ironfool has one player to move: the state's ``turn`` is ``to_move()`` (capability
  ``turn``), so the harness hands the turn on where a scenario needs it, and this wrapper
  never guesses;
- a refusal is ``illegal`` with ironfool's own message and no clause (ironfool has no clause
  ids); what ironfool lacks (more than two players, clocks, cheater mode, positions) is
  ``unsupported``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

from ironfool import Card, Duel, IllegalMove, Move, MoveKind, Variant

JSON = dict[str, Any]
PROFILES = ["prototype-build10", "durak-challenge"]
RANKS = {"6": 6, "7": 7, "8": 8, "9": 9, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
LETTERS = {rank: letter for letter, rank in RANKS.items()}
# Protocol action types <-> ironfool's moves.
TO_MOVE: dict[str, MoveKind] = {"throw_in": "add", "transfer": "transfer"}
TYPES = {
    "attack": "attack",
    "beat": "defend",
    "add": "throw_in",
    "finish": "done",
    "keep": "done",
    "take": "take",
    "transfer": "transfer",
    "accept": "accept",
    "redeal": "redeal",
}
# Resolved rule parameters ironfool plays only one way (anything else: unsupported).
FIXED: dict[str, Any] = {
    "deck_size": 36,
    "hand_size": 6,
    "teams": "solo",
    "opening": "single",
    "throw_in_timing": "after_defence",
    "bout_cap": 6,
    "first_bout_cap": None,
    "defender_limit": "hand_at_start",
    "cheater_mode": False,
    "chess_clock": False,
    "action_seconds": None,
    "throw_in_seconds": None,
}


class Refused(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def card(code: object) -> Card:
    if not isinstance(code, str) or len(code) != 2 or code[0] not in RANKS or code[1] not in "SHDC":
        raise Refused("malformed", f"{code!r} is not a card of the 36-card deck")
    return Card(RANKS[code[0]], code[1].lower())


def code(c: Card) -> str:
    return LETTERS[c.rank] + c.suit.upper()


class Wrapper:
    def __init__(self) -> None:
        self.games: dict[str, Duel] = {}

    # --8<-- [start:hello]
    def hello(self) -> JSON:
        return {
            "implementation": {
                "name": "ironfool",
                "version": "0.3.0",
                "language": "python",
                "homepage": "",
                "protocol": "1",
                "profiles": PROFILES,
                "capabilities": ["deck", "legal", "turn"],
            }
        }

    # --8<-- [end:hello]
    # --8<-- [start:start]
    def start(self, req: Mapping[str, Any]) -> JSON:
        profile, rules, seats = req["profile"], req["rules"], req["seats"]
        if profile not in PROFILES:
            raise Refused("unsupported", f"ironfool does not play {profile}")
        if req["game"] in self.games:
            raise Refused("malformed", f"game {req['game']!r} is already running")
        if not rules.get("min_seats", 2) <= len(seats) <= rules.get("max_seats", 2):
            raise Refused("illegal", f"{profile} is not played by {len(seats)} players")
        if len(seats) != 2:
            raise Refused("unsupported", "ironfool plays two players only")
        for key, value in FIXED.items():
            if rules.get(key, value) != value:
                raise Refused("unsupported", f"ironfool cannot play {key}={rules.get(key)!r}")
        if "deck" not in req or "lobby" in req:
            raise Refused("unsupported", "ironfool starts only from a deck")
        deck = [card(c) for c in req["deck"]]
        if rules.get("deal") == "packets":  # ironfool deals one at a time: interleave
            deck = [c for pair in zip(deck[0:6], deck[6:12], strict=True) for c in pair] + deck[12:]
        variant = Variant(
            transfer=bool(rules.get("transfer")),
            take_ends_round=bool(rules.get("take_ends_bout", True)),
            accept_anyway=bool(rules.get("accept_after_defence")),
            redeal_at=rules.get("redeal_min_same_suit"),
            show_lowest_trump=bool(rules.get("lowest_trump_shown")),
            epaulettes=bool(rules.get("epaulettes")),
        )
        humans = frozenset(s["seat"] - 1 for s in seats if s["human"])
        try:
            game = Duel.new(deck, variant, humans, seed=int(req.get("seed", 0)))
        except ValueError as exc:
            raise Refused("malformed", f"deck: {exc}") from None
        self.games[req["game"]] = game
        return {"state": state(game)}

    # --8<-- [end:start]
    def game(self, req: Mapping[str, Any]) -> Duel:
        if req.get("game") not in self.games:
            raise Refused("unknown_game", f"no game {req.get('game')!r} is running")
        return self.games[req["game"]]

    # --8<-- [start:act]
    def act(self, req: Mapping[str, Any]) -> JSON:
        game, seat, action = self.game(req), req["seat"], req["action"]
        if action.get("seat") != seat:
            raise Refused("malformed", "action.seat differs from the request's seat")
        kind = action.get("type")
        if kind in ("catch", "stand_up", "resign", "disconnect", "reconnect", "take_back_control"):
            raise Refused("unsupported", f"ironfool has no {kind}")
        round_before, defender = game.round, game.defender + 1
        cards = [code(c) for p in game.table for c in (p.attack, p.defence) if c is not None]
        discarded = len(game.discard)
        try:
            game.play(seat - 1, move(game, seat - 1, action))
        except IllegalMove as exc:
            raise Refused("illegal", str(exc)) from None
        if action.get("type") in ("attack", "throw_in", "transfer", "defend"):
            cards.append(str(action.get("card") or action.get("cards", [""])[0]))
        out: list[JSON] = [dict(action)]
        if action.get("type") == "redeal":
            out.append({"type": "deal", "first_attacker": game.attacker + 1})
        elif game.round != round_before or game.phase == "over":
            outcome = "discarded" if len(game.discard) > discarded else "taken"
            out.append(
                {"type": "bout_end", "outcome": outcome, "defender": defender, "cards": cards}
            )
        if game.phase == "over":
            out.append({"type": "game_over", "result": result(game)})
        return {"state": state(game), "events": out}

    # --8<-- [end:act]
    def legal(self, req: Mapping[str, Any]) -> JSON:
        game = self.game(req)
        seat = req["seat"]
        if game.to_move() != seat - 1:
            return {"actions": []}
        return {"actions": [action(game, seat, m) for m in game.moves()]}

    def answer(self, req: JSON) -> JSON:
        cmd = req.get("cmd")
        if cmd == "hello":
            return self.hello()
        if cmd == "start":
            return self.start(req)
        if cmd == "act":
            return self.act(req)
        if cmd == "legal":
            return self.legal(req)
        if cmd == "state":
            return {"state": state(self.game(req))}
        if cmd == "end":
            self.game(req)
            del self.games[req["game"]]
            return {}
        if cmd == "bye":
            return {}
        raise Refused("unsupported", f"ironfool's wrapper has no {cmd!r}")


def move(game: Duel, player: int, action: Mapping[str, Any]) -> Move:
    """The ironfool move for a protocol action (whether it is allowed is ironfool's call)."""
    kind = action.get("type")
    if kind == "attack":
        cards = action.get("cards")
        if not isinstance(cards, list) or len(cards) != 1:
            raise Refused("illegal", "ironfool opens a round with exactly one card")
        return Move("attack", card(cards[0]))
    if kind == "defend":
        return Move("beat", card(action.get("card")), card(action.get("attack")))
    if kind in ("throw_in", "transfer"):
        return Move(TO_MOVE[kind], card(action.get("card")))
    if kind == "done":
        return Move("keep" if game.phase == "choose" and player == game.defender else "finish")
    if kind == "take":
        return Move("take")
    if kind == "accept":
        return Move("accept")
    if kind == "redeal":
        return Move("redeal")
    raise Refused("malformed", f"{kind!r} is not an action type")


def action(game: Duel, seat: int, m: Move) -> JSON:
    out: JSON = {"type": TYPES[m.kind], "seat": seat}
    if m.kind == "attack":
        assert m.card is not None
        out["cards"] = [code(m.card)]
    elif m.kind == "beat":
        assert m.card is not None and m.target is not None
        out["attack"], out["card"] = code(m.target), code(m.card)
    elif m.card is not None:
        out["card"] = code(m.card)
    return out


def result(game: Duel) -> JSON | None:
    if game.phase != "over":
        return None
    if game.winner is None:
        return {
            "termination": "draw",
            "durak": [],
            "winners": [1, 2],
            "winning_pair": None,
            "out_order": [[1, 2]],
            "forfeited": [],
            "epaulettes": False,
        }
    return {
        "termination": "durak",
        "durak": [game.loser + 1] if game.loser is not None else [],
        "winners": [game.winner + 1],
        "winning_pair": None,
        "out_order": [[game.winner + 1]],
        "forfeited": [],
        "epaulettes": game.with_epaulettes,
    }


# --8<-- [start:state]
def state(game: Duel) -> JSON:
    over = game.phase == "over"
    turn = game.to_move()
    kinds = sorted({TYPES[m.kind] for m in game.moves()})
    out: JSON = {
        "phase": "finished" if over else "lead" if game.phase == "attack" else "bout",
        "trump": code(game.trump),
        "trump_suit": game.trump.suit.upper(),
        "stock": [code(c) for c in reversed(game.deck)],
        "discard": [code(c) for c in game.discard],
        "seats": [
            {
                "seat": p + 1,
                "hand": [code(c) for c in game.hands[p]],
                "out": over and not game.hands[p],
                "human": p in game.humans,
                "actions": kinds if p == turn else [],
            }
            for p in (0, 1)
        ],
        "table": [
            {
                "attack": code(pair.attack),
                "attacker": pair.played_by + 1,
                "defence": code(pair.defence) if pair.defence is not None else None,
                "defender": pair.beaten_by + 1 if pair.beaten_by is not None else None,
            }
            for pair in game.table
        ],
        "bout": game.round,
        "starter": None if over else game.opened_by + 1,
        "attacker": None if over else game.attacker + 1,
        "defender": None if over else game.defender + 1,
        "taken": game.taken,
        "limit": 0 if over else max(min(6, game.defender_started_with), len(game.table)),
        "teams": None,
        "result": result(game),
        "turn": None if turn is None else turn + 1,
    }
    if game.variant.show_lowest_trump:
        shown = game.shown_trump
        out["shown_trump"] = {"seat": shown[0] + 1, "card": code(shown[1])} if shown else None
    return out


# --8<-- [end:state]


# --8<-- [start:loop]
def main() -> int:
    wrapper = Wrapper()
    for line in sys.stdin:
        req: JSON = {}
        try:
            parsed = json.loads(line)
            if not isinstance(parsed, dict):
                raise ValueError("a request is a JSON object")
            req = parsed
            reply = {"id": req["id"], "ok": True, **wrapper.answer(req)}
        except Refused as exc:
            reply = {
                "id": req.get("id"),
                "ok": False,
                "error": {"code": exc.code, "message": exc.message},
            }
        except (KeyError, TypeError, ValueError) as exc:
            error = {"code": "malformed", "message": f"cannot read the request: {exc!r}"}
            reply = {"id": req.get("id"), "ok": False, "error": error}
        print(json.dumps(reply), flush=True)
        if req.get("cmd") == "bye":
            break
    return 0


# --8<-- [end:loop]
if __name__ == "__main__":
    sys.exit(main())
