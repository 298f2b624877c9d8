"""Tests of the report model, JSON report files, atomic writes, JUnit, Markdown and badges."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import durak_conformance
from durak_conformance import cli
from durak_conformance.reports import (
    EXIT_ENGINE,
    EXIT_FAILURES,
    EXIT_INTERNAL,
    EXIT_OK,
    EXIT_USAGE,
    STATUSES,
    ExpectedOutcome,
    Implementation,
    Machine,
    ReportError,
    RunHeader,
    RunReport,
    ScenarioRecord,
    Status,
    atomic_write_text,
    atomic_writer,
    badge,
    badges,
    exit_code,
    junit_xml,
    loads,
    markdown_summary,
    read_report,
    write_badges,
    write_junit,
    write_markdown,
    write_report,
)
from durak_conformance.reports.json_report import dumps
from durak_conformance.reports.markdown import MESSAGE_WIDTH, shorten


def make_header(**changes: Any) -> RunHeader:
    fields: dict[str, Any] = {
        "implementation": Implementation(
            name="toy-engine",
            version="0.3.1",
            language="Rust",
            homepage="https://example.org/toy",
            protocol="1",
            profiles=["videochess", "ggtables"],
            capabilities=["legal"],
        ),
        "adapter": "stdio",
        "suite_version": "1",
        "tool_version": "0.1.0",
        "suite_revision": "abc123",
        "profiles": ["videochess", "ggtables"],
        "options": {},
        "started_at": "2026-11-20T10:00:00Z",
        "machine": Machine(platform="Linux", python="3.11.9", cpu_count=4),
        "command": ["durak-conformance", "run"],
    }
    fields.update(changes)
    return RunHeader(**fields)


def make_record(
    scenario_id: str = "videochess.transfer.capacity-short",
    status: Status = "pass",
    profile: str = "videochess",
    area: str = "transfer",
    options: dict[str, str] | None = None,
    message: str = "",
    **changes: Any,
) -> ScenarioRecord:
    fields: dict[str, Any] = {
        "id": scenario_id,
        "profile": profile,
        "options": options or {},
        "feature": f"{profile}/{area}.feature",
        "area": area,
        "name": f"scenario {scenario_id}",
        "line": 12,
        "clauses": [f"{profile}.{area}.capacity"],
        "status": status,
        "message": message,
        "transcript": [],
        "duration": 0.25,
        "adapter": "stdio",
    }
    fields.update(changes)
    return ScenarioRecord(**fields)


def make_report(records: list[ScenarioRecord], **header: Any) -> RunReport:
    return RunReport.build(make_header(**header), records, duration=3.5)


def mixed_report(strict: bool = False) -> RunReport:
    return make_report(
        [
            make_record("vc.a", "pass"),
            make_record("vc.b", "fail", message="expected seat 2 to defend\nmore detail"),
            make_record("vc.c", "error", area="throw-in", message="engine crashed"),
            make_record("vc.d", "skip", area="throw-in", message="unsupported: transfer"),
            make_record(
                "vc.e",
                "xfail",
                message="wrong limit",
                expected=ExpectedOutcome("xfail", "known bug", "#4", "fail"),
            ),
            make_record(
                "vc.f",
                "xpass",
                expected=ExpectedOutcome("xfail", "limit bug", "#5", "pass"),
            ),
            make_record("gg.a", "pass", profile="ggtables", area="limits"),
            make_record("gg.b", "pass", profile="ggtables", area="limits", options={"deck": "36"}),
        ],
        strict=strict,
    )


# --- model and JSON ---------------------------------------------------------------------


def test_json_round_trip_keeps_every_field() -> None:
    report = mixed_report()
    again = loads(dumps(report))
    assert again == report
    assert again.records[1].message == "expected seat 2 to defend\nmore detail"
    assert again.records[4].expected == ExpectedOutcome("xfail", "known bug", "#4", "fail")


def test_write_and_read_report_file(tmp_path: Path) -> None:
    report = mixed_report()
    path = write_report(report, tmp_path / "out" / "report.json")
    assert read_report(path) == report
    assert json.loads(path.read_text())["report_format"] == "durak-conformance-report"


def test_build_counts_totals_and_exit_code() -> None:
    report = mixed_report()
    assert report.footer.totals == {
        "pass": 3,
        "fail": 1,
        "error": 1,
        "skip": 1,
        "xfail": 1,
        "xpass": 1,
    }
    assert report.footer.exit_code == EXIT_FAILURES
    assert not report.footer.stopped_early


def test_build_records_stop_reason_and_override() -> None:
    report = RunReport.build(
        make_header(), [], duration=0.0, stop_reason="engine did not start", exit_code_override=3
    )
    assert report.footer.stopped_early
    assert report.footer.stop_reason == "engine did not start"
    assert report.footer.exit_code == EXIT_ENGINE
    assert loads(dumps(report)) == report


def test_build_refuses_duplicate_keys() -> None:
    record = make_record(options={"b": "2", "a": "1"})
    twin = make_record(options={"a": "1", "b": "2"}, status="fail")
    with pytest.raises(ValueError, match="same key"):
        make_report([record, twin])


def test_record_key_canonicalises_options() -> None:
    a = make_record(options={"rules": "transfer", "deck": "36"})
    assert a.key == ("videochess.transfer.capacity-short", "videochess", "deck=36,rules=transfer")


def test_exit_code_rule() -> None:
    passing = make_report([make_record("a", "pass"), make_record("b", "skip")])
    assert exit_code(passing, strict=True) == EXIT_OK
    known = make_report(
        [make_record("a", "xfail", expected=ExpectedOutcome("xfail", "r", "#1", "fail"))]
    )
    assert exit_code(known, strict=True) == EXIT_OK
    xpass = make_report(
        [make_record("a", "xpass", expected=ExpectedOutcome("xfail", "r", "#1", "pass"))]
    )
    assert exit_code(xpass, strict=False) == EXIT_OK
    assert exit_code(xpass, strict=True) == EXIT_FAILURES
    assert exit_code(make_report([make_record("a", "error")]), strict=False) == EXIT_FAILURES


def test_exit_code_constants_agree_with_the_cli() -> None:
    assert (EXIT_OK, EXIT_FAILURES, EXIT_USAGE, EXIT_ENGINE, EXIT_INTERNAL) == (
        cli.EXIT_OK,
        cli.EXIT_FAILURES,
        cli.EXIT_USAGE,
        cli.EXIT_ENGINE,
        cli.EXIT_INTERNAL,
    )


def test_header_collect_fills_versions_time_and_machine() -> None:
    impl = Implementation.from_hello({"name": "x", "version": 2, "profiles": ["videochess"]})
    header = RunHeader.collect(impl, "reference", ["videochess"], command=["run"])
    assert header.suite_version == durak_conformance.SUITE_VERSION
    assert header.tool_version == durak_conformance.__version__
    assert header.implementation.version == "2"
    assert header.started_at.endswith("Z")
    assert header.machine.python
    report = RunReport.build(header, [], duration=0.0)
    assert loads(dumps(report)).header == header


def test_schema_error_names_file_and_json_path(tmp_path: Path) -> None:
    data = mixed_report().to_json()
    data["records"][2]["status"] = "passed"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ReportError) as info:
        read_report(path)
    text = str(info.value)
    assert str(path) in text
    assert "$.records[2].status" in text
    assert "'passed' is not one of" in text


def test_schema_error_for_missing_header_field() -> None:
    data = mixed_report().to_json()
    del data["header"]["suite_version"]
    with pytest.raises(ReportError, match=r"at \$\.header: 'suite_version' is a required"):
        RunReport.from_json(data, source="r.json")


def test_bad_timestamp_is_refused() -> None:
    data = mixed_report().to_json()
    data["header"]["started_at"] = "yesterday"
    with pytest.raises(ReportError, match=r"\$\.header\.started_at"):
        RunReport.from_json(data)


def test_truncated_report_file(tmp_path: Path) -> None:
    text = dumps(mixed_report())
    path = tmp_path / "half.json"
    path.write_text(text[: len(text) // 2])
    with pytest.raises(ReportError, match=rf"^truncated or not JSON: {path} line \d+ col \d+"):
        read_report(path)


def test_empty_and_missing_report_files(tmp_path: Path) -> None:
    empty = tmp_path / "empty.json"
    empty.write_text("")
    with pytest.raises(ReportError, match=r"truncated or not JSON: .*empty\.json line 1 col 1"):
        read_report(empty)
    with pytest.raises(ReportError, match="no such report file"):
        read_report(tmp_path / "nope.json")


def test_duplicate_records_in_file_are_refused() -> None:
    data = mixed_report().to_json()
    data["records"].append(dict(data["records"][0]))
    data["footer"]["totals"]["pass"] += 1
    with pytest.raises(ReportError, match=r"\$\.records\[8\]: same scenario.*\$\.records\[0\]"):
        RunReport.from_json(data)


def test_totals_disagreeing_with_records_are_refused() -> None:
    data = mixed_report().to_json()
    data["footer"]["totals"]["fail"] = 7
    with pytest.raises(
        ReportError, match=r"\$\.footer\.totals\.fail: says 7 but the records hold 1"
    ):
        RunReport.from_json(data)


_TEXT = st.text(max_size=30)
_NAME = st.text(alphabet="abcdefghijklmnopqrstuvwxyz.-", min_size=1, max_size=12)
_JSON_SCALAR = st.none() | st.booleans() | st.integers(-1000, 1000) | _TEXT


@st.composite
def records_strategy(draw: st.DrawFn) -> ScenarioRecord:
    status = draw(st.sampled_from(STATUSES))
    expected = None
    if status in ("xfail", "xpass"):
        expected = ExpectedOutcome(
            "xfail",
            draw(_TEXT.filter(str.strip)),
            "#1",
            "fail" if status == "xfail" else "pass",
        )
    return ScenarioRecord(
        id=draw(_NAME),
        profile=draw(st.sampled_from(["videochess", "ggtables", "howto-durak"])),
        options=draw(st.dictionaries(_NAME, _NAME, max_size=3)),
        feature=draw(_TEXT),
        area=draw(_TEXT),
        name=draw(_TEXT),
        line=draw(st.integers(0, 10_000)),
        clauses=draw(st.lists(_NAME, max_size=3)),
        status=status,
        message=draw(_TEXT),
        transcript=draw(st.lists(st.dictionaries(_NAME, _JSON_SCALAR, max_size=3), max_size=3)),
        duration=draw(st.floats(0, 1e6, allow_nan=False)),
        adapter=draw(_NAME),
        expected=expected,
    )


def reports_strategy() -> st.SearchStrategy[RunReport]:
    return st.lists(records_strategy(), max_size=12, unique_by=lambda r: r.key).map(
        lambda records: make_report(records)
    )


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(reports_strategy())
def test_json_round_trip_of_random_reports(report: RunReport) -> None:
    assert loads(dumps(report)) == report


# --- atomic writes ----------------------------------------------------------------------


def test_failure_mid_write_keeps_old_file_and_leaves_no_temp(tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    path.write_text("old complete report")
    with pytest.raises(RuntimeError), atomic_writer(path) as handle:
        handle.write("half of the new rep")
        raise RuntimeError("killed mid-write")
    assert path.read_text() == "old complete report"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["report.json"]


def test_failed_replace_keeps_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "report.json"
    path.write_text("old")

    def broken_replace(src: object, dst: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(OSError, match="disk full"):
        write_report(mixed_report(), path)
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["report.json"]


def test_process_killed_mid_write_leaves_old_report_intact(tmp_path: Path) -> None:
    path = tmp_path / "report.json"
    path.write_text("old complete report")
    script = textwrap.dedent(
        f"""
        import os, signal
        from durak_conformance.reports.atomic import atomic_writer
        with atomic_writer({str(path)!r}) as handle:
            handle.write("x" * 100000)
            handle.flush()
            os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    result = subprocess.run([sys.executable, "-c", script], check=False)
    assert result.returncode == -9
    assert path.read_text() == "old complete report"
    # The only trace a SIGKILL can leave is a hidden temporary file, never a partial report.
    litter = [p.name for p in tmp_path.iterdir() if p.name != "report.json"]
    assert all(name.startswith(".report.json.") and name.endswith(".tmp") for name in litter)


