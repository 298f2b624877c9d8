"""A campaign's findings grouped by signature, and the campaign's JSON report.

Every game that diverged is one :class:`~.campaign.Divergent`; games with the same signature
are one :class:`Finding` (how many games, the first seed, a few more seeds, and the shrunk
reproduction of the first one).  A finding whose signature the engine's expectations file
lists is *known*: counted, not reported again; a listed signature that did not show is
reported as *not seen* (fixed, or not reached by this campaign).

The JSON report (``schemas/fuzz-report-v1.json``) is what ``fuzz --report`` writes, what
``fuzz merge`` joins (shards of one campaign, findings deduplicated by signature) and what
the site shows beside an engine's conformance results.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from durak_conformance import causes, limits
from durak_conformance.fuzzing.campaign import CampaignResult, Divergent
from durak_conformance.reports.model import ReportError, json_path, load_schema

REPORT_FORMAT = "durak-conformance-fuzz"
REPORT_VERSION = 1
SCHEMA = "fuzz-report-v1.json"
SEEDS_KEPT = 20
"""Seeds listed per finding besides the first (the count says how many games there were)."""


@dataclass(frozen=True)
class KnownFinding:
    """A fuzz finding the expectations file lists (``fuzz:`` entries)."""

    signature: str
    reason: str
    link: str
    profile: str | None = None
    options: Mapping[str, str] = field(default_factory=dict)

    def applies(self, profile: str, options: Mapping[str, str]) -> bool:
        return (self.profile is None or self.profile == profile) and all(
            options.get(k) == v for k, v in self.options.items()
        )

    def to_json(self) -> dict[str, Any]:
        return {"signature": self.signature, "reason": self.reason, "link": self.link}


@dataclass
class Repro:
    """A finding's shrunk reproduction: the files written, and how small it got."""

    feature: str | None = None
    """The Gherkin file (None when there is no table to write one from: a crash on start,
    an improper deal of the engine's own)."""
    transcript: str | None = None
    rule: str | None = None
    """The scenario's best-guess ``@rule`` tag."""
    actions: int | None = None
    cards: int | None = None
    shrunk_signature: bool = True
    """Whether the reproduction keeps the finding's signature (False: shrinking was off or
    the replay diverged otherwise, and the reproduction is the game as found)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "feature": self.feature,
            "transcript": self.transcript,
            "rule": self.rule,
            "actions": self.actions,
            "cards": self.cards,
            "same_signature": self.shrunk_signature,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Repro:
        return cls(
            feature=data.get("feature"),
            transcript=data.get("transcript"),
            rule=data.get("rule"),
            actions=data.get("actions"),
            cards=data.get("cards"),
            shrunk_signature=bool(data.get("same_signature", True)),
        )


@dataclass
class Finding:
    """Every game of a campaign that diverged with one signature."""

    signature: str
    kind: str
    clause: str | None
    count: int
    first_seed: int
    seeds: list[int]
    message: str
    """The first game's divergence, in words."""
    known: KnownFinding | None = None
    repro: Repro | None = None
    reproduce: str = ""
    """The command line that replays the first game."""

    @property
    def title(self) -> str:
        return causes.title(self.signature)

    @property
    def status(self) -> str:
        return "known" if self.known is not None else "new"

    def to_json(self) -> dict[str, Any]:
        return {
            "signature": self.signature,
            "title": self.title,
            "kind": self.kind,
            "clause": self.clause,
            "status": self.status,
            "count": self.count,
            "first_seed": self.first_seed,
            "seeds": self.seeds,
            "message": limits.clip(self.message, 2000),
            "reproduce": self.reproduce,
            "known": None if self.known is None else self.known.to_json(),
            "repro": None if self.repro is None else self.repro.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Finding:
        known = data.get("known")
        repro = data.get("repro")
        return cls(
            signature=data["signature"],
            kind=data["kind"],
            clause=data.get("clause"),
            count=data["count"],
            first_seed=data["first_seed"],
            seeds=list(data["seeds"]),
            message=data["message"],
            known=None
            if known is None
            else KnownFinding(
                signature=str(known.get("signature", data["signature"])),
                reason=str(known["reason"]),
                link=str(known["link"]),
            ),
            repro=None if repro is None else Repro.from_json(repro),
            reproduce=data.get("reproduce", ""),
        )


def group(divergent: Sequence[Divergent], known: Sequence[KnownFinding] = ()) -> list[Finding]:
    """The divergent games grouped by signature, in order of first seed."""
    listed = {k.signature: k for k in known}
    by_signature: dict[str, Finding] = {}
    for game in sorted(divergent, key=lambda d: d.seed):
        found = by_signature.get(game.signature)
        if found is None:
            by_signature[game.signature] = Finding(
                signature=game.signature,
                kind=game.kind,
                clause=game.clause,
                count=1,
                first_seed=game.seed,
                seeds=[game.seed],
                message=game.message,
                known=listed.get(game.signature),
            )
            continue
        found.count += 1
        if len(found.seeds) <= SEEDS_KEPT:
            found.seeds.append(game.seed)
    return list(by_signature.values())


def not_seen(findings: Sequence[Finding], known: Sequence[KnownFinding]) -> list[KnownFinding]:
    """Known findings this campaign did not show (fixed, or not reached)."""
    shown = {f.signature for f in findings}
    return [k for k in known if k.signature not in shown]


@dataclass
class CampaignReport:
    """The JSON report of a campaign (or of merged shards of one)."""

    implementation: Mapping[str, Any]
    table: Mapping[str, Any]
    campaign: Mapping[str, Any]
    """seed, games asked for, time budget, stop-at-first, deal, rates."""
    shards: list[list[int]]
    """The shards played (``[I, N]``): one for a plain run, several after a merge."""
    totals: dict[str, Any]
    findings: list[Finding]
    not_seen: list[KnownFinding]
    started_at: str
    suite_version: str
    expectations: str | None = None

    @property
    def new_findings(self) -> list[Finding]:
        return [f for f in self.findings if f.known is None]

    def to_json(self) -> dict[str, Any]:
        return {
            "report_format": REPORT_FORMAT,
            "version": REPORT_VERSION,
            "suite_version": self.suite_version,
            "started_at": self.started_at,
            "implementation": dict(self.implementation),
            "table": dict(self.table),
            "campaign": dict(self.campaign),
            "shards": [list(s) for s in self.shards],
            "expectations": self.expectations,
            "totals": dict(self.totals),
            "findings": [f.to_json() for f in self.findings],
            "not_seen": [k.to_json() for k in self.not_seen],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], source: str = "<fuzz report>") -> CampaignReport:
        check(data, source)
        return cls(
            implementation=data["implementation"],
            table=data["table"],
            campaign=data["campaign"],
            shards=[list(s) for s in data["shards"]],
            totals=dict(data["totals"]),
            findings=[Finding.from_json(f) for f in data["findings"]],
            not_seen=[KnownFinding(**k) for k in data["not_seen"]],
            started_at=data["started_at"],
            suite_version=data["suite_version"],
            expectations=data.get("expectations"),
        )


