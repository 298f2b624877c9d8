"""Killing everything an engine started, as far as Linux lets a parent do that.

An engine runs in a session of its own (``start_new_session``): the engine is its leader,
and every process it starts joins that session and its process group unless it asks to
leave.  :func:`kill_tree` takes down:

- the engine's process group, with one ``killpg`` (the kernel makes a fork racing with a
  group kill fail, so no member escapes it);
- every process of the engine's session, whatever its group (a shell's pipelines and jobs);
- every descendant found through the parent links in ``/proc``, also one that started a
  session of its own (``setsid``), and the sessions and groups those lead.  The escapees are
  stopped first (``SIGSTOP``), then killed, and the search repeats until it finds nothing
  new, so one forking while it is killed is caught too.

What it cannot reach: a process that left the engine's session *and* whose parent died
before the search (a daemon's double fork, done before the engine is killed) has no link
left to the engine.  Marking the harness a *child subreaper* (:func:`adopt_orphans`, which
the command line does) makes such orphans the harness's own children instead of init's, so
:func:`reap_descendants` finds and kills them when the command ends.  A process that also
moves to another user, another PID namespace or a container is out of reach, and if the
harness itself is killed with SIGKILL nothing runs: engines then see their stdin close
(a protocol engine exits on end of input) and a hung one stays.  Without ``/proc`` (not
Linux) only the process group is killed.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import signal
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

_PROC = "/proc"
_PR_SET_CHILD_SUBREAPER = 36


@dataclass(frozen=True, slots=True)
class ProcessInfo:
    """One line of the process table: parent, process group and session."""

    pid: int
    ppid: int
    pgid: int
    sid: int
    state: str


def process_table() -> dict[int, ProcessInfo]:
    """Every process we can see in ``/proc`` (empty where there is no ``/proc``)."""
    table: dict[int, ProcessInfo] = {}
    try:
        names = os.listdir(_PROC)
    except OSError:
        return table
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"{_PROC}/{name}/stat", "rb") as handle:
                text = handle.read().decode("ascii", "replace")
        except OSError:
            continue  # gone meanwhile
        # "pid (comm) state ppid pgrp session ...": comm may hold spaces and parentheses.
        fields = text.rpartition(")")[2].split()
        if len(fields) < 4:
            continue
        try:
            table[int(name)] = ProcessInfo(
                int(name), int(fields[1]), int(fields[2]), int(fields[3]), fields[0]
            )
        except ValueError:
            continue
    return table


def descendants(root: int, table: dict[int, ProcessInfo]) -> set[int]:
    """Processes below ``root`` by parent links (``root`` excluded)."""
    children: dict[int, list[int]] = {}
    for info in table.values():
        children.setdefault(info.ppid, []).append(info.pid)
    found: set[int] = set()
    stack = [root]
    while stack:
        for child in children.get(stack.pop(), ()):
            if child not in found and child != root:
                found.add(child)
                stack.append(child)
    return found


def _members(table: dict[int, ProcessInfo], leaders: set[int], roots: set[int]) -> set[int]:
    """Processes whose session or group is led by one of ``leaders``, the descendants of
    ``roots``, and the descendants of all of those."""
    found = {p.pid for p in table.values() if p.sid in leaders or p.pgid in leaders}
    for pid in list(found | roots):
        found |= descendants(pid, table)
    return found


def pipe_holders(ends: Mapping[int, str]) -> set[int]:
    """Processes (that we may inspect) holding the engine's end of one of its pipes.

    ``ends`` maps a pipe's inode to the engine's side of it: ``"w"`` for its stdout and
    stderr (the engine writes them), ``"r"`` for its stdin.  Whoever holds the engine's end
    keeps, for instance, its stdout from reaching end of file.  The harness's own ends (and
    those a forked worker inherited) are of the other side and never match.
    """
    wanted = {f"pipe:[{inode}]": side for inode, side in ends.items()}
    found: set[int] = set()
    if not wanted:
        return found
    try:
        names = os.listdir(_PROC)
    except OSError:
        return found
    for name in names:
        if not name.isdigit():
            continue
        folder = f"{_PROC}/{name}/fd"
        try:
            fds = os.listdir(folder)
        except OSError:
            continue  # another user's process, or gone
        for fd in fds:
            try:
                side = wanted.get(os.readlink(f"{folder}/{fd}"))
                if side is not None and _opened_for(f"{_PROC}/{name}/fdinfo/{fd}", side):
                    found.add(int(name))
                    break
            except OSError:
                continue
    return found


def _opened_for(fdinfo: str, side: str) -> bool:
    """Whether the descriptor described by ``fdinfo`` may read (``r``) or write (``w``)."""
    with open(fdinfo, encoding="ascii", errors="replace") as handle:
        for line in handle:
            if line.startswith("flags:"):
                access = int(line.split()[1], 8) & os.O_ACCMODE
                return access == os.O_RDWR or access == (
                    os.O_WRONLY if side == "w" else os.O_RDONLY
                )
    return False


def _signal(pids: Iterable[int], sig: signal.Signals) -> None:
    me = os.getpid()
    for pid in pids:
        if pid > 1 and pid != me:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, sig)


def kill_tree(
    leader: int,
    *,
    group_alive: bool = True,
    pipes: Mapping[int, str] | None = None,
    rounds: int = 4,
) -> set[int]:
    """SIGKILL the engine whose session and group ``leader`` leads, and all it started.

    ``group_alive`` says the leader has not been reaped yet, so its number still names its
    group (after reaping, a new process could in principle reuse it: the group is then
    reached through the process table only).  ``pipes`` maps the inodes of the engine's
    stdin, stdout and stderr pipes to the engine's side (see :func:`pipe_holders`): any
    other process holding the engine's end of one is the engine's too (a helper it started
    that escaped its session and lost its parent), and is killed with its session.
    Returns the pids signalled besides the group.
    """
    me = os.getpid()
    table = process_table()
    # Reaped, the leader's number may already belong to a stranger: follow no links from it.
    roots = {leader} if group_alive else set()
    holders = pipe_holders(pipes or {}) - {me}
    roots |= holders
    targets = (_members(table, {leader}, roots) | holders) - {me}
    if not group_alive:
        targets.discard(leader)
    _signal(targets, signal.SIGSTOP)  # nobody forks while the rest is found
    if group_alive:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(leader, signal.SIGKILL)
    killed: set[int] = set()
    for _ in range(rounds):
        _signal(targets - killed, signal.SIGKILL)
        killed |= targets
        if not table:
            break
        table = process_table()
        leaders = {leader} | {table[p].sid for p in killed if p in table}
        leaders |= {table[p].pgid for p in killed if p in table}
        new = _members(table, leaders, killed) - killed - {me, leader}
        new = {p for p in new if table[p].state not in ("Z", "X")}
        if not new:
            break
        _signal(new, signal.SIGSTOP)
        targets = new
    _reap_own(killed)
    return killed


def _reap_own(pids: Iterable[int], wait: float = 0.5) -> None:
    """Collect the exit status of any of ``pids`` that became our child (as subreaper), so
    no zombie of a killed helper stays in the process table until the command ends."""
    pending = set(pids)
    deadline = time.monotonic() + wait
    while pending:
        for pid in list(pending):
            try:
                done, _ = os.waitpid(pid, os.WNOHANG)
            except (ChildProcessError, OSError):  # not our child (or already collected)
                pending.discard(pid)
                continue
            if done:
                pending.discard(pid)
        if not pending or time.monotonic() > deadline:
            return
        time.sleep(0.01)


def adopt_orphans() -> bool:
    """Make this process a child subreaper (Linux): orphans of everything it started become
    its children instead of init's, so :func:`reap_descendants` can still find them.

    Returns whether it worked.  Only the command line calls this: a library user's process
    should not silently become the parent of strangers' orphans.
    """
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return bool(libc.prctl(_PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def reap_descendants(wait: float = 2.0) -> set[int]:
    """SIGKILL every process below this one and collect the exit status of our children.

    For the end of a command: whatever is still running below it then is left over
    (an engine's helper, a worker that did not stop).  Returns the pids killed.
    """
    me = os.getpid()
    table = process_table()
    below = descendants(me, table)
    leaders = {p for p in below if table[p].sid == p or table[p].pgid == p}
    targets = (below | _members(table, leaders, below)) - {me}
    targets = {p for p in targets if p in table and table[p].state != "Z"}
    _signal(targets, signal.SIGSTOP)
    _signal(targets, signal.SIGKILL)
    for leader in leaders:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(leader, signal.SIGKILL)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == 0:
            time.sleep(0.01)
    return targets


def alive(pid: int) -> bool:
    """Whether ``pid`` is a running (not zombie) process."""
    try:
        with open(f"{_PROC}/{pid}/stat", "rb") as handle:
            state = handle.read().decode("ascii", "replace").rpartition(")")[2].split()[0]
    except (OSError, IndexError):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return not os.path.isdir(_PROC)
    return state not in ("Z", "X")