def test_atomic_write_replaces_and_keeps_mode(tmp_path: Path) -> None:
    path = tmp_path / "summary.md"
    atomic_write_text(path, "one")
    new_mode = stat.S_IMODE(path.stat().st_mode)
    umask = os.umask(0)
    os.umask(umask)
    assert new_mode == 0o666 & ~umask
    path.chmod(0o640)
    atomic_write_text(path, "two")
    assert path.read_text() == "two"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


# --- JUnit ------------------------------------------------------------------------------


def _suites(xml: str) -> dict[str, ET.Element]:
    root = ET.fromstring(xml)
    assert root.tag == "testsuites"
    return {suite.attrib["name"]: suite for suite in root.iter("testsuite")}


def test_junit_counts_and_names() -> None:
    suites = _suites(junit_xml(mixed_report(), strict=False))
    assert set(suites) == {"videochess", "ggtables"}
    vc = suites["videochess"]
    assert vc.attrib["tests"] == "6"
    assert vc.attrib["failures"] == "1"
    assert vc.attrib["errors"] == "1"
    assert vc.attrib["skipped"] == "2"  # skip + xfail
    gg = suites["ggtables"]
    assert (gg.attrib["tests"], gg.attrib["failures"]) == ("2", "0")
    names = [case.attrib["name"] for case in gg.iter("testcase")]
    assert names == ["scenario gg.a", "scenario gg.b [deck=36]"]
    assert {case.attrib["classname"] for case in gg.iter("testcase")} == {"ggtables.limits"}


