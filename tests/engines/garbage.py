"""Prints a line of chatter instead of JSON when asked to act in a triggering game."""

from __future__ import annotations

import sys

from _common import Reply, Request, serve


def chatter(request: Request, reply: Reply) -> bool:
    sys.stdout.write("Thinking... playing the seven of hearts!\n")
    sys.stdout.flush()
    return True


serve("garbage", chatter)
