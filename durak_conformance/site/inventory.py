"""Static inventory of the Gherkin suite: every feature and scenario, read without running it.

Features are parsed with gherkin's ``Parser`` and compiled to pickles with its ``Compiler``;
the pickles give each scenario's effective tags (feature, rule, scenario and Examples tags
merged), from which the scenario's ``@id:``, ``@rule:`` and ``@dimension:`` tags are read.

Tag conventions read here:

- ``@id:<stable-id>``: the scenario's stable id;
- ``@rule:<profile>.<area>.<name>``: a clause the scenario exercises (coverage counts);
- ``@dimension:<parameter>``: on comparison scenarios (``features/compare/``), the rule
  parameter whose difference between profiles the scenario demonstrates;
- ``@ambiguous``: the scenario tests a profile's chosen reading of an ambiguous rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from gherkin.errors import ParserError
from gherkin.parser import Parser
from gherkin.pickles.compiler import Compiler

COMPARE_FOLDER = "compare"


@dataclass(frozen=True, slots=True)
class Step:
    """One step as written: keyword, text, and its data table or doc string if any."""

    keyword: str
    text: str
    table: tuple[tuple[str, ...], ...] = ()
    docstring: str | None = None


@dataclass(frozen=True, slots=True)
class Examples:
    """An Examples block of a Scenario Outline."""

    name: str
    tags: tuple[str, ...]
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Scenario:
    """A scenario (or outline) with the tags in force on it, merged over its example rows."""

    feature: str
    """Path of the feature file under ``features/`` (``videochess/throw-in.feature``)."""
    line: int
    keyword: str
    name: str
    description: str
    own_tags: tuple[str, ...]
    tags: tuple[str, ...]
    """Effective tags: feature, rule, scenario and every Examples block, in order, no repeats."""
    steps: tuple[Step, ...]
    examples: tuple[Examples, ...] = ()
    pickles: int = 1
    """How many test cases the scenario compiles to (one per example row)."""

    @property
    def id(self) -> str | None:
        """The ``@id:`` tag's value, if any."""
        values = tag_values(self.tags, "id")
        return values[0] if values else None

    @property
    def rules(self) -> tuple[str, ...]:
        """Clause ids from the ``@rule:`` tags."""
        return tag_values(self.tags, "rule")

    @property
    def dimensions(self) -> tuple[str, ...]:
        """Parameter names from the ``@dimension:`` tags."""
        return tag_values(self.tags, "dimension")

    @property
    def ambiguous(self) -> bool:
        return "@ambiguous" in self.tags

    @property
    def anchor(self) -> str:
        """The scenario's anchor on its catalogue page."""
        if self.id:
            return f"s-{self.id}"
        stem = self.feature.rsplit("/", 1)[-1].removesuffix(".feature")
        return f"{stem}-line-{self.line}"

    @property
    def folder(self) -> str:
        return self.feature.split("/", 1)[0] if "/" in self.feature else ""


@dataclass(frozen=True, slots=True)
class Feature:
    """A parsed feature file, or the reason it could not be parsed."""

    path: str
    name: str = ""
    description: str = ""
    tags: tuple[str, ...] = ()
    background: tuple[Step, ...] = ()
    scenarios: tuple[Scenario, ...] = ()
    error: str | None = None

    @property
    def folder(self) -> str:
        return self.path.split("/", 1)[0] if "/" in self.path else ""


@dataclass(frozen=True)
class Inventory:
    """Every feature of the suite, with lookups by clause and by dimension."""

    features: tuple[Feature, ...]
    by_clause: Mapping[str, tuple[Scenario, ...]] = field(default_factory=dict)
    by_dimension: Mapping[str, tuple[Scenario, ...]] = field(default_factory=dict)

    @property
    def scenarios(self) -> list[Scenario]:
        return [s for f in self.features for s in f.scenarios]

    @property
    def folders(self) -> list[str]:
        """Feature folders in order: profile folders sorted, ``compare`` last."""
        names = sorted({f.folder for f in self.features})
        return sorted(names, key=lambda n: (n == COMPARE_FOLDER, n))

    def in_folder(self, folder: str) -> list[Feature]:
        return [f for f in self.features if f.folder == folder]


def tag_values(tags: Iterable[str], key: str) -> tuple[str, ...]:
    """Values of ``@key:value`` tags, in order."""
    prefix = f"@{key}:"
    return tuple(t[len(prefix) :] for t in tags if t.startswith(prefix))


