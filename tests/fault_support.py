"""Running durak-conformance as a program against an attack, and checking what it left.

Every attack of ``test_fault_injection.py`` runs the real command in a subprocess, in a
scratch folder laid out as ``<scratch>/outer/inner/work`` (the working folder) with the
reports folder ``work/reports`` seeded with a last complete report set, and with
``$ZOO_PIDS`` pointing to a folder where every zoo process leaves its pid.  The program runs
under an address-space limit (memory bounded) and a generous deadline that only detects a
hang; afterwards the helpers here check the five promises of the suite.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from adapters.processes import alive, process_table

ROOT = Path(__file__).resolve().parent.parent
ENGINES = Path(__file__).resolve().parent / "engines"
PYTHON = sys.executable

MEMORY_LIMIT = 1 << 30
"""Address space each process of the program may use (a bomb fails with MemoryError)."""
HANG_DEADLINE = 300.0
"""Seconds after which a command is taken to hang (not a speed check: only a hang fails)."""

BASELINE_NAME = "durak-conformance-reference"
"""The name of the seeded report set: the name every zoo engine's reports take."""

_LIMIT_AND_EXEC = (
    "import os, resource, sys; "
    f"resource.setrlimit(resource.RLIMIT_AS, ({MEMORY_LIMIT}, {MEMORY_LIMIT})); "
    "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])"
)


def engine(name: str, *args: str) -> list[str]:
    """The command line of a zoo engine."""
    return [PYTHON, str(ENGINES / f"{name}.py"), *args]


@dataclass
class Scratch:
    """One attack's folders."""

    root: Path

    @property
    def work(self) -> Path:
        return self.root / "outer" / "inner" / "work"

    @property
    def reports(self) -> Path:
        return self.work / "reports"

    @property
    def pids(self) -> Path:
        return self.root / "pids"

    @property
    def files(self) -> Path:
        """Where an attack puts the hostile files it feeds the program."""
        return self.root / "input"


def make_scratch(root: Path, baseline: Path | None) -> Scratch:
    """A scratch folder whose reports folder holds a copy of ``baseline`` (or nothing)."""
    scratch = Scratch(root)
    scratch.work.mkdir(parents=True)
    scratch.pids.mkdir()
    scratch.files.mkdir()
    if baseline is not None:
        shutil.copytree(baseline, scratch.reports)
    return scratch


def snapshot(folder: Path, *, skip: Sequence[Path] = ()) -> dict[str, str]:
    """Relative path -> content hash of every file under ``folder`` (not under ``skip``)."""
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*")):
        if any(path == s or s in path.parents for s in skip) or not path.is_file():
            continue
        if path.name == ".durak-conformance.lock":  # the reports folder's lock: empty
            continue
        found[str(path.relative_to(folder))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


@dataclass
class Outcome:
    """What the program did."""

    code: int
    out: str
    pid: int
    seconds: float
    extra: dict[str, object] = field(default_factory=dict)

    @property
    def text(self) -> str:
        return self.out


def run_program(
    scratch: Scratch,
    args: Sequence[str],
    *,
    env: Mapping[str, str] | None = None,
    stdin: bytes | None = None,
    signal_when: Callable[[], bool] | None = None,
    send: Callable[[subprocess.Popen[bytes]], None] | None = None,
) -> Outcome:
    """Run ``durak-conformance ARGS`` as a program (limited memory, own session).

    With ``signal_when`` and ``send``, ``send(process)`` is called once ``signal_when()`` is
    true (checked every 0.1 s), to deliver a signal half way through.
    """
    full_env = dict(os.environ)
    full_env.update({"ZOO_PIDS": str(scratch.pids), "PYTHONPATH": str(ROOT)})
    full_env.pop("COLUMNS", None)
    full_env.update(env or {})
    command = [PYTHON, "-c", _LIMIT_AND_EXEC, "-m", "durak_conformance", *args]
    started = time.monotonic()
    process = subprocess.Popen(
        command,
        cwd=scratch.work,
        env=full_env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own session: a Ctrl-C is sent to its group alone
    )
    try:
        if signal_when is not None and send is not None:
            deadline = time.monotonic() + HANG_DEADLINE
            while not signal_when() and process.poll() is None:
                assert time.monotonic() < deadline, "the run never got going"
                time.sleep(0.1)
            if process.poll() is None:
                send(process)
            out, _ = process.communicate(timeout=HANG_DEADLINE)
        else:
            out, _ = process.communicate(stdin or b"", timeout=HANG_DEADLINE)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise AssertionError(f"durak-conformance {' '.join(args)} hung") from None
    return Outcome(
        process.returncode,
        out.decode("utf-8", "replace"),
        process.pid,
        time.monotonic() - started,
    )


def zoo_pids(scratch: Scratch) -> list[int]:
    return [int(name) for name in os.listdir(scratch.pids) if name.isdigit()]


def processes_left(scratch: Scratch, outcome: Outcome) -> list[str]:
    """Zoo processes still running, and anything left in the program's session."""
    time.sleep(0.2)  # a killed process takes a moment to be gone from the table
    left = [f"zoo process {pid}" for pid in zoo_pids(scratch) if alive(pid)]
    left += [
        f"process {info.pid} of the program's session"
        for info in process_table().values()
        if info.sid == outcome.pid and info.state not in ("Z", "X")
    ]
    return left


def kill_left(scratch: Scratch) -> None:
    """Clean up after a failed check, so one failure does not leave processes for the next."""
    for pid in zoo_pids(scratch):
        if alive(pid):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


# ------------------------------------------------------------------------------ report sets


def report_set(folder: Path, name: str) -> dict[str, Path]:
    return {ext: folder / f"{name}{ext}" for ext in (".json", ".junit.xml", ".md")}


def check_complete_set(reports: Path, name: str) -> dict[str, object]:
    """The set ``name`` in ``reports`` is one run's, whole: JSON, JUnit and Markdown of the
    same run, and badges for exactly its profiles.  Returns the JSON report."""
    files = report_set(reports, name)
    missing = [str(p) for p in files.values() if not p.is_file()]
    assert not missing, f"report set {name} incomplete: {missing} missing"
    data = json.loads(files[".json"].read_text(encoding="utf-8"))
    started = data["header"]["started_at"]
    suites = ET.parse(files[".junit.xml"]).getroot().findall("testsuite")
    assert all(s.get("timestamp") == started for s in suites), "JUnit from another run"
    assert started in files[".md"].read_text(encoding="utf-8"), "Markdown from another run"
    cases = sorted(c.get("name", "") for s in suites for c in s.findall("testcase"))
    names = sorted(
        r["name"]
        + (
            f" [{','.join(f'{k}={v}' for k, v in sorted(r['options'].items()))}]"
            if r["options"]
            else ""
        )
        for r in data["records"]
    )
    assert cases == names, "JUnit from another run"
    totals = data["footer"]["totals"]
    assert f"- Totals: {totals['pass']} passed, {totals['fail']} failed" in (
        files[".md"].read_text(encoding="utf-8")
    ), "Markdown from another run"
    badge_dir = reports / "badges" / name
    badges = sorted(p.name for p in badge_dir.glob("badge-*.json")) if badge_dir.is_dir() else []
    profiles = sorted({*data["header"]["profiles"], *(r["profile"] for r in data["records"])})
    assert badges == [f"badge-{p}.json" for p in profiles], (badges, profiles)
    return dict(data)


def control_characters(text: str) -> list[str]:
    """Control characters (but newline and tab) in ``text``, as escapes."""
    return sorted({f"\\x{ord(c):02x}" for c in text if ord(c) < 32 and c not in "\n\t"})
