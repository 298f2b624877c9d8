"""Reply fields known to be valid (``Call.expect``): the schema check leaves out a field that
holds, type for type, the value the caller expected -- the reference engine's state and
events, which the fuzzer sends along with each action.  The verdict must be the one the full
check gives: a state Python's ``==`` cannot tell from the expected one (``0`` for ``false``)
is still checked, and refused."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
from protocol_support import engine_command, serve_command, start_game, stdio

from adapters.base import ActResult, Call, EngineFailure
from adapters.reference import ReferenceAdapter
from durak_conformance import limits, protocol
from durak_conformance.fuzzing.campaign import Settings, make_table, play_seed
from durak_conformance.fuzzing.lockstep import Lockstep
from durak_conformance.protocol import response_problem

JSON = dict[str, Any]


# ------------------------------------------------------------------------------ json_identity


@pytest.mark.parametrize(
    ("a", "b"),
    [
        (True, 1),
        (False, 0),
        (1, 1.0),
        ({"out": False}, {"out": 0}),
        ([1, 2], [2, 1]),
        ({"a": [True]}, {"a": [1.0]}),
        (None, False),
        ("1", 1),
    ],
)
def test_values_python_calls_equal_or_not_are_told_apart_type_for_type(a: Any, b: Any) -> None:
    assert limits.json_identity(a) != limits.json_identity(b)
    assert not limits.same_json(a, b)
    assert not limits.same_json(b, a)
    assert limits.same_json(a, copy.deepcopy(a))


def test_only_the_order_of_keys_does_not_count() -> None:
    a = {"seat": 1, "hand": ["7H", "6S"], "out": False, "more": {"x": 1, "y": None}}
    b = {"more": {"y": None, "x": 1}, "out": False, "hand": ["7H", "6S"], "seat": 1}
    assert limits.json_identity(a) == limits.json_identity(b)
    assert limits.json_identity(a) != limits.json_identity({**b, "hand": ["6S", "7H"]})
    assert limits.same_json(a, b)
    assert not limits.same_json(a, {**b, "hand": ["6S", "7H"]})


def test_same_json_without_orjson_gives_the_same_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    # orjson is optional: the json module's answer must be the same one.
    monkeypatch.setattr(limits, "_orjson", None)
    assert not limits.same_json(True, 1)
    assert not limits.same_json(1, 1.0)
    assert limits.same_json({"x": 1, "y": [None]}, {"y": [None], "x": 1})
    assert not limits.same_json({1, 2}, {1, 2})


def test_values_orjson_cannot_write_are_still_compared() -> None:
    big = 2**70  # beyond orjson's 64-bit integers: the json module compares them
    assert limits.same_json({"n": big}, {"n": big})
    assert not limits.same_json({"n": big}, {"n": big + 1})
    assert not limits.same_json({"a": object()}, {"a": object()})


def test_what_cannot_be_json_has_no_identity() -> None:
    assert limits.json_identity({1, 2}) is None
    assert limits.json_identity({"a": object()}) is None


# ------------------------------------------------------------------------- the checker itself


def _reference_moves(game: str, steps: int) -> Iterator[tuple[int, JSON, ActResult]]:
    """A reference game's first moves: the seat, its first legal action and the result."""
    adapter = ReferenceAdapter()
    state = start_game(adapter, game)
    for _ in range(steps):
        acting = [s["seat"] for s in state["seats"] if s["actions"]]
        if not acting:
            return
        action = adapter.legal(game, acting[0])[0]
        result = adapter.act(game, acting[0], action)
        assert result.ok and result.state is not None
        yield acting[0], action, result
        state = result.state


def _replies(game: str = "g", steps: int = 14) -> list[JSON]:
    """``ok`` act replies of a reference game, as the reference engine writes them."""
    return [
        {"id": step, "ok": True, "state": result.state, "events": list(result.events)}
        for step, (_, _, result) in enumerate(_reference_moves(game, steps))
    ]


def _broken_around_the_known_fields(reply: JSON) -> list[JSON]:
    """``reply`` broken outside its state and events, in every way a reply can be."""
    events = reply["events"]
    return [
        reply,
        {**reply, "id": 1.5},
        {**reply, "id": None},
        {**reply, "ok": 1},
        {**reply, "extra": 1},
        {key: value for key, value in reply.items() if key != "events"},
        {key: value for key, value in reply.items() if key != "id"},
        {**reply, "events": [*events, {"type": "no-such-event"}]},
        {**reply, "events": {"not": "a list"}},
        {**reply, "ok": False},
    ]


