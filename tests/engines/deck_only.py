"""The reference engine as a deck-only engine (no ``position``), optionally disagreeing with
the reference during the harness's set-up of a derived position start.

``DECK_ONLY_REFUSE=N`` refuses the N-th ``act`` of every game (``illegal``), as an engine
with a rule bug that the prefix of legal actions runs into; ``DECK_ONLY_LEADER=1`` reports
the other seat as the attacker in every state between bouts (an engine that decides the next
attack differently), so that the table after the prefix is not the scenario's position.
Either way the harness must report a failure of the set-up, not of the scenario's own steps,
and must not crash.
"""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from typing import Any

from adapters.reference import ReferenceEngine

REFUSE = int(os.environ.get("DECK_ONLY_REFUSE", "0"))
WRONG_LEADER = os.environ.get("DECK_ONLY_LEADER") == "1"


def main() -> None:
    engine = ReferenceEngine()
    acts: Counter[str] = Counter()
    profiles: dict[str, str] = {}
    for line in sys.stdin:
        request: dict[str, Any] = json.loads(line)
        cmd = request.get("cmd")
        if cmd == "start":
            profiles[str(request.get("game"))] = str(request.get("profile"))
        if cmd == "start" and "position" in request:
            reply: dict[str, Any] = {
                "id": request.get("id"),
                "ok": False,
                "error": {"code": "unsupported", "message": "no position start here"},
            }
        elif cmd == "act" and REFUSE and acts[request["game"]] + 1 == REFUSE:
            acts[request["game"]] += 1
            reply = {
                "id": request.get("id"),
                "ok": False,
                "error": {
                    "code": "illegal",
                    "message": "not in this engine",
                    "clause": f"{profiles.get(str(request['game']), 'videochess')}.play.turn",
                },
            }
        else:
            if cmd == "act":
                acts[request["game"]] += 1
            reply = engine.handle(request)
        if cmd == "hello" and reply.get("ok"):
            implementation = dict(reply["implementation"])
            implementation["name"] = "deck-only"
            implementation["capabilities"] = ["legal"]
            reply["implementation"] = implementation
        state = reply.get("state")
        if WRONG_LEADER and isinstance(state, dict) and state.get("phase") == "lead":
            state["attacker"] = state["defender"]
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if cmd == "bye":
            return


if __name__ == "__main__":
    main()