def test_junit_failure_body_has_message_and_transcript() -> None:
    record = make_record(
        "vc.b",
        "fail",
        message="seat 2 may not transfer",
        transcript=[
            {"action": {"type": "transfer", "seat": 2}, "reply": {"ok": True}},
        ],
    )
    root = ET.fromstring(junit_xml(make_report([record])))
    failure = root.find("./testsuite/testcase/failure")
    assert failure is not None
    assert failure.attrib["message"] == "seat 2 may not transfer"
    assert failure.text is not None
    assert '[1] action: {"seat": 2, "type": "transfer"}' in failure.text
    assert 'reply: {"ok": true}' in failure.text


def test_junit_xfail_and_xpass() -> None:
    lenient = ET.fromstring(junit_xml(mixed_report(), strict=False))
    skipped = {case.attrib["name"]: case.find("skipped") for case in lenient.iter("testcase")}
    xfail = skipped["scenario vc.e"]
    assert xfail is not None and xfail.attrib["message"] == "expected failure: known bug"
    xpass_case = next(c for c in lenient.iter("testcase") if c.attrib["name"] == "scenario vc.f")
    assert xpass_case.find("failure") is None
    assert lenient.attrib["failures"] == "1"

    strict = ET.fromstring(junit_xml(mixed_report(), strict=True))
    xpass_case = next(c for c in strict.iter("testcase") if c.attrib["name"] == "scenario vc.f")
    failure = xpass_case.find("failure")
    assert failure is not None and "unexpected pass" in failure.attrib["message"]
    assert strict.attrib["failures"] == "2"


