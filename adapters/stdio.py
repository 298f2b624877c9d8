"""The stdio adapter: any program that speaks the protocol on stdin/stdout.

The adapter starts the program in its own process group, performs the handshake, sends one
request at a time and waits for the reply with a timeout.  Two threads read the program's
stdout (bounded lines into a bounded queue) and stderr (a ring buffer of the last lines), so a
program that floods, hangs or writes a huge line never blocks or exhausts the harness.

Whatever goes wrong (crash, hang, output that is not JSON, a wrong ``id``, a reply that fails
its schema, unrequested lines) becomes :class:`~adapters.base.EngineFailure` with a message
for the engine's author: which request, what came back, what was expected, and the tail of
the engine's stderr.  After a failure that leaves the stream out of step the program is
killed; the next request starts a fresh one and replays the handshake.  Games started before
that are lost, and requests about them fail at once.

Reply checking is injected (``checker``) so this module stays independent of where the
schemas live; ``durak_conformance.protocol.response_problem`` is the standard checker.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Any, Protocol

from adapters.base import (
    JSON,
    MAX_LINE_BYTES,
    PROTOCOL_VERSION,
    ActResult,
    Adapter,
    Answer,
    Call,
    EngineFailure,
    EngineStartFailure,
    Implementation,
    StartRefused,
    UnsupportedByEngine,
)

_PREVIEW = 400
_QUEUE_LINES = 8


class ReplyChecker(Protocol):
    """Checks the reply to a ``cmd`` request: returns what is wrong, or None."""

    def __call__(self, cmd: str, reply: Mapping[str, Any], /) -> str | None: ...


@dataclass(frozen=True)
class _Oversized:
    size: int


class _Eof:
    pass


_EOF = _Eof()
_Item = bytes | _Oversized | _Eof


def _preview(data: object) -> str:
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else str(data)
    text = text.rstrip("\n")
    return text if len(text) <= _PREVIEW else text[:_PREVIEW] + f"... ({len(text)} chars)"


def _put(q: queue.Queue[_Item], item: _Item, stop: threading.Event) -> bool:
    while not stop.is_set():
        try:
            q.put(item, timeout=0.1)
            return True
        except queue.Full:
            continue
    return False


def _read_stdout(
    stream: IO[bytes], q: queue.Queue[_Item], stop: threading.Event, max_line: int
) -> None:
    """Lines of at most ``max_line`` bytes into ``q``; longer ones become :class:`_Oversized`."""
    try:
        while not stop.is_set():
            line = stream.readline(max_line + 1)
            if not line:
                break
            if len(line) > max_line and not line.endswith(b"\n"):
                size = len(line)
                while True:  # drop the rest of the line a bounded chunk at a time
                    chunk = stream.readline(max_line + 1)
                    size += len(chunk)
                    if not chunk or chunk.endswith(b"\n"):
                        break
                if not _put(q, _Oversized(size), stop):
                    return
                continue
            if not _put(q, line, stop):
                return
    except (OSError, ValueError):
        pass
    _put(q, _EOF, stop)


def _settled_stderr(engine: Any, settle: float = 0.05, limit: float = 0.5) -> list[str]:
    """The engine's stderr tail once its reader thread has caught up.

    An engine usually logs just before it misbehaves, and the stderr reader is a separate
    thread: on a busy machine it may not have read those last lines yet when the failure is
    noticed on stdout.  Wait until the tail is unchanged for ``settle`` seconds (at most
    ``limit``), so the engine's author sees its last words.
    """
    if engine is None:
        return []
    deadline = time.monotonic() + limit
    seen = list(engine.stderr)
    while time.monotonic() < deadline:
        time.sleep(settle)
        now = list(engine.stderr)
        if now == seen:
            break
        seen = now
    return seen


def _read_stderr(stream: IO[bytes], tail: collections.deque[str]) -> None:
    try:
        for chunk in iter(lambda: stream.readline(4096), b""):
            tail.append(chunk.decode("utf-8", "replace").rstrip("\n"))
    except (OSError, ValueError):
        pass


class _Engine:
    """One running engine process and its reader threads."""

    def __init__(
        self,
        command: Sequence[str],
        *,
        max_line: int,
        stderr_lines: int,
        cwd: str | None,
        env: Mapping[str, str] | None,
    ) -> None:
        self.popen = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,  # its own process group, so a hang is killed whole
            cwd=cwd,
            env=dict(env) if env is not None else None,
        )
        assert self.popen.stdout and self.popen.stderr
        self.lines: queue.Queue[_Item] = queue.Queue(maxsize=_QUEUE_LINES)
        self.stderr: collections.deque[str] = collections.deque(maxlen=stderr_lines)
        self.stop = threading.Event()
        self.threads = [
            threading.Thread(
                target=_read_stdout,
                args=(self.popen.stdout, self.lines, self.stop, max_line),
                daemon=True,
            ),
            threading.Thread(
                target=_read_stderr, args=(self.popen.stderr, self.stderr), daemon=True
            ),
        ]
        for thread in self.threads:
            thread.start()

    def exit_status(self, wait: float) -> int | None:
        try:
            return self.popen.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            return None

    def kill(self) -> None:
        self.stop.set()
        if self.popen.poll() is None:
            try:
                os.killpg(self.popen.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                self.popen.kill()
        self.exit_status(5.0)
        self._close()

    def _close(self) -> None:
        self.stop.set()
        for stream in (self.popen.stdin, self.popen.stdout, self.popen.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
        for thread in self.threads:
            thread.join(timeout=1.0)


def describe_status(status: int | None) -> str:
    """``exit status 3``, ``killed by signal SIGSEGV`` or ``still running``."""
    if status is None:
        return "still running"
    if status < 0:
        try:
            return f"killed by signal {signal.Signals(-status).name}"
        except ValueError:
            return f"killed by signal {-status}"
    return f"exit status {status}"


class StdioAdapter(Adapter):
    """Talks to an engine program over stdin/stdout.

    ``checker`` checks every reply against its schema (pass None to switch it off);
    ``timeout`` bounds every request, ``start_timeout`` the handshake of a fresh process.
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        checker: ReplyChecker | None,
        timeout: float = 10.0,
        start_timeout: float = 30.0,
        stderr_lines: int = 50,
        max_line: int = MAX_LINE_BYTES,
        name: str | None = None,
        cwd: str | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        if not command:
            raise ValueError("an engine command line is needed")
        self.command = tuple(command)
        self.checker = checker
        self.timeout = timeout
        self.start_timeout = start_timeout
        self.stderr_lines = stderr_lines
        self.max_line = max_line
        self.name = (
            name
            or " ".join(
                os.path.basename(part) for part in self.command if not part.startswith("-")
            )[:60]
        )
        self.cwd = cwd
        self.env = env
        self.restarts = 0
        """How many times a fresh process was started after a failure."""
        self.exit_status: int | None = None
        """The exit status of the last process that was closed with ``bye``."""
        self._engine: _Engine | None = None
        self._implementation: Implementation | None = None
        self._generation = 0
        self._games: dict[str, int] = {}
        self._next_id = 1
        self._last_request: Mapping[str, Any] | bytes = b""

    # -------------------------------------------------------------- process life

    def _process(self) -> _Engine:
        if self._engine is not None:
            return self._engine
        if self._generation > 0:
            self.restarts += 1
        self._generation += 1
        try:
            engine = _Engine(
                self.command,
                max_line=self.max_line,
                stderr_lines=self.stderr_lines,
                cwd=self.cwd,
                env=self.env,
            )
        except OSError as exc:
            raise EngineStartFailure(
                f"engine {self.name!r} could not be started: {exc}\n  command: "
                + " ".join(self.command)
            ) from None
        self._engine = engine
        try:
            reply = self._exchange(
                {"cmd": "hello", "protocol": PROTOCOL_VERSION}, timeout=self.start_timeout
            )
            self._implementation = self._read_hello(reply)
        except EngineFailure as exc:
            self._discard()
            raise EngineStartFailure(f"handshake failed: {exc}") from None
        return engine

    def _discard(self) -> None:
        """Kill the process (if any); the next request starts a fresh one."""
        if self._engine is not None:
            self._engine.kill()
            self._engine = None

    def close(self) -> None:
        """Say ``bye`` and wait briefly for the engine to exit (killing it if it does not)."""
        engine = self._engine
        if engine is None:
            return
        with contextlib.suppress(EngineFailure):
            self._exchange({"cmd": "bye"}, timeout=min(self.timeout, 5.0))
        self.exit_status = engine.exit_status(min(self.timeout, 5.0))
        self._discard()

    def stderr_tail(self) -> list[str]:
        """The last lines the current engine process wrote to stderr."""
        return list(self._engine.stderr) if self._engine is not None else []

    # -------------------------------------------------------------- one exchange

    def _failure(
        self,
        what: str,
        request: Mapping[str, Any] | bytes,
        got: object = None,
        expected: str | None = None,
        stderr: Sequence[str] = (),
    ) -> EngineFailure:
        lines = [f"engine {self.name!r} {what}", f"  request:  {_preview(_line(request))}"]
        if got is not None:
            lines.append(f"  got:      {_preview(got)}")
        if expected is not None:
            lines.append(f"  expected: {expected}")
        if stderr:
            lines.append(f"  engine stderr (last {len(stderr)} lines):")
            lines.extend("    " + _preview(s) for s in stderr)
        else:
            lines.append("  engine stderr: (empty)")
        return EngineFailure("\n".join(lines))

    def _fail_and_discard(
        self,
        what: str,
        request: Mapping[str, Any] | bytes,
        got: object = None,
        expected: str | None = None,
    ) -> EngineFailure:
        engine = self._engine
        if engine is not None:
            engine.kill()
        failure = self._failure(what, request, got, expected, _settled_stderr(engine))
        self._engine = None
        return failure

    def _exchange(
        self, message: Mapping[str, Any], *, timeout: float | None = None, raw: bytes | None = None
    ) -> JSON:
        """Send one request (or a raw line) and return the reply, or raise EngineFailure."""
        self._check_quiet()
        request, shown, data = self._prepare(message, raw)
        self._write(data, shown)
        return self._receive(request, shown, raw is not None, timeout)

    def _check_quiet(self) -> None:
        """Refuse an engine that wrote a line nobody asked for since its last reply."""
        engine = self._engine
        assert engine is not None
        if not engine.lines.empty():
            extra = engine.lines.get_nowait()
            raise self._fail_and_discard(
                "wrote output nobody asked for after answering "
                + _preview(_line(self._last_request)),
                self._last_request,
                got=_as_text(extra),
                expected="exactly one reply line per request",
            )

    def _prepare(
        self, message: Mapping[str, Any], raw: bytes | None = None
    ) -> tuple[JSON, Mapping[str, Any] | bytes, bytes]:
        """The request with its id, what failure messages show of it, and the line to send."""
        request: JSON = dict(message)
        if raw is None:
            if "id" not in request:
                request = {"id": self._next_id, **request}
            self._next_id += 1
            data = _line(request)
        else:
            data = raw
        return request, (request if raw is None else raw), data

    def _write(self, data: bytes, shown: Mapping[str, Any] | bytes) -> None:
        """Write request line(s) to the engine, or raise EngineFailure if it is gone."""
        engine = self._engine
        assert engine is not None
        self._last_request = shown
        try:
            assert engine.popen.stdin is not None
            engine.popen.stdin.write(data)
            engine.popen.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            status = engine.exit_status(1.0)
            raise self._fail_and_discard(
                f"is not running ({describe_status(status)}) and cannot take a request",
                shown,
                expected="the engine to keep running until 'bye'",
            ) from None

    def _receive(
        self,
        request: Mapping[str, Any],
        shown: Mapping[str, Any] | bytes,
        raw: bool = False,
        timeout: float | None = None,
    ) -> JSON:
        """Read and check the reply to ``request`` (sent already), or raise EngineFailure."""
        engine = self._engine
        assert engine is not None
        self._last_request = shown
        limit = self.timeout if timeout is None else timeout
        try:
            item = engine.lines.get(timeout=limit)
        except queue.Empty:
            raise self._fail_and_discard(
                f"did not answer within {limit:g} s (killed)",
                shown,
                expected="one reply line, flushed, for every request",
            ) from None
        if isinstance(item, _Eof):
            status = engine.exit_status(1.0)
            cmd = request.get("cmd") if not raw else "a raw line"
            raise self._fail_and_discard(
                f"ended ({describe_status(status)}) without answering {cmd}",
                shown,
                expected="a reply; an engine exits only after 'bye'",
            )
        if isinstance(item, _Oversized):
            raise self._fail_and_discard(
                f"wrote a line of {item.size} bytes, over the {self.max_line}-byte limit",
                shown,
                expected=f"reply lines of at most {self.max_line} bytes",
            )
        try:
            reply = json.loads(item)
        except ValueError as exc:
            raise self._fail_and_discard(
                f"wrote something that is not JSON ({exc})",
                shown,
                got=item,
                expected="one JSON object per line on stdout (logs belong on stderr)",
            ) from None
        if not isinstance(reply, dict):
            raise self._fail_and_discard(
                "replied with something that is not a JSON object",
                shown,
                got=item,
                expected='an object such as {"id": ..., "ok": true, ...}',
            )
        expected_id = request.get("id") if not raw else None
        if reply.get("id") != expected_id or type(reply.get("id")) is not type(expected_id):
            raise self._fail_and_discard(
                f"answered with id {reply.get('id')!r} instead of {expected_id!r}",
                shown,
                got=item,
                expected="the reply to echo the request's id",
            )
        cmd = request.get("cmd")
        if self.checker is not None and isinstance(cmd, str) and not raw:
            problem = self._check(cmd, reply)
            if problem is not None:
                raise self._failure(
                    "replied with a message that breaks the protocol schema",
                    shown,
                    got=item,
                    expected=problem,
                    stderr=_settled_stderr(engine),
                )
        return reply

    def _check(self, cmd: str, reply: Mapping[str, Any]) -> str | None:
        assert self.checker is not None
        try:
            return self.checker(cmd, reply)
        except ValueError:  # a command the schemas do not know (raw probes)
            return None

    # -------------------------------------------------------------- requests

    def _call(self, message: Mapping[str, Any]) -> JSON:
        """A request about the current process; refuses to talk about lost games."""
        self._call_check(message)
        self._process()
        return self._exchange(message)

    def _call_check(self, message: Mapping[str, Any]) -> None:
        """Refuse a request about a game that an earlier restart lost."""
        game = message.get("game")
        lost = isinstance(game, str) and game in self._games
        if lost and (self._games[str(game)] != self._generation or self._engine is None):
            raise EngineFailure(
                f"game {game!r} was lost: engine {self.name!r} was restarted after an "
                "earlier failure"
            )

    def _refused(self, cmd: str, message: Mapping[str, Any], reply: Mapping[str, Any]) -> Exception:
        error = reply.get("error") or {}
        code = error.get("code") if isinstance(error, Mapping) else None
        text = error.get("message") if isinstance(error, Mapping) else None
        if code == "unsupported":
            return UnsupportedByEngine(f"engine {self.name!r} does not support this: {text}")
        if cmd in ("start", "next_game") and code in ("illegal", "malformed"):
            assert isinstance(error, Mapping)
            return StartRefused(f"engine {self.name!r} refused {cmd} with {code!r}: {text}", error)
        return self._failure(
            f"refused {cmd} with {code!r}: {text}",
            message,
            expected=f"{cmd} to succeed: the harness sent a valid request",
            stderr=self.stderr_tail(),
        )

    def _ok(self, message: Mapping[str, Any]) -> JSON:
        reply = self._call(message)
        if reply.get("ok") is not True:
            raise self._refused(str(message.get("cmd")), message, reply)
        return reply

    def _require(self, capability: str) -> None:
        if capability not in self.hello().capabilities:
            raise UnsupportedByEngine(f"engine does not claim capability {capability}")

    def hello(self) -> Implementation:
        self._process()
        assert self._implementation is not None
        return self._implementation

    def _read_hello(self, reply: Mapping[str, Any]) -> Implementation:
        if reply.get("ok") is not True:
            raise self._failure(
                "refused the handshake",
                {"cmd": "hello", "protocol": PROTOCOL_VERSION},
                got=json.dumps(reply),
                expected="ok: true with the implementation",
                stderr=self.stderr_tail(),
            )
        impl = reply.get("implementation")
        try:
            assert isinstance(impl, dict)
            known = (
                "name",
                "version",
                "language",
                "homepage",
                "protocol",
                "profiles",
                "capabilities",
            )
            return Implementation(
                name=str(impl["name"]),
                version=str(impl["version"]),
                language=str(impl["language"]),
                homepage=str(impl["homepage"]),
                protocol=str(impl["protocol"]),
                profiles=tuple(str(p) for p in impl["profiles"]),
                capabilities=frozenset(str(c) for c in impl["capabilities"]),
                extra={k: v for k, v in impl.items() if k not in known},
            )
        except (AssertionError, KeyError, TypeError) as exc:
            raise self._failure(
                f"sent an incomplete handshake ({exc!r} missing or wrong)",
                {"cmd": "hello"},
                got=json.dumps(reply),
                expected="implementation with name, version, language, homepage, protocol, "
                "profiles, capabilities",
                stderr=self.stderr_tail(),
            ) from None

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
        impl = self.hello()
        if profile not in impl.profiles:
            raise UnsupportedByEngine(f"engine does not implement profile {profile}")
        message: JSON = {
            "cmd": "start",
            "game": game,
            "profile": profile,
            "options": dict(options),
            "rules": dict(rules),
            "seats": [dict(s) for s in seats],
            "seed": seed,
        }
        if position is not None:
            self._require("position")
            message["position"] = dict(position)
        if deck is not None:
            message["deck"] = list(deck)
        if lobby is not None:
            self._require("table")
            message["lobby"] = dict(lobby)
        self._games.pop(game, None)
        reply = self._ok(message)
        self._games[game] = self._generation
        state: JSON = reply["state"]
        return state

    def act(self, game: str, seat: int, action: Mapping[str, Any]) -> ActResult:
        message = {"cmd": "act", "game": game, "seat": seat, "action": dict(action)}
        return self._act_result(message, self._call(message))

    def _act_result(self, message: Mapping[str, Any], reply: Mapping[str, Any]) -> ActResult:
        if reply.get("ok") is True:
            return ActResult(ok=True, state=reply["state"], events=tuple(reply["events"]))
        error = reply.get("error")
        if isinstance(error, dict) and error.get("code") in ("illegal", "malformed"):
            return ActResult(ok=False, state=None, error=error)
        raise self._refused("act", message, reply)

    def legal(self, game: str, seat: int) -> list[JSON]:
        self._require("legal")
        actions: list[JSON] = self._ok({"cmd": "legal", "game": game, "seat": seat})["actions"]
        return actions

    def pipeline(self, game: str, calls: Iterable[Call]) -> Generator[Answer, None, None]:
        """Send every request of the batch at once, then read the answers in order -- to an
        engine that claims capability ``pipeline``; any other engine is asked one call at a
        time, as :meth:`Adapter.pipeline` does.

        The engine still answers one request at a time; what is saved is a round trip (and
        a wake-up of each process) per request.  The reader thread keeps draining the
        engine's stdout meanwhile, so a long batch cannot fill the pipe and block.  Closed
        early, the generator still reads (and drops) the answers on their way, so the engine
        is ready for the next request; after a failure the engine is discarded instead.
        """
        if "pipeline" not in self.hello().capabilities:  # one request at a time, as usual
            yield from super().pipeline(game, calls)
            return
        calls = list(calls)
        if any(call.action is None for call in calls):
            self._require("legal")
        if not calls:
            return
        messages: list[JSON] = [
            {"cmd": "legal", "game": game, "seat": call.seat}
            if call.action is None
            else {"cmd": "act", "game": game, "seat": call.seat, "action": dict(call.action)}
            for call in calls
        ]
        self._call_check(messages[0])
        self._process()
        self._check_quiet()
        prepared = [self._prepare(message) for message in messages]
        self._write(b"".join(data for _, _, data in prepared), prepared[0][1])
        received, failed = 0, False
        try:
            for (request, shown, _), message in zip(prepared, messages, strict=True):
                try:
                    reply = self._receive(request, shown)
                    received += 1
                    if message["cmd"] == "act":
                        answer: Answer = self._act_result(message, reply)
                    elif reply.get("ok") is True:
                        answer = reply["actions"]
                    else:
                        raise self._refused("legal", message, reply)
                except BaseException:
                    failed = True
                    raise
                yield answer
        finally:
            if received < len(prepared):
                if failed or self._engine is None:
                    self._discard()
                else:  # closed early: take the answers still coming off the pipe
                    for request, shown, _ in prepared[received:]:
                        try:
                            self._receive(request, shown)
                        except EngineFailure:
                            break  # the engine is discarded already

    def state(self, game: str) -> JSON:
        state: JSON = self._ok({"cmd": "state", "game": game})["state"]
        return state

    def clock(self, game: str, seconds: float) -> ActResult:
        self._require("clock")
        reply = self._ok({"cmd": "clock", "game": game, "seconds": seconds})
        return ActResult(ok=True, state=reply["state"], events=tuple(reply["events"]))

    def next_game(
        self,
        game: str,
        *,
        deck: Sequence[str] | None = None,
        position: Mapping[str, Any] | None = None,
    ) -> JSON:
        self._require("match")
        message: JSON = {"cmd": "next_game", "game": game}
        if deck is not None:
            message["deck"] = list(deck)
        if position is not None:
            message["position"] = dict(position)
        state: JSON = self._ok(message)["state"]
        return state

    def end(self, game: str) -> None:
        self._ok({"cmd": "end", "game": game})
        self._games.pop(game, None)

    def request(self, message: Mapping[str, Any]) -> JSON:
        self._process()
        return self._exchange(message)

    def request_line(self, line: bytes) -> JSON:
        """Send a raw line (it should end with a newline); the reply must carry ``id: null``."""
        self._process()
        return self._exchange({}, raw=line)


def _line(message: Mapping[str, Any] | bytes) -> bytes:
    if isinstance(message, bytes):
        return message
    return json.dumps(message, separators=(",", ":")).encode() + b"\n"


def _as_text(item: _Item) -> str:
    if isinstance(item, bytes):
        return item.decode("utf-8", "replace")
    if isinstance(item, _Oversized):
        return f"<a line of {item.size} bytes>"
    return "<end of output>"


def reference_stdio_command() -> list[str]:
    """The command line serving the reference engine: ``python -m durak_conformance serve``."""
    return [sys.executable, "-m", "durak_conformance", "serve"]
