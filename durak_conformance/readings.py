"""Which reading of each ambiguous rule an engine follows, judged from the scenarios written
for each reading (``@reading:PARAM=VALUE`` tags).

Every reading of a parameter a profile marks ambiguous has scenarios of its own, played with
that reading's value in the start's rules.  The reference engine plays them all.  An engine
that plays one reading whatever it is sent passes that reading's scenarios and fails the
others'; since the document allows either, :func:`judge_readings` turns those failures into
skips that say which reading the engine follows.  Only where no reading's scenarios all pass
do the failures stay failures.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence

from durak_conformance.reports.model import ScenarioRecord


@functools.cache
def scenario_readings() -> Mapping[str, tuple[str, ...]]:
    """Scenario id -> its ``@reading:`` tag values (``PARAM=VALUE``), from the suite's
    features."""
    import features
    from durak_conformance.site.inventory import build_inventory, tag_values

    # Every run and every report asks this; parsing all ~150 feature files took about half a
    # second each time, and only the few that carry a reading tag can contribute.
    root = features.path()
    sources = []
    for file in sorted(root.rglob("*.feature")):
        text = file.read_text(encoding="utf-8")
        if "@reading:" in text:
            sources.append((file.relative_to(root).as_posix(), text))
    tagged: dict[str, tuple[str, ...]] = {}
    for feature in build_inventory(sources).features:
        for scenario in feature.scenarios:
            readings = tag_values(scenario.tags, "reading")
            if readings and scenario.id:
                tagged[scenario.id] = readings
    return tagged


def reading_verdicts(
    records: Iterable[ScenarioRecord],
    known: Callable[[ScenarioRecord], bool] | None = None,
) -> dict[tuple[str, str], dict[str, tuple[int, int]]]:
    """(profile, ambiguous parameter) -> reading -> (scenarios passed, scenarios judged).

    A record whose scenario is not in the suite (another revision) is left out, and so are
    skipped and expected-to-fail ones; a failure ``known`` says the engine's expectations
    explain (the run judges readings before it applies the expectations) is not judged
    either, but its reading is listed, with nothing judged, (0, 0); a record already set aside
    as another reading's counts as failed for its reading."""
    tagged = scenario_readings()
    out: dict[tuple[str, str], dict[str, tuple[int, int]]] = {}
    for record in records:
        if record.id not in tagged:
            continue
        aside = record.status == "skip" and record.message.startswith(NOT_JUDGED)
        if record.status in ("skip", "xfail") and not aside:
            continue
        if known is not None and record.status in ("fail", "error") and known(record):
            # Explained by another cause: no verdict on its reading, but the reading is still
            # there (0 judged), so the other reading's failures can be set aside against it.
            for text in tagged[record.id]:
                name, _, label = text.partition("=")
                out.setdefault((record.profile, name), {}).setdefault(label, (0, 0))
            continue
        for text in tagged[record.id]:
            name, _, label = text.partition("=")
            counts = out.setdefault((record.profile, name), {})
            passed, played = counts.get(label, (0, 0))
            counts[label] = (passed + (record.status in ("pass", "xpass")), played + 1)
    return out


def reading_followed(counts: Mapping[str, tuple[int, int]]) -> str:
    """What an engine does with an ambiguous parameter, from its readings' scenarios."""
    clean = sorted(
        label for label, (passed, played) in counts.items() if played and passed == played
    )
    if len(clean) == len(counts) and len(counts) > 1:
        return "plays every reading (it follows the rules it is sent)"
    if len(clean) == 1:
        return f"follows {clean[0]}"
    if not clean:
        return "follows none of the readings"
    return "passes the scenarios of " + ", ".join(clean)


NOT_JUDGED = "not judged: the engine follows reading"


def judge_readings(
    records: Sequence[ScenarioRecord],
    known: Callable[[ScenarioRecord], bool] | None = None,
) -> list[ScenarioRecord]:
    """The records with failures of readings the engine does not follow set aside as skips
    (see the module docstring); every other record unchanged.

    ``known`` tells a failure the engine's expectations file already explains (an expected
    failure, or a skip): like an ``xfail`` it does not count against its reading, so a
    scenario of the reading an engine follows that fails for another, triaged cause does not
    make the engine's failures of the other reading count as bugs."""
    verdicts = reading_verdicts(records, known)
    followed: dict[tuple[str, str], list[str]] = {}
    for key, counts in verdicts.items():
        passing = sorted(label for label, (ok, played) in counts.items() if played and ok == played)
        if passing and len(passing) < len(counts):
            followed[key] = passing
    if not followed:
        return list(records)
    tagged = scenario_readings()
    # readings with a scenario left out as a known failure: the message says so
    excused = {
        (record.profile, text)
        for record in records
        if known is not None and record.status in ("fail", "error") and known(record)
        for text in tagged.get(record.id, ())
    }
    out: list[ScenarioRecord] = []
    for record in records:
        if record.status == "fail" and record.id in tagged:
            for text in tagged[record.id]:
                name, _, label = text.partition("=")
                clean = followed.get((record.profile, name), [])
                if clean and label not in clean:
                    passed = (
                        "every scenario of it passed but those the expectations list for "
                        "another cause"
                        if any((record.profile, f"{name}={c}") in excused for c in clean)
                        else "every scenario of it passed"
                    )
                    why = (
                        f"{NOT_JUDGED} {name}={' / '.join(clean)} of an ambiguous rule "
                        f"({passed}); this scenario is written for {name}={label}, "
                        f"which the document allows as well. It failed: {record.message}"
                    )
                    record = dataclasses.replace(record, status="skip", message=why, failure=None)
                    break
        out.append(record)
    return out
