"""Starts a helper that keeps the engine's stdout (and stderr) open, then misbehaves.

On the first action of a triggering game the engine starts ``sleep`` as a child holding its
stdout and stderr, then, by ``HOLDS_STDOUT_MODE``:

- ``exit`` (default): exits without answering, so the pipe never reaches end of file;
- ``hang``: never answers.

With ``HOLDS_STDOUT_SESSION=1`` the helper starts a session of its own (``setsid``), out of
the engine's process group; with ``HOLDS_STDOUT_DAEMON=1`` it double-forks as well, so its
parent is gone before the harness looks.  Every process leaves its pid in ``$ZOO_PIDS``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

from _common import Reply, Request, register_pid, serve

MODE = os.environ.get("HOLDS_STDOUT_MODE", "exit")
SESSION = os.environ.get("HOLDS_STDOUT_SESSION") == "1"
DAEMON = os.environ.get("HOLDS_STDOUT_DAEMON") == "1"

_DAEMON = """
import os, sys, time
if os.fork():
    os._exit(0)
os.setsid()
sys.path.insert(0, sys.argv[1])
from _common import register_pid
register_pid()
time.sleep(3600)
"""


def spawn_helper() -> None:
    if DAEMON:
        # A daemon: the middle process exits at once; the grandchild keeps the pipes.
        middle = subprocess.Popen(
            [sys.executable, "-c", _DAEMON, os.path.dirname(os.path.abspath(__file__))],
            start_new_session=True,
        )
        middle.wait()
        time.sleep(0.5)  # let the grandchild register itself
        return
    helper = subprocess.Popen(["sleep", "3600"], start_new_session=SESSION)
    register_pid(helper.pid)


def misbehave(request: Request, reply: Reply) -> bool:
    spawn_helper()
    if MODE == "hang":
        time.sleep(3600)
    sys.stdout.flush()
    os._exit(4)


serve("holds_stdout", misbehave)
