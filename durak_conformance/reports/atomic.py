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
from collections.abc import Iterator
from pathlib import Path
from typing import IO


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
