"""The command line as a whole: every sub-command is there, usage errors exit 2."""

from __future__ import annotations

import pytest

from durak_conformance.cli import EXIT_USAGE, build_parser, main
from durak_conformance.commands import COMMAND_MODULES


def test_every_listed_command_is_registered() -> None:
    parser = build_parser()
    actions = [a for a in parser._actions if a.dest == "command"]
    registered = set(actions[0].choices or {})
    assert set(COMMAND_MODULES) <= registered


def test_no_command_prints_help_and_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == EXIT_USAGE
    assert "run" in capsys.readouterr().err


def test_adapters_lists_the_built_in_adapters(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["adapters"]) == 0
    names = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert {"reference", "reference-stdio"} <= set(names)
