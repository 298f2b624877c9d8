"""``durak-conformance mutants``: run the suite against the mutant zoo and report survivors.

Exit codes: 0 every mutant killed (or its survival explained), 1 unexplained survivors,
2 usage errors.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any


def register(subparsers: Any) -> None:
    """Add the ``mutants`` sub-command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "mutants",
        help="mutation testing: run the suite against mutants of the reference engine",
        description=(
            "Run the Gherkin suite (in process) against each mutant of the reference engine -- "
            "one realistic rule bug each -- and report which survive (no scenario fails). "
            "Writes a JSON result (default reports/mutants.json) that the site publishes. "
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
        "--jobs", "-j", type=int, default=1, metavar="N", help="processes (0: every core)"
    )
    parser.add_argument(
        "--fuzz-games",
        type=int,
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
        help="run only scenarios whose @id matches (a glob; repeatable): a quick partial check",
    )
    parser.add_argument(
        "--tags",
        action="append",
        default=[],
        metavar="TAG",
        help="run only scenarios with a matching tag (a glob; repeatable)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("reports/mutants.json"),
        metavar="FILE",
        help="the JSON result (default reports/mutants.json)",
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
    if args.fuzz_games < 0:
        print("error: --fuzz-games must be at least 0", file=sys.stderr)
        return 2
    jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)

    def show(result: MutantResult) -> None:
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
    results = run_mutants(options, show)
    document = merge(args.out, results)
    write(args.out, document)
    totals = document["totals"]
    print(
        f"{totals['killed']} of {totals['mutants']} mutants killed "
        f"({100 * totals['kill_rate']:.0f}%), {totals['survived']} survived "
        f"({totals['explained']} explained); wrote {args.out}"
    )
    unexplained = [r for r in results if not r.killed and not r.explanation]
    return 1 if unexplained else 0
