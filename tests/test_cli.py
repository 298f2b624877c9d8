"""The command line as a whole: every sub-command is there, usage errors exit 2."""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from durak_conformance.cli import EXIT_ENGINE, EXIT_USAGE, build_parser, main
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


# One spelling for choosing an engine: --adapter NAME, or --engine -- COMMAND (last).


@pytest.mark.parametrize("command", ["run", "smoke", "fuzz"])
def test_a_word_after_engine_is_never_started_as_a_program(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`run --engine durakgame --reports DIR` names the adapter spelling, starts nothing and
    writes nothing (the old code started the program `durakgame --reports DIR`)."""
    extra = ["--profile", "ggtables"] if command == "fuzz" else []
    argv = [command, *extra, "--engine", "durakgame", "--reports", str(tmp_path / "r")]
    assert main(argv) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "--adapter durakgame" in err
    assert not (tmp_path / "r").exists()


def test_smoke_engine_name_is_a_clear_deprecation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["smoke", "--engine", "durakgame"]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "`smoke --engine NAME` is gone" in err and "--adapter durakgame" in err


@pytest.mark.parametrize("command", ["run", "smoke"])
def test_options_after_the_separator_are_the_engines(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Everything after `--` goes to the engine: here an engine that prints its arguments to
    stderr and exits, so the handshake fails and its stderr is shown."""
    script = tmp_path / "engine.py"
    script.write_text("import sys\nprint('ARGS', sys.argv[1:], file=sys.stderr)\n")
    reports = tmp_path / "reports"
    ours = ["--reports", str(reports)] if command == "run" else []
    code = main([command, *ours, "--engine", "--", sys.executable, str(script), "--reports", "x"])
    assert code == EXIT_ENGINE
    out = capsys.readouterr()
    assert "ARGS ['--reports', 'x']" in out.out + out.err
    assert "exit status 0" in out.out + out.err  # an engine that exits at once: its status


def test_adapter_and_command_together_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["run", "--adapter", "reference", "--", "true"]) == EXIT_USAGE
    assert "give one of them" in capsys.readouterr().err


def test_engine_without_a_command_says_how(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["smoke", "--engine"]) == EXIT_USAGE
    assert "--engine -- ./my-engine" in capsys.readouterr().err
    assert main(["smoke"]) == EXIT_USAGE
    assert "--adapter NAME" in capsys.readouterr().err


def test_unknown_option_shows_the_commands_usage(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["run", "--no-such-option"])
    assert exit_info.value.code == EXIT_USAGE
    err = capsys.readouterr().err
    assert err.startswith("usage: durak-conformance run ")
    assert "unrecognized arguments: --no-such-option" in err


def test_smoke_unknown_profile_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["smoke", "--profile", "nosuch", "--engine", "--", "true"]) == EXIT_USAGE
    assert "no such profile" in capsys.readouterr().err


def test_a_closed_pipe_ends_quietly() -> None:
    """`durak-conformance rules list | head -1`: no BrokenPipeError traceback."""
    done = subprocess.run(
        f"{shlex.quote(sys.executable)} -m durak_conformance rules list | head -n 1",
        shell=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stdout.count("\n") == 1
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr, done.stderr


def test_timeout_covers_the_handshake() -> None:
    from adapters.stdio import StdioAdapter
    from durak_conformance import limits

    slow = StdioAdapter(["true"], checker=None, timeout=120.0)
    assert slow.start_timeout == 120.0
    quick = StdioAdapter(["true"], checker=None, timeout=1.0)
    assert quick.start_timeout == limits.HANDSHAKE_TIMEOUT
