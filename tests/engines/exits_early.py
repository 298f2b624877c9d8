"""Exits quietly (status 0) instead of starting a triggering game."""

from __future__ import annotations

import sys

from _common import Reply, Request, serve


def leave(request: Request, reply: Reply) -> bool:
    sys.exit(0)


serve("exits_early", leave, commands=frozenset({"start"}))
