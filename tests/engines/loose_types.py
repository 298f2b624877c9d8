"""Writes states that Python's ``==`` cannot tell from the reference engine's: after an action
its state's booleans are written as ``0`` and ``1`` (which the schema refuses).  With
``LOOSE_MODE=reorder`` it writes the right state with its keys in reverse order instead
(which the schema accepts)."""

from __future__ import annotations

import os
from typing import Any

from _common import Reply, Request, serve, write

REORDER = os.environ.get("LOOSE_MODE") == "reorder"


def _reordered(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _reordered(value[key]) for key in reversed(list(value))}
    if isinstance(value, list):
        return [_reordered(item) for item in value]
    return value


def _as_numbers(value: Any) -> Any:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, dict):
        return {key: _as_numbers(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_as_numbers(item) for item in value]
    return value


def misbehave(request: Request, reply: Reply) -> bool:
    if not reply.get("ok"):
        return False
    state = _reordered(reply["state"]) if REORDER else _as_numbers(reply["state"])
    write({**reply, "state": state})
    return True


serve("loose_types", misbehave)
