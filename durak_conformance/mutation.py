"""Mutation testing of the suite: run it against every mutant of the reference engine.

A mutant (see :mod:`adapters.mutants`) is *killed* when at least one scenario fails or errors
against it, and *survives* otherwise.  The suite runs in process (``mutant:NAME`` adapters),
one mutant per worker process, by default on the profiles whose rules the mutant breaks
(comparison rows of those profiles included).  Optionally the fuzzer plays a few games on each
mutant's fuzz target as well.  Results go to ``reports/mutants.json``; the site publishes them.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adapters.mutants import MUTANTS, Mutant, get

RESULT_VERSION = 1

#: Why a mutant the suite does not kill is still acceptable (equivalent or out of scope).
#: Empty when every mutant is killed; the site shows these next to the survivors.
EXPLAINED: Mapping[str, str] = {}


@dataclass
class MutantResult:
    """One mutant's outcome."""

    name: str
    description: str
    clauses: list[str]
    profiles: list[str]
    killed: bool
    killed_by: list[str]
    scenarios: int
    seconds: float
    fuzz: dict[str, Any] | None = None
    explanation: str | None = None
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "clauses": self.clauses,
            "profiles": self.profiles,
            "killed": self.killed,
            "survived": not self.killed,
            "killed_by": self.killed_by,
            "scenarios": self.scenarios,
            "seconds": round(self.seconds, 2),
            "fuzz": self.fuzz,
            "explanation": self.explanation,
            "error": self.error,
        }


@dataclass(frozen=True)
class MutationOptions:
    """What to run."""

    names: tuple[str, ...] = ()
    jobs: int = 1
    fuzz_games: int = 0
    all_profiles: bool = False
    ids: tuple[str, ...] = ()
    """Only scenarios whose id matches one of these globs (a quick partial check)."""
    tags: tuple[str, ...] = ()


def run_suite(
    mutant: Mutant, all_profiles: bool, ids: Sequence[str] = (), tags: Sequence[str] = ()
) -> tuple[list[str], int, str | None]:
    """Failing scenario ids, scenarios run, and an error if the run itself broke."""
    from durak_conformance.runner import RunOptions, UsageError, run

    with tempfile.TemporaryDirectory() as folder:
        options = RunOptions(
            adapter=f"mutant:{mutant.name}",
            profiles=[] if all_profiles else list(mutant.profiles),
            reports_dir=Path(folder),
            progress=False,
            name="mutant",
            ids=list(ids),
            tags=list(tags),
        )
        try:
            result = run(options)
        except UsageError as exc:
            return [], 0, str(exc)
    records = result.report.records
    failing = sorted({r.id for r in records if r.status in ("fail", "error")})
    return failing, len(records), None


def fuzz_mutant(mutant: Mutant, games: int) -> dict[str, Any]:
    """Play ``games`` seeded games on the mutant's fuzz target; the first divergent seed."""
    from durak_conformance.fuzzing.campaign import (
        EngineSpec,
        Settings,
        game_seeds,
        make_table,
        run_campaign,
    )

    target = mutant.target
    table = make_table(target.profile, dict(target.options), target.seats)
    spec = EngineSpec(adapter=f"mutant:{mutant.name}", schema_check=False)
    result = run_campaign(
        spec, table, game_seeds(0, games), Settings(illegal_rate=target.illegal_rate)
    )
    return {
        "target": target.describe(),
        "games": result.games,
        "diverged": result.divergent_seed is not None,
        "seed": result.divergent_seed,
        "message": result.message,
    }


def run_one(args: tuple[str, MutationOptions]) -> MutantResult:
    """Everything for one mutant (runs in a worker process)."""
    name, options = args
    mutant = get(name)
    began = time.perf_counter()
    failing, count, error = run_suite(mutant, options.all_profiles, options.ids, options.tags)
    fuzz_games = options.fuzz_games
    fuzz = fuzz_mutant(mutant, fuzz_games) if fuzz_games > 0 else None
    return MutantResult(
        name=mutant.name,
        description=mutant.description,
        clauses=list(mutant.clauses),
        profiles=list(mutant.profiles),
        killed=bool(failing),
        killed_by=failing,
        scenarios=count,
        seconds=time.perf_counter() - began,
        fuzz=fuzz,
        explanation=EXPLAINED.get(mutant.name) if not failing else None,
        error=error,
    )


def run_mutants(
    options: MutationOptions, on_result: Callable[[MutantResult], None] | None = None
) -> list[MutantResult]:
    """Run the suite against the chosen mutants (all by default), in zoo order."""
    names = list(options.names) or [m.name for m in MUTANTS]
    for name in names:
        get(name)  # unknown names fail before anything runs
    work = [(name, options) for name in names]
    results: list[MutantResult] = []
    if options.jobs <= 1:
        for item in work:
            result = run_one(item)
            results.append(result)
            if on_result is not None:
                on_result(result)
        return results
    # One fresh process per mutant: pytest runs in process and is not meant to run twice.
    context = multiprocessing.get_context("spawn")
    with context.Pool(options.jobs, maxtasksperchild=1) as pool:
        for result in pool.imap(run_one, work):
            results.append(result)
            if on_result is not None:
                on_result(result)
    return results


def totals(results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    killed = sum(1 for r in results if r["killed"])
    explained = sum(1 for r in results if not r["killed"] and r.get("explanation"))
    count = len(results)
    return {
        "mutants": count,
        "killed": killed,
        "survived": count - killed,
        "explained": explained,
        "kill_rate": round(killed / count, 4) if count else 0.0,
    }


def merge(path: Path, results: Sequence[MutantResult]) -> dict[str, Any]:
    """The result document with ``results`` replacing earlier entries of the same mutants
    (mutants no longer in the zoo are dropped); entries keep zoo order."""
    previous: dict[str, dict[str, Any]] = {}
    if path.exists():
        with contextlib.suppress(ValueError, OSError, KeyError, TypeError):
            old = json.loads(path.read_text(encoding="utf-8"))
            previous = {m["name"]: m for m in old["mutants"]}
    fresh = {r.name: r.to_json() for r in results}
    entries = []
    for mutant in MUTANTS:
        entry = fresh.get(mutant.name) or previous.get(mutant.name)
        if entry is not None:
            entries.append(entry)
    return {"version": RESULT_VERSION, "totals": totals(entries), "mutants": entries}


def write(path: Path, document: Mapping[str, Any]) -> None:
    """Write atomically."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)


@dataclass
class Loaded:
    """A result document read back (for the site)."""

    totals: dict[str, Any] = field(default_factory=dict)
    mutants: list[dict[str, Any]] = field(default_factory=list)
    partial: bool = False
    """Written by a run narrowed to some scenarios (``mutants --id/--tags``)."""


def load(path: Path) -> Loaded | None:
    """The result document at ``path``, or None when there is none yet."""
    if not path.exists():
        return None
    data = json.loads(path.read_text(encoding="utf-8"))
    return Loaded(
        dict(data.get("totals") or {}),
        list(data.get("mutants") or []),
        partial=bool(data.get("partial", False)),
    )
