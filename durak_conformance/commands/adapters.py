"""``durak-conformance adapters``: the adapters that can be chosen by name."""

from __future__ import annotations

import argparse
from typing import Any

from adapters.registry import available


def register(subparsers: Any) -> None:
    """Add the ``adapters`` sub-command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "adapters",
        help="list the adapters that can be chosen by name",
        description="List the adapters registered by name (built in, or added by installed "
        "packages through the 'durak_conformance.adapters' entry-point group). Any other "
        "engine is run by its command line: durak-conformance run --engine -- COMMAND ...",
    )
    parser.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Print one adapter per line: its name and where its factory lives."""
    for name, target in available().items():
        print(f"{name:20} {target}")
    return 0