def test_junit_escapes_control_characters(tmp_path: Path) -> None:
    record = make_record("vc.x", "fail", message="bad byte \x00\x1b[31m & <tag>", name="a\x07b")
    path = write_junit(make_report([record]), tmp_path / "junit.xml")
    root = ET.parse(path).getroot()
    case = root.find("./testsuite/testcase")
    assert case is not None and case.attrib["name"] == "a\\x07b"
    failure = case.find("failure")
    assert failure is not None
    assert failure.attrib["message"] == "bad byte \\x00\\x1b[31m & <tag>"


# --- Markdown ---------------------------------------------------------------------------


def test_markdown_header_and_tables() -> None:
    text = markdown_summary(mixed_report())
    assert "toy-engine" in text and "0.3.1" in text
    assert "version 1, abc123" in text
    header = "| rule area | passed | failed | errored | blocked | skipped | xfail | xpass |"
    assert header + " reason notes |" in text
    assert "| transfer | 1 | 1 | 0 | 0 | 0 | 1 | 1 | 0 |" in text
    assert "| throw-in | 0 | 0 | 1 | 0 | 1 | 0 | 0 | 0 |" in text
    assert "| limits | 2 | 0 | 0 | 0 | 0 | 0 | 0 | 0 |" in text
    assert text.index("### ggtables") < text.index("### videochess")


