"""The reference engine without capability ``pipeline``, which also checks the promise that
comes with not claiming it: a request must never arrive before the previous one is answered.

It reads stdin unbuffered, a byte at a time, so that ``select`` can tell whether the next
request was already sent; if it was, the reply says so (an ``internal`` error), and the test
that uses this engine fails.
"""

from __future__ import annotations

import json
import os
import select
import sys

from adapters.reference import ReferenceEngine


def read_line() -> bytes:
    line = bytearray()
    while True:
        byte = os.read(0, 1)
        if not byte:
            return bytes(line)
        line += byte
        if byte == b"\n":
            return bytes(line)


def main() -> None:
    engine = ReferenceEngine()
    while True:
        line = read_line()
        if not line:
            return
        request = json.loads(line)
        early, _, _ = select.select([0], [], [], 0)
        reply = engine.handle(request)
        if early:
            reply = {
                "id": request.get("id"),
                "ok": False,
                "error": {"code": "internal", "message": "a request came before my reply"},
            }
        elif request.get("cmd") == "hello":
            implementation = reply["implementation"]
            implementation["capabilities"] = sorted(
                set(implementation["capabilities"]) - {"pipeline"}
            )
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if request.get("cmd") == "bye":
            return


main()
