"""``durak-conformance diff OLD.json NEW.json``: what changed between two runs.

Exit codes: 0 no regressions, 1 regressions (a scenario that passed now fails or errors),
2 a report is missing, truncated or invalid, or the reports come from different suite
versions and ``--force`` was not given.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from durak_conformance.reports.diff import FORMATS, IncomparableReports, diff_reports, render
from durak_conformance.reports.json_report import read_report
from durak_conformance.reports.model import EXIT_USAGE, ReportError


def register(subparsers: Any) -> None:
    """Add the ``diff`` sub-command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "diff",
        help="compare two JSON run reports",
        description=(
            "Compare two JSON run reports: regressions (pass -> fail/error), fixes, new and "
            "removed scenarios and other status changes, by profile and rule area. Exit "
            "status 1 when there are regressions, 2 when a report cannot be read or the "
            "suite versions differ (without --force), 0 otherwise."
        ),
    )
    parser.add_argument("old", metavar="OLD.json", help="the earlier report")
    parser.add_argument("new", metavar="NEW.json", help="the later report")
    parser.add_argument(
        "--force",
        action="store_true",
        help="compare reports of different suite versions anyway",
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="output format (default: text)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the sub-command; returns the exit code."""
    try:
        old = read_report(args.old)
        new = read_report(args.new)
        diff = diff_reports(old, new, force=args.force, old_source=args.old, new_source=args.new)
    except IncomparableReports as exc:
        print(f"durak-conformance diff: refusing to compare: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except ReportError as exc:
        print(f"durak-conformance diff: {exc}", file=sys.stderr)
        return EXIT_USAGE
    for warning in diff.warnings:
        if args.format != "text":
            print(f"warning: {warning}", file=sys.stderr)
    sys.stdout.write(render(diff, args.format))
    return diff.exit_code
