"""A plausible buggy engine: the reference engine playing with a bout cap of seven.

Used to check that a conformance run reports real rule failures (exit 1), that an
expectations file turns them into expected failures, and that --max-fail stops early.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from durak_conformance.server import Server


def main() -> int:
    server = Server()
    for line in sys.stdin:
        request: Any = json.loads(line)
        if isinstance(request, dict) and request.get("cmd") == "hello":
            reply = server.handle_message(request)
            reply["implementation"]["name"] = "seven-cards"
        else:
            if isinstance(request, dict) and request.get("cmd") == "start":
                request["rules"] = {**request.get("rules", {}), "bout_cap": 7}
            reply = server.handle_message(request)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if isinstance(request, dict) and request.get("cmd") == "bye":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
