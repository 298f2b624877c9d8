"""Comparing two run reports: regressions, fixes, new, removed and other status changes.

Records are matched by key (scenario id, profile, canonical options). Categories:

- regression: passing before (``pass``/``xpass``), an unexpected ``fail``/``error`` now;
- fix: failing before (``fail``/``error``/``xfail``), passing now (``pass``/``xpass``);
- new / removed: the key is only in the new / only in the old report;
- changed: any other status change (e.g. ``pass`` -> ``xfail`` after an expectation was
  added, ``fail`` -> ``error``, anything to or from ``skip``).

Reports of different suite versions are not compared unless forced: scenario ids and
expected outcomes may differ between suite versions, so the categories would mislead.

Each change into a failure carries the failure's cause (its signature, see
:mod:`durak_conformance.causes`), and regressions are also counted by cause: one new bug that
breaks twenty scenarios reads as one line.  Reports written before causes were recorded have
no cause (empty).  The number of scenarios with reason notes is compared too.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.table import Table

from durak_conformance.causes import title
from durak_conformance.reports.markdown import cell, shorten
from durak_conformance.reports.model import (
    ReportError,
    RunHeader,
    RunReport,
    ScenarioRecord,
    Status,
    options_key,
)

PASSING: frozenset[Status] = frozenset({"pass", "xpass"})
FAILING: frozenset[Status] = frozenset({"fail", "error", "xfail"})
CATEGORIES: tuple[str, ...] = ("regressions", "fixes", "added", "removed", "changed")
_TITLES = {
    "regressions": "Regressions",
    "fixes": "Fixes",
    "added": "New scenarios",
    "removed": "Removed scenarios",
    "changed": "Other status changes",
}


class IncomparableReports(ReportError):
    """The two reports were made by different suite versions (and ``force`` was not given)."""


@dataclass(frozen=True)
class Change:
    """One record that differs between the reports (None: absent from that report)."""

    id: str
    profile: str
    area: str
    name: str
    options: str
    old: Status | None
    new: Status | None
    message: str
    cause: str = ""
    """The new failure's signature (empty when the record passes or has none recorded)."""
    blocked: bool = False
    """The new failure came before the scenario's own subject steps."""

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "profile": self.profile,
            "area": self.area,
            "name": self.name,
            "options": self.options,
            "old": self.old,
            "new": self.new,
            "message": self.message,
            "cause": self.cause,
            "blocked": self.blocked,
        }


@dataclass(frozen=True)
class ReportDiff:
    """The differences from ``old`` to ``new``; each list sorted by profile, area, id, options."""

    old_source: str
    new_source: str
    old_header: RunHeader
    new_header: RunHeader
    regressions: list[Change] = field(default_factory=list)
    fixes: list[Change] = field(default_factory=list)
    added: list[Change] = field(default_factory=list)
    removed: list[Change] = field(default_factory=list)
    changed: list[Change] = field(default_factory=list)
    unchanged: int = 0
    warnings: list[str] = field(default_factory=list)
    reason_notes: tuple[int, int] = (0, 0)
    """Scenarios with reason notes in the old and in the new report."""

    def category(self, name: str) -> list[Change]:
        changes: list[Change] = getattr(self, name)
        return changes

    @property
    def empty(self) -> bool:
        """True when no record differs."""
        return not any(self.category(name) for name in CATEGORIES)

    @property
    def exit_code(self) -> int:
        """1 if there are regressions, else 0 (new failures in new scenarios do not count)."""
        return 1 if self.regressions else 0

    def regressions_by_cause(self) -> list[tuple[str, int]]:
        """(cause signature, regressions) largest first; "" for regressions of unknown cause."""
        counts: dict[str, int] = {}
        for change in self.regressions:
            counts[change.cause] = counts.get(change.cause, 0) + 1
        return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def incomparable_reason(
    old: RunReport, new: RunReport, old_source: str = "OLD", new_source: str = "NEW"
) -> str | None:
    """Why the reports should not be compared, or None if they may be."""
    a, b = old.header.suite_version, new.header.suite_version
    if a == b:
        return None
    return (
        f"{old_source} was made with suite version {a} and {new_source} with suite version {b}: "
        "scenario ids and expected outcomes can change between suite versions, so a status "
        "change may come from the suite rather than the engine"
    )


def _change(record: ScenarioRecord, old: Status | None, new: Status | None) -> Change:
    failing = new in ("fail", "error", "xfail") and record.failure is not None
    return Change(
        id=record.id,
        profile=record.profile,
        area=record.area,
        name=record.name,
        options=options_key(record.options),
        old=old,
        new=new,
        message=("[blocked] " if failing and record.blocked else "")
        + (shorten(record.message) if new in ("fail", "error", "xfail") else ""),
        cause=record.failure.signature if failing and record.failure is not None else "",
        blocked=failing and record.blocked,
    )


