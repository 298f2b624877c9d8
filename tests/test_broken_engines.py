"""Each deliberately broken engine is reported for what it did, and the harness goes on."""

from __future__ import annotations

import time

import pytest
from protocol_support import engine_command, play_moves, start_game, stdio

from adapters.base import EngineFailure, EngineStartFailure
from adapters.stdio import StdioAdapter
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
    assert "1 of 9 checks failed" in out


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
