"""Tests of the site's page builders and of a strict, offline MkDocs build."""

from __future__ import annotations

import dataclasses
import html.parser
import json
import os
import posixpath
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from durak_conformance.causes import Failure, signature
from durak_conformance.cli import main
from durak_conformance.profiles import (
    Citation,
    Clause,
    Option,
    OptionValue,
    Parameter,
    Profile,
    Provenance,
)
from durak_conformance.reports import (
    Implementation,
    Machine,
    ReasonNote,
    RunHeader,
    RunReport,
    ScenarioRecord,
    write_report,
)
from durak_conformance.site import assemble
from durak_conformance.site.catalogue import Known, folder_markdown
from durak_conformance.site.conformance_matrix import index_markdown, load_reports
from durak_conformance.site.inventory import build_inventory, parse_feature
from durak_conformance.site.profile_pages import coverage, profile_markdown
from durak_conformance.site.rules_matrix import (
    Cell,
    Row,
    build_rows,
    differences_page,
    matrix_page,
    render_scenarios,
)
from durak_conformance.site.table_picture import last_state, render_failure_picture, render_table
from reference_engine import Game, Rules

ROOT = Path(__file__).resolve().parent.parent

# ----------------------------------------------------------------------------- sample data


def sample_state() -> dict[str, Any]:
    """A real mid-bout state from the reference engine (videochess, seat 1 attacked 7♠)."""
    from durak_conformance.profiles import load_profile, resolve

    rules = Rules.from_mapping(resolve(load_profile("videochess")).params)
    game = Game.from_position(
        rules,
        {
            "hands": {"1": ["7S", "8D", "TH", "QC"], "2": ["9S", "6C", "QH", "AD"]},
            "stock": ["AS", "6H"],
            "trump": "6H",
            "discard": [],
            "out": [],
            "attacker": 1,
        },
    )
    game.apply({"type": "attack", "seat": 1, "cards": ["7S"]})
    return game.to_json()


def sample_report(name: str = "toy-engine", adapter: str = "engine:toy") -> RunReport:
    """A report with every status, and a failure whose transcript holds a table state."""
    start = {"cmd": "start", "game": "g1", "profile": "videochess"}
    act = {
        "cmd": "act",
        "game": "g1",
        "seat": 2,
        "action": {"type": "defend", "seat": 2, "attack": "7S", "card": "6C"},
    }
    transcript = [
        {"request": start, "reply": {"state": sample_state()}},
        {"request": act, "reply": {"ok": True, "events": [{"type": "defend"}]}},
    ]

    def record(sid: str, area: str, status: Any, **extra: Any) -> ScenarioRecord:
        return ScenarioRecord(
            id=sid,
            profile="videochess",
            options={"rules": "throw_in"},
            feature=f"videochess/{area}.feature",
            area=area,
            name=f"Scenario {sid}",
            line=10,
            clauses=["videochess.defence.beat"],
            status=status,
            adapter=adapter,
            **extra,
        )

    accepted = signature(
        "accepted", "videochess.defence.beat", "seat 2 defend 7S 6C to be refused", "accepted"
    )
    crashed = signature("engine", None, "a valid reply", "ended (exit status 1) without answering")
    records = [
        record(
            "a.pass1",
            "attack-and-defence",
            "pass",
            reason_notes=[
                ReasonNote(
                    "features/videochess/attack-and-defence.feature:30",
                    "videochess.defence.beat-with-a-very-long-clause-name",
                    None,
                )
            ],
        ),
        record("a.pass2", "attack-and-defence", "pass"),
        record(
            "a.fail",
            "attack-and-defence",
            "fail",
            message="the engine accepted 6♣ over 7♠ <but> defence.beat forbids it",
            transcript=transcript,
            failure=Failure(
                "accepted",
                "features/videochess/attack-and-defence.feature:12",
                'it is rejected because of rule "defence.beat"',
                "videochess.defence.beat",
                "seat 2 defend 7S 6C to be refused",
                "accepted",
                accepted,
                False,
            ),
        ),
        record("t.skip", "take", "skip", message="engine declined: unsupported"),
        record(
            "t.error",
            "take",
            "error",
            message="engine crashed",
            transcript=transcript[:1],
            failure=Failure(
                "engine",
                "features/videochess/take.feature:9",
                "seat 1 attacks with 7♠",
                None,
                "a valid reply",
                "ended (exit status 1) without answering",
                crashed,
                True,
            ),
        ),
    ]
    header = RunHeader(
        implementation=Implementation(name=name, version="1.2.3", language="Rust"),
        adapter=adapter,
        suite_version="1",
        tool_version="0.1.0",
        suite_revision="0123456789abcdef0123",
        profiles=["videochess"],
        options={},
        started_at="2026-11-29T12:00:00Z",
        machine=Machine(platform="test", python="3.11", cpu_count=1),
        command=["durak-conformance", "run"],
    )
    return RunReport.build(header, records, duration=1.5)


