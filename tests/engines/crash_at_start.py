"""Crashes with a traceback on ``start`` of a triggering game (after a good handshake)."""

from __future__ import annotations

import os
import sys

from _common import Reply, Request, serve


def crash(request: Request, reply: Reply) -> bool:
    print("Traceback (most recent call last):", file=sys.stderr)
    print("ZeroDivisionError: division by zero", file=sys.stderr, flush=True)
    os._exit(1)


serve("crash_at_start", crash, commands=frozenset({"start"}))
