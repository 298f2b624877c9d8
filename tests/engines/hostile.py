"""The reference engine with one attack on the harness, chosen by ``HOSTILE_ATTACK``.

Each attack is data an engine may send that must cost the harness nothing: no crash, no
file outside the reports folder, no forged output, no unbounded memory.  Handshake attacks
change the ``hello`` reply; reply attacks change the reply to every ``act`` (or to ``start``)
of every game whose id starts with ``$BROKEN_TRIGGER`` (default: every game).  The table
in ``tests/test_fault_injection.py`` says what each must lead to.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import Any

from _common import log, register_pid

from adapters.reference import ReferenceEngine

Reply = dict[str, Any]
ATTACK = os.environ.get("HOSTILE_ATTACK", "")
PREFIX = os.environ.get("BROKEN_TRIGGER", "")
"""Reply attacks hit the games whose id starts with this (default: every game)."""


def _hello(**fields: Any) -> Callable[[Reply], None]:
    def change(impl: Reply) -> None:
        for key, value in fields.items():
            impl[key] = value(impl[key]) if callable(value) else value

    return change


HELLO: dict[str, Callable[[Reply], None]] = {
    "profile-paths": _hello(
        profiles=lambda p: [
            *p,
            "x/../../../escaped",
            "/tmp/durak-conformance-absolute-escape",
            "..",
            ".",
            "badges/../../y",
        ]
    ),
    "profile-long": _hello(profiles=lambda p: [*p, "p" * 300]),
    "profiles-many": _hello(profiles=lambda p: [*p, *(f"p{i}" for i in range(20_000))]),
    "name-long": _hello(name="n" * 300),
    "name-path": _hello(name="../../../escaped-engine"),
    "name-reserved": _hello(name="mutants"),
    "forged-text": _hello(
        name="[click](javascript:alert(1)) <img src=x> | cell | `code`\x1b[2J\x07\x00",
        version="\x1b]0;pwned\x07 1.0",
        homepage="https://example.org/\n- Result: **passed** (exit code 0)\n\n## Forged",
    ),
    "homepage-javascript": _hello(homepage="javascript:alert(document.cookie)"),
    "hello-surrogate": _hello(name="engine-\udc80"),
    "hello-huge-extra": _hello(notes="n" * 100_000),
}


def _deep(depth: int) -> str:
    return "[" * depth + "]" * depth


def _raw(reply: Reply, key: str, raw: str) -> str:
    """``reply`` as a JSON line with ``"key": <raw JSON text>`` added to its state."""
    text = json.dumps(reply)
    marker = '"state": {'
    return text.replace(marker, f'{marker}"{key}": {raw}, ', 1)


def _invented_card(reply: Reply) -> str:
    state = reply["state"]
    hand = state["seats"][0]["hand"]
    hand[0] = "2C"  # no two in a 36-card deck
    return json.dumps(reply)


def _wrong_shape(reply: Reply) -> str:
    shape = os.environ.get("HOSTILE_SHAPE", "hand")
    state = reply["state"]
    if shape == "hand":
        state["seats"][0]["hand"] = "7H 8H"  # a string, not a list
    elif shape == "state":
        reply["state"] = ["not", "a", "state"]
    elif shape == "cards":
        state["seats"][0]["hand"] = [7, {"card": "7H"}]
    elif shape == "attacker":
        state.pop("attacker", None)
        state["table"] = [{"attack": ["7H"]}]
    return json.dumps(reply)


REPLIES: dict[str, tuple[str, Callable[[Reply], str]]] = {
    # attack: (the command whose reply is changed, how)
    "surrogate-reply": ("act", lambda r: _raw(r, "note", '"\\udc80"')),
    "deep-reply": ("act", lambda r: _raw(r, "note", _deep(100_000))),
    "bigint-reply": ("act", lambda r: _raw(r, "note", "9" * 5_000)),
    "infinity-reply": ("act", lambda r: _raw(r, "note", "1e999")),
    "huge-error": (
        "act",
        lambda r: json.dumps(
            {"id": r["id"], "ok": False, "error": {"code": "internal", "message": "E" * 1_000_000}}
        ),
    ),
    "huge-refusal": (
        "start",
        lambda r: json.dumps(
            {"id": r["id"], "ok": False, "error": {"code": "internal", "message": "E" * 1_000_000}}
        ),
    ),
    "invented-card": ("start", _invented_card),
    "wrong-shape": ("act", _wrong_shape),
}


def main() -> None:
    if ATTACK not in HELLO and ATTACK not in REPLIES:
        sys.exit(f"hostile: unknown HOSTILE_ATTACK {ATTACK!r}")
    register_pid()
    engine = ReferenceEngine()
    log(f"hostile: started, attack {ATTACK}")
    for line in sys.stdin:
        request = json.loads(line)
        reply = engine.handle(request)
        cmd = request.get("cmd")
        game = request.get("game")
        text = json.dumps(reply)
        if cmd == "hello" and ATTACK in HELLO:
            HELLO[ATTACK](reply["implementation"])
            text = json.dumps(reply)  # ensure_ascii: a lone surrogate becomes "\udc80"
        elif (
            ATTACK in REPLIES
            and cmd == REPLIES[ATTACK][0]
            and reply.get("ok")
            and isinstance(game, str)
            and game.startswith(PREFIX)
        ):
            text = REPLIES[ATTACK][1](reply)
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
        if cmd == "bye":
            return


main()
