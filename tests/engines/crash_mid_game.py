"""Crashes with a traceback on the first action of a triggering game."""

from __future__ import annotations

import os
import sys

from _common import Reply, Request, serve


def crash(request: Request, reply: Reply) -> bool:
    print("Traceback (most recent call last):", file=sys.stderr)
    print("ZeroDivisionError: division by zero", file=sys.stderr, flush=True)
    os._exit(1)


serve("crash_mid_game", crash)
