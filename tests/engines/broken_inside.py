"""Breaks inside and stays broken, as a wrapper does when the engine behind it dies: the first
``act`` (or, with ``BROKEN_ON=end``, the ``end``) of a game whose id starts with
``$BROKEN_TRIGGER`` is answered ``internal``, and so is every later request but ``bye``, of
any game.  With ``BROKEN_START=1`` a triggering game also starts in a state no rules give (no
attacker), so that the harness has found a divergence before it reads the moves it sent behind
the start.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from _common import TRIGGER, log, write

from adapters.reference import ReferenceEngine

BREAKS_ON = os.environ.get("BROKEN_ON", "act")
BAD_START = os.environ.get("BROKEN_START") == "1"


def main() -> None:
    engine = ReferenceEngine()
    broken = False
    for line in sys.stdin:
        request: dict[str, Any] = json.loads(line)
        cmd, game = request.get("cmd"), request.get("game")
        triggered = isinstance(game, str) and game.startswith(TRIGGER)
        if triggered and cmd == BREAKS_ON:
            broken = True
            log(f"broken_inside: broken from {cmd} of {game} on")
        if broken and cmd != "bye":
            write(
                {
                    "id": request.get("id"),
                    "ok": False,
                    "error": {"code": "internal", "message": "broken_inside: the engine died"},
                }
            )
            continue
        reply = engine.handle(request)
        if triggered and cmd == "start" and BAD_START and reply.get("ok"):
            reply["state"]["attacker"] = None
        write(reply)
        if cmd == "bye":
            return


main()
