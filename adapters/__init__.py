"""Adapters: how the harness talks to an engine (in process, or a program over stdio).

See :mod:`adapters.base` for the interface and :mod:`adapters.registry` for finding one by
name or by command line.
"""

from __future__ import annotations

from adapters.base import (
    PROTOCOL_VERSION,
    ActResult,
    Adapter,
    EngineFailure,
    EngineStartFailure,
    Implementation,
    RequestRefused,
    UnsupportedByEngine,
)

__all__ = [
    "PROTOCOL_VERSION",
    "ActResult",
    "Adapter",
    "EngineFailure",
    "EngineStartFailure",
    "Implementation",
    "RequestRefused",
    "UnsupportedByEngine",
]
