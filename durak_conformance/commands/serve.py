"""``durak-conformance serve``: the reference engine on stdin/stdout (protocol v1)."""

from __future__ import annotations

import argparse
import logging
import sys
from typing import Any

from durak_conformance.limits import REQUEST_BYTES


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add the ``serve`` sub-command."""
    parser = subparsers.add_parser(
        "serve",
        help="serve the reference engine over stdin/stdout (JSON action protocol v1)",
        description=(
            "Read protocol requests (one JSON object per line) on stdin and answer each on "
            "stdout with the reference engine. Logs go to stderr. Ends on 'bye' or end of input."
        ),
    )
    parser.add_argument(
        "--max-line",
        type=int,
        default=REQUEST_BYTES,
        metavar="BYTES",
        help=f"longest request line accepted (default {REQUEST_BYTES})",
    )
    parser.add_argument(
        "--mutant",
        metavar="NAME",
        help="serve a mutant of the reference engine (one rule bug; see "
        "`durak-conformance mutants --list`) instead of the reference engine",
    )
    parser.add_argument(
        "--log-level",
        default="WARNING",
        choices=["DEBUG", "INFO", "WARNING", "ERROR"],
        help="what to log on stderr (default WARNING)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Serve until ``bye`` or end of input."""
    from durak_conformance.server import Server

    logging.basicConfig(stream=sys.stderr, level=args.log_level, format="serve: %(message)s")
    if args.max_line < 64:
        print("serve: --max-line must be at least 64 bytes", file=sys.stderr)
        return 2
    engine = None
    if args.mutant:
        from adapters.mutants import MutantEngine, UnknownMutant, get

        try:
            engine = MutantEngine(get(args.mutant))
        except UnknownMutant as exc:
            print(f"serve: --mutant: {exc}", file=sys.stderr)
            return 2
    return Server(engine, max_line=args.max_line).serve(sys.stdin.buffer, sys.stdout.buffer)