def _prov(kind: Any, **kw: Any) -> Provenance:
    return Provenance(kind=kind, **kw)


def toy_profile(
    pid: str, *, bout_cap: int, cap_kind: Any = "stated", transfer_option: bool
) -> Profile:
    """A small synthetic profile (independent of the real rulesets' contents)."""
    cite = Citation("Rules", "a phrase")
    options: dict[str, Option] = {}
    params = {
        "bout_cap": Parameter(
            "bout_cap",
            bout_cap,
            _prov(cap_kind, citation=cite if cap_kind != "assumed" else None, reason="why"),
        ),
        "hand_size": Parameter("hand_size", 6, _prov("assumed", reason="base game")),
    }
    if transfer_option:
        options["rules"] = Option(
            "rules",
            "throw-in or transfer",
            cite,
            "throw_in",
            _prov("assumed", reason="base game"),
            {
                "throw_in": OptionValue("throw_in", {"transfer": False}),
                "transfer": OptionValue("transfer", {"transfer": True}),
            },
        )
        params["transfer"] = Parameter("transfer", False, _prov("stated", citation=cite), "rules")
    else:
        params["transfer"] = Parameter("transfer", False, _prov("assumed", reason="none"))
    clauses = (
        Clause(f"{pid}.limits.six", "At most six attacking cards.", _prov("stated", citation=cite)),
        Clause(
            f"{pid}.take.when", "Take only with an unbeaten card.", _prov("assumed", reason="x")
        ),
    )
    return Profile(
        id=pid,
        title=pid.title(),
        description="toy",
        source={"seed": "000.txt", "system": "Toy", "document": "Rules"},
        options=options,
        parameters=params,
        clauses=clauses,
        file=Path(f"{pid}.yaml"),
    )


FEATURE = """\
@area
Feature: Limits <of> the bout
  How many cards go in.

  Background:
    Given the "alpha" profile

  @id:alpha.limits.six-ok @rule:alpha.limits.six
  Scenario: Six cards fit
    Given the hands are:
      | seat | hand  |
      | 1    | 7♥ 8♠ |
    When seat 1 attacks with 7♥
    Then it is accepted

  @id:alpha.limits.seventh @rule:alpha.limits.six @ambiguous
  Scenario: A seventh card is refused
    When they play:
      \"\"\"
      seat 1 attacks with 10♦
      \"\"\"
    Then it is rejected because of rule "limits.six"
"""

COMPARE = """\
Feature: Bout cap across profiles

  @id:compare.bout-cap @dimension:bout_cap
  Scenario Outline: The bout cap
    Given the "<profile>" profile
    Then the cap is <cap>

    @rule:alpha.limits.six
    Examples:
      | profile | cap |
      | alpha   | 6   |
    @rule:beta.limits.six
    Examples:
      | profile | cap |
      | beta    | 5   |
"""


