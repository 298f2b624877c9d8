"""Factories for the ``durak_conformance.adapters`` entry-point group.

Each third-party engine runs as its own wrapper program over stdio, so an engine's crash or
hang stays out of the harness and is reported like any other engine's.
"""

from __future__ import annotations

import sys

from adapters.base import Adapter
from adapters.registry import AdapterOptions, from_command

DURAKGAME_COMMAND = (sys.executable, "-m", "adapters.thirdparty.durakgame_engine")
"""The wrapper program around durakgame (PyPI ``durakgame``)."""


def durakgame(options: AdapterOptions) -> Adapter:
    """durakgame 1.0.4 through :mod:`adapters.thirdparty.durakgame_engine`."""
    return from_command(DURAKGAME_COMMAND, options, name="durakgame")
