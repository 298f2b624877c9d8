"""The suite's own rules: stable ids, real clauses, every clause covered, unambiguous steps,
no sentence copied from a rule document.

These checks read the feature files statically (gherkin's parser), so they run in a second.
"""

from __future__ import annotations

import importlib
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from pytest_bdd.parsers import StepParser

import features
from durak_conformance.plugin import step_modules
from durak_conformance.profiles import ambiguous_parameters, list_profiles, load_profile
from durak_conformance.site.inventory import Inventory, Scenario, Step, load_inventory, tag_values

ID_FORMAT = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+$")
SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
PROFILE_SEEDS = {
    "videochess": "000_36fce343d0c38fb2.txt",
    "durak-challenge": "001_49026caea6bbc10a.txt",
    "howto-durak": "002_d717d94c3548ffab.txt",
    "ggtables": "003_6dcc099e5a83ac24.txt",
    "prototype-build10": "004_e9e537387063a59f.txt",
}


@cache
def inventory() -> Inventory:
    return load_inventory(features.path())


@cache
def clauses() -> dict[str, set[str]]:
    """Profile id -> its clause ids."""
    return {p: {c.id for c in load_profile(p).clauses} for p in list_profiles()}


def scenarios() -> list[Scenario]:
    return [s for f in inventory().features for s in f.scenarios]


def folder(scenario: Scenario) -> str:
    return Path(scenario.feature).parent.name


def test_every_feature_parses() -> None:
    broken = [f"{f.path}: {f.error}" for f in inventory().features if f.error]
    assert not broken, "\n".join(broken)
    assert len(scenarios()) > 150


def test_every_profile_has_a_folder_with_at_least_thirty_scenarios() -> None:
    counts = Counter(folder(s) for s in scenarios())
    for profile in list_profiles():
        assert counts[profile] >= 30, f"features/{profile}/ has {counts[profile]} scenarios"


def test_every_scenario_has_exactly_one_well_formed_id_and_ids_never_repeat() -> None:
    problems = []
    seen: dict[str, str] = {}
    for s in scenarios():
        where = f"{s.feature}:{s.line} ({s.name})"
        ids = tag_values(s.tags, "id")
        if len(ids) != 1:
            problems.append(f"{where}: {len(ids)} @id tags, expected exactly one")
            continue
        (sid,) = ids
        if not ID_FORMAT.match(sid):
            problems.append(f"{where}: @id:{sid} is not a dotted lower-case id")
        expected_prefix = "compare." if folder(s) == "compare" else f"{folder(s)}."
        if not sid.startswith(expected_prefix):
            problems.append(f"{where}: @id:{sid} should start with {expected_prefix}")
        if sid in seen:
            problems.append(f"{where}: @id:{sid} is already used at {seen[sid]}")
        seen[sid] = where
    assert not problems, "\n".join(problems)


def test_every_rule_tag_names_an_existing_clause_of_the_right_profile() -> None:
    every = set().union(*clauses().values())
    problems = []
    for s in scenarios():
        where = f"{s.feature}:{s.line} ({s.name})"
        rules = tag_values(s.tags, "rule")
        if not rules:
            problems.append(f"{where}: no @rule tag")
        for clause in rules:
            if clause not in every:
                problems.append(f"{where}: @rule:{clause} names no clause of any profile")
            elif folder(s) != "compare" and not clause.startswith(folder(s) + "."):
                problems.append(f"{where}: @rule:{clause} belongs to another profile")
    assert not problems, "\n".join(problems)


def test_every_reading_tag_names_a_reading_of_an_ambiguous_parameter() -> None:
    problems = []
    for s in scenarios():
        readings = tag_values(s.tags, "reading")
        if not readings or folder(s) == "compare":
            continue
        where = f"{s.feature}:{s.line} ({s.name})"
        offered = ambiguous_parameters(load_profile(folder(s)))
        if "@ambiguous" not in s.tags:
            problems.append(f"{where}: a @reading tag needs @ambiguous too")
        for text in readings:
            name, _, label = text.partition("=")
            if name not in offered:
                problems.append(f"{where}: @reading:{text}: {name} is not ambiguous in the profile")
            elif label not in [r.label for r in offered[name]]:
                problems.append(f"{where}: @reading:{text}: not one of {name}'s readings")
    assert not problems, "\n".join(problems)


