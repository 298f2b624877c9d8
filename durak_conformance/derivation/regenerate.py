"""Deriving every position run of the suite, writing the files, and checking them.

:func:`derive_runs` solves each run (on several processes if asked), :func:`write` puts the
results beside the features, :func:`check` says what is stale: a run with no entry or an
entry of another key (a feature, profile or option changed the position start), an entry no
run has any more, a derivation that no longer reaches its position on the reference engine
(the engine changed), or a position that cannot be reached by legal play at all.
"""

from __future__ import annotations

import itertools
import multiprocessing
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import features
from durak_conformance.derivation import store
from durak_conformance.derivation.collect import Run
from durak_conformance.derivation.replay import ReplayFailed, compare, position_state, replay
from durak_conformance.derivation.solver import Derivation, Underivable, derive
from durak_conformance.derivation.target import Target

SHOWN_TRUMP_STEPS = ("as the lowest trump", "no trump is shown")
"""Step texts that read the lowest trump shown at the deal, which a position does not carry."""


def result_for(run: Run) -> Derivation | Underivable:
    """The derivation of one run (or why there is none)."""
    if run.marked is not None:
        # The scenario says no legal play reaches it; should the solver find one all the
        # same, check() says the step is wrong.
        result = derive(run.target) if not run.problems else None
        if isinstance(result, Derivation):
            return result
        return Underivable(f"the scenario says no legal play reaches it: {run.marked}")
    if run.problems:
        return Underivable(
            "the position cannot be reached by legal play: " + "; ".join(run.problems)
        )
    # (Once the next game of the match is dealt, what is shown comes from that deal.)
    first_game = list(itertools.takewhile(lambda s: "next game is dealt" not in s, run.steps))
    shown = [s for s in first_game if any(p in s for p in SHOWN_TRUMP_STEPS)]
    if shown:
        return Underivable(
            f"the scenario checks the lowest trump shown at the deal ('{shown[0]}'), which a "
            "position does not carry (a derived game shows the trump of its own deal)"
        )
    return derive(run.target)


def _solve(run: Run) -> Derivation | Underivable:
    return result_for(run)


def derive_runs(runs: Sequence[Run], jobs: int = 1) -> list[Derivation | Underivable]:
    """The results of ``runs``, in order (deterministic whatever ``jobs``)."""
    if jobs <= 1 or len(runs) < 2:
        return [_solve(r) for r in runs]
    context = multiprocessing.get_context("fork" if _can_fork() else "spawn")
    with context.Pool(jobs) as pool:
        return list(pool.map(_solve, runs, chunksize=4))


def _can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def entry_of(run: Run, result: Derivation | Underivable) -> store.Entry:
    t = run.target
    return store.Entry.of(run.scenario, run.row, t.profile, t.options, t.key(), result)


def write(
    runs: Sequence[Run],
    results: Sequence[Derivation | Underivable],
    *,
    keep_others: bool,
    root: Path | None = None,
) -> list[Path]:
    """Write the derivations files of the features of ``runs``; the files changed.

    With ``keep_others`` (a partial selection), entries of runs not in ``runs`` stay; without
    it, each file holds exactly the given runs, and a feature with none loses its file.
    """
    base = (root or features.path()).parent
    by_feature: dict[str, list[store.Entry]] = defaultdict(list)
    for run, result in zip(runs, results, strict=True):
        by_feature[run.feature].append(entry_of(run, result))
    changed: list[Path] = []
    for feature, entries in sorted(by_feature.items()):
        path = store.path_for(base / feature)
        if keep_others and path.exists():
            old = store.load(path).entries
            fresh = {e.run: e for e in entries}
            merged = [fresh.pop(e.run, e) for e in old]
            merged += [e for e in entries if e.run in fresh]
            entries = merged
        if store.save(path, store.FeatureDerivations(feature, entries)):
            changed.append(path)
    if not keep_others:
        for path in store.every_file(root or features.path()):
            feature = str(path.relative_to(base)).removesuffix(store.SUFFIX) + ".feature"
            if feature not in by_feature:
                path.unlink()
                changed.append(path)
    return changed


@dataclass(frozen=True)
class Problem:
    """Something stale or wrong in the stored derivations."""

    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}"


