"""The ``durak-conformance`` command line.

Exit codes: 0 all as expected, 1 unexpected failures or passes, 2 usage or configuration
errors, 3 the engine could not be started, 4 a run cut short by an internal error (its reports
hold what was played).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

from durak_conformance import __version__
from durak_conformance.commands import COMMAND_MODULES

EXIT_OK = 0
EXIT_FAILURES = 1
EXIT_USAGE = 2
EXIT_ENGINE = 3
EXIT_INTERNAL = 4


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
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    func: Callable[[argparse.Namespace], int] | None = getattr(args, "func", None)
    if func is None:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    return func(args)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