def test_markdown_lists_unexpected_results() -> None:
    lenient = markdown_summary(mixed_report(), strict=False)
    assert "- **fail** `vc.b` (videochess): expected seat 2 to defend …" in lenient
    assert "- **error** `vc.c` (videochess): engine crashed" in lenient
    assert "`vc.f`" not in lenient
    strict = markdown_summary(mixed_report(), strict=True)
    assert (
        "- **xpass** `vc.f` (videochess): unexpected pass (expected to fail: limit bug)" in strict
    )
    clean = markdown_summary(make_report([make_record("a", "pass")]))
    assert "None: every scenario went as expected." in clean


def test_markdown_truncates_and_escapes_messages(tmp_path: Path) -> None:
    long = "x|" * 200
    record = make_record("vc.long", "fail", message=long)
    path = write_markdown(make_report([record]), tmp_path / "summary.md")
    line = next(line for line in path.read_text().splitlines() if line.startswith("- **fail**"))
    assert line.endswith("…")
    assert "\\|" in line
    assert len(shorten(long)) == MESSAGE_WIDTH


# --- badges -----------------------------------------------------------------------------


def test_badge_percentage_excludes_skips() -> None:
    data = badge(mixed_report(), "videochess")
    # pass + xpass = 2 of 5 judged (skip left out)
    assert data == {
        "schemaVersion": 1,
        "label": "videochess",
        "message": "40% (2/5)",
        "color": "orange",
    }
    assert badge(mixed_report(), "ggtables")["color"] == "brightgreen"


@pytest.mark.parametrize(
    ("passed", "failed", "message", "colour"),
    [
        (150, 0, "100% (150/150)", "brightgreen"),
        (149, 1, "99% (149/150)", "green"),
        (140, 10, "93% (140/150)", "green"),
        (80, 20, "80% (80/100)", "yellowgreen"),
        (50, 50, "50% (50/100)", "yellow"),
        (30, 70, "30% (30/100)", "orange"),
        (1, 9, "10% (1/10)", "red"),
    ],
)
def test_badge_colour_scale(passed: int, failed: int, message: str, colour: str) -> None:
    records = [make_record(f"p{i}", "pass") for i in range(passed)]
    records += [make_record(f"f{i}", "fail") for i in range(failed)]
    records.append(make_record("s", "skip"))
    data = badge(make_report(records), "videochess")
    assert (data["message"], data["color"]) == (message, colour)


def test_badges_for_profiles_without_results(tmp_path: Path) -> None:
    report = make_report([make_record("a", "skip")], profiles=["videochess", "ggtables"])
    all_badges = badges(report)
    assert all_badges["ggtables"]["message"] == "not run"
    assert all_badges["videochess"]["color"] == "lightgrey"
    paths = write_badges(report, tmp_path / "badges")
    assert sorted(p.name for p in paths) == ["badge-ggtables.json", "badge-videochess.json"]
    assert json.loads(paths[0].read_text())["schemaVersion"] == 1


def test_markdown_verdict_follows_strict() -> None:
    report = make_report(
        [make_record("a", "xpass", expected=ExpectedOutcome("xfail", "r", "#1", "pass"))]
    )
    assert "- Result: **passed** (exit code 0)" in markdown_summary(report, strict=False)
    assert "- Result: **FAILED** (exit code 1)" in markdown_summary(report, strict=True)


def test_schema_errors_are_listed_in_document_order() -> None:
    data = mixed_report().to_json()
    data["records"][4]["expected"]["status"] = "bogus"
    data["records"][1]["line"] = -1
    with pytest.raises(ReportError) as info:
        RunReport.from_json(data, source="x.json")
    lines = str(info.value).splitlines()
    assert lines[0] == "x.json: not a valid durak-conformance report (report-v1.json):"
    assert lines[1].startswith("  at $.records[1].line: -1 is less than the minimum")
    assert lines[2].startswith("  at $.records[4].expected.status: 'bogus' is not one of")
