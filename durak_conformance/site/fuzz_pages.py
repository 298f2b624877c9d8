"""Fuzz campaigns on the site: each engine's campaign reports beside its conformance results.

``fuzz --report`` (or ``fuzz merge``) writes a campaign report; the site reads every
``*.json`` in ``<reports>/fuzz/``.  A campaign of an engine that also has a conformance report
(the same implementation name) is shown on that engine's page, in a "Fuzzing" section; a
campaign of an engine without one gets a page of its own in the conformance section.  A
report that cannot be read is listed with its error, never dropped silently.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from durak_conformance.fuzzing.report import CampaignReport, read
from durak_conformance.reports.model import ReportError
from durak_conformance.site.markup import esc, slug

FOLDER = "fuzz"
"""The folder of the reports folder holding campaign reports."""


@dataclass(frozen=True, slots=True)
class LoadedCampaign:
    """A campaign report file: the report, or why it could not be read."""

    file: str
    report: CampaignReport | None = None
    error: str | None = None

    @property
    def engine(self) -> str:
        return "" if self.report is None else str(self.report.implementation.get("name", ""))


def load_campaigns(reports_dir: Path) -> list[LoadedCampaign]:
    """Every campaign report in ``<reports_dir>/fuzz/``, by file name."""
    folder = reports_dir / FOLDER
    if not folder.is_dir():
        return []
    loaded: list[LoadedCampaign] = []
    for path in sorted(folder.glob("*.json")):
        try:
            loaded.append(LoadedCampaign(f"{FOLDER}/{path.name}", report=read(path)))
        except ReportError as exc:
            loaded.append(LoadedCampaign(f"{FOLDER}/{path.name}", error=str(exc)))
    return loaded


def own_page(engine: str) -> str:
    """The page of an engine's campaigns when it has no conformance report."""
    return f"conformance/fuzz-{slug(engine) or 'engine'}.md"


def _table_text(report: CampaignReport) -> str:
    table = report.table
    options = ", ".join(f"{k}={v}" for k, v in sorted(dict(table["options"]).items()))
    return f"{table['profile']}{f' ({options})' if options else ''}, {table['seats']} seats"


def _stopped(report: CampaignReport) -> str:
    how = report.totals["stopped_by"]
    if how == "time":
        return f"time budget of {report.campaign.get('time_budget')} s spent"
    if how == "first":
        return "stopped at the first divergence"
    return "every game played"


def campaign_markdown(loaded: LoadedCampaign, level: int = 3) -> str:
    """One campaign: its facts, its findings (one row per signature) and known ones not seen."""
    head = "#" * level
    if loaded.report is None:
        return (
            f"{head} <code>{esc(loaded.file)}</code>\n\n"
            f'<div class="dc-incomplete">Not shown: {esc(loaded.error)}</div>'
        )
    report = loaded.report
    totals = report.totals
    shards = ", ".join(f"{i}/{n}" for i, n in report.shards)
    facts = [
        ("Table", esc(_table_text(report))),
        (
            "Games",
            f"{totals['games']} ({totals['finished']} to the end; {_stopped(report)}), "
            f"{totals['games_per_second']:.1f} games/s",
        ),
        ("Campaign seed", f"{report.campaign['seed']} (shards {esc(shards)})"),
        ("Divergent games", str(totals["divergent"])),
        ("Expectations file", esc(report.expectations or "none")),
        ("Run at", esc(report.started_at)),
        ("Report file", f"<code>{esc(loaded.file)}</code>"),
    ]
    source = report.implementation.get("source")
    if isinstance(source, dict) and source.get("repository") and source.get("commit"):
        facts.insert(
            0,
            (
                "Engine code",
                f"{esc(str(source['repository']))} at commit "
                f"<code>{esc(str(source['commit']))}</code>",
            ),
        )
    body = "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in facts)
    new = len(report.new_findings)
    known = len(report.findings) - new
    parts = [
        f"{head} {esc(_table_text(report))}",
        f'<dl class="dc-facts">{body}</dl>',
        f"**Findings:** {new} new, {known} known"
        + (f", {len(report.not_seen)} known not seen" if report.not_seen else ""),
    ]
    if report.findings:
        rows = [
            "| status | games | first seed | finding | reproduction |",
            "|---|--:|--:|---|---|",
        ]
        for finding in report.findings:
            if finding.known is not None:
                where = f"known: {esc(finding.known.reason)} ({esc(finding.known.link)})"
            elif finding.repro is not None:
                where = (
                    f"<code>{esc(finding.repro.feature or finding.repro.transcript or '')}</code>"
                )
            else:
                where = "—"
            title = esc(finding.title).replace("|", "&#124;")
            rows.append(
                f"| {finding.status} | {finding.count} | {finding.first_seed} | {title}"
                f"<br><small><code>{esc(finding.reproduce).replace('|', '&#124;')}</code></small>"
                f" | {where.replace('|', '&#124;')} |"
            )
        parts.append("\n".join(rows))
    for missing in report.not_seen:
        parts.append(
            f"Known finding not seen in this campaign (fixed, or not reached): "
            f"<code>{esc(missing.signature)}</code> ({esc(missing.link)})"
        )
    return "\n\n".join(parts)


def section_markdown(campaigns: Sequence[LoadedCampaign]) -> str:
    """The "Fuzzing" section of an engine's page."""
    parts = [
        "## Fuzzing",
        "Random games played in lockstep with the reference engine "
        "(`durak-conformance fuzz`); each finding is one divergence signature, with the "
        "number of games that showed it and the first one's seed.",
    ]
    parts += [campaign_markdown(c) for c in campaigns]
    return "\n\n".join(parts)


def engine_page_markdown(engine: str, campaigns: Sequence[LoadedCampaign]) -> str:
    """The page of an engine that has campaigns but no conformance report."""
    return f"# {esc(engine)}: fuzzing\n\n" + section_markdown(campaigns).split("\n\n", 1)[1]


def index_rows(campaigns: Sequence[LoadedCampaign]) -> str:
    """A table of every campaign for the conformance index (empty without campaigns)."""
    if not campaigns:
        return ""
    rows = ["| engine | table | games | findings (new / known) |", "|---|---|--:|---|"]
    for loaded in campaigns:
        if loaded.report is None:
            rows.append(f"| — | <code>{esc(loaded.file)}</code>: not shown | | |")
            continue
        report = loaded.report
        new = len(report.new_findings)
        rows.append(
            f"| {esc(loaded.engine)} | {esc(_table_text(report))} | {report.totals['games']} "
            f"| {new} / {len(report.findings) - new} |"
        )
    return "## Fuzz campaigns\n\n" + "\n".join(rows)
