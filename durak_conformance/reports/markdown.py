"""Markdown summary of a run, sized for a CI job summary (``$GITHUB_STEP_SUMMARY``).

Header lines name the implementation, its version and the suite, the totals, the reason notes
and the verdict (``INCOMPLETE`` for a run that stopped early: never ``passed``); one table per
profile has a row per rule area with the count of each verdict (blocked apart from failed);
then the failures grouped by cause, the rule clauses that failed, and the unexpected results
(failures, errors and, in strict mode, unexpected passes) with their ids and a one-line
message. Lists are capped so that a badly broken engine still gives a summary well under
GitHub's 1 MiB limit.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from durak_conformance.limits import printable, safe_url
from durak_conformance.reports.atomic import atomic_write_text
from durak_conformance.reports.groups import (
    UNRECORDED,
    VERDICT_LABELS,
    VERDICTS,
    cause_groups,
    clause_status,
    clause_verdicts,
    reason_note_text,
    reason_note_totals,
    skip_reasons,
    unclaimed_profiles,
    verdict,
)
from durak_conformance.reports.model import (
    EXIT_FAILURES,
    EXIT_OK,
    RunReport,
    ScenarioRecord,
    Source,
    Status,
    exit_code,
    options_key,
)

MESSAGE_WIDTH = 160
"""Longest message shown in the unexpected-results list (first line only)."""
MAX_LISTED = 100
"""Most unexpected results listed; the rest are counted."""
MAX_CAUSES = 30
"""Most causes listed; the rest are counted."""
EXAMPLES = 3
"""Example scenarios shown per cause."""

_COLUMNS: tuple[tuple[Status, str], ...] = (
    ("pass", "passed"),
    ("fail", "failed"),
    ("error", "errored"),
    ("skip", "skipped"),
    ("xfail", "xfail"),
    ("xpass", "xpass"),
)


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|~])")


def cell(text: str) -> str:
    """Text made safe for a Markdown table cell or list item: one line, control characters
    shown as escapes, and nothing Markdown or HTML would act on (emphasis, links, pipes,
    tags, headings): engine text must never forge a line or a link of the summary."""
    one_line = " ".join(printable(text).split()).replace("&", "&amp;").replace("<", "&lt;")
    return _MARKDOWN_SPECIAL.sub(r"\\\1", one_line)


def code_span(text: str) -> str:
    """Text as a Markdown code span: one line, control characters escaped, fenced with more
    backticks than it holds in a row (so it cannot close the span early)."""
    one_line = " ".join(printable(text).split())
    run = max((len(m) for m in re.findall(r"`+", one_line)), default=0)
    fence = "`" * (run + 1)
    pad = " " if one_line.startswith("`") or one_line.endswith("`") else ""
    return f"{fence}{pad}{one_line}{pad}{fence}"


def shorten(text: str, width: int = MESSAGE_WIDTH) -> str:
    """First non-empty line of ``text``, cut to ``width`` characters with an ellipsis."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    first = lines[0] if lines else ""
    if len(first) > width:
        return first[: width - 1].rstrip() + "…"
    if len(lines) > 1:
        return first + " …"
    return first


def _homepage(url: str | None) -> str:
    if not url:
        return ""
    safe = safe_url(url)
    if safe is not None:
        return f", <{safe}>"
    return f", homepage given as {cell(url[:200])} (not an http(s) address: not linked)"