def test_a_parameter_whose_scenarios_depend_on_a_reading_has_a_scenario_for_each_reading() -> None:
    """Ambiguity you can run: where a scenario is written for one reading, every other
    reading of that parameter has its own scenario, so each is played in every run."""
    written: dict[tuple[str, str], set[str]] = {}
    for s in scenarios():
        for text in tag_values(s.tags, "reading"):
            name, _, label = text.partition("=")
            written.setdefault((folder(s), name), set()).add(label)
    missing = []
    for (profile, name), labels in sorted(written.items()):
        for reading in ambiguous_parameters(load_profile(profile)).get(name, ()):
            if reading.label not in labels:
                missing.append(f"{profile}: {name}={reading.label}")
    assert not missing, "readings with no scenario of their own:\n" + "\n".join(missing)


def test_every_clause_has_a_scenario() -> None:
    covered = {c for s in scenarios() for c in tag_values(s.tags, "rule")}
    missing = sorted(c for ids in clauses().values() for c in ids if c not in covered)
    assert not missing, f"{len(missing)} clauses have no scenario:\n" + "\n".join(missing)


def test_every_scenario_says_where_in_the_document_it_comes_from() -> None:
    bare = [f"{s.feature}:{s.line} ({s.name})" for s in scenarios() if not s.description.strip()]
    assert not bare, "scenarios without a description citing the source:\n" + "\n".join(bare)


# ---------------------------------------------------------------------- steps


@cache
def step_definitions() -> list[tuple[str, StepParser]]:
    """(step type, parser) of every step definition the plugin registers."""
    from pytest_bdd.steps import step_function_context_registry

    for name in step_modules():
        importlib.import_module(name)
    return [(ctx.type or "*", ctx.parser) for ctx in step_function_context_registry.values()]


def typed_steps(scenario: Scenario, background: tuple[Step, ...]) -> list[tuple[str, str]]:
    out = []
    current = "given"
    for step in (*background, *scenario.steps):
        keyword = step.keyword.strip().lower()
        if keyword in ("given", "when", "then"):
            current = keyword
        out.append((current, step.text))
    return out


def rendered(scenario: Scenario, text: str) -> list[str]:
    """The step text for every Examples row (placeholders filled in)."""
    if "<" not in text or not scenario.examples:
        return [text]
    out = []
    for examples in scenario.examples:
        for row in examples.rows:
            filled = text
            for key, value in zip(examples.header, row, strict=True):
                filled = filled.replace(f"<{key}>", value)
            out.append(filled)
    return out


def test_every_step_matches_exactly_one_step_definition() -> None:
    definitions = step_definitions()
    problems = []
    for feature in inventory().features:
        for s in feature.scenarios:
            for kind, text in typed_steps(s, feature.background):
                for concrete in rendered(s, text):
                    matches = [
                        p for t, p in definitions if t in (kind, "*") and p.is_matching(concrete)
                    ]
                    if len(matches) != 1:
                        problems.append(
                            f"{s.feature}:{s.line}: {kind} '{concrete}' matches "
                            f"{len(matches)} step definitions"
                        )
    assert not problems, "\n".join(sorted(set(problems))[:50])


# ---------------------------------------------------------------------- paraphrase


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


@pytest.mark.skipif(not SEEDS.exists(), reason="the rule documents are not beside the project")
def test_no_feature_copies_eight_words_in_a_row_from_its_document() -> None:
    """Titles and descriptions are our own words (step lines hold card lists, not prose)."""
    windows: set[str] = set()
    for name in PROFILE_SEEDS.values():
        words = _words((SEEDS / name).read_text(encoding="utf-8"))
        windows.update(" ".join(words[i : i + 8]) for i in range(len(words) - 7))
    copied = []
    for feature in inventory().features:
        prose = [(feature.path, feature.name), (feature.path, feature.description)]
        prose += [
            (f"{s.feature}:{s.line}", f"{s.name}\n{s.description}") for s in feature.scenarios
        ]
        for where, text in prose:
            words = _words(text)
            for i in range(len(words) - 7):
                window = " ".join(words[i : i + 8])
                if window in windows:
                    copied.append(f"{where}: '{window}'")
                    break
    assert not copied, "paraphrase these:\n" + "\n".join(copied)
