"""The reference engine without capability ``pipeline``, which also checks the promise that
comes with not claiming it: a request must never arrive before the previous one is answered.

It reads stdin unbuffered, a byte at a time, so that ``select`` can tell whether the next
request was already sent; if it was, the reply says so (an ``internal`` error), and the test
that uses this engine fails.  With ``ONE_AT_A_TIME_CLAIMS_PIPELINE=1`` it claims the
capability all the same: an engine that claims more than it can do, for ``smoke`` to catch.
"""

from __future__ import annotations

import json
import os
import select
import sys

from adapters.reference import ReferenceEngine

CLAIMS_PIPELINE = os.environ.get("ONE_AT_A_TIME_CLAIMS_PIPELINE") == "1"


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
        elif request.get("cmd") == "hello" and not CLAIMS_PIPELINE:
            implementation = reply["implementation"]
            implementation["capabilities"] = sorted(
                set(implementation["capabilities"]) - {"pipeline"}
            )
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()
        if request.get("cmd") == "bye":
            return


main()
