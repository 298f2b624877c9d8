"""Signals that stop a command: SIGINT (Ctrl-C), SIGTERM (a CI job cancelled) and SIGHUP.

All three stop a command the same way: the first one raises :class:`KeyboardInterrupt` in
the main thread (so pytest, the fuzzer and the adapters unwind, killing their engines on
the way), and the command exits ``128 + the signal's number`` (130, 143, 129), the code a
shell gives a process killed by it.  Further signals while the command cleans up are noted
and ignored: the clean-up is bounded (see :mod:`durak_conformance.limits`), and a second
Ctrl-C must not leave engines behind by cutting it short.

A worker process (pytest-xdist, the fuzzer's pool) gets the signal passed on by
:func:`forward_to_children`, so it stops its own engines too.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from collections.abc import Iterator
from types import FrameType

STOP_SIGNALS: tuple[signal.Signals, ...] = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

_received: list[int] = []


def received() -> int | None:
    """The first stop signal this process received, or None."""
    return _received[0] if _received else None


def exit_code(signum: int | None = None) -> int:
    """The exit code of a command stopped by ``signum`` (default: the one received, else
    SIGINT, which is what a KeyboardInterrupt without a handler means)."""
    number = signum if signum is not None else (received() or int(signal.SIGINT))
    return 128 + int(number)


def describe(signum: int | None = None) -> str:
    """``SIGTERM`` and the like, for messages."""
    number = signum if signum is not None else (received() or int(signal.SIGINT))
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def forward_to_children(signum: int) -> None:
    """Pass ``signum`` on to this process's direct children (its workers)."""
    from adapters.processes import process_table

    me = os.getpid()
    for info in process_table().values():
        if info.ppid == me:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(info.pid, signum)


_deferring: list[int] = []
"""Non-empty while a block that must not be cut in two runs (see :func:`deferred`)."""
_pending: list[int] = []


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Hold a stop signal back until the block ends (a report set's renames: stopped half
    way they would leave a mix); the interrupt comes right after it.  Effective where the
    handlers are installed (the program); elsewhere a KeyboardInterrupt is not held."""
    _deferring.append(1)
    try:
        yield
    finally:
        _deferring.pop()
    if not _deferring and _pending:
        signum = _pending.pop()
        _pending.clear()
        raise KeyboardInterrupt(describe(signum))


def _handler(signum: int, frame: FrameType | None, *, forward: bool = True) -> None:
    first = not _received
    _received.append(signum)
    if first and _deferring:
        _pending.append(signum)
        if forward:
            forward_to_children(int(signal.SIGINT))
        return
    if not first:
        if forward:
            print(
                f"durak-conformance: {describe(signum)} again: still stopping (the engines are "
                "being killed)",
                file=sys.stderr,
                flush=True,
            )
        return
    if forward:
        forward_to_children(int(signal.SIGINT))
    raise KeyboardInterrupt(describe(signum))


def _worker_handler(signum: int, frame: FrameType | None) -> None:
    _handler(signum, frame, forward=False)


def install_in_worker() -> None:
    """In a worker process (pytest-xdist): the first stop signal interrupts, later ones
    (Ctrl-C reaches a worker both from the terminal and from the main process) are ignored,
    so the worker's clean-up -- killing its engines -- runs to the end."""
    for sig in STOP_SIGNALS:
        with contextlib.suppress(ValueError, OSError):  # not the main thread
            signal.signal(sig, _worker_handler)


def _exit_handler(signum: int, frame: FrameType | None) -> None:
    from adapters.stdio import kill_all

    kill_all()
    os._exit(128 + signum)


def install_exit_in_worker() -> None:
    """In a pool worker (the fuzzer's): a stop signal kills the worker's engines and ends
    the worker at once, quietly (its results are not wanted any more, and a pool stops its
    workers with SIGTERM)."""
    for sig in STOP_SIGNALS:
        with contextlib.suppress(ValueError, OSError):
            signal.signal(sig, _exit_handler)


@contextlib.contextmanager
def handled() -> Iterator[None]:
    """Install the handlers (main thread only) for the duration of a command."""
    previous = {}
    for sig in STOP_SIGNALS:
        with contextlib.suppress(ValueError, OSError):  # not the main thread
            previous[sig] = signal.signal(sig, _handler)
    try:
        yield
    finally:
        for sig, old in previous.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(sig, old)
