"""durakgame behind the JSON action protocol v1 on stdin/stdout.

Run ``python -m adapters.thirdparty.durakgame_engine`` (the ``durakgame`` adapter does) or
check it with ``durak-conformance smoke -- python -m adapters.thirdparty.durakgame_engine``.
One JSON request per line in, one reply per line out, flushed; logs go to stderr.  The game
logic is durakgame's: see :mod:`adapters.thirdparty.durakgame_table` for the translation.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Mapping
from importlib import metadata
from typing import Any, TextIO

from adapters.base import PROTOCOL_VERSION, RequestRefused
from adapters.thirdparty.durakgame_table import (
    CAPABILITIES,
    CARD_PATTERN,
    PROFILES,
    DurakgameTable,
)

JSON = dict[str, Any]
log = logging.getLogger("durakgame-engine")

HOMEPAGE = "https://github.com/Artem-Goldenberg/Durak"
ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "attack": ("cards",),
    "defend": ("attack", "card"),
    "throw_in": ("card",),
    "transfer": ("card",),
    "take": (),
    "done": (),
    "accept": (),
}


def implementation() -> JSON:
    """The handshake's ``implementation`` object."""
    try:
        version = metadata.version("durakgame")
    except metadata.PackageNotFoundError:  # imported from a source checkout of durakgame
        version = "unknown"
    return {
        "name": "durakgame",
        "version": version,
        "language": "python",
        "homepage": HOMEPAGE,
        "issues": f"{HOMEPAGE}/issues",
        "protocol": PROTOCOL_VERSION,
        "profiles": list(PROFILES),
        "capabilities": list(CAPABILITIES),
        "wrapper": "adapters.thirdparty.durakgame_engine (durak-conformance)",
    }


def _field(request: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    value = request.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise RequestRefused("malformed", f"{request.get('cmd')} request: {key} must be {names}")
    return value


SESSION_ACTIONS = frozenset(
    {"catch", "redeal", "resign", "stand_up", "disconnect", "reconnect", "take_back_control"}
)


def check_action(action: object, seat: int) -> JSON:
    """The action if it is well formed for ``seat``; ``malformed`` otherwise."""
    if not isinstance(action, dict):
        raise RequestRefused("malformed", "action must be an object")
    kind = action.get("type")
    if kind in SESSION_ACTIONS:
        # Protocol v1 actions around the card play: durakgame has no such rules.
        raise RequestRefused("unsupported", f"durakgame has no {kind!r} action")
    if kind not in ACTION_FIELDS:
        raise RequestRefused("malformed", f"action.type {kind!r} is not an action type")
    if action.get("seat") != seat:
        raise RequestRefused(
            "malformed", f"the request is for seat {seat} but action.seat is {action.get('seat')!r}"
        )
    expected = {"type", "seat", *ACTION_FIELDS[kind]}
    if set(action) != expected:
        raise RequestRefused(
            "malformed", f"a {kind} action has the fields {sorted(expected)}, got {sorted(action)}"
        )
    cards = action.get("cards", [])
    if kind == "attack" and (not isinstance(cards, list) or not 1 <= len(cards) <= 6):
        raise RequestRefused("malformed", "action.cards must list 1 to 6 cards")
    if len(set(map(str, cards))) != len(cards):
        raise RequestRefused("malformed", "action.cards: a card is listed twice")
    for key in ("attack", "card"):
        if key in action:
            cards = [*cards, action[key]]
    for card in cards:
        if not isinstance(card, str) or not CARD_PATTERN.match(card):
            raise RequestRefused("malformed", f"action: {card!r} is not a card")
    return action


class DurakgameEngine:
    """Answers protocol requests; many games at once, keyed by the harness's game id."""

    def __init__(self) -> None:
        self.games: dict[str, DurakgameTable] = {}

    def handle(self, message: object) -> JSON:
        """The reply to one decoded request."""
        request_id = message.get("id") if isinstance(message, dict) else None
        try:
            if not isinstance(message, dict):
                raise RequestRefused("malformed", "a request is a JSON object")
            if not isinstance(request_id, int | str) or isinstance(request_id, bool):
                raise RequestRefused("malformed", "a request needs an id (integer or string)")
            body = self._dispatch(message)
        except RequestRefused as exc:
            return {"id": request_id, "ok": False, "error": exc.to_json()}
        except Exception as exc:  # durakgame's own failure: report it, keep serving
            log.exception("internal error")
            error = {"code": "internal", "message": f"{type(exc).__name__}: {exc}"}
            return {"id": request_id, "ok": False, "error": error}
        return {"id": request_id, "ok": True, **body}

    def _dispatch(self, request: Mapping[str, Any]) -> JSON:
        cmd = request.get("cmd")
        if cmd == "hello":
            protocol = _field(request, "protocol", str)
            if protocol.split(".")[0] != PROTOCOL_VERSION:
                raise RequestRefused("unsupported", f"protocol {protocol!r} is not spoken here")
            return {"implementation": implementation()}
        if cmd == "bye":
            return {}
        if cmd == "start":
            return {"state": self._start(request)}
        if cmd not in ("act", "legal", "state", "clock", "end"):
            raise RequestRefused("malformed", f"unknown command {cmd!r}")
        game_id = _field(request, "game", str)
        if game_id not in self.games:
            raise RequestRefused("unknown_game", f"no game {game_id!r} is running")
        table = self.games[game_id]
        if cmd == "state":
            return {"state": table.state()}
        if cmd == "end":
            del self.games[game_id]
            return {}
        if cmd == "clock":
            raise RequestRefused("unsupported", "durakgame has no clocks")
        seat = _field(request, "seat", int)
        if seat not in (1, 2):
            raise RequestRefused("malformed", f"seat {seat} is not at this two-seat table")
        if cmd == "legal":
            return {"actions": table.legal(seat)}
        action = check_action(request.get("action"), seat)
        events = table.act(seat, action)
        return {"state": table.state(), "events": events}

    def _start(self, request: Mapping[str, Any]) -> JSON:
        game_id = _field(request, "game", str)
        if game_id in self.games:
            raise RequestRefused("malformed", f"game {game_id!r} is already running; end it first")
        profile = _field(request, "profile", str)
        rules = _field(request, "rules", dict)
        seats = _field(request, "seats", list)
        if not all(isinstance(s, dict) and isinstance(s.get("seat"), int) for s in seats):
            raise RequestRefused("malformed", "start request: seats must be {seat, human} objects")
        if "position" in request:
            raise RequestRefused(
                "unsupported", "durakgame cannot start from a position, only from a deck"
            )
        if "deck" not in request:
            raise RequestRefused(
                "unsupported",
                "durakgame starts only from a stacked deck: it has no deal of its own",
            )
        deck = _field(request, "deck", list)
        table = DurakgameTable(profile, rules, seats, deck)
        self.games[game_id] = table
        return table.state()


def serve(stdin: TextIO, stdout: TextIO) -> int:
    """Answer lines until ``bye`` or end of input; returns the exit status."""
    engine = DurakgameEngine()
    for line in stdin:
        if not line.strip():
            continue
        message: object = None
        try:
            message = json.loads(line)
        except ValueError as exc:
            reply: JSON = {
                "id": None,
                "ok": False,
                "error": {"code": "malformed", "message": f"line is not JSON ({exc})"},
            }
        else:
            reply = engine.handle(message)
        stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        stdout.flush()
        if reply["ok"] and isinstance(message, dict) and message.get("cmd") == "bye":
            break
    return 0


def main() -> int:
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING)
    return serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