@pytest.fixture()
def profiles() -> list[Profile]:
    return [
        toy_profile("alpha", bout_cap=6, transfer_option=True),
        toy_profile("beta", bout_cap=5, cap_kind="ambiguous", transfer_option=False),
    ]


NAMES = ["bout_cap", "hand_size", "transfer"]


# ----------------------------------------------------------------------------- inventory


def test_inventory_merges_example_tags_and_counts_pickles() -> None:
    inventory = build_inventory(
        [("alpha/limits.feature", FEATURE), ("compare/cap.feature", COMPARE)]
    )
    outline = inventory.by_dimension["bout_cap"][0]
    assert outline.id == "compare.bout-cap"
    assert outline.pickles == 2
    assert set(outline.rules) == {"alpha.limits.six", "beta.limits.six"}
    assert [s.id for s in inventory.by_clause["alpha.limits.six"]] == [
        "alpha.limits.six-ok",
        "alpha.limits.seventh",
        "compare.bout-cap",
    ]
    assert inventory.folders == ["alpha", "compare"]
    seventh = inventory.by_clause["alpha.limits.six"][1]
    assert seventh.ambiguous and seventh.steps[0].docstring == "seat 1 attacks with 10♦"


def test_a_feature_that_does_not_parse_is_reported_with_its_file() -> None:
    feature = parse_feature("alpha/bad.feature", "Feature: x\n  Scenario: y\n    Given a\n  oops\n")
    assert feature.error is not None
    assert "features/alpha/bad.feature" in feature.error and "(4:3)" in feature.error


# ----------------------------------------------------------------------------- rules matrix


def test_rules_matrix_rows_cells_and_marks(profiles: list[Profile]) -> None:
    inventory = build_inventory([("compare/cap.feature", COMPARE)])
    rows = build_rows(profiles, NAMES, inventory)
    by_name = {r.parameter: r for r in rows}
    assert by_name["bout_cap"].differs
    assert not by_name["hand_size"].differs
    # same default (no) but alpha can also give yes through its option
    assert by_name["transfer"].differs
    assert [c.kind for c in by_name["bout_cap"].cells] == ["stated", "ambiguous"]

    page = matrix_page(rows, profiles)
    assert page.startswith("---\nhide:\n  - toc\n---")
    assert '<tr id="p-bout_cap" class="dc-row dc-differs"' in page
    assert '<tr id="p-hand_size" class="dc-row"' in page
    # each value links to its citation on the profile page
    assert 'href="../profiles/alpha.html#param-bout_cap"' in page
    assert 'href="../profiles/beta.html#param-bout_cap"' in page
    # assumed values are muted, ambiguous ones marked
    assert page.count('<td class="dc-cell dc-assumed">') == 3  # hand_size x2, beta transfer
    assert "⚠ ambiguous" in page
    assert "or <b>yes</b> by option <code>rules</code>" in page
    # the differing row links to its comparison scenario
    assert 'href="../catalogue/compare.html#s-compare.bout-cap"' in page


def test_differences_view_keeps_only_differing_rows(profiles: list[Profile]) -> None:
    rows = build_rows(profiles, NAMES, build_inventory([]))
    page = differences_page(rows, profiles)
    assert 'id="p-bout_cap"' in page and 'id="p-transfer"' in page
    assert 'id="p-hand_size"' not in page
    assert "2 of 3 rule parameters differ" in page
    assert "no comparison scenario yet" in page


def test_a_difference_the_engine_does_not_play_is_not_reported_as_missing_a_scenario() -> None:
    """A parameter kept only in Rules.extra (a display setting, say) differs between profiles,
    but no scenario run through an engine can show it: the matrix says so instead of asking
    for a comparison outline."""
    cells = tuple(
        Cell(profile, "move_hints_default_on", value, "stated", "")
        for profile, value in (("alpha", True), ("beta", None))
    )
    extra = Row("move_hints_default_on", False, cells)
    played = Row("move_hints_default_on", True, cells)
    assert extra.differs and played.differs
    assert "not played by the reference engine" in render_scenarios(extra, "rules-matrix/x.md")
    assert "no comparison scenario yet" in render_scenarios(played, "rules-matrix/x.md")
    same = Row("move_hints_default_on", False, cells[:1] * 2)
    assert "same everywhere" in render_scenarios(same, "rules-matrix/x.md")


