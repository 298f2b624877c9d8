"""Markdown summary of a run, sized for a CI job summary (``$GITHUB_STEP_SUMMARY``).

Header lines name the implementation, its version and the suite; one table per profile has a
row per rule area with the count of each status; then the unexpected results (failures,
errors and, in strict mode, unexpected passes) with their ids and a one-line message. The list
is capped so that a badly broken engine still gives a summary well under GitHub's 1 MiB limit.
"""

from __future__ import annotations

import os
from pathlib import Path

from durak_conformance.reports.atomic import atomic_write_text
from durak_conformance.reports.model import (
    EXIT_FAILURES,
    EXIT_OK,
    STATUSES,
    RunReport,
    ScenarioRecord,
    Status,
    exit_code,
    options_key,
)

MESSAGE_WIDTH = 160
"""Longest message shown in the unexpected-results list (first line only)."""
MAX_LISTED = 100
"""Most unexpected results listed; the rest are counted."""

_COLUMNS: tuple[tuple[Status, str], ...] = (
    ("pass", "passed"),
    ("fail", "failed"),
    ("error", "errored"),
    ("skip", "skipped"),
    ("xfail", "xfail"),
    ("xpass", "xpass"),
)


def cell(text: str) -> str:
    """Text made safe for a Markdown table cell or list item (one line, no pipes)."""
    return " ".join(text.split()).replace("|", "\\|")


def shorten(text: str, width: int = MESSAGE_WIDTH) -> str:
    """First non-empty line of ``text``, cut to ``width`` characters with an ellipsis."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    first = lines[0] if lines else ""
    if len(first) > width:
        return first[: width - 1].rstrip() + "…"
    if len(lines) > 1:
        return first + " …"
    return first


def unexpected_records(report: RunReport, strict: bool) -> list[ScenarioRecord]:
    """Records that make the run fail: fail, error, and xpass when strict."""
    bad = ("fail", "error", "xpass") if strict else ("fail", "error")
    return [r for r in report.records if r.status in bad]


def markdown_summary(report: RunReport, strict: bool | None = None) -> str:
    """The summary text; ``strict`` defaults to the run's setting."""
    strict = report.header.strict if strict is None else strict
    header = report.header
    impl = header.implementation
    revision = header.suite_revision or "unknown revision"
    lines = [
        f"## Durak conformance: {cell(impl.name)} {cell(impl.version)}",
        "",
        f"- Implementation: **{cell(impl.name)}** {cell(impl.version)}"
        + (f" ({cell(impl.language)})" if impl.language else "")
        + (f", <{impl.homepage}>" if impl.homepage else ""),
        f"- Adapter: `{cell(header.adapter)}`",
        f"- Suite: version {cell(header.suite_version)}, {cell(revision)}"
        f" (durak-conformance {cell(header.tool_version)})",
        f"- Started: {header.started_at}, took {report.footer.duration:.1f} s"
        + (", strict" if strict else ""),
    ]
    totals = report.footer.totals
    lines.append(
        "- Totals: " + ", ".join(f"{totals[status]} {label}" for status, label in _COLUMNS)
    )
    if report.footer.stopped_early:
        lines.append(f"- **Stopped early**: {cell(report.footer.stop_reason or 'no reason given')}")
    code = report.footer.exit_code
    if code in (EXIT_OK, EXIT_FAILURES):
        code = exit_code(report, strict)
    verdict = "passed" if code == EXIT_OK else "FAILED"
    lines.append(f"- Result: **{verdict}** (exit code {code})")

    by_profile: dict[str, dict[str, dict[str, int]]] = {}
    for record in report.records:
        areas = by_profile.setdefault(record.profile, {})
        counts = areas.setdefault(record.area, dict.fromkeys(STATUSES, 0))
        counts[record.status] += 1
    for profile in sorted(by_profile):
        lines += ["", f"### {cell(profile)}", ""]
        lines.append("| rule area | " + " | ".join(label for _, label in _COLUMNS) + " |")
        lines.append("|---" + "|--:" * len(_COLUMNS) + "|")
        sums = dict.fromkeys(STATUSES, 0)
        for area in sorted(by_profile[profile]):
            counts = by_profile[profile][area]
            for status in STATUSES:
                sums[status] += counts[status]
            row = " | ".join(str(counts[status]) for status, _ in _COLUMNS)
            lines.append(f"| {cell(area) or '(none)'} | {row} |")
        row = " | ".join(f"**{sums[status]}**" for status, _ in _COLUMNS)
        lines.append(f"| **total** | {row} |")

    bad = unexpected_records(report, strict)
    lines += ["", "### Unexpected results", ""]
    if not bad:
        lines.append("None: every scenario went as expected.")
    for record in bad[:MAX_LISTED]:
        options = f" [{options_key(record.options)}]" if record.options else ""
        if record.status == "xpass":
            reason = record.expected.reason if record.expected else ""
            message = f"unexpected pass (expected to fail: {shorten(reason)})"
        else:
            message = shorten(record.message) or "(no message)"
        lines.append(
            f"- **{record.status}** `{record.id}` ({cell(record.profile)}{cell(options)}): "
            f"{cell(message)}"
        )
    if len(bad) > MAX_LISTED:
        lines.append(f"- … and {len(bad) - MAX_LISTED} more (see the JSON report)")
    return "\n".join(lines) + "\n"


def write_markdown(
    report: RunReport, path: str | os.PathLike[str], strict: bool | None = None
) -> Path:
    """Write the summary atomically; returns the path.

    To append to ``$GITHUB_STEP_SUMMARY`` (which other steps share) open it in append mode
    with :func:`markdown_summary` instead: replacing it would erase their output.
    """
    target = Path(path)
    atomic_write_text(target, markdown_summary(report, strict))
    return target
