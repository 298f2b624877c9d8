"""The fast schema check reads lists of cases as chains (``protocol.as_chains``): it must
accept exactly what the published, flat schemas accept, and leave alone any list it cannot
prove the same."""

from __future__ import annotations

import copy
from typing import Any

import jsonschema_rs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from durak_conformance import protocol
from durak_conformance.fuzzing.campaign import make_table, random_start
from durak_conformance.fuzzing.lockstep import ReferenceSide, random_chooser


def _validators(name: str) -> tuple[Any, Any]:
    """jsonschema-rs validators for ``name``: as published, and with chains."""
    names = protocol.schema_names()
    flat = jsonschema_rs.Registry(
        [(protocol.SCHEMA_BASE + f"{n}.json", protocol.load_schema(n)) for n in names]
    )
    chained = jsonschema_rs.Registry(
        [
            (protocol.SCHEMA_BASE + f"{n}.json", protocol.as_chains(protocol.load_schema(n)))
            for n in names
        ]
    )
    return (
        jsonschema_rs.Draft202012Validator(protocol.load_schema(name), registry=flat),
        jsonschema_rs.Draft202012Validator(
            protocol.as_chains(protocol.load_schema(name)), registry=chained
        ),
    )


EVENTS_FLAT, EVENTS_CHAINED = _validators("events")
ACT_FLAT, ACT_CHAINED = _validators("act.response")

EVENT_TYPES = protocol.load_schema("events")["$defs"]["event"]["properties"]["type"]["enum"]
FIELDS = ["type", "seat", "card", "cards", "attack", "defender", "outcome", "to", "winner"]
VALUES = st.one_of(
    st.sampled_from(EVENT_TYPES),
    st.sampled_from(["7H", "TS", "AC", "1X", "", "discarded", "taken", "bogus"]),
    st.integers(min_value=-1, max_value=7),
    st.none(),
    st.booleans(),
    st.lists(st.sampled_from(["7H", "TS", "AC", "1X"]), max_size=3),
    st.lists(st.integers(min_value=0, max_value=7), max_size=3),
)
GONE = object()


def _replies(count: int = 4) -> list[dict[str, Any]]:
    """``act`` replies of a few random games, as the reference engine sends them."""
    import random

    table = make_table("durak-challenge", {}, 2)
    replies: list[dict[str, Any]] = []
    for seed in range(count):
        rng = random.Random(seed)
        ref = ReferenceSide(table, random_start(table, rng, 0.3))
        chooser = random_chooser(rng, 0.0, 36)
        for step in range(60):
            action = chooser(ref, step)
            if action is None:
                break
            assert ref.act(action) is None
            replies.append({"id": step, "ok": True, "state": ref.state, "events": ref.events})
    return replies


REAL_EVENTS = [event for reply in _replies() for event in reply["events"]]


def _changed(event: dict[str, Any], changes: list[tuple[str, object]]) -> dict[str, Any]:
    out = dict(event)
    for key, value in changes:
        if value is GONE:
            out.pop(key, None)
        else:
            out[key] = value
    return out


EVENTS = st.builds(
    _changed,
    st.sampled_from(REAL_EVENTS),
    st.lists(st.tuples(st.sampled_from(FIELDS), st.one_of(st.just(GONE), VALUES)), max_size=2),
)


@settings(max_examples=1500, deadline=None)
@given(st.lists(EVENTS, max_size=3))
def test_chained_events_accept_exactly_what_the_flat_list_accepts(events: list[object]) -> None:
    assert EVENTS_CHAINED.is_valid(events) == EVENTS_FLAT.is_valid(events)


def test_the_events_tried_are_both_good_and_bad() -> None:
    # The same kinds of change as the property test draws, drawn here by a seeded generator:
    # enough of them keep an event good that the test above compares both verdicts.
    import random

    rng = random.Random(0)
    values: list[object] = [GONE, "attack", "7H", "1X", "taken", 2, -1, None, True, ["7H"], [9]]
    good = 0
    for _ in range(300):
        event = rng.choice(REAL_EVENTS)
        changes = [(rng.choice(FIELDS), rng.choice(values)) for _ in range(rng.randint(0, 2))]
        good += EVENTS_FLAT.is_valid([_changed(event, changes)])
    assert 30 < good < 270, good


