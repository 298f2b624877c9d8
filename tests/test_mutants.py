"""The mutant zoo and the mutants command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adapters.mutants import MUTANTS, MutantAdapter, get, names
from adapters.registry import UnknownAdapter, create
from durak_conformance.cli import main


def test_the_zoo_is_large_named_uniquely_and_spread_over_every_profile() -> None:
    assert len(MUTANTS) >= 25
    assert len(set(names())) == len(MUTANTS)
    covered = {p for m in MUTANTS for p in m.profiles}
    assert covered == {
        "videochess",
        "durak-challenge",
        "howto-durak",
        "ggtables",
        "prototype-build10",
    }
    for mutant in MUTANTS:
        assert mutant.target.profile in mutant.profiles, mutant.name
        assert mutant.description and mutant.clauses


def test_a_mutant_is_an_adapter_by_name_and_says_who_it_is() -> None:
    adapter = create("mutant:seventh-attack-card")
    assert isinstance(adapter, MutantAdapter)
    hello = adapter.hello()
    assert hello.name == "durak-conformance-mutant-seventh-attack-card"
    assert hello.extra["mutant"] == get("seventh-attack-card").description
    with pytest.raises(UnknownAdapter, match="known mutants"):
        create("mutant:nope")


def test_mutants_command_runs_the_suite_and_writes_the_result(tmp_path: Path) -> None:
    out = tmp_path / "mutants.json"
    code = main(
        [
            "mutants",
            "--mutant",
            "rounds-ignored",
            "--mutant",
            "no-accept-anyway",
            "--id",
            "ggtables.throw-in.*",
            "--id",
            "durak-challenge.accept.*",
            "--fuzz-games",
            "5",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert [m["name"] for m in data["mutants"]] == ["rounds-ignored", "no-accept-anyway"]
    for entry in data["mutants"]:
        assert entry["killed"] and not entry["survived"]
        assert entry["killed_by"]
        assert all(i.split(".")[0] in entry["profiles"] for i in entry["killed_by"])
        assert entry["fuzz"]["diverged"]
    assert data["totals"] == {
        "mutants": 2,
        "killed": 2,
        "survived": 0,
        "explained": 0,
        "kill_rate": 1.0,
    }


def test_mutants_command_refuses_unknown_names(tmp_path: Path) -> None:
    assert main(["mutants", "--mutant", "nope", "--out", str(tmp_path / "m.json")]) == 2
    assert not (tmp_path / "m.json").exists()
