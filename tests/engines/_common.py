"""Shared loop of the deliberately broken engines in this folder.

Each engine is the reference engine behind the protocol, except that it misbehaves in its
own way on requests about games whose id starts with ``$BROKEN_TRIGGER`` (default
``boom``); other games play normally, so a test can check that the harness recovers.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import Any

from adapters.reference import ReferenceEngine

Request = dict[str, Any]
Reply = dict[str, Any]
Misbehave = Callable[[Request, Reply], bool]
"""Called with a triggering request and the reply the engine would give; returns True when it
has handled the request itself (the normal reply is then not written)."""

TRIGGER = os.environ.get("BROKEN_TRIGGER", "boom")


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def write(reply: Reply) -> None:
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()


def serve(
    name: str, misbehave: Misbehave, *, commands: frozenset[str] = frozenset({"act"})
) -> None:
    """Answer requests like the reference engine, calling ``misbehave`` when triggered."""
    engine = ReferenceEngine()
    log(f"{name}: started")
    for line in sys.stdin:
        request: Request = json.loads(line)
        reply = engine.handle(request)
        game = request.get("game")
        if request.get("cmd") in commands and isinstance(game, str) and game.startswith(TRIGGER):
            log(f"{name}: misbehaving on {request.get('cmd')} of {game}")
            if misbehave(request, reply):
                continue
        write(reply)
        if request.get("cmd") == "bye":
            return
