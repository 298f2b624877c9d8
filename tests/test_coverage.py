"""Coverage that cannot miss an option: every option value and every reading is played in each
rule area it changes, or listed with its reason in features/coverage-exceptions.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

import features
from durak_conformance import coverage
from durak_conformance.profiles import ambiguous_parameters, list_profiles, load_profile
from durak_conformance.site.inventory import build_inventory


def test_every_option_value_and_reading_is_played_or_explained() -> None:
    found = coverage.cells()
    holes = [f"{c.profile} {c.value} in {c.area}" for c in coverage.holes(found)]
    assert not holes, (
        "option values or readings no scenario plays in an area they change (write a "
        "scenario, or list the cell with its reason in features/coverage-exceptions.yaml):\n"
        + "\n".join(holes)
    )
    assert not coverage.stale_exceptions(found), "exceptions for cells that are played now"


def test_every_parameter_an_option_or_a_reading_changes_has_its_rule_areas() -> None:
    missing = set()
    for pid in list_profiles():
        profile = load_profile(pid)
        for option in profile.options.values():
            for choice in option.values.values():
                missing |= {p for p in choice.sets if p not in coverage.PARAMETER_AREAS}
        missing |= {p for p in ambiguous_parameters(profile) if p not in coverage.PARAMETER_AREAS}
    assert not missing, f"place these parameters in coverage.PARAMETER_AREAS: {sorted(missing)}"


def test_a_value_whose_scenarios_are_gone_is_a_hole() -> None:
    """The check can fail: without the GGTables departures and clocks features, the
    return period of 120 seconds and the 600-second clock are no longer played."""
    root = features.path()
    sources = [
        (f.relative_to(root).as_posix(), f.read_text("utf-8"))
        for f in sorted(root.rglob("*.feature"))
        if f.name not in ("departures.feature", "clocks.feature") or f.parent.name != "ggtables"
    ]
    holes = {
        (c.profile, c.value, c.area)
        for c in coverage.holes(coverage.cells(build_inventory(sources)))
    }
    assert ("ggtables", "return_period=120", "departures") in holes
    assert ("ggtables", "time=600_0", "timers") in holes


def test_a_reading_is_played_only_by_scenarios_of_that_reading() -> None:
    cells = {(c.profile, c.value, c.area): c for c in coverage.cells()}
    starter = cells[("videochess", "first_to_draw=starter", "drawing")]
    assert starter.scenarios == (
        "videochess.drawing.after-transfer-starter-first",
        "videochess.drawing.pairs-after-transfer-starter-first",
    )
    taken = cells[("videochess", "first_to_draw=attacker", "drawing")]
    assert "videochess.drawing.after-transfer-transferrer-first" in taken.scenarios
    assert "videochess.drawing.pairs-after-transfer-transferrer-first" in taken.scenarios
    assert "videochess.drawing.after-transfer-starter-first" not in taken.scenarios
    assert "videochess.drawing.pairs-after-transfer-starter-first" not in taken.scenarios


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{profile: x}", "expected a list"),
        ("- {profile: x, value: a=b}", "entry 0: expected exactly profile, value, area, reason"),
        ('- {profile: x, value: a=b, area: deal, reason: ""}', "entry 0: every field"),
    ],
)
def test_a_malformed_exceptions_file_is_named(tmp_path: Path, text: str, message: str) -> None:
    file = tmp_path / "coverage-exceptions.yaml"
    file.write_text(text, "utf-8")
    with pytest.raises(ValueError, match=message):
        coverage.load_exceptions(file)
