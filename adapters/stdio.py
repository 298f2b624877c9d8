"""The stdio adapter: any program that speaks the protocol on stdin/stdout.

The adapter starts the program in a session (and process group) of its own, performs the
handshake, sends requests and waits for each reply with a deadline.  All the engine's pipes
are non-blocking and served by one event loop in the calling thread: it writes what the
engine will take, reads its stdout into bounded lines and its stderr into a ring buffer of
the last lines, and notices the moment the engine exits (a pidfd), so nothing the engine
does -- hang, flood, stop reading its stdin, write a huge line, leave a child holding its
stdout -- blocks the harness past the request's deadline or exhausts its memory.

Whatever goes wrong (crash, hang, output that is not JSON or breaks the limits of
:mod:`durak_conformance.limits`, a wrong ``id``, a reply that fails its schema, unrequested
lines) becomes :class:`~adapters.base.EngineFailure` with a message for the engine's author:
which request, what came back, what was expected, and the tail of the engine's stderr.
After a failure that leaves the stream out of step the engine and everything it started are
killed (:func:`adapters.processes.kill_tree`); the next request starts a fresh one and
replays the handshake.  Games started before that are lost, and requests about them fail at
once.  An exception that interrupts an exchange (Ctrl-C) kills the engine the same way.

Reply checking is injected (``checker``) so this module stays independent of where the
schemas live; ``durak_conformance.protocol.response_problem`` is the standard checker.
"""

from __future__ import annotations

import collections
import contextlib
import itertools
import json
import os
import selectors
import signal
import subprocess
import sys
import time
import weakref
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from adapters import processes
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
    StartCall,
    Started,
    StartRefused,
    UnsupportedByEngine,
    hello_problem,
)
from durak_conformance import limits

_PREVIEW = 400
_CHUNK = 64 * 1024
_POLL = 0.05
"""Seconds between checks that the engine is still running, where there is no pidfd."""


class ReplyChecker(Protocol):
    """Checks the reply to a ``cmd`` request: returns what is wrong, or None."""

    def __call__(
        self, cmd: str, reply: Mapping[str, Any], known: tuple[str, ...] = (), /
    ) -> str | None:
        """``known``: fields of the reply that hold values known to be valid (the caller's
        :attr:`~adapters.base.Call.expect`, type for type), which need no checking again."""
        ...


@dataclass(frozen=True)
class _Oversized:
    size: int


class _Eof:
    pass


class _Held:
    """The engine exited, but a process it started still holds its stdout open."""


_EOF = _Eof()
_HELD = _Held()
_Item = bytes | _Oversized | _Eof | _Held


def _preview(data: object) -> str:
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else str(data)
    text = limits.printable(text.rstrip("\n"), newlines=False)
    return text if len(text) <= _PREVIEW else text[:_PREVIEW] + f"... ({len(text)} chars)"


def _status_of(info: Any) -> int:
    """``waitid`` information as a ``Popen.returncode`` (negative: killed by that signal)."""
    if info.si_code == os.CLD_EXITED:
        return int(info.si_status)
    return -int(info.si_status)


_LIVE: weakref.WeakSet[_Engine] = weakref.WeakSet()
"""Every engine process of this harness process not yet killed (see :func:`kill_all`)."""


