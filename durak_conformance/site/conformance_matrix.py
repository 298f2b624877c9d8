"""The conformance matrix: implementations (one per JSON report) against profiles and areas.

Reports are the ``*.json`` files of the reports folder whose ``report_format`` is the
durak-conformance report format; other JSON files are ignored, and a report that cannot be
read is listed with its error (and reported as a build warning).  Cells count verdicts: the
statuses, with failures before a scenario's own subject counted as *blocked* rather than
failed; reason notes are counted apart.  There is deliberately no overall score or ranking:
engines implement different profiles and capabilities, so one number would compare unlike
things.  Each implementation gets a page with its failures grouped by cause, its verdict per
rule clause, and every scenario; each failing scenario shows its message and cause, the table
drawn at the last state of its transcript, and the transcript.  A run that did not finish is
marked incomplete everywhere it appears.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from durak_conformance.limits import REPORT_BYTES, safe_url
from durak_conformance.reports.groups import (
    UNRECORDED,
    VERDICTS,
    CauseGroup,
    cause_groups,
    clause_status,
    clause_verdicts,
    group_of,
    reason_note_text,
    reason_note_totals,
    unclaimed_profiles,
    verdict,
    verdict_counts,
)
from durak_conformance.reports.json_report import parse
from durak_conformance.reports.model import (
    REPORT_FORMAT,
    ReportError,
    RunReport,
    ScenarioRecord,
    Source,
    Status,
    options_key,
)
from durak_conformance.site.inventory import Inventory
from durak_conformance.site.markup import esc, link, md_link, scroll, slug
from durak_conformance.site.profile_pages import clause_link
from durak_conformance.site.rules_matrix import WIDE_PAGE, catalogue_page
from durak_conformance.site.table_picture import render_failure_picture, render_transcript

INDEX_PAGE = "conformance/index.md"
DETAILED: frozenset[Status] = frozenset({"fail", "error", "xfail", "xpass"})
"""Statuses whose records get a detail block (message, table picture, transcript)."""

HOW_TO_RUN = """\
To produce one, run the suite against an engine so that it writes its JSON report into
`reports/`, then rebuild the site:

```sh
durak-conformance run                                  # the reference engine
durak-conformance run --engine -- ./my-engine --protocol   # or your engine
durak-conformance site --reports reports
```

