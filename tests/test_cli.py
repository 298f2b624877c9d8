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


# Numbers mean the same everywhere: --jobs 0 is every core, a negative count is refused.


@pytest.mark.parametrize(
    "argv",
    [
        ["play", "howto-durak", "--games", "0"],
        ["play", "howto-durak", "--games", "-3"],
        ["run", "--jobs", "-1"],
        ["fuzz", "--profile", "ggtables", "--jobs", "-2"],
        ["mutants", "--jobs", "-1"],
        ["mutants", "--fuzz-games", "-1"],
        ["run", "--max-fail", "-1"],
    ],
)
def test_bad_counts_are_refused_with_the_commands_usage(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == EXIT_USAGE
    err = capsys.readouterr().err
    assert err.startswith(f"usage: durak-conformance {argv[0]} ")
    assert "argument" in err and argv[-1] in err


@pytest.mark.parametrize("command", ["run", "fuzz", "mutants"])
def test_jobs_zero_is_every_core(command: str) -> None:
    import os

    extra = ["--profile", "ggtables"] if command == "fuzz" else []
    args = build_parser().parse_args([command, *extra, "--jobs", "0"])
    assert args.jobs == (os.cpu_count() or 1)


def test_partial_mutants_run_never_replaces_the_full_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`mutants --mutant X --id ...` writes a result marked partial, apart from the full one,
    and counts its progress; pointed at a full result, it refuses and leaves it alone."""
    import json

    monkeypatch.chdir(tmp_path)
    full = tmp_path / "reports" / "mutants.json"
    full.parent.mkdir()
    full.write_text(json.dumps({"version": 1, "totals": {}, "mutants": []}) + "\n")
    before = full.read_bytes()
    quick = ["mutants", "--mutant", "seventh-attack-card", "--id", "prototype-build10.take.*"]
    assert main([*quick, "--out", str(full)]) == EXIT_USAGE
    assert "never replaces it" in capsys.readouterr().err
    assert full.read_bytes() == before
    main(quick)
    out = capsys.readouterr().out
    assert "[1 of 1]" in out and "PARTIAL" in out
    partial = json.loads((tmp_path / "conformance-reports" / "mutants-partial.json").read_text())
    assert partial["partial"] is True
    assert partial["selection"]["ids"] == ["prototype-build10.take.*"]
    assert [m["name"] for m in partial["mutants"]] == ["seventh-attack-card"]
    assert full.read_bytes() == before


@pytest.mark.parametrize("command", sorted(COMMAND_MODULES))
def test_help_texts_have_no_rest_markup(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = capsys.readouterr().out
    assert text.startswith(f"usage: durak-conformance {command}")
    assert "``" not in text and ":func:" not in text and ":data:" not in text


@pytest.mark.parametrize("attempt", range(6))
@pytest.mark.parametrize(("engine", "status"), [(["false"], 1), (["sh", "-c", "exit 7"], 7)])
def test_an_engine_that_exits_at_once_is_named_with_its_exit_status(
    engine: list[str],
    status: int,
    attempt: int,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Whatever the timing (the exit can race the handshake's write), the message names the
    exit status, never 'output nobody asked for'."""
    reports = tmp_path / "reports"
    assert main(["run", "--no-progress", "--reports", str(reports), "--engine", "--", *engine]) == 3
    err = capsys.readouterr().err
    assert f"exit status {status}" in err and "nobody asked for" not in err
    assert not reports.exists()


def test_site_serve_prints_its_address(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import mkdocs.commands.serve

    served: dict[str, object] = {}

    def fake_serve(**kwargs: object) -> None:
        served.update(kwargs)

    monkeypatch.setattr(mkdocs.commands.serve, "serve", fake_serve)
    assert main(["site", "--serve", "--dev-addr", "127.0.0.1:8765"]) == 0
    assert "http://127.0.0.1:8765/" in capsys.readouterr().out
    assert served["dev_addr"] == "127.0.0.1:8765"
