"""Ambiguity you can run: selecting a reading on the command line, and scenarios written for
one reading played under it.

The profile side (structured readings, resolve, parse_reading) is tested in test_profiles.py;
the feature side (every reading tag valid, every reading of a tagged parameter has its own
scenario) in test_feature_lint.py.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from durak_conformance.reports import read_report
from durak_conformance.runner import RunOptions, UsageError, check_selection, pytest_args


@pytest.mark.parametrize(
    ("readings", "message"),
    [
        ({"first_to_draw": "sideways"}, "videochess offers attacker, starter"),
        ({"done_resets": "false"}, "no selected profile marks 'done_resets' ambiguous"),
    ],
)
def test_a_reading_no_selected_profile_offers_is_a_usage_error(
    readings: dict[str, str], message: str
) -> None:
    with pytest.raises(UsageError, match=message):
        check_selection(RunOptions(readings=readings))


def test_a_reading_of_another_profile_is_refused_when_profiles_are_selected() -> None:
    with pytest.raises(UsageError, match="no selected profile marks 'first_to_draw'"):
        check_selection(RunOptions(profiles=["ggtables"], readings={"first_to_draw": "starter"}))


def test_a_selected_reading_reaches_the_suite() -> None:
    options = RunOptions(readings={"first_to_draw": "starter"})
    check_selection(options)
    args = pytest_args(options)
    assert args[args.index("--durak-reading") + 1] == "first_to_draw=starter"


def test_the_rules_of_a_start_carry_the_reading() -> None:
    from durak_conformance.plugin import _resolve

    taken, _ = _resolve("videochess", {"rules": "transfer"})
    other, _ = _resolve("videochess", {"rules": "transfer"}, {"first_to_draw": "starter"})
    assert (taken["first_to_draw"], other["first_to_draw"]) == ("attacker", "starter")
    # a reading of a parameter the profile does not mark ambiguous is left out
    plain, _ = _resolve("howto-durak", {}, {"first_to_draw": "attacker"})
    assert plain["first_to_draw"] == "starter"


ROOT = Path(__file__).resolve().parent.parent
PROXY = [sys.executable, str(ROOT / "tests" / "engines" / "proxy.py"), "--profiles", "videochess"]
DRAWING = "videochess.drawing.after-transfer-*"


def _run(tmp_path: Path, *args: str) -> dict[str, str]:
    done = subprocess.run(
        [
            *(sys.executable, "-m", "durak_conformance", "run", "--no-progress"),
            *("--reports", str(tmp_path), "--name", "r", "--id", DRAWING, *args),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return {r.id: r.status for r in read_report(tmp_path / "r.json").records}


@pytest.mark.parametrize("engine", [[], ["--engine", "--", *PROXY]], ids=["reference", "proxy"])
def test_each_reading_is_played_in_every_run_and_one_can_be_selected(
    tmp_path: Path, engine: list[str]
) -> None:
    """Both drawing-after-a-transfer scenarios pass in one run, each under the reading it is
    written for (the start's rules carry it); with --reading only the matching one runs.
    The proxy is the reference behind stdio claiming one profile: an engine that plays the
    rules it is sent."""
    both = _run(tmp_path / "both", *engine)
    assert both == {
        "videochess.drawing.after-transfer-transferrer-first": "pass",
        "videochess.drawing.after-transfer-starter-first": "pass",
    }
    one = _run(tmp_path / "one", "--reading", "first_to_draw=starter", *engine)
    assert one.get("videochess.drawing.after-transfer-starter-first") == "pass"
    assert one.get("videochess.drawing.after-transfer-transferrer-first", "skip") == "skip"


def _record(scenario_id: str, status: str, message: str = "") -> Any:
    from durak_conformance.reports.model import ScenarioRecord

    return ScenarioRecord(
        id=scenario_id,
        profile="videochess",
        options={"rules": "transfer"},
        feature="features/videochess/drawing-and-next-attacker.feature",
        area="drawing-and-next-attacker",
        name=scenario_id,
        line=1,
        clauses=["videochess.drawing.order"],
        status=status,  # type: ignore[arg-type]
        message=message,
    )


TRANSFERRER = "videochess.drawing.after-transfer-transferrer-first"
STARTER = "videochess.drawing.after-transfer-starter-first"


def test_an_engine_that_follows_one_reading_is_not_failed_for_the_other() -> None:
    from durak_conformance.readings import judge_readings, reading_followed, reading_verdicts

    judged = judge_readings(
        [_record(TRANSFERRER, "fail", "seat 1 drew 8H"), _record(STARTER, "pass")]
    )
    assert [r.status for r in judged] == ["skip", "pass"]
    assert judged[0].message.startswith(
        "not judged: the engine follows reading first_to_draw=starter"
    )
    assert "It failed: seat 1 drew 8H" in judged[0].message
    assert reading_followed(reading_verdicts(judged)[("videochess", "first_to_draw")]) == (
        "follows starter"
    )


def test_an_engine_that_follows_no_reading_fails_them() -> None:
    from durak_conformance.readings import judge_readings

    records = [_record(TRANSFERRER, "fail"), _record(STARTER, "fail")]
    assert [r.status for r in judge_readings(records)] == ["fail", "fail"]
    errors = [_record(TRANSFERRER, "error"), _record(STARTER, "pass")]
    assert [r.status for r in judge_readings(errors)] == ["error", "pass"]  # a crash is a crash


def test_the_rules_matrix_shows_the_other_readings_beside_the_taken_one() -> None:
    from durak_conformance.profiles import load_profile
    from durak_conformance.site.rules_matrix import build_cell, render_cell

    cell = build_cell(load_profile("videochess"), "first_to_draw")
    assert cell.value == "attacker" and [v for v, _ in cell.readings] == ["starter"]
    html = render_cell(cell, "rules-matrix/index.md")
    assert "⚠ ambiguous" in html and "or reading <b>starter</b>" in html
    assert "whoever transferred since" in html  # the reading's sentence, as its title


def test_a_known_failure_of_the_followed_reading_does_not_count_against_it() -> None:
    """The run judges readings before it applies the expectations: a scenario of the reading
    the engine follows that fails for another cause the expectations list must not make the
    other reading's failures count (durak-sockets and Durak-Engine follow out_timing=immediate
    but fail videochess.transfer.last-card-goes-out, written for it, on who attacks next)."""
    from durak_conformance.readings import judge_readings

    other_cause = _record(STARTER, "fail", "seat 2 attacks next")
    second = _record("videochess.drawing.after-transfer-starter-first", "pass")
    records = [_record(TRANSFERRER, "fail", "seat 1 drew 8H"), other_cause]
    # without the expectations both readings fail somewhere: nothing is set aside
    assert [r.status for r in judge_readings(records)] == ["fail", "fail"]
    judged = judge_readings(records, known=lambda r: r.id == STARTER)
    # the starter reading has no scenario judged now: there is no reading to follow
    assert [r.status for r in judged] == ["fail", "fail"]
    judged = judge_readings([*records, second], known=lambda r: r is other_cause)
    assert [r.status for r in judged] == ["skip", "fail", "pass"]
    assert "but those the expectations list for another cause" in judged[0].message
    # the other reading's scenario listed as a known failure is still set aside as that
    # reading's (rnixik: it follows out_timing=bout_end, and lists the immediate failure too)
    listed = _record(TRANSFERRER, "fail", "seat 1 drew 8H")
    judged = judge_readings([listed, second], known=lambda r: r is listed)
    assert [r.status for r in judged] == ["skip", "pass"]
    assert "(every scenario of it passed)" in judged[0].message
    # a crash the expectations do not list still counts
    assert [r.status for r in judge_readings(records, known=lambda r: False)] == ["fail", "fail"]


OUT_TIMING = ("videochess.end.out-*", "videochess.transfer.last-card-goes-out")
"""Two scenarios written for out_timing=immediate (the second also about who attacks after a
transferrer goes out) and one for bout_end."""


@pytest.mark.parametrize("listed", [False, True], ids=["no-expectations", "listed"])
def test_a_run_sets_aside_the_other_reading_despite_a_listed_failure_of_another_cause(
    tmp_path: Path, listed: bool
) -> None:
    """End to end, the case of durak-sockets and Durak-Engine: an engine that plays
    out_timing=immediate whatever it is sent, and has no transfer (a stand-in for their other
    cause on that scenario).  The bout_end scenario fails; so does the immediate transfer
    scenario, for its other rule.  Without expectations both failures
    stand; once the expectations list the transfer one, the bout_end failure is set aside as the
    other reading's and the run exits 0 (before the fix it failed: the readings were judged on
    the records before the expectations were applied)."""
    expectations = tmp_path / "e.yaml"
    expectations.write_text(
        "version: 1\nimplementation: reference-proxy\nentries:\n"
        "- cause: 'refused | - | seat A transfer <cards> to be accepted | refused: illegal"
        " (transfer.mode)'\n"
        "  status: xfail\n  reason: 'bug: made up for the test'\n"
        "  link: features/videochess/transfer.feature:288\n",
        "utf-8",
    )
    engine = [*PROXY, "--rule", "out_timing=immediate", "--rule", "transfer=false"]
    done = subprocess.run(
        [
            *(sys.executable, "-m", "durak_conformance", "run", "--no-progress", "--strict"),
            *("--reports", str(tmp_path), "--name", "r"),
            *(arg for pattern in OUT_TIMING for arg in ("--id", pattern)),
            *(("--expectations", str(expectations)) if listed else ()),
            *("--engine", "--", *engine),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert (tmp_path / "r.json").exists(), done.stdout + done.stderr
    records = {r.id: r for r in read_report(tmp_path / "r.json").records}
    statuses = {k: r.status for k, r in records.items()}
    if not listed:
        assert done.returncode == 1, done.stdout + done.stderr
        assert statuses == {
            "videochess.end.out-mid-bout": "pass",
            "videochess.end.out-when-the-bout-ends": "fail",
            "videochess.transfer.last-card-goes-out": "fail",
        }
        return
    assert done.returncode == 0, done.stdout + done.stderr
    assert statuses == {
        "videochess.end.out-mid-bout": "pass",
        "videochess.end.out-when-the-bout-ends": "skip",
        "videochess.transfer.last-card-goes-out": "xfail",
    }
    aside = records["videochess.end.out-when-the-bout-ends"].message
    assert aside.startswith("not judged: the engine follows reading out_timing=immediate")
    assert "but those the expectations list for another cause" in aside
