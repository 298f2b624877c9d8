"""Never answers the first action of a triggering game."""

from __future__ import annotations

import time

from _common import Reply, Request, serve


def hang(request: Request, reply: Reply) -> bool:
    time.sleep(3600)
    return True


serve("hang", hang)
