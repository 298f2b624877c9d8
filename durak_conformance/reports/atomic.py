"""Atomic file writes: a reader sees the old file or the new one, never half of either.

The text goes to a hidden temporary file in the target's directory (same file system, so the
final rename is atomic), is flushed and fsynced, then ``os.replace``-d over the target. An
exception inside the write removes the temporary file. A process killed outright (SIGKILL,
power loss) cannot clean up: it may leave a ``.<name>.<random>.tmp`` file behind, but the
target itself is always complete.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO

from durak_conformance.interrupts import deferred


def temp_name(path: Path) -> Path:
    """A fresh hidden temporary name next to ``path``."""
    return path.with_name(f".{path.name}.{secrets.token_hex(6)}.tmp")


def _fsync_directory(directory: Path) -> None:
    # Makes the rename itself durable; not possible on every platform, so best effort.
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@contextlib.contextmanager
def atomic_writer(path: str | os.PathLike[str], encoding: str = "utf-8") -> Iterator[IO[str]]:
    """Open ``path`` for writing text atomically; the file appears only when the block ends.

    The parent directory is created if missing. A new file gets the usual permissions
    (0666 less the umask) rather than a temporary file's 0600; an existing file keeps its mode.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = temp_name(target)
    try:
        mode = target.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = None
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="\n") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    _fsync_directory(target.parent)


def atomic_write_text(path: str | os.PathLike[str], text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` atomically (see :func:`atomic_writer`)."""
    with atomic_writer(path, encoding=encoding) as handle:
        handle.write(text)


LOCK_NAME = ".durak-conformance.lock"
"""The lock file of a reports folder: writers of a report set hold it exclusively."""


@contextlib.contextmanager
def locked(folder: str | os.PathLike[str], *, shared: bool = False) -> Iterator[None]:
    """Hold the reports folder's lock (exclusive for writers, ``shared`` for readers).

    Two runs writing into one folder take turns, so the folder ends with one run's whole
    set, never JSON from one and JUnit from the other.  Where ``fcntl`` is missing (not
    POSIX) this does nothing.
    """
    directory = Path(folder)
    directory.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        yield
        return
    fd = os.open(directory / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        fcntl.flock(fd, fcntl.LOCK_SH if shared else fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def write_set(
    folder: str | os.PathLike[str],
    files: dict[Path, str],
    *,
    stale: Iterable[Path] = (),
    encoding: str = "utf-8",
) -> list[Path]:
    """Write several files as one unit: all of them or none, and never mixed with another
    writer's set.

    Every text is first written completely to a temporary file next to its target (so a
    failure, or a signal, while writing leaves every target as it was).  Then, holding the
    folder's lock, the temporary files replace their targets one after the other and the
    ``stale`` files (an earlier set's files this one does not have) are removed.  A process
    killed outright between two renames (SIGKILL, power loss) can still leave a mix: that is
    the one case rename cannot cover.  Returns the targets in the order given.
    """
    staged: list[tuple[Path, Path]] = []
    try:
        for target, text in files.items():
            target.parent.mkdir(parents=True, exist_ok=True)
            tmp = temp_name(target)
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
            staged.append((tmp, target))
            with os.fdopen(fd, "w", encoding=encoding, newline="\n") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            with contextlib.suppress(FileNotFoundError):
                os.chmod(tmp, target.stat().st_mode & 0o7777)
        with locked(folder), deferred():  # a stop signal waits until the set is in place
            for tmp, target in staged:
                os.replace(tmp, target)
            for path in stale:
                if path not in files:
                    with contextlib.suppress(FileNotFoundError):
                        path.unlink()
            for directory in {target.parent for _, target in staged}:
                _fsync_directory(directory)
    except BaseException:
        for tmp, _ in staged:
            with contextlib.suppress(FileNotFoundError):
                tmp.unlink()
        raise
    return list(files)
