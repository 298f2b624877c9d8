"""What a divergence is about: its cause as data, and the signature findings are grouped by.

A campaign goes on after a divergence, so one bug shows in many games.  Each divergence is
described like a failed check of a scenario (:mod:`durak_conformance.causes`): a failure
*kind* (``accepted``, ``refused``, ``hand``, ``roles``, ``legal``, ``engine`` ...), the clause
it is about when the reference engine names one, and short shapes of what the reference
engine decided against what the engine under test did.  :func:`durak_conformance.causes.signature`
then abstracts seats, cards and numbers, so the same bug in two games gives one signature and
two bugs give two.  There is one signature function in the project: this module only says what
a divergence's shapes are.

The shapes, by what differed:

- an action accepted that the rules refuse: ``seat A throw_in <cards>: refused`` against
  ``accepted``, with the reference's clause;
- an action refused that the rules allow: ``...: accepted`` against the engine's error code
  and clause;
- the state after an action: the first field that differs, roles first (``seat A attacks
  seat B``, ``phase lead``, ``result durak seat A``, ``seat A holds n cards``, ``stock n
  cards``, ``seat A may attack, done`` ...), as a scenario's first failing check is its
  cause: what differs after it (a bout that goes on has another table too) follows from it;
- legal lists: per seat, the action types missing and the ones listed but not allowed (the
  state and legal lists are compared after any action: which one led there is left out, so
  that one bug shown after an attack and after a throw-in is one finding);
- a crash or a broken reply: the engine's message with its variable details abstracted.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from durak_conformance import causes
from durak_conformance.fuzzing.lockstep import FIELDS, Divergence

#: The failure kind of a state divergence, by the first field that differs.
_FIELD_KINDS = {
    "phase": "bout",
    "table": "table",
    "hands": "hand",
    "stock": "stock",
    "discard": "discard",
    "out": "seats",
    "actions": "actions",
    "attacker": "roles",
    "defender": "roles",
    "result": "result",
}

_FIRST = ("attacker", "defender", "phase", "result", "out", "table", "hands", "stock")
_SHAPE_ORDER: tuple[str, ...] = _FIRST + tuple(f for f in FIELDS if f not in _FIRST)
"""The order of the parts of a state divergence's shapes; the first names its kind."""

_VOLATILE = re.compile(r"(\bpid \d+|0x[0-9a-f]+|'fuzz-[\w-]+'|\"fuzz-[\w-]+\"|fuzz-\d+-\d+)")
"""Details of an engine's failure message that change from game to game."""


@dataclass(frozen=True)
class Cause:
    """A divergence described as a failed check: what kind, which clause, expected/actual."""

    kind: str
    clause: str | None
    expected: str
    actual: str

    @property
    def signature(self) -> str:
        return causes.signature(self.kind, self.clause, self.expected, self.actual)


def cause_of(divergence: Divergence, actions: Sequence[Mapping[str, Any]]) -> Cause:
    """The cause of ``divergence`` in a game whose actions (up to it) are ``actions``."""
    step = divergence.step
    action = actions[step] if 0 <= step < len(actions) else None
    kind = divergence.kind
    if kind == "acceptance":
        assert action is not None
        shape = causes.action_shape(action)
        if divergence.refusal is None:
            return Cause("accepted", divergence.clause, f"{shape}: refused", "accepted")
        return Cause(
            "refused", None, f"{shape}: accepted", causes.refusal_shape(divergence.refusal)
        )
    if kind == "start":
        return Cause("start", None, "the engine starts the table", _engine_text(divergence.message))
    if kind == "failure":
        where = "after start" if step < 0 or action is None else str(action.get("type"))
        return Cause("engine", None, f"a reply ({where})", _engine_text(divergence.message))
    if kind == "unsupported":
        where = "a move" if action is None else str(action.get("type"))
        _, _, why = divergence.message.partition("does not support this: ")
        return Cause(
            "unsupported", None, f"{where} to be played", _engine_text(why or divergence.message)
        )
    if kind == "deal":
        return Cause("cards", divergence.clause, "a proper deal", _deal_text(divergence.message))
    if kind == "first_attack":
        ((_, want, have),) = divergence.fields or (("attacker", None, None),)
        return Cause("roles", divergence.clause, f"seat {want} leads", f"seat {have} leads")
    if kind == "turn":
        ((_, acting, turn),) = divergence.fields
        expected = f"turn of {causes.seats_text(acting or [])}"
        actual = "no turn" if turn is None else f"turn of seat {turn}"
        return Cause("turn", None, expected, actual + "; " + _turn_problem(divergence.message))
    # The state and legal lists are compared after any action: the action that led there is
    # left out of the shape (one bug shows after attacks and throw-ins alike).
    if kind == "legal":
        expected, actual = _legal_shapes(divergence.fields)
        return Cause("legal", None, expected, actual)
    expected, actual, first = _state_shapes(divergence.fields)
    return Cause(_FIELD_KINDS.get(first, "table"), None, expected, actual)


def signature_of(divergence: Divergence, actions: Sequence[Mapping[str, Any]]) -> str:
    """The signature findings are grouped by (see the module)."""
    return cause_of(divergence, actions).signature


def _engine_text(message: str) -> str:
    text = _VOLATILE.sub("#", message)
    # Only the first line or sentence names the failure; the rest (stderr, traceback) varies.
    text = text.splitlines()[0] if text else text
    return causes.short(text, 120)


