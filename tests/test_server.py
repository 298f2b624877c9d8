"""The stdio server survives bad input and never lets it touch a running game."""

from __future__ import annotations

import io
import json
import subprocess
from typing import Any

from protocol_support import rules_for, seats, serve_command, shuffled_deck

from durak_conformance.protocol import validate_response
from durak_conformance.server import Server


def _start(game: str = "g", seed: int = 3) -> dict[str, Any]:
    _, rules = rules_for("durak-challenge")
    return {
        "cmd": "start",
        "game": game,
        "profile": "durak-challenge",
        "options": {},
        "rules": rules,
        "seats": seats(2),
        "seed": seed,
        "deck": shuffled_deck(36, seed),
    }


def _run(lines: list[bytes], **kwargs: Any) -> tuple[int, list[dict[str, Any]]]:
    out = io.BytesIO()
    status = Server(**kwargs).serve(io.BytesIO(b"".join(lines)), out)
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    return status, replies


def _line(message: dict[str, Any]) -> bytes:
    return json.dumps(message).encode() + b"\n"


def test_bad_requests_get_errors_and_the_running_game_is_untouched() -> None:
    state_req = {"id": "s", "cmd": "state", "game": "g"}
    lines = [
        _line({"id": 1, **_start()}),
        _line(state_req),
        b"this is not json\n",
        b'{"id": 2, "cmd": "act", "game": "g"}\n',
        b'{"id": 3, "cmd": "act", "game": "g", "seat": 1, "action": {"type": "fly", "seat": 1}}\n',
        _line(
            {
                "id": 4,
                "cmd": "act",
                "game": "nope",
                "seat": 1,
                "action": {"type": "take", "seat": 1},
            }
        ),
        _line(
            {"id": 5, "cmd": "act", "game": "g", "seat": 2, "action": {"type": "take", "seat": 2}}
        ),
        _line(
            {"id": 6, "cmd": "act", "game": "g", "seat": 1, "action": {"type": "take", "seat": 2}}
        ),
        _line({"id": 7, **_start()}),
        b"[1, 2]\n",
        b'{"id": 8, "cmd": "clock", "game": "g", "seconds": NaN}\n',
        b"\xff\xfe\n",
        b"[" * 100_000 + b"\n",
        _line(state_req),
    ]
    status, replies = _run(lines)
    assert status == 0
    codes = [r["error"]["code"] if not r["ok"] else "ok" for r in replies]
    assert codes == [
        "ok",
        "ok",
        "malformed",
        "malformed",
        "malformed",
        "unknown_game",
        "illegal",
        "malformed",
        "malformed",
        "malformed",
        "malformed",
        "malformed",
        "malformed",
        "ok",
    ]
    assert [r["id"] for r in replies[2:6]] == [None, 2, 3, 4]
    assert "seat" in replies[3]["error"]["message"]
    assert "$.action.type" in replies[4]["error"]["message"]
    assert replies[6]["error"]["clause"] == "durak-challenge.play.turn"
    assert "already running" in replies[8]["error"]["message"]
    assert replies[-1]["state"] == replies[1]["state"]


def test_huge_line_is_answered_malformed_and_the_next_line_is_read() -> None:
    huge = b'{"id": 1, "cmd": "state", "game": "' + b"x" * (3 << 20) + b'"}\n'
    status, replies = _run([huge, _line({"id": 2, "cmd": "bye"})])
    assert status == 0
    assert replies[0]["ok"] is False and replies[0]["id"] is None
    assert "longer than 65536 bytes" in replies[0]["error"]["message"]
    assert replies[1] == {"id": 2, "ok": True}


def test_huge_line_at_end_of_input() -> None:
    status, replies = _run([b"y" * 5000], max_line=1000)
    assert status == 0
    assert "longer than 1000 bytes (5000 bytes)" in replies[0]["error"]["message"]


def test_a_line_of_exactly_the_limit_is_read() -> None:
    message = _line({"id": 1, "cmd": "bye"})
    _status, replies = _run([message], max_line=len(message) - 1)
    assert replies == [{"id": 1, "ok": True}]


def test_bye_ends_the_server_and_later_lines_are_not_read() -> None:
    status, replies = _run([_line({"id": 1, "cmd": "bye"}), _line({"id": 2, "cmd": "bye"})])
    assert status == 0 and replies == [{"id": 1, "ok": True}]


def test_empty_input_and_blank_lines_end_cleanly() -> None:
    assert _run([]) == (0, [])
    assert _run([b"\n", b"   \n"]) == (0, [])


def test_many_games_at_once() -> None:
    lines = [_line({"id": n, **_start(f"g{n}", seed=n)}) for n in range(1, 6)]
    lines += [_line({"id": 10 + n, "cmd": "end", "game": f"g{n}"}) for n in (1, 3)]
    lines += [_line({"id": 20 + n, "cmd": "state", "game": f"g{n}"}) for n in range(1, 6)]
    _, replies = _run(lines)
    states = replies[7:]
    assert [r["ok"] for r in states] == [False, True, False, True, True]
    assert states[1]["state"] == replies[1]["state"]
    for reply in replies[:5]:
        validate_response("start", reply)


def test_unsupported_profile_and_protocol() -> None:
    start = {**_start(), "profile": "street-rules"}
    start["rules"] = {**start["rules"], "profile": "street-rules"}
    _, replies = _run(
        [
            _line({"id": 1, "cmd": "hello", "protocol": "2"}),
            _line({"id": 2, **start}),
        ]
    )
    assert [r["error"]["code"] for r in replies] == ["unsupported", "unsupported"]


def test_serve_subprocess_writes_only_protocol_lines_and_exits_0_at_eof() -> None:
    requests = [
        {"id": 1, "cmd": "hello", "protocol": "1"},
        {"id": 2, **_start()},
        {"id": 3, "cmd": "state", "game": "missing"},
    ]
    data = b"".join(_line(r) for r in requests) + b"not json\n"
    done = subprocess.run(
        [*serve_command(), "--log-level", "INFO"],
        input=data,
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["id"] for r in replies] == [1, 2, 3, None]
    validate_response("hello", replies[0])
    assert b"end of input" in done.stderr
