"""The stdio adapter: capabilities, schema checks, stderr, registry."""

from __future__ import annotations

import sys

import pytest
from protocol_support import (
    ROOT,
    engine_command,
    rules_for,
    seats,
    serve_command,
    start_game,
    stdio,
)

from adapters.base import EngineFailure, UnsupportedByEngine
from adapters.reference import ReferenceAdapter
from adapters.registry import (
    AdapterOptions,
    UnknownAdapter,
    available,
    create,
    open_adapter,
)
from adapters.stdio import StdioAdapter

MINIMAL = [sys.executable, str(ROOT / "examples" / "minimal_engine.py")]


def test_requests_the_engine_does_not_claim_are_never_sent() -> None:
    adapter = stdio(MINIMAL)
    try:
        assert adapter.hello().capabilities == {"legal"}
        options, rules = rules_for("durak-challenge")
        position = {"hands": {"1": ["7H"], "2": ["8H"]}, "stock": [], "trump": "6H"}
        with pytest.raises(UnsupportedByEngine, match="does not claim capability position"):
            adapter.start(
                "g",
                profile="durak-challenge",
                options=options,
                rules=rules,
                seats=seats(2),
                position=position,
            )
        start_game(adapter, "g")
        with pytest.raises(UnsupportedByEngine, match="does not claim capability clock"):
            adapter.clock("g", 5)
        with pytest.raises(UnsupportedByEngine, match="does not implement profile street"):
            adapter.start(
                "h",
                profile="street",
                options={},
                rules={"profile": "street"},
                seats=seats(2),
                deck=["7H"],
            )
    finally:
        adapter.close()
    assert adapter.exit_status == 0


def test_illegal_action_is_a_reply_not_an_exception() -> None:
    with stdio(serve_command()) as adapter:
        state = start_game(adapter, "g")
        defender = state["defender"]
        result = adapter.act("g", defender, {"type": "take", "seat": defender})
        assert not result.ok and result.error is not None
        assert result.error["code"] == "illegal"
        assert result.error["clause"] == "durak-challenge.play.turn"
        assert adapter.state("g") == state


def test_schema_checks_can_be_switched_off_but_not_the_shape_the_harness_reads() -> None:
    """Without schema checks a reply lacking what every caller reads (here the state's phase)
    is still the engine's failure, never a KeyError in the harness."""
    adapter = StdioAdapter(engine_command("schema_violation"), checker=None, timeout=5)
    try:
        state = start_game(adapter, "boom-1")
        action = adapter.legal("boom-1", state["attacker"])[0]
        with pytest.raises(EngineFailure) as info:
            adapter.act("boom-1", action["seat"], action)
        message = str(info.value)
        assert "replied with a message of the wrong shape" in message
        assert "expected: $.state.phase to be a string" in message
        assert adapter.restarts == 0  # the stream is in step
    finally:
        adapter.close()


def test_stderr_is_kept_in_a_bounded_ring_buffer() -> None:
    adapter = stdio(engine_command("crash_mid_game"), stderr_lines=1)
    try:
        state = start_game(adapter, "boom-1")
        action = adapter.legal("boom-1", state["attacker"])[0]
        with pytest.raises(EngineFailure) as info:
            adapter.act("boom-1", action["seat"], action)
        message = str(info.value)
        assert "engine stderr (last 1 lines):\n    ZeroDivisionError" in message
        assert "Traceback" not in message
    finally:
        adapter.close()


def test_raw_requests_and_lines() -> None:
    with stdio(serve_command()) as adapter:
        assert isinstance(adapter, StdioAdapter)
        reply = adapter.request_line(b"not json\n")
        assert reply["id"] is None and reply["error"]["code"] == "malformed"
        reply = adapter.request({"cmd": "state", "game": "nope"})
        assert reply["error"]["code"] == "unknown_game"
        assert isinstance(reply["id"], int)


def test_registry_knows_the_builtins_and_command_lines() -> None:
    names = available()
    assert names["reference"] == "adapters.registry:reference"
    assert names["reference-stdio"] == "adapters.registry:reference_stdio"
    assert isinstance(create("reference"), ReferenceAdapter)
    stdio_adapter = create("reference-stdio", AdapterOptions(timeout=3))
    assert isinstance(stdio_adapter, StdioAdapter)
    assert stdio_adapter.command[1:] == ("-m", "durak_conformance", "serve")
    assert stdio_adapter.timeout == 3
    by_command = open_adapter(command=["my-engine", "--fast"])
    assert isinstance(by_command, StdioAdapter) and by_command.name == "my-engine"
    with pytest.raises(UnknownAdapter, match=r"known adapters: .*reference-stdio"):
        create("nonesuch")
    with pytest.raises(ValueError, match="not both"):
        open_adapter("reference", ["x"])
