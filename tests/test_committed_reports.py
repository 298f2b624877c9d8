"""The committed (published) reports are not stale: they were written by the current suite.

``reports/*.json`` feed the site's conformance matrix.  When a change adds, removes or moves
a scenario, or changes its clauses, or the report format's ordering, these reports must be
regenerated in the same change (``durak-conformance run --reports reports``, and for
durakgame the command in its header): this test fails until they are.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import durak_conformance
import features
from durak_conformance.reports import read_report
from durak_conformance.site.inventory import load_inventory

ROOT = Path(__file__).resolve().parent.parent
PUBLISHED = sorted(p for p in (ROOT / "reports").glob("*.json") if p.name != "mutants.json")
REGENERATE = "regenerate it: durak-conformance run --reports reports (see its header's command)"


@pytest.mark.parametrize("path", PUBLISHED, ids=[p.stem for p in PUBLISHED])
def test_a_published_report_matches_the_current_suite(path: Path) -> None:
    report = read_report(path)
    assert report.complete, f"{path.name} is incomplete: {REGENERATE}"
    assert report.header.suite_version == durak_conformance.SUITE_VERSION, REGENERATE
    scenarios = {
        s.id: s
        for feature in load_inventory(features.path()).features
        for s in feature.scenarios
        if s.id is not None
    }
    played = {re.sub(r"\[.*\]$", "", r.id) for r in report.records}
    assert played == set(scenarios), (
        f"{path.name}: scenarios added {sorted(set(scenarios) - played)[:5]}, removed "
        f"{sorted(played - set(scenarios))[:5]}: {REGENERATE}"
    )
    pickles = sum(s.pickles for s in scenarios.values())
    assert len(report.records) == pickles, f"{path.name}: {REGENERATE}"
    for record in report.records:
        scenario = scenarios[re.sub(r"\[.*\]$", "", record.id)]
        where = f"{path.name}: {record.id}"
        assert record.feature_file == f"features/{scenario.feature}", f"{where}: {REGENERATE}"
        assert record.line == scenario.line, f"{where} moved: {REGENERATE}"
        assert record.clauses == sorted(set(scenario.rules)), f"{where}: {REGENERATE}"


def test_there_are_published_reports() -> None:
    assert {p.stem for p in PUBLISHED} >= {"reference", "durakgame"}
