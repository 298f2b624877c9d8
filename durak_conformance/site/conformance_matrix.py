"""The conformance matrix: implementations (one per JSON report) against profiles and areas.

Reports are the ``*.json`` files of the reports folder whose ``report_format`` is the
durak-conformance report format; other JSON files are ignored, and a report that cannot be
read is listed with its error (and reported as a build warning).  Cells count statuses; there
is deliberately no overall score or ranking: engines implement different profiles and
capabilities, so one number would compare unlike things.  Each implementation gets a page
with every scenario, and each failing scenario shows its message, the table drawn at the last
state of its transcript, and the transcript.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from durak_conformance.reports.json_report import loads
from durak_conformance.reports.model import (
    REPORT_FORMAT,
    STATUSES,
    ReportError,
    RunReport,
    ScenarioRecord,
    Status,
    count_statuses,
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
            text = path.read_text(encoding="utf-8")
            data = json.loads(text)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            loaded.append(LoadedReport(path.name, name, error=f"{path}: cannot read: {exc}"))
            continue
        if not isinstance(data, dict) or data.get("report_format") != REPORT_FORMAT:
            continue  # some other JSON file (badges, tool output)
        try:
            loaded.append(LoadedReport(path.name, name, report=loads(text, source=str(path))))
        except ReportError as exc:
            loaded.append(LoadedReport(path.name, name, error=str(exc)))
    return sorted(loaded, key=_order)


def _order(item: LoadedReport) -> tuple[int, str, str]:
    if item.report is None:
        return (2, item.file, "")
    header = item.report.header
    reference = header.adapter == "reference"
    return (0 if reference else 1, header.implementation.name.lower(), header.started_at)


def status_chips(counts: Mapping[Status, int], href: str | None = None) -> str:
    """Non-zero status counts as coloured chips (all zero: a dash)."""
    chips = [
        f'<span class="dc-st dc-st-{s}" title="{counts[s]} {s}">{counts[s]} {s}</span>'
        for s in STATUSES
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
        ("all scenarios", [status_chips(rep.footer.totals, link(page, r.page)) for r, rep in runs]),
    ]
    rows = [
        f'<tr class="dc-facts-row"><th scope="row">{label}</th>'
        + "".join(f"<td>{v}</td>" for v in values)
        + "</tr>"
        for label, values in fact_rows
    ]
    groups = [_group(rep.records) for _, rep in runs]
    all_profiles = _profile_order((p for g in groups for p in g), profile_ids)
    for profile in all_profiles:
        cells = []
        for report, group in zip(good, groups, strict=True):
            records = [rec for area in group.get(profile, {}).values() for rec in area]
            href = link(page, report.page, slug(profile))
            cells.append(f"<td>{status_chips(count_statuses(records), href)}</td>")
        rows.append(
            f'<tr class="dc-profile-row" id="{esc(slug(profile))}"><th scope="row">'
            f"<strong>{esc(profile)}</strong></th>{''.join(cells)}</tr>"
        )
        areas = sorted({a for g in groups for a in g.get(profile, {})})
        for area in areas:
            cells = []
            for report, group in zip(good, groups, strict=True):
                records = group.get(profile, {}).get(area, [])
                href = link(page, report.page, area_anchor(profile, area))
                cells.append(f"<td>{status_chips(count_statuses(records), href)}</td>")
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
        "each row a profile and its rule areas. Cells count scenarios by status: **pass**, "
        "**fail** (the engine differs from the rules), **error** (crash, hang, garbage reply), "
        "**skip** (not judged: the engine declined), **xfail** (a known failure listed in the "
        "implementation's expectations file), **xpass** (expected to fail, but passed). "
        "Click a cell to see its scenarios. There is no overall score: implementations "
        "claim different profiles and capabilities, so one number would compare unlike things."
    )


def _how_to_run(page: str) -> str:
    return HOW_TO_RUN.format(reports=md_link(page, "reports.md"))


def _indent(text: str) -> str:
    return "\n".join(("    " + line) if line else "" for line in text.splitlines())


def _facts(report: RunReport, file: str) -> str:
    h = report.header
    impl = h.implementation
    revision = h.suite_revision or "unknown"
    homepage = f'<a href="{esc(impl.homepage)}">{esc(impl.homepage)}</a>' if impl.homepage else "—"
    facts = [
        ("Implementation", f"{esc(impl.name)} <code>{esc(impl.version)}</code>"),
        ("Language", esc(impl.language or "—")),
        ("Homepage", homepage),
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
        ("Report file", f"<code>{esc(file)}</code>"),
    ]
    if report.footer.stopped_early:
        facts.append(("Stopped early", esc(report.footer.stop_reason or "yes")))
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
    """A failing (or unexpected) record: message, expectation, table picture, transcript."""
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
    return (
        f'<section class="dc-record dc-record-{record.status}" id="{esc(anchor)}">'
        f'<h4><span class="dc-st dc-st-{record.status}">{record.status}</span> '
        f"{esc(record.name)}</h4>"
        f'<p class="dc-where"><code>{esc(record.id)}</code> · features/{esc(record.feature)}:'
        f"{record.line}{options}</p>{expected}"
        f'<pre class="dc-message">{esc(record.message or "(no message)")}</pre>'
        f"{render_failure_picture(record.transcript)}"
        f"{render_transcript(record.transcript)}</section>"
    )


def report_markdown(
    loaded: LoadedReport, inventory: Inventory, clause_ids: set[str], profile_ids: Sequence[str]
) -> str:
    """Markdown of one implementation's page."""
    report = loaded.report
    assert report is not None
    page = loaded.page
    parts = [
        f"# {esc(loaded.label)}",
        _facts(report, loaded.file),
        f"**All scenarios:** {status_chips(report.footer.totals)}",
    ]
    groups = _group(report.records)
    number = 0
    for profile in _profile_order(groups, profile_ids):
        records = [r for area in groups[profile].values() for r in area]
        parts.append(f"## {esc(profile)} {{#{slug(profile)}}}")
        parts.append(status_chips(count_statuses(records)))
        for area in sorted(groups[profile]):
            items = groups[profile][area]
            parts.append(f"### {esc(area or '(no area)')} {{#{area_anchor(profile, area)}}}")
            rows = []
            details = []
            for record in items:
                number += 1
                anchor = f"r-{number}"
                more = ""
                if record.status in DETAILED:
                    more = f'<a href="#{anchor}">details</a>'
                    details.append(record_detail(record, anchor))
                elif record.message:
                    more = f"<small>{esc(record.message.splitlines()[0][:200])}</small>"
                rows.append(
                    f'<tr class="dc-record-row dc-row-{record.status}">'
                    f'<td><span class="dc-st dc-st-{record.status}">{record.status}</span></td>'
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
