"""Option and reading coverage: which scenarios play each table option value and each reading
of an ambiguous parameter, in each rule area the value changes.

A profile's option value (``deck=24``) sets parameters (``deck_size``, ``max_seats``); each
parameter changes the rule areas listed in :data:`PARAMETER_AREAS` (the middle part of clause
ids: ``limits``, ``deal``, ...).  A value *is played in an area* by a scenario of that profile
that runs with the value (its ``Given the options ...`` steps, the background's and the
Examples rows' included, defaults filled in) and tags a clause of that area.  A reading of an
ambiguous parameter is played by the scenarios tagged ``@reading:PARAM=VALUE``; the profile's
own reading also by every untagged scenario of the area, which runs under it.

Every (profile, value, area) is either played by a scenario or listed in
``features/coverage-exceptions.yaml`` with the reason it is not; :func:`holes` gives what is
neither, and a test fails on any, so a new option value or reading cannot go unplayed
unnoticed.  ``durak-conformance rules coverage`` prints the table; the site has it as a page.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

import features
from durak_conformance.profiles import Profile, ambiguous_parameters, list_profiles, load_profile
from durak_conformance.site.inventory import Feature, Inventory, Scenario, load_inventory

#: The rule areas (clause id middles) whose outcome each parameter can change.  A parameter
#: an option or a reading sets must be listed (a test checks it), so a new one is placed.
PARAMETER_AREAS: Mapping[str, tuple[str, ...]] = {
    "deck_size": ("deal", "limits"),
    "min_seats": ("table", "throw-in", "drawing"),
    "max_seats": ("table", "throw-in", "drawing"),
    "teams": ("pairs", "throw-in"),
    "transfer": ("transfer",),
    "throw_in_scope": ("throw-in",),
    "throw_in_timing": ("throw-in",),
    "action_seconds": ("timers",),
    "throw_in_seconds": ("timers",),
    "cheater_mode": ("cheating",),
    "clock_total_seconds": ("timers",),
    "clock_increment_seconds": ("timers",),
    "disconnect_grace_seconds": ("departures",),
    "max_bots": ("table",),
    "first_to_draw": ("drawing",),
    "out_timing": ("end",),
    "round_restart": ("throw-in",),
    "departure_next_attacker": ("departures",),
    "accept_when": ("accept",),
    "options_chosen_by": ("table",),
}

EXCEPTIONS_FILE = "coverage-exceptions.yaml"

_OPTION = re.compile(r'^the (?:table )?option "(?P<key>[a-z_]+)" is "(?P<value>[^"]+)"$')
_OPTIONS = re.compile(r'^the (?:table )?options are "(?P<pairs>[^"]*)"$')


@dataclass(frozen=True, slots=True)
class Cell:
    """One profile x value x rule area, and the scenarios that play it."""

    profile: str
    kind: str
    """``option`` or ``reading``."""
    value: str
    """``key=value`` of the option or reading."""
    area: str
    scenarios: tuple[str, ...]
    """Ids of the scenarios that play the value in the area."""
    reason: str | None = None
    """Why the cell is not covered (from the exceptions file), when it is not."""

    @property
    def covered(self) -> bool:
        return bool(self.scenarios)


def _played_options(feature: Feature, scenario: Scenario, profile: Profile) -> list[dict[str, str]]:
    """Every set of option values the scenario runs with (one per Examples row)."""
    rows: list[dict[str, str]] = [{}]
    for examples in scenario.examples:
        rows = [dict(zip(examples.header, row, strict=True)) for row in examples.rows] or rows
    played = []
    for row in rows:
        chosen = {k: o.default for k, o in profile.options.items()}
        for step in (*feature.background, *scenario.steps):
            text = step.text
            for name, value in row.items():
                text = text.replace(f"<{name}>", value)
            if m := _OPTION.match(text):
                chosen[m["key"]] = m["value"]
            elif m := _OPTIONS.match(text):
                for pair in filter(None, (p.strip() for p in m["pairs"].split(","))):
                    key, _, value = pair.partition("=")
                    chosen[key.strip()] = value.strip()
        played.append(chosen)
    return played


def _areas(scenario: Scenario, profile: str) -> set[str]:
    return {c.split(".")[1] for c in scenario.rules if c.startswith(profile + ".")}


def cells(inventory: Inventory | None = None) -> list[Cell]:
    """Every (profile, option value or reading, rule area) with the scenarios that play it."""
    inventory = inventory or load_inventory(features.path())
    exceptions = load_exceptions()
    out: list[Cell] = []
    for pid in list_profiles():
        profile = load_profile(pid)
        played: list[tuple[Scenario, list[dict[str, str]], set[str], dict[str, str]]] = []
        for feature in inventory.features:
            if not feature.path.startswith(pid + "/"):
                continue
            for scenario in feature.scenarios:
                readings = dict(
                    t.removeprefix("@reading:").split("=", 1)
                    for t in scenario.tags
                    if t.startswith("@reading:")
                )
                played.append(
                    (
                        scenario,
                        _played_options(feature, scenario, profile),
                        _areas(scenario, pid),
                        readings,
                    )
                )
        for key, option in profile.options.items():
            changed = [
                p
                for p in {p for c in option.values.values() for p in c.sets}
                if len({repr(c.sets.get(p)) for c in option.values.values()}) > 1
            ]
            areas = sorted({a for p in changed for a in PARAMETER_AREAS.get(p, ())})
            for value in option.values:
                for area in areas:
                    ids = tuple(
                        s.id or s.name
                        for s, rows, s_areas, _ in played
                        if area in s_areas and any(r.get(key) == value for r in rows)
                    )
                    out.append(_cell(pid, "option", f"{key}={value}", area, ids, exceptions))
        for name, choices in ambiguous_parameters(profile).items():
            taken = profile.parameters[name].value
            for reading in choices:
                for area in PARAMETER_AREAS.get(name, ()):
                    ids = tuple(
                        s.id or s.name
                        for s, _, s_areas, readings in played
                        if area in s_areas
                        and (
                            readings.get(name) == reading.label
                            or (name not in readings and reading.value == taken)
                        )
                    )
                    value = f"{name}={reading.label}"
                    out.append(_cell(pid, "reading", value, area, ids, exceptions))
    return out


def _cell(
    profile: str,
    kind: str,
    value: str,
    area: str,
    ids: tuple[str, ...],
    exceptions: Mapping[tuple[str, str, str], str],
) -> Cell:
    reason = None if ids else exceptions.get((profile, value, area))
    return Cell(profile, kind, value, area, ids, reason)


def load_exceptions(path: Path | None = None) -> dict[tuple[str, str, str], str]:
    """``features/coverage-exceptions.yaml``: (profile, value, area) -> why it is not played.

    Raises ``ValueError`` naming the entry for a malformed one."""
    file = path or features.path() / EXCEPTIONS_FILE
    if not file.is_file():
        return {}
    data: Any = yaml.safe_load(file.read_text("utf-8")) or []
    if not isinstance(data, list):
        raise ValueError(f"{file.name}: expected a list of entries")
    out: dict[tuple[str, str, str], str] = {}
    for i, entry in enumerate(data):
        keys = ("profile", "value", "area", "reason")
        if not isinstance(entry, dict) or set(entry) != set(keys):
            raise ValueError(f"{file.name}: entry {i}: expected exactly {', '.join(keys)}")
        if not all(isinstance(entry[k], str) and entry[k] for k in keys):
            raise ValueError(f"{file.name}: entry {i}: every field must be a non-empty string")
        out[(entry["profile"], entry["value"], entry["area"])] = entry["reason"]
    return out


def holes(found: Iterable[Cell]) -> list[Cell]:
    """Cells no scenario plays and no exception explains."""
    return [c for c in found if not c.covered and c.reason is None]


def stale_exceptions(found: Iterable[Cell]) -> list[tuple[str, str, str]]:
    """Exceptions for cells that are covered now, or that no longer exist."""
    by_key = {(c.profile, c.value, c.area): c for c in found}
    return sorted(key for key in load_exceptions() if key not in by_key or by_key[key].covered)


def markdown(found: Iterable[Cell]) -> str:
    """The coverage page: every option value and reading by rule area."""
    found = list(found)
    lines = [
        "# Option and reading coverage",
        "",
        "Every table option value and every reading of an ambiguous parameter, crossed with the "
        "rule areas it changes: the scenarios that play it there, or why none does. Generated "
        "from the profiles, the features and `features/coverage-exceptions.yaml` "
        "(`durak-conformance rules coverage` prints the same table).",
        "",
        f"{sum(c.covered for c in found)} of {len(found)} cells are played by a scenario; "
        f"{sum(not c.covered for c in found)} are listed with a reason"
        + (f"; **{len(holes(found))} are holes**." if holes(found) else "."),
        "",
        "| profile | option or reading | rule area | scenarios |",
        "|---|---|---|---|",
    ]
    for c in found:
        what = f"`{c.value}`" + (" (reading)" if c.kind == "reading" else "")
        if c.covered:
            shown = f"{len(c.scenarios)}: " + ", ".join(f"`{s}`" for s in c.scenarios[:3])
            shown += ", ..." if len(c.scenarios) > 3 else ""
        else:
            shown = f"none: {c.reason}" if c.reason else "**none (a hole)**"
        lines.append(f"| {c.profile} | {what} | {c.area} | {shown} |")
    return "\n".join(lines) + "\n"
