"""``durak-conformance mutants``: run the suite against the mutant zoo and report survivors.

Exit codes: 0 every mutant killed (or its survival explained), 1 unexplained survivors,
2 usage errors.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from durak_conformance.commands import arguments
from durak_conformance.reports.naming import LOCAL_REPORTS

FULL_RESULT = Path("reports/mutants.json")
"""Where a full run writes (and merges) its result: the published one."""
PARTIAL_RESULT = LOCAL_REPORTS / "mutants-partial.json"
"""Where a run narrowed by --id or --tags writes: never over a full result."""


def register(subparsers: Any) -> None:
    """Add the ``mutants`` sub-command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "mutants",
        help="mutation testing: run the suite against mutants of the reference engine",
        description=(
            "Run the Gherkin suite (in process) against each mutant of the reference engine -- "
            "one realistic rule bug each -- and report which survive (no scenario fails). "
            "Writes a JSON result (default reports/mutants.json) that the site publishes; a "
            "partial run (--id or --tags) writes conformance-reports/mutants-partial.json, marked "
            "partial, and never replaces a full result. "
            "Exit status: 0 every mutant killed or explained, 1 unexplained survivors, 2 usage."
        ),
    )
    parser.add_argument(
        "--mutant",
        action="append",
        default=[],
        metavar="NAME",
        help="only this mutant (repeatable; default: the whole zoo); other entries of the "
        "result file are kept",
    )
    parser.add_argument(
        "--jobs",
        "-j",
        type=arguments.jobs,
        default=1,
        metavar="N",
        help="processes, 0 for every core (default 1)",
    )
    parser.add_argument(
        "--fuzz-games",
        type=arguments.at_least_zero,
        default=0,
        metavar="N",
        help="also fuzz each mutant with N games on its fuzz target (default 0: no fuzzing)",
    )
    parser.add_argument(
        "--all-profiles",
        action="store_true",
        help="run every profile's scenarios, not only those of the profiles a mutant breaks",
    )
    parser.add_argument(
        "--id",
        action="append",
        default=[],
        dest="ids",
        metavar="ID",
        help="run only scenarios whose @id matches (a glob; repeatable): a quick partial "
        "check, written apart from the full result",
    )
    parser.add_argument(
        "--tags",
        action="append",
        default=[],
        metavar="TAG",
        help="run only scenarios with a matching tag (a glob; repeatable): partial, like --id",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        metavar="FILE",
        help=f"the JSON result (default {FULL_RESULT}; a partial run: {PARTIAL_RESULT})",
    )
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    parser.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the sub-command; returns the exit code."""
    from adapters.mutants import MUTANTS, UnknownMutant, get
    from durak_conformance.mutation import MutantResult, MutationOptions, merge, run_mutants, write

    if args.list:
        for mutant in MUTANTS:
            print(f"{mutant.name:32} {mutant.description}")
        return 0
    try:
        for name in args.mutant:
            get(name)
    except UnknownMutant as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    partial = bool(args.ids or args.tags)
    out: Path = args.out or (PARTIAL_RESULT if partial else FULL_RESULT)
    if partial and _is_full_result(out):
        print(
            f"error: --out {out} holds a full mutation result; a partial run (--id, --tags) "
            f"never replaces it: leave --out out (it writes {PARTIAL_RESULT}) or name another "
            "file",
            file=sys.stderr,
        )
        return 2
    jobs = args.jobs
    planned = len(args.mutant) or len(MUTANTS)
    done = 0

    def show(result: MutantResult) -> None:
        nonlocal done
        done += 1
        verdict = "killed  " if result.killed else "SURVIVED"
        by = ", ".join(result.killed_by[:3]) + (" ..." if len(result.killed_by) > 3 else "")
        fuzz = ""
        if result.fuzz is not None:
            fuzz = (
                f" | fuzz: diverged at seed {result.fuzz['seed']}"
                if result.fuzz["diverged"]
                else f" | fuzz: no divergence in {result.fuzz['games']} games"
            )
        note = f" ({result.error})" if result.error else ""
        print(
            f"[{done:{len(str(planned))}} of {planned}] "
            f"{verdict} {result.name:32} {len(result.killed_by):3} of {result.scenarios:3} "
            f"scenarios fail{note}: {by}{fuzz}",
            flush=True,
        )

    options = MutationOptions(
        names=tuple(args.mutant),
        jobs=jobs,
        fuzz_games=args.fuzz_games,
        all_profiles=args.all_profiles,
        ids=tuple(args.ids),
        tags=tuple(args.tags),
    )
    scope = "partial: " + ", ".join([*args.ids, *args.tags]) if partial else "all scenarios"
    print(f"running the suite against {planned} mutant(s) ({scope})", flush=True)
    results = run_mutants(options, show)
    if partial:
        document = partial_document(results, ids=args.ids, tags=args.tags)
    else:
        document = merge(out, results)
    write(out, document)
    totals = document["totals"]
    label = (
        "PARTIAL (only the selected scenarios; not the published kill rate): " if partial else ""
    )
    print(
        f"{label}{totals['killed']} of {totals['mutants']} mutants killed "
        f"({100 * totals['kill_rate']:.0f}%), {totals['survived']} survived "
        f"({totals['explained']} explained); wrote {out}"
    )
    unexplained = [r for r in results if not r.killed and not r.explanation]
    return 1 if unexplained else 0


def _is_full_result(path: Path) -> bool:
    """Whether ``path`` holds a mutation result that is not marked partial."""
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and "mutants" in data and not data.get("partial", False)


def partial_document(results: Any, *, ids: list[str], tags: list[str]) -> dict[str, Any]:
    """The result of a run narrowed to some scenarios: only its own mutants, marked partial
    with the selection, never merged with (or mistaken for) the full result."""
    from durak_conformance.mutation import RESULT_VERSION, totals

    entries = [r.to_json() for r in results]
    return {
        "version": RESULT_VERSION,
        "partial": True,
        "selection": {"ids": list(ids), "tags": list(tags)},
        "totals": totals(entries),
        "mutants": entries,
    }