Every `*.json` report in `reports/` becomes a column here; see [Reports and CI]({reports})
for the report format and for running in CI."""


@dataclass(frozen=True, slots=True)
class LoadedReport:
    """A report file: its parsed report, or why it could not be read."""

    file: str
    slug: str
    report: RunReport | None = None
    error: str | None = None

    @property
    def page(self) -> str:
        return f"conformance/{self.slug}.md"

    @property
    def label(self) -> str:
        if self.report is None:
            return self.file
        impl = self.report.header.implementation
        return f"{impl.name} {impl.version}".strip()


def load_reports(reports_dir: Path) -> list[LoadedReport]:
    """Every report in ``reports_dir`` (not recursive), reference engine first."""
    if not reports_dir.is_dir():
        return []
    loaded: list[LoadedReport] = []
    used: set[str] = set()
    for path in sorted(reports_dir.glob("*.json")):
        name = slug(path.stem)
        while name in used or name == "index":
            name += "-1"
        used.add(name)
        try:
            if path.stat().st_size > REPORT_BYTES:
                raise ReportError(f"{path}: over the {REPORT_BYTES:,}-byte limit of a report")
            text = path.read_text(encoding="utf-8")
            data = parse(text, source=str(path))
        except (OSError, UnicodeDecodeError) as exc:
            loaded.append(LoadedReport(path.name, name, error=f"{path}: cannot read: {exc}"))
            continue
        except ReportError as exc:  # beyond the limits, or not JSON at all
            loaded.append(LoadedReport(path.name, name, error=str(exc)))
            continue
        if not isinstance(data, dict) or data.get("report_format") != REPORT_FORMAT:
            continue  # some other JSON file (badges, tool output)
        try:
            report = RunReport.from_json(data, source=str(path))
            loaded.append(LoadedReport(path.name, name, report=report))
        except ReportError as exc:
            loaded.append(LoadedReport(path.name, name, error=str(exc)))
    return sorted(loaded, key=_order)


def load_report_folders(folders: Sequence[Path]) -> list[LoadedReport]:
    """The reports of several folders, reference engine first: a report in a later folder
    replaces one of the same file name in an earlier folder."""
    by_file: dict[str, LoadedReport] = {}
    for folder in folders:
        for item in load_reports(folder):
            by_file[item.file] = item
    used: set[str] = set()
    merged: list[LoadedReport] = []
    for item in sorted(by_file.values(), key=_order):
        name = item.slug
        while name in used:
            name += "-1"
        used.add(name)
        merged.append(item if name == item.slug else replace(item, slug=name))
    return merged


def _order(item: LoadedReport) -> tuple[int, str, str]:
    if item.report is None:
        return (2, item.file, "")
    header = item.report.header
    reference = header.adapter == "reference"
    return (0 if reference else 1, header.implementation.name.lower(), header.started_at)


def status_chips(counts: Mapping[Any, int], href: str | None = None) -> str:
    """Non-zero verdict (or status) counts as coloured chips (all zero: a dash)."""
    chips = [
        f'<span class="dc-st dc-st-{s}" title="{counts[s]} {s}">{counts[s]} {s}</span>'
        for s in VERDICTS
        if counts.get(s, 0)
    ]
    body = " ".join(chips) or '<span class="dc-muted">—</span>'
    return f'<a class="dc-chips" href="{esc(href)}">{body}</a>' if href and chips else body


def area_anchor(profile: str, area: str) -> str:
    return f"{slug(profile)}--{slug(area) or 'other'}"


def _group(records: Iterable[ScenarioRecord]) -> dict[str, dict[str, list[ScenarioRecord]]]:
    groups: dict[str, dict[str, list[ScenarioRecord]]] = {}
    for record in records:
        groups.setdefault(record.profile, {}).setdefault(record.area, []).append(record)
    return groups


def _profile_order(profiles: Iterable[str], known: Sequence[str]) -> list[str]:
    present = set(profiles)
    return [p for p in known if p in present] + sorted(present - set(known))


def _revision(report: RunReport) -> str:
    rev = report.header.suite_revision
    return "unknown" if rev is None else rev[:12] + ("-dirty" if rev.endswith("-dirty") else "")


def index_markdown(reports: Sequence[LoadedReport], profile_ids: Sequence[str]) -> str:
    """Markdown of ``conformance/index.md``."""
    page = INDEX_PAGE
    good = [r for r in reports if r.report is not None]
    parts = [WIDE_PAGE, "# Conformance", _intro()]
    broken = [r for r in reports if r.report is None]
    if broken:
        items = "".join(f"<li><pre>{esc(r.error)}</pre></li>" for r in broken)
        parts.append(
            f'<div class="dc-error"><strong>Reports that could not be read</strong>'
            f"<ul>{items}</ul></div>"
        )
    if not good:
        parts.append(
            '!!! note "No report yet"\n\n'
            + _indent("There is no conformance report in `reports/`. " + _how_to_run(page))
        )
        return "\n\n".join(parts) + "\n"
    if not any(r.report.header.adapter == "reference" for r in good if r.report):
        parts.append(
            '!!! note "Reference engine"\n\n'
            + _indent("The reference engine has no report here yet. " + _how_to_run(page))
        )

    head = "".join(
        f'<th scope="col"><a href="{esc(link(page, r.page))}">{esc(r.label)}</a></th>' for r in good
    )
    runs = [(r, r.report) for r in good if r.report is not None]
    fact_rows: list[tuple[str, list[str]]] = [
        ("language", [esc(rep.header.implementation.language or "—") for _, rep in runs]),
        ("adapter", [esc(rep.header.adapter) for _, rep in runs]),
        (
            "suite",
            [
                f"v{esc(rep.header.suite_version)} · <code>{esc(_revision(rep))}</code>"
                for _, rep in runs
            ],
        ),
        ("run at", [esc(rep.header.started_at) for _, rep in runs]),
        ("report", [f"<code>{esc(r.file)}</code>" for r, _ in runs]),
        ("complete", [_completeness(rep) for _, rep in runs]),
        (
            "all scenarios",
            [status_chips(verdict_counts(rep.records), link(page, r.page)) for r, rep in runs],
        ),
        (
            "failure causes",
            [_causes_fact(rep, link(page, r.page, "causes")) for r, rep in runs],
        ),
        ("reason notes", [_notes_chip(rep.records) for _, rep in runs]),
    ]
    rows = [
        f'<tr class="dc-facts-row"><th scope="row">{label}</th>'
        + "".join(f"<td>{v}</td>" for v in values)
        + "</tr>"
        for label, values in fact_rows
    ]
    groups = [_group(rep.records) for _, rep in runs]
    unclaimed = [set(unclaimed_profiles(rep.records)) for _, rep in runs]
    all_profiles = _profile_order((p for g in groups for p in g), profile_ids)
    for profile in all_profiles:
        cells = []
        for report, group, skipped in zip(good, groups, unclaimed, strict=True):
            records = [rec for area in group.get(profile, {}).values() for rec in area]
            href = link(page, report.page, slug(profile))
            if profile in skipped:
                cells.append(f"<td>{NOT_CLAIMED_CHIP}</td>")
                continue
            cells.append(f"<td>{status_chips(verdict_counts(records), href)}</td>")
        rows.append(
            f'<tr class="dc-profile-row" id="{esc(slug(profile))}"><th scope="row">'
            f"<strong>{esc(profile)}</strong></th>{''.join(cells)}</tr>"
        )
        areas = sorted({a for g in groups for a in g.get(profile, {})})
        for area in areas:
            cells = []
            for report, group, skipped in zip(good, groups, unclaimed, strict=True):
                if profile in skipped:
                    cells.append("<td></td>")
                    continue
                records = group.get(profile, {}).get(area, [])
                href = link(page, report.page, area_anchor(profile, area))
                cells.append(
                    f"<td>{status_chips(verdict_counts(records), href)}"
                    f"{_notes_chip(records, quiet=True)}</td>"
                )
            rows.append(
                f'<tr class="dc-area-row"><th scope="row">{esc(area or "(no area)")}</th>'
                f"{''.join(cells)}</tr>"
            )
    table = (
        '<table class="dc-matrix dc-conformance-matrix"><thead><tr><th scope="col">'
        f"implementation</th>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
    parts.append(scroll(table, "Conformance by implementation, profile and rule area"))
    return "\n\n".join(parts) + "\n"


def _intro() -> str:
    return (
        "Each column is one run of the suite against one implementation (one JSON report); "
        "each row a profile and its rule areas. Cells count scenarios by verdict: **pass**, "
        "**fail** (the engine differs from the rules at the scenario's own step), **error** "
        "(crash, hang, garbage reply), **blocked** (failed earlier, for another cause: no "
        "verdict on the scenario's rule), **skip** (not judged: the engine declined), "
        "**xfail** (a known failure listed in the implementation's expectations file), "
        "**xpass** (expected to fail, but passed); **notes** count scenarios whose refusals "
        "gave no reason or another one (reasons are optional). "
        "Click a cell to see its scenarios. There is no overall score: implementations "
        "claim different profiles and capabilities, so one number would compare unlike things."
    )


def _completeness(report: RunReport) -> str:
    if report.complete:
        return "yes"
    reason = report.footer.stop_reason or "stopped early"
    return f'<strong class="dc-incomplete-mark" title="{esc(reason)}">INCOMPLETE</strong>'


def _causes_fact(report: RunReport, href: str) -> str:
    groups = [g for g in cause_groups(report.records) if g.unexpected]
    if not groups:
        return '<span class="dc-muted">—</span>'
    if all(g.signature == UNRECORDED for g in groups):  # no causes section on its page
        return '<span class="dc-muted">not recorded (older report)</span>'
    blocked = sum(g.blocked for g in groups)
    text = f"{len(groups)} cause{'s' if len(groups) != 1 else ''}"
    if blocked:
        text += f", {blocked} blocked"
    return f'<a href="{esc(href)}">{text}</a>'


def _notes_chip(records: Sequence[ScenarioRecord], quiet: bool = False) -> str:
    count = sum(1 for r in records if r.reason_notes)
    if not count:
        return "" if quiet else '<span class="dc-muted">—</span>'
    label = f"{count} note{'s' if count != 1 else ''}"
    return (
        f' <span class="dc-st dc-st-note" title="{count} scenarios with reason notes">'
        f"{label}</span>"
    )


def _how_to_run(page: str) -> str:
    return HOW_TO_RUN.format(reports=md_link(page, "reports.md"))


def _indent(text: str) -> str:
    return "\n".join(("    " + line) if line else "" for line in text.splitlines())


def _source_fact(source: Source | None) -> list[tuple[str, str]]:
    """The engine's repository (linked when it is an http(s) address) and commit."""
    if source is None:
        return []
    url = safe_url(source.repository)
    repository = f'<a href="{esc(url)}">{esc(url)}</a>' if url else esc(source.repository)
    return [("Source", f"{repository} at commit <code>{esc(source.commit)}</code>")]


