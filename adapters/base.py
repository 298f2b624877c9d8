"""The one interface the harness uses to talk to an engine.

Every adapter speaks in protocol terms: requests and replies are the JSON objects of the
JSON action protocol (v1), as Python dicts.  The in-process adapter builds those dicts
straight from the reference engine without encoding text; the stdio adapter sends them as
JSON lines to another program.
"""

from __future__ import annotations

import abc
import json
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

# The limits module imports nothing of the project: the one import from the harness package
# that the adapters make (every bound lives in one place).
from durak_conformance import limits

JSON = dict[str, Any]

PROTOCOL_VERSION = "1"
"""Version of the JSON action protocol spoken by the adapters (re-exported by
``durak_conformance.protocol``, which holds the schemas)."""

MAX_LINE_BYTES = limits.LINE_BYTES
"""Longest protocol line (newline excluded) either side accepts."""

START_CAPABILITIES = ("deck", "position", "deal")
"""How a game may start: from a stacked ``deck``, from a ``position`` between bouts, or
dealt by the engine itself (``deal``: a ``start`` with neither)."""


def start_modes(capabilities: Iterable[str]) -> frozenset[str]:
    """The ways an engine claiming ``capabilities`` can start a game.

    The start capabilities it claims; an engine that claims none of them is taken to accept
    a stacked deck, as every engine had to before these capabilities existed.
    """
    claimed = frozenset(c for c in capabilities if c in START_CAPABILITIES)
    return claimed or frozenset({"deck"})


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

    @property
    def start_modes(self) -> frozenset[str]:
        """``deck``, ``position`` and/or ``deal``: see :func:`start_modes`."""
        return start_modes(self.capabilities)

    @property
    def one_to_move(self) -> bool:
        """The engine has one player to move at a time (capability ``turn``)."""
        return "turn" in self.capabilities

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


def hello_problem(impl: Implementation) -> str | None:
    """What in a handshake is beyond :mod:`durak_conformance.limits`, or None.

    A handshake is data the harness stores and shows (never a file name: see
    ``durak_conformance.reports.naming``), so only its size is bounded.
    """
    texts = (
        ("name", impl.name, limits.HELLO_TEXT_CHARS),
        ("version", impl.version, limits.HELLO_TEXT_CHARS),
        ("language", impl.language, limits.HELLO_TEXT_CHARS),
        ("protocol", impl.protocol, limits.HELLO_TEXT_CHARS),
        ("homepage", impl.homepage, limits.HELLO_URL_CHARS),
    )
    for key, text, most in texts:
        if len(text) > most:
            return f"{key} has {len(text):,} characters (at most {most:,})"
    if not impl.name.strip():
        return "name is empty"
    issues = impl.extra.get("issues")
    if isinstance(issues, str) and len(issues) > limits.HELLO_URL_CHARS:
        return f"issues has {len(issues):,} characters (at most {limits.HELLO_URL_CHARS:,})"
    for key, names in (("profiles", impl.profiles), ("capabilities", sorted(impl.capabilities))):
        if len(names) > limits.HELLO_LIST_ITEMS:
            return f"{key} lists {len(names):,} names (at most {limits.HELLO_LIST_ITEMS})"
        for name in names:
            if len(name) > limits.HELLO_ID_CHARS:
                shown = limits.printable(limits.clip(name, 40), newlines=False)
                return (
                    f"{key} holds a name of {len(name):,} characters ({shown!r}; at most "
                    f"{limits.HELLO_ID_CHARS})"
                )
    extra = len(json.dumps(dict(impl.extra), ensure_ascii=True))
    if extra > limits.HELLO_EXTRA_BYTES:
        return f"the extra fields take {extra:,} bytes (at most {limits.HELLO_EXTRA_BYTES:,})"
    return None


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


@dataclass(frozen=True)
class Call:
    """One request of a :meth:`Adapter.pipeline` batch: ``seat`` plays ``action`` (``act``),
    or lists its legal actions (``legal``, when ``action`` is None)."""

    seat: int
    action: Mapping[str, Any] | None = None
    expect: Mapping[str, Any] | None = field(default=None, compare=False)
    """Reply fields the caller expects (``state``, ``events``), each a value known to meet
    its schema (the fuzzer's reference engine gave it).  A hint, never sent: an adapter
    that checks replies against the schemas need not check again a field that holds the
    same JSON, type for type (the verdict is the same; see
    :func:`durak_conformance.protocol.response_problem`)."""


@dataclass(frozen=True)
class StartCall:
    """The start of the game, as the first request of a :meth:`Adapter.pipeline` batch.

    ``arguments`` are the keyword arguments of :meth:`Adapter.start` (``game`` is the
    batch's); the answer is a :class:`Started`.  A batch that begins with its start saves a
    round trip per game: the engine deals while the caller plans the first moves."""

    arguments: Mapping[str, Any]


@dataclass(frozen=True)
class Started:
    """The answer to a :class:`StartCall`: the state the game starts in."""

    state: JSON


