"""``durak-conformance run``: the conformance suite against an engine, with reports.

With no arguments it runs every profile against the in-process reference engine and writes
``conformance-reports/reference.{json,junit.xml,md}`` and badges (a folder the project's git
ignores: the committed reports in ``reports/`` are the published ones, refreshed on purpose
with ``--reports reports``).  Exit codes: 0 all as expected,
1 unexpected failures (or, with ``--strict``, unexpected passes; with ``--strict-reasons``,
refusals for a missing or different reason), 2 usage or configuration errors, 3 the engine
could not be started, 4 the run was cut short by an internal error (the reports hold what was
played before it).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from adapters.base import EngineFailure
from durak_conformance import interrupts, limits
from durak_conformance.commands import arguments
from durak_conformance.commands.engine_choice import (
    TIMEOUT_HELP,
    EngineChoiceError,
    add_engine_arguments,
    engine_command,
)
from durak_conformance.reports.naming import LOCAL_REPORTS
from durak_conformance.runner import (
    RunOptions,
    UsageError,
    describe_failures,
    describe_reason_notes,
    describe_skips,
    engine_failure_exit,
    parse_option_pairs,
    run,
    summary_table,
    usage_exit,
)


def register(subparsers: Any) -> None:
    """Add the ``run`` sub-command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "run",
        help="run the conformance suite against an engine and write reports",
        description=(
            "Run the Gherkin conformance suite against the reference engine (default), an "
            "adapter by name, or any engine program speaking the JSON protocol over stdio "
            "(--engine -- COMMAND ...). Writes a JSON report, JUnit XML, a Markdown summary "
            "and badges. Exit status: 0 all as expected, 1 unexpected failures (or unexpected "
            "passes with --strict, refusals for another reason with --strict-reasons), 2 usage "
            "or configuration errors, 3 the engine could not be started, 4 the run was cut "
            "short by an internal error (the reports hold what was played, marked incomplete)."
        ),
    )
    add_engine_arguments(
        parser, "an adapter by name (see `durak-conformance adapters`); default: reference"
    )
    parser.add_argument(
        "--profile",
        action="append",
        default=[],
        metavar="PROFILE",
        help="run only this profile (repeatable)",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="run only scenarios played with this table option (repeatable)",
    )
    parser.add_argument(
        "--reading",
        action="append",
        default=[],
        metavar="PARAM=VALUE",
        help="play this reading of a parameter the profiles mark ambiguous (every profile "
        "that marks it); scenarios written for another reading are skipped (repeatable; "
        "`durak-conformance rules readings` lists them)",
    )
    parser.add_argument(
        "--tags",
        action="append",
        default=[],
        metavar="TAG",
        help="run only scenarios with a matching tag, a glob such as "
        "'rule:howto-durak.transfer.*' or 'ambiguous' (repeatable: any)",
    )
    parser.add_argument(
        "--id",
        action="append",
        default=[],
        metavar="ID",
        dest="ids",
        help="run only scenarios whose @id matches (a glob; repeatable)",
    )
    parser.add_argument(
        "--jobs",
        "-j",
        type=arguments.jobs,
        default=1,
        metavar="N",
        help="run on N processes, 0 for every core (results are the same as a serial run)",
    )
    parser.add_argument(
        "--max-fail",
        type=arguments.at_least_zero,
        default=0,
        metavar="N",
        help="stop after N failures (default 0: never)",
    )
    parser.add_argument(
        "--reports",
        type=Path,
        default=LOCAL_REPORTS,
        metavar="DIR",
        help=f"where to write the reports (default: {LOCAL_REPORTS}/)",
    )
    parser.add_argument(
        "--name",
        metavar="NAME",
        help="base name of the report files (default: from the engine's name)",
    )
    parser.add_argument(
        "--expectations",
        type=Path,
        metavar="FILE",
        help="the engine's expectations file (known failures and skips)",
    )
    parser.add_argument(
        "--strict", action="store_true", help="an expected failure that passes fails the run"
    )
    parser.add_argument(
        "--strict-reasons",
        action="store_true",
        help="a refusal whose reason (clause) is missing or not the expected one fails its "
        "scenario; without it, it is only counted as a reason note",
    )
    parser.add_argument(
        "--update-expectations",
        action="store_true",
        help="rewrite --expectations from this run's results",
    )
    parser.add_argument(
        "--timeout",
        type=limits.timeout_argument,
        default=limits.DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=TIMEOUT_HELP,
    )
    parser.add_argument(
        "--no-schema-check",
        action="store_true",
        help="do not check stdio replies against the protocol schemas",
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    parser.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the sub-command; returns the exit code."""
    # Messages are never wrapped: a file name split over two lines is no use in a CI log.
    console = Console(stderr=True, soft_wrap=True)
    out = Console() if Console().is_terminal else Console(width=120)
    try:
        try:
            command = engine_command(args, "run")
        except EngineChoiceError as exc:
            raise UsageError(str(exc)) from None
        if args.update_expectations and args.expectations is None:
            raise UsageError("--update-expectations needs --expectations FILE")
        options = RunOptions(
            adapter=args.adapter,
            engine=command,
            profiles=list(args.profile),
            options=parse_option_pairs(args.option),
            readings=parse_option_pairs(args.reading, "--reading", "out_timing=bout_end"),
            tags=list(args.tags),
            ids=list(args.ids),
            jobs=args.jobs,
            max_fail=args.max_fail,
            reports_dir=args.reports,
            name=args.name,
            expectations=args.expectations,
            strict=args.strict,
            strict_reasons=args.strict_reasons,
            update_expectations=args.update_expectations,
            schema_check=not args.no_schema_check,
            timeout=args.timeout,
            progress=not args.no_progress and console.is_terminal,
            command_line=["durak-conformance", "run", *sys.argv[2:]],
        )
        result = run(options, console)
    except UsageError as exc:
        return usage_exit(console, exc)
    except EngineFailure as exc:
        return engine_failure_exit(console, exc)
    except KeyboardInterrupt:
        console.print(
            f"[red]interrupted[/red] by {interrupts.describe()} before any scenario finished: "
            "no report was written, the reports folder is as it was"
        )
        return interrupts.exit_code()
    report = result.report
    out.print(summary_table(report))
    for line in describe_skips(report):
        out.print(line, markup=False, highlight=False, soft_wrap=True)
    for line in describe_failures(report):
        out.print(line, markup=False, highlight=False, soft_wrap=True)
    out.print(describe_reason_notes(report), markup=False, highlight=False)
    for warning in result.warnings:
        console.print(f"[yellow]warning:[/yellow] {warning}")
    internal = report.footer.internal_error
    if internal is not None:
        console.print(
            f"[red]INCOMPLETE: the run was {escape(internal.describe())}[/red]; the reports "
            "hold the scenarios played before it. This is a bug of durak-conformance: please "
            "report it with the traceback below.",
            markup=True,
            highlight=False,
        )
        if internal.traceback:
            console.print(internal.traceback, markup=False, highlight=False)
    if report.footer.aborted:
        console.print(
            f"[red]INCOMPLETE:[/red] {escape(report.footer.stop_reason or 'stopped early')}. "
            f"What was played is in {escape(str(result.files[0].parent))}/ (marked incomplete); "
            f"the last complete reports in {escape(str(options.reports_dir))}/ were left as "
            "they were.",
            highlight=False,
        )
    elif report.footer.stopped_early:
        console.print(f"[yellow]stopped early:[/yellow] {report.footer.stop_reason}")
    totals = report.footer.totals
    out.print(
        f"{totals.get('pass', 0)} passed, {totals.get('fail', 0)} failed, "
        f"{totals.get('error', 0)} errored, {totals.get('skip', 0)} skipped, "
        f"{totals.get('xfail', 0)} expected failures, {totals.get('xpass', 0)} unexpected "
        f"passes in {report.footer.duration:.1f}s" + ("" if report.complete else " (INCOMPLETE)"),
        highlight=False,
    )
    for path in result.files[:3]:  # never wrapped: a path split in two is no use in a log
        out.print(f"wrote {path}", highlight=False, soft_wrap=True)
    return result.exit_code
