"""The reference engine, picky about positions as real engines are: it answers
``unsupported`` to a ``position`` that does not say who attacks (its first-attack rule runs
only when it deals), and with ``PICKY_POSITIONS=all`` to every position (an engine that sets
up only some tables, for example only those with an empty stock).
"""

from __future__ import annotations

import json
import os
import sys

from adapters.reference import ReferenceEngine

REFUSE_ALL = os.environ.get("PICKY_POSITIONS") == "all"


def main() -> None:
    engine = ReferenceEngine()
    for line in sys.stdin:
        request = json.loads(line)
        position = request.get("position") if request.get("cmd") == "start" else None
        if isinstance(position, dict) and (REFUSE_ALL or "attacker" not in position):
            why = "this table" if REFUSE_ALL else "a position without an attacker"
            reply = {
                "id": request.get("id"),
                "ok": False,
                "error": {"code": "unsupported", "message": f"picky: cannot set up {why}"},
            }
        else:
            reply = engine.handle(request)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if request.get("cmd") == "bye":
            return


main()
