"""The one interface the harness uses to talk to an engine.

Every adapter speaks in protocol terms: requests and replies are the JSON objects of the
JSON action protocol (v1), as Python dicts.  The in-process adapter builds those dicts
straight from the reference engine without encoding text; the stdio adapter sends them as
JSON lines to another program.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

JSON = dict[str, Any]


@dataclass(frozen=True)
class Implementation:
    """What an engine says about itself in the handshake."""

    name: str
    version: str
    language: str
    homepage: str
    protocol: str
    profiles: tuple[str, ...]
    capabilities: frozenset[str]
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> JSON:
        return {
            "name": self.name,
            "version": self.version,
            "language": self.language,
            "homepage": self.homepage,
            "protocol": self.protocol,
            "profiles": list(self.profiles),
            "capabilities": sorted(self.capabilities),
            **dict(self.extra),
        }


@dataclass(frozen=True)
class ActResult:
    """The reply to ``act``: accepted with the new state and events, or refused with an error.

    ``error`` is the protocol error object (``code``, ``message`` and, for ``illegal``, the
    ``clause``) when ``ok`` is false.
    """

    ok: bool
    state: JSON | None
    events: tuple[JSON, ...] = ()
    error: JSON | None = None


class EngineFailure(Exception):
    """The engine crashed, hung, or answered with something that is not a valid reply.

    The message is written for the engine's author: what went wrong and where.
    """


class UnsupportedByEngine(Exception):
    """The engine answered ``unsupported``: the scenario is skipped, not failed."""


class Adapter(abc.ABC):
    """Turns protocol requests into calls on one engine.

    Methods raise :class:`EngineFailure` when the engine misbehaves and
    :class:`UnsupportedByEngine` when it declines a rule, option or capability.  Errors the
    rules call for (an illegal action) are *replies*, not exceptions: see :class:`ActResult`.
    """

    name: str = "adapter"

    @abc.abstractmethod
    def hello(self) -> Implementation:
        """Perform (or return the cached result of) the handshake."""

    @abc.abstractmethod
    def start(
        self,
        game: str,
        *,
        profile: str,
        options: Mapping[str, Any],
        rules: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        seed: int = 0,
        deck: Sequence[str] | None = None,
        position: Mapping[str, Any] | None = None,
    ) -> JSON:
        """Start a game from a stacked ``deck`` or a ``position``; returns the state."""

    @abc.abstractmethod
    def act(self, game: str, seat: int, action: Mapping[str, Any]) -> ActResult:
        """Ask ``seat`` to take ``action``."""

    @abc.abstractmethod
    def legal(self, game: str, seat: int) -> list[JSON]:
        """Every legal action for ``seat`` now (capability ``legal``)."""

    @abc.abstractmethod
    def state(self, game: str) -> JSON:
        """The full state of ``game``."""

    def clock(self, game: str, seconds: float) -> ActResult:
        """Let ``seconds`` of virtual time pass (capability ``clock``)."""
        raise UnsupportedByEngine(f"{self.name}: the clock capability is not available")

    @abc.abstractmethod
    def end(self, game: str) -> None:
        """Drop ``game``."""

    def close(self) -> None:
        """Release the engine (``bye`` for a subprocess)."""

    def __enter__(self) -> Adapter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
