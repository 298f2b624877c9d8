"""Each deliberately broken engine is reported for what it did, and the harness goes on."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

import pytest
from protocol_support import engine_command, play_moves, start_game, stdio

from adapters.base import Call, EngineFailure, EngineStartFailure
from adapters.processes import alive
from adapters.stdio import StdioAdapter
from durak_conformance import limits
from durak_conformance.cli import main


def _wait_for_unrequested_output(adapter: StdioAdapter) -> None:
    # The flood follows the reply at once; wait (bounded) until the reader has queued it so
    # the next request sees it deterministically.
    engine = adapter._engine
    assert engine is not None
    deadline = time.monotonic() + 5
    while not engine.lines and not engine.partial and time.monotonic() < deadline:
        engine.pump(0.05)


CASES = [
    # engine, expected fragment of the failure, the engine's stderr seen in the message
    ("crash_mid_game", "ended (exit status 1) without answering act", "ZeroDivisionError"),
    ("hang", "did not answer within 0.5 s (killed)", "hang: misbehaving on act"),
    ("garbage", "wrote something that is not JSON", "garbage: misbehaving on act"),
    ("wrong_id", "answered with id", "wrong_id: misbehaving on act"),
    ("schema_violation", "breaks the protocol schema", "schema_violation: misbehaving"),
    ("flood", "wrote output nobody asked for", "flood: misbehaving on act"),
    ("huge_line", "over the 1048576-byte limit", "huge_line: misbehaving on act"),
]


@pytest.mark.parametrize(("engine", "fragment", "stderr"), CASES, ids=[c[0] for c in CASES])
def test_broken_engine_is_reported_and_the_next_game_works(
    engine: str, fragment: str, stderr: str
) -> None:
    adapter = stdio(engine_command(engine), timeout=0.5 if engine == "hang" else 5.0)
    try:
        state = start_game(adapter, "boom-1")
        action = adapter.legal("boom-1", state["attacker"])[0]
        with pytest.raises(EngineFailure) as info:
            adapter.act("boom-1", action["seat"], action)
            _wait_for_unrequested_output(adapter)
            adapter.state("boom-1")
        message = str(info.value)
        assert fragment in message
        assert stderr in message
        assert '"cmd":"act"' in message  # the request is shown to the engine's author
        if engine == "schema_violation":
            assert "$.state: 'phase' is a required property" in message or "10H" in message
            assert adapter.restarts == 0  # the stream is still in step: no restart needed
        else:
            with pytest.raises(EngineFailure, match="game 'boom-1' was lost"):
                adapter.state("boom-1")
        fresh = start_game(adapter, "ok-1", seed=8)
        after = play_moves(adapter, "ok-1", fresh, 4)
        assert after != fresh
        assert adapter.restarts == (0 if engine == "schema_violation" else 1)
    finally:
        adapter.close()


def test_engine_that_exits_early_is_reported() -> None:
    adapter = stdio(engine_command("exits_early"))
    try:
        with pytest.raises(EngineFailure) as info:
            start_game(adapter, "boom-1")
        assert "ended (exit status 0) without answering start" in str(info.value)
        assert "exits_early: misbehaving on start" in str(info.value)
        state = start_game(adapter, "ok-1")
        assert state["phase"] == "lead"
    finally:
        adapter.close()


def test_engine_that_cannot_start_is_a_start_failure_with_its_stderr() -> None:
    adapter = stdio(engine_command("crash_on_start"))
    with pytest.raises(EngineStartFailure) as info:
        adapter.hello()
    message = str(info.value)
    assert "handshake failed" in message
    assert "ended (exit status 2) without answering hello" in message
    assert "cannot open engine data file 'weights.bin'" in message
    adapter.close()


def test_missing_program_is_a_start_failure() -> None:
    adapter = stdio(["/nonexistent/engine"])
    with pytest.raises(EngineStartFailure, match="could not be started"):
        adapter.hello()


def test_smoke_exit_status_for_an_engine_that_cannot_start(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["smoke", "--", *engine_command("crash_on_start")]) == 3
    assert "weights.bin" in capsys.readouterr().out


def test_smoke_reports_a_broken_game_and_goes_on(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BROKEN_TRIGGER", "smoke-game")
    assert main(["smoke", "--", *engine_command("garbage")]) == 1
    out = capsys.readouterr().out
    assert "[FAIL] play a short game to the end" in out
    assert "wrote something that is not JSON" in out
    assert "[PASS] unknown game is answered unknown_game" in out
    assert "[PASS] illegal action is refused and leaves the state unchanged" in out
    assert "1 of 11 checks failed" in out  # deal a game and its follow-mode games too


def test_smoke_checks_a_pipeline_claim(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The test engine refuses a request that arrives before its last reply: fine while it
    does not claim pipeline (the check is not run), a failed check once it claims it."""
    assert main(["smoke", "--", *engine_command("one_at_a_time")]) == 0
    out = capsys.readouterr().out
    assert "requests sent at once" not in out
    monkeypatch.setenv("ONE_AT_A_TIME_CLAIMS_PIPELINE", "1")
    assert main(["smoke", "--", *engine_command("one_at_a_time")]) == 1
    out = capsys.readouterr().out
    assert "[FAIL] requests sent at once are answered in order" in out
    assert "a request came before my reply" in out
    assert "[PASS] bye ends the engine" in out


# ------------------------------------------------------------------ read with deadlines