def totals_of(result: CampaignResult) -> dict[str, Any]:
    return {
        "games": result.games,
        "finished": result.finished,
        "divergent": len(result.divergent),
        "actions": result.actions,
        "requests": result.requests,
        "seconds": round(result.seconds, 3),
        "games_per_second": round(result.games_per_second, 2),
        "stopped_by": result.stopped_by,
    }


def now() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


def check(data: Any, source: str) -> None:
    """Raise :class:`ReportError` naming what is wrong unless ``data`` is a fuzz report."""
    if not isinstance(data, Mapping) or data.get("report_format") != REPORT_FORMAT:
        raise ReportError(f"{source}: not a fuzz campaign report (report_format {REPORT_FORMAT!r})")
    validator = load_schema(SCHEMA)
    errors = sorted(validator.iter_errors(data), key=lambda e: str(list(e.absolute_path)))
    if errors:
        lines = [f"{source}: invalid fuzz report ({SCHEMA}):"]
        for error in errors[:10]:
            lines.append(f"  at {json_path(tuple(error.absolute_path))}: {error.message}")
        raise ReportError("\n".join(lines))


def read(path: Path) -> CampaignReport:
    """Read and check a fuzz report file."""
    source = str(path)
    try:
        if path.stat().st_size > limits.REPORT_BYTES:
            raise ReportError(f"{source}: over the {limits.REPORT_BYTES:,}-byte limit of a report")
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ReportError(f"{source}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ReportError(f"{source}: cannot read: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReportError(f"{source}:{exc.lineno}: not JSON: {exc.msg}") from None
    return CampaignReport.from_json(data, source)


def write(report: CampaignReport, path: Path) -> None:
    """Check and write ``report`` (atomically: a reader never sees half a file)."""
    from durak_conformance.reports.atomic import atomic_write_text

    data = report.to_json()
    check(data, str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")


# ---------------------------------------------------------------------- merging


def merge(reports: Sequence[CampaignReport], sources: Sequence[str]) -> CampaignReport:
    """One report from the shards of one campaign: totals added up, findings joined by
    signature (counts added, the first seed the smallest, its reproduction kept), a known
    finding not seen only when no shard saw it.

    Raises :class:`ReportError` when the reports are not shards of one campaign (another
    engine, table or campaign seed) or when two of them played the same shard."""
    if not reports:
        raise ReportError("fuzz merge: no reports given")
    first, first_source = reports[0], sources[0]
    same = ("seed", "games", "deal", "illegal_rate", "legal_rate")
    seen_shards: dict[tuple[int, ...], str] = {}
    for report, source in zip(reports, sources, strict=True):
        for what, mine, theirs in (
            ("engine", report.implementation.get("name"), first.implementation.get("name")),
            ("table", dict(report.table), dict(first.table)),
            *(
                (f"campaign {key}", report.campaign.get(key), first.campaign.get(key))
                for key in same
            ),
        ):
            if mine != theirs:
                raise ReportError(
                    f"fuzz merge: {source} is not a shard of the campaign of {first_source}: "
                    f"{what} {mine!r} against {theirs!r}"
                )
        for shard in report.shards:
            key = tuple(shard)
            if key in seen_shards:
                raise ReportError(
                    f"fuzz merge: shard {shard[0]}/{shard[1]} is in both {seen_shards[key]} and "
                    f"{source}"
                )
            seen_shards[key] = source
    by_signature: dict[str, Finding] = {}
    for report in reports:
        for finding in report.findings:
            have = by_signature.get(finding.signature)
            if have is None:
                by_signature[finding.signature] = replace(finding, seeds=list(finding.seeds))
                continue
            seeds = sorted(set(have.seeds) | set(finding.seeds))
            earlier = finding if finding.first_seed < have.first_seed else have
            by_signature[finding.signature] = replace(
                earlier,
                count=have.count + finding.count,
                seeds=seeds[: SEEDS_KEPT + 1],
                known=have.known or finding.known,
            )
    findings = sorted(by_signature.values(), key=lambda f: f.first_seed)
    shown = set(by_signature)
    missing: dict[str, KnownFinding] = {}
    for report in reports:
        for known in report.not_seen:
            if known.signature not in shown:
                missing.setdefault(known.signature, known)
    totals: dict[str, Any] = {
        key: sum(int(r.totals[key]) for r in reports)
        for key in ("games", "finished", "divergent", "actions", "requests")
    }
    seconds = sum(float(r.totals["seconds"]) for r in reports)
    totals["seconds"] = round(seconds, 3)
    totals["games_per_second"] = round(totals["games"] / seconds, 2) if seconds else 0.0
    stops = {r.totals["stopped_by"] for r in reports}
    totals["stopped_by"] = "games" if stops == {"games"} else sorted(stops - {"games"})[0]
    campaign = dict(first.campaign)
    campaign["shard"] = None
    return CampaignReport(
        implementation=first.implementation,
        table=first.table,
        campaign=campaign,
        shards=sorted(list(s) for s in seen_shards),
        totals=totals,
        findings=findings,
        not_seen=list(missing.values()),
        started_at=min(r.started_at for r in reports),
        suite_version=first.suite_version,
        expectations=first.expectations,
    )


def shards_missing(report: CampaignReport) -> list[str]:
    """``I/N`` of the shards of the campaign no report covered."""
    counts = {s[1] for s in report.shards}
    missing: list[str] = []
    for n in sorted(counts):
        have = {s[0] for s in report.shards if s[1] == n}
        missing += [f"{i}/{n}" for i in range(1, n + 1) if i not in have]
    return missing


__all__ = [
    "REPORT_FORMAT",
    "CampaignReport",
    "Finding",
    "KnownFinding",
    "Repro",
    "check",
    "group",
    "merge",
    "not_seen",
    "read",
    "shards_missing",
    "write",
]
