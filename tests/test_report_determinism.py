"""Two identical runs write the same reports, byte for byte, but for the documented volatile
fields (when the run started, how long it and each scenario took).

The runs are separate processes with different hash seeds: an order taken from a set (pytest-bdd
keeps a scenario's tags in one) changes between them, and this test sees it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from durak_conformance.reports.model import VOLATILE_FIELDS, stable_view

# Scenarios with several @rule tags each, so an unordered clause list shows.
SELECTION = ["--profile", "howto-durak", "--id", "howto-durak.deal.*", "--id", "compare.*"]


def run_once(work: Path, seed: int) -> None:
    """The main job's command (default reports folder) in ``work``."""
    done = subprocess.run(
        [sys.executable, "-m", "durak_conformance", "run", "--no-progress", *SELECTION],
        cwd=work,
        env={**os.environ, "PYTHONHASHSEED": str(seed)},
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_identical_runs_write_identical_reports(tmp_path: Path) -> None:
    first, second = tmp_path / "one", tmp_path / "two"
    for folder, seed in ((first, 1), (second, 2)):
        folder.mkdir()
        run_once(folder, seed)
    one = first / "conformance-reports"
    two = second / "conformance-reports"
    names = sorted(p.relative_to(one).as_posix() for p in one.rglob("*") if p.is_file())
    assert names == sorted(p.relative_to(two).as_posix() for p in two.rglob("*") if p.is_file())
    assert "reference.json" in names
    for name in names:
        a = (one / name).read_text(encoding="utf-8")
        b = (two / name).read_text(encoding="utf-8")
        if name.endswith(".json") and "records" in json.loads(a):
            data_a, data_b = json.loads(a), json.loads(b)
            assert any(len(r["clauses"]) > 1 for r in data_a["records"])
            assert json.dumps(stable_view(data_a)) == json.dumps(stable_view(data_b)), name
            # Nothing else is volatile: the files differ only where those fields are.
            assert _blank_json(a) == _blank_json(b), name
        elif name.endswith(".junit.xml"):
            assert _blank_junit(a) == _blank_junit(b), name
        elif name.endswith(".md"):
            assert _blank_markdown(a) == _blank_markdown(b), name
        else:
            assert a == b, name
    assert VOLATILE_FIELDS == ("header.started_at", "footer.duration", "records[].duration")


def _blank_json(text: str) -> str:
    text = re.sub(r'"started_at": "[^"]*"', '"started_at": null', text)
    return re.sub(r'"duration": [0-9.e+-]+', '"duration": null', text)


def _blank_junit(text: str) -> str:
    return re.sub(r' (time|timestamp)="[^"]*"', "", text)


def _blank_markdown(text: str) -> str:
    return re.sub(r"- Started: .*", "- Started:", text)
