"""The fast paths added for fuzzing speed give exactly what the slow ones give: decoding
(orjson where it is exact), the state comparison (raw equality before building views), the
server's batched flushing (every reply still arrives, in order), and schema-checked replies
skipping the shape check (the schemas ask for more)."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from durak_conformance import limits
from durak_conformance.fuzzing.campaign import make_table, random_start
from durak_conformance.fuzzing.lockstep import (
    ReferenceSide,
    differences,
    random_chooser,
    rules_view,
    same_rules,
)

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=5), children, max_size=4)
    ),
    max_leaves=20,
)


def _outcome(text: str | bytes, *, fast: bool) -> object:
    """decode_json's value, or its error message, with or without the orjson fast path."""
    saved = limits._orjson
    if not fast:
        limits._orjson = None
    try:
        return limits.decode_json(text)
    except limits.LimitError as exc:
        return ("refused", str(exc))
    finally:
        limits._orjson = saved


@settings(max_examples=300, deadline=None)
@given(JSON_VALUES)
def test_decoding_with_the_fast_path_gives_what_the_checked_path_gives(value: object) -> None:
    text = json.dumps(value)
    assert _outcome(text, fast=True) == _outcome(text, fast=False)
    line = text.encode() + b"\n"
    assert _outcome(line, fast=True) == _outcome(line, fast=False)


@pytest.mark.parametrize(
    "text",
    [
        "[1e999]",
        "[NaN]",
        "[123456789012345678901]",
        "[18446744073709551616]",
        '{"a":"\\udc80"}',
        "[1.5e16]",
        "[1,]",
        '{"a":1,"a":2}',
        "\ufeff{}",
        "[" * 32 + "]" * 32,
        "[" * 33 + "]" * 33,
        "[" + ",".join(["{}"] * 40) + "]",
        '["[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", [[]]]',
    ],
)
def test_what_the_fast_path_refuses_or_bends_goes_the_checked_way(text: str) -> None:
    assert limits._orjson is not None, "orjson is a dependency"
    assert _outcome(text, fast=True) == _outcome(text, fast=False)
    line = text.encode("utf-8", "surrogatepass")
    assert _outcome(line, fast=True) == _outcome(line, fast=False)


@settings(max_examples=500, deadline=None)
@given(
    st.binary(max_size=60)
    | st.text(alphabet="0123456789.eE -x", max_size=60).map(str.encode)
    | st.integers().map(lambda n: str(n).encode())
)
def test_the_number_scan_on_bytes_finds_what_the_expression_finds(data: bytes) -> None:
    # The bytes scan is a translation and two substring searches; the expression on text
    # says what it must find: a digit before one of ".eE", or a run of 19 digits.
    expression = limits._NOT_FOR_ORJSON
    assert (limits._number_shapes(data) is None) == bool(expression.search(data.decode("latin-1")))


@pytest.mark.parametrize(
    ("data", "found"),
    [
        (b'{"a":1}', False),
        (b'{"a":1.5}', True),
        (b'{"a":2e3}', True),
        (b'{"a":2E3}', True),
        (b'{"phase":"lead","seat":10}', False),
        (b'{"clause":"howto.play.turn","n":3}', False),
        (b"[" + b"9" * 18 + b"]", False),
        (b"[" + b"9" * 19 + b"]", True),
        (b'["7e"]', True),  # inside a string: only the slow path, never a wrong value
    ],
)
def test_the_number_scan_on_bytes(data: bytes, found: bool) -> None:
    assert (limits._number_shapes(data) is None) is found


def test_bytes_that_are_not_utf8_get_the_checked_message() -> None:
    for line in (b'{"a": "\xff"}', b"[1, \xc3]", b'"\xed\xa0\x80"'):
        assert _outcome(line, fast=True) == _outcome(line, fast=False)
        assert "not UTF-8" in str(_outcome(line, fast=True))