# ----------------------------------------------------------------------------- profile pages


def test_coverage_counts_and_uncovered_clauses_are_flagged(profiles: list[Profile]) -> None:
    inventory = build_inventory(
        [("alpha/limits.feature", FEATURE), ("compare/cap.feature", COMPARE)]
    )
    counts = {c.clause.id: c.count for c in coverage(profiles[0], inventory)}
    assert counts == {"alpha.limits.six": 3, "alpha.take.when": 0}
    page = profile_markdown(profiles[0], inventory)
    assert "1 of 2 clauses are exercised" in page
    assert "⚠ 1 clause with no scenario" in page
    assert '<tr id="clause-take.when" class="dc-clause dc-uncovered">' in page
    assert '<span class="dc-count">3</span>' in page
    assert '<tr id="param-bout_cap" class="dc-stated">' in page
    assert "§ Rules: <q>a phrase</q>" in page
    assert 'href="../catalogue/alpha.html#s-alpha.limits.seventh"' in page


# ----------------------------------------------------------------------------- catalogue


def test_catalogue_renders_steps_and_links_tags(profiles: list[Profile]) -> None:
    inventory = build_inventory([("alpha/limits.feature", FEATURE)])
    known = Known(clauses={"alpha.limits.six"}, parameters={"bout_cap"}, profiles={"alpha"})
    page = folder_markdown("alpha", inventory.in_folder("alpha"), known)
    assert "## Limits &lt;of&gt; the bout {#f-limits}" in page
    assert '<section class="dc-scenario" id="s-alpha.limits.six-ok">' in page
    assert 'href="../profiles/alpha.html#clause-limits.six">@rule:alpha.limits.six</a>' in page
    assert '<span class="dc-tag dc-tag-ambiguous">@ambiguous</span>' in page
    assert '<span class="dc-cardtext dc-red">7♥</span>' in page
    assert '<span class="dc-cardtext dc-red">10♦</span>' in page
    assert "<td>1</td>" in page  # the data table
    assert known.problems == []


def test_catalogue_flags_tags_naming_nothing() -> None:
    text = FEATURE.replace("@rule:alpha.limits.six @ambiguous", "@rule:alpha.limits.sevn")
    inventory = build_inventory([("alpha/limits.feature", text)])
    known = Known(clauses={"alpha.limits.six"}, parameters=set(), profiles={"alpha"})
    page = folder_markdown("alpha", inventory.in_folder("alpha"), known)
    assert "dc-tag-unknown" in page
    assert known.problems == [
        "features/alpha/limits.feature:17: "
        "tag @rule:alpha.limits.sevn names no clause of any profile"
    ]


# ----------------------------------------------------------------------------- conformance


def test_conformance_counts_from_a_report(tmp_path: Path) -> None:
    write_report(sample_report(), tmp_path / "toy.json")
    write_report(sample_report("ref", adapter="reference"), tmp_path / "reference.json")
    (tmp_path / "badge.json").write_text('{"schemaVersion": 1}')  # not a report: ignored
    reports = load_reports(tmp_path)
    assert [r.file for r in reports] == ["reference.json", "toy.json"]  # reference first
    page = index_markdown(reports, ["videochess"])
    assert page.count('<th scope="col"><a href=') == 2
    assert "1.2.3" in page and "<code>0123456789ab</code>" in page
    # profile row: 2 pass, 1 fail, 1 error, 1 skip; area rows split them
    assert page.count('>2 pass</span> <span class="dc-st dc-st-fail" title="1 fail">1 fail<') == 6
    assert 'href="toy.html#videochess--take"' in page
    assert "score" in page  # says why there is no overall score
    assert "no report" not in page.lower()


