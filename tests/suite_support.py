"""Running the Gherkin suite in a pytest subprocess with a plugin of the test's own."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "durak_conformance" / "suite" / "test_features.py"


def run_suite_with_plugin(
    work: Path, name: str, source: str, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run the suite against the in-process reference engine with the plugin ``source``
    (loaded as module ``name`` from ``work``) and ``args``; fails with pytest's output
    unless it exits 0."""
    (work / f"{name}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            str(SUITE),
            "-q",
            *("-p", name, "-p", "no:randomly", "-p", "no:xdist"),
            *("--durak-adapter", "reference"),
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(work), **(env or {})},
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return done
