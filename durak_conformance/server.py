"""The reference engine served over stdin/stdout (JSON action protocol v1).

One JSON object per line in, one per line out, flushed after every reply.  Every request is
checked against its schema before it reaches the engine, so a bad request is answered
``malformed`` (naming the JSON path) and never touches a running game.  stdout carries only
protocol lines; logs go to stderr.

Robustness: a line that is not JSON, a request failing its schema, an unknown game or an
illegal action each get an error reply; a line longer than ``max_line`` bytes is answered
``malformed`` and skipped up to the next newline without being buffered whole; end of input
ends the server with status 0.

Whoever is on the other end, one connection cannot make the server use unbounded time or
memory, nor make it write anything but protocol JSON (see :mod:`durak_conformance.limits`):
requests are at most :data:`~durak_conformance.limits.REQUEST_BYTES`, nested at most
:data:`~durak_conformance.limits.JSON_DEPTH` deep, hold only finite numbers of bounded size
and Unicode text; the numbers of a ruleset and of a ``clock`` request are bounded; at most
:data:`~durak_conformance.limits.SERVER_GAMES` games run at once, each taking at most
:data:`~durak_conformance.limits.SERVER_ACTIONS_PER_GAME` requests.  Every refusal says which
limit was reached.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import logging
import os
from collections import Counter
from collections.abc import Mapping
from typing import Any, BinaryIO, get_args, get_type_hints

from adapters.base import RequestRefused
from adapters.reference import ReferenceEngine
from durak_conformance import limits
from durak_conformance.protocol import (
    JSON,
    SchemaViolation,
    error_reply,
    request_id,
    validate_request,
)

log = logging.getLogger(__name__)

_PER_GAME = frozenset({"act", "clock", "next_game"})
"""Requests that make a game's history longer (counted against the per-game cap)."""


def encode(message: JSON) -> bytes:
    """One protocol line: compact JSON and a newline (ASCII escapes if it must)."""
    return limits.encode_line(message)


def decode(line: bytes) -> object:
    """Parse one line within the limits; raises :class:`ValueError` saying what is wrong
    (not UTF-8, not JSON, NaN/Infinity, a number too big, nesting too deep, a lone
    surrogate)."""
    return limits.decode_json(line)


@functools.cache
def _bounded_rule_numbers() -> dict[str, int]:
    """Integer parameters of a ruleset and their largest allowed value."""
    from reference_engine.rules import Rules

    hints = get_type_hints(Rules)
    bounds: dict[str, int] = {}
    for field in dataclasses.fields(Rules):
        hint = hints[field.name]
        if hint is int or int in get_args(hint):
            seconds = field.name.endswith("_seconds")
            bounds[field.name] = limits.MAX_RULE_SECONDS if seconds else limits.MAX_RULE_COUNT
    return bounds


def rules_problem(rules: Mapping[str, Any]) -> str | None:
    """What number of a resolved ruleset is out of bounds, or None."""
    for name, most in _bounded_rule_numbers().items():
        value = rules.get(name)
        if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value <= most:
            return f"rules.{name} is {value}: it must lie between 0 and {most}"
    return None