def _pids(folder: Path) -> list[int]:
    return [int(name) for name in os.listdir(folder) if name.isdigit()]


@pytest.mark.parametrize("session", ["0", "1"], ids=["same-group", "own-session"])
def test_an_engine_that_exits_while_a_child_holds_its_stdout_is_noticed_at_once(
    session: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The engine exits; a helper it started keeps its stdout open, so no end of file
    comes.  The adapter notices the exit itself (the message says so: it did not wait for
    the 60 s timeout, whose message would be a hang's), and kills the helper."""
    monkeypatch.setenv("ZOO_PIDS", str(tmp_path))
    monkeypatch.setenv("HOLDS_STDOUT_SESSION", session)
    adapter = stdio(engine_command("holds_stdout"), timeout=60.0)
    try:
        state = start_game(adapter, "boom-1")
        action = adapter.legal("boom-1", state["attacker"])[0]
        with pytest.raises(EngineFailure) as info:
            adapter.act("boom-1", action["seat"], action)
        message = str(info.value)
        assert "ended (exit status 4) without answering act" in message
        assert "a process it started still held its stdout open (killed)" in message
        assert "did not answer" not in message
        assert len(_pids(tmp_path)) == 2  # the engine and its helper
        assert not [pid for pid in _pids(tmp_path) if alive(pid)]
        fresh = start_game(adapter, "ok-1")  # and the next game gets a fresh engine
        assert fresh["phase"] == "lead"
    finally:
        adapter.close()


def test_a_batch_to_an_engine_that_stops_reading_times_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """3,000 requests (far more than a pipe holds) to an engine that reads no more: the
    writes never block, the batch fails at its deadline, the engine is killed."""
    monkeypatch.setenv("ZOO_PIDS", str(tmp_path))
    adapter = stdio(engine_command("deaf"), timeout=1.0)
    try:
        assert "pipeline" in adapter.hello().capabilities
        calls = [Call(1, {"type": "attack", "seat": 1, "cards": ["7H"]})] * 3_000
        with pytest.raises(EngineFailure, match=r"did not answer within 1 s \(killed\)"):
            list(adapter.pipeline("g", calls))
        assert not [pid for pid in _pids(tmp_path) if alive(pid)]
    finally:
        adapter.close()


def test_a_flood_on_stderr_is_read_on_and_kept_short() -> None:
    adapter = stdio(engine_command("noisy"), timeout=30.0)
    try:
        state = start_game(adapter, "boom-1")
        action = adapter.legal("boom-1", state["attacker"])[0]
        result = adapter.act("boom-1", action["seat"], action)
        assert result.ok  # the 20 MB on stderr blocked nothing
        tail = adapter.stderr_tail()
        assert len(tail) <= limits.STDERR_LINES
        assert all(len(line) <= limits.STDERR_LINE_CHARS + 40 for line in tail)
    finally:
        adapter.close()


def test_an_engine_that_quits_after_a_reply_is_reported_as_ended() -> None:
    adapter = stdio(engine_command("quits_after_reply"))
    try:
        state = start_game(adapter, "boom-1")
        action = adapter.legal("boom-1", state["attacker"])[0]
        assert adapter.act("boom-1", action["seat"], action).ok
        with pytest.raises(EngineFailure) as info:
            adapter.state("boom-1")
        assert "output nobody asked for" not in str(info.value)
        assert "exit status 0" in str(info.value)
    finally:
        adapter.close()


def test_an_interrupted_exchange_kills_the_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C while the engine thinks: the stream is out of step, so the engine (and all it
    started) is killed at once, and the adapter starts a fresh one when asked again."""
    monkeypatch.setenv("ZOO_PIDS", str(tmp_path))
    adapter = stdio(engine_command("hang"), timeout=60.0)
    try:
        state = start_game(adapter, "boom-1")
        action = adapter.legal("boom-1", state["attacker"])[0]
        timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            adapter.act("boom-1", action["seat"], action)
        assert not [pid for pid in _pids(tmp_path) if alive(pid)]
        assert start_game(adapter, "ok-1")["phase"] == "lead"
    finally:
        adapter.close()


def test_a_bad_timeout_is_refused_before_anything_starts() -> None:
    for timeout in (float("nan"), float("inf"), 0.0, -1.0, limits.MAX_TIMEOUT + 1):
        with pytest.raises(ValueError, match="timeout must be a number of seconds"):
            stdio(engine_command("hang"), timeout=timeout)


def test_smoke_names_the_attacker_of_its_position(capsys: pytest.CaptureFixture[str]) -> None:
    """A position between bouts says who attacks: an engine that picks the first attacker only
    when it deals (most real ones) can set it up, so the check judges the table it makes."""
    assert main(["smoke", "--", *engine_command("picky_positions")]) == 0
    out = capsys.readouterr().out
    assert "[PASS] start from a position: ok" in out


def test_smoke_does_not_fail_a_position_the_engine_answers_unsupported(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``unsupported`` is an honest answer (the runner skips such scenarios): smoke shows the
    check as not checked, with the engine's reason, and does not fail the engine for it."""
    monkeypatch.setenv("PICKY_POSITIONS", "all")
    assert main(["smoke", "--", *engine_command("picky_positions")]) == 0
    out = capsys.readouterr().out
    assert "[SKIP] start from a position: not checked: the engine answered unsupported" in out
    assert "picky: cannot set up this table" in out
    assert "(1 not checked: the engine answered unsupported)" in out
    assert "[FAIL]" not in out
