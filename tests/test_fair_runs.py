"""Judging an engine we did not write, fairly: whole runs of the real command.

- any subset of claimed profiles and optional capabilities runs to the end and writes every
  report (the reference engine behind tests/engines/proxy.py, claiming only what it is told);
- an internal error after games were played keeps their results (tests/fault_injection.py);
- a refusal's reason is optional: missing or different reasons are notes, failures only with
  --strict-reasons (the proxy's --no-reasons, and tests/engines/wrong_reasons.py);
- one bug that breaks many scenarios reads as few causes, and scenarios it stops before their
  own rule are blocked, not failed against their rule (mutant only-attacker-throws-in).

Each test runs the command in a subprocess, as a user would.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest

from durak_conformance.profiles import list_profiles
from durak_conformance.reports import RunReport, read_report
from durak_conformance.reports.groups import cause_groups, clause_status, clause_verdicts
from durak_conformance.reports.markdown import cell

HERE = Path(__file__).resolve().parent
PROXY = [sys.executable, str(HERE / "engines" / "proxy.py")]
WRONG_REASONS = [sys.executable, str(HERE / "engines" / "wrong_reasons.py")]
FAULTS = [sys.executable, str(HERE / "fault_injection.py")]
CAPABILITIES = ("cheating", "clock", "legal", "match", "pipeline", "position", "table")

# A skip must say why, and only these reasons are honest for the proxy: it lacks the profile
# or a capability.  Anything else (say, "engine declined", the harness sending a request the
# engine never claimed) is a harness bug, and PROXY_STRICT turns it into an error anyway.
SKIP_REASONS = {
    "profile": re.compile(r"^engine does not implement profile '(?P<what>[a-z0-9-]+)'$"),
    "capability": re.compile(r"^engine does not claim capability '(?P<what>[a-z]+)' \(.+\)$"),
    # An engine that claims how games may start (position, deal) but not deck.
    "start": re.compile(r"^engine cannot start from a given (?P<what>deck) \(.+\)$"),
}


def run(
    tmp_path: Path, *args: str, faults: list[str] | None = None
) -> subprocess.CompletedProcess[str]:
    prefix = (
        [*FAULTS, *(faults or []), "--"]
        if faults is not None
        else [
            sys.executable,
            "-m",
            "durak_conformance",
        ]
    )
    return subprocess.run(
        [*prefix, "run", "--no-progress", "--reports", str(tmp_path / "reports"), *args],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
        env={**os.environ, "PROXY_STRICT": "1"},
    )


def proxy(profiles: str, capabilities: str, *extra: str) -> list[str]:
    return [
        "--engine",
        "--",
        *PROXY,
        "--profiles",
        profiles,
        "--capabilities",
        capabilities,
        *extra,
    ]


def skip_reasons(report: RunReport) -> Counter[str]:
    """How many records were skipped for each (kind, profile or capability)."""
    counts: Counter[str] = Counter()
    for record in report.records:
        if record.status != "skip":
            continue
        for kind, pattern in SKIP_REASONS.items():
            match = pattern.match(record.message)
            if match:
                counts[f"{kind} {match['what']}"] += 1
                break
        else:
            counts[f"other: {record.message}"] += 1
    return counts


def check_complete_and_fair(
    done: subprocess.CompletedProcess[str],
    reports: Path,
    profiles: list[str],
    capabilities: list[str],
    name: str = "reference-proxy",
) -> RunReport:
    """The run finished, wrote every report, passed what it ran, and skipped only honestly."""
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    report = read_report(reports / f"{name}.json")
    assert report.complete and report.footer.internal_error is None
    assert (reports / f"{name}.junit.xml").is_file() and (reports / f"{name}.md").is_file()
    badges = {p.name for p in (reports / "badges" / name).glob("badge-*.json")}
    assert {f"badge-{p}.json" for p in profiles} <= badges
    statuses = Counter(r.status for r in report.records)
    assert set(statuses) <= {"pass", "skip"}, [
        (r.id, r.status, r.message[:300])
        for r in report.records
        if r.status not in ("pass", "skip")
    ]
    for reason in skip_reasons(report):
        kind, _, what = reason.partition(" ")
        assert kind in SKIP_REASONS, reason
        if kind == "profile":
            assert what not in profiles, reason
        else:
            assert what not in capabilities, reason
    for profile in profiles:
        mine = [r for r in report.records if r.profile == profile]
        assert any(r.status == "pass" for r in mine), f"nothing of {profile} was played"
    return report


# ------------------------------------------------------------------ partial claims


@pytest.mark.parametrize("profile", list_profiles())
def test_one_profile_no_optional_capability_no_reasons_runs_to_the_end(
    tmp_path: Path, profile: str
) -> None:
    """The whole suite against an engine like a game team's: one profile, nothing optional,
    no refusal reasons.  Every scenario it plays passes (position scenarios from their
    derivations); the rest are skipped with the reason."""
    done = run(tmp_path, *proxy(profile, "", "--no-reasons"))
    report = check_complete_and_fair(done, tmp_path / "reports", [profile], [])
    mine = [r for r in report.records if r.profile == profile]
    skipped = Counter(skip_reasons(RunReport(report.header, mine, report.footer)))
    # Position scenarios run from their stored derivations (a stacked deck and a prefix of
    # legal actions): fewer than one in ten of the profile's scenarios may be skipped for the
    # want of a position (those whose derivation needs a capability the engine lacks, or
    # that have none).
    position = [
        r.message
        for r in mine
        if r.status == "skip"
        and r.message.startswith("engine does not claim capability 'position'")
    ]
    assert len(position) < 0.10 * len(mine), (len(position), len(mine), position[:5])
    print(
        f"{profile}: {len(mine)} scenarios, {sum(r.status == 'pass' for r in mine)} passed;",
        dict(skipped),
    )


COMBINATIONS = [
    ("videochess", "legal"),  # the crash
    ("howto-durak,videochess", "legal,clock"),
    ("durak-challenge,prototype-build10", "position,match,legal"),
    ("ggtables", ",".join(CAPABILITIES)),
    ("", ""),  # claims no profile at all: everything skipped, still a complete run
]
# Comparison outlines whose rows of one profile differ only in their options (the crash).
MIXED = [
    "--id",
    "compare.seat-counts*",
    "--id",
    "compare.deck-size*",
    "--id",
    "compare.first-bout*",
]


@pytest.mark.parametrize(("profiles", "capabilities"), COMBINATIONS)
def test_mixed_claims_run_to_the_end(tmp_path: Path, profiles: str, capabilities: str) -> None:
    """Comparison outlines (rows of every profile, some differing only in options) under
    mixed claims: the records of unclaimed profiles must still be keyed apart."""
    done = run(tmp_path, *MIXED, *proxy(profiles, capabilities))
    claimed = [p for p in profiles.split(",") if p]
    report = check_complete_and_fair(
        done, tmp_path / "reports", claimed, [c for c in capabilities.split(",") if c]
    )
    seat_counts = [r for r in report.records if r.id.startswith("compare.seat-counts[")]
    assert len({r.key for r in seat_counts}) == len(seat_counts) > 10
    if "howto-durak" not in claimed:
        # the two rows that differ only in their options are both there, with their options
        four = [
            r
            for r in seat_counts
            if r.profile == "howto-durak" and r.id.endswith("[computer=none,seats=4,verdict=deals]")
        ]
        assert {(r.options.get("deck"), r.options.get("teams")) for r in four} == {
            ("24", "solo"),
            ("36", "pairs"),
        }


def test_record_keys_do_not_depend_on_what_the_engine_claims(tmp_path: Path) -> None:
    """A scenario an engine cannot play is keyed as if it had been played: the keys of an
    engine claiming nothing are those of the reference engine, which plays everything."""
    selection = ["--id", "compare.*"]
    nothing = run(tmp_path, *selection, "--name", "nothing", *proxy("", ""))
    everything = run(tmp_path, *selection, "--name", "reference")
    assert nothing.returncode == everything.returncode == 0, nothing.stderr + everything.stderr
    unclaimed = read_report(tmp_path / "reports" / "nothing.json")
    reference = read_report(tmp_path / "reports" / "reference.json")
    assert {r.status for r in unclaimed.records} == {"skip"}
    assert {r.status for r in reference.records} == {"pass"}
    assert sorted(r.key for r in unclaimed.records) == sorted(r.key for r in reference.records)


# ------------------------------------------------------------------ internal errors

TAKE = ["--profile", "prototype-build10", "--id", "prototype-build10.take.*"]


def test_an_internal_error_mid_run_keeps_what_was_played(tmp_path: Path) -> None:
    """What was played is kept, in incomplete/, marked so; the last complete set stays."""
    reports = tmp_path / "reports"
    complete = run(tmp_path, *TAKE)
    assert complete.returncode == 0
    last = {p: p.read_bytes() for p in reports.rglob("*") if p.is_file()}
    played = len(read_report(reports / "reference.json").records)
    assert played > 3
    done = run(tmp_path, *TAKE, faults=["--after", "3"])
    assert done.returncode == 4, done.stdout + done.stderr
    assert {p: p.read_bytes() for p in last} == last  # the last complete set, untouched
    partial = reports / "incomplete"
    report = read_report(partial / "reference.json")
    internal = report.footer.internal_error
    assert internal is not None and "injected fault after 3 records" in internal.message
    assert "while running prototype-build10.take." in internal.where
    assert "features/prototype-build10/take.feature:" in internal.where
    assert internal.records == len(report.records) == 3 < played
    assert {r.status for r in report.records} == {"pass"}
    assert report.footer.stopped_early and report.footer.exit_code == 4
    assert not report.complete
    # never shown as passed, anywhere
    summary = (partial / "reference.md").read_text(encoding="utf-8")
    assert "Result: **INCOMPLETE** (exit code 4)" in summary and "passed**" not in summary
    assert "Cut short by an internal error" in summary
    junit = ET.parse(partial / "reference.junit.xml").getroot()
    properties = {p.get("name"): p.get("value") for p in junit.iter("property")}
    assert properties["complete"] == "false"
    assert "injected fault" in str(properties["internal_error"])
    assert not (partial / "badges").exists()  # never badged; the complete run's badges stay
    assert "INCOMPLETE" in done.stderr and "(INCOMPLETE)" in done.stdout


def test_an_internal_error_while_writing_keeps_the_json_report(tmp_path: Path) -> None:
    done = run(tmp_path, *TAKE, faults=["--in-junit"])
    assert done.returncode == 4, done.stdout + done.stderr
    reports = tmp_path / "reports" / "incomplete"
    report = read_report(reports / "reference.json")
    assert report.footer.internal_error is not None
    assert report.footer.internal_error.where == "while writing the reports"
    assert len(report.records) > 3 and {r.status for r in report.records} == {"pass"}
    assert not (reports / "reference.junit.xml").exists()
    assert "INCOMPLETE" in (reports / "reference.md").read_text(encoding="utf-8")


# ------------------------------------------------------------------ refusal reasons

THROW_IN = ["--profile", "howto-durak", "--id", "howto-durak.throw-in.*"]


@pytest.mark.parametrize(
    ("engine", "kind"),
    [
        (["--engine", "--", *PROXY, "--no-reasons"], "missing"),
        (["--engine", "--", *WRONG_REASONS], "different"),
    ],
    ids=["no-reasons", "wrong-reasons"],
)
def test_reasons_are_notes_unless_strict(tmp_path: Path, engine: list[str], kind: str) -> None:
    done = run(tmp_path, *THROW_IN, *engine)
    assert done.returncode == 0, done.stdout + done.stderr
    reports = tmp_path / "reports"
    name = "reference-proxy" if kind == "missing" else "wrong-reasons"
    report = read_report(reports / f"{name}.json")
    assert {r.status for r in report.records} == {"pass"}
    noted = [r for r in report.records if r.reason_notes]
    assert len(noted) >= 3
    for record in noted:
        for note in record.reason_notes:
            assert (note.got is None) == (kind == "missing")
            assert note.expected.startswith("howto-durak.") and note.got != note.expected
            assert note.step.startswith("features/howto-durak/throw-in.feature:")
    data = json.loads((reports / f"{name}.json").read_text(encoding="utf-8"))
    totals = data["footer"]["reason_notes"]
    assert totals["scenarios"] == len(noted) and totals[kind] >= len(noted)
    junit = ET.parse(reports / f"{name}.junit.xml").getroot()
    suite = junit.find("testsuite")
    assert suite is not None
    properties = {p.get("name"): p.get("value") for p in suite.find("properties") or []}
    assert properties["reason_notes"] == str(len(noted))
    assert properties["strict_reasons"] == "false"
    case_notes = [p for p in junit.iter("property") if p.get("name") == "reason_note"]
    assert len(case_notes) == sum(len(r.reason_notes) for r in noted)
    summary = (reports / f"{name}.md").read_text(encoding="utf-8")
    assert f"- Reason notes: {len(noted)} scenario" in summary
    assert f"reason notes: {len(noted)} scenario" in done.stdout

    strict = run(tmp_path, *THROW_IN, "--strict-reasons", *engine)
    assert strict.returncode == 1, strict.stdout + strict.stderr
    report = read_report(reports / f"{name}.json")
    assert report.header.strict_reasons
    failed = [r for r in report.records if r.status == "fail"]
    assert {r.id for r in failed} == {r.id for r in noted}
    assert {r.failure.kind for r in failed if r.failure} == {"reason"}
    assert len({r.cause for r in failed}) == 1, "one engine trait, one cause"


def test_the_pytest_plugin_has_the_strict_reasons_option(tmp_path: Path) -> None:
    command = " ".join([*PROXY, "--no-reasons"])
    base = [
        sys.executable,
        "-m",
        "pytest",
        str(HERE.parent / "durak_conformance" / "suite" / "test_features.py"),
        "-q",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:xdist",
        "--rootdir",
        str(tmp_path),
        "-c",
        str(HERE.parent / "durak_conformance" / "run-pytest.ini"),
        "--durak-engine",
        command,
        "--durak-id",
        "howto-durak.throw-in.rank-not-on-table",
    ]
    lenient = subprocess.run(base, capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert lenient.returncode == 0, lenient.stdout + lenient.stderr
    strict = subprocess.run(
        [*base, "--durak-strict-reasons"], capture_output=True, text=True, timeout=300, cwd=tmp_path
    )
    assert strict.returncode == 1, strict.stdout + strict.stderr
    assert "expected a refusal under howto-durak.throw-in.rank" in strict.stdout
    help_text = subprocess.run(
        [*base[:4], "--help"], capture_output=True, text=True, timeout=120, cwd=tmp_path
    ).stdout
    assert "--durak-strict-reasons" in help_text


# ------------------------------------------------------------------ causes and blocked


def test_one_bug_over_many_scenarios_reads_as_few_causes(tmp_path: Path) -> None:
    """The mutant lets only the attacking seat throw in: its failures spread over many rule
    areas, collapse into a few causes, and scenarios of other rules that it stops in their
    preamble are blocked, not failed against their own rule."""
    done = run(tmp_path, "--profile", "howto-durak", "--adapter", "mutant:only-attacker-throws-in")
    assert done.returncode == 1
    report = read_report(tmp_path / "reports" / "mutant-only-attacker-throws-in.json")
    failing = [r for r in report.records if r.status in ("fail", "error")]
    assert len(failing) >= 20
    assert all(r.failure is not None for r in failing)
    areas = {r.area for r in failing}
    assert len(areas) >= 5, areas
    groups = [g for g in cause_groups(report.records) if g.unexpected]
    assert len(groups) * 3 <= len(failing), [(len(g.records), g.title) for g in groups]
    top = groups[0]
    assert top.kind == "refused" and "throw_in" in top.signature
    assert len(top.records) * 3 >= len(failing)

    # A bout-limits scenario whose preamble needs seat 3 to throw in: blocked by the cause.
    limits = next(r for r in report.records if r.id == "howto-durak.limits.first-bout-five")
    assert limits.status == "fail" and limits.failure is not None
    assert limits.failure.blocked and limits.failure.kind == "refused"
    assert limits.failure.step == "features/howto-durak/bout-limits.feature:25"
    assert limits.failure.text == "seat 3 throws in 8♣"
    assert limits.cause == top.signature
    verdicts = clause_verdicts(report.records)
    assert verdicts["howto-durak.limits.first-bout"]["fail"] == 0
    assert verdicts["howto-durak.limits.first-bout"]["blocked"] >= 1
    # The rule the bug breaks fails at its own step.
    assert clause_status(verdicts["howto-durak.throw-in.who"]) == "fail"
    own = [r for r in failing if "howto-durak.throw-in.who" in r.clauses and not r.blocked]
    assert own
    # Every report says it the same way.
    summary = (tmp_path / "reports" / "mutant-only-attacker-throws-in.md").read_text()
    assert "### Failures by cause" in summary and cell(top.title) in summary
    assert "failures by cause" in done.stdout and top.title in done.stdout
    data = json.loads((tmp_path / "reports" / "mutant-only-attacker-throws-in.json").read_text())
    assert data["footer"]["causes"][0]["signature"] == top.signature
    assert data["footer"]["causes"][0]["blocked"] == top.blocked > 0
