"""A run's selection: which scenarios it keeps, and which feature files it lets pytest-bdd skip.

The file filter must never leave out a file that holds a kept scenario.  That is checked
against the real collection of the whole suite (every item's file, profile, ids and tags, as
the plugin sees them) for many selections, and the filter must also really filter.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from suite_support import run_suite_with_plugin

import features
from durak_conformance.profiles import list_profiles
from durak_conformance.selection import Selection

DUMP = """
import json, os
from pytest_bdd.scenario import scenario_wrapper_template_registry as templates
from durak_conformance import plugin

def pytest_collection_finish(session):
    out = []
    for item in session.items:
        template = templates.get(getattr(item, "obj", None))
        if template is None or "durak_adapter" not in getattr(item, "fixturenames", ()):
            continue
        out.append({
            "file": template.feature.filename,
            "profile": plugin.item_profile(item),
            "ids": [str(m.args[0]) for m in item.iter_markers("scenario_id")],
            "tags": plugin.item_tags(item),
        })
    with open(os.environ["DUMP_TO"], "w", encoding="utf-8") as f:
        json.dump(out, f)
"""


@pytest.fixture(scope="module")
def collected(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """Every scenario item of the whole suite (one adapter), as the plugin sees it."""
    work = tmp_path_factory.mktemp("collect")
    out = work / "items.json"
    run_suite_with_plugin(work, "dump_items", DUMP, "--collect-only", env={"DUMP_TO": str(out)})
    items: list[dict[str, Any]] = json.loads(out.read_text(encoding="utf-8"))
    assert len(items) > 700
    return items


SELECTIONS = [
    *(Selection(profiles=(p,)) for p in list_profiles()),
    Selection(profiles=("howto-durak", "videochess")),
    Selection(ids=("compare.*",)),
    Selection(ids=("videochess.take.*",)),
    Selection(ids=("*first-bout*",)),
    Selection(ids=("prototype-build10.take.*", "howto-durak.throw-in.rank-not-on-table")),
    Selection(tags=("ambiguous",)),
    Selection(tags=("reading:*",)),
    Selection(tags=("rule:howto-durak.throw-in.*",)),
    Selection(tags=("dimension:*",)),
    Selection(profiles=("ggtables",), ids=("compare.seat-counts*",)),
    Selection(profiles=("durak-challenge",), tags=("rule:*accept*",)),
    Selection(ids=("no-such-scenario",)),
]


@pytest.mark.parametrize("selection", SELECTIONS, ids=repr)
def test_no_file_with_a_kept_scenario_is_left_out(
    collected: list[dict[str, Any]], selection: Selection
) -> None:
    needed = {
        Path(i["file"]) for i in collected if selection.keeps(i["profile"], i["ids"], i["tags"])
    }
    reached = set(selection.feature_files(features.path()))
    assert needed <= reached, sorted(str(p) for p in needed - reached)
    every = {Path(i["file"]) for i in collected}
    if selection.ids or selection.tags:
        # a narrow selection really spares the parsing of most files
        assert len(reached) < len(every) / 2, (len(reached), len(every))
    else:
        assert len(reached) < len(every)


def test_the_suite_lets_the_plugin_decide_item_by_item(collected: list[dict[str, Any]]) -> None:
    """Each kind of selection keeps some scenarios and drops others (the filter is only a
    superset of what the plugin keeps)."""
    for selection in SELECTIONS[:-1]:
        kept = [i for i in collected if selection.keeps(i["profile"], i["ids"], i["tags"])]
        assert 0 < len(kept) < len(collected), selection


def test_nothing_selected_reaches_every_file() -> None:
    assert Selection().feature_files(features.path()) == sorted(features.path().rglob("*.feature"))


PLAIN = """\
Feature: f
  @id:videochess.take.x @rule:videochess.take.when
  Scenario: s
    Given the stock is empty
"""


@pytest.mark.parametrize(
    ("text", "selection", "reached"),
    [
        (PLAIN, Selection(profiles=("videochess",)), True),
        (PLAIN, Selection(profiles=("ggtables",)), False),
        (PLAIN, Selection(ids=("videochess.*",)), True),
        (PLAIN, Selection(ids=("ggtables.*",)), False),
        (PLAIN, Selection(tags=("rule:videochess.*",)), True),
        (PLAIN, Selection(tags=("ambiguous",)), False),
        # a scenario without an id has no profile: a profile selection keeps it
        (PLAIN + "  Scenario: no id\n", Selection(profiles=("ggtables",)), True),
        # an outline with a profile column has a profile per row
        (
            PLAIN.replace("Scenario:", "Scenario Outline:")
            + "    Examples:\n      | profile  | n |\n      | ggtables | 1 |\n",
            Selection(profiles=("ggtables",)),
            True,
        ),
        (PLAIN.replace("videochess.take.x", "compare.take"), Selection(profiles=("x",)), True),
        # "Examples:" is not a scenario keyword
        (PLAIN + "    Examples:\n      | n |\n", Selection(profiles=("ggtables",)), False),
    ],
)
def test_a_file_is_left_out_only_when_nothing_in_it_can_be_kept(
    text: str, selection: Selection, reached: bool
) -> None:
    assert selection.may_reach(text) is reached


TWO_RUNS = """
import sys
from pathlib import Path
from durak_conformance.runner import RunOptions, run

for ids in (["ggtables.throw-in.*"], ["durak-challenge.accept.*"]):
    result = run(RunOptions(ids=ids, reports_dir=Path(sys.argv[1]), progress=False))
    print(ids[0], len(result.report.records), {r.profile for r in result.report.records})
"""


def test_a_second_run_in_the_same_process_reads_its_own_feature_files(tmp_path: Path) -> None:
    """The suite module chooses the feature files when it is imported; a second session in
    one process (``mutants`` without ``--jobs``) must not reuse the first one's choice."""
    done = subprocess.run(
        [sys.executable, "-c", TWO_RUNS, str(tmp_path / "reports")],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    lines = dict(line.split(" ", 1) for line in done.stdout.splitlines() if line.endswith("}"))
    assert "'ggtables'" in lines["ggtables.throw-in.*"]
    count, profiles = lines["durak-challenge.accept.*"].split(" ", 1)
    assert int(count) > 5 and profiles == "{'durak-challenge'}"
