"""What the wrappers around public engines share (adapters/thirdparty/common.py).

No engine checkout is needed: a fake table stands in for an engine's game.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from adapters.base import RequestRefused
from adapters.thirdparty import common
from adapters.thirdparty.common import (
    CheckoutError,
    Table,
    WrapperEngine,
    candidate_actions,
    check_action,
    events_between,
    find_checkout,
    implementation,
    read_commit,
    seats_out,
    serve,
)

JSON = dict[str, Any]


def state(**changes: Any) -> JSON:
    """A two-seat protocol state; keyword arguments replace fields."""
    base: JSON = {
        "phase": "bout",
        "trump": "6H",
        "trump_suit": "H",
        "stock": ["9S", "TS", "6H"],
        "discard": [],
        "seats": [
            {"seat": 1, "hand": ["7S", "QS"], "out": False, "human": True, "actions": ["done"]},
            {"seat": 2, "hand": ["8D"], "out": False, "human": True, "actions": []},
        ],
        "table": [{"attack": "7D", "attacker": 1, "defence": "9D", "defender": 2}],
        "bout": 1,
        "starter": 1,
        "attacker": 1,
        "defender": 2,
        "taken": False,
        "limit": 6,
        "teams": None,
        "result": None,
    }
    base.update(changes)
    return base


class FakeTable(Table):
    """A table whose engine accepts one ``done`` of seat 1, then the bout is discarded."""

    def __init__(self) -> None:
        self.current = state()
        self.crash = False

    def build_state(self) -> JSON:
        return json.loads(json.dumps(self.current))  # type: ignore[no-any-return]

    def act(self, seat: int, action: Mapping[str, Any]) -> list[JSON]:
        if self.crash:
            raise ZeroDivisionError("engine bug")
        if action != {"type": "done", "seat": 1}:
            raise common.illegal("fake", "no")
        before = self.state()
        self.current = state(
            phase="lead",
            table=[],
            discard=["7D", "9D"],
            stock=["6H"],
            seats=[
                {"seat": 1, "hand": ["7S", "QS", "9S"], "out": False, "human": True, "actions": []},
                {"seat": 2, "hand": ["8D", "TS"], "out": False, "human": True, "actions": []},
            ],
            attacker=2,
            defender=1,
        )
        self.revision += 1
        return events_between(action, before, self.state())

    def legal(self, seat: int) -> list[JSON]:
        return [{"type": "done", "seat": 1}] if seat == 1 else []


def hello(capabilities: tuple[str, ...] = ("deck", "legal")) -> JSON:
    return implementation(
        name="fake",
        version="1",
        language="python",
        repository="https://github.com/example/fake",
        commit="0" * 40,
        profiles=["durak-challenge"],
        capabilities=capabilities,
        wrapper="tests",
    )


def engine(capabilities: tuple[str, ...] = ("deck", "legal")) -> WrapperEngine:
    return WrapperEngine(hello(capabilities), lambda request: FakeTable(), "fake")


def start(**changes: Any) -> JSON:
    request: JSON = {
        "id": 1,
        "cmd": "start",
        "game": "g",
        "profile": "durak-challenge",
        "options": {},
        "rules": {"profile": "durak-challenge"},
        "seats": [{"seat": 1, "human": True}, {"seat": 2, "human": True}],
        "seed": 0,
        "deck": ["7S"],
    }
    request.update(changes)
    return {k: v for k, v in request.items() if v is not None}


# ---------------------------------------------------------------------- the checkout


def test_a_missing_checkout_names_the_option_the_variable_and_the_repository(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("DURAK_FAKE_CHECKOUT", raising=False)
    args = {"engine": "fake", "repository": "https://github.com/example/fake", "required": ["x.py"]}
    with pytest.raises(CheckoutError) as missing:
        find_checkout(None, "DURAK_FAKE_CHECKOUT", **args)  # type: ignore[arg-type]
    assert "--checkout" in str(missing.value) and "DURAK_FAKE_CHECKOUT" in str(missing.value)
    assert "https://github.com/example/fake" in str(missing.value)
    with pytest.raises(CheckoutError) as not_dir:
        find_checkout(str(tmp_path / "nowhere"), "DURAK_FAKE_CHECKOUT", **args)  # type: ignore[arg-type]
    assert "is not a directory" in str(not_dir.value)
    monkeypatch.setenv("DURAK_FAKE_CHECKOUT", str(tmp_path))
    with pytest.raises(CheckoutError) as wrong:
        find_checkout(None, "DURAK_FAKE_CHECKOUT", **args, build_hint="Build it.")  # type: ignore[arg-type]
    assert "lacks x.py" in str(wrong.value) and "Build it." in str(wrong.value)
    (tmp_path / "x.py").write_text("")
    found = find_checkout(None, "DURAK_FAKE_CHECKOUT", **args)  # type: ignore[arg-type]
    assert found.path == tmp_path.resolve() and found.commit == "unknown"


def test_the_commit_is_read_from_the_checkout(tmp_path: Path) -> None:
    git = ["git", "-C", str(tmp_path), "-c", "user.name=t", "-c", "user.email=t@example.com"]
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / "a").write_text("a")
    subprocess.run([*git, "add", "a"], check=True)
    subprocess.run([*git, "commit", "-qm", "a"], check=True)
    head = subprocess.run(
        [*git, "rev-parse", "HEAD"], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert read_commit(tmp_path) == head
    assert hello()["source"] == {
        "repository": "https://github.com/example/fake",
        "commit": "0" * 40,
    }


def test_run_main_reports_a_missing_checkout_before_the_handshake_with_status_3(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("DURAK_CARDSHARP_CHECKOUT", raising=False)
    done = subprocess.run(
        [sys.executable, "-m", "adapters.thirdparty.cardsharp"],
        input='{"id": 1, "cmd": "hello", "protocol": "1"}\n',
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 3
    assert done.stdout == ""
    assert "DURAK_CARDSHARP_CHECKOUT" in done.stderr


# ---------------------------------------------------------------------- requests


def test_the_handshake_carries_the_provenance_and_the_capabilities() -> None:
    reply = engine().handle({"id": 1, "cmd": "hello", "protocol": "1"})
    assert reply["ok"] and reply["implementation"]["source"]["commit"] == "0" * 40
    assert reply["implementation"]["capabilities"] == ["deck", "legal"]
    assert engine().handle({"id": 2, "cmd": "hello", "protocol": "2"})["error"]["code"] == (
        "unsupported"
    )


@pytest.mark.parametrize(
    ("changes", "code", "words"),
    [
        ({"profile": "ggtables", "rules": {"profile": "ggtables"}}, "unsupported", "not claimed"),
        ({"rules": {"profile": "videochess"}}, "malformed", "rules.profile"),
        ({"deck": None, "position": {"hands": {}}}, "unsupported", "by position"),
        ({"deck": None}, "unsupported", "by deal"),
        ({"lobby": {}}, "unsupported", "lobby"),
        ({"position": {"hands": {}}}, "malformed", "not both"),
    ],
)
def test_a_start_the_wrapper_cannot_take_is_refused_with_the_reason(
    changes: JSON, code: str, words: str
) -> None:
    reply = engine().handle(start(**changes))
    assert not reply["ok"] and reply["error"]["code"] == code, reply
    assert words in reply["error"]["message"]


def test_requests_on_a_game() -> None:
    wrapped = engine()
    assert wrapped.handle(start())["ok"]
    assert wrapped.handle(start())["error"]["code"] == "malformed"  # already running
    unknown = wrapped.handle({"id": 3, "cmd": "state", "game": "nope"})
    assert unknown["error"]["code"] == "unknown_game"
    clock = wrapped.handle({"id": 4, "cmd": "clock", "game": "g", "seconds": 1})
    assert clock["error"]["code"] == "unsupported"
    bad_seat = wrapped.handle({"id": 5, "cmd": "legal", "game": "g", "seat": 3})
    assert bad_seat["error"]["code"] == "malformed"
    assert wrapped.handle({"id": 6, "cmd": "legal", "game": "g", "seat": 1})["actions"] == [
        {"type": "done", "seat": 1}
    ]
    refused = wrapped.handle(
        {"id": 7, "cmd": "act", "game": "g", "seat": 2, "action": {"type": "take", "seat": 2}}
    )
    assert refused["error"] == {"code": "illegal", "message": "fake: no"}  # no clause
    done = wrapped.handle(
        {"id": 8, "cmd": "act", "game": "g", "seat": 1, "action": {"type": "done", "seat": 1}}
    )
    assert done["ok"] and done["state"]["phase"] == "lead"
    assert [e["type"] for e in done["events"]] == ["done", "bout_end", "draw", "draw"]
    assert wrapped.handle({"id": 9, "cmd": "end", "game": "g"})["ok"]
    assert wrapped.handle({"id": 10, "cmd": "state", "game": "g"})["error"]["code"] == (
        "unknown_game"
    )


def test_legal_is_unsupported_without_the_capability() -> None:
    wrapped = engine(("deck",))
    wrapped.handle(start())
    reply = wrapped.handle({"id": 2, "cmd": "legal", "game": "g", "seat": 1})
    assert reply["error"]["code"] == "unsupported"


def test_an_exception_in_the_engine_is_internal_and_the_wrapper_keeps_serving() -> None:
    table = FakeTable()
    table.crash = True
    wrapped = WrapperEngine(hello(), lambda request: table, "fake")
    wrapped.handle(start())
    act = {"id": 2, "cmd": "act", "game": "g", "seat": 1, "action": {"type": "done", "seat": 1}}
    reply = wrapped.handle(act)
    assert reply["error"]["code"] == "internal" and "ZeroDivisionError" in reply["error"]["message"]
    assert wrapped.handle({"id": 3, "cmd": "state", "game": "g"})["ok"]


@pytest.mark.parametrize(
    ("action", "code"),
    [
        ("not an object", "malformed"),
        ({"type": "fly", "seat": 1}, "malformed"),
        ({"type": "take", "seat": 2}, "malformed"),
        ({"type": "take", "seat": True}, "malformed"),
        ({"type": "attack", "seat": 1, "cards": []}, "malformed"),
        ({"type": "attack", "seat": 1, "cards": ["7S", "7S"]}, "malformed"),
        ({"type": "defend", "seat": 1, "attack": "7S", "card": "1S"}, "malformed"),
        ({"type": "take", "seat": 1, "card": "7S"}, "malformed"),
        ({"type": "redeal", "seat": 1}, "unsupported"),
    ],
)
def test_a_badly_formed_action_is_refused_before_the_engine_sees_it(
    action: object, code: str
) -> None:
    with pytest.raises(RequestRefused) as refused:
        check_action(action, 1, "fake")
    assert refused.value.code == code


def test_serve_answers_line_by_line_and_stops_at_bye() -> None:
    lines = "\n".join(
        [
            "this is not json",
            json.dumps({"id": 1, "cmd": "hello", "protocol": "1"}),
            "",
            json.dumps({"id": 2, "cmd": "bye"}),
            json.dumps({"id": 3, "cmd": "hello", "protocol": "1"}),
        ]
    )
    out = io.StringIO()
    assert serve(engine(), io.StringIO(lines + "\n"), out) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["id"] for r in replies] == [None, 1, 2]
    assert replies[0]["error"]["code"] == "malformed"


def test_a_state_is_rebuilt_only_when_the_game_changed() -> None:
    table = FakeTable()
    first = table.state()
    table.current["bout"] = 7  # changed behind the wrapper's back, revision unchanged
    assert table.state()["bout"] == first["bout"] == 1
    first["bout"] = 99  # the copy handed out is the caller's
    assert table.state()["bout"] == 1
    table.revision += 1
    assert table.state()["bout"] == 7


# ---------------------------------------------------------------------- events and candidates


def test_events_of_a_take_a_transfer_and_the_end() -> None:
    before = state(table=[{"attack": "7D", "attacker": 1, "defence": None, "defender": None}])
    taken = state(
        table=[],
        stock=[],
        seats=[
            {
                "seat": 1,
                "hand": ["7S", "QS", "9S", "TS", "6H"],
                "out": False,
                "human": True,
                "actions": [],
            },
            {"seat": 2, "hand": ["8D", "7D"], "out": False, "human": True, "actions": []},
        ],
    )
    events = events_between({"type": "take", "seat": 2}, before, taken)
    assert events[1] == {"type": "bout_end", "outcome": "taken", "defender": 2, "cards": ["7D"]}
    assert events[2] == {"type": "draw", "seat": 1, "cards": 3}
    moved = state(
        table=[
            {"attack": "7D", "attacker": 1, "defence": None, "defender": None},
            {"attack": "7H", "attacker": 2, "defence": None, "defender": None},
        ],
        defender=1,
    )
    transfer = events_between({"type": "transfer", "seat": 2, "card": "7H"}, before, moved)
    assert transfer[1] == {"type": "transferred", "from": 2, "to": 1}
    result = {
        "termination": "durak",
        "durak": [2],
        "winners": [1],
        "winning_pair": None,
        "out_order": [[1]],
    }
    over = state(
        table=[],
        discard=["7D", "9D"],
        seats=[
            {"seat": 1, "hand": [], "out": True, "human": True, "actions": []},
            {"seat": 2, "hand": ["8D"], "out": False, "human": True, "actions": []},
        ],
        result=result,
    )
    end = events_between({"type": "done", "seat": 1}, state(), over)
    assert [e["type"] for e in end] == ["done", "bout_end", "out", "game_over"]
    assert end[1]["outcome"] == "discarded" and end[-1]["result"] == result


def test_candidates_cover_every_card_play_of_the_hand() -> None:
    view = {
        "seats": [{"seat": 1, "hand": ["7S", "7H", "QS"]}],
        "table": [{"attack": "6S", "defence": None}],
    }
    several = candidate_actions(view, 1, several=True)
    single = candidate_actions(view, 1, several=False)
    assert {"type": "attack", "seat": 1, "cards": ["7S", "7H"]} in several
    assert {"type": "attack", "seat": 1, "cards": ["7S", "7H"]} not in single
    assert {"type": "defend", "seat": 1, "attack": "6S", "card": "QS"} in single
    assert {"type": "transfer", "seat": 1, "card": "7H"} in single
    assert {"type": "accept", "seat": 1} in single
    assert len(single) == 3 + 3 + 3 + 3 + 3


def test_a_position_seat_with_no_cards_and_no_stock_is_out() -> None:
    """The harness may leave such a seat out of ``out`` (the reference engine reads it as
    gone out): every wrapper sets the engine's table up with that seat out."""
    hands = {"1": ["7S"], "2": ["9S"], "3": [], "4": ["TC"]}
    assert seats_out({"hands": hands, "stock": [], "out": []}, 4) == {3}
    assert seats_out({"hands": {"1": ["7S"], "2": ["9S"]}, "stock": []}, 3) == {3}
    assert seats_out({"hands": hands, "stock": [], "out": [2]}, 4) == {2, 3}
    # With cards in the stock an empty hand is only waiting to draw (the engine refuses or
    # fills it): not out.
    assert seats_out({"hands": hands, "stock": ["AS"], "out": []}, 4) == set()
