"""The stdio server survives bad input and never lets it touch a running game."""

from __future__ import annotations

import io
import json
import os
import select
import subprocess
import threading
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


# ------------------------------------------------------------------------------ limits


def _strict_json(line: bytes) -> Any:
    def refuse(name: str) -> None:
        raise AssertionError(f"{name} in a reply")

    return json.loads(line, parse_constant=refuse)


def test_every_number_of_a_ruleset_is_bounded() -> None:
    start = _start()
    for name, value in (
        ("false_catch_penalty_cards", 10**12),
        ("action_seconds", 86_401),
        ("hand_size", -1),
        ("bout_cap", 53),
    ):
        request = {**start, "id": 1, "rules": {**start["rules"], name: value}}
        reply = Server().handle_message(request)
        assert reply["error"]["code"] == "malformed", reply
        assert f"rules.{name} is {value}" in reply["error"]["message"]
    assert Server().handle_message({**start, "id": 1})["ok"] is True


def test_clock_seconds_are_bounded_and_replies_stay_json() -> None:
    _, replies = _run(
        [
            _line({**_start(), "id": 1}),
            b'{"id": 2, "cmd": "clock", "game": "g", "seconds": 1e999}\n',
            _line({"id": 3, "cmd": "clock", "game": "g", "seconds": 86_401}),
            _line({"id": 4, "cmd": "state", "game": "g"}),
        ]
    )
    assert "1e999 is beyond" in replies[1]["error"]["message"]
    assert "more than the 86400 seconds" in replies[2]["error"]["message"]
    assert replies[3]["ok"] is True


def test_lone_surrogates_deep_nesting_and_huge_integers_are_malformed() -> None:
    out = io.BytesIO()
    Server().serve(
        io.BytesIO(
            b'{"id": "\\ud800", "cmd": "bye"}\n'
            + b'{"id": 1, "cmd": "state", "game": '
            + b"[" * 10_000
            + b"]" * 10_000
            + b"}\n"
            + b'{"id": 2, "cmd": "state", "game": "g", "n": '
            + b"9" * 5_000
            + b"}\n"
            + b'{"id": 3, "cmd": "bye"}\n'
        ),
        out,
    )
    replies = [_strict_json(line) for line in out.getvalue().splitlines()]
    assert [r["id"] for r in replies] == [None, None, None, 3]
    assert "lone surrogate" in replies[0]["error"]["message"]
    assert "nested deeper than 32" in replies[1]["error"]["message"]
    assert "5000 digits" in replies[2]["error"]["message"]


def test_games_per_connection_are_capped(monkeypatch: Any) -> None:
    from durak_conformance import limits

    monkeypatch.setattr(limits, "SERVER_GAMES", 3)
    server = Server()
    replies = [server.handle_message({**_start(f"g{n}", n), "id": n}) for n in range(4)]
    assert [r["ok"] for r in replies] == [True, True, True, False]
    assert replies[3]["error"]["code"] == "unsupported"
    assert "3 games are running on this connection" in replies[3]["error"]["message"]
    server.handle_message({"id": 9, "cmd": "end", "game": "g0"})
    assert server.handle_message({**_start("g9", 9), "id": 10})["ok"] is True


def test_requests_per_game_are_capped(monkeypatch: Any) -> None:
    from durak_conformance import limits

    monkeypatch.setattr(limits, "SERVER_ACTIONS_PER_GAME", 2)
    server = Server()
    state = server.handle_message({**_start(), "id": 1})["state"]
    seat = state["attacker"]
    refused = {"type": "take", "seat": seat}  # refused, but it still counts
    act = {"cmd": "act", "game": "g", "seat": seat, "action": refused}
    codes = [server.handle_message({**act, "id": n})["error"]["code"] for n in range(3)]
    assert codes == ["illegal", "illegal", "unsupported"]
    server.handle_message({"id": 5, "cmd": "end", "game": "g"})
    server.handle_message({**_start(), "id": 6})
    assert server.handle_message({**act, "id": 7})["error"]["code"] == "illegal"  # afresh


def test_a_big_request_is_refused_unread() -> None:
    status, replies = _run([b'{"id": 1, "cmd": "start", "deck": [' + b'"7H", ' * 150_000 + b"]}\n"])
    assert status == 0
    assert "line longer than 65536 bytes" in replies[0]["error"]["message"]


# ------------------------------------------------------------------------------ writing


class _CountingOut(io.BytesIO):
    """A stdout that counts the writes it is given."""

    def __init__(self) -> None:
        super().__init__()
        self.writes = 0

    def write(self, data: Any) -> int:
        self.writes += 1
        return super().write(data)


def test_a_batch_of_requests_is_answered_in_one_write() -> None:
    """Every reply, in order, in far fewer writes than replies (one system call each made a
    third of the server's time on the fuzzer's batches)."""
    requests = [_line({"id": 1, "cmd": "hello", "protocol": "1"}), _line({"id": 2, **_start()})]
    requests += [_line({"id": n, "cmd": "state", "game": "g"}) for n in range(3, 41)]
    read, write = os.pipe()
    os.write(write, b"".join(requests))
    os.close(write)
    out = _CountingOut()
    with os.fdopen(read, "rb", buffering=0) as stdin:
        assert Server().serve(stdin, out) == 0
    replies = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [r["id"] for r in replies] == list(range(1, 41))
    assert all(r["ok"] for r in replies)
    assert out.writes <= 2


def test_replies_are_written_before_the_server_waits_for_the_rest_of_a_line() -> None:
    """A request read whole is answered at once, even while the next one is still arriving:
    the server never holds a reply while it waits for input."""
    read, write = os.pipe()
    out_read, out_write = os.pipe()
    server = threading.Thread(
        target=lambda: Server().serve(
            os.fdopen(read, "rb", buffering=0), os.fdopen(out_write, "wb", buffering=0)
        ),
        daemon=True,
    )
    server.start()
    try:
        os.write(write, _line({"id": 1, "cmd": "hello", "protocol": "1"}) + b'{"id": 2, "cmd"')
        ready, _, _ = select.select([out_read], [], [], 10.0)
        assert ready, "the reply to a whole request waited for the next request"
        assert json.loads(os.read(out_read, 65536).splitlines()[0])["id"] == 1
        os.write(write, b': "state", "game": "g"}\n')
        ready, _, _ = select.select([out_read], [], [], 10.0)
        assert ready and json.loads(os.read(out_read, 65536))["id"] == 2
    finally:
        os.close(write)
        server.join(10.0)
        os.close(out_read)
    assert not server.is_alive()
