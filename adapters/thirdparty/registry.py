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


def wrapper_command(package: str) -> tuple[str, ...]:
    """The command line of the wrapper program ``python -m adapters.thirdparty.<package>``.

    Each of these wrappers finds its engine's checkout through its own environment variable
    (``DURAK_<NAME>_CHECKOUT``, inherited by the wrapper process); without it the wrapper
    exits before the handshake and says which variable to set.
    """
    return (sys.executable, "-m", f"adapters.thirdparty.{package}")


def cardsharp(options: AdapterOptions) -> Adapter:
    """cardsharp's Durak from the checkout at ``$DURAK_CARDSHARP_CHECKOUT``."""
    return from_command(wrapper_command("cardsharp"), options, name="cardsharp")


def pertsov(options: AdapterOptions) -> Adapter:
    """maximpertsov/durak-sockets' engine from the checkout at ``$DURAK_PERTSOV_CHECKOUT``."""
    return from_command(wrapper_command("pertsov"), options, name="pertsov")


def feds01(options: AdapterOptions) -> Adapter:
    """feds01/Durak-Engine (TypeScript) from the built checkout at ``$DURAK_FEDS01_CHECKOUT``."""
    return from_command(wrapper_command("feds01"), options, name="feds01")


def rnixik(options: AdapterOptions) -> Adapter:
    """rnixik/durak (Go) from ``$DURAK_RNIXIK_CHECKOUT`` and the driver built with it."""
    return from_command(wrapper_command("rnixik"), options, name="rnixik")


def lennertcl(options: AdapterOptions) -> Adapter:
    """lennertcl/durak's game from the checkout at ``$DURAK_LENNERTCL_CHECKOUT``."""
    return from_command(wrapper_command("lennertcl"), options, name="lennertcl")


def tirinox(options: AdapterOptions) -> Adapter:
    """tirinox/durakmq's game from the checkout at ``$DURAK_TIRINOX_CHECKOUT``."""
    return from_command(wrapper_command("tirinox"), options, name="tirinox")
