"""A minimal protocol v1 engine: the reference engine's Game library behind stdin/stdout.

Run ``durak-conformance smoke --engine -- python examples/minimal_engine.py`` to check it.
docs/adapter-authors.md walks through it line by line.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from reference_engine.errors import EngineError, IllegalAction
from reference_engine.game import Game
from reference_engine.rules import Rules

PROFILES = ["videochess", "durak-challenge", "howto-durak", "ggtables", "prototype-build10"]
games: dict[str, Game] = {}


def answer(req: dict[str, Any]) -> dict[str, Any]:
    cmd = req["cmd"]
    if cmd == "hello":
        return {
            "implementation": {
                "name": "minimal-engine",
                "version": "1.0",
                "language": "python",
                "homepage": "",
                "protocol": "1",
                "profiles": PROFILES,
                "capabilities": ["legal"],
            }
        }
    if cmd == "start":
        humans = [s["seat"] for s in req["seats"] if s["human"]]
        games[req["game"]] = Game.deal(
            Rules.from_mapping(req["rules"]), len(req["seats"]), req["deck"], humans
        )
        return {"state": games[req["game"]].to_json()}
    if cmd == "bye":
        return {}
    game = games.get(req["game"])
    if game is None:
        raise LookupError(f"no game {req['game']!r}")
    if cmd == "act":
        events = game.apply(req["action"])
        return {"state": game.to_json(), "events": events}
    if cmd == "legal":
        return {"actions": [a.to_json() for a in game.legal_actions(req["seat"])]}
    if cmd == "state":
        return {"state": game.to_json()}
    if cmd == "end":
        del games[req["game"]]
        return {}
    raise NotImplementedError(cmd)


for line in sys.stdin:
    req: dict[str, Any] = {}
    try:
        req = json.loads(line)
        reply = {"id": req["id"], "ok": True, **answer(req)}
    except IllegalAction as exc:
        error = {"code": "illegal", "message": exc.message, "clause": exc.clause}
        reply = {"id": req.get("id"), "ok": False, "error": error}
    except (EngineError, LookupError, NotImplementedError, ValueError, TypeError) as exc:
        code = {LookupError: "unknown_game", NotImplementedError: "unsupported"}.get(
            type(exc), getattr(exc, "code", "malformed")
        )
        reply = {"id": req.get("id"), "ok": False, "error": {"code": code, "message": str(exc)}}
    print(json.dumps(reply), flush=True)
    if req.get("cmd") == "bye":
        break