def cause_title(signature: str) -> str:
    """A cause in words; an empty signature is a failure whose report recorded no cause."""
    return title(signature) if signature else "(cause not recorded)"


def _noted(report: RunReport) -> int:
    return sum(1 for r in report.records if r.reason_notes)


def diff_reports(
    old: RunReport,
    new: RunReport,
    *,
    force: bool = False,
    old_source: str = "OLD",
    new_source: str = "NEW",
) -> ReportDiff:
    """Compare two reports. Raises :class:`IncomparableReports` on different suite versions
    unless ``force``, in which case the reason becomes a warning."""
    warnings: list[str] = []
    reason = incomparable_reason(old, new, old_source, new_source)
    if reason is not None:
        if not force:
            raise IncomparableReports(f"{reason}; pass --force to compare anyway")
        warnings.append(f"compared anyway (--force): {reason}")
    old_records = {r.key: r for r in old.records}
    new_records = {r.key: r for r in new.records}
    categories: dict[str, list[Change]] = {name: [] for name in CATEGORIES}
    unchanged = 0
    for key, record in new_records.items():
        before = old_records.get(key)
        if before is None:
            categories["added"].append(_change(record, None, record.status))
        elif before.status == record.status:
            unchanged += 1
        elif before.status in PASSING and record.status in ("fail", "error"):
            categories["regressions"].append(_change(record, before.status, record.status))
        elif before.status in FAILING and record.status in PASSING:
            categories["fixes"].append(_change(record, before.status, record.status))
        else:
            categories["changed"].append(_change(record, before.status, record.status))
    for key, record in old_records.items():
        if key not in new_records:
            categories["removed"].append(_change(record, record.status, None))
    for changes in categories.values():
        changes.sort(key=lambda c: (c.profile, c.area, c.id, c.options))
    return ReportDiff(
        old_source=old_source,
        new_source=new_source,
        old_header=old.header,
        new_header=new.header,
        unchanged=unchanged,
        warnings=warnings,
        reason_notes=(_noted(old), _noted(new)),
        **categories,
    )


def _describe(header: RunHeader) -> str:
    impl = header.implementation
    revision = (header.suite_revision or "unknown revision")[:12]
    return (
        f"{impl.name} {impl.version} via {header.adapter}, suite {header.suite_version} "
        f"({revision}), started {header.started_at}"
    )


def _summary_line(diff: ReportDiff) -> str:
    counts = ", ".join(f"{len(diff.category(n))} {_TITLES[n].lower()}" for n in CATEGORIES)
    old, new = diff.reason_notes
    notes = f"; scenarios with reason notes: {old} -> {new}" if (old or new) else ""
    return f"{counts}, {diff.unchanged} unchanged{notes}"


def _status(status: Status | None) -> str:
    return status if status is not None else "-"


def _by_area(diff: ReportDiff) -> dict[tuple[str, str], dict[str, int]]:
    groups: dict[tuple[str, str], dict[str, int]] = {}
    for name in CATEGORIES:
        for change in diff.category(name):
            counts = groups.setdefault((change.profile, change.area), dict.fromkeys(CATEGORIES, 0))
            counts[name] += 1
    return dict(sorted(groups.items()))


def format_text(diff: ReportDiff, width: int | None = None) -> str:
    """Human-readable text with rich tables, one per non-empty category."""
    buffer = io.StringIO()
    console = Console(file=buffer, width=width or 120, no_color=True, highlight=False)
    console.print(f"old: {diff.old_source}: {_describe(diff.old_header)}", markup=False)
    console.print(f"new: {diff.new_source}: {_describe(diff.new_header)}", markup=False)
    for warning in diff.warnings:
        console.print(f"warning: {warning}", markup=False)
    console.print(_summary_line(diff), markup=False)
    if diff.empty:
        console.print("No differences.")
        return buffer.getvalue()
    summary = Table(title="Changes by profile and rule area", title_justify="left")
    summary.add_column("profile")
    summary.add_column("rule area")
    for name in CATEGORIES:
        summary.add_column(_TITLES[name].lower(), justify="right")
    for (profile, area), counts in _by_area(diff).items():
        summary.add_row(profile, area, *(str(counts[n]) for n in CATEGORIES))
    console.print(summary)
    if diff.regressions:
        causes = Table(title="Regressions by cause", title_justify="left")
        causes.add_column("regressions", justify="right")
        causes.add_column("cause", overflow="fold")
        for signature, count in diff.regressions_by_cause():
            causes.add_row(str(count), cause_title(signature))
        console.print(causes)
    for name in CATEGORIES:
        changes = diff.category(name)
        if not changes:
            continue
        table = Table(title=f"{_TITLES[name]} ({len(changes)})", title_justify="left")
        for column in ("profile", "rule area", "scenario", "options", "old", "new", "message"):
            table.add_column(column, overflow="fold")
        previous: tuple[str, str] | None = None
        for change in changes:
            group = (change.profile, change.area)
            if previous is not None and group != previous:
                table.add_section()
            previous = group
            table.add_row(
                change.profile,
                change.area,
                change.id,
                change.options,
                _status(change.old),
                _status(change.new),
                change.message,
            )
        console.print(table)
    return buffer.getvalue()


