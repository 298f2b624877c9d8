"""Writes 20 MB to stderr (in lines of 100 kB) before answering an action of a triggering
game, then answers it normally: the harness must read on, keeping only a bounded tail."""

from __future__ import annotations

import sys

from _common import Reply, Request, serve


def shout(request: Request, reply: Reply) -> bool:
    line = "x" * 100_000 + "\n"
    for _ in range(200):
        sys.stderr.write(line)
    sys.stderr.flush()
    return False


serve("noisy", shout)
