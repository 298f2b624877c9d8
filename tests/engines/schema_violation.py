"""Leaves ``phase`` out of the state and spells a card wrongly after an action."""

from __future__ import annotations

from _common import Reply, Request, serve, write


def violate(request: Request, reply: Reply) -> bool:
    state = dict(reply["state"])
    del state["phase"]
    state["trump"] = "10H"
    write({**reply, "state": state})
    return True


serve("schema_violation", violate)
