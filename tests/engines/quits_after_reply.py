"""Answers the first action of a triggering game, then exits (status 0) without a ``bye``."""

from __future__ import annotations

import json
import sys

from _common import Reply, Request, serve


def quit_after(request: Request, reply: Reply) -> bool:
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()
    sys.exit(0)


serve("quits_after_reply", quit_after)