def test_conformance_page_without_reports_says_how_to_make_one(tmp_path: Path) -> None:
    page = index_markdown(load_reports(tmp_path / "missing"), ["videochess"])
    assert '!!! note "No report yet"' in page
    assert "durak-conformance site --reports reports" in page


def test_unreadable_report_is_listed_with_its_error(tmp_path: Path) -> None:
    (tmp_path / "cut.json").write_text('{"report_format": "durak-conformance-report", "hea')
    bad = sample_report().to_json()
    bad["records"][0]["status"] = "passed"
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    reports = load_reports(tmp_path)
    assert all(r.report is None for r in reports)
    errors = " ".join(r.error or "" for r in reports)
    assert "cut.json" in errors and "$.records[0].status" in errors
    site = assemble([], build_inventory([]), reports)
    assert len(site.warnings) == 2


def test_failing_scenario_page_shows_message_picture_and_transcript(tmp_path: Path) -> None:
    write_report(sample_report(), tmp_path / "toy.json")
    site = assemble([], build_inventory([]), load_reports(tmp_path))
    page = site.page("conformance/toy.md").markdown
    assert "the engine accepted 6♣ over 7♠ &lt;but&gt; defence.beat forbids it" in page
    assert 'class="dc-tablepic"' in page
    assert "seat 2 defend" in page  # the action sent after the drawn state
    assert "Transcript (2 entries)" in page
    assert "<code>0123456789abcdef0123</code>" in page
    assert page.count('<section class="dc-record') == 2  # the fail and the error


# ----------------------------------------------------------------------------- table picture


def test_table_picture_draws_cards_and_escapes_engine_text() -> None:
    state = sample_state()
    state["seats"][0]["hand"].append("<script>alert(1)</script>")
    picture = render_table(state)
    assert "<script>" not in picture
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in picture
    assert 'class="dc-card dc-unknown"' in picture
    assert 'class="dc-card dc-red" title="TH"><span class="dc-rank">10</span>' in picture
    assert 'class="dc-card dc-black" title="7S"' in picture  # on the table, unbeaten
    assert 'class="dc-card dc-slot"' in picture
    assert "stock 2" in picture and "seat 1 attacks seat 2" in picture
    assert "Seat 2 · defender · human · may: defend, take" in picture


def test_table_picture_survives_garbage_states() -> None:
    assert last_state([{"reply": "nonsense"}, 5]) is None
    assert "no table state" in render_failure_picture([{"reply": {"ok": False}}])
    picture = render_table({"seats": "x", "table": [1, {"attack": '"><b>'}], "stock": 3})
    assert '"><b>' not in picture and "stock 3" in picture


# ----------------------------------------------------------------------------- full build


