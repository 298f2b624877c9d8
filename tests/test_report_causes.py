"""Causes, blocked scenarios, reason notes and incomplete runs in every report format.

Synthetic records (as the plugin makes them) go through the report model, the JSON report and
its schema, JUnit, Markdown, badges, the expectations file, diff and the site.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from test_reports import make_header, make_record

from durak_conformance.causes import Failure, signature
from durak_conformance.reports import (
    ReportError,
    RunReport,
    ScenarioRecord,
    apply,
    badge,
    diff_reports,
    junit_xml,
    loads,
    markdown_summary,
    parse_expectations,
    read_report,
    update,
    write_report,
)
from durak_conformance.reports.diff import format_json, format_markdown, format_text
from durak_conformance.reports.groups import (
    cause_groups,
    clause_status,
    clause_verdicts,
    reason_note_totals,
    verdict_counts,
)
from durak_conformance.reports.json_report import dumps
from durak_conformance.reports.markdown import cell
from durak_conformance.reports.model import EXIT_INTERNAL, InternalError, ReasonNote
from durak_conformance.runner import collected_records, describe_failures, summary_table
from durak_conformance.site import assemble
from durak_conformance.site.conformance_matrix import index_markdown, load_reports
from durak_conformance.site.inventory import build_inventory

ROOT = Path(__file__).resolve().parent.parent

THROW_IN = signature(
    "refused", None, "seat 3 throw_in 7D to be accepted", "refused: illegal (throw-in.who)"
)
HAND = signature("hand", None, "seat 2 holds 6 cards", "seat 2 holds 5 cards")


def failure(sig: str = THROW_IN, *, blocked: bool = False, clause: str | None = None) -> Failure:
    kind, _, expected, actual = sig.split(" | ")
    return Failure(
        kind=kind,
        step="features/howto-durak/throw-in.feature:30",
        text="seat 3 throws in 7♦",
        clause=clause,
        expected=expected,
        actual=actual,
        signature=sig,
        blocked=blocked,
    )


def failing(
    sid: str, area: str, *, blocked: bool = False, sig: str = THROW_IN, **kw: Any
) -> ScenarioRecord:
    clauses = kw.pop("clauses", [f"howto-durak.{area}.rule"])
    return make_record(
        sid,
        kw.pop("status", "fail"),
        profile="howto-durak",
        area=area,
        message=f"{sid}: the engine refused it",
        failure=failure(sig, blocked=blocked),
        clauses=clauses,
        **kw,
    )


def noted(sid: str, got: str | None) -> ScenarioRecord:
    note = ReasonNote("features/howto-durak/throw-in.feature:40", "howto-durak.throw-in.rank", got)
    return make_record(sid, "pass", profile="howto-durak", area="throw-in", reason_notes=[note])


def report(records: list[ScenarioRecord], **kw: Any) -> RunReport:
    return RunReport.build(make_header(profiles=["howto-durak"]), records, 2.0, **kw)


def cascade() -> RunReport:
    """One throw-in bug: fails its own scenarios and blocks scenarios of other rules."""
    return report(
        [
            failing("h.throw-in.a", "throw-in", clauses=["howto-durak.throw-in.who"]),
            failing("h.throw-in.b", "throw-in", clauses=["howto-durak.throw-in.who"]),
            failing("h.limits.a", "bout-limits", blocked=True, clauses=["howto-durak.limits.six"]),
            failing("h.limits.b", "bout-limits", blocked=True, clauses=["howto-durak.limits.six"]),
            failing("h.drawing.a", "drawing", blocked=True, clauses=["howto-durak.drawing.order"]),
            failing("h.take.a", "take", sig=HAND, clauses=["howto-durak.take.when"]),
            make_record(
                "h.limits.c",
                "pass",
                profile="howto-durak",
                area="bout-limits",
                clauses=["howto-durak.limits.six"],
            ),
            noted("h.throw-in.c", None),
            noted("h.throw-in.d", "howto-durak.play.turn"),
        ]
    )


# ------------------------------------------------------------------ model and JSON


def test_records_keep_failure_and_reason_notes_through_the_json_report(tmp_path: Path) -> None:
    original = cascade()
    path = write_report(original, tmp_path / "r.json")
    again = read_report(path)
    assert again.records == original.records
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["records"][0]["failure"]["signature"]
    assert data["footer"]["reason_notes"] == {"scenarios": 2, "missing": 1, "different": 1}
    causes = data["footer"]["causes"]
    assert [(c["scenarios"], c["blocked"]) for c in causes] == [(5, 3), (1, 0)]
    assert causes[0]["records"][0] == ["h.throw-in.a", "howto-durak", ""]


def test_an_edited_summary_is_caught_like_edited_totals() -> None:
    data = cascade().to_json()
    data["footer"]["causes"][0]["scenarios"] = 1
    with pytest.raises(ReportError, match=r"\$\.footer\.causes: does not match the records"):
        loads(json.dumps(data), "edited.json")
    data = cascade().to_json()
    data["footer"]["reason_notes"]["missing"] = 7
    with pytest.raises(ReportError, match=r"\$\.footer\.reason_notes"):
        loads(json.dumps(data), "edited.json")


def test_a_bad_failure_is_refused_with_its_path() -> None:
    data = cascade().to_json()
    del data["records"][0]["failure"]["blocked"]
    with pytest.raises(ReportError, match=r"\$\.records\[0\]\.failure"):
        loads(json.dumps(data), "bad.json")


@pytest.mark.parametrize("name", ["reference.json", "durakgame.json"])
def test_the_committed_older_reports_still_read(name: str) -> None:
    """Reports written before failures were recorded have no failure or notes: still valid.

    The committed reports are regenerated with the suite (and then have those fields), so
    the older form is made from them by taking the newer fields out.
    """
    data = json.loads((ROOT / "reports" / name).read_text(encoding="utf-8"))
    for record in data["records"]:
        record.pop("failure", None)
        record.pop("reason_notes", None)
    for key in ("reason_notes", "causes", "internal_error"):
        data["footer"].pop(key, None)
    old = loads(json.dumps(data), f"older {name}")
    assert all(r.failure is None and r.reason_notes == [] for r in old.records)
    assert old.footer.internal_error is None
    # and written again by this version, they read back the same
    assert loads(dumps(old)).records == old.records


def test_verdicts_count_blocked_apart_and_clauses_only_at_their_own_steps() -> None:
    records = cascade().records
    counts = verdict_counts(records)
    assert (counts["fail"], counts["blocked"], counts["pass"]) == (3, 3, 3)
    clauses = clause_verdicts(records)
    assert clause_status(clauses["howto-durak.throw-in.who"]) == "fail"
    assert clauses["howto-durak.limits.six"] == {
        "pass": 1,
        "fail": 0,
        "error": 0,
        "blocked": 2,
        "skip": 0,
        "xfail": 0,
        "xpass": 0,
    }
    assert clause_status(clauses["howto-durak.limits.six"]) == "blocked"
    assert clause_status(clauses["howto-durak.drawing.order"]) == "blocked"
    assert clause_status({"skip": 3}) == "skip"


def test_causes_are_grouped_largest_first() -> None:
    groups = cause_groups(cascade().records)
    assert [g.signature for g in groups] == [THROW_IN, HAND]
    assert groups[0].unexpected == 5 and groups[0].blocked == 3
    assert groups[0].title == (
        "expected seat A throw_in <cards> to be accepted; the engine says refused: illegal "
        "(throw-in.who)"
    )


def test_an_internal_error_marks_the_report_incomplete_and_exits_4() -> None:
    error = InternalError("KeyError: 'x'", "while running h.limits.a", 2, "trace")
    broken = report(cascade().records, internal_error=error)
    assert not broken.complete and broken.footer.stopped_early
    assert broken.footer.exit_code == EXIT_INTERNAL
    assert "stopped by an internal error while running h.limits.a" in str(broken.footer.stop_reason)
    again = loads(dumps(broken))
    assert again.footer.internal_error == error and again.footer.exit_code == EXIT_INTERNAL
    # an expectations file applied afterwards keeps it
    expectations = parse_expectations("implementation: toy-engine\nentries: []\n")
    from durak_conformance.reports import apply_to_report

    applied, _ = apply_to_report(broken, expectations)
    assert applied.footer.internal_error == error and applied.footer.exit_code == EXIT_INTERNAL


def test_records_sharing_a_key_are_mended_not_lost() -> None:
    raw = {
        "id": "compare.x[seats=4]",
        "profile": "howto-durak",
        "options": {},
        "status": "skip",
        "message": "engine does not implement profile 'howto-durak'",
    }
    records, problems = collected_records([raw, dict(raw), {"profile": "x"}])
    assert [r.id for r in records] == ["compare.x[seats=4]", "compare.x[seats=4]#2"]
    assert len(problems) == 2
    assert "unreadable record" in problems[0] and "share the key" in problems[1]


# ------------------------------------------------------------------ the other formats


def test_junit_carries_causes_blocked_and_reason_notes() -> None:
    root = ET.fromstring(junit_xml(cascade()))
    suite = root.find("testsuite")
    assert suite is not None
    properties = {p.get("name"): p.get("value") for p in suite.find("properties") or []}
    assert properties["blocked"] == "3" and properties["reason_notes"] == "2"
    assert properties["complete"] == "true" and "internal_error" not in properties
    case = next(c for c in root.iter("testcase") if c.get("name") == "scenario h.limits.a")
    case_properties = {p.get("name"): p.get("value") for p in case.iter("property")}
    assert case_properties == {"cause": THROW_IN, "blocked": "true"}
    failure_element = case.find("failure")
    assert failure_element is not None and "blocked: failed at" in str(failure_element.text)
    noted_case = next(c for c in root.iter("testcase") if c.get("name") == "scenario h.throw-in.c")
    assert [p.get("value") for p in noted_case.iter("property")] == [
        "features/howto-durak/throw-in.feature:40: expected howto-durak.throw-in.rank, "
        "got no reason"
    ]
    assert noted_case.get("file") == "features/howto-durak/throw-in.feature"


def test_markdown_groups_failures_and_counts_blocked_and_notes() -> None:
    text = markdown_summary(cascade())
    assert "- Reason notes: 2 scenarios (1 without a reason, 1 with a different reason)" in text
    assert "- Blocked: 3 of the failed" in text
    assert "| bout-limits | 1 | 0 | 0 | 2 | 0 | 0 | 0 | 0 |" in text
    assert "| throw-in | 2 | 2 | 0 | 0 | 0 | 0 | 0 | 2 |" in text
    assert "### Failures by cause" in text
    assert f"| 5 | 3 | {cell('expected seat A throw_in <cards> to be accepted')}" in text
    assert "`h.limits.a` (blocked)" in text
    assert "| `howto-durak.limits.six` | blocked |" in text
    assert "| `howto-durak.throw-in.who` | fail |" in text
    assert "- Result: **FAILED** (exit code 1)" in text
    assert "[blocked]" in text  # the unexpected-results list says which were blocked


def test_an_incomplete_run_is_never_shown_as_passed() -> None:
    passing = [make_record("vc.a", "pass"), make_record("vc.b", "pass")]
    for kw in (
        {"internal_error": InternalError("boom", "while writing the reports", 2)},
        {"stop_reason": "interrupted"},
    ):
        partial = RunReport.build(make_header(), passing, 1.0, **kw)
        assert not partial.complete
        text = markdown_summary(partial)
        assert "**INCOMPLETE**" in text and "**passed**" not in text
        assert badge(partial, "videochess")["message"].startswith("incomplete")
        assert badge(partial, "videochess")["color"] == "lightgrey"
        assert "INCOMPLETE" in str(summary_table(partial).title)
    complete = RunReport.build(make_header(), passing, 1.0)
    assert "**passed**" in markdown_summary(complete)
    assert badge(complete, "videochess")["message"] == "100% (2/2)"


def test_the_console_lists_causes_with_examples() -> None:
    lines = describe_failures(cascade(), examples=2)
    assert lines[0] == "failures by cause (6 scenarios, 2 causes):"
    assert lines[1].startswith("  5 scenarios (3 blocked): expected seat A throw_in")
    # scenarios failing at their own rule first, then the blocked ones
    # the title abstracts; the first scenario's own message is shown concretely
    assert lines[2] == "    message: h.throw-in.a: the engine refused it"
    assert lines[3].strip().startswith("FAIL  howto-durak h.throw-in.a")
    assert not lines[3].endswith("[blocked]")
    assert lines[5].strip() == "... and 3 more"
    assert lines[6].startswith("  1 scenario: expected seat A holds n cards")
    lines = describe_failures(cascade(), examples=5)
    assert [line.endswith("[blocked]") for line in lines[3:8]] == [False, False, True, True, True]


def test_reason_note_totals() -> None:
    assert reason_note_totals(cascade().records) == {"scenarios": 2, "missing": 1, "different": 1}


# ------------------------------------------------------------------ expectations by cause

CAUSE_FILE = f"""\
implementation: toy-engine
entries:
  - cause: "{THROW_IN}"
    status: xfail
    reason: only the attacking seat throws in
    link: "#41"
  - id: h.limits.b
    status: xfail
    reason: an id entry wins over a cause entry
    link: "#42"
