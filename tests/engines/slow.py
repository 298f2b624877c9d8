"""Plays like the reference engine, but takes ``SLOW_SECONDS`` (default 0.2) over each
action: a run against it lasts long enough to be interrupted half way.  With ``$ZOO_PIDS``
set it also counts the actions it answered (one byte each in ``$ZOO_PIDS/actions``), so a
test can wait until the run is well under way before it sends a signal."""

from __future__ import annotations

import os
import time

from _common import PID_DIR, Reply, Request, serve

DELAY = float(os.environ.get("SLOW_SECONDS", "0.2"))


def slowly(request: Request, reply: Reply) -> bool:
    time.sleep(DELAY)
    if PID_DIR:
        with open(os.path.join(PID_DIR, "actions"), "ab") as count:
            count.write(b".")
    return False  # then answer normally


serve("slow", slowly)
