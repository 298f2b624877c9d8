"""Answers an action in a triggering game with a 2 MiB line."""

from __future__ import annotations

from _common import Reply, Request, serve, write


def huge(request: Request, reply: Reply) -> bool:
    write({**reply, "padding": "x" * (2 << 20)})
    return True


serve("huge_line", huge)
