"""A conformance run: the Gherkin suite against one engine, with reports.

:func:`run` drives pytest in process (the suite module plus our plugin), collects one record
per scenario x profile x options from the plugin, applies expectations and writes the JSON
report, JUnit XML, the Markdown summary and badges, each atomically.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from adapters.base import EngineFailure
from durak_conformance import plugin
from durak_conformance.reports import (
    EXIT_ENGINE,
    EXIT_USAGE,
    Implementation,
    ReportError,
    RunHeader,
    RunReport,
    ScenarioRecord,
    apply_to_report,
    load_expectations,
    update,
    write_badges,
    write_junit,
    write_markdown,
    write_report,
)

SUITE_DIR = Path(__file__).resolve().parent / "suite"
DESELECTED = "deselected:"


class UsageError(Exception):
    """A bad option or configuration: exit code 2."""


@dataclass
class RunOptions:
    """What to run and where to write the results."""

    adapter: str | None = None
    engine: list[str] = field(default_factory=list)
    profiles: list[str] = field(default_factory=list)
    options: dict[str, str] = field(default_factory=dict)
    tags: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    jobs: int = 1
    max_fail: int = 0
    reports_dir: Path = Path("reports")
    name: str | None = None
    expectations: Path | None = None
    strict: bool = False
    update_expectations: bool = False
    schema_check: bool = True
    timeout: float = 10.0
    progress: bool = True
    command_line: list[str] = field(default_factory=list)


@dataclass
class RunResult:
    """The finished run: the report, the files written and the exit code."""

    report: RunReport
    files: list[Path]
    exit_code: int
    warnings: list[str]


def adapter_spec(options: RunOptions) -> str:
    """The plugin's spelling of the engine under test."""
    if options.engine:
        return "engine:" + shlex.join(options.engine)
    return options.adapter or "reference"


def handshake(options: RunOptions) -> Implementation:
    """Start the engine once and ask who it is; raises EngineFailure if it cannot start."""
    from adapters.registry import AdapterOptions, UnknownAdapter, open_adapter
    from durak_conformance.protocol import response_problem

    adapter_options = AdapterOptions(
        checker=response_problem if options.schema_check else None, timeout=options.timeout
    )
    try:
        adapter = open_adapter(
            name=None if options.engine else (options.adapter or "reference"),
            command=options.engine or None,
            options=adapter_options,
        )
    except UnknownAdapter as exc:
        raise UsageError(str(exc)) from None
    try:
        hello = adapter.hello()
    finally:
        with contextlib.suppress(Exception):
            adapter.close()
    return Implementation.from_hello(hello.to_json())


def check_selection(options: RunOptions) -> None:
    """Unknown profiles or option keys are usage errors, said before anything runs."""
    from durak_conformance.profiles import ProfileError, list_profiles, load_profile

    known = list_profiles()
    for profile in options.profiles:
        if profile not in known:
            raise UsageError(f"--profile {profile}: no such profile (known: {', '.join(known)})")
    if options.options:
        keys: set[str] = set()
        for profile in options.profiles or known:
            try:
                loaded = load_profile(profile)
            except ProfileError as exc:
                raise UsageError(str(exc)) from None
            for key, option in loaded.options.items():
                keys.add(key)
                value = options.options.get(key)
                if value is not None and value not in option.values and options.profiles:
                    raise UsageError(
                        f"--option {key}={value}: {profile} offers {', '.join(option.values)}"
                    )
        unknown = [k for k in options.options if k not in keys]
        if unknown:
            raise UsageError(
                f"--option {', '.join(unknown)}: no selected profile has such a "
                f"table option (known: {', '.join(sorted(keys))})"
            )
    if options.jobs < 1:
        raise UsageError("--jobs must be at least 1")


def pytest_args(options: RunOptions) -> list[str]:
    """The pytest command line for the run (in process, our ini, our suite only)."""
    args = [
        str(SUITE_DIR / "test_features.py"),
        "-c",
        str(SUITE_DIR.parent / "run-pytest.ini"),
        "--rootdir",
        str(SUITE_DIR),
        "-q",
        "--no-header",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:randomly",
        "--durak-timeout",
        str(options.timeout),
    ]
    if options.engine:
        args += ["--durak-engine", shlex.join(options.engine)]
    else:
        args += ["--durak-adapter", options.adapter or "reference"]
    for profile in options.profiles:
        args += ["--durak-profile", profile]
    for key, value in options.options.items():
        args += ["--durak-option", f"{key}={value}"]
    for tag in options.tags:
        args += ["--durak-tag", tag]
    for scenario_id in options.ids:
        args += ["--durak-id", scenario_id]
    if not options.schema_check:
        args.append("--durak-no-schema-check")
    if options.max_fail:
        args += ["--maxfail", str(options.max_fail)]
    if options.jobs > 1:
        args += ["-n", str(options.jobs)]
    return args


