"""``durak-conformance run``: exit codes, reports, selection, expectations, parallel runs.

Each test runs the real command in a subprocess on a small selection of the suite.
"""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from durak_conformance.reports import read_report

ROOT = Path(__file__).resolve().parent.parent
ENGINES = Path(__file__).resolve().parent / "engines"
SEVEN = [sys.executable, str(ENGINES / "seven_cards.py")]
LIMITS = ["--profile", "videochess", "--tags", "rule:videochess.limits.*"]


def run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "durak_conformance",
            "run",
            "--no-progress",
            "--reports",
            str(tmp_path / "reports"),
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )


def test_reference_run_writes_every_report(tmp_path: Path) -> None:
    done = run(tmp_path, "--profile", "prototype-build10", "--id", "prototype-build10.take.*")
    assert done.returncode == 0, done.stdout + done.stderr
    reports = tmp_path / "reports"
    report = read_report(reports / "reference.json")
    assert report.records and {r.status for r in report.records} == {"pass"}
    assert all(r.id.startswith("prototype-build10.take.") for r in report.records)
    assert report.header.implementation.name == "durak-conformance-reference"
    suite = ET.parse(reports / "reference.junit.xml").getroot()
    assert sum(int(s.get("tests", 0)) for s in suite.iter("testsuite")) == len(report.records)
    assert "prototype-build10" in (reports / "reference.md").read_text(encoding="utf-8")
    badge = json.loads(
        (reports / "badges" / "reference" / "badge-prototype-build10.json").read_text(
            encoding="utf-8"
        )
    )
    assert badge["message"].startswith("100%")
    assert f"{len(report.records)} passed, 0 failed" in done.stdout


def test_rule_failures_exit_1_with_the_failing_scenarios_named(tmp_path: Path) -> None:
    done = run(tmp_path, *LIMITS, "--engine", "--", *SEVEN)
    assert done.returncode == 1, done.stdout + done.stderr
    report = read_report(tmp_path / "reports" / "seven-cards.json")
    failed = [r for r in report.records if r.status == "fail"]
    assert failed and all("limit" in r.message or "rejected" in r.message for r in failed)
    assert failed[0].transcript, "a failure keeps the transcript up to the failing step"
    assert "videochess.limits." in done.stdout


def test_expectations_turn_known_failures_into_xfail_and_strict_catches_xpass(
    tmp_path: Path,
) -> None:
    expectations = tmp_path / "seven-cards.yaml"
    first = run(
        tmp_path,
        *LIMITS,
        "--expectations",
        str(expectations),
        "--update-expectations",
        "--engine",
        "--",
        *SEVEN,
    )
    assert first.returncode == 1, first.stdout + first.stderr
    assert "xfail" in expectations.read_text(encoding="utf-8")
    second = run(tmp_path, *LIMITS, "--expectations", str(expectations), "--engine", "--", *SEVEN)
    assert second.returncode == 0, second.stdout + second.stderr
    report = read_report(tmp_path / "reports" / "seven-cards.json")
    assert {r.status for r in report.records} == {"pass", "xfail"}
    # the reference engine passes what seven-cards fails: strict mode fails on the xpass
    strict = run(tmp_path, *LIMITS, "--expectations", str(expectations), "--strict")
    assert strict.returncode == 1, strict.stdout + strict.stderr
    lenient = run(tmp_path, *LIMITS, "--expectations", str(expectations))
    assert lenient.returncode == 0, lenient.stdout + lenient.stderr


def test_max_fail_stops_early_and_says_so(tmp_path: Path) -> None:
    done = run(tmp_path, *LIMITS, "--max-fail", "1", "--engine", "--", *SEVEN)
    assert done.returncode == 1
    report = read_report(tmp_path / "reports" / "seven-cards.json")
    assert report.footer.stopped_early and "max-fail" in (report.footer.stop_reason or "")
    assert sum(1 for r in report.records if r.status == "fail") == 1


def test_an_engine_that_cannot_start_exits_3(tmp_path: Path) -> None:
    done = run(tmp_path, "--engine", "--", sys.executable, str(ENGINES / "crash_on_start.py"))
    assert done.returncode == 3, done.stdout + done.stderr
    assert "could not be started" in done.stderr
    assert not (tmp_path / "reports").exists() or not list((tmp_path / "reports").glob("*.json"))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--profile", "chess"], "no such profile"),
        (["--option", "rules"], "expected KEY=VALUE"),
        (["--profile", "videochess", "--option", "rules=blitz"], "offers"),
        (["--option", "colour=red"], "no selected profile has such a table option"),
        (["--engine"], "needs the engine's command line"),
        (["--adapter", "nope"], "no adapter named"),
        (["--update-expectations"], "needs --expectations"),
    ],
)
def test_usage_errors_exit_2(tmp_path: Path, args: list[str], message: str) -> None:
    done = run(tmp_path, *args)
    assert done.returncode == 2, done.stdout + done.stderr
    assert message in done.stderr


def test_a_bad_expectations_file_is_a_usage_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("implementation: x\nexpectations:\n  - id: [unclosed\n", encoding="utf-8")
    done = run(tmp_path, *LIMITS, "--expectations", str(bad))
    assert done.returncode == 2
    assert "bad.yaml" in done.stderr


def test_parallel_run_gives_the_same_results_as_a_serial_run(tmp_path: Path) -> None:
    selection = ["--profile", "ggtables", "--tags", "rule:ggtables.throw-in.*"]
    serial = run(tmp_path, *selection, "--name", "serial")
    parallel = run(tmp_path, *selection, "--jobs", "2", "--name", "parallel")
    assert serial.returncode == parallel.returncode == 0, parallel.stderr
    one = read_report(tmp_path / "reports" / "serial.json")
    two = read_report(tmp_path / "reports" / "parallel.json")
    assert [(r.key, r.status) for r in one.records] == [(r.key, r.status) for r in two.records]
    assert len(one.records) > 5
