"""The JSON action protocol, version 1: constants, schemas and message checks.

Every request and every reply has a JSON Schema (2020-12) under
``durak_conformance/schemas/protocol-v1/``; shared parts (card, action, state, position,
events, error) are separate files joined with ``$ref`` through a :class:`referencing.Registry`,
so nothing is ever fetched from the network.  One validator per message kind is built once
and reused: building a validator checks the schema itself, which is far slower than
validating a message.

When ``jsonschema-rs`` is installed it answers "valid?" first: a full state reply takes about
4 microseconds there against well over a millisecond in ``jsonschema`` (see
``benchmarks/protocol_speed.py``).  ``jsonschema`` still has the last word and writes the
message (``best_match``) whenever the fast check says no.

:func:`validate_request` and :func:`validate_response` raise :class:`SchemaViolation` whose
message names the message kind, the JSON path of the offending value and what was expected.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Mapping
from importlib import resources
from typing import Any, Final

from jsonschema import Draft202012Validator

try:
    import jsonschema_rs as _jsonschema_rs

    _RS: Any = _jsonschema_rs
except ImportError:  # optional speed-up
    _RS = None

from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource

from adapters.base import MAX_LINE_BYTES, PROTOCOL_VERSION

__all__ = [
    "CAPABILITIES",
    "COMMANDS",
    "ERROR_CODES",
    "KNOWN_FIELDS",
    "MAX_LINE_BYTES",
    "PROTOCOL_VERSION",
    "SchemaViolation",
    "error_reply",
    "load_schema",
    "request_id",
    "response_problem",
    "schema_names",
    "validate_request",
    "validate_response",
    "validator",
]

JSON = dict[str, Any]

SCHEMA_BASE: Final = "https://durak-conformance.example/protocol/v1/"
"""Base of every schema ``$id``: an identifier only, never fetched."""

COMMANDS: Final = (
    "hello",
    "start",
    "act",
    "legal",
    "state",
    "clock",
    "next_game",
    "end",
    "bye",
)
"""Every request ``cmd``."""

GAME_COMMANDS: Final = frozenset({"act", "legal", "state", "clock", "next_game", "end"})
"""Requests about a game already started (answered ``unknown_game`` for any other id)."""

CAPABILITIES: Final = (
    "deck",
    "position",
    "deal",
    "turn",
    "legal",
    "clock",
    "cheating",
    "table",
    "match",
    "pipeline",
)
"""Optional parts of the protocol an engine may claim in its handshake.  ``deck``,
``position`` and ``deal`` say how a game may start (claiming none of them means ``deck``);
``turn``: one player to move at a time, named by the state's ``turn``; ``pipeline``: the
engine may be sent further requests before it has answered the earlier ones."""

CAPABILITY_OF_COMMAND: Final = {"legal": "legal", "clock": "clock", "next_game": "match"}
"""Requests that may only be sent to an engine claiming the named capability."""

ERROR_CODES: Final = ("malformed", "illegal", "unsupported", "unknown_game", "internal")

SHARED_SCHEMAS: Final = ("card", "action", "state", "position", "events", "error")

_MESSAGE_LIMIT = 300


class SchemaViolation(ValueError):
    """A message that does not match its schema.

    ``path`` is the JSON path of the offending value (``$`` for the message itself).
    """

    def __init__(self, message: str, path: str = "$") -> None:
        super().__init__(message)
        self.message = message
        self.path = path


def schema_names() -> list[str]:
    """Every schema file name (without ``.json``), shared definitions first."""
    messages = [f"{cmd}.{kind}" for cmd in COMMANDS for kind in ("request", "response")]
    return [*SHARED_SCHEMAS, *messages]


@functools.cache
def load_schema(name: str) -> JSON:
    """The schema ``name`` (e.g. ``"act.request"`` or ``"card"``) as a dict."""
    text = (
        resources.files("durak_conformance")
        .joinpath("schemas", "protocol-v1", f"{name}.json")
        .read_text(encoding="utf-8")
    )
    schema: JSON = json.loads(text)
    return schema


@functools.cache
def registry() -> Registry[Any]:
    """A registry holding every protocol schema under its ``$id``."""
    resources_ = [
        (SCHEMA_BASE + f"{name}.json", Resource.from_contents(load_schema(name)))
        for name in schema_names()
    ]
    return Registry().with_resources(resources_).crawl()


@functools.cache
def validator(name: str) -> Draft202012Validator:
    """The (cached, reused) validator for schema ``name``."""
    return Draft202012Validator(load_schema(name), registry=registry())


@functools.cache
def _fast_registry() -> Any:
    return _RS.Registry(
        [(SCHEMA_BASE + f"{n}.json", as_chains(load_schema(n))) for n in schema_names()]
    )


@functools.cache
def _fast_validator(name: str) -> Any:
    """A jsonschema-rs validator for ``name``, or None without jsonschema-rs."""
    if _RS is None or not _use_fast:
        return None
    return _RS.Draft202012Validator(as_chains(load_schema(name)), registry=_fast_registry())


def as_chains(schema: Any) -> Any:
    """``schema`` with each list of cases on one required field turned into a chain, for
    the fast "valid?" check only (the files, and the messages, keep the flat lists).

    An event or an action is an ``allOf`` of ``if``/``then`` pairs, one per value of its
    ``type``: a validator tries every ``if`` of the list, about 17 for an event, where a
    chain of ``if``/``then``/``else`` stops at the one that matches.  That took a quarter
    off checking an ``act`` reply.  The two accept exactly the same messages when the
    ``if``s test one property for pairwise different values (``const`` or ``enum``) and the
    schema requires an object with that property: a value that is not an object is refused
    by ``type`` either way (every ``if`` would hold for it), one that lacks the property is
    refused by ``required`` either way, one with another value (or with a value that is not
    a string) meets no ``if`` either way, and one with a listed value meets exactly its own
    ``then``.  Anything else is left as it is.
    """
    if isinstance(schema, list):
        return [as_chains(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: as_chains(value) for key, value in schema.items()}
    cases = out.get("allOf")
    field = _case_field(cases, out.get("required")) if out.get("type") == "object" else None
    if field is None:
        return out
    assert isinstance(cases, list)
    chain: JSON = {}
    for case in reversed(cases):
        chain = {"if": case["if"], "then": case["then"], **({"else": chain} if chain else {})}
    del out["allOf"]
    if "if" in out or "then" in out or "else" in out:  # a condition of its own: kept beside
        out["allOf"] = [chain]
        return out
    out.update(chain)
    return out


def _case_field(cases: object, required: object) -> str | None:
    """The property an ``allOf`` of cases tests, when it can become a chain (see
    :func:`as_chains`), else None."""
    if not isinstance(cases, list) or len(cases) < 2 or not isinstance(required, list):
        return None
    field: str | None = None
    seen: set[object] = set()
    for case in cases:
        if not isinstance(case, dict) or set(case) != {"if", "then"}:
            return None
        test = case["if"]
        if not isinstance(test, dict) or set(test) != {"properties"}:
            return None
        properties = test["properties"]
        if not isinstance(properties, dict) or len(properties) != 1:
            return None
        ((name, condition),) = properties.items()
        if field is not None and name != field:
            return None
        field = name
        if not isinstance(condition, dict) or len(condition) != 1:
            return None
        if "const" in condition:
            values = [condition["const"]]
        elif isinstance(condition.get("enum"), list):
            values = list(condition["enum"])
        else:
            return None
        if not all(isinstance(value, str) for value in values) or seen & set(values):
            return None
        seen.update(values)
    return field if field in required else None


_use_fast = True


def fast_validation() -> bool:
    """Whether the jsonschema-rs fast path is in use."""
    return _RS is not None and _use_fast


def set_fast_validation(enabled: bool) -> None:
    """Switch the jsonschema-rs fast path on or off (for benchmarks and tests)."""
    global _use_fast
    _use_fast = enabled
    _fast_validator.cache_clear()
    _known_validator.cache_clear()
    _known_check.cache_clear()


def _describe(error: ValidationError) -> str:
    text = error.message
    if len(text) > _MESSAGE_LIMIT:
        text = text[: _MESSAGE_LIMIT - 3] + "..."
    return text


def _check(name: str, kind: str, message: object) -> None:
    fast = _fast_validator(name)
    if fast is not None and fast.is_valid(message):
        return
    # The best of the first errors: a message with 100,000 bad items must not take seconds
    # to describe (the fast check has already said it is invalid).
    error = best_match(itertools.islice(validator(name).iter_errors(message), 100))
    if error is not None:
        path = error.json_path
        raise SchemaViolation(f"{kind} {path}: {_describe(error)}", path)


def validate_request(message: object) -> JSON:
    """Check a request against the schema of its ``cmd``; returns it typed as a dict.

    Raises :class:`SchemaViolation` naming the JSON path and what is wrong.
    """
    if not isinstance(message, dict):
        raise SchemaViolation(
            f"request $: must be a JSON object, got {type(message).__name__}"
            if not isinstance(message, list | str | int | float | bool | type(None))
            else f"request $: must be a JSON object, got {json.dumps(message)[:80]}"
        )
    cmd = message.get("cmd")
    if cmd not in COMMANDS:
        raise SchemaViolation(
            f"request $.cmd: {cmd!r} is not a command; expected one of {', '.join(COMMANDS)}",
            "$.cmd",
        )
    if cmd in ("start", "next_game") and "deck" in message and "position" in message:
        raise SchemaViolation(
            f"{cmd} request $: give 'deck' (a stacked deck, top card first) or 'position' (a "
            "table between bouts), not both; with neither the engine deals (capability deal)"
        )
    _check(f"{cmd}.request", f"{cmd} request", message)
    return message


def validate_response(cmd: str, message: object) -> None:
    """Check the reply to a ``cmd`` request against its schema.

    Raises :class:`SchemaViolation` naming the JSON path and what is wrong.
    """
    names = _RESPONSE_NAMES.get(cmd)
    if names is None:
        raise ValueError(f"{cmd!r} is not a protocol command")
    _check(*names, message)


# Every reply is checked: its schema's name and what messages call it, built once.
_RESPONSE_NAMES: Final = {cmd: (f"{cmd}.response", f"{cmd} reply") for cmd in COMMANDS}


def response_problem(
    cmd: str, message: Mapping[str, Any], /, known: tuple[str, ...] = ()
) -> str | None:
    """What is wrong with the reply to ``cmd``, or None when it matches the schema.

    This is the reply checker given to :class:`adapters.stdio.StdioAdapter`.  ``known``
    names fields of an ``ok: true`` reply (``state``, ``events``) whose values the caller
    knows to meet their schemas -- each is, type for type, a value the reference engine
    gave (see :func:`durak_conformance.limits.same_json`) -- so that only the rest of
    the reply is checked: the same verdict, without checking a whole state again.  Any
    problem is described by the full check.
    """
    names = _RESPONSE_NAMES.get(cmd)  # (validate_response's work, a call less per reply)
    if names is None:
        raise ValueError(f"{cmd!r} is not a protocol command")
    if known and message.get("ok") is True:
        check = _known_check(names[0], known)
        if check is not None and check.is_valid(message):
            return None
    try:
        _check(*names, message)
    except SchemaViolation as exc:
        return exc.message
    return None


KNOWN_FIELDS: Final = frozenset({"state", "events"})
"""The fields of a reply that :func:`response_problem` may be told are known to be valid."""


@functools.cache
def _known_check(name: str, known: tuple[str, ...]) -> Any:
    """The validator :func:`response_problem` uses for ``known`` as its caller gives it, or
    None when no name in it may be known.  Only what may be known is left out: any other
    name is checked as usual.  (Cached as given, so that a reply pays one look-up rather than
    filtering the names again.)"""
    names = tuple(field for field in known if field in KNOWN_FIELDS)
    return _known_validator(name, names) if names else None


@functools.cache
def _known_validator(name: str, known: tuple[str, ...]) -> Any:
    """A validator of reply schema ``name`` that takes anything in the fields ``known`` (of
    :data:`KNOWN_FIELDS`).

    In a reply schema, ``state`` and ``events`` are properties of the reply itself (the
    ``ok: true`` case), never of anything nested in it (an error is another file), so each
    ``properties`` entry of theirs in the file is replaced by ``true``; the tests check that
    the two validators agree on replies whose known fields are valid."""
    assert KNOWN_FIELDS.issuperset(known)
    schema = _without_properties(load_schema(name), frozenset(known))
    # An $id of its own (beside the file's, for its relative references): under the file's
    # $id, "#/$defs/..." could be read from the registered original.
    schema["$id"] = f"{SCHEMA_BASE}{name}.known-{'-'.join(sorted(known))}.json"
    if fast_validation():
        return _RS.Draft202012Validator(as_chains(schema), registry=_fast_registry())
    return Draft202012Validator(schema, registry=registry())


def _without_properties(schema: Any, fields: frozenset[str]) -> Any:
    """``schema`` with the subschema of each property in ``fields`` replaced by ``true``."""
    if isinstance(schema, list):
        return [_without_properties(item, fields) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {key: _without_properties(value, fields) for key, value in schema.items()}
    properties = out.get("properties")
    if isinstance(properties, dict):
        out["properties"] = {
            key: True if key in fields else value for key, value in properties.items()
        }
    return out


def request_id(message: object) -> int | str | None:
    """The ``id`` of a request that may be malformed, for echoing in an error reply."""
    if isinstance(message, dict):
        value = message.get("id")
        if isinstance(value, int | str) and not isinstance(value, bool):
            return value
    return None


def error_reply(
    id_: int | str | None, code: str, message: str, *, clause: str | None = None
) -> JSON:
    """An ``ok: false`` reply."""
    error: JSON = {"code": code, "message": message}
    if clause is not None:
        error["clause"] = clause
    return {"id": id_, "ok": False, "error": error}
