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
