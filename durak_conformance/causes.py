"""Why a scenario failed: its first failing check as data, and the signature of that cause.

Every check of the step library raises :class:`CheckFailed` (an ``AssertionError``) carrying
what kind of check failed, the rule clause it is about (if it names one), and short *shapes* of
what was expected and what the engine did.  The pytest plugin turns the first failure of a
scenario into a :class:`Failure`, the ``failure`` field of the scenario's record.

:func:`signature` normalises a failure so that one bug seen in many scenarios gives one
signature, while different bugs give different ones:

- seat numbers become letters in order of first appearance (``seat 3 attacks seat 4`` and
  ``seat 1 attacks seat 2`` are both ``seat A attacks seat B``), so the relation between the
  seats of expected and actual is kept (a role shifted by one seat stays recognisable);
- cards, and runs of cards, become ``<cards>``;
- other numbers (counts, seconds) become ``n`` in the expected shape, and in the actual shape
  ``n``, ``more`` or ``fewer`` by comparison with the expected number in the same place (an
  off-by-one and a missing refill are told apart, not their exact sizes);
- a clause loses its profile (``howto-durak.throw-in.who`` -> ``throw-in.who``), so that the
  same bug under several profiles gives one signature.

The module needs neither pytest nor a running engine: the fuzzer reuses :func:`signature`
for its divergences.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

KINDS: Mapping[str, str] = {
    "refused": "an action the scenario expects to be accepted was refused",
    "accepted": "an action the scenario expects to be refused was accepted",
    "refusal-code": "an action was refused with another error code than illegal",
    "state-changed": "a refused action changed the state",
    "reason": "a refusal gave a missing or different reason (a failure only with strict reasons)",
    "hand": "a hand holds other cards than expected",
    "table": "the table holds other cards than expected",
    "stock": "the stock differs",
    "discard": "the discard pile differs",
    "bout": "the bout is open or over when it should not be, or ended otherwise",
    "limit": "the bout limit differs",
    "roles": "another seat attacks, defends or leads",
    "actions": "a seat may take an action it should not, or may not take one it should",
    "legal": "the engine's list of legal actions differs",
    "trump": "the trump suit or card differs",
    "seats": "a seat is in or out of the game when it should not be, or is missing",
    "result": "the end of the game or its result differs",
    "time": "timers, clocks, timeouts or bot control differ",
    "lobby": "the table's lobby (ready checks, open seats, teams) differs",
    "cheating": "cheater-mode flags, checks or catches differ",
    "match": "the match tally, epaulettes or the next deal differ",
    "start": "the engine started a table it should refuse, or refused one it should start",
    "cards": "the state holds a card twice, or cards from nowhere",
    "turn": "one player to move: the state's turn is missing or names a seat the rules give "
    "nothing to do, or another seat lists actions too",
    "engine": "the engine crashed, hung, or replied with garbage or a schema-violating message",
    "setup": "the engine refused the legal play that sets up a derived position, or reached "
    "another table (an engine without capability position: the scenario is blocked)",
    "scenario": "the feature file itself is wrong (a suite bug, not the engine's)",
    "harness": "the harness raised an unexpected error (our bug, not the engine's)",
}
"""Every failure kind, with what it means."""

NOT_THE_ENGINES: frozenset[str] = frozenset({"scenario", "harness"})
"""Kinds that say nothing about the engine: such a scenario is always *blocked*."""

ALWAYS_BLOCKED: frozenset[str] = NOT_THE_ENGINES | {"setup"}
"""Kinds whose scenario is *blocked* wherever the check ran: it never reached its own rule
(``setup``: the harness's derived set-up failed, which is the engine's, but about the legal
play before the scenario's position, not about the scenario's rule)."""

SHAPE_WIDTH = 200
"""Longest expected or actual shape kept in a failure (the message keeps the detail)."""


class CheckFailed(AssertionError):
    """A check of the step library failed.

    ``str(exc)`` is the message shown to people (as informative as the check can make it);
    the attributes are the data reports group by.  ``where`` is the step the failure is
    about (``features/...:LINE``) when it is not the step that raised it, e.g. an action whose
    refusal is noticed at the next step.
    """

    def __init__(
        self,
        message: str,
        *,
        kind: str,
        expected: str,
        actual: str,
        clause: str | None = None,
        where: str | None = None,
    ) -> None:
        super().__init__(message)
        if kind not in KINDS:
            raise ValueError(f"unknown failure kind {kind!r} (known: {', '.join(KINDS)})")
        self.kind = kind
        self.expected = short(expected)
        self.actual = short(actual)
        self.clause = clause
        self.where = where


@dataclass(frozen=True)
class Failure:
    """The first check of a scenario that failed (the record field ``failure``)."""

    kind: str
    step: str
    """Where: ``features/<path>.feature:<line>`` (a line of a ``they play`` block included)."""
    text: str
    """The step's text, or the action line of a block."""
    clause: str | None
    """The clause the check is about when it names one (``it is rejected by rule ...``)."""
    expected: str
    actual: str
    signature: str
    blocked: bool
    """True when the failure came before the scenario's subject steps (see docs/reports.md)."""

    @property
    def title(self) -> str:
        """The cause in words: ``seat A may throw_in; the engine says ... (clause)``."""
        return title(self.signature)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "step": self.step,
            "text": self.text,
            "clause": self.clause,
            "expected": self.expected,
            "actual": self.actual,
            "signature": self.signature,
            "blocked": self.blocked,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Failure:
        return cls(
            kind=str(data["kind"]),
            step=str(data["step"]),
            text=str(data["text"]),
            clause=None if data.get("clause") is None else str(data["clause"]),
            expected=str(data["expected"]),
            actual=str(data["actual"]),
            signature=str(data["signature"]),
            blocked=bool(data["blocked"]),
        )