class _Collector:
    """A pytest plugin object gathering the plugin's records, with a progress bar."""

    def __init__(self, progress: Progress | None) -> None:
        self.by_node: dict[str, dict[str, Any]] = {}
        self.progress = progress
        self.task: Any = None
        self.collected = 0
        self.stopped = ""
        self.internal_errors: list[str] = []
        self.collection_errors: list[str] = []

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.collected = len(session.items)
        if self.progress is not None:
            self.task = self.progress.add_task("scenarios", total=self.collected)

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: Any, ids: list[str]) -> None:
        if self.progress is not None and self.task is None:
            self.collected = len(ids)
            self.task = self.progress.add_task("scenarios", total=self.collected)

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        self.stopped = str(session.shouldstop or session.shouldfail or "")

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            self.collection_errors.append(str(report.longrepr))

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        # Every phase's report carries the item's properties: keep one record per test.
        for key, value in report.user_properties:
            if key == plugin.PROPERTY_KEY and isinstance(value, dict):
                self.by_node[str(value.get("nodeid", report.nodeid))] = value
        finished = report.when == "call" or (report.when == "setup" and not report.passed)
        if finished and self.progress is not None and self.task is not None:
            self.progress.advance(self.task)
        if (
            report.when == "setup"
            and report.failed
            and not any(k == plugin.PROPERTY_KEY for k, _ in report.user_properties)
        ):
            self.internal_errors.append(f"{report.nodeid}: {report.longrepr}")


