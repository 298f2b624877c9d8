"""The protocol schemas: valid schemas, joined by $ref, and clear messages."""

from __future__ import annotations

from typing import Any

import pytest
from jsonschema import Draft202012Validator
from protocol_support import rules_for, seats, shuffled_deck

from adapters.reference import ReferenceEngine
from durak_conformance import protocol
from durak_conformance.protocol import SchemaViolation, validate_request, validate_response


@pytest.mark.parametrize("name", protocol.schema_names())
def test_every_schema_is_a_valid_2020_12_schema(name: str) -> None:
    schema = protocol.load_schema(name)
    Draft202012Validator.check_schema(schema)
    assert schema["$id"] == f"{protocol.SCHEMA_BASE}{name}.json"


def test_every_command_has_a_request_and_a_response_schema() -> None:
    for cmd in protocol.COMMANDS:
        assert protocol.load_schema(f"{cmd}.request")["properties"]["cmd"] == {"const": cmd}
        assert protocol.load_schema(f"{cmd}.response")


def _reference_replies() -> list[tuple[str, dict[str, Any]]]:
    """Real replies of the reference engine, one of each command, errors included."""
    engine = ReferenceEngine()
    _, rules = rules_for("durak-challenge")
    start = {
        "cmd": "start",
        "game": "g",
        "profile": "durak-challenge",
        "options": {},
        "rules": rules,
        "seats": seats(2),
        "seed": 1,
        "deck": shuffled_deck(36, 1),
    }
    out = [("hello", engine.handle({"id": 1, "cmd": "hello", "protocol": "1"}))]
    out.append(("start", engine.handle({"id": 2, **start})))
    legal = engine.handle({"id": 3, "cmd": "legal", "game": "g", "seat": 1})
    out.append(("legal", legal))
    action = legal["actions"][0]
    out.append(
        ("act", engine.handle({"id": 4, "cmd": "act", "game": "g", "seat": 1, "action": action}))
    )
    out.append(
        ("act", engine.handle({"id": 5, "cmd": "act", "game": "g", "seat": 1, "action": action}))
    )
    out.append(("state", engine.handle({"id": 6, "cmd": "state", "game": "g"})))
    out.append(("clock", engine.handle({"id": 7, "cmd": "clock", "game": "g", "seconds": 1})))
    unknown = {**start, "game": "h", "profile": "no-such-profile"}
    out.append(("start", engine.handle({"id": 11, **unknown})))
    deck = shuffled_deck(36, 2)
    out.append(
        ("next_game", engine.handle({"id": 12, "cmd": "next_game", "game": "x", "deck": deck}))
    )
    out.append(("end", engine.handle({"id": 8, "cmd": "end", "game": "g"})))
    out.append(("state", engine.handle({"id": 9, "cmd": "state", "game": "g"})))
    out.append(("bye", engine.handle({"id": 10, "cmd": "bye"})))
    return out


def test_reference_replies_match_their_schemas() -> None:
    replies = _reference_replies()
    codes = [r.get("error", {}).get("code") for _, r in replies]
    assert codes.count("illegal") == 1 and "unsupported" in codes and "unknown_game" in codes
    for cmd, reply in replies:
        validate_response(cmd, reply)


@pytest.mark.parametrize("fast", [True, False], ids=["jsonschema-rs", "jsonschema"])
def test_both_validators_agree(fast: bool) -> None:
    protocol.set_fast_validation(fast)
    try:
        for cmd, reply in _reference_replies():
            validate_response(cmd, reply)
        with pytest.raises(SchemaViolation, match=r"\$\.state\.trump"):
            cmd, reply = _reference_replies()[1]
            validate_response(cmd, {**reply, "state": {**reply["state"], "trump": "10H"}})
    finally:
        protocol.set_fast_validation(True)


BAD_REQUESTS = [
    ([], "request $: must be a JSON object"),
    ({"id": 1}, "request $.cmd: None is not a command"),
    ({"id": 1, "cmd": "jump"}, "'jump' is not a command; expected one of hello"),
    ({"cmd": "bye"}, "bye request $: 'id' is a required property"),
    ({"id": 1, "cmd": "bye", "extra": 1}, "Additional properties are not allowed ('extra'"),
    (
        {
            "id": 1,
            "cmd": "act",
            "game": "g",
            "seat": 1,
            "action": {"type": "attack", "seat": 1, "cards": ["XX"]},
        },
        "act request $.action.cards[0]: 'XX' does not match",
    ),
    (
        {
            "id": 1,
            "cmd": "act",
            "game": "g",
            "seat": 1,
            "action": {"type": "defend", "seat": 1, "card": "7H"},
        },
        "act request $.action: 'attack' is a required property",
    ),
    (
        {"id": 1, "cmd": "act", "game": "g", "seat": 9, "action": {"type": "take", "seat": 9}},
        "act request $.seat: 9 is greater than the maximum of 6",
    ),
    (
        {
            "id": 1,
            "cmd": "start",
            "game": "g",
            "profile": "p",
            "options": {},
            "rules": {"profile": "p"},
            "seats": seats(2),
            "seed": 1,
            "deck": ["7S"],
            "position": {"hands": {"1": ["8S"], "2": ["9S"]}, "stock": [], "trump": "6H"},
        },
        "not both; with neither the engine deals",
    ),
    (
        {
            "id": 1,
            "cmd": "start",
            "game": "g",
            "profile": "p",
            "options": {},
            "rules": {"profile": "p"},
            "seats": seats(2),
            "seed": 1,
            "position": {"hands": {"1": ["7H"], "9": []}, "stock": [], "trump": "7S"},
        },
        "start request $.position.hands: '9' does not match",
    ),
]


@pytest.mark.parametrize(("message", "expected"), BAD_REQUESTS)
def test_bad_requests_are_named_with_their_json_path(message: object, expected: str) -> None:
    with pytest.raises(SchemaViolation) as info:
        validate_request(message)
    assert expected in str(info.value)


def test_an_illegal_refusal_may_leave_out_its_clause() -> None:
    """Reasons are optional (protocol v1 addition): a refusal without a clause is valid."""
    error = {"code": "illegal", "message": "no"}
    validate_response("act", {"id": 1, "ok": False, "error": error})
    with_clause = {**error, "clause": "videochess.play.turn"}
    validate_response("act", {"id": 1, "ok": False, "error": with_clause})


def test_a_clause_that_is_given_must_look_like_a_clause_id() -> None:
    reply = {"id": 1, "ok": False, "error": {"code": "illegal", "message": "no", "clause": "No!"}}
    with pytest.raises(SchemaViolation, match=r"act reply \$\.error\.clause: 'No!' does not match"):
        validate_response("act", reply)


def test_long_instances_are_cut_in_messages() -> None:
    with pytest.raises(SchemaViolation) as info:
        validate_response("state", {"id": 1, "ok": True, "state": {"x": "y" * 5000}})
    assert len(str(info.value)) < 400
