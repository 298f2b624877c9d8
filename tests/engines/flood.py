"""After answering an action in a triggering game, keeps printing lines nobody asked for."""

from __future__ import annotations

import sys

from _common import Reply, Request, serve, write


def flood(request: Request, reply: Reply) -> bool:
    write(reply)
    try:
        for n in range(1_000_000):
            sys.stdout.write(f'{{"debug": "tick {n}"}}\n')
        sys.stdout.flush()
    except BrokenPipeError:
        sys.exit(0)
    return True


serve("flood", flood)
