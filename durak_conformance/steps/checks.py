"""What every ``Then`` step uses to fail: a :class:`~durak_conformance.causes.CheckFailed`
whose message says what the scenario expected and what the engine said, and whose data (kind,
clause, expected and actual shapes) the reports group failures by.

Also the refusal reasons: :func:`note_reason` compares the clause an engine gave with the one
a scenario expects and, when it is missing or different, leaves a *reason note* on the
scenario instead of failing it (failing only under ``--strict-reasons``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from durak_conformance.causes import CheckFailed, seats_text, short
from durak_conformance.steps.driver import JSON, TableDriver


def fail(
    durak_table: TableDriver,
    kind: str,
    expected: str,
    got: Any,
    *,
    actual: str | None = None,
    expected_shape: str | None = None,
    clause: str | None = None,
) -> CheckFailed:
    """``<step>: expected <expected>; the engine says <got>``, with its data.

    ``actual`` and ``expected_shape`` are the short shapes of what the engine did and what
    was expected, for grouping (default: ``got`` shortened, and ``expected``); ``got`` may be
    as detailed as helps the reader.
    """
    return CheckFailed(
        f"{durak_table.location}: expected {expected}; the engine says {got}",
        kind=kind,
        expected=expected if expected_shape is None else expected_shape,
        actual=short(got) if actual is None else actual,
        clause=clause,
        where=durak_table.location,
    )


def full_clause(durak_table: TableDriver, clause: str) -> str:
    """A clause as a scenario writes it (``throw-in.who``) with its profile in front."""
    profile = durak_table.setup.profile or ""
    return clause if clause.startswith(profile + ".") else f"{profile}.{clause}"


def note_reason(durak_table: TableDriver, expected: str, got: Any) -> None:
    """Compare the engine's refusal reason with the expected clause (full id).

    A reason is optional in the protocol: a missing or different one becomes a reason note on
    the scenario (``durak_table.reason_notes``).  Under ``--strict-reasons`` it is a failure.
    """
    given = got if isinstance(got, str) and got else None
    if given == expected:
        return
    durak_table.reason_notes.append(
        {"step": durak_table.location, "expected": expected, "got": given}
    )
    if durak_table.strict_reasons:
        said = f"a refusal under {given}" if given else "a refusal without a reason"
        raise CheckFailed(
            f"{durak_table.location}: expected a refusal under {expected}; the engine gave "
            f"{said} (reasons are compared because of --strict-reasons)",
            kind="reason",
            expected="a refusal for the scenario's reason",
            actual="another reason" if given else "no reason",
            clause=expected,
            where=durak_table.location,
        )


def difference(expected: Iterable[Any], got: Iterable[Any], show: Any = str) -> str:
    """``missing X; extra Y`` between two multisets (``the same, in another order``)."""
    want, have = Counter(expected), Counter(got)
    missing = list((want - have).elements())
    extra = list((have - want).elements())
    parts = []
    if missing:
        parts.append("missing " + " ".join(show(x) for x in missing))
    if extra:
        parts.append("extra " + " ".join(show(x) for x in extra))
    return "; ".join(parts) or "the same, in another order"


def result_shape(result: JSON | None) -> str:
    """``durak: seat 2``, ``draw``, ``pair_win: seats 1 and 3``: how a game ended."""
    if not result:
        return "no result"
    termination = str(result.get("termination"))
    parts = [termination]
    if result.get("durak"):
        parts.append(f"durak {seats_text(result['durak'])}")
    if result.get("winning_pair"):
        parts.append(f"winning pair {seats_text(result['winning_pair'])}")
    if result.get("forfeited"):
        parts.append(f"forfeited by {seats_text(result['forfeited'])}")
    return ", ".join(parts)