def load_inventory(features_dir: Path) -> Inventory:
    """Parse every ``*.feature`` under ``features_dir`` (sorted by path)."""
    files = sorted(features_dir.rglob("*.feature"))
    return build_inventory(
        (f.relative_to(features_dir).as_posix(), f.read_text(encoding="utf-8")) for f in files
    )


def build_inventory(sources: Iterable[tuple[str, str]]) -> Inventory:
    """Inventory from ``(path under features/, text)`` pairs."""
    features = tuple(parse_feature(path, text) for path, text in sources)
    by_clause: dict[str, list[Scenario]] = {}
    by_dimension: dict[str, list[Scenario]] = {}
    for feature in features:
        for scenario in feature.scenarios:
            for clause in dict.fromkeys(scenario.rules):
                by_clause.setdefault(clause, []).append(scenario)
            for dimension in dict.fromkeys(scenario.dimensions):
                by_dimension.setdefault(dimension, []).append(scenario)
    return Inventory(
        features=features,
        by_clause={k: tuple(v) for k, v in by_clause.items()},
        by_dimension={k: tuple(v) for k, v in by_dimension.items()},
    )


def parse_feature(path: str, text: str) -> Feature:
    """One feature file; a syntax error gives a :class:`Feature` with ``error`` set."""
    try:
        document = cast(dict[str, Any], Parser().parse(text))
    except ParserError as exc:
        return Feature(path=path, error=f"features/{path}: {exc}")
    document["uri"] = path
    raw = document.get("feature")
    if raw is None:
        return Feature(path=path, error=f"features/{path}: no Feature in the file")
    pickles = cast(list[dict[str, Any]], Compiler().compile(cast(Any, document)))
    tags_of: dict[str, list[str]] = {}
    count_of: dict[str, int] = {}
    for pickle in pickles:
        node = pickle["astNodeIds"][0]
        merged = tags_of.setdefault(node, [])
        merged.extend(t["name"] for t in pickle["tags"] if t["name"] not in merged)
        count_of[node] = count_of.get(node, 0) + 1

    background: tuple[Step, ...] = ()
    scenarios: list[Scenario] = []
    for child in _children(raw["children"]):
        if "background" in child:
            if not background:
                background = _steps(child["background"]["steps"])
            continue
        node = child["scenario"]
        own = tuple(t["name"] for t in node["tags"])
        scenarios.append(
            Scenario(
                feature=path,
                line=node["location"]["line"],
                keyword=node["keyword"],
                name=node["name"],
                description=_dedent(node.get("description", "")),
                own_tags=own,
                tags=tuple(tags_of.get(node["id"], own)),
                steps=_steps(node["steps"]),
                examples=tuple(_examples(e) for e in node.get("examples", [])),
                pickles=count_of.get(node["id"], 0),
            )
        )
    return Feature(
        path=path,
        name=raw["name"],
        description=_dedent(raw.get("description", "")),
        tags=tuple(t["name"] for t in raw["tags"]),
        background=background,
        scenarios=tuple(scenarios),
    )


def _children(children: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Backgrounds and scenarios, with those inside ``Rule:`` blocks flattened in place."""
    out: list[Mapping[str, Any]] = []
    for child in children:
        if "rule" in child:
            out.extend(_children(child["rule"]["children"]))
        else:
            out.append(child)
    return out


def _steps(raw: Sequence[Mapping[str, Any]]) -> tuple[Step, ...]:
    steps: list[Step] = []
    for step in raw:
        table: tuple[tuple[str, ...], ...] = ()
        if "dataTable" in step:
            table = tuple(
                tuple(c["value"] for c in row["cells"]) for row in step["dataTable"]["rows"]
            )
        doc = step.get("docString")
        steps.append(
            Step(
                keyword=step["keyword"].strip(),
                text=step["text"],
                table=table,
                docstring=None if doc is None else doc["content"],
            )
        )
    return tuple(steps)


def _examples(raw: Mapping[str, Any]) -> Examples:
    header = raw.get("tableHeader")
    return Examples(
        name=raw.get("name", ""),
        tags=tuple(t["name"] for t in raw.get("tags", [])),
        header=tuple(c["value"] for c in header["cells"]) if header else (),
        rows=tuple(tuple(c["value"] for c in row["cells"]) for row in raw.get("tableBody", [])),
    )


def _dedent(text: str) -> str:
    lines = [line.strip() for line in text.strip("\n").splitlines()]
    return "\n".join(lines).strip()
