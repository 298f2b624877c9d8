"""Plays like the reference engine, but takes ``SLOW_SECONDS`` (default 0.2) over each
action: a run against it lasts long enough to be interrupted half way."""

from __future__ import annotations

import os
import time

from _common import Reply, Request, serve

DELAY = float(os.environ.get("SLOW_SECONDS", "0.2"))


def slowly(request: Request, reply: Reply) -> bool:
    time.sleep(DELAY)
    return False  # then answer normally


serve("slow", slowly)
