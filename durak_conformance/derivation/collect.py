"""The suite's position starts: every run of a scenario that starts from a position.

The positions are what the scenarios' ``Given`` steps build, so they are gathered by running
those steps: pytest runs the suite in process against the reference engine with the plugin's
``--durak-collect-positions`` option, under which the driver hands each position start to the
plugin and skips the scenario instead of playing it.
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from durak_conformance.derivation.target import Target
from durak_conformance.runner import suite_args


class CollectionFailed(Exception):
    """The suite could not be collected or its set-up steps failed (with pytest's words)."""


@dataclass(frozen=True)
class Run:
    """One run of a scenario that starts from a position."""

    feature: str
    """``features/<dir>/<name>.feature``."""
    scenario: str
    """The ``@id``."""
    name: str
    line: int
    row: dict[str, str]
    """The Examples row of an outline run (empty for a plain scenario)."""
    steps: tuple[str, ...]
    problems: tuple[str, ...]
    """Why the position cannot be reached by legal play (empty when nothing is known)."""
    target: Target
    marked: str | None = None
    """Why the position cannot be reached by legal play, as the scenario says (its step
    ``the position cannot be reached by legal play, because ...``)."""

    @property
    def label(self) -> str:
        row = ",".join(f"{k}={v}" for k, v in self.row.items())
        return f"{self.scenario}[{row}]" if row else self.scenario

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Run:
        return cls(
            feature=str(data["feature"]),
            scenario=str(data["scenario"]),
            name=str(data["name"]),
            line=int(data["line"]),
            row={str(k): str(v) for k, v in data.get("row", {}).items()},
            steps=tuple(str(s) for s in data.get("steps", [])),
            problems=tuple(str(p) for p in data.get("problems", [])),
            target=Target.from_json(data["target"]),
            marked=None if data.get("marked") is None else str(data["marked"]),
        )


def collect(profiles: Sequence[str] = (), ids: Sequence[str] = ()) -> list[Run]:
    """Every position run of the suite (of ``profiles`` and scenario ``ids`` globs if given),
    in the suite's order."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "positions.jsonl"
        out.touch()
        args = [
            *suite_args(),
            "--durak-adapter",
            "reference",
            "--durak-collect-positions",
            str(out),
        ]
        for profile in profiles:
            args += ["--durak-profile", profile]
        for pattern in ids:
            args += ["--durak-id", pattern]
        captured = io.StringIO()
        with contextlib.redirect_stdout(captured):
            code = pytest.main(args)
        if code not in (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED):
            tail = "\n".join(captured.getvalue().splitlines()[-30:])
            raise CollectionFailed(
                f"running the scenarios' set-up steps failed (pytest exit {int(code)}):\n{tail}"
            )
        lines = out.read_text(encoding="utf-8").splitlines()
    return [Run.from_json(json.loads(line)) for line in lines if line.strip()]
