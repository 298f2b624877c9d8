"""Answers an action in a triggering game with the wrong request id."""

from __future__ import annotations

from _common import Reply, Request, serve, write


def wrong_id(request: Request, reply: Reply) -> bool:
    write({**reply, "id": request["id"] + 1000})
    return True


serve("wrong_id", wrong_id)