# ------------------------------------------------------------------ shapes


def short(value: Any, width: int = SHAPE_WIDTH) -> str:
    """``value`` as one line of at most ``width`` characters."""
    text = value if isinstance(value, str) else repr(value)
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def action_shape(action: Mapping[str, Any]) -> str:
    """``seat 3 throw_in 7D``: an action's seat, type and cards, without the JSON."""
    parts = [f"seat {action.get('seat')}", str(action.get("type"))]
    for key in ("cards", "attack", "card"):
        value = action.get(key)
        if isinstance(value, list):
            parts.append(" ".join(str(c) for c in value))
        elif value is not None:
            parts.append(str(value))
    return " ".join(parts)


def refusal_shape(error: Mapping[str, Any] | None) -> str:
    """``refused: illegal (throw-in.who)``: a refusal's code and clause, without its message."""
    err = error or {}
    clause = err.get("clause")
    reason = f" ({clause_suffix(str(clause))})" if clause else ""
    return f"refused: {err.get('code', '?')}{reason}"


def seats_text(seats: Iterable[int]) -> str:
    """``seat 2``, ``seats 1 and 3``, ``no seat``."""
    numbers = [str(s) for s in seats]
    if not numbers:
        return "no seat"
    if len(numbers) == 1:
        return f"seat {numbers[0]}"
    return "seats " + ", ".join(numbers[:-1]) + " and " + numbers[-1]


def clause_suffix(clause: str | None) -> str | None:
    """``howto-durak.throw-in.who`` -> ``throw-in.who``; a suffix stays as it is."""
    if clause is None:
        return None
    parts = clause.split(".")
    return ".".join(parts[1:]) if len(parts) >= 3 else clause


# ------------------------------------------------------------------ signatures

