"""What a run's records add up to: failures grouped by cause, verdicts per rule area and per
clause with *blocked* scenarios counted apart, and the reason notes.

A record's *verdict* is its status, except that a ``fail`` or ``error`` whose failure came
before the scenario's subject steps is ``blocked``: it says nothing about the scenario's own
rule, only about the earlier check that stopped it (its cause).  Rule-area tables and clause
verdicts count verdicts; the footer totals keep counting statuses.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, get_args

from durak_conformance.causes import title

if TYPE_CHECKING:
    from durak_conformance.reports.model import RecordKey, ScenarioRecord

Verdict = Literal["pass", "fail", "error", "blocked", "skip", "xfail", "xpass"]
VERDICTS: tuple[Verdict, ...] = get_args(Verdict)
"""Every verdict, in the order tables list them."""

VERDICT_LABELS: Mapping[Verdict, str] = {
    "pass": "passed",
    "fail": "failed",
    "error": "errored",
    "blocked": "blocked",
    "skip": "skipped",
    "xfail": "xfail",
    "xpass": "xpass",
}

NOT_CLAIMED_SKIP = "engine does not implement profile"
"""How a skip for a profile the engine does not claim begins (the driver's message)."""


def skip_reasons(records: Iterable[ScenarioRecord]) -> list[tuple[str, int]]:
    """Why scenarios were skipped: each distinct reason with its count, most frequent first
    (ties by the reason's text, so the order is stable)."""
    counts = Counter(r.message or "(no reason given)" for r in records if r.status == "skip")
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def unclaimed_profiles(records: Iterable[ScenarioRecord]) -> list[str]:
    """Profiles every record of which was skipped because the engine does not claim them:
    *not claimed*, which a reader must not take for 130 scenarios the engine skipped."""
    skipped: dict[str, bool] = {}
    for record in records:
        unclaimed = record.status == "skip" and record.message.startswith(NOT_CLAIMED_SKIP)
        skipped[record.profile] = skipped.get(record.profile, True) and unclaimed
    return sorted(profile for profile, unclaimed in skipped.items() if unclaimed)


FAILING = ("fail", "error", "xfail")
"""Statuses of records that failed (xfail: failed as the expectations file says)."""

UNRECORDED = ""
"""The cause of a failing record that has no ``failure`` (a report from before causes were
recorded)."""


def verdict(record: ScenarioRecord) -> Verdict:
    """The record's status, or ``blocked`` for a fail or error before its subject steps."""
    if record.status in ("fail", "error") and record.blocked:
        return "blocked"
    return record.status


def verdict_counts(records: Iterable[ScenarioRecord]) -> dict[Verdict, int]:
    """Number of records per verdict; every verdict present."""
    counts = Counter(verdict(r) for r in records)
    return {v: counts.get(v, 0) for v in VERDICTS}


def clause_verdicts(records: Iterable[ScenarioRecord]) -> dict[str, dict[Verdict, int]]:
    """Per clause (``@rule:`` tags), the verdicts of the records tagged with it.

    A failure at a subject step counts against every clause of its scenario; a blocked
    scenario counts as blocked for each, never as failed.
    """
    out: dict[str, dict[Verdict, int]] = {}
    for record in records:
        v = verdict(record)
        for clause in record.clauses:
            counts = out.setdefault(clause, {x: 0 for x in VERDICTS})
            counts[v] += 1
    return dict(sorted(out.items()))


def clause_status(counts: Mapping[Verdict, int]) -> str:
    """One clause's overall verdict: ``fail`` if a scenario failed (or errored) at its own
    step, else ``xfail`` if one is a known failure, ``blocked`` if one was blocked, ``pass``
    if any passed, ``skip`` if none was judged."""
    if counts.get("fail", 0) or counts.get("error", 0):
        return "fail"
    if counts.get("xfail", 0):
        return "xfail"
    if counts.get("blocked", 0):
        return "blocked"
    if counts.get("pass", 0) or counts.get("xpass", 0):
        return "pass"
    return "skip"


@dataclass(frozen=True)
class CauseGroup:
    """Every failing record of one cause (one failure signature)."""

    signature: str
    kind: str
    clause: str | None
    records: list[ScenarioRecord] = field(default_factory=list)

    @property
    def title(self) -> str:
        if self.signature == UNRECORDED:
            return "cause not recorded (a report written before failures were recorded)"
        return title(self.signature)

    @property
    def statuses(self) -> dict[str, int]:
        counts = Counter(str(r.status) for r in self.records)
        return {s: counts.get(s, 0) for s in FAILING}

    @property
    def unexpected(self) -> int:
        """Records of this cause that fail the run (fail, error)."""
        return sum(1 for r in self.records if r.status in ("fail", "error"))

    @property
    def blocked(self) -> int:
        """Records this cause stopped before their own subject (and so blocked)."""
        return sum(1 for r in self.records if r.blocked)

    @property
    def profiles(self) -> list[str]:
        return sorted({r.profile for r in self.records})

    def to_json(self) -> dict[str, Any]:
        return {
            "signature": self.signature,
            "title": self.title,
            "kind": self.kind,
            "clause": self.clause,
            "scenarios": len(self.records),
            "blocked": self.blocked,
            "statuses": self.statuses,
            "profiles": self.profiles,
            "records": [list(r.key) for r in self.records],
        }


def cause_groups(records: Iterable[ScenarioRecord]) -> list[CauseGroup]:
    """Failing records (fail, error, xfail) grouped by failure signature.

    Largest first by records that fail the run, then by all records, then by signature.
    Records without a ``failure`` (older reports) form one group of their own.
    """
    groups: dict[str, CauseGroup] = {}
    for record in records:
        if record.status not in FAILING:
            continue
        failure = record.failure
        key = UNRECORDED if failure is None else failure.signature
        if key not in groups:
            groups[key] = CauseGroup(
                signature=key,
                kind="unknown" if failure is None else failure.kind,
                clause=None if failure is None else _clause_of(failure.signature),
            )
        groups[key].records.append(record)
    return sorted(
        groups.values(), key=lambda g: (-g.unexpected, -len(g.records), g.signature or "~")
    )


def _clause_of(sig: str) -> str | None:
    parts = sig.split(" | ", 2)
    return parts[1] if len(parts) > 2 and parts[1] != "-" else None


def causes_json(records: Iterable[ScenarioRecord]) -> list[dict[str, Any]]:
    """The footer's ``causes``: every group as JSON."""
    return [group.to_json() for group in cause_groups(records)]


def group_of(groups: Sequence[CauseGroup]) -> dict[RecordKey, CauseGroup]:
    """Record key -> its cause group."""
    return {record.key: group for group in groups for record in group.records}


def reason_note_totals(records: Iterable[ScenarioRecord]) -> dict[str, int]:
    """``scenarios`` with at least one reason note, and notes whose reason was ``missing``
    or ``different``."""
    scenarios = missing = different = 0
    for record in records:
        if record.reason_notes:
            scenarios += 1
        for note in record.reason_notes:
            if note.got is None:
                missing += 1
            else:
                different += 1
    return {"scenarios": scenarios, "missing": missing, "different": different}


def reason_note_text(totals: Mapping[str, int]) -> str:
    """``12 scenarios (10 missing reasons, 2 different)`` or ``none``."""
    if not totals.get("scenarios"):
        return "none"
    n = totals["scenarios"]
    parts = []
    if totals.get("missing"):
        parts.append(f"{totals['missing']} without a reason")
    if totals.get("different"):
        parts.append(f"{totals['different']} with a different reason")
    return f"{n} scenario{'s' if n != 1 else ''} ({', '.join(parts)})"