def _facts(report: RunReport, file: str) -> str:
    h = report.header
    impl = h.implementation
    revision = h.suite_revision or "unknown"
    url = safe_url(impl.homepage)  # an engine's javascript: address is shown, never linked
    homepage = f'<a href="{esc(url)}">{esc(url)}</a>' if url else esc(impl.homepage or "—")
    facts = [
        ("Implementation", f"{esc(impl.name)} <code>{esc(impl.version)}</code>"),
        ("Language", esc(impl.language or "—")),
        ("Homepage", homepage),
        *_source_fact(impl.source),
        ("Protocol", esc(impl.protocol)),
        ("Profiles claimed", esc(", ".join(impl.profiles) or "—")),
        ("Capabilities", esc(", ".join(impl.capabilities) or "—")),
        ("Adapter", esc(h.adapter)),
        (
            "Suite",
            f"version {esc(h.suite_version)}, revision <code>{esc(revision)}</code>",
        ),
        ("Tool version", esc(h.tool_version)),
        ("Run at", f"{esc(h.started_at)} ({report.footer.duration:.1f} s)"),
        ("Options requested", esc(options_key(h.options) or "profile defaults")),
        ("Expectations file", esc(h.expectations or "none")),
        ("Strict", "yes" if h.strict else "no"),
        ("Strict about reasons", "yes" if h.strict_reasons else "no (reason notes only)"),
        ("Report file", f"<code>{esc(file)}</code>"),
    ]
    if report.footer.stopped_early:
        facts.append(("Stopped early", esc(report.footer.stop_reason or "yes")))
    facts.append(("Reason notes", esc(reason_note_text(reason_note_totals(report.records)))))
    body = "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in facts)
    return f'<dl class="dc-facts">{body}</dl>'