_CLAUSE = re.compile(r"(?<![\w.-])[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*){2,}(?![\w-])")
_CARD = re.compile(r"(?<![\w])(?:10|[2-9TJQKA])[SHDC♠♥♦♣](?![\w])")
_CARD_RUN = re.compile(r"[\[(]?['\"]?\x00['\"]?(?:[\s,/]+['\"]?\x00['\"]?)*[\])]?")
_SEATS = re.compile(r"\b(seats?) \[?(\d+(?:(?:, and |,\s*| and | or )\d+)*)\]?")
_SEAT_NUMBER = re.compile(r"\d+")
_GAME_ID = re.compile(r"'g\d+'")
_NUMBER = re.compile(r"(?<![\w.-])\d+(?:\.\d+)?(?![\w-])")
_SEP = " | "


def _letter(index: int) -> str:
    return chr(ord("A") + index) if index < 26 else f"S{index}"


def _strip_profiles(text: str) -> str:
    return _CLAUSE.sub(lambda m: str(clause_suffix(m.group())), text)


def _cards(text: str) -> str:
    return _CARD_RUN.sub("<cards>", _CARD.sub("\x00", text))


def normalise(expected: str, actual: str) -> tuple[str, str]:
    """The two shapes with seats, cards, numbers and profiles abstracted (see the module)."""
    seat_letters: dict[str, str] = {}

    def seats(match: re.Match[str]) -> str:
        def one(number: re.Match[str]) -> str:
            key = number.group()
            if key not in seat_letters:
                seat_letters[key] = _letter(len(seat_letters))
            return seat_letters[key]

        return f"{match.group(1)} {_SEAT_NUMBER.sub(one, match.group(2))}"

    out = []
    for text in (expected, actual):
        text = _strip_profiles(text)
        text = _GAME_ID.sub("'g#'", text)
        text = _cards(text)
        text = _SEATS.sub(seats, text)
        out.append(text)
    expected_numbers = [float(m.group()) for m in _NUMBER.finditer(out[0])]
    norm_expected = _NUMBER.sub("n", out[0])
    index = iter(range(10_000))

    def relative(match: re.Match[str]) -> str:
        i = next(index)
        if i >= len(expected_numbers):
            return "n"
        value = float(match.group())
        if value == expected_numbers[i]:
            return "n"
        return "more" if value > expected_numbers[i] else "fewer"

    norm_actual = _NUMBER.sub(relative, out[1])
    clean = [" ".join(t.replace("|", "/").split()) for t in (norm_expected, norm_actual)]
    return clean[0], clean[1]


def signature(kind: str, clause: str | None, expected: str, actual: str) -> str:
    """``kind | clause | expected shape | actual shape``, normalised (see the module).

    Equal signatures mean "the same cause"; the text is readable as it is, and
    :func:`title` turns it into a sentence.
    """
    norm_expected, norm_actual = normalise(expected, actual)
    if kind == "reason":
        # Whether an engine gives our reasons is one trait of the engine, not one per clause.
        clause = None
    return _SEP.join((kind, clause_suffix(clause) or "-", norm_expected, norm_actual))


def title(sig: str) -> str:
    """A signature as a sentence: ``<expected>; the engine says <actual> (<clause>)``."""
    parts = sig.split(_SEP, 3)
    if len(parts) != 4:
        return sig
    kind, clause, expected, actual = parts
    text = f"expected {expected}; the engine says {actual}"
    if kind in NOT_THE_ENGINES:
        text = f"{KINDS[kind]}: {actual}"
    elif kind == "engine":
        text = f"the engine {actual}"
    return text + (f" ({clause})" if clause != "-" else "")


def kind_of(sig: str) -> str:
    """The kind a signature starts with."""
    return sig.split(_SEP, 1)[0]


__all__ = [
    "ALWAYS_BLOCKED",
    "KINDS",
    "NOT_THE_ENGINES",
    "CheckFailed",
    "Failure",
    "action_shape",
    "clause_suffix",
    "kind_of",
    "normalise",
    "refusal_shape",
    "seats_text",
    "short",
    "signature",
    "title",
]
