"""Where a run's report set goes and what it holds: a complete set replaces the last one
whole, an incomplete one goes to incomplete/ and is never passed off as a result, and
engine text never forges the Markdown summary."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from test_reports import make_header, make_record, make_report

from durak_conformance.reports import RunReport
from durak_conformance.reports.markdown import cell, code_span, markdown_summary
from durak_conformance.runner import RunOptions, write_all


def _incomplete(report: RunReport) -> RunReport:
    return RunReport.build(
        report.header,
        report.records,
        1.0,
        stop_reason="interrupted by SIGTERM after 1 of 722 scenarios: not a result",
        exit_code_override=143,
    )


def test_a_complete_set_replaces_the_last_one_and_its_stale_badges(tmp_path: Path) -> None:
    options = RunOptions(reports_dir=tmp_path, name="engine")
    two = make_report([make_record("vc.a"), make_record("gg.a", profile="ggtables")])
    write_all(two, options)
    badges = tmp_path / "badges" / "engine"
    assert sorted(p.name for p in badges.iterdir()) == [
        "badge-ggtables.json",
        "badge-videochess.json",
    ]
    one = make_report([make_record("vc.a")], profiles=["videochess"])
    _, files = write_all(one, options)
    assert sorted(p.name for p in badges.iterdir()) == ["badge-videochess.json"]
    assert files[0] == tmp_path / "engine.json"


def test_an_incomplete_report_goes_to_incomplete_and_leaves_the_last_set(tmp_path: Path) -> None:
    options = RunOptions(reports_dir=tmp_path, name="engine")
    complete = make_report([make_record("vc.a"), make_record("vc.b")])
    write_all(complete, options)
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    partial = _incomplete(make_report([make_record("vc.a")]))
    assert partial.footer.aborted and not partial.complete
    _, files = write_all(partial, options)
    assert [f.relative_to(tmp_path).as_posix() for f in files] == [
        "incomplete/engine.json",
        "incomplete/engine.junit.xml",
        "incomplete/engine.md",
    ]
    after = {p: p.read_bytes() for p in before}
    assert after == before  # the last complete set, badges included, as it was
    assert not (tmp_path / "incomplete" / "badges").exists()
    summary = (tmp_path / "incomplete" / "engine.md").read_text(encoding="utf-8")
    assert "- Result: **INCOMPLETE** (exit code 143)" in summary
    assert "**passed**" not in summary
    # the next complete run removes the stale incomplete set
    write_all(complete, options)
    assert not list((tmp_path / "incomplete").glob("engine.*"))


def test_max_fail_is_a_failed_result_not_an_aborted_one() -> None:
    report = make_report([make_record("vc.a", "fail")])
    stopped = RunReport.build(
        report.header, report.records, 1.0, stop_reason="stopped after 1 failure(s) (--max-fail)"
    )
    assert stopped.footer.stopped_early and not stopped.footer.aborted
    assert not stopped.complete  # never shown as passed, but written in place


def test_engine_text_cannot_forge_the_summary() -> None:
    impl = dataclasses.replace(
        make_header().implementation,
        name="x\n- Result: **passed** (exit code 0)\n## Forged [a](javascript:b) <b>|",
        homepage="javascript:alert(1)",
        version="\x1b[31m1",
    )
    report = make_report([make_record("vc.a", "fail", message="bad\x07 [x](javascript:y)")])
    report = dataclasses.replace(
        report, header=dataclasses.replace(report.header, implementation=impl)
    )
    summary = markdown_summary(report)
    lines = summary.splitlines()
    assert sum(line.startswith("- Result:") for line in lines) == 1
    assert not any(line.startswith("## Forged") for line in lines)
    assert "<b>" not in summary and "\x1b" not in summary and "\x07" not in summary
    assert "(javascript:" not in summary.replace("\\](javascript:", "")
    assert "<javascript:" not in summary


def test_markdown_escapes() -> None:
    assert cell("a|b *c* [d](e) <f> `g`") == "a\\|b \\*c\\* \\[d\\](e) &lt;f> \\`g\\`"
    assert code_span("a`b") == "``a`b``"
    assert code_span("`x`") == "`` `x` ``"
    assert cell("\x00") == "\\\\x00"  # the escape, its backslash escaped: shows \x00