@pytest.fixture(params=[True, False], ids=["jsonschema-rs", "jsonschema"])
def fast(request: pytest.FixtureRequest) -> Iterator[bool]:
    """Both validators: jsonschema-rs (when installed) and the pure-Python one."""
    before = protocol.fast_validation()
    protocol.set_fast_validation(request.param)
    yield protocol.fast_validation()
    protocol.set_fast_validation(before)


@pytest.mark.parametrize("known", [("state",), ("events",), ("state", "events")])
def test_leaving_out_known_valid_fields_gives_the_full_checks_verdict(
    known: tuple[str, ...], fast: bool
) -> None:
    checked = refused = 0
    for reply in _replies():
        for message in _broken_around_the_known_fields(reply):
            if any(field in known and message.get(field) != reply[field] for field in message):
                continue  # a known field broken: not what ``known`` may say
            full = response_problem("act", message)
            assert (response_problem("act", message, known) is None) == (full is None), message
            checked += 1
            refused += full is not None
    assert checked > 50 and refused > checked // 2  # both verdicts were compared, many times


def test_a_known_field_is_not_checked_again(fast: bool) -> None:
    """The contract, and the proof that the check is really left out: told (wrongly) that a
    broken state is known, the checker does not look at it."""
    reply = _replies()[0]
    broken = {**reply, "state": {**reply["state"], "phase": "nowhere"}}
    assert response_problem("act", broken) is not None
    assert response_problem("act", broken, ("state",)) is None


def test_a_field_that_cannot_be_known_is_checked_all_the_same() -> None:
    """Only ``state`` and ``events`` are ever left out: told that ``id`` is known, the
    checker still refuses a bad one (never less checking, and no error either: the stdio
    adapter reads a ValueError from its checker as a command the schemas do not know)."""
    reply = _replies()[0]
    assert response_problem("act", {**reply, "id": 1.5}, ("id",)) is not None
    assert response_problem("act", {**reply, "id": 1.5}, ("id", "state")) is not None
    assert response_problem("act", reply, ("id", "state")) is None


# ------------------------------------------------------------------------- over stdio


def _expecting_calls(game: str, steps: int = 12) -> list[Call]:
    """Actions of a reference game, each with the reference engine's reply as its expect."""
    return [
        Call(seat, action, {"state": copy.deepcopy(result.state), "events": list(result.events)})
        for seat, action, result in _reference_moves(game, steps)
    ]


def test_a_reply_that_is_the_expected_one_hands_back_the_expected_values() -> None:
    calls = _expecting_calls("g")
    adapter = stdio(serve_command())
    try:
        start_game(adapter, "g")
        answers = list(adapter.pipeline("g", calls))
    finally:
        adapter.close()
    assert len(answers) == len(calls) > 5
    for call, answer in zip(calls, answers, strict=True):
        assert isinstance(answer, ActResult) and call.expect is not None
        assert answer.state is call.expect["state"]  # what the caller compares it with


def test_keys_in_another_order_are_the_same_state(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LOOSE_MODE", "reorder")
    calls = _expecting_calls("boom")
    adapter = stdio(engine_command("loose_types"))
    try:
        start_game(adapter, "boom")
        answers = list(adapter.pipeline("boom", calls))
    finally:
        adapter.close()
    assert all(
        isinstance(a, ActResult) and c.expect is not None and a.state is c.expect["state"]
        for c, a in zip(calls, answers, strict=True)
    )


def test_a_state_only_loosely_equal_to_the_expected_one_is_checked_and_refused() -> None:
    """``0`` for ``false``: equal for Python, refused by the schema."""
    calls = _expecting_calls("boom")
    adapter = stdio(engine_command("loose_types"))
    try:
        start_game(adapter, "boom")
        with pytest.raises(EngineFailure, match="breaks the protocol schema") as failure:
            list(adapter.pipeline("boom", calls))
    finally:
        adapter.close()
    assert "boolean" in str(failure.value)


def test_the_fuzzer_finds_booleans_written_as_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BROKEN_TRIGGER", "fuzz")  # every game the fuzzer plays
    table = make_table("durak-challenge", {}, 2)
    adapter = stdio(engine_command("loose_types"))
    try:
        trial = play_seed(Lockstep(adapter, table), 3, Settings())
    finally:
        adapter.close()
    assert trial.divergence is not None and trial.divergence.kind == "failure"
    assert "breaks the protocol schema" in trial.divergence.message
    assert "boolean" in trial.divergence.message