Answer = ActResult | list[JSON] | Started
"""The answer to a :class:`Call` (an :class:`ActResult`, or the list of legal actions) or
to a :class:`StartCall` (a :class:`Started`)."""


class EngineFailure(Exception):
    """The engine crashed, hung, or answered with something that is not a valid reply.

    The message is written for the engine's author: what went wrong and where.
    """


class EngineStartFailure(EngineFailure):
    """The engine could not be started or failed its handshake."""


class StartRefused(EngineFailure):
    """The engine refused to start a game (``illegal`` or ``malformed``): for scenarios that
    expect a table to be refused.  ``error`` is the protocol error object (with the
    ``clause`` for an ``illegal`` refusal)."""

    def __init__(self, message: str, error: Mapping[str, Any]) -> None:
        super().__init__(message)
        self.error = dict(error)


class UnsupportedByEngine(Exception):
    """The engine answered ``unsupported``, or does not claim what a request needs: the
    scenario is skipped, not failed."""


class RequestRefused(Exception):
    """A request refused with a protocol error (``code``, ``message``, ``clause``).

    Raised inside engines that speak the protocol (the reference engine's dispatcher) and
    turned into an ``ok: false`` reply; :meth:`to_json` gives the protocol error object.
    """

    def __init__(self, code: str, message: str, clause: str | None = None) -> None:
        super().__init__(f"{code}: {message}" + (f" [{clause}]" if clause else ""))
        self.code = code
        self.message = message
        self.clause = clause

    def to_json(self) -> JSON:
        error: JSON = {"code": self.code, "message": self.message}
        if self.clause is not None:
            error["clause"] = self.clause
        return error


class Adapter(abc.ABC):
    """Turns protocol requests into calls on one engine.

    Methods raise :class:`EngineFailure` when the engine misbehaves and
    :class:`UnsupportedByEngine` when it declines a rule, option or capability.  Errors the
    rules call for (an illegal action) are *replies*, not exceptions: see :class:`ActResult`.
    """

    name: str = "adapter"

    idle: Callable[[], bool] | None = None
    """Work the caller can do while the adapter waits for the engine's output (the fuzzer
    plans its next game): called before each wait while no reply is in, one small piece at
    a time; it returns whether it did something, and once it returns False the adapter
    waits as usual.  Adapters that never wait (in process) do not call it."""

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
        lobby: Mapping[str, Any] | None = None,
    ) -> JSON:
        """Start a game from a stacked ``deck`` or a ``position``, or with neither from the
        engine's own deal (capability ``deal``); returns the state.

        ``lobby`` (capability ``table``) starts it through the table's rules: ``ready`` lists
        the seats that pressed ready, ``chosen_by`` the seat that set the options.
        """

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

    def next_game(
        self,
        game: str,
        *,
        deck: Sequence[str] | None = None,
        position: Mapping[str, Any] | None = None,
    ) -> JSON:
        """Deal the next game of the match at the same table (capability ``match``)."""
        raise UnsupportedByEngine(f"{self.name}: the match capability is not available")

    @abc.abstractmethod
    def end(self, game: str) -> None:
        """Drop ``game``."""

    def end_soon(self, game: str) -> None:
        """Drop ``game`` when the caller needs no answer: an adapter may send the request
        and read the reply later (the stdio adapter does, to an engine that pipelines).
        This default is :meth:`end`."""
        self.end(game)

    def pipeline(
        self, game: str, calls: Iterable[Call | StartCall]
    ) -> Generator[Answer, None, None]:
        """Answer ``calls`` on ``game`` in order, as :meth:`act`, :meth:`legal` and (for a
        :class:`StartCall`, only ever the first) :meth:`start` would.

        The harness knows every request of a batch in advance (the fuzzer plays the reference
        engine first), so an adapter may send them ahead of the answers: the stdio adapter
        streams them a handful at a time as they are planned, which saves a round trip per
        request.  The answers come one by one;
        :class:`EngineFailure` or :class:`UnsupportedByEngine` is raised in the place of the
        call that failed.  Closing the generator early skips the rest of the batch.  This
        default asks one call at a time, and takes the next call from ``calls`` only when the
        next answer is wanted (so a lazy ``calls`` keeps the two sides in step).
        """
        for index, call in enumerate(calls):
            if isinstance(call, StartCall):
                if index:
                    raise ValueError("a batch's start can only be its first request")
                yield Started(self.start(game, **call.arguments))
            elif call.action is None:
                yield self.legal(game, call.seat)
            else:
                yield self.act(game, call.seat, call.action)

    def request(self, message: Mapping[str, Any]) -> JSON:
        """Send one raw protocol request and return the raw reply (``id`` added if missing).

        For probing an engine with deliberately bad requests (``smoke``); scenarios use the
        typed methods above.
        """
        raise NotImplementedError(f"{self.name}: raw requests are not available")

    def close(self) -> None:  # noqa: B027 - optional hook: nothing to release by default
        """Release the engine (``bye`` for a subprocess)."""

    def __enter__(self) -> Adapter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
