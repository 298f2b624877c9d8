"""``durak-conformance derive``: the deck-and-prefix derivations of the position scenarios.

Exit codes: 0 done (with ``--check``: nothing stale), 1 stale or wrong derivations (with
``--check``), 2 usage errors or a suite whose set-up steps cannot run.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any


def register(subparsers: Any) -> None:
    """Add the ``derive`` sub-command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "derive",
        help="derive a stacked deck and a prefix of legal actions for every position scenario",
        description=(
            "For every run of a scenario that starts from a position (a table between bouts), "
            "derive a stacked deck and a short prefix of legal actions that reach exactly that "
            "table from a normal deal, verify it on the reference engine, and store it beside "
            "the feature (<feature>.derivations.yaml). Engines that cannot load a position "
            "then run those scenarios from the deck and the prefix. With --check nothing is "
            "written: the stored derivations are compared with the suite's positions and "
            "replayed on the reference engine. Exit status: 0 done (or nothing stale), 1 "
            "stale derivations (--check), 2 usage errors."
        ),
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="write nothing; fail (exit 1) when a stored derivation is missing, stale, or no "
        "longer reaches its position on the reference engine",
    )
    parser.add_argument(
        "--profile", action="append", default=[], metavar="PROFILE", help="only this profile"
    )
    parser.add_argument(
        "--id",
        action="append",
        default=[],
        dest="ids",
        metavar="ID",
        help="only scenarios whose @id matches (a glob; repeatable); other entries are kept",
    )
    parser.add_argument(
        "--jobs", "-j", type=int, default=1, metavar="N", help="processes for the solver"
    )
    parser.add_argument(
        "--summary",
        action="store_true",
        help="write nothing; print the derivable share per profile and every run that is "
        "not derived, with the reason, from the stored files",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from durak_conformance.derivation import regenerate
    from durak_conformance.derivation.collect import CollectionFailed, collect
    from durak_conformance.derivation.store import StoreError

    out = sys.stdout
    if args.jobs < 1:
        print("derive: --jobs must be at least 1", file=sys.stderr)
        return 2
    if args.summary:
        try:
            entries = regenerate.stored_entries()
        except StoreError as exc:
            print(f"derive: {exc}", file=sys.stderr)
            return 2
        for line in regenerate.summary_lines(entries):
            print(line, file=out)
        return 0
    started = time.perf_counter()
    try:
        runs = collect(args.profile, args.ids)
    except CollectionFailed as exc:
        print(f"derive: {exc}", file=sys.stderr)
        return 2
    partial = bool(args.profile or args.ids)
    if args.check:
        problems = regenerate.check(runs, complete=not partial)
        for problem in problems:
            print(problem, file=out)
        seconds = time.perf_counter() - started
        if problems:
            print(
                f"{len(problems)} problem(s) in the derivations of {len(runs)} position runs "
                f"({seconds:.1f} s)",
                file=out,
            )
            return 1
        print(f"{len(runs)} position runs: every derivation is current ({seconds:.1f} s)", file=out)
        return 0
    results = regenerate.derive_runs(runs, args.jobs)
    changed = regenerate.write(runs, results, keep_others=partial)
    for path in changed:
        print(f"wrote {path}", file=out)
    entries = [
        (r.feature, regenerate.entry_of(r, res)) for r, res in zip(runs, results, strict=True)
    ]
    for line in regenerate.summary_lines(entries):
        print(line, file=out)
    print(f"({time.perf_counter() - started:.1f} s)", file=out)
    return 0