def format_markdown(diff: ReportDiff) -> str:
    """Markdown: header, counts per profile and rule area, one table per category."""
    lines = [
        "## Conformance diff",
        "",
        f"- old: `{cell(diff.old_source)}`: {cell(_describe(diff.old_header))}",
        f"- new: `{cell(diff.new_source)}`: {cell(_describe(diff.new_header))}",
        *(f"- **warning**: {cell(w)}" for w in diff.warnings),
        f"- {_summary_line(diff)}",
    ]
    if diff.empty:
        lines += ["", "No differences."]
        return "\n".join(lines) + "\n"
    lines += ["", "### By profile and rule area", ""]
    lines.append(
        "| profile | rule area | " + " | ".join(_TITLES[n].lower() for n in CATEGORIES) + " |"
    )
    lines.append("|---|---" + "|--:" * len(CATEGORIES) + "|")
    for (profile, area), counts in _by_area(diff).items():
        row = " | ".join(str(counts[n]) for n in CATEGORIES)
        lines.append(f"| {cell(profile)} | {cell(area)} | {row} |")
    if diff.regressions:
        lines += ["", "### Regressions by cause", "", "| regressions | cause |", "|--:|---|"]
        for signature, count in diff.regressions_by_cause():
            lines.append(f"| {count} | {cell(cause_title(signature))} |")
    for name in CATEGORIES:
        changes = diff.category(name)
        if not changes:
            continue
        lines += ["", f"### {_TITLES[name]} ({len(changes)})", ""]
        lines.append("| profile | rule area | scenario | options | old | new | message |")
        lines.append("|---|---|---|---|---|---|---|")
        for c in changes:
            lines.append(
                f"| {cell(c.profile)} | {cell(c.area)} | `{cell(c.id)}` | {cell(c.options)} | "
                f"{_status(c.old)} | {_status(c.new)} | {cell(c.message)} |"
            )
    return "\n".join(lines) + "\n"


def _header_json(source: str, header: RunHeader) -> dict[str, Any]:
    return {
        "source": source,
        "implementation": header.implementation.name,
        "version": header.implementation.version,
        "adapter": header.adapter,
        "suite_version": header.suite_version,
        "suite_revision": header.suite_revision,
        "started_at": header.started_at,
    }


def diff_to_json(diff: ReportDiff) -> dict[str, Any]:
    """The diff as plain JSON (for scripts)."""
    data: dict[str, Any] = {
        "old": _header_json(diff.old_source, diff.old_header),
        "new": _header_json(diff.new_source, diff.new_header),
        "warnings": list(diff.warnings),
        "summary": {name: len(diff.category(name)) for name in CATEGORIES},
    }
    data["summary"]["unchanged"] = diff.unchanged
    data["reason_notes"] = {"old": diff.reason_notes[0], "new": diff.reason_notes[1]}
    data["regressions_by_cause"] = [
        {"cause": signature, "title": cause_title(signature), "regressions": count}
        for signature, count in diff.regressions_by_cause()
    ]
    for name in CATEGORIES:
        data[name] = [c.to_json() for c in diff.category(name)]
    return data


def format_json(diff: ReportDiff) -> str:
    return json.dumps(diff_to_json(diff), indent=2, ensure_ascii=False) + "\n"


FORMATS: Sequence[str] = ("text", "markdown", "json")


def render(diff: ReportDiff, fmt: str) -> str:
    """``fmt`` is one of text, markdown, json."""
    if fmt == "text":
        return format_text(diff)
    if fmt == "markdown":
        return format_markdown(diff)
    if fmt == "json":
        return format_json(diff)
    raise ValueError(f"unknown diff format {fmt!r}: use one of {', '.join(FORMATS)}")