def test_real_replies_and_their_mutants_get_the_same_verdict_both_ways() -> None:
    replies = _replies()
    assert replies and all(ACT_CHAINED.is_valid(r) and ACT_FLAT.is_valid(r) for r in replies)
    broken = 0
    changes: tuple[object, ...] = (None, "7Z", 9, [], {"x": 1})
    for reply in replies[:80]:
        for event_index, event in enumerate(reply["events"]):
            for key in list(event):
                for change in changes:
                    bad = copy.deepcopy(reply)
                    if change is None:
                        del bad["events"][event_index][key]
                    else:
                        bad["events"][event_index][key] = change
                    verdict = ACT_FLAT.is_valid(bad)
                    broken += not verdict
                    assert ACT_CHAINED.is_valid(bad) == verdict, (key, change, event)
    assert broken > 100  # the mutants do break the schema, and both ways say so


def test_every_event_and_action_list_becomes_a_chain() -> None:
    event = protocol.as_chains(protocol.load_schema("events"))["$defs"]["event"]
    action = protocol.as_chains(protocol.load_schema("action"))
    for schema in (event, action):
        assert "allOf" not in schema and {"if", "then", "else"} <= set(schema)
    # The published files are untouched (the messages come from them).
    assert "allOf" in protocol.load_schema("events")["$defs"]["event"]


def _cases(
    *conditions: object, required: list[str] | None = None, kind: str | None = "object"
) -> dict[str, object]:
    return {
        **({"type": kind} if kind else {}),
        "required": ["type"] if required is None else required,
        "allOf": [{"if": {"properties": c}, "then": {"required": ["x"]}} for c in conditions],
    }


@pytest.mark.parametrize(
    ("schema", "chained"),
    [
        (_cases({"type": {"const": "a"}}, {"type": {"enum": ["b", "c"]}}), True),
        (_cases({"type": {"const": "a"}}, {"type": {"enum": ["a", "c"]}}), False),  # overlap
        (_cases({"type": {"const": "a"}}, {"kind": {"const": "b"}}), False),  # two fields
        (_cases({"type": {"const": "a"}}, {"type": {"const": "b"}}, required=[]), False),
        (_cases({"type": {"const": 1}}, {"type": {"const": 2}}), False),  # not strings
        (_cases({"type": {"const": "a"}}), False),  # one case: nothing to gain
        (_cases({"type": {"pattern": "a"}}, {"type": {"const": "b"}}), False),
        # Without "type": "object", a value that is no object meets every "if" of the list.
        (_cases({"type": {"const": "a"}}, {"type": {"const": "b"}}, kind=None), False),
    ],
)
def test_only_lists_of_disjoint_cases_on_a_required_field_are_chained(
    schema: dict[str, object], chained: bool
) -> None:
    out = protocol.as_chains(schema)
    assert ("allOf" not in out) is chained
    if not chained:
        assert out == schema


def test_why_a_list_on_values_that_may_be_no_object_is_left_alone() -> None:
    # Each "then" here refuses a different kind of value; a string meets every "if".
    schema: dict[str, object] = {
        "required": ["type"],
        "allOf": [
            {"if": {"properties": {"type": {"const": "a"}}}, "then": {"type": "string"}},
            {"if": {"properties": {"type": {"const": "b"}}}, "then": {"maxLength": 1}},
        ],
    }
    cases: list[dict[str, Any]] = copy.deepcopy(schema["allOf"])  # type: ignore[arg-type]
    chained = {"required": ["type"], **cases[0], "else": cases[1]}
    flat, naive = jsonschema_rs.validator_for(schema), jsonschema_rs.validator_for(chained)
    assert flat.is_valid("ab") is False and naive.is_valid("ab") is True  # they would differ
    assert protocol.as_chains(schema) == schema


def test_a_schema_with_a_condition_of_its_own_keeps_it_beside_the_chain() -> None:
    schema = _cases({"type": {"const": "a"}}, {"type": {"const": "b"}})
    schema.update({"if": {"required": ["y"]}, "then": {"required": ["z"]}})
    out = protocol.as_chains(schema)
    assert out["if"] == schema["if"] and out["then"] == schema["then"]
    (chain,) = out["allOf"]
    assert chain["if"] == {"properties": {"type": {"const": "a"}}}
    flat = jsonschema_rs.validator_for(schema)
    fast = jsonschema_rs.validator_for(out)
    for instance in (
        {"type": "a"},
        {"type": "a", "x": 1},
        {"type": "b", "y": 1},
        {"type": "b", "x": 1, "y": 1, "z": 1},
        {"type": "c", "y": 1, "z": 1},
        {},
    ):
        assert fast.is_valid(instance) == flat.is_valid(instance), instance