class Server:
    """Answers protocol lines with the reference engine; many games at once, keyed by id."""

    def __init__(
        self, engine: ReferenceEngine | None = None, *, max_line: int = limits.REQUEST_BYTES
    ):
        self.engine = engine or ReferenceEngine()
        self.max_line = max_line
        self.last_command: str | None = None
        """The command of the last request answered, once it passed its schema."""
        self.requests_per_game: Counter[str] = Counter()
        """``act``, ``clock`` and ``next_game`` requests taken by each running game."""

    def handle_message(self, message: object) -> JSON:
        """Answer one decoded request."""
        self.last_command = None
        try:
            request = validate_request(message)
            self.last_command = request["cmd"]
            self._check_limits(request)
        except SchemaViolation as exc:
            return error_reply(request_id(message), "malformed", exc.message)
        except RequestRefused as exc:
            return {"id": request_id(message), "ok": False, "error": exc.to_json()}
        reply = self.engine.handle(request)
        self._count(request, reply)
        return reply

    def _check_limits(self, request: JSON) -> None:
        """Refuse a request that would take the server past a limit."""
        cmd = request["cmd"]
        if cmd == "start":
            problem = rules_problem(request["rules"])
            if problem is not None:
                raise SchemaViolation(f"start request $.rules: {problem}", "$.rules")
            running = len(self.engine.games)
            if request["game"] not in self.engine.games and running >= limits.SERVER_GAMES:
                raise RequestRefused(
                    "unsupported",
                    f"{running} games are running on this connection, the most it keeps "
                    "at once: end one first",
                )
        elif cmd == "clock" and request["seconds"] > limits.MAX_CLOCK_SECONDS:
            raise SchemaViolation(
                f"clock request $.seconds: {request['seconds']} is more than the "
                f"{limits.MAX_CLOCK_SECONDS:g} seconds one request may pass",
                "$.seconds",
            )
        elif cmd in _PER_GAME:
            taken = self.requests_per_game.get(request["game"], 0)
            if taken >= limits.SERVER_ACTIONS_PER_GAME:
                raise RequestRefused(
                    "unsupported",
                    f"game {request['game']!r} has taken {taken} requests, the most one game "
                    "may: end it",
                )

    def _count(self, request: JSON, reply: JSON) -> None:
        cmd = request["cmd"]
        game = request.get("game")
        if not isinstance(game, str):
            return
        if cmd in ("start", "end") and reply.get("ok"):
            self.requests_per_game.pop(game, None)
        elif cmd in _PER_GAME and game in self.engine.games:
            self.requests_per_game[game] += 1

    def handle_line(self, line: bytes) -> JSON:
        """Answer one line of input (without its length check: see :meth:`serve`)."""
        try:
            message = decode(line)
        except ValueError as exc:
            preview = limits.printable(line[:80].decode("utf-8", "replace").rstrip("\n"))
            return error_reply(None, "malformed", f"line refused ({exc}): {preview!r}")
        return self.handle_message(message)

    def serve(self, stdin: BinaryIO, stdout: BinaryIO) -> int:
        """Answer lines from ``stdin`` until ``bye`` or end of input; returns the exit status.

        Replies are written whenever no further request is read already: a client that
        sends a batch (the fuzzer's pipelining) gets the replies to it in a few writes instead
        of one per reply, and a client that waits for each reply gets it at once."""
        lines = _LineReader(stdin)
        try:
            return self._serve(lines, stdout)
        finally:
            with contextlib.suppress(OSError, ValueError):
                stdout.flush()

    def _serve(self, stdin: _LineReader, stdout: BinaryIO) -> int:
        out = bytearray()
        while True:
            line = stdin.readline(self.max_line + 1)
            if not line:
                log.info("end of input")
                with contextlib.suppress(BrokenPipeError):
                    _write_all(stdout, out)  # the replies to the last requests before the end
                return 0
            if len(line) > self.max_line and not line.endswith(b"\n"):
                skipped = len(line) + self._skip_to_newline(stdin)
                log.warning("skipped a line of at least %d bytes", skipped)
                reply = error_reply(
                    None,
                    "malformed",
                    f"line longer than {self.max_line} bytes ({skipped} bytes): ignored",
                )
            elif not line.strip():
                continue
            else:
                reply = self.handle_line(line)
            bye = bool(reply.get("ok")) and self.last_command == "bye"
            # Replies gather here and go out in one write before the server could wait for
            # input (no whole request is read already), or once a pipe's worth is ready: a
            # write per reply costs a system call each when stdout is unbuffered
            # (PYTHONUNBUFFERED), which made a third of the server's time on a batch.
            out += encode(reply)
            try:
                if bye or len(out) >= _READ_SIZE or not stdin.has_line():
                    _write_all(stdout, out)
                    stdout.flush()
                    out.clear()
            except BrokenPipeError:
                log.info("the other side closed stdout")
                return 0
            if bye:
                return 0

    def _skip_to_newline(self, stdin: _LineReader) -> int:
        """Read and drop input up to and including the next newline, a bounded chunk at a time."""
        skipped = 0
        while True:
            chunk = stdin.readline(self.max_line + 1)
            skipped += len(chunk)
            if not chunk or chunk.endswith(b"\n"):
                return skipped


def _write_all(stdout: BinaryIO, data: bytearray) -> None:
    """Write all of ``data``: an unbuffered stdout (PYTHONUNBUFFERED) may take part of it."""
    view = memoryview(data)
    while view:
        written = stdout.write(view)
        if written is None:  # a non-blocking stream that took nothing: try again
            continue
        view = view[written:]


class _LineReader:
    """Lines from a binary stream, knowing whether another request is read already.

    ``readline(limit)`` behaves as a buffered stream's (at most ``limit`` bytes, up to and
    including a newline; ``b""`` at the end).  A stream without a file descriptor (a test's
    ``BytesIO``) is read as it is, and never has a request read ahead."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self.buffer = bytearray()
        try:
            self.fd: int | None = stream.fileno()
        except (OSError, ValueError, AttributeError):
            self.fd = None

    def readline(self, limit: int) -> bytes:
        if self.fd is None:
            return self.stream.readline(limit)
        while True:
            end = self.buffer.find(b"\n", 0, limit)
            if end >= 0 or len(self.buffer) >= limit:
                size = end + 1 if end >= 0 else limit
                line = bytes(self.buffer[:size])
                del self.buffer[:size]
                return line
            chunk = os.read(self.fd, _READ_SIZE)
            if not chunk:
                line = bytes(self.buffer)
                self.buffer.clear()
                return line
            self.buffer += chunk

    def has_line(self) -> bool:
        """Whether a whole request is read already, so that the next ``readline`` cannot
        wait for input."""
        return self.fd is not None and b"\n" in self.buffer


_READ_SIZE = 64 * 1024
"""Bytes read from the input at a time (a pipe's usual capacity)."""