def _states(count: int) -> list[dict[str, object]]:
    table = make_table("howto-durak", {}, 3)
    import random

    rng = random.Random(3)
    ref = ReferenceSide(table, random_start(table, rng, 0.3))
    chooser = random_chooser(rng, 0.0, 36)
    states = [ref.state]
    for step in range(count):
        action = chooser(ref, step)
        if action is None:
            break
        ref.act(action)
        states.append(ref.state)
    return states


def test_raw_equality_of_states_implies_equal_rules_views_and_never_hides_a_difference() -> None:
    states = _states(40)
    for a in states:
        for b in states[:10]:
            if same_rules(a, b):
                assert rules_view(a) == rules_view(b)
            if differences(rules_view(a), rules_view(b)):
                assert not same_rules(a, b)
    state = json.loads(json.dumps(states[5]))
    reordered = json.loads(json.dumps(state))
    reordered["seats"][0]["hand"] = list(reversed(reordered["seats"][0]["hand"]))
    if len(state["seats"][0]["hand"]) > 1:
        assert not same_rules(state, reordered)  # the fast path says nothing ...
        assert rules_view(state) == rules_view(reordered)  # ... and the views agree
    changed = json.loads(json.dumps(state))
    changed["attacker"] = 3 if state["attacker"] != 3 else 1
    assert not same_rules(state, changed)


def test_the_server_answers_a_batch_in_order_and_a_lone_request_at_once() -> None:
    engine = subprocess.Popen(
        [sys.executable, "-m", "durak_conformance", "serve"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env={**os.environ},
    )
    assert engine.stdin is not None and engine.stdout is not None
    try:
        batch = b"".join(
            json.dumps({"id": i, "cmd": "hello", "protocol": "1"}).encode() + b"\n"
            for i in range(1, 51)
        )
        engine.stdin.write(batch)
        engine.stdin.flush()
        ids = [json.loads(engine.stdout.readline())["id"] for _ in range(50)]
        assert ids == list(range(1, 51))
        # one request, waited for: answered without more input coming (no deadlock)
        engine.stdin.write(b'{"id": 99, "cmd": "hello", "protocol": "1"}\n')
        engine.stdin.flush()
        assert json.loads(engine.stdout.readline())["id"] == 99
        engine.stdin.write(b'{"id": 100, "cmd": "bye"}\n')
        engine.stdin.flush()
        assert json.loads(engine.stdout.readline())["ok"] is True
        assert engine.wait(timeout=30) == 0
    finally:
        engine.kill()
        engine.wait()


def _fed(chunks: list[bytes], max_line: int) -> list[object]:
    """What the stdio adapter's reader makes of stdout arriving in ``chunks``."""
    import collections

    from adapters.stdio import _Engine, _Oversized

    reader = object.__new__(_Engine)  # the line splitting alone, with no process behind it
    reader.lines = collections.deque()
    reader.partial = bytearray()
    reader.discarding = 0
    reader.max_line = max_line
    for chunk in chunks:
        reader._feed(chunk)
    return [("over", item.size) if isinstance(item, _Oversized) else item for item in reader.lines]


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from([b"a", b"bc", b"\n", b"0123456789", b'{"x":1}']), max_size=40),
    st.lists(st.integers(min_value=1, max_value=12), min_size=1, max_size=8),
    st.integers(min_value=1, max_value=12),
)
def test_stdout_is_cut_into_the_same_lines_however_it_arrives(
    parts: list[bytes], cuts: list[int], max_line: int
) -> None:
    stream = b"".join(parts)
    *whole, _ = stream.split(b"\n")  # what follows the last newline is not a line yet
    expected = [line if len(line) <= max_line else ("over", len(line)) for line in whole]
    chunks, at = [], 0
    for size in itertools.cycle(cuts):
        if at >= len(stream):
            break
        chunks.append(stream[at : at + size])
        at += size
    assert _fed(chunks, max_line) == expected
    assert _fed([stream], max_line) == expected