def _scenario_cell(record: ScenarioRecord, page: str, inventory: Inventory) -> str:
    known = {s.id: s for s in inventory.scenarios if s.id}
    scenario = known.get(record.id)
    name = esc(record.name)
    if scenario is not None:
        name = f'<a href="{esc(link(page, catalogue_page(scenario), scenario.anchor))}">{name}</a>'
    return f"{name}<br><small><code>{esc(record.id)}</code></small>"


def _clauses_cell(record: ScenarioRecord, page: str, clause_ids: set[str]) -> str:
    items = []
    for clause in record.clauses:
        suffix = clause.split(".", 1)[-1]
        if clause in clause_ids:
            items.append(f'<a href="{esc(clause_link(page, clause))}">{esc(suffix)}</a>')
        else:
            items.append(esc(clause))
    return "<br>".join(items)


def record_detail(record: ScenarioRecord, anchor: str) -> str:
    """A failing (or unexpected) record: message, cause, expectation, reason notes, table
    picture, transcript."""
    expected = ""
    if record.expected is not None:
        e = record.expected
        link_html = (
            f' · <a href="{esc(e.link)}">{esc(e.link)}</a>'
            if e.link.startswith(("http://", "https://"))
            else f" · {esc(e.link)}"
        )
        expected = (
            f'<p class="dc-expected">Expected {esc(e.status)} (actual {esc(e.actual)}): '
            f"{esc(e.reason)}{link_html}</p>"
        )
    options = f" · {esc(options_key(record.options))}" if record.options else ""
    shown = verdict(record)
    cause = ""
    if record.failure is not None:
        f = record.failure
        blocked = (
            " It came before the scenario's own subject steps, so the scenario is "
            "<strong>blocked</strong>: no verdict on its rule."
            if f.blocked
            else ""
        )
        cause = (
            f'<p class="dc-cause">Cause: {esc(f.title)} · failed at <code>{esc(f.step)}</code>'
            f"{' (' + esc(f.text) + ')' if f.text else ''}.{blocked}</p>"
        )
    return (
        f'<section class="dc-record dc-record-{shown}" id="{esc(anchor)}">'
        f'<h4><span class="dc-st dc-st-{shown}">{shown}</span> '
        f"{esc(record.name)}</h4>"
        f'<p class="dc-where"><code>{esc(record.id)}</code> · {esc(record.feature_file)}:'
        f"{record.line}{options}</p>{expected}{cause}"
        f'<pre class="dc-message">{esc(record.message or "(no message)")}</pre>'
        f"{_notes_html(record)}"
        f"{render_failure_picture(record.transcript)}"
        f"{render_transcript(record.transcript)}</section>"
    )


