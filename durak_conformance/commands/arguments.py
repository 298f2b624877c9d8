"""Argument types shared by the sub-commands, so a number means the same everywhere.

- :func:`jobs`: ``--jobs N`` of ``run``, ``fuzz`` and ``mutants``: a count of processes, 0
  for every core of the machine, a negative number refused;
- :func:`count`: a number of things to do (``play --games``), at least 1;
- :func:`at_least_zero`: a number where 0 means none (``--fuzz-games``, ``--max-fail``).

Each raises :class:`argparse.ArgumentTypeError`, so argparse prints the command's usage and
exits 2 with the option named.
"""

from __future__ import annotations

import argparse
import os


def _integer(text: str) -> int:
    try:
        return int(text, 10)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def jobs(text: str) -> int:
    """Processes to use: a positive number, or 0 for every core (``os.cpu_count()``)."""
    value = _integer(text)
    if value < 0:
        raise argparse.ArgumentTypeError(
            f"{value}: a number of processes is 1 or more, or 0 for every core"
        )
    return value or (os.cpu_count() or 1)


def count(text: str) -> int:
    """A number of things to do: 1 or more."""
    value = _integer(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value}: must be 1 or more")
    return value


def at_least_zero(text: str) -> int:
    """A number where 0 means none: 0 or more."""
    value = _integer(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value}: must be 0 or more")
    return value
