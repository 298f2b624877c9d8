"""The ``durak-conformance rules`` sub-command: output formats and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

import rulesets
from durak_conformance.cli import main
from reference_engine.rules import Rules


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["rules", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_list_prints_every_profile_with_its_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list")
    assert code == 0
    lines = out.splitlines()
    assert [line.split("\t")[0] for line in lines] == [
        "durak-challenge",
        "ggtables",
        "howto-durak",
        "prototype-build10",
        "videochess",
    ]
    assert "deck: 24|36|52 (default 36)" in out


def test_show_json_is_the_resolved_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "howto-durak", "--option", "deck=24", "--format", "json")
    assert code == 0
    data = json.loads(out)
    assert data["profile"] == "howto-durak"
    assert data["options"]["deck"] == "24"
    assert data["rules"]["deck_size"] == 24 and data["rules"]["max_seats"] == 4
    assert data["provenance"]["max_seats"]["option"] == "deck=24"
    assert data["provenance"]["first_bout_cap"]["provenance"] == "stated"
    assert Rules.from_mapping(data["rules"]).deck_size == 24


def test_show_yaml_with_clauses(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "show", "ggtables", "--format", "yaml", "--clauses", "-o", "players=2"
    )
    assert code == 0
    data = yaml.safe_load(out)
    assert data["rules"]["min_seats"] == data["rules"]["max_seats"] == 2
    assert "ggtables.throw-in.order" in {c["id"] for c in data["clauses"]}


def test_show_table_lists_parameters_with_provenance(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "videochess", "-o", "rules=transfer")
    assert code == 0
    assert "videochess" in out and "rules=transfer" in out
    row = next(line for line in out.splitlines() if " transferrer_throws_first " in line)
    assert "true" in row and "stated" in row
    assert "§ Durak: rules" in out


def test_show_by_path(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "show", str(rulesets.path("prototype-build10.yaml")), "--format", "json"
    )
    assert code == 0
    assert json.loads(out)["rules"]["take_ends_bout"] is True


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["show", "chess"], "chess: unknown profile"),
        (["show", "videochess", "-o", "speed=fast"], "unknown option 'speed'"),
        (["show", "howto-durak", "-o", "deck=30"], "options.deck: '30' is not a value"),
        (["show", "howto-durak", "-o", "deck"], "expected KEY=VALUE"),
        (["show", "howto-durak", "-o", "deck=24", "-o", "deck=36"], "given twice"),
    ],
)
def test_show_errors_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert message in err


def test_check_all_bundled_files(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check")
    assert code == 0, err
    assert len(out.splitlines()) == 6
    assert "base.yaml\t(base)" in out


def test_check_a_broken_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = yaml.safe_load(rulesets.path("videochess.yaml").read_text("utf-8"))
    data["parameters"]["bout_cap"]["value"] = "six"
    bad = tmp_path / "videochess.yaml"
    bad.write_text(yaml.safe_dump(data), "utf-8")
    code, out, err = run(capsys, "check", str(rulesets.path("ggtables.yaml")), str(bad))
    assert code == 2
    assert "ggtables.yaml" in out
    assert "videochess.yaml: parameters.bout_cap.value: expected integer" in err


def test_rules_without_action_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys)
    assert code == 2
    assert "show" in err