@contextlib.contextmanager
def _progress(console: Console, enabled: bool) -> Iterator[Progress | None]:
    if not enabled:
        yield None
        return
    progress = Progress(
        TextColumn("[bold]conformance"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    )
    with progress:
        yield progress


def to_record(raw: dict[str, Any]) -> ScenarioRecord:
    """A report record from the plugin's record."""
    return ScenarioRecord(
        id=str(raw["id"]),
        profile=str(raw["profile"]),
        options={str(k): str(v) for k, v in raw.get("options", {}).items()},
        feature=str(raw.get("feature", "")),
        area=str(raw.get("area", "")),
        name=str(raw.get("name", "")),
        line=int(raw.get("line", 0)),
        clauses=[str(c) for c in raw.get("clauses", [])],
        status=raw["status"],
        message=str(raw.get("message", "")),
        transcript=list(raw.get("transcript", [])) if raw["status"] in ("fail", "error") else [],
        duration=float(raw.get("duration", 0.0)),
        adapter=str(raw.get("adapter", "")),
    )


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "engine"


def run(options: RunOptions, console: Console | None = None) -> RunResult:
    """Run the suite as configured; raises UsageError or EngineFailure before running."""
    console = console or Console(stderr=True)
    check_selection(options)
    expectations = None
    if options.expectations is not None and (
        options.expectations.exists() or not options.update_expectations
    ):
        try:
            expectations = load_expectations(options.expectations)
        except (ReportError, OSError) as exc:
            raise UsageError(str(exc)) from None
    implementation = handshake(options)
    profiles = options.profiles or sorted(implementation.profiles)
    header = RunHeader.collect(
        implementation,
        adapter_spec(options),
        profiles,
        options.options,
        command=options.command_line or None,
        strict=options.strict,
        expectations=str(options.expectations) if options.expectations else None,
    )
    started = time.perf_counter()
    with _progress(console, options.progress) as progress:
        collector = _Collector(progress)
        with _quiet_stdout():
            code = pytest.main(pytest_args(options), plugins=[collector])
    duration = time.perf_counter() - started
    if collector.collection_errors:
        raise UsageError(
            "the suite could not be collected:\n" + "\n".join(collector.collection_errors)
        )
    if code in (pytest.ExitCode.USAGE_ERROR, pytest.ExitCode.INTERNAL_ERROR):
        raise UsageError(
            f"pytest stopped with exit code {int(code)}: " + "; ".join(collector.internal_errors)
        )
    records = [
        to_record(r)
        for r in collector.by_node.values()
        if not str(r.get("message", "")).startswith(DESELECTED)
    ]
    records.sort(key=lambda r: (r.profile, r.feature, r.line, r.id, sorted(r.options.items())))
    stop_reason = None
    if options.max_fail and (collector.stopped or code == pytest.ExitCode.INTERRUPTED):
        stop_reason = f"stopped after {options.max_fail} failure(s) (--max-fail)"
    elif code == pytest.ExitCode.INTERRUPTED:
        stop_reason = "interrupted"
    engine_dead = bool(records) and all(
        r.status == "error" and "could not be started" in r.message for r in records
    )
    report = RunReport.build(
        header,
        records,
        duration,
        stop_reason=stop_reason,
        exit_code_override=EXIT_ENGINE if engine_dead else None,
    )
    warnings: list[str] = []
    if expectations is not None:
        report, warnings = apply_to_report(report, expectations, options.strict)
    files = write_all(report, options)
    if options.update_expectations and options.expectations is not None:
        result = update(options.expectations, report)
        warnings += result.warnings
        files.append(Path(result.path))
    return RunResult(report, files, report.footer.exit_code, warnings)


@contextlib.contextmanager
def _quiet_stdout() -> Iterator[None]:
    """pytest's own terminal output is not ours to show: the summary table replaces it."""
    devnull = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - closed below
    saved = sys.stdout
    sys.stdout = devnull
    try:
        yield
    finally:
        sys.stdout = saved
        devnull.close()


def write_all(report: RunReport, options: RunOptions) -> list[Path]:
    """JSON, JUnit, Markdown and badges under the reports folder, each written atomically."""
    name = options.name or (
        slug(options.adapter or "reference")
        if not options.engine
        else slug(report.header.implementation.name)
    )
    folder = options.reports_dir
    folder.mkdir(parents=True, exist_ok=True)
    files = [folder / f"{name}.json", folder / f"{name}.junit.xml", folder / f"{name}.md"]
    write_report(report, files[0])
    write_junit(report, files[1])
    write_markdown(report, files[2])
    files += write_badges(report, folder / "badges" / name)
    return files


def summary_table(report: RunReport) -> Table:
    """Passed, failed, errored, skipped and expected results per profile and rule area."""
    columns = ("pass", "fail", "error", "skip", "xfail", "xpass")
    counts: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for record in report.records:
        counts[(record.profile, record.area)][record.status] += 1
    table = Table(
        title=f"{report.header.implementation.name} {report.header.implementation.version}".strip()
    )
    table.add_column("profile")
    table.add_column("rule area")
    for column in ("passed", "failed", "errored", "skipped", "xfail", "xpass"):
        table.add_column(column, justify="right")
    previous = ""
    totals: Counter[str] = Counter()
    for (profile, area), counter in sorted(counts.items()):
        totals.update(counter)
        styled = [_cell(counter[c], c) for c in columns]
        table.add_row(profile if profile != previous else "", area, *styled)
        previous = profile
    table.add_section()
    table.add_row("all", "", *[_cell(totals[c], c) for c in columns])
    return table


def _cell(value: int, status: str) -> str:
    if not value:
        return "[dim]0[/dim]"
    colour = {"pass": "green", "fail": "red", "error": "red", "xpass": "yellow"}.get(status)
    return f"[{colour}]{value}[/{colour}]" if colour else str(value)


def describe_failures(report: RunReport, limit: int = 20) -> list[str]:
    """One line per unexpected failure, for the console."""
    lines = []
    for record in report.records:
        if record.status in ("fail", "error") or (
            report.header.strict and record.status == "xpass"
        ):
            where = f"{record.feature}:{record.line}" if record.feature else record.id
            first = record.message.splitlines()[0] if record.message else ""
            lines.append(
                f"{record.status.upper():5} {record.profile} {record.id} ({where}): {first}"
            )
    if len(lines) > limit:
        lines = [*lines[:limit], f"... and {len(lines) - limit} more (see the JSON report)"]
    return lines


def engine_failure_exit(console: Console, exc: EngineFailure) -> int:
    console.print(f"[red]the engine could not be started:[/red] {exc}")
    return EXIT_ENGINE


def usage_exit(console: Console, exc: Exception) -> int:
    console.print(f"[red]error:[/red] {exc}")
    return EXIT_USAGE


def parse_option_pairs(items: Sequence[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise UsageError(f"--option {item!r}: expected KEY=VALUE, e.g. rules=transfer")
        out[key.strip()] = value.strip()
    return out
