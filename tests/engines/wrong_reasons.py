"""The reference engine (behind the proxy) giving a wrong reason for every refusal.

Every ``illegal`` refusal keeps its verdict but names another clause of the same profile:
``<profile>.play.turn``, or ``<profile>.play.card-in-hand`` when the true reason is the turn.
A real engine with its own idea of why a move is refused looks like this; the harness must
judge it on the refusals themselves and only note the reasons (failing them only with
``--strict-reasons``).

Usage: ``python tests/engines/wrong_reasons.py [proxy options]`` (see proxy.py).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from proxy import Proxy, _arguments, _split

JSON = dict[str, Any]


def wrong(clause: str) -> str:
    """Another clause of the same profile than ``clause``."""
    profile = clause.split(".", 1)[0]
    if clause == f"{profile}.play.turn":
        return f"{profile}.play.card-in-hand"
    return f"{profile}.play.turn"


def main() -> int:
    args = _arguments(sys.argv[1:])
    proxy = Proxy(
        _split(args.profiles),
        _split(args.capabilities),
        reasons=True,
        name="wrong-reasons" if args.name == "reference-proxy" else args.name,
    )
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request: object = json.loads(line)
        except ValueError as exc:
            error = {"code": "malformed", "message": str(exc)}
            reply: JSON = {"id": None, "ok": False, "error": error}
            request = None
        else:
            if isinstance(request, dict):
                reply = proxy.handle(request)
            else:
                reply = proxy.server.handle_message(request)
        refusal = reply.get("error")
        if isinstance(refusal, dict) and refusal.get("code") == "illegal" and refusal.get("clause"):
            reply["error"] = {**refusal, "clause": wrong(str(refusal["clause"]))}
        sys.stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        sys.stdout.flush()
        if isinstance(request, dict) and request.get("cmd") == "bye":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
