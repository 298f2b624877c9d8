"""Tests of expectations files: loading errors, apply, strict mode, stale entries, update."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from durak_conformance.reports import (
    EXIT_FAILURES,
    EXIT_OK,
    Expectation,
    Expectations,
    ExpectationsError,
    Implementation,
    Machine,
    RunHeader,
    RunReport,
    ScenarioRecord,
    Status,
    apply,
    apply_to_report,
    exit_code,
    load_expectations,
    parse_expectations,
    update,
)


def make_record(
    scenario_id: str,
    status: Status,
    profile: str = "videochess",
    options: dict[str, str] | None = None,
    message: str = "",
) -> ScenarioRecord:
    return ScenarioRecord(
        id=scenario_id,
        profile=profile,
        options=options or {},
        feature=f"{profile}/transfer.feature",
        area="transfer",
        name=f"scenario {scenario_id}",
        line=3,
        clauses=[],
        status=status,
        message=message,
    )


def make_report(records: list[ScenarioRecord], strict: bool = False) -> RunReport:
    header = RunHeader(
        implementation=Implementation(name="toy-engine", version="1.0"),
        adapter="stdio",
        suite_version="1",
        tool_version="0.1.0",
        suite_revision=None,
        profiles=sorted({r.profile for r in records}),
        options={},
        started_at="2026-11-20T10:00:00Z",
        machine=Machine(platform="Linux", python="3.11", cpu_count=1),
        command=[],
        strict=strict,
    )
    return RunReport.build(header, records, duration=1.0)


def parse(text: str) -> Expectations:
    return parse_expectations(textwrap.dedent(text), "exp.yaml")


VALID = """\
    implementation: toy-engine
    entries:
      - id: vc.transfer
        status: xfail
        reason: transfer ignores hand size
        link: https://example.org/issues/1
      - id: vc.transfer
        profile: videochess
        options: {rules: transfer, deck: 36}
        status: xfail
        reason: more specific
        link: toy/engine#2
      - id: vc.timer
        status: skip
        reason: no clock capability
        link: "#3"
    """


# --- loading ----------------------------------------------------------------------------


def test_load_valid_file(tmp_path: Path) -> None:
    path = tmp_path / "toy.yaml"
    path.write_text(textwrap.dedent(VALID))
    loaded = load_expectations(path)
    assert loaded.implementation == "toy-engine"
    assert [e.line for e in loaded.entries] == [3, 7, 13]
    assert loaded.entries[1].options == {"rules": "transfer", "deck": "36"}
    assert loaded.warnings == []


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        (
            "- id: vc.a\n    status: xfail\n    link: '#1'",
            r"exp.yaml:3:5: at \$\.entries\[0\]: 'reason' is a required property",
        ),
        (
            "- id: vc.a\n    status: xfail\n    reason: r\n    link: see chat",
            r"exp.yaml:6:11: at \$\.entries\[0\]\.link: 'see chat' does not match",
        ),
        (
            "- id: vc.*\n    status: xfail\n    reason: r\n    link: '#1'",
            r"at \$\.entries\[0\]\.id: .*no spaces or glob characters",
        ),
        (
            "- id: vc.a\n    status: broken\n    reason: r\n    link: '#1'",
            r"exp.yaml:4:13: at \$\.entries\[0\]\.status: 'broken' is not one of",
        ),
        (
            "- id: vc.a\n    options: {cheater: on}\n    status: xfail\n"
            "    reason: r\n    link: '#1'",
            r"at \$\.entries\[0\]\.options\.cheater: True is not of type.*quote the value",
        ),
        (
            "- id: vc.a\n    status: xfail\n    reason: '  '\n    link: '#1'",
            r"at \$\.entries\[0\]\.reason",
        ),
        (
            "- id: vc.a\n    status: xfail\n    reasn: r\n    reason: r\n    link: '#1'",
            r"Additional properties are not allowed \('reasn' was unexpected\)",
        ),
    ],
)
def test_loading_errors_name_file_line_and_key_path(entry: str, expected: str) -> None:
    text = "implementation: toy\nentries:\n  " + entry + "\n"
    with pytest.raises(ExpectationsError, match=expected):
        parse_expectations(text, "exp.yaml")


def test_yaml_syntax_error_has_line() -> None:
    with pytest.raises(
        ExpectationsError, match=r"exp.yaml:4:1: not valid YAML: .*flow sequence on line 3"
    ):
        parse_expectations("implementation: toy\nentries:\n  - id: [unclosed\n", "exp.yaml")


def test_duplicate_key_and_duplicate_entry() -> None:
    with pytest.raises(ExpectationsError, match=r"exp.yaml:2:1: at \$\.implementation: duplicate"):
        parse_expectations("implementation: a\nimplementation: b\nentries: []\n", "exp.yaml")
    text = textwrap.dedent(VALID) + (
        "  - id: vc.timer\n    status: xfail\n    reason: again\n    link: '#9'\n"
    )
    with pytest.raises(ExpectationsError, match=r"exp.yaml:17: .*entry on line 13"):
        parse_expectations(text, "exp.yaml")


FUZZ_ENTRY = "  - signature: 'state | x'\n    profile: {}\n    reason: r\n    link: {}\n"


def test_a_known_fuzz_finding_is_listed_once_and_a_todo_link_warns() -> None:
    head = "implementation: toy\nentries: []\nfuzz:\n"
    twice = head + FUZZ_ENTRY.format("videochess", "'#1'") + FUZZ_ENTRY.format("videochess", "'#2'")
    with pytest.raises(
        ExpectationsError,
        match=r"^exp.yaml:8: at \$\.fuzz\[1\]: same signature, profile and options as the "
        r"entry on line 4$",
    ):
        parse_expectations(twice, "exp.yaml")
    other = head + FUZZ_ENTRY.format("videochess", "'#1'") + FUZZ_ENTRY.format("ggtables", "TODO")
    loaded = parse_expectations(other, "exp.yaml")
    assert loaded.warnings == [
        "exp.yaml:8: known fuzz finding 'state | x' has a TODO link: point it at an issue"
    ]


def test_empty_and_missing_files(tmp_path: Path) -> None:
    with pytest.raises(ExpectationsError, match="empty file"):
        parse_expectations("# nothing\n", "exp.yaml")
    with pytest.raises(ExpectationsError, match="no such expectations file"):
        load_expectations(tmp_path / "missing.yaml")


def test_todo_link_warns() -> None:
    loaded = parse(
        """\
        implementation: toy
        entries:
          - {id: vc.a, status: xfail, reason: r, link: TODO}
        """
    )
    assert loaded.warnings == [
        "exp.yaml:3: expectation vc.a (any profile) has a TODO link: point it at an issue"
    ]


# --- apply ------------------------------------------------------------------------------


def statuses(records: list[ScenarioRecord]) -> list[str]:
    return [r.status for r in records]


def test_apply_turns_expected_failures_into_xfail_and_passes_into_xpass() -> None:
    expectations = parse(VALID)
    records = [
        make_record("vc.transfer", "fail", message="boom"),
        make_record("vc.transfer", "error", profile="ggtables"),
        make_record("vc.transfer", "pass", profile="howto-durak"),
        make_record("vc.timer", "pass"),
        make_record("vc.other", "fail"),
    ]
    result = apply(records, expectations, strict=False)
    assert statuses(result.records) == ["xfail", "xfail", "xpass", "skip", "fail"]
    first = result.records[0]
    assert first.message == "boom"
    assert first.expected is not None
    assert (first.expected.reason, first.expected.actual) == ("transfer ignores hand size", "fail")
    assert result.records[3].expected is not None
    assert result.records[3].expected.reason == "no clock capability"
    assert statuses(records) == ["fail", "error", "pass", "pass", "fail"]  # inputs untouched


def test_most_specific_entry_wins_and_options_are_conditions() -> None:
    expectations = parse(VALID)
    specific = make_record("vc.transfer", "fail", options={"rules": "transfer", "deck": "36"})
    other_deck = make_record(
        "vc.transfer", "fail", profile="videochess", options={"rules": "transfer", "deck": "52"}
    )
    result = apply([specific, other_deck], expectations, strict=False)
    reasons = [r.expected.reason if r.expected else None for r in result.records]
    assert reasons == ["more specific", "transfer ignores hand size"]


def test_profile_condition() -> None:
    expectations = parse(
        """\
        implementation: toy-engine
        entries:
          - {id: vc.a, profile: ggtables, status: xfail, reason: r, link: '#1'}
        """
    )
    result = apply(
        [make_record("vc.a", "fail"), make_record("vc.a", "fail", profile="ggtables")],
        expectations,
        strict=False,
    )
    assert statuses(result.records) == ["fail", "xfail"]


def test_xpass_fails_only_in_strict_mode() -> None:
    expectations = parse(VALID)
    report = make_report([make_record("vc.transfer", "pass"), make_record("vc.ok", "pass")])
    lenient, warnings = apply_to_report(report, expectations, strict=False)
    assert lenient.footer.totals["xpass"] == 1
    assert lenient.footer.exit_code == EXIT_OK
    assert exit_code(lenient, strict=False) == EXIT_OK
    assert any("unexpected pass" in w and "non-strict" in w for w in warnings)
    strict, warnings = apply_to_report(report, expectations, strict=True)
    assert strict.footer.exit_code == EXIT_FAILURES
    assert strict.header.strict
    assert any("fails the run (strict)" in w for w in warnings)


def test_apply_to_report_recomputes_totals_and_exit_code() -> None:
    report = make_report([make_record("vc.transfer", "fail"), make_record("vc.ok", "pass")])
    assert report.footer.exit_code == EXIT_FAILURES
    applied, _ = apply_to_report(report, parse(VALID), strict=False)
    assert applied.footer.totals["fail"] == 0
    assert applied.footer.totals["xfail"] == 1
    assert applied.footer.exit_code == EXIT_OK
    assert applied.header.expectations == "exp.yaml"


def test_apply_warns_about_other_implementation() -> None:
    expectations = parse("implementation: other\nentries: []\n")
    _, warnings = apply_to_report(make_report([make_record("a", "pass")]), expectations)
    assert warnings[0] == (
        "exp.yaml: written for implementation 'other', but the run tested 'toy-engine'"
    )


def test_stale_expectations_are_warned() -> None:
    expectations = parse(
        """\
        implementation: toy-engine
        entries:
          - {id: vc.gone, status: xfail, reason: r, link: '#1'}
          - {id: vc.a, profile: ggtables, status: xfail, reason: r, link: '#1'}
          - {id: vc.a, status: xfail, reason: r, link: '#1'}
        """
    )
    result = apply([make_record("vc.a", "fail")], expectations, strict=False)
    stale = [w for w in result.warnings if "stale expectation" in w]
    # The ggtables entry is not stale: ggtables was not part of this run.
    assert stale == [
        "exp.yaml:3: stale expectation: vc.gone (any profile) matched no scenario of this run "
        "(no scenario with this id ran)"
    ]
    known = apply([make_record("vc.a", "fail")], expectations, False, known_ids={"vc.a"})
    assert [w for w in known.warnings if "stale" in w] == [
        "exp.yaml:3: stale expectation: no scenario has the id 'vc.gone'"
    ]


def test_reapplying_starts_from_the_actual_status() -> None:
    first = apply([make_record("vc.transfer", "error")], parse(VALID), strict=False)
    assert statuses(first.records) == ["xfail"]
    empty = parse("implementation: toy-engine\nentries: []\n")
    again = apply(first.records, empty, strict=False)
    assert statuses(again.records) == ["error"]
    assert again.records[0].expected is None


def test_match_is_usable_before_running() -> None:
    expectations = parse(VALID)
    entry = expectations.match("vc.timer", "ggtables", {})
    assert entry is not None and entry.status == "skip"
    assert expectations.match("vc.none", "ggtables", {}) is None


# --- update -----------------------------------------------------------------------------


def test_update_adds_removes_and_keeps_reasons(tmp_path: Path) -> None:
    path = tmp_path / "toy.yaml"
    path.write_text(
        textwrap.dedent(
            """\
            # hand-written comment (not preserved)
            implementation: toy-engine
            entries:
              - {id: vc.still, status: xfail, reason: still broken, link: '#1'}
              - {id: vc.fixed, status: xfail, reason: was broken, link: '#2'}
              - {id: vc.timer, status: skip, reason: no clock, link: '#3'}
              - {id: vc.notrun, profile: ggtables, status: xfail, reason: other profile, link: '#4'}
            """
        )
    )
    report = make_report(
        [
            make_record("vc.still", "fail", message="still wrong"),
            make_record("vc.fixed", "pass"),
            make_record("vc.timer", "pass"),
            make_record("vc.new", "error", message="engine said: bad\nsecond line"),
            make_record("vc.ok", "pass"),
        ]
    )
    result = update(path, report)
    assert [e.id for e in result.removed] == ["vc.fixed"]
    assert [e.id for e in result.added] == ["vc.new"]
    assert [e.id for e in result.kept] == ["vc.still", "vc.timer", "vc.notrun"]
    loaded = load_expectations(path)
    by_id = {e.id: e for e in loaded.entries}
    assert set(by_id) == {"vc.still", "vc.timer", "vc.notrun", "vc.new"}
    assert (by_id["vc.still"].reason, by_id["vc.still"].link) == ("still broken", "#1")
    new = by_id["vc.new"]
    assert new.reason == "found by run 2026-11-20: engine said: bad …"
    assert (new.link, new.status, new.profile) == ("TODO", "xfail", "videochess")
    assert len(loaded.warnings) == 1 and "TODO link" in loaded.warnings[0]
    assert [p.name for p in tmp_path.iterdir()] == ["toy.yaml"]
    # The run now goes as expected.
    applied, _ = apply_to_report(report, loaded, strict=True)
    assert applied.footer.exit_code == EXIT_OK


def test_update_works_from_an_applied_report(tmp_path: Path) -> None:
    path = tmp_path / "toy.yaml"
    path.write_text(textwrap.dedent(VALID))
    report = make_report([make_record("vc.transfer", "fail"), make_record("vc.x", "fail")])
    applied, _ = apply_to_report(report, load_expectations(path), strict=True)
    result = update(path, applied)
    assert [e.id for e in result.added] == ["vc.x"]
    assert result.removed == []


def test_update_narrows_an_entry_that_partly_passes(tmp_path: Path) -> None:
    path = tmp_path / "toy.yaml"
    path.write_text(
        "implementation: toy-engine\nentries:\n"
        "  - {id: vc.a, status: xfail, reason: keep me, link: 'https://x.org/1'}\n"
    )
    report = make_report(
        [
            make_record("vc.a", "pass", profile="videochess"),
            make_record("vc.a", "fail", profile="ggtables", options={"deck": "36"}),
        ]
    )
    result = update(path, report)
    assert [e.id for e in result.narrowed] == ["vc.a"]
    loaded = load_expectations(path)
    assert loaded.entries == [
        Expectation(
            id="vc.a",
            status="xfail",
            reason="keep me",
            link="https://x.org/1",
            profile="ggtables",
            options={"deck": "36"},
            line=6,
        )
    ]


def test_update_creates_a_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "new.yaml"
    result = update(path, make_report([make_record("vc.a", "fail", options={"cheater": "on"})]))
    loaded = load_expectations(path)
    assert loaded.implementation == "toy-engine"
    assert loaded.entries[0].options == {"cheater": "on"}  # quoted, not read back as a boolean
    assert [e.id for e in result.added] == ["vc.a"]


def test_an_outline_row_and_a_feature_link_are_accepted_but_globs_are_not() -> None:
    row = "compare.no-trump-first-attacker[computer=none,first=2]"
    loaded = parse_expectations(
        textwrap.dedent(f"""\
            implementation: toy
            entries:
              - id: {row}
                status: xfail
                reason: the first seat always leads
                link: features/compare/first-attack-and-opening.feature:6
            """),
        "exp.yaml",
    )
    assert loaded.entries[0].id == row
    for bad in ("compare.x[a=1", "compare.*", "compare.x[a=[1]]"):
        with pytest.raises(ExpectationsError, match=r"exp\.yaml"):
            parse_expectations(
                f"implementation: toy\nentries:\n  - id: '{bad}'\n    status: xfail\n"
                "    reason: r\n    link: TODO\n",
                "exp.yaml",
            )
