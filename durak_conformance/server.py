"""The reference engine served over stdin/stdout (JSON action protocol v1).

One JSON object per line in, one per line out, flushed after every reply.  Every request is
checked against its schema before it reaches the engine, so a bad request is answered
``malformed`` (naming the JSON path) and never touches a running game.  stdout carries only
protocol lines; logs go to stderr.

Robustness: a line that is not JSON, a request failing its schema, an unknown game or an
illegal action each get an error reply; a line longer than ``max_line`` bytes is answered
``malformed`` and skipped up to the next newline without being buffered whole; end of input
ends the server with status 0.
"""

from __future__ import annotations

import json
import logging
from typing import BinaryIO

from adapters.reference import ReferenceEngine
from durak_conformance.protocol import (
    JSON,
    MAX_LINE_BYTES,
    SchemaViolation,
    error_reply,
    request_id,
    validate_request,
)

log = logging.getLogger(__name__)


def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not a JSON number")


def encode(message: JSON) -> bytes:
    """One protocol line: compact JSON and a newline."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def decode(line: bytes) -> object:
    """Parse one line; raises :class:`ValueError` (also for NaN/Infinity or deep nesting)."""
    try:
        return json.loads(line, parse_constant=_reject_constant)
    except RecursionError:
        raise ValueError("nested too deeply") from None


class Server:
    """Answers protocol lines with the reference engine; many games at once, keyed by id."""

    def __init__(self, engine: ReferenceEngine | None = None, *, max_line: int = MAX_LINE_BYTES):
        self.engine = engine or ReferenceEngine()
        self.max_line = max_line

    def handle_message(self, message: object) -> JSON:
        """Answer one decoded request."""
        try:
            request = validate_request(message)
        except SchemaViolation as exc:
            return error_reply(request_id(message), "malformed", exc.message)
        return self.engine.handle(request)

    def handle_line(self, line: bytes) -> JSON:
        """Answer one line of input (without its length check: see :meth:`serve`)."""
        try:
            message = decode(line)
        except ValueError as exc:
            preview = line[:80].decode("utf-8", "replace").rstrip("\n")
            return error_reply(None, "malformed", f"line is not JSON ({exc}): {preview!r}")
        return self.handle_message(message)

    def serve(self, stdin: BinaryIO, stdout: BinaryIO) -> int:
        """Answer lines from ``stdin`` until ``bye`` or end of input; returns the exit status."""
        while True:
            line = stdin.readline(self.max_line + 1)
            if not line:
                log.info("end of input")
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
            try:
                stdout.write(encode(reply))
                stdout.flush()
            except BrokenPipeError:
                log.info("the other side closed stdout")
                return 0
            if reply.get("ok") and _is_bye(line):
                return 0

    def _skip_to_newline(self, stdin: BinaryIO) -> int:
        """Read and drop input up to and including the next newline, a bounded chunk at a time."""
        skipped = 0
        while True:
            chunk = stdin.readline(self.max_line + 1)
            skipped += len(chunk)
            if not chunk or chunk.endswith(b"\n"):
                return skipped


def _is_bye(line: bytes) -> bool:
    # The reply was ok, so the line is a valid request: a cheap re-read settles which one.
    try:
        message = decode(line)
    except ValueError:
        return False
    return isinstance(message, dict) and message.get("cmd") == "bye"