def check(runs: Sequence[Run], *, root: Path | None = None, complete: bool = True) -> list[Problem]:
    """What is stale in the stored derivations, for ``runs`` (every run when ``complete``:
    entries of no run are then reported too); every stored derivation is replayed."""
    base = (root or features.path()).parent
    found: list[Problem] = []
    stored: dict[str, list[store.Entry]] = {}
    for path in store.every_file(root or features.path()):
        feature = str(path.relative_to(base)).removesuffix(store.SUFFIX) + ".feature"
        try:
            stored[feature] = store.load(path).entries
        except store.StoreError as exc:
            found.append(Problem(str(path.relative_to(base)), str(exc)))
            stored[feature] = []
    seen: set[tuple[str, str]] = set()
    for run in runs:
        where = f"{run.feature}:{run.line} {run.label} ({run.target.profile})"
        if run.problems and run.marked is None:
            found.append(Problem(where, "unreachable position: " + "; ".join(run.problems)))
        key = run.target.key()
        entries = stored.get(run.feature, [])
        match = [e for e in entries if e.key == key]
        if not match:
            same_run = [e for e in entries if e.run == _run_id(run)]
            what = (
                "stale: the stored derivation was made for another start (the scenario, "
                "profile or options changed)"
                if same_run
                else "no derivation stored"
            )
            found.append(Problem(where, what + _fix(run.feature)))
            continue
        seen.add((run.feature, key))
        entry = match[0]
        if run.marked is not None and entry.underivable is None:
            found.append(
                Problem(
                    where,
                    "the scenario says no legal play reaches its position, yet a derivation "
                    "does: remove its step 'the position cannot be reached by legal play, "
                    "because ...'",
                )
            )
        if entry.underivable is None:
            problem = verify(run.target, entry)
            if problem:
                found.append(Problem(where, f"stale: {problem}{_fix(run.feature)}"))
    if complete:
        for feature, entries in stored.items():
            for e in entries:
                if (feature, e.key) not in seen:
                    found.append(
                        Problem(
                            feature,
                            f"entry for {e.scenario} ({e.profile}) belongs to no run of the "
                            "suite any more" + _fix(feature),
                        )
                    )
    return found


def _fix(feature: str) -> str:
    """What to do about a stale entry of ``feature``'s derivations file."""
    derivations = feature.removesuffix(".feature") + store.SUFFIX
    return f"; run `durak-conformance derive` (it rewrites {derivations}) and commit the file"


def _run_id(run: Run) -> tuple[str, tuple[tuple[str, str], ...], str, tuple[tuple[str, str], ...]]:
    t = run.target
    return (
        run.scenario,
        tuple(sorted(run.row.items())),
        t.profile,
        tuple(sorted(t.options.items())),
    )


def verify(target: Target, entry: store.Entry) -> str:
    """Replay a stored derivation on the reference engine; what is wrong ('' when nothing)."""
    try:
        expected = position_state(target)
        got = replay(target, entry.deck, entry.prefix)
    except ReplayFailed as exc:
        return str(exc)
    differences = compare(expected, got)
    if not entry.clock_exact:
        differences = [d for d in differences if not d.clock_only]
    if differences:
        return "the derivation no longer reaches the position: " + "; ".join(
            str(d) for d in differences[:3]
        )
    if (expected.get("attacker"), expected.get("defender")) != (entry.attacker, entry.defender):
        return (
            f"the position's bout is led by seat {expected.get('attacker')} against seat "
            f"{expected.get('defender')}, not {entry.attacker} against {entry.defender}"
        )
    return ""


@dataclass(frozen=True)
class Share:
    """Derivable runs of one profile."""

    profile: str
    runs: int
    derived: int

    @property
    def percent(self) -> float:
        return 100.0 * self.derived / self.runs if self.runs else 100.0


def shares(entries: Iterable[store.Entry]) -> list[Share]:
    """The derivable share of position runs, per profile."""
    runs: dict[str, int] = defaultdict(int)
    derived: dict[str, int] = defaultdict(int)
    for e in entries:
        runs[e.profile] += 1
        derived[e.profile] += e.underivable is None
    return [Share(p, runs[p], derived[p]) for p in sorted(runs)]


def stored_entries(root: Path | None = None) -> list[tuple[str, store.Entry]]:
    """Every stored entry with its feature file, in file order."""
    base = (root or features.path()).parent
    out: list[tuple[str, store.Entry]] = []
    for path in store.every_file(root or features.path()):
        feature = str(path.relative_to(base)).removesuffix(store.SUFFIX) + ".feature"
        out.extend((feature, e) for e in store.load(path).entries)
    return out


def summary_lines(entries: Sequence[tuple[str, store.Entry]]) -> list[str]:
    """The derivable share per profile and every underivable run with its reason."""
    lines = []
    for share in shares(e for _, e in entries):
        lines.append(
            f"{share.profile}: {share.derived} of {share.runs} position runs derived "
            f"({share.percent:.1f}%)"
        )
    total = len(entries)
    derived = sum(1 for _, e in entries if e.underivable is None)
    if total:
        lines.append(f"all: {derived} of {total} ({100.0 * derived / total:.1f}%)")
    missing = [(f, e) for f, e in entries if e.underivable is not None]
    if missing:
        lines.append("not derived:")
        for feature, e in missing:
            lines.append(f"  {feature} {e.scenario} ({e.profile}): {e.underivable}")
    return lines


def by_run(entries: Iterable[store.Entry]) -> Mapping[tuple[object, ...], store.Entry]:
    return {e.run: e for e in entries}
