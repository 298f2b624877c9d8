"""The reference-behind-a-proxy engine claims only what it is told to, and strips reasons."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

PROXY = Path(__file__).parent / "engines" / "proxy.py"


def _talk(args: list[str], requests: list[dict[str, object]]) -> list[dict[str, object]]:
    lines = "".join(json.dumps(r) + "\n" for r in requests)
    done = subprocess.run(
        [sys.executable, str(PROXY), *args],
        input=lines,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_claims_only_the_given_profiles_and_capabilities() -> None:
    (hello,) = _talk(
        ["--profiles", "videochess", "--capabilities", "legal", "--name", "p"],
        [{"id": 1, "cmd": "hello", "protocol": "1"}],
    )
    implementation = hello["implementation"]
    assert isinstance(implementation, dict)
    assert implementation["name"] == "p"
    assert implementation["profiles"] == ["videochess"]
    assert implementation["capabilities"] == ["legal"]


def test_refuses_what_it_does_not_claim_and_drops_reasons() -> None:
    start = {
        "id": 2,
        "cmd": "start",
        "game": "g",
        "profile": "durak-challenge",
        "options": {},
        "seats": [{"seat": 1, "human": True}, {"seat": 2, "human": False}],
        "seed": 0,
        "position": {"hands": {"1": ["7S"], "2": ["9S"]}, "stock": [], "trump": "TH"},
    }
    replies = _talk(["--capabilities", "", "--no-reasons"], [start])
    assert replies[0]["ok"] is False
    assert replies[0]["error"] == {
        "code": "unsupported",
        "message": "reference-proxy does not claim capability 'position'",
    }


def test_an_illegal_action_is_refused_without_its_clause() -> None:
    from durak_conformance.profiles import load_profile, resolve
    from reference_engine.cards import deck

    rules = dict(resolve(load_profile("durak-challenge"), {}).params)
    cards = [c.code for c in deck(36)]
    start = {
        "id": 1,
        "cmd": "start",
        "game": "g",
        "profile": "durak-challenge",
        "options": {},
        "rules": rules,
        "seats": [{"seat": 1, "human": True}, {"seat": 2, "human": False}],
        "seed": 0,
        "deck": cards,
    }
    start_state = _talk([], [start])[0]["state"]
    assert isinstance(start_state, dict)
    waiting = next(s["seat"] for s in start_state["seats"] if not s["actions"])
    card = next(s["hand"][0] for s in start_state["seats"] if s["seat"] == waiting)
    act = {
        "id": 3,
        "cmd": "act",
        "game": "g",
        "seat": waiting,
        "action": {"type": "attack", "seat": waiting, "cards": [card]},
    }
    for args, has_clause in (([], True), (["--no-reasons"], False)):
        replies = _talk(args, [start, act])
        error = replies[1]["error"]
        assert isinstance(error, dict)
        assert error["code"] == "illegal"
        assert ("clause" in error) is has_clause