def _source_line(source: Source | None) -> list[str]:
    """The header line naming the engine's repository and commit (none when not given)."""
    if source is None:
        return []
    safe = safe_url(source.repository)
    where = f"<{safe}>" if safe is not None else cell(source.repository[:200])
    return [f"- Source: {where} at commit {code_span(source.commit)}"]


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
        + _homepage(impl.homepage),
        *_source_line(impl.source),
        f"- Adapter: {code_span(header.adapter)}",
        f"- Suite: version {cell(header.suite_version)}, {cell(revision)}"
        f" (durak-conformance {cell(header.tool_version)})",
        f"- Started: {cell(header.started_at)}, took {report.footer.duration:.1f} s"
        + (", strict" if strict else "")
        + (", strict about refusal reasons" if header.strict_reasons else ""),
    ]
    totals = report.footer.totals
    lines.append(
        "- Totals: " + ", ".join(f"{totals[status]} {label}" for status, label in _COLUMNS)
    )
    blocked = sum(1 for r in report.records if verdict(r) == "blocked")
    if blocked:
        lines.append(
            f"- Blocked: {blocked} of the failed or errored scenarios failed before their own "
            "subject steps (counted as blocked in the tables below)"
        )
    lines.append(f"- Reason notes: {reason_note_text(reason_note_totals(report.records))}")
    if report.footer.internal_error is not None:
        lines.append(
            f"- **Cut short by an internal error** {cell(report.footer.internal_error.where)}: "
            f"{cell(shorten(report.footer.internal_error.message))}; this report holds the "
            f"{report.footer.internal_error.records} scenarios played before it"
        )
    elif report.footer.stopped_early:
        lines.append(f"- **Stopped early**: {cell(report.footer.stop_reason or 'no reason given')}")
    code = report.footer.exit_code
    if code in (EXIT_OK, EXIT_FAILURES):
        code = exit_code(report, strict)
    result = "passed" if code == EXIT_OK else "FAILED"
    if not report.complete:
        result = "INCOMPLETE"  # a partial run is never shown as passed
    lines.append(f"- Result: **{result}** (exit code {code})")

    by_profile: dict[str, dict[str, dict[str, int]]] = {}
    notes: dict[tuple[str, str], int] = {}
    for record in report.records:
        areas = by_profile.setdefault(record.profile, {})
        counts = areas.setdefault(record.area, dict.fromkeys(VERDICTS, 0))
        counts[verdict(record)] += 1
        if record.reason_notes:
            notes[(record.profile, record.area)] = notes.get((record.profile, record.area), 0) + 1
    labels = [VERDICT_LABELS[v] for v in VERDICTS]
    unclaimed = set(unclaimed_profiles(report.records))
    for profile in sorted(by_profile):
        if profile in unclaimed:
            skipped = sum(sum(c.values()) for c in by_profile[profile].values())
            lines += [
                "",
                f"### {cell(profile)}: not claimed",
                "",
                f"The engine does not claim this profile: its {skipped} scenarios were not "
                "played (skipped), which says nothing about the engine's rules.",
            ]
            continue
        lines += ["", f"### {cell(profile)}", ""]
        lines.append("| rule area | " + " | ".join(labels) + " | reason notes |")
        lines.append("|---" + "|--:" * (len(VERDICTS) + 1) + "|")
        sums = dict.fromkeys(VERDICTS, 0)
        note_sum = 0
        for area in sorted(by_profile[profile]):
            counts = by_profile[profile][area]
            for v in VERDICTS:
                sums[v] += counts[v]
            note_sum += notes.get((profile, area), 0)
            row = " | ".join(str(counts[v]) for v in VERDICTS)
            lines.append(f"| {cell(area) or '(none)'} | {row} | {notes.get((profile, area), 0)} |")
        row = " | ".join(f"**{sums[v]}**" for v in VERDICTS)
        lines.append(f"| **total** | {row} | **{note_sum}** |")

    lines += _causes_section(report)
    lines += _clauses_section(report)
    lines += _readings_section(report)
    lines += _skips_section(report)

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
        mark = "[blocked] " if record.blocked and record.status != "xpass" else ""
        lines.append(
            f"- **{record.status}** {code_span(record.id)} "
            f"({cell(record.profile)}{cell(options)}): {mark}{cell(message)}"
        )
    if len(bad) > MAX_LISTED:
        lines.append(f"- … and {len(bad) - MAX_LISTED} more (see the JSON report)")
    return "\n".join(lines) + "\n"