def _deal_text(message: str) -> str:
    _, _, what = message.partition(": ")
    return causes.short(what or message, 120)


def _turn_problem(message: str) -> str:
    # "the engine waits for seat 2, but the rules give seat 2 nothing to do now (...)"
    return message.split(" (", 1)[0]


def _seat_of(name: str) -> str:
    return name.partition(".")[2]


def _legal_shapes(fields: Sequence[tuple[str, Any, Any]]) -> tuple[str, str]:
    expected, actual = [], []
    for name, missing, extra in fields:
        seat = _seat_of(name)
        missing_types = ", ".join(sorted({str(item[0]) for item in missing or []}))
        extra_types = ", ".join(sorted({str(item[0]) for item in extra or []}))
        if missing_types:
            expected.append(f"seat {seat} may legally {missing_types}")
            actual.append(f"seat {seat} may not legally {missing_types}")
        if extra_types:
            expected.append(f"seat {seat} may not legally {extra_types}")
            actual.append(f"seat {seat} may legally {extra_types}")
    return "; ".join(expected), "; ".join(actual)


def _count(value: Any) -> int:
    return len(value) if isinstance(value, (list, tuple)) else 0


def _state_shapes(fields: Sequence[tuple[str, Any, Any]]) -> tuple[str, str, str]:
    """Expected and actual shapes of a state divergence, and its first differing field."""
    by_root: dict[str, list[tuple[str, Any, Any]]] = {}
    for name, want, have in fields:
        by_root.setdefault(name.split(".")[0], []).append((name, want, have))
    # Roles first: the seat letters then follow the roles (A: the reference's attacker), not
    # the seat numbers, and everything else that differs reads relative to them.
    roots = [r for r in _SHAPE_ORDER if r in by_root]
    if "attacker" in by_root and "defender" in by_root:
        roots.remove("defender")
    if not roots:
        return "", "", "table"
    # Like a scenario's first failing check: the first field that differs is the cause, the
    # rest (the bout going on, so its table and who may act differ too) follows from it and
    # would split one bug into many signatures.  The message keeps every field.
    shapes = _field_shapes(roots[0], by_root)
    return "; ".join(w for w, _ in shapes), "; ".join(h for _, h in shapes), roots[0]


def _field_shapes(
    root: str, by_root: Mapping[str, list[tuple[str, Any, Any]]]
) -> list[tuple[str, str]]:
    items = by_root[root]
    out: list[tuple[str, str]] = []
    if root in ("attacker", "defender"):
        roles = {
            name: (want, have)
            for name, want, have in by_root.get("attacker", []) + by_root.get("defender", [])
        }
        want_a, have_a = roles.get("attacker", (None, None))
        want_d, have_d = roles.get("defender", (None, None))
        if "attacker" in roles and "defender" in roles:
            return [
                (f"seat {want_a} attacks seat {want_d}", f"seat {have_a} attacks seat {have_d}")
            ]
        if "attacker" in roles:
            return [(f"seat {want_a} attacks", f"seat {have_a} attacks")]
        return [(f"seat {want_d} defends", f"seat {have_d} defends")]
    if root == "result":
        # Compared key by key (``result.durak``...): one part for the whole result.
        want_parts, have_parts = [], []
        for name, want, have in items:
            key = _seat_of(name) or "result"
            want_parts.append(_result_part(key, want))
            have_parts.append(_result_part(key, have))
        return [("result " + ", ".join(want_parts), "result " + ", ".join(have_parts))]
    per_seat: list[tuple[str, str]] = []
    for name, want, have in items:
        seat = _seat_of(name)
        if root == "phase":
            out.append((f"phase {want}", f"phase {have}"))
        elif root == "table":
            beaten = [sum(1 for p in v or [] if p[2] is not None) for v in (want, have)]
            out.append(
                (
                    f"table {_count(want)} cards {beaten[0]} beaten",
                    f"table {_count(have)} cards {beaten[1]} beaten",
                )
            )
        elif root == "hands":
            per_seat.append(_sized(f"seat {seat} holds", want, have))
        elif root in ("stock", "discard"):
            out.append(_sized(root, want, have))
        elif root == "out":
            per_seat.append(
                (f"seat {seat} {'out' if want else 'in'}", f"seat {seat} {'out' if have else 'in'}")
            )
        elif root == "actions":
            per_seat.append(
                (
                    f"seat {seat} may {', '.join(want or []) or 'not act'}",
                    f"seat {seat} may {', '.join(have or []) or 'not act'}",
                )
            )
    # Per-seat parts in the order of what they say, not of the seat numbers: the letters
    # then follow the roles (see above) whichever seats hold them.
    per_seat.sort(key=lambda pair: (_unseated(pair[0]), _unseated(pair[1])))
    return out + per_seat


def _unseated(text: str) -> str:
    return re.sub(r"\bseat \d+", "seat", text)


def _result_part(key: str, value: Any) -> str:
    if isinstance(value, list):
        return f"{key} {causes.seats_text(value)}" if value else f"no {key}"
    return f"{key} {value}"


def _sized(what: str, want: Any, have: Any) -> tuple[str, str]:
    """``stock n cards`` against ``stock fewer cards`` (or ``n other cards``: same size)."""
    other = " other" if _count(want) == _count(have) else ""
    return f"{what} {_count(want)} cards", f"{what} {_count(have)}{other} cards"