"""


def test_a_cause_entry_covers_every_scenario_of_that_cause_and_nothing_else() -> None:
    expectations = parse_expectations(CAUSE_FILE, "toy.yaml")
    result = apply(cascade().records, expectations, strict=False)
    by_id = {r.id: r for r in result.records}
    for sid in ("h.throw-in.a", "h.throw-in.b", "h.limits.a", "h.drawing.a"):
        expected = by_id[sid].expected
        assert by_id[sid].status == "xfail" and expected is not None
        assert expected.reason == "only the attacking seat throws in"
    by_id_entry = by_id["h.limits.b"].expected
    assert by_id_entry is not None and by_id_entry.reason == "an id entry wins over a cause entry"
    assert by_id["h.take.a"].status == "fail"  # another cause: still a failure
    assert by_id["h.limits.c"].status == "pass"  # a cause entry never makes an xpass
    assert not [w for w in result.warnings if "stale" in w]


def test_a_cause_entry_that_matched_nothing_is_stale() -> None:
    expectations = parse_expectations(CAUSE_FILE, "toy.yaml")
    clean = [make_record("h.limits.c", "pass", profile="howto-durak")]
    warnings = apply(clean, expectations, strict=False).warnings
    assert any("stale expectation: no scenario of this run failed by cause" in w for w in warnings)


def test_updating_keeps_cause_entries_and_adds_only_uncovered_failures(tmp_path: Path) -> None:
    path = tmp_path / "toy.yaml"
    path.write_text(CAUSE_FILE, encoding="utf-8")
    result = update(path, cascade())
    assert [e.id for e in result.added] == ["h.take.a"]
    text = path.read_text(encoding="utf-8")
    assert THROW_IN in text and "h.take.a" in text
    again = parse_expectations(text, str(path))
    assert any(e.cause == THROW_IN for e in again.entries)


# ------------------------------------------------------------------ diff


def test_diff_counts_regressions_by_cause_and_compares_reason_notes() -> None:
    before = report(
        [make_record(r.id, "pass", profile=r.profile, area=r.area) for r in cascade().records]
    )
    diff = diff_reports(before, cascade())
    assert len(diff.regressions) == 6
    assert diff.regressions_by_cause() == [(THROW_IN, 5), (HAND, 1)]
    assert diff.reason_notes == (0, 2)
    text = format_text(diff)
    assert "Regressions by cause" in text and "expected seat A throw_in" in text
    markdown = format_markdown(diff)
    assert "scenarios with reason notes: 0 -> 2" in markdown
    assert "### Regressions by cause" in markdown and "| 5 | expected seat A" in markdown
    data = json.loads(format_json(diff))
    assert data["regressions_by_cause"][0] == {
        "cause": THROW_IN,
        "title": cause_groups(cascade().records)[0].title,
        "regressions": 5,
    }
    blocked = next(c for c in data["regressions"] if c["id"] == "h.limits.a")
    assert blocked["blocked"] and blocked["message"].startswith("[blocked]")


def test_diff_reads_an_older_report_against_a_new_one() -> None:
    old = read_report(ROOT / "reports" / "durakgame.json")
    new = RunReport.build(old.header, old.records, old.footer.duration)
    diff = diff_reports(old, loads(dumps(new)))
    assert diff.empty and diff.unchanged == len(old.records)


# ------------------------------------------------------------------ the site


def test_the_site_shows_causes_clauses_blocked_and_notes(tmp_path: Path) -> None:
    write_report(cascade(), tmp_path / "toy.json")
    reports = load_reports(tmp_path)
    index = index_markdown(reports, ["howto-durak"])
    assert '<span class="dc-st dc-st-blocked" title="3 blocked">3 blocked</span>' in index
    assert '<a href="toy.html#causes">2 causes, 3 blocked</a>' in index
    assert "2 notes" in index
    page = assemble([], build_inventory([]), reports).page("conformance/toy.md").markdown
    assert "## Failures by cause {#causes}" in page and "## By rule clause {#clauses}" in page
    assert "blocked by: expected seat A throw_in" in page
    assert "Reason notes" in page and "gave no reason" in page
    assert 'class="dc-record dc-record-blocked"' in page
    assert "Incomplete run" not in page


def test_the_site_marks_an_incomplete_run(tmp_path: Path) -> None:
    error = InternalError("RuntimeError: boom", "while running h.limits.a", 9)
    write_report(report(cascade().records, internal_error=error), tmp_path / "toy.json")
    reports = load_reports(tmp_path)
    assert ">INCOMPLETE</strong>" in index_markdown(reports, ["howto-durak"])
    page = assemble([], build_inventory([]), reports).page("conformance/toy.md").markdown
    assert "<strong>Incomplete run.</strong>" in page and "RuntimeError: boom" in page