def _notes_html(record: ScenarioRecord) -> str:
    if not record.reason_notes:
        return ""
    items = "".join(
        f"<li><code>{esc(n.step)}</code>: expected <code>{esc(n.expected)}</code>, the engine "
        + (f"gave <code>{esc(n.got)}</code>" if n.got else "gave no reason")
        + "</li>"
        for n in record.reason_notes
    )
    return f'<div class="dc-notes"><strong>Reason notes</strong><ul>{items}</ul></div>'


def _causes_section(
    groups: Sequence[CauseGroup], anchors: Mapping[tuple[str, str, str], str]
) -> str:
    """The run's failures grouped by cause, largest first, each with links to its records."""
    failing = [g for g in groups if g.unexpected]
    known = [g for g in groups if not g.unexpected]
    if not any(g.signature != UNRECORDED for g in groups):
        return ""  # nothing to group (or a report from before causes were recorded)
    parts = [
        "## Failures by cause {#causes}",
        "Failing scenarios grouped by their first failed check (kind, clause, and the shape of "
        "what was expected and what the engine did, with seats and cards abstracted). A "
        "scenario is *blocked* when that check came before the steps about its own rule.",
    ]
    rows = []
    for group in [*failing, *known]:
        links = []
        for record in sorted(group.records, key=lambda r: r.blocked)[:12]:
            href = anchors.get(record.key)
            label = esc(record.id) + (" (blocked)" if record.blocked else "")
            links.append(f'<a href="#{esc(href)}">{label}</a>' if href else label)
        more = f" and {len(group.records) - 12} more" if len(group.records) > 12 else ""
        statuses = ", ".join(f"{n} {s}" for s, n in group.statuses.items() if n)
        rows.append(
            f"<tr><td>{len(group.records)}</td><td>{group.blocked}</td>"
            f"<td>{esc(group.title)}<br><small>{esc(statuses)}</small></td>"
            f"<td>{esc(', '.join(group.profiles))}</td>"
            f"<td><small>{'<br>'.join(links)}{more}</small></td></tr>"
        )
    table = (
        '<table class="dc-table dc-causes"><thead><tr><th>scenarios</th><th>blocked</th>'
        "<th>cause</th><th>profiles</th><th>scenarios</th></tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
    )
    parts.append(scroll(table, "failures by cause"))
    return "\n\n".join(parts)


def _clauses_section(records: Sequence[ScenarioRecord], page: str, clause_ids: set[str]) -> str:
    """Each rule clause's verdict: failures counted only at the steps that test it."""
    verdicts = clause_verdicts(records)
    if not verdicts:
        return ""
    rows = []
    for clause, counts in verdicts.items():
        status = clause_status(counts)
        name = (
            f'<a href="{esc(clause_link(page, clause))}"><code>{esc(clause)}</code></a>'
            if clause in clause_ids
            else f"<code>{esc(clause)}</code>"
        )
        rows.append(
            f'<tr class="dc-row-{status}"><td>{name}</td>'
            f'<td><span class="dc-st dc-st-{status}">{status}</span></td>'
            f"<td>{status_chips(counts)}</td></tr>"
        )
    table = (
        '<table class="dc-table dc-clauses"><thead><tr><th>clause</th><th>verdict</th>'
        "<th>scenarios</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
    )
    return "\n\n".join(
        [
            "## By rule clause {#clauses}",
            "A clause *fails* when a scenario tagged with it failed at its own subject steps "
            "(its last action and the checks after it); a scenario stopped earlier by another "
            "cause counts as *blocked*, never as a failure of the clause.",
            scroll(table, "verdicts by rule clause"),
        ]
    )


NOT_CLAIMED_CHIP = '<span class="dc-st dc-st-unclaimed">not claimed</span>'
"""Shown for a profile the engine does not claim, instead of counting its skips."""


