"""How every command that tests an engine is told which one: one spelling everywhere.

- ``--adapter NAME``: an adapter by name (``durak-conformance adapters`` lists them; default
  ``reference``, the reference engine in process);
- ``--engine -- COMMAND [ARG ...]``: a program speaking the JSON protocol over stdio.  ``--``
  is what starts the command line: everything after it belongs to the engine, everything
  before it to durak-conformance (``--engine`` only says so out loud and may be left out).

:func:`durak_conformance.cli.main` splits the command line at the first ``--`` itself, so a
command's options can never end up in the engine's command line, nor the engine's in ours:
``run --engine durakgame --reports DIR`` is refused with a hint instead of starting a program
called ``durakgame`` with our options.
"""

from __future__ import annotations

import argparse
import shlex
from collections.abc import Sequence

from durak_conformance import limits

SEPARATOR = "--"

TIMEOUT_HELP = (
    f"seconds a stdio engine has to answer a request (default {limits.DEFAULT_TIMEOUT:g}, at "
    f"most {limits.MAX_TIMEOUT:g}); its handshake at each start waits this long too, and at "
    f"least {limits.HANDSHAKE_TIMEOUT:g}"
)
"""The help of ``--timeout``, the same for every command that talks to an engine."""


class EngineChoiceError(ValueError):
    """The engine was named in a way the command cannot read (a usage error, exit 2)."""


def add_engine_arguments(parser: argparse.ArgumentParser, adapter_help: str) -> None:
    """``--adapter NAME`` or ``[--engine] -- COMMAND ...`` on ``parser``."""
    engine = parser.add_mutually_exclusive_group()
    engine.add_argument("--adapter", metavar="NAME", help=adapter_help)
    engine.add_argument(
        "--engine",
        action="store_true",
        help="test the program whose command line follows -- (it takes no value: "
        "everything after -- is the engine's)",
    )
    parser.add_argument(
        "command", nargs=argparse.REMAINDER, help="-- COMMAND [ARG ...]: the engine program"
    )
    parser.set_defaults(takes_engine=True)


def join_engine_command(head: list[str], tail: Sequence[str]) -> list[str]:
    """The ``command`` argument after :func:`split_at_separator`: what argparse left in the
    head (stray words, an error) and then the separator and the engine's command line."""
    return [*head, SEPARATOR, *tail]


def split_at_separator(argv: Sequence[str]) -> tuple[list[str], list[str] | None]:
    """``argv`` before the first ``--`` and after it (None: there is no ``--``)."""
    items = list(argv)
    if SEPARATOR not in items:
        return items, None
    at = items.index(SEPARATOR)
    return items[:at], items[at + 1 :]


def engine_command(args: argparse.Namespace, command_name: str) -> list[str]:
    """The engine's command line ([] for an adapter), or :class:`EngineChoiceError`."""
    given = list(getattr(args, "command", None) or [])
    if SEPARATOR in given:
        at = given.index(SEPARATOR)
        stray, command = given[:at], given[at + 1 :]
    else:
        stray, command = given, []
    if stray:
        shown = shlex.join(stray)
        first = shlex.quote(stray[0])
        message = (
            f"{shown}: an engine's command line goes last, after -- (before it the options "
            f"are durak-conformance's, after it the engine's): `durak-conformance "
            f"{command_name} [OPTIONS] --engine -- {first} [ENGINE ARGS]`"
        )
        if len(stray) >= 1 and not stray[0].startswith(("-", ".", "/")):
            message += f"; for the adapter named {stray[0]}, use --adapter {stray[0]}"
        if args.engine and len(stray) == 1 and command_name == "smoke":
            message = (
                f"--engine {stray[0]}: `smoke --engine NAME` is gone (one spelling for every "
                f"command): use --adapter {stray[0]} for an adapter, or --engine -- COMMAND "
                "for a program"
            )
        raise EngineChoiceError(message)
    if args.engine and not command:
        raise EngineChoiceError(
            f"--engine needs the engine's command line after --, as in "
            f"`durak-conformance {command_name} --engine -- ./my-engine --protocol`"
        )
    if command and args.adapter:
        raise EngineChoiceError(
            f"--adapter {args.adapter} and an engine command line after --: give one of them"
        )
    return command
