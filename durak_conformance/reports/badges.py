"""shields.io endpoint badges, one per profile: ``{"schemaVersion": 1, "label": ..., ...}``.

The percentage is passed / judged, where passed = ``pass`` + ``xpass`` (the engine did what
the rules say) and judged = every record except ``skip``. Skips are left out of the
denominator because a skip means the scenario was not judged (the engine declared the rule,
option or capability unsupported, or the expectations file skips it): counting it as failed
would punish honest ``unsupported`` replies, counting it as passed would reward them. Known
failures (``xfail``) stay in the denominator: an expectation explains a failure, it does not
turn it into conformance.

A run that stopped early (``--max-fail``, an interruption, an internal error) is never shown
as a result: its badge says ``incomplete`` and is grey, whatever its percentage.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from durak_conformance.reports.atomic import atomic_write_text
from durak_conformance.reports.model import RunReport

COLOUR_SCALE: tuple[tuple[float, str], ...] = (
    (100.0, "brightgreen"),
    (90.0, "green"),
    (75.0, "yellowgreen"),
    (50.0, "yellow"),
    (25.0, "orange"),
    (0.0, "red"),
)
"""(lowest percentage, shields.io colour), highest first."""
NO_DATA_COLOUR = "lightgrey"


def colour(percent: float) -> str:
    """The colour for a percentage: brightgreen only at 100, red below 25."""
    for lowest, name in COLOUR_SCALE:
        if percent >= lowest:
            return name
    return COLOUR_SCALE[-1][1]


def badge(report: RunReport, profile: str) -> dict[str, Any]:
    """The endpoint JSON for one profile of the report."""
    records = [r for r in report.records if r.profile == profile and r.status != "skip"]
    passed = sum(1 for r in records if r.status in ("pass", "xpass"))
    judged = len(records)
    if judged == 0:
        return {
            "schemaVersion": 1,
            "label": profile,
            "message": "not run",
            "color": NO_DATA_COLOUR,
        }
    # Floor, so that 149/150 never rounds up to a misleading 100%.
    percent = passed * 100 // judged
    if not report.complete:
        return {
            "schemaVersion": 1,
            "label": profile,
            "message": f"incomplete: {percent}% ({passed}/{judged})",
            "color": NO_DATA_COLOUR,
        }
    return {
        "schemaVersion": 1,
        "label": profile,
        "message": f"{percent}% ({passed}/{judged})",
        "color": colour(passed * 100 / judged),
    }


def badges(report: RunReport) -> dict[str, dict[str, Any]]:
    """Badge JSON per profile, for every profile with records or listed in the header."""
    profiles = list(dict.fromkeys([*report.header.profiles, *(r.profile for r in report.records)]))
    return {profile: badge(report, profile) for profile in profiles}


def badge_files(
    report: RunReport,
    directory: str | os.PathLike[str],
    keep: Callable[[str], bool] = lambda profile: True,
) -> dict[Path, str]:
    """``badge-<profile>.json`` path -> text, for each profile ``keep`` accepts.

    The run command keeps only names spelled like this suite's profile ids: a profile name
    is never a path an engine chose.
    """
    folder = Path(directory)
    return {
        folder / f"badge-{profile}.json": json.dumps(data) + "\n"
        for profile, data in badges(report).items()
        if keep(profile) and "/" not in profile and profile not in ("", ".", "..")
    }


def write_badges(report: RunReport, directory: str | os.PathLike[str]) -> list[Path]:
    """Write ``badge-<profile>.json`` for each profile atomically; returns the paths."""
    paths = []
    for path, text in badge_files(report, directory).items():
        atomic_write_text(path, text)
        paths.append(path)
    return paths