class _Engine:
    """One running engine process, its pipes and the event loop that serves them."""

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
            bufsize=0,
            start_new_session=True,  # its own session and group: killed whole
            cwd=cwd,
            env=dict(env) if env is not None else None,
        )
        _LIVE.add(self)
        self.owner = os.getpid()  # a forked worker inherits this object, not the engine
        self.pid = self.popen.pid
        self.max_line = max_line
        assert self.popen.stdin and self.popen.stdout and self.popen.stderr
        self.stdin_fd = self.popen.stdin.fileno()
        self.stdout_fd = self.popen.stdout.fileno()
        self.stderr_fd = self.popen.stderr.fileno()
        for fd in (self.stdin_fd, self.stdout_fd, self.stderr_fd):
            os.set_blocking(fd, False)
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.stdout_fd, selectors.EVENT_READ, "out")
        self.selector.register(self.stderr_fd, selectors.EVENT_READ, "err")
        self.pidfd: int | None = None
        with contextlib.suppress(AttributeError, OSError):
            self.pidfd = os.pidfd_open(self.pid)
            self.selector.register(self.pidfd, selectors.EVENT_READ, "exit")
        self.lines: collections.deque[_Item] = collections.deque()
        self.partial = bytearray()
        self.discarding = 0  # bytes of an over-long line dropped so far (0: none)
        self.stdout_open = True
        self.stderr: collections.deque[str] = collections.deque(maxlen=stderr_lines)
        self.err_partial = bytearray()
        self.stderr_open = True
        self.pending = bytearray()
        self.writing = False
        self.stdin_broken = False
        self.exited = False
        self.status: int | None = None
        self.closed = False

    # ---------------------------------------------------------------- the event loop

    def _poll_exit(self) -> bool:
        if not self.exited:
            try:
                info = os.waitid(os.P_PID, self.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:
                info = None
                self.exited = True
            if info is not None:
                self.exited = True
                self.status = _status_of(info)
        return self.exited

    def pump(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the engine's pipes or exit; serve what is ready.

        Returns whether anything happened.
        """
        if self.closed:
            return False
        if self.pidfd is None and not self.exited:
            timeout = min(timeout, _POLL)
        events = self.selector.select(max(timeout, 0.0))
        for key, _ in events:
            if key.data == "out":
                self._read_out()
            elif key.data == "err":
                self._read_err()
            elif key.data == "in":
                self._flush()
            elif key.data == "exit":
                self.selector.unregister(key.fd)
                self._poll_exit()
                self.exited = True
        if self.pidfd is None:
            self._poll_exit()
        return bool(events)

    def drain(self, chunks: int = 64) -> None:
        """Serve whatever is ready now, without waiting (bounded: a flood cannot hold it)."""
        for _ in range(chunks):
            if not self.pump(0):
                return

    def _read_out(self) -> None:
        try:
            data = os.read(self.stdout_fd, _CHUNK)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if data:
            self._feed(data)
            return
        self.stdout_open = False
        with contextlib.suppress(KeyError, ValueError):
            self.selector.unregister(self.stdout_fd)
        if self.discarding:
            self.lines.append(_Oversized(self.discarding))
        elif self.partial:  # a last line without its newline
            self.lines.append(bytes(self.partial))
        self.partial.clear()
        self.discarding = 0
        self.lines.append(_EOF)

    def _feed(self, data: bytes) -> None:
        pieces = data.split(b"\n")
        rest = pieces.pop()  # after the last newline: the start of a line still to come
        for piece in pieces:  # whole lines (only the first can end one begun earlier)
            if self.discarding:
                self.lines.append(_Oversized(self.discarding + len(piece)))
                self.discarding = 0
            elif self.partial:
                self.partial += piece
                size = len(self.partial)
                self.lines.append(_Oversized(size) if size > self.max_line else bytes(self.partial))
                self.partial.clear()
            elif len(piece) > self.max_line:
                self.lines.append(_Oversized(len(piece)))
            else:
                self.lines.append(piece)
        if not rest:
            return
        if self.discarding:
            self.discarding += len(rest)
            return
        self.partial += rest
        if len(self.partial) > self.max_line:  # drop it, counting what it held
            self.discarding = len(self.partial)
            self.partial.clear()

    def _read_err(self) -> None:
        try:
            data = os.read(self.stderr_fd, _CHUNK)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self.stderr_open = False
            with contextlib.suppress(KeyError, ValueError):
                self.selector.unregister(self.stderr_fd)
            if self.err_partial:
                self._stderr_line(bytes(self.err_partial))
            self.err_partial.clear()
            return
        *complete, rest = data.split(b"\n")
        if complete:
            self._stderr_line(bytes(self.err_partial) + complete[0])
            self.err_partial.clear()
            for line in complete[1:]:
                self._stderr_line(line)
        if len(self.err_partial) <= limits.STDERR_LINE_CHARS * 4:
            self.err_partial += rest[: limits.STDERR_LINE_CHARS * 4]

    def _stderr_line(self, line: bytes) -> None:
        text = line.decode("utf-8", "replace").rstrip("\r")
        self.stderr.append(limits.clip(text, limits.STDERR_LINE_CHARS))

    def send(self, data: bytes) -> None:
        """Queue ``data`` for the engine's stdin and write what it takes now."""
        if self.stdin_broken:
            return
        self.pending += data
        self._flush()

    def _flush(self) -> None:
        while self.pending and not self.stdin_broken:
            try:
                written = os.write(self.stdin_fd, self.pending)
            except BlockingIOError:
                break
            except OSError:  # EPIPE: the engine closed its stdin or is gone
                self.stdin_broken = True
                self.pending.clear()
                break
            del self.pending[:written]
        wanted = bool(self.pending) and not self.stdin_broken
        if wanted != self.writing:
            if wanted:
                self.selector.register(self.stdin_fd, selectors.EVENT_WRITE, "in")
            else:
                with contextlib.suppress(KeyError, ValueError):
                    self.selector.unregister(self.stdin_fd)
            self.writing = wanted

    def next_item(self, deadline: float, idle: Callable[[], bool] | None = None) -> _Item | None:
        """The next line (or end, or oversized line) from stdout; None at the deadline.
        While nothing is in, ``idle`` (see :attr:`Adapter.idle`) is called before each wait,
        and the wait is left out for as long as it does something."""
        while True:
            if self.lines:
                return self.lines.popleft()
            if not self.stdout_open:
                return _EOF
            if self.exited:
                self.drain()
                if self.lines or not self.stdout_open:
                    continue
                return _HELD
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return None
            if idle is not None and idle():
                self.pump(0)  # what came in meanwhile
                continue
            self.pump(remaining)

    def unrequested(self) -> _Item | None:
        """A line the engine wrote though nobody asked (end of output does not count)."""
        self.drain()
        while self.lines:
            item = self.lines[0]
            if not isinstance(item, _Eof):
                return self.lines.popleft()
            return None
        if self.partial or self.discarding:
            return bytes(self.partial[:_PREVIEW]) or _Oversized(self.discarding)
        return None

    # ---------------------------------------------------------------- life and death

    def exit_status(self, wait: float) -> int | None:
        """The exit status once the engine has exited (within ``wait`` seconds), else None.

        The process is not reaped here, so its number keeps naming its process group until
        :meth:`kill` has dealt with the rest of the group.
        """
        deadline = time.monotonic() + wait
        while not self._poll_exit() and time.monotonic() < deadline:
            self.pump(min(deadline - time.monotonic(), _POLL))
        if self.popen.returncode is not None:
            return self.popen.returncode
        return self.status if self.exited else None

    def kill(self, stderr_wait: float = 0.0) -> None:
        """Kill the engine and everything it started, keep its last stderr lines, close."""
        if self.closed:
            return
        processes.kill_tree(
            self.pid, group_alive=self.popen.returncode is None, pipes=self._pipe_inodes()
        )
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.popen.wait(limits.KILL_WAIT)
        if self.status is None:
            self.status = self.popen.returncode
        deadline = time.monotonic() + stderr_wait
        while self.stderr_open and time.monotonic() < deadline:
            self.pump(deadline - time.monotonic())
        self._close()

    def _pipe_inodes(self) -> dict[int, str]:
        """The engine's pipes by inode, with the engine's side of each."""
        inodes: dict[int, str] = {}
        for fd, side in ((self.stdin_fd, "r"), (self.stdout_fd, "w"), (self.stderr_fd, "w")):
            with contextlib.suppress(OSError):
                inodes[os.fstat(fd).st_ino] = side
        return inodes

    def _close(self) -> None:
        self.closed = True
        _LIVE.discard(self)
        with contextlib.suppress(OSError, ValueError):
            self.selector.close()
        if self.pidfd is not None:
            with contextlib.suppress(OSError):
                os.close(self.pidfd)
        for stream in (self.popen.stdin, self.popen.stdout, self.popen.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()


def kill_all() -> int:
    """Kill every engine this process started and has not closed (and all they started).

    For the end of a command, or an interrupt; returns how many there were.
    """
    me = os.getpid()
    engines = [engine for engine in _LIVE if engine.owner == me]
    for engine in engines:
        with contextlib.suppress(Exception):
            engine.kill()
    return len(engines)


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
    ``timeout`` bounds every request, ``start_timeout`` the handshake of a fresh process;
    the handshake waits at least ``timeout`` too (``--timeout`` covers it: an engine that is
    slow to answer is often slower to start).
    """

    def __init__(
        self,
        command: Sequence[str],
        *,
        checker: ReplyChecker | None,
        timeout: float = limits.DEFAULT_TIMEOUT,
        start_timeout: float = limits.HANDSHAKE_TIMEOUT,
        stderr_lines: int = limits.STDERR_LINES,
        max_line: int = MAX_LINE_BYTES,
        name: str | None = None,
        cwd: str | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        if not command:
            raise ValueError("an engine command line is needed")
        for what, seconds in (("timeout", timeout), ("start_timeout", start_timeout)):
            if not 0 < seconds <= limits.MAX_TIMEOUT:  # also refuses NaN
                raise ValueError(
                    f"{what} must be a number of seconds above 0 and at most "
                    f"{limits.MAX_TIMEOUT:g}, got {seconds!r}"
                )
        self.command = tuple(command)
        self.checker = checker
        self.timeout = timeout
        self.start_timeout = max(start_timeout, timeout)
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
        self._later: collections.deque[tuple[JSON, Mapping[str, Any] | bytes]] = collections.deque()
        """Requests sent whose replies are read before the next exchange (:meth:`end_soon`)."""
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
        self._later.clear()
        if self._engine is not None:
            self._engine.kill()
            self._engine = None

    def close(self) -> None:
        """Say ``bye`` and wait briefly for the engine to exit, then kill whatever of it is
        left (the engine if it does not exit, and any process it started)."""
        with contextlib.suppress(EngineFailure):
            self._settle()  # (an engine that settling replaced is not started to say bye)
        engine = self._engine
        if engine is None:
            return
        wait = min(self.timeout, limits.CLOSE_TIMEOUT)
        with contextlib.suppress(EngineFailure):
            self._exchange({"cmd": "bye"}, timeout=wait)
        if self._engine is engine:
            self.exit_status = engine.exit_status(wait)
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
        stderr: list[str] = []
        if engine is not None:
            engine.kill(stderr_wait=0.5)  # the engine's last words are still in the pipe
            stderr = list(engine.stderr)
        self._engine = None
        self._later.clear()  # replies a new engine will never send
        return self._failure(what, request, got, expected, stderr)

    def _exchange(
        self, message: Mapping[str, Any], *, timeout: float | None = None, raw: bytes | None = None
    ) -> JSON:
        """Send one request (or a raw line) and return the reply, or raise EngineFailure.

        Anything else that stops the exchange half way (Ctrl-C, a bug) leaves the stream out
        of step: the engine is killed before the exception goes on.
        """
        try:
            self._settle()
            self._process()  # (a fresh one if settling replaced it)
            self._check_quiet()
            request, shown, data = self._prepare(message, raw)
            self._write(data, shown)
            return self._receive(request, shown, raw is not None, timeout)
        except EngineFailure:
            raise
        except BaseException:
            self._discard()
            raise

    def _settle(self) -> None:
        """Read the replies to requests sent without waiting (:meth:`end_soon`); a refusal
        among them is dropped, a failure of the engine is raised here.  An engine that
        answers one of them ``internal`` says it is broken inside: it is replaced by a fresh
        one (the next request starts it), which must not pay for a request nobody needed.
        Settled before a game's request is checked, so that a game the old process held is
        reported lost."""
        while self._later:
            request, shown = self._later[0]
            reply = self._receive(request, shown)
            self._later.popleft()
            if _internal_error(reply):
                self._discard()
                return

    def _check_quiet(self) -> None:
        """Refuse an engine that wrote a line nobody asked for since its last reply."""
        engine = self._engine
        assert engine is not None
        extra = engine.unrequested()
        if extra is not None:
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
        if raw is None:
            # One copy of the message, the next id first unless it carries its own.
            request: JSON = dict(message) if "id" in message else {"id": self._next_id, **message}
            self._next_id += 1
            data = _line(request)
        else:
            request = dict(message)
            data = raw
        return request, (request if raw is None else raw), data

    def _write(self, data: bytes, shown: Mapping[str, Any] | bytes) -> None:
        """Write request line(s) to the engine, or raise EngineFailure if it is gone."""
        engine = self._engine
        assert engine is not None
        self._last_request = shown
        engine.send(data)
        if engine.stdin_broken:
            status = engine.exit_status(1.0)
            raise self._fail_and_discard(
                f"is not running ({describe_status(status)}) and cannot take a request",
                shown,
                expected="the engine to keep running until 'bye'",
            )

    def _receive(
        self,
        request: Mapping[str, Any],
        shown: Mapping[str, Any] | bytes,
        raw: bool = False,
        timeout: float | None = None,
        expect: Mapping[str, Any] | None = None,
    ) -> JSON:
        """Read and check the reply to ``request`` (sent already), or raise EngineFailure;
        ``expect`` is the call's :attr:`~adapters.base.Call.expect`."""
        engine = self._engine
        assert engine is not None
        self._last_request = shown
        lines = engine.lines
        if lines:
            head = lines[0]
            if type(head) is bytes:  # a line read already: the usual case in a batch
                lines.popleft()
                return self._reply(head, request, shown, raw, expect)
        limit = self.timeout if timeout is None else timeout
        item = engine.next_item(time.monotonic() + limit, self.idle)
        if item is None:
            raise self._fail_and_discard(
                f"did not answer within {limit:g} s (killed)",
                shown,
                expected="one reply line, flushed, for every request",
            )
        if isinstance(item, _Held):
            status = engine.exit_status(0.0)
            cmd = request.get("cmd") if not raw else "a raw line"
            raise self._fail_and_discard(
                f"ended ({describe_status(status)}) without answering {cmd}, and a process it "
                "started still held its stdout open (killed)",
                shown,
                expected="a reply; an engine exits only after 'bye'",
            )
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
        return self._reply(item, request, shown, raw, expect)

    def _reply(
        self,
        item: bytes,
        request: Mapping[str, Any],
        shown: Mapping[str, Any] | bytes,
        raw: bool,
        expect: Mapping[str, Any] | None = None,
    ) -> JSON:
        """The reply in line ``item`` to ``request``, checked, or raise EngineFailure."""
        engine = self._engine
        assert engine is not None
        try:
            reply = limits.decode_json(item)
        except limits.LimitError as exc:
            text = str(exc)
            if text.startswith(("not JSON", "not UTF-8")):
                what = f"wrote something that is not JSON ({text.removeprefix('not JSON ')})"
                expected = "one JSON object per line on stdout (logs belong on stderr)"
            else:
                what = f"wrote a reply beyond the protocol's limits: {text}"
                expected = "JSON within the limits of docs/protocol.md (Limits)"
            raise self._fail_and_discard(what, shown, got=item, expected=expected) from None
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
        checked = False
        checker = self.checker
        if checker is not None and isinstance(cmd, str) and not raw:
            known = _take_known(reply, expect) if expect else ()
            try:
                problem = checker(cmd, reply, known) if known else checker(cmd, reply)
            except ValueError:  # a command the schemas do not know (raw probes)
                problem = None
            else:
                checked = problem is None and cmd in _SCHEMA_COMMANDS
            if problem is not None:
                engine.drain()
                raise self._failure(
                    "replied with a message that breaks the protocol schema",
                    shown,
                    got=item,
                    expected=problem,
                    stderr=list(engine.stderr),
                )
        if isinstance(cmd, str) and not raw and not checked:
            # A reply that matched its schema has this shape (the schemas ask for more).
            problem = shape_problem(cmd, reply)
            if problem is not None:  # what the harness reads must be there, checked or not
                engine.drain()
                raise self._failure(
                    "replied with a message of the wrong shape",
                    shown,
                    got=item,
                    expected=problem,
                    stderr=list(engine.stderr),
                )
        return reply

    # -------------------------------------------------------------- requests

    def _call(self, message: Mapping[str, Any]) -> JSON:
        """A request about the current process; refuses to talk about lost games."""
        self._settle()
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
        text = limits.clip(str(text), limits.ENGINE_TEXT_CHARS)
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

    def _require_start(self, deck: object, position: object) -> None:
        """Refuse to send a start the engine cannot take (see ``Implementation.start_modes``)."""
        how = "position" if position is not None else "deck" if deck is not None else "deal"
        if how not in self.hello().start_modes:
            raise UnsupportedByEngine(
                f"engine does not claim capability {how} (it starts games by: "
                f"{', '.join(sorted(self.hello().start_modes))})"
            )

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
            assert isinstance(impl["profiles"], list) and isinstance(impl["capabilities"], list)
            implementation = Implementation(
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
        problem = hello_problem(implementation)
        if problem is not None:
            raise self._failure(
                f"sent a handshake beyond the limits: {problem}",
                {"cmd": "hello"},
                got=json.dumps(reply),
                expected="a handshake within the limits of docs/protocol.md (Limits)",
                stderr=self.stderr_tail(),
            )
        return implementation

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
        message = self._start_message(
            game,
            profile=profile,
            options=options,
            rules=rules,
            seats=seats,
            seed=seed,
            deck=deck,
            position=position,
            lobby=lobby,
        )
        reply = self._ok(message)
        self._games[game] = self._generation
        state: JSON = reply["state"]
        return state

    def _start_message(
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
        """The ``start`` request, once the engine is known to take it (else
        UnsupportedByEngine); the game is forgotten until the engine has started it."""
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
        self._require_start(deck, position)
        if position is not None:
            message["position"] = dict(position)
        if deck is not None:
            message["deck"] = list(deck)
        if lobby is not None:
            self._require("table")
            message["lobby"] = dict(lobby)
        self._games.pop(game, None)
        return message

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

    def pipeline(
        self, game: str, calls: Iterable[Call | StartCall]
    ) -> Generator[Answer, None, None]:
        """Stream the batch's requests to an engine that claims capability ``pipeline``,
        reading the answers in order as they come; any other engine is asked one call at a
        time, as :meth:`Adapter.pipeline` does.

        ``calls`` is read a few calls at a time (:data:`_STREAM_CALLS`), and each handful is
        written as soon as it is known, so that the engine works on the first requests while
        the caller is still planning the later ones (the fuzzer plans a game on the reference
        engine as it goes); the answers already in are handed out between handfuls.  The
        engine still answers one request at a time; what is saved is a round trip (and a
        wake-up of each process) per request.  The engine's stdout is drained meanwhile, so a
        long batch cannot fill the pipe and block.  Closed early, the generator still reads
        (and drops) the answers on their way, so the engine is ready for the next request;
        after a failure the engine is discarded instead, but not after a start it refused
        (its other answers are read and dropped).  An engine that dies part way is blamed on
        the first request it did not answer, whatever was written after it.
        """
        if "pipeline" not in self.hello().capabilities:  # one request at a time, as usual
            yield from super().pipeline(game, calls)
            return
        remaining = iter(calls)
        # request, message, and the call's expect
        sent: collections.deque[tuple[JSON, JSON, Mapping[str, Any] | None]] = collections.deque()
        more, first, failed = True, True, False
        broken: EngineFailure | None = None  # the engine stopped taking requests
        try:
            while more or sent:
                if more:
                    chunk = list(itertools.islice(remaining, _STREAM_CALLS))
                    if not chunk:
                        more = False
                    else:
                        messages = [
                            self._batch_message(game, call, first and not index)
                            for index, call in enumerate(chunk)
                        ]
                        if any(message["cmd"] == "legal" for message in messages):
                            self._require("legal")
                        if first:
                            self._settle()
                            self._call_check(messages[0])
                            self._process()
                            self._check_quiet()
                            first = False
                        # As _prepare does, in one pass (a batch's messages carry no id).
                        requests: list[JSON] = []
                        data = bytearray()
                        for message in messages:
                            request = {"id": self._next_id, **message}
                            self._next_id += 1
                            data += limits.encode_line(request)
                            requests.append(request)
                        broken = self._stream(bytes(data), requests[0])
                        expects = [
                            call.expect if isinstance(call, Call) else None for call in chunk
                        ]
                        sent.extend(zip(requests, messages, expects, strict=True))
                        if broken is not None:
                            more = False
                engine = self._engine
                assert engine is not None
                if more:
                    engine.drain()
                # What has come in so far, or (everything written) whatever is still to come.
                while sent and (not more or engine.lines):
                    request, message, expect = sent[0]
                    try:
                        reply = self._receive(request, request, expect=expect)
                        sent.popleft()
                        cmd = message["cmd"]
                        if cmd == "act":
                            if reply.get("ok") is True:  # as _act_result, without the call
                                answer: Answer = ActResult(
                                    True, reply["state"], tuple(reply["events"])
                                )
                            else:
                                answer = self._act_result(message, reply)
                        elif reply.get("ok") is not True:
                            raise self._refused(cmd, message, reply)
                        elif cmd == "legal":
                            answer = reply["actions"]
                        else:
                            self._games[game] = self._generation
                            answer = Started(reply["state"])
                    except (StartRefused, UnsupportedByEngine):
                        # A start refused is a reply like any other: the engine is well, and
                        # the answers to the rest of the batch are read and dropped.
                        failed = failed or message["cmd"] != "start"
                        raise
                    except BaseException:
                        failed = True
                        raise
                    yield answer
            if broken is not None:  # it answered all it took, then took no more
                failed = True
                raise broken
        finally:
            if sent:
                if failed or self._engine is None:
                    self._discard()
                else:  # closed early: take the answers still coming off the pipe
                    inside = False
                    for request, _, _ in sent:
                        try:
                            inside = _internal_error(self._receive(request, request)) or inside
                        except EngineFailure:
                            break  # the engine is discarded already
                    else:
                        # The answers were not needed, but an engine that failed inside on
                        # one of them (a crash it survived) is not fit for the next game:
                        # a fresh one takes it, as if the requests had never been sent.
                        if inside:
                            self._discard()
            elif failed and self._engine is not None and broken is not None:
                self._discard()

    def _batch_message(self, game: str, call: Call | StartCall, first: bool) -> JSON:
        """The request for one call of a batch (a start only as the batch's first)."""
        if isinstance(call, StartCall):
            if not first:
                raise ValueError("a batch's start can only be its first request")
            return self._start_message(game, **call.arguments)
        if call.action is None:
            return {"cmd": "legal", "game": game, "seat": call.seat}
        return {"cmd": "act", "game": game, "seat": call.seat, "action": dict(call.action)}

    def _stream(self, data: bytes, shown: Mapping[str, Any] | bytes) -> EngineFailure | None:
        """Write request lines part way through a batch: the failure if the engine takes no
        more input (raised once the answers to what it took are read), else None."""
        engine = self._engine
        assert engine is not None
        self._last_request = shown
        engine.send(data)
        if not engine.stdin_broken:
            return None
        return self._failure(
            "stopped taking requests (its stdin is closed) in the middle of a batch",
            shown,
            expected="the engine to keep running until 'bye'",
        )

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
        self._require_start(deck, position)
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

    def end_soon(self, game: str) -> None:
        """To an engine that claims ``pipeline``: send ``end`` and read its reply before the
        next request, not now (the fuzzer ends a game thousands of times a campaign; waiting
        for each reply left both processes idle for a round trip).  A refusal is then dropped;
        an engine that failed is reported by the next request.  Any other engine is asked as
        :meth:`end` asks."""
        if "pipeline" not in self.hello().capabilities or self._engine is None:
            self.end(game)
            return
        self._settle()
        if self._engine is None:  # replaced while settling: the game went with it
            self._games.pop(game, None)
            return
        request, shown, data = self._prepare({"cmd": "end", "game": game})
        self._write(data, shown)
        self._later.append((request, shown))
        self._games.pop(game, None)

    def request(self, message: Mapping[str, Any]) -> JSON:
        self._process()
        return self._exchange(message)

    def request_line(self, line: bytes) -> JSON:
        """Send a raw line (it should end with a newline); the reply must carry ``id: null``."""
        self._process()
        return self._exchange({}, raw=line)


_REPLY_FIELDS: dict[str, tuple[tuple[str, type], ...]] = {
    "hello": (("implementation", dict),),
    "start": (("state", dict),),
    "state": (("state", dict),),
    "next_game": (("state", dict),),
    "act": (("state", dict), ("events", list)),
    "clock": (("state", dict), ("events", list)),
    "legal": (("actions", list),),
}
_STATE_FIELDS: tuple[tuple[str, type], ...] = (
    ("phase", str),
    ("seats", list),
    ("table", list),
    ("stock", list),
    ("discard", list),
)
_SEAT_FIELDS: tuple[tuple[str, type], ...] = (("seat", int), ("hand", list), ("actions", list))


_SCHEMA_COMMANDS = frozenset(
    ("hello", "start", "act", "legal", "state", "clock", "end", "bye", "next_game")
)
"""Commands whose replies the protocol schemas check (a raw probe's may be anything)."""


_STREAM_CALLS = 16
"""Calls of a pipelined batch written at a time (see :meth:`StdioAdapter.pipeline`)."""


def _take_known(reply: JSON, expect: Mapping[str, Any]) -> tuple[str, ...]:
    """The fields of an ``ok: true`` reply that hold, type for type, the values ``expect``
    names (known to be valid, so the schema check may leave them out).  Each such field is
    given the caller's own value, the same JSON, so that the caller's comparison with it is
    a matter of identity."""
    if reply.get("ok") is not True:
        return ()
    known: list[str] = []
    for name, value in expect.items():
        if name in reply and limits.same_json(reply[name], value):
            reply[name] = value
            known.append(name)
    return tuple(known)


def shape_problem(cmd: str, reply: Mapping[str, Any]) -> str | None:
    """What the harness needs of a reply and it lacks (checked even without the schemas).

    Only the shape every caller reads is checked -- the reply's fields, and of a state its
    phase, seats (number, hand, actions), table, stock and discard pile -- so that a reply
    of the wrong shape is the engine's failure, never a crash of the harness.
    """
    if reply.get("ok") is not True:
        error = reply.get("error")
        if not isinstance(error, Mapping) or not isinstance(error.get("code"), str):
            return 'a refusal with "error": {"code": ..., "message": ...}'
        return None
    for key, kind in _REPLY_FIELDS.get(cmd, ()):
        if not isinstance(reply.get(key), kind):
            return f"$.{key} to be {_KIND[kind]}"
    items: list[tuple[str, Any]] = []
    if cmd in ("act", "clock"):
        items = [(f"$.events[{i}]", e) for i, e in enumerate(reply["events"])]
    elif cmd == "legal":
        items = [(f"$.actions[{i}]", a) for i, a in enumerate(reply["actions"])]
    for where, item in items:
        if not isinstance(item, dict):
            return f"{where} to be an object"
    state = reply.get("state")
    if isinstance(state, dict):
        for key, kind in _STATE_FIELDS:
            if not isinstance(state.get(key), kind):
                return f"$.state.{key} to be {_KIND[kind]}"
        for index, seat in enumerate(state["seats"]):
            if not isinstance(seat, dict):
                return f"$.state.seats[{index}] to be an object"
            for key, kind in _SEAT_FIELDS:
                if not isinstance(seat.get(key), kind) or isinstance(seat.get(key), bool):
                    return f"$.state.seats[{index}].{key} to be {_KIND[kind]}"
        for index, pair in enumerate(state["table"]):
            if not isinstance(pair, dict):
                return f"$.state.table[{index}] to be an object"
    return None


_KIND = {dict: "an object", list: "an array", str: "a string", int: "an integer"}


def _line(message: Mapping[str, Any] | bytes) -> bytes:
    if isinstance(message, bytes):
        return message
    return limits.encode_line(message)


def _internal_error(reply: Mapping[str, Any]) -> bool:
    """Whether ``reply`` is an ``internal`` error: the engine failed inside."""
    error = reply.get("error") if reply.get("ok") is False else None
    return isinstance(error, Mapping) and error.get("code") == "internal"


def _as_text(item: _Item) -> str:
    if isinstance(item, bytes):
        return item.decode("utf-8", "replace")
    if isinstance(item, _Oversized):
        return f"<a line of {item.size} bytes>"
    return "<end of output>"


def reference_stdio_command() -> list[str]:
    """The command line serving the reference engine: ``python -m durak_conformance serve``."""
    return [sys.executable, "-m", "durak_conformance", "serve"]