def _failure_summary(report: RunReport, unclaimed: set[str]) -> str:
    """The top of an engine page: what failed, in a sentence, before any list."""
    groups = [g for g in cause_groups(report.records) if g.unexpected]
    failing = sum(g.unexpected for g in groups)
    sentences = []
    if failing:
        biggest = groups[0]
        sentences.append(
            f'<strong class="dc-fail-summary">{failing} unexpected failure'
            f"{'s' if failing != 1 else ''}</strong> from {len(groups)} cause"
            f"{'s' if len(groups) != 1 else ''} (the largest: {esc(biggest.title)}, "
            f"{biggest.unexpected} scenario{'s' if biggest.unexpected != 1 else ''}); "
            '<a href="#causes">every cause below</a>.'
        )
    else:
        sentences.append('<strong class="dc-pass-summary">No unexpected failure.</strong>')
    if unclaimed:
        sentences.append(f"Not claimed by the engine: {esc(', '.join(sorted(unclaimed)))}.")
    return '<p class="dc-summary">' + " ".join(sentences) + "</p>"


def report_markdown(
    loaded: LoadedReport, inventory: Inventory, clause_ids: set[str], profile_ids: Sequence[str]
) -> str:
    """Markdown of one implementation's page."""
    report = loaded.report
    assert report is not None
    page = loaded.page
    parts = [f"# {esc(loaded.label)}"]
    if not report.complete:
        parts.append(
            '<div class="dc-incomplete"><strong>Incomplete run.</strong> '
            f"{esc(report.footer.stop_reason or 'The run stopped early.')} Only the scenarios "
            "played before it are shown: this is not a complete result.</div>"
        )
    unclaimed = set(unclaimed_profiles(report.records))
    parts += [
        _facts(report, loaded.file),
        f"**All scenarios:** {status_chips(verdict_counts(report.records))}",
        _failure_summary(report, unclaimed),
    ]
    groups = _group(report.records)
    anchors: dict[tuple[str, str, str], str] = {}
    number = 0
    for profile in _profile_order(groups, profile_ids):
        for area in sorted(groups[profile]):
            for record in groups[profile][area]:
                number += 1
                anchors[record.key] = f"r-{number}"
    causes = cause_groups(report.records)
    by_key = group_of(causes)
    section = _causes_section(causes, anchors)
    if section:
        parts.append(section)
    clauses = _clauses_section(report.records, page, clause_ids)
    if clauses:
        parts.append(clauses)
    parts.append("## Scenarios")
    number = 0
    for profile in _profile_order(groups, profile_ids):
        records = [r for area in groups[profile].values() for r in area]
        parts.append(f"### {esc(profile)} {{#{slug(profile)}}}")
        if profile in unclaimed:
            parts.append(
                f"{NOT_CLAIMED_CHIP} The engine does not claim this profile: its "
                f"{len(records)} scenarios were not played. That is no verdict on its rules."
            )
            continue
        parts.append(status_chips(verdict_counts(records)) + _notes_chip(records, quiet=True))
        for area in sorted(groups[profile]):
            items = groups[profile][area]
            parts.append(f"#### {esc(area or '(no area)')} {{#{area_anchor(profile, area)}}}")
            rows = []
            details = []
            for record in items:
                number += 1
                anchor = f"r-{number}"
                more = ""
                if record.status in DETAILED:
                    more = f'<a href="#{anchor}">details</a>'
                    group = by_key.get(record.key)
                    if record.blocked and group is not None:
                        more += f"<br><small>blocked by: {esc(group.title)}</small>"
                    details.append(record_detail(record, anchor))
                elif record.message:
                    more = f"<small>{esc(record.message.splitlines()[0][:200])}</small>"
                if record.reason_notes:
                    more += _notes_chip([record])
                    if record.status not in DETAILED:
                        more += _notes_html(record)
                shown = verdict(record)
                rows.append(
                    f'<tr class="dc-record-row dc-row-{shown}">'
                    f'<td><span class="dc-st dc-st-{shown}">{shown}</span></td>'
                    f"<td>{_scenario_cell(record, page, inventory)}</td>"
                    f"<td>{esc(options_key(record.options))}</td>"
                    f"<td>{_clauses_cell(record, page, clause_ids)}</td>"
                    f"<td>{more}</td></tr>"
                )
            table = (
                '<table class="dc-table dc-records"><thead><tr><th>status</th><th>scenario</th>'
                "<th>options</th><th>clauses</th><th></th></tr></thead><tbody>"
                + "".join(rows)
                + "</tbody></table>"
            )
            parts.append(scroll(table, f"{profile} {area} scenarios"))
            parts.extend(details)
    return "\n\n".join(parts) + "\n"