class _Links(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("id"):
            self.ids.add(str(values["id"]))
        if tag == "a" and values.get("href"):
            self.hrefs.append(str(values["href"]))


def broken_links(site: Path, pages: list[str]) -> list[str]:
    """Relative links from ``pages`` whose file or anchor does not exist in the built site."""
    parsed: dict[str, _Links] = {}

    def parse(rel: str) -> _Links:
        if rel not in parsed:
            parser = _Links()
            parser.feed((site / rel).read_text(encoding="utf-8"))
            parsed[rel] = parser
        return parsed[rel]

    broken = []
    for page in pages:
        for href in parse(page).hrefs:
            if "://" in href or href.startswith(("mailto:", "data:")):
                continue
            path, _, anchor = href.partition("#")
            target = (
                posixpath.normpath(posixpath.join(posixpath.dirname(page), path)) if path else page
            )
            if not (site / target).is_file():
                broken.append(f"{page}: {href}")
            elif anchor and target.endswith(".html") and anchor not in parse(target).ids:
                broken.append(f"{page}: {href} (no such anchor)")
    return broken


def build(tmp_path: Path, reports: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DURAK_CONFORMANCE_REPORTS": str(reports)}
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_strict_build_offline_with_a_report_and_no_broken_links(tmp_path: Path) -> None:
    reports = tmp_path / "reports"
    reports.mkdir()
    write_report(sample_report(), reports / "toy.json")
    result = build(tmp_path, reports)
    assert result.returncode == 0, result.stderr
    site = tmp_path / "site"
    pages = sorted(
        p.relative_to(site).as_posix()
        for folder in ("rules-matrix", "profiles", "catalogue", "conformance")
        for p in (site / folder).glob("*.html")
    )
    assert "conformance/toy.html" in pages and "rules-matrix/differences.html" in pages
    assert broken_links(site, [*pages, "index.html"]) == []
    # offline: no page asks for a font or a script from another host
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "fonts.googleapis" not in index and "fonts.gstatic" not in index


def test_site_command_fails_on_an_unreadable_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    reports = tmp_path / "reports"
    reports.mkdir()
    (reports / "cut.json").write_text('{"report_format": "durak-conformance-report", "hea')
    assert main(["site", "--reports", str(reports), "--output", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "truncated or not JSON" in err or "cannot read" in err
    assert "cut.json" in err and "site not built" in err


def test_site_command_builds_and_refuses_a_missing_reports_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    reports = tmp_path / "reports"
    reports.mkdir()
    out = tmp_path / "out"
    assert main(["site", "--reports", str(reports), "--output", str(out)]) == 0
    assert (out / "conformance" / "index.html").is_file()
    assert "No report yet" in (out / "conformance" / "index.html").read_text(encoding="utf-8")
    assert main(["site", "--reports", str(tmp_path / "nope"), "--output", str(out)]) == 2
    assert "no such folder" in capsys.readouterr().err


def test_a_report_beyond_the_limits_is_listed_with_its_error_not_a_crash(tmp_path: Path) -> None:
    """Nested 100,000 deep, a 5,000-digit number, a lone surrogate: each report is listed
    with what is wrong with it (a build warning), and the site is still made."""
    text = json.dumps(sample_report().to_json())
    deep = "[" * 100_000 + "]" * 100_000
    (tmp_path / "deep.json").write_text(
        text.replace('"transcript": []', f'"transcript": [{deep}]', 1)
    )
    (tmp_path / "big.json").write_text(text.replace('"line": 10', '"line": ' + "9" * 5_000, 1))
    (tmp_path / "lone.json").write_text(text.replace('"name": "Scenario', '"name": "\\udc80', 1))
    reports = load_reports(tmp_path)
    errors = {r.file: r.error or "" for r in reports}
    assert all(r.report is None for r in reports)
    assert "nested deeper than 64 levels" in errors["deep.json"]
    assert "5000 digits" in errors["big.json"]
    assert "lone surrogate" in errors["lone.json"]
    site = assemble([], build_inventory([]), reports)
    assert len(site.warnings) == 3


def test_an_engine_homepage_becomes_a_link_only_if_it_is_http(tmp_path: Path) -> None:
    for homepage, linked in (
        ("javascript:alert(document.cookie)", False),
        ('https://example.org/" onclick="x', False),
        ("https://example.org/engine", True),
    ):
        report = sample_report()
        impl = dataclasses.replace(report.header.implementation, homepage=homepage)
        header = dataclasses.replace(report.header, implementation=impl)
        write_report(dataclasses.replace(report, header=header), tmp_path / "toy.json")
        page = assemble([], build_inventory([]), load_reports(tmp_path)).page("conformance/toy.md")
        assert ('href="https://example.org/engine"' in page.markdown) == linked
        assert 'href="javascript' not in page.markdown
        assert "onclick" not in page.markdown or "&quot; onclick=&quot;" in page.markdown
