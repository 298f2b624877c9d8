"""Tests of report diffs and the ``durak-conformance diff`` command."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from durak_conformance.cli import main
from durak_conformance.reports import (
    STATUSES,
    ExpectedOutcome,
    Implementation,
    IncomparableReports,
    Machine,
    RunHeader,
    RunReport,
    ScenarioRecord,
    Status,
    diff_reports,
    write_report,
)
from durak_conformance.reports.diff import Change, format_json, format_markdown, format_text
from durak_conformance.reports.json_report import dumps


def make_record(
    scenario_id: str,
    status: Status,
    profile: str = "videochess",
    area: str = "transfer",
    options: dict[str, str] | None = None,
    message: str = "",
) -> ScenarioRecord:
    expected = None
    if status == "xfail":
        expected = ExpectedOutcome("xfail", "known", "#1", "fail")
    elif status == "xpass":
        expected = ExpectedOutcome("xfail", "known", "#1", "pass")
    return ScenarioRecord(
        id=scenario_id,
        profile=profile,
        options=options or {},
        feature=f"{profile}/{area}.feature",
        area=area,
        name=f"scenario {scenario_id}",
        line=3,
        clauses=[],
        status=status,
        message=message,
        expected=expected,
    )


def make_report(records: list[ScenarioRecord], suite_version: str = "1") -> RunReport:
    header = RunHeader(
        implementation=Implementation(name="toy-engine", version="1.0"),
        adapter="stdio",
        suite_version=suite_version,
        tool_version="0.1.0",
        suite_revision="0123456789abcdef0123",
        profiles=sorted({r.profile for r in records}),
        options={},
        started_at="2026-11-20T10:00:00Z",
        machine=Machine(platform="Linux", python="3.11", cpu_count=1),
        command=[],
    )
    return RunReport.build(header, records, duration=1.0)


OLD = make_report(
    [
        make_record("vc.regress", "pass"),
        make_record("vc.regress-xpass", "xpass", area="limits"),
        make_record("vc.fix", "fail"),
        make_record("vc.fix-xfail", "xfail"),
        make_record("vc.same", "fail", message="same"),
        make_record("vc.gone", "pass"),
        make_record("vc.marked", "pass"),
        make_record("vc.opt", "pass", options={"deck": "36"}),
        make_record("gg.skip", "skip", profile="ggtables", area="limits"),
    ]
)
NEW = make_report(
    [
        make_record("vc.regress", "fail", message="seat 2 could transfer\nmore"),
        make_record("vc.regress-xpass", "error", area="limits", message="crash"),
        make_record("vc.fix", "pass"),
        make_record("vc.fix-xfail", "xpass"),
        make_record("vc.same", "fail", message="same"),
        make_record("vc.marked", "xfail", message="now known"),
        make_record("vc.opt", "pass", options={"deck": "52"}),
        make_record("vc.brand-new", "fail"),
        make_record("gg.skip", "pass", profile="ggtables", area="limits"),
    ]
)


def ids(changes: Sequence[Change]) -> list[str]:
    return [c.id for c in changes]


def test_categories() -> None:
    diff = diff_reports(OLD, NEW)
    assert ids(diff.regressions) == ["vc.regress-xpass", "vc.regress"]  # limits before transfer
    assert [(c.old, c.new) for c in diff.regressions] == [("xpass", "error"), ("pass", "fail")]
    assert diff.regressions[1].message == "seat 2 could transfer …"
    assert ids(diff.fixes) == ["vc.fix", "vc.fix-xfail"]
    assert ids(diff.added) == ["vc.brand-new", "vc.opt"]
    assert [c.options for c in diff.added] == ["", "deck=52"]
    assert ids(diff.removed) == ["vc.gone", "vc.opt"]
    assert ids(diff.changed) == ["gg.skip", "vc.marked"]
    assert diff.unchanged == 1
    assert diff.exit_code == 1
    assert not diff.empty


FIXED = make_report(
    [
        make_record(r.id, "pass", r.profile, r.area, r.options) if r.id == "vc.fix" else r
        for r in OLD.records
    ]
)


def test_no_regressions_exit_zero() -> None:
    diff = diff_reports(OLD, FIXED)
    assert ids(diff.fixes) == ["vc.fix"]
    assert diff.regressions == []
    assert diff.exit_code == 0
    # Backwards, the fix is a regression and xfail -> pass a fix.
    back = diff_reports(NEW, OLD)
    assert ids(back.regressions) == ["vc.fix"]
    assert ids(back.fixes) == ["vc.regress-xpass", "vc.marked", "vc.regress"]


def test_different_suite_versions_are_refused_unless_forced() -> None:
    newer = make_report(NEW.records, suite_version="2")
    with pytest.raises(IncomparableReports, match="suite version 1 and NEW with suite version 2"):
        diff_reports(OLD, newer)
    forced = diff_reports(OLD, newer, force=True)
    assert forced.warnings and "compared anyway (--force)" in forced.warnings[0]
    assert ids(forced.regressions) == ["vc.regress-xpass", "vc.regress"]


_statuses = st.sampled_from(STATUSES)


@settings(max_examples=50, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["vc.a", "vc.b", "vc.c", "gg.a"]),
            st.sampled_from(["videochess", "ggtables"]),
            _statuses,
        ),
        max_size=8,
        unique_by=lambda t: (t[0], t[1]),
    )
)
def test_diff_of_a_report_with_itself_is_empty(rows: list[tuple[str, str, Status]]) -> None:
    report = make_report([make_record(i, s, profile=p) for i, p, s in rows])
    diff = diff_reports(report, report)
    assert diff.empty
    assert diff.unchanged == len(rows)
    assert diff.exit_code == 0


@settings(max_examples=50, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(_statuses, _statuses), min_size=1, max_size=8))
def test_every_changed_record_lands_in_exactly_one_category(
    pairs: list[tuple[Status, Status]],
) -> None:
    old = make_report([make_record(f"s{n}", a) for n, (a, _) in enumerate(pairs)])
    new = make_report([make_record(f"s{n}", b) for n, (_, b) in enumerate(pairs)])
    diff = diff_reports(old, new)
    listed = ids(diff.regressions + diff.fixes + diff.changed)
    assert sorted(listed) == sorted(f"s{n}" for n, (a, b) in enumerate(pairs) if a != b)
    assert diff.unchanged == sum(1 for a, b in pairs if a == b)


def test_text_markdown_and_json_output() -> None:
    diff = diff_reports(OLD, NEW, old_source="old.json", new_source="new.json")
    text = format_text(diff)
    assert "Regressions (2)" in text and "Fixes (2)" in text
    assert "vc.regress" in text and "toy-engine 1.0" in text
    md = format_markdown(diff)
    assert "### Regressions (2)" in md
    assert (
        "| videochess | transfer | `vc.regress` |  | pass | fail | seat 2 could transfer … |" in md
    )
    assert "| videochess | limits | 1 | 0 | 0 | 0 | 0 |" in md
    data = json.loads(format_json(diff))
    assert data["summary"] == {
        "regressions": 2,
        "fixes": 2,
        "added": 2,
        "removed": 2,
        "changed": 2,
        "unchanged": 1,
    }
    assert data["old"]["source"] == "old.json"


def test_empty_diff_says_so() -> None:
    diff = diff_reports(OLD, OLD)
    assert "No differences." in format_text(diff)
    assert "No differences." in format_markdown(diff)


# --- command line -----------------------------------------------------------------------


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path]:
    return write_report(OLD, tmp_path / "old.json"), write_report(NEW, tmp_path / "new.json")


def test_cli_exit_one_on_regressions(
    files: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    old, new = files
    assert main(["diff", str(old), str(new)]) == 1
    assert "Regressions (2)" in capsys.readouterr().out
    fixed = write_report(FIXED, old.with_name("fixed.json"))
    assert main(["diff", str(old), str(fixed), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["summary"]["fixes"] == 1


def test_cli_markdown_format(files: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:
    old, _ = files
    assert main(["diff", str(old), str(old), "--format", "markdown"]) == 0
    assert capsys.readouterr().out.startswith("## Conformance diff")


def test_cli_refuses_other_suite_version(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = write_report(OLD, tmp_path / "old.json")
    new = write_report(make_report(NEW.records, suite_version="2"), tmp_path / "new.json")
    assert main(["diff", str(old), str(new)]) == 2
    err = capsys.readouterr().err
    assert "refusing to compare" in err and "--force" in err and "suite version 2" in err
    assert main(["diff", str(old), str(new), "--force"]) == 1
    assert "compared anyway" in capsys.readouterr().out


def test_cli_truncated_report_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = write_report(OLD, tmp_path / "old.json")
    half = tmp_path / "half.json"
    text = dumps(NEW)
    half.write_text(text[: len(text) // 3])
    assert main(["diff", str(old), str(half)]) == 2
    err = capsys.readouterr().err
    assert f"truncated or not JSON: {half} line" in err


def test_cli_invalid_and_missing_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    old = write_report(OLD, tmp_path / "old.json")
    bad = tmp_path / "bad.json"
    data = NEW.to_json()
    data["records"][0]["status"] = "ok"
    bad.write_text(json.dumps(data))
    assert main(["diff", str(old), str(bad)]) == 2
    assert "$.records[0].status" in capsys.readouterr().err
    assert main(["diff", str(old), str(tmp_path / "missing.json")]) == 2
    assert "no such report file" in capsys.readouterr().err


def test_cli_bad_format_is_a_usage_error(files: tuple[Path, Path]) -> None:
    old, new = files
    with pytest.raises(SystemExit) as info:
        main(["diff", str(old), str(new), "--format", "html"])
    assert info.value.code == 2
