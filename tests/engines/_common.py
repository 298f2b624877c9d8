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
PID_DIR = os.environ.get("ZOO_PIDS")
"""A folder where every engine process of the zoo (and every helper it starts) leaves a file
named after its pid, so a test can check afterwards that none of them is still running."""


def register_pid(pid: int | None = None) -> None:
    """Leave this process's pid (or ``pid``) in ``$ZOO_PIDS``, if set."""
    if PID_DIR:
        with open(os.path.join(PID_DIR, str(pid or os.getpid())), "w", encoding="ascii"):
            pass


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def write(reply: Reply) -> None:
    sys.stdout.write(json.dumps(reply) + "\n")
    sys.stdout.flush()


def serve(
    name: str, misbehave: Misbehave, *, commands: frozenset[str] = frozenset({"act"})
) -> None:
    """Answer requests like the reference engine, calling ``misbehave`` when triggered."""
    register_pid()
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


def answer_lines(handle: Callable[[Request], Reply]) -> int:
    """Answer each request line on stdin with ``handle``'s reply until ``bye`` or the end."""
    for line in sys.stdin:
        if not line.strip():
            continue
        request: Request = json.loads(line)
        write(handle(request))
        if request.get("cmd") == "bye":
            break
    return 0
