"""The ``durak-conformance`` command line.

Exit codes: 0 all as expected, 1 unexpected failures or passes, 2 usage or configuration
errors, 3 the engine could not be started, 4 a run cut short by an internal error (what was
played is kept in ``<reports>/incomplete/``), 128 + N stopped by signal N (130 Ctrl-C,
143 SIGTERM; 141 when the reader of the output went away, as in ``rules list | head``,
which ends quietly).

:func:`entry` is the program (``durak-conformance``, ``python -m durak_conformance``): it
handles the stop signals, makes the process a child subreaper, and when the command ends
kills whatever is still running below it (an engine's helper, a worker that did not stop).
:func:`main` is the command line without those process-wide effects, for tests and callers.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import re
import sys
from collections.abc import Callable, Sequence

from durak_conformance import __version__
from durak_conformance.commands import COMMAND_MODULES
from durak_conformance.commands.engine_choice import join_engine_command, split_at_separator

EXIT_OK = 0
EXIT_FAILURES = 1
EXIT_USAGE = 2
EXIT_ENGINE = 3
EXIT_INTERNAL = 4
EXIT_BROKEN_PIPE = 128 + 13
"""The reader of our output went away (SIGPIPE's number, as a shell reports it)."""


def _quiet_stdout() -> None:
    """Point stdout at /dev/null so flushing it at exit raises nothing more."""
    import os

    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every available sub-command registered."""
    parser = argparse.ArgumentParser(
        prog="durak-conformance",
        description="Check Durak engines against the published rules of five Durak systems.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(f"durak_conformance.commands.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"durak_conformance.commands.{name}":
                continue  # sub-command not built yet
            raise
        module.register(subparsers)
    for command in subparsers.choices.values():
        # Errors about a command's options show that command's usage, not the top level's.
        command.set_defaults(command_parser=command)
        # Descriptions often come from docstrings: no reST markup in a terminal.
        command.description = plain_text(command.description)
        command.epilog = plain_text(command.epilog)
        for action in command._actions:
            if isinstance(action.help, str):
                action.help = plain_text(action.help)
    for choice in subparsers._choices_actions:
        choice.help = plain_text(choice.help)
    return parser


_ROLE = re.compile(r":(?:py:)?(?:func|meth|class|mod|data|attr|exc):`~?([^`]+)`")
_LITERAL = re.compile(r"``([^`]+)``")


def plain_text(text: str | None) -> str | None:
    """``text`` with reST markup made plain: ``literal`` and :role:`name` become `name`."""
    if text is None:
        return None
    return _LITERAL.sub(r"`\1`", _ROLE.sub(r"`\1`", text))


def parse(parser: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.Namespace:
    """Parse ``argv``; for a command that tests an engine, what follows the first ``--`` is
    the engine's command line and nothing before it is (see :mod:`.commands.engine_choice`).

    Exits 2 with the command's own usage for an option it does not know.
    """
    head, tail = split_at_separator(argv)
    args, extras = parser.parse_known_args(head if tail is not None else argv)
    if tail is not None and not getattr(args, "takes_engine", False):
        args, extras = parser.parse_known_args(argv)  # `--` means what argparse says it means
    elif tail is not None:
        args.command = join_engine_command(list(args.command or []), tail)
    if extras:
        owner: argparse.ArgumentParser = getattr(args, "command_parser", parser)
        owner.error(f"unrecognized arguments: {' '.join(extras)} (see {owner.prog} --help)")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parse(parser, list(sys.argv[1:] if argv is None else argv))
    func: Callable[[argparse.Namespace], int] | None = getattr(args, "func", None)
    if func is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    return func(args)


def entry(argv: Sequence[str] | None = None) -> int:
    """Run the command line as the program: signals, orphans and leftovers handled.

    Returns the exit code (``128 + N`` when stopped by signal N).
    """
    from adapters import processes, stdio
    from durak_conformance import interrupts

    processes.adopt_orphans()
    code = EXIT_USAGE
    try:
        with interrupts.handled():
            try:
                code = main(argv)
            except BrokenPipeError:
                # `durak-conformance rules list | head`: the reader has all it wanted.
                _quiet_stdout()
                code = EXIT_BROKEN_PIPE
            except KeyboardInterrupt:
                code = interrupts.exit_code()
                print(f"durak-conformance: stopped by {interrupts.describe()}", file=sys.stderr)
            finally:
                stdio.kill_all()
                processes.reap_descendants()
    except KeyboardInterrupt:  # a signal between the handlers and the clean-up
        code = interrupts.exit_code()
    if interrupts.received() is not None and code in (EXIT_OK, EXIT_FAILURES):
        code = interrupts.exit_code()  # never report a stopped command as a result
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(entry())