def _causes_section(report: RunReport) -> list[str]:
    """Unexpected failures grouped by cause, largest first, with a few example scenarios."""
    groups = [g for g in cause_groups(report.records) if g.unexpected]
    if not any(g.signature != UNRECORDED for g in groups):
        return []  # nothing to group (or a report from before causes were recorded)
    total = sum(g.unexpected for g in groups)
    lines = [
        "",
        "### Failures by cause",
        "",
        f"{total} failing scenarios, {len(groups)} causes. A scenario is *blocked* when its "
        "cause came before the step about its own rule.",
        "",
        "| scenarios | blocked | cause | profiles | examples |",
        "|--:|--:|---|---|---|",
    ]
    for group in groups[:MAX_CAUSES]:
        # Scenarios failing at their own rule show the cause best: they come first.
        bad = sorted(
            (r for r in group.records if r.status in ("fail", "error")), key=lambda r: r.blocked
        )
        examples = ", ".join(
            code_span(r.id) + (" (blocked)" if r.blocked else "") for r in bad[:EXAMPLES]
        )
        if len(bad) > EXAMPLES:
            examples += f" and {len(bad) - EXAMPLES} more"
        blocked = sum(1 for r in bad if r.blocked)
        lines.append(
            f"| {len(bad)} | {blocked} | {cell(group.title)} | "
            f"{cell(', '.join(group.profiles))} | {examples} |"
        )
    if len(groups) > MAX_CAUSES:
        rest = sum(g.unexpected for g in groups[MAX_CAUSES:])
        lines.append(f"| {rest} | | … and {len(groups) - MAX_CAUSES} more causes | | |")
    return lines


def _readings_section(report: RunReport) -> list[str]:
    """Which reading of each ambiguous parameter the engine follows."""
    from durak_conformance.readings import reading_followed, reading_verdicts

    verdicts = reading_verdicts(report.records)
    if not verdicts:
        return []
    lines = [
        "",
        "### Readings of ambiguous rules",
        "",
        "Each reading of a parameter a profile marks ambiguous has scenarios of its own, played "
        "with that reading in the start's rules. An engine that plays one reading whatever it is "
        "sent passes that reading's scenarios only, and still conforms to the document: the "
        "other readings' scenarios it fails are not judged (skipped, saying why).",
        "",
        "| profile | parameter | scenarios passed, by reading | the engine |",
        "|---|---|---|---|",
    ]
    for (profile, name), counts in sorted(verdicts.items()):
        shown = ", ".join(f"{label} {p}/{n}" for label, (p, n) in sorted(counts.items()))
        lines.append(
            f"| {cell(profile)} | {code_span(name)} | {cell(shown)} | "
            f"{cell(reading_followed(counts))} |"
        )
    return lines


def _skips_section(report: RunReport) -> list[str]:
    """Why scenarios were skipped, each reason once with its count, most frequent first."""
    reasons = skip_reasons(report.records)
    if not reasons:
        return []
    total = sum(count for _, count in reasons)
    lines = [
        "",
        "### Skipped, by reason",
        "",
        f"{total} scenarios skipped for {len(reasons)} reasons. A skip is not a failure: the "
        "engine does not claim what the scenario needs, or declined it as unsupported.",
        "",
        "| scenarios | reason |",
        "|--:|---|",
    ]
    for reason, count in reasons[:MAX_LISTED]:
        lines.append(f"| {count} | {cell(shorten(reason))} |")
    if len(reasons) > MAX_LISTED:
        rest = sum(count for _, count in reasons[MAX_LISTED:])
        lines.append(f"| {rest} | … and {len(reasons) - MAX_LISTED} more reasons |")
    return lines


def _clauses_section(report: RunReport) -> list[str]:
    """Rule clauses a scenario failed at its own step, or that were only blocked."""
    verdicts = clause_verdicts(report.records)
    failing = {c: v for c, v in verdicts.items() if clause_status(v) in ("fail", "blocked")}
    if not failing:
        return []
    lines = [
        "",
        "### Rule clauses not passed",
        "",
        "A clause *fails* when a scenario about it failed at its own subject steps; it is "
        "*blocked* when its scenarios only failed earlier, for another cause.",
        "",
        "| clause | verdict | " + " | ".join(VERDICT_LABELS[v] for v in VERDICTS) + " |",
        "|---|---" + "|--:" * len(VERDICTS) + "|",
    ]
    for clause, counts in list(failing.items())[:MAX_LISTED]:
        row = " | ".join(str(counts[v]) for v in VERDICTS)
        lines.append(f"| {code_span(clause)} | {clause_status(counts)} | {row} |")
    if len(failing) > MAX_LISTED:
        lines.append(f"| … and {len(failing) - MAX_LISTED} more | | |")
    return lines


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
