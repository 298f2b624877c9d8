"""A conformance run: the Gherkin suite against one engine, with reports.

:func:`run` drives pytest in process (the suite module plus our plugin), collects one record
per scenario x profile x options from the plugin, applies expectations and writes the JSON
report, JUnit XML, the Markdown summary and badges as one set (:func:`write_all`).

A run that is cut short is not a result, and never replaces the last complete set in
``<reports>``: what it played goes to ``<reports>/incomplete/``, marked incomplete.  An
internal error (a bug of durak-conformance, in a hook or after the scenarios) never loses the
scenarios already played: they are written with the error (footer ``internal_error``,
``stopped_early``) and the exit code is :data:`~durak_conformance.reports.model.EXIT_INTERNAL`.
A run stopped by a signal (Ctrl-C, SIGTERM) exits ``128 + N``.  A selection that runs
nothing is a usage error, and writes nothing.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import sys
import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from rich import box
from rich.console import Console
from rich.markup import escape as rich_escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from adapters.base import EngineFailure, EngineStartFailure, hello_problem
from durak_conformance import interrupts, limits, plugin
from durak_conformance.causes import Failure
from durak_conformance.readings import judge_readings
from durak_conformance.reports import (
    EXIT_ENGINE,
    EXIT_USAGE,
    Expectations,
    Implementation,
    ReportError,
    RunHeader,
    RunReport,
    ScenarioRecord,
    apply_to_report,
    load_expectations,
    update,
)
from durak_conformance.reports.atomic import write_set
from durak_conformance.reports.badges import badges
from durak_conformance.reports.groups import (
    VERDICTS,
    cause_groups,
    reason_note_text,
    reason_note_totals,
    skip_reasons,
    unclaimed_profiles,
    verdict,
)
from durak_conformance.reports.json_report import dumps, loads
from durak_conformance.reports.junit import junit_xml
from durak_conformance.reports.markdown import markdown_summary
from durak_conformance.reports.model import InternalError, ReasonNote
from durak_conformance.reports.naming import (
    INCOMPLETE_FOLDER,
    LOCAL_REPORTS,
    check_name,
    is_profile_id,
    report_name,
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
    readings: dict[str, str] = field(default_factory=dict)
    """Readings of ambiguous parameters to play (``--reading PARAM=VALUE``)."""
    tags: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    jobs: int = 1
    max_fail: int = 0
    reports_dir: Path = LOCAL_REPORTS
    name: str | None = None
    expectations: Path | None = None
    strict: bool = False
    strict_reasons: bool = False
    """A refusal with a missing or different reason fails its scenario."""
    update_expectations: bool = False
    schema_check: bool = True
    timeout: float = limits.DEFAULT_TIMEOUT
    progress: bool = True
    command_line: list[str] = field(default_factory=list)
    plugins: list[object] = field(default_factory=list)
    """Extra pytest plugin objects for the run (embedding, and tests that inject faults)."""


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
    problem = hello_problem(hello)  # the stdio adapter checks this too; a Python one may not
    if problem is not None:
        raise EngineStartFailure(f"handshake beyond the limits: {problem}")
    return Implementation.from_hello(hello.to_json())


def check_selection(options: RunOptions) -> None:
    """Unknown profiles or option keys are usage errors, said before anything runs."""
    from durak_conformance.profiles import (
        ProfileError,
        ambiguous_parameters,
        list_profiles,
        load_profile,
    )

    known = list_profiles()
    for profile in options.profiles:
        if profile not in known:
            raise UsageError(f"--profile {profile}: no such profile (known: {', '.join(known)})")
    if options.options:
        keys: set[str] = set()
        offered: dict[str, set[str]] = defaultdict(set)
        for profile in options.profiles or known:
            try:
                loaded = load_profile(profile)
            except ProfileError as exc:
                raise UsageError(str(exc)) from None
            for key, option in loaded.options.items():
                keys.add(key)
                offered[key].update(option.values)
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
        for key, value in options.options.items():  # without --profile: some profile's value
            if value not in offered[key]:
                raise UsageError(
                    f"--option {key}={value}: no profile offers that value "
                    f"(offered: {', '.join(sorted(offered[key]))})"
                )
    for name, value in options.readings.items():
        readings: dict[str, list[str]] = {}
        for profile in options.profiles or known:
            try:
                loaded = load_profile(profile)
            except ProfileError as exc:
                raise UsageError(str(exc)) from None
            choices = ambiguous_parameters(loaded).get(name)
            if choices:
                readings[profile] = [r.label for r in choices]
        if not readings:
            raise UsageError(
                f"--reading {name}={value}: no selected profile marks {name!r} ambiguous "
                "(`durak-conformance rules readings` lists the readings a run can play)"
            )
        wrong = [p for p, labels in readings.items() if value not in labels]
        if wrong:
            raise UsageError(
                f"--reading {name}={value}: "
                + "; ".join(f"{p} offers {', '.join(readings[p])}" for p in wrong)
            )
    if options.jobs < 1:
        raise UsageError("--jobs must be at least 1")
    if options.name is not None and (problem := check_name(options.name)) is not None:
        raise UsageError(problem)
    if not 0 < options.timeout <= limits.MAX_TIMEOUT:  # also refuses NaN
        raise UsageError(
            f"--timeout {options.timeout}: a number of seconds above 0 and at most "
            f"{limits.MAX_TIMEOUT:g}"
        )


def suite_args() -> list[str]:
    """The start of every pytest command line that plays the suite in process: our suite
    only, with our ini, and none of the plugins that would change its order or slow it."""
    return [
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
        "-p",
        "no:hypothesispytest",  # where installed, its summary imports hypothesis: seconds
    ]


def pytest_args(options: RunOptions) -> list[str]:
    """The pytest command line for the run (in process, our ini, our suite only)."""
    args = [*suite_args(), "--durak-timeout", str(options.timeout)]
    if options.engine:
        args += ["--durak-engine", shlex.join(options.engine)]
    else:
        args += ["--durak-adapter", options.adapter or "reference"]
    for profile in options.profiles:
        args += ["--durak-profile", profile]
    for key, value in options.options.items():
        args += ["--durak-option", f"{key}={value}"]
    for name, value in options.readings.items():
        args += ["--durak-reading", f"{name}={value}"]
    for tag in options.tags:
        args += ["--durak-tag", tag]
    for scenario_id in options.ids:
        args += ["--durak-id", scenario_id]
    if not options.schema_check:
        args.append("--durak-no-schema-check")
    if options.strict_reasons:
        args.append("--durak-strict-reasons")
    if options.max_fail:
        args += ["--maxfail", str(options.max_fail)]
    if options.jobs > 1:
        args += ["-n", str(options.jobs), "--durak-worker-signals"]
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
        self.running = ""
        """The node id of the test in progress ("" between tests)."""
        self.reporting = ""
        """The node id of the last test whose result was reported."""
        self.crash: tuple[str, str, str] | None = None
        """(message, where, traceback) of an internal error inside the pytest session."""

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.collected = len(session.items)
        if self.progress is not None:
            self.task = self.progress.add_task("scenarios", total=self.collected)

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: Any, ids: list[str]) -> None:
        self.collected = len(ids)
        if self.progress is not None and self.task is None:
            self.task = self.progress.add_task("scenarios", total=self.collected)

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        self.stopped = str(session.shouldstop or session.shouldfail or "")

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            self.collection_errors.append(str(report.longrepr))

    def pytest_runtest_logstart(self, nodeid: str, location: object) -> None:
        self.running = nodeid

    def pytest_runtest_logfinish(self, nodeid: str, location: object) -> None:
        self.running = ""

    def pytest_internalerror(
        self, excrepr: object, excinfo: pytest.ExceptionInfo[BaseException]
    ) -> bool:
        """Keep what went wrong and where; the run reports it (pytest would print it to a
        terminal nobody reads, ours being quiet)."""
        exc = excinfo.value
        where = f"while running {self.running}" if self.running else "between scenarios"
        # The scenario in progress, or (several at once under --jobs) the one whose result
        # was being reported: name it by its feature file when its record was made.
        for nodeid in (self.running, self.reporting):
            record = self.by_node.get(nodeid) if nodeid else None
            if record is not None:
                where = (
                    f"while running {record.get('id')} ({record.get('feature')}:"
                    f"{record.get('line')}; pytest node {nodeid})"
                )
                break
        tail = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)[-3:])
        self.crash = (f"{type(exc).__name__}: {exc}", where, tail.strip())
        return True

    @pytest.hookimpl(tryfirst=True)  # before any other plugin's hook can fail on it
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.reporting = report.nodeid
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
    failure = raw.get("failure")
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
        failure=Failure.from_json(failure) if isinstance(failure, dict) else None,
        reason_notes=[ReasonNote.from_json(n) for n in raw.get("reason_notes", [])],
    )


def collected_records(raws: Sequence[dict[str, Any]]) -> tuple[list[ScenarioRecord], list[str]]:
    """Report records from the plugin's, sorted, each key once, and what had to be mended.

    A record that cannot be read is left out, and a record whose key an earlier one already
    has is kept under ``<id>#<n>``: both are bugs of the suite or the harness (the problems
    returned say which), and neither may cost the other records of the run.
    """
    records: list[ScenarioRecord] = []
    problems: list[str] = []
    for raw in raws:
        try:
            records.append(to_record(raw))
        except (KeyError, TypeError, ValueError) as exc:
            problems.append(
                f"unreadable record {raw.get('nodeid', '?')}: {type(exc).__name__}: {exc}"
            )
    records.sort(key=lambda r: (r.profile, r.feature, r.line, r.id, sorted(r.options.items())))
    seen: set[tuple[str, str, str]] = set()
    unique: list[ScenarioRecord] = []
    for record in records:
        if record.key in seen:
            number = 2
            while (f"{record.id}#{number}", *record.key[1:]) in seen:
                number += 1
            problems.append(
                f"two records share the key {record.key}: the second is kept as "
                f"{record.id}#{number}"
            )
            record = replace(record, id=f"{record.id}#{number}")
        seen.add(record.key)
        unique.append(record)
    return unique, problems


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
    known = _known_profiles()
    # The engine's profile ids are data: only this suite's own profiles are run and badged.
    strangers = [p for p in implementation.profiles if p not in known]
    profiles = options.profiles or sorted(p for p in implementation.profiles if p in known)
    header = RunHeader.collect(
        implementation,
        adapter_spec(options),
        profiles,
        options.options,
        command=options.command_line or None,
        strict=options.strict,
        expectations=str(options.expectations) if options.expectations else None,
        strict_reasons=options.strict_reasons,
    )
    started = time.perf_counter()
    with _progress(console, options.progress) as progress:
        collector = _Collector(progress)
        with _quiet_stdout():
            code = pytest.main(pytest_args(options), plugins=[collector, *options.plugins])
    duration = time.perf_counter() - started
    interrupted = code == pytest.ExitCode.INTERRUPTED
    if collector.collection_errors:
        raise UsageError(
            "the suite could not be collected:\n" + "\n".join(collector.collection_errors)
        )
    if code == pytest.ExitCode.USAGE_ERROR or (
        code == pytest.ExitCode.INTERNAL_ERROR and collector.crash is None
    ):
        raise UsageError(
            f"pytest stopped with exit code {int(code)}: " + "; ".join(collector.internal_errors)
        )
    if interrupted and not collector.by_node:
        raise KeyboardInterrupt  # stopped before any scenario finished: nothing to keep
    raw = [
        r
        for r in collector.by_node.values()
        if not str(r.get("message", "")).startswith(DESELECTED)
    ]
    records, problems = collected_records(raw)
    # A failure the expectations explain (another, triaged cause) must not count against the
    # reading its scenario is written for: the expectations are applied below, after judging.
    explained = None if expectations is None else _explained_by(expectations)
    records = judge_readings(records, explained)
    internal: InternalError | None = None
    if collector.crash is not None:
        message, where, tail = collector.crash
        internal = InternalError(message, where, len(records), tail)
    elif problems:
        internal = InternalError("; ".join(problems), "while collecting the records", len(records))
    if not records and not interrupted and internal is None:
        raise UsageError(
            "the selection matched no scenario the engine was asked to play: nothing was run, "
            "and no report was written (check --profile, --option, --tags and --id)"
        )
    stop_reason = None
    override = None
    if interrupted:
        override = interrupts.exit_code()
        stop_reason = (
            f"interrupted by {interrupts.describe()} after {len(records)} of "
            f"{collector.collected or '?'} scenarios: not a result"
        )
    elif options.max_fail and collector.stopped:
        stop_reason = f"stopped after {options.max_fail} failure(s) (--max-fail)"
    engine_dead = bool(records) and all(
        r.status == "error" and "could not be started" in r.message for r in records
    )
    if engine_dead and override is None:
        override = EXIT_ENGINE
    report = RunReport.build(
        header,
        records,
        duration,
        stop_reason=stop_reason,
        exit_code_override=override,
        internal_error=internal,
    )
    warnings: list[str] = []
    if strangers:
        shown = ", ".join(
            repr(limits.printable(limits.clip(p, 40), newlines=False)) for p in strangers[:10]
        )
        more = f" and {len(strangers) - 10} more" if len(strangers) > 10 else ""
        warnings.append(
            f"the engine claims profiles this suite does not have: {shown}{more} (ignored)"
        )
    if expectations is not None:
        try:
            report, warnings = apply_to_report(report, expectations, options.strict)
        except Exception as exc:  # our bug: the records must still be written
            report = with_internal_error(report, exc, "while applying the expectations file")
    report, files = write_all(report, options)
    if options.update_expectations and options.expectations is not None and report.complete:
        result = update(options.expectations, report)
        warnings += result.warnings
        files.append(Path(result.path))
    return RunResult(report, files, report.footer.exit_code, warnings)


def _explained_by(expectations: Expectations) -> Callable[[ScenarioRecord], bool]:
    """Whether the expectations file lists a record's failure (an xfail or skip entry)."""

    def explained(record: ScenarioRecord) -> bool:
        entry = expectations.match_record(record)
        return entry is not None and entry.status in ("xfail", "skip")

    return explained


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


def with_internal_error(report: RunReport, exc: BaseException, where: str) -> RunReport:
    """The report marked as cut short by ``exc`` (a first internal error is kept)."""
    if report.footer.internal_error is not None:
        return report
    tail = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)[-3:])
    error = InternalError(f"{type(exc).__name__}: {exc}", where, len(report.records), tail.strip())
    return RunReport.build(
        report.header,
        report.records,
        report.footer.duration,
        stop_reason=error.describe(),
        internal_error=error,
    )


def report_set_name(report: RunReport, options: RunOptions) -> str:
    """The base name of the run's report files: ``--name``, else a safe name of the adapter
    or of the engine's own name (see :mod:`durak_conformance.reports.naming`)."""
    if options.name:
        return options.name
    if not options.engine:
        return report_name(slug(options.adapter or "reference"))
    return report_name(report.header.implementation.name)


REPORT_SUFFIXES = (".json", ".junit.xml", ".md")
"""The files of one report set besides its badges."""


def _places(report: RunReport, root: Path, name: str) -> tuple[Path, Path | None]:
    """Where the set goes and where its badges go (None: no badges): a report cut short by
    a signal or an internal error goes to ``incomplete/``, without badges."""
    if report.footer.aborted:
        return root / INCOMPLETE_FOLDER, None
    return root, root / "badges" / name


def render_all(
    report: RunReport, name: str, folder: Path, badge_folder: Path | None = None
) -> dict[Path, str]:
    """Every report file's text: JSON, JUnit XML, Markdown and (with ``badge_folder``) the
    badges, of this suite's profile ids only (an engine's profile name is never a path).

    The JSON text is checked against the report schema (as :func:`write_report` does); an
    exception here is a bug of ours, which :func:`write_all` turns into an internal error.
    """
    texts: dict[Path, str] = {}
    text = dumps(report)
    loads(text, str(folder / f"{name}.json"))
    texts[folder / f"{name}.json"] = text
    texts[folder / f"{name}.junit.xml"] = junit_xml(report)
    texts[folder / f"{name}.md"] = markdown_summary(report)
    if badge_folder is not None:
        texts.update(_badge_texts(report, badge_folder))
    return texts


def _badge_texts(report: RunReport, folder: Path) -> dict[Path, str]:
    return {
        folder / f"badge-{profile}.json": json.dumps(data) + "\n"
        for profile, data in badges(report).items()
        if is_profile_id(profile)
    }


def write_all(report: RunReport, options: RunOptions) -> tuple[RunReport, list[Path]]:
    """Write the JSON report, JUnit XML, Markdown summary and badges as one set.

    Nothing is written until every text is ready; then the whole set replaces the last one
    at once (see :func:`~durak_conformance.reports.atomic.write_set`), badges of profiles
    the new set lacks included.  A report cut short by a signal or an internal error goes to
    ``<reports>/incomplete/`` without badges, leaving the last complete set alone; a complete
    one removes the incomplete set of the same name.  If making a file fails (an internal
    error), the report is marked so and what can be made of it is written to
    ``incomplete/``: the scenarios played are never lost.  Nothing is written outside the
    reports folder.  Returns the report written (with the error, if any) and the paths.
    """
    name = report_set_name(report, options)
    root = options.reports_dir
    folder, badge_folder = _places(report, root, name)
    try:
        texts = render_all(report, name, folder, badge_folder)
    except Exception as exc:
        report = with_internal_error(report, exc, "while writing the reports")
        folder, badge_folder = _places(report, root, name)
        texts = _render_what_can_be(report, name, folder)
    stale = [root / INCOMPLETE_FOLDER / f"{name}{ext}" for ext in REPORT_SUFFIXES]
    if badge_folder is not None and badge_folder.is_dir():
        stale += sorted(badge_folder.glob("badge-*.json"))
    return report, write_set(root, texts, stale=stale)


def _render_what_can_be(report: RunReport, name: str, folder: Path) -> dict[Path, str]:
    """Each file that can still be made, the JSON report first (the reference)."""
    makers: list[tuple[Path, Any]] = [
        (folder / f"{name}.json", dumps),
        (folder / f"{name}.junit.xml", junit_xml),
        (folder / f"{name}.md", markdown_summary),
    ]
    texts: dict[Path, str] = {}
    for path, make in makers:
        with contextlib.suppress(Exception):
            texts[path] = make(report)
    return texts


SUMMARY_LABELS: dict[str, str] = {
    "pass": "pass",
    "fail": "fail",
    "error": "error",
    "blocked": "block",
    "skip": "skip",
    "xfail": "xfail",
    "xpass": "xpass",
    "note": "notes",
}
"""Short column heads of the console summary, so it fits 80 columns."""


def summary_table(report: RunReport) -> Table:
    """Verdicts per profile (pass, fail at the rule's own steps, error, blocked by another
    cause, skip, xfail, xpass, reason notes), compact enough for an 80-column terminal.

    Each profile has one row of totals; under it only the rule areas with something to look
    at (a failure, an error, a blocked scenario, an unexpected pass or reason notes), so a
    green run is a few lines and a red one names where.  A profile the engine does not claim
    says so instead of counting its skips.  Names are never cut: the numbers are narrow.
    """
    counts: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for record in report.records:
        counter = counts[(record.profile, record.area)]
        counter[verdict(record)] += 1
        if record.reason_notes:
            counter["note"] += 1
    unclaimed = set(unclaimed_profiles(report.records))
    impl = report.header.implementation
    title = limits.printable(f"{impl.name} {impl.version}".strip(), newlines=False)
    if not report.complete:
        title += " (INCOMPLETE)"
    table = Table(
        title=rich_escape(title),
        box=box.SIMPLE_HEAD,
        collapse_padding=True,
        pad_edge=False,
        show_edge=False,
    )
    table.add_column("profile / rule area", no_wrap=True, overflow="fold")
    columns = [*VERDICTS, "note"]
    for name in columns:
        label = SUMMARY_LABELS[name]
        table.add_column(label, justify="right", no_wrap=True, min_width=len(label))
    by_profile: dict[str, dict[str, Counter[str]]] = defaultdict(dict)
    for (profile, area), counter in counts.items():
        by_profile[profile][area] = counter
    totals: Counter[str] = Counter()
    for profile in sorted(by_profile):
        areas = by_profile[profile]
        profile_totals: Counter[str] = Counter()
        for counter in areas.values():
            profile_totals.update(counter)
        totals.update(profile_totals)
        if profile in unclaimed:
            table.add_row(
                f"{rich_escape(profile)} [dim](not claimed)[/dim]",
                *["" if c != "skip" else _cell(profile_totals[c], c) for c in columns],
            )
            continue
        table.add_row(
            f"[bold]{rich_escape(profile)}[/bold]", *[_cell(profile_totals[c], c) for c in columns]
        )
        for area in sorted(areas):
            counter = areas[area]
            if any(counter[c] for c in ("fail", "error", "blocked", "xpass", "note")):
                table.add_row(
                    f"  {rich_escape(area or '(none)')}", *[_cell(counter[c], c) for c in columns]
                )
    table.add_section()
    table.add_row("all", *[_cell(totals[c], c) for c in columns])
    return table


def describe_skips(report: RunReport, limit: int = 5) -> list[str]:
    """Why scenarios were skipped, the most frequent reasons first, for the console."""
    reasons = skip_reasons(report.records)
    if not reasons:
        return []
    total = sum(count for _, count in reasons)
    width = len(str(reasons[0][1]))
    lines = [f"skipped {total} scenario{'s' if total != 1 else ''}, by reason:"]
    for reason, count in reasons[:limit]:
        lines.append(f"  {count:>{width}}  {reason}")
    if len(reasons) > limit:
        rest = sum(count for _, count in reasons[limit:])
        lines.append(
            f"  {rest:>{width}}  in {len(reasons) - limit} other reasons (see the Markdown summary)"
        )
    return [limits.printable(limits.clip(line, 300), newlines=False) for line in lines]


def _cell(value: int, status: str) -> str:
    if not value:
        return "[dim]0[/dim]"
    colour = {
        "pass": "green",
        "fail": "red",
        "error": "red",
        "blocked": "magenta",
        "xpass": "yellow",
        "note": "cyan",
    }.get(status)
    return f"[{colour}]{value}[/{colour}]" if colour else str(value)


def _known_profiles() -> list[str]:
    from durak_conformance.profiles import list_profiles

    return list_profiles()


def describe_failures(report: RunReport, limit: int = 20, examples: int = 3) -> list[str]:
    """Unexpected failures grouped by cause, largest first, for the console.

    One line per cause (``41 scenarios (12 blocked): expected ...; the engine says ...``)
    with a few example scenarios under it; then unexpected passes in strict mode.
    """
    groups = [g for g in cause_groups(report.records) if g.unexpected]
    lines: list[str] = []
    if groups:
        total = sum(g.unexpected for g in groups)
        lines.append(f"failures by cause ({total} scenarios, {len(groups)} causes):")
    for group in groups[:limit]:
        # Scenarios failing at their own rule show the cause best: they come first.
        bad = sorted(
            (r for r in group.records if r.status in ("fail", "error")), key=lambda r: r.blocked
        )
        blocked = sum(1 for r in bad if r.blocked)
        count = f"{len(bad)} scenario{'s' if len(bad) != 1 else ''}"
        if blocked:
            count += f" ({blocked} blocked)"
        lines.append(f"  {count}: {group.title}")
        # The title abstracts seats, cards and numbers to group; the first message is concrete.
        if bad[0].message:
            message = limits.printable(limits.clip(bad[0].message, 400), newlines=False)
            lines.append(f"    message: {message}")
        for record in bad[:examples]:
            where = record.failure.step if record.failure else f"{record.feature}:{record.line}"
            mark = " [blocked]" if record.blocked else ""
            lines.append(
                f"      {record.status.upper():5} {record.profile} {record.id} ({where}){mark}"
            )
        if len(bad) > examples:
            lines.append(f"      ... and {len(bad) - examples} more")
    if len(groups) > limit:
        rest = sum(g.unexpected for g in groups[limit:])
        lines.append(
            f"  ... and {len(groups) - limit} more causes ({rest} scenarios; see the JSON report)"
        )
    if report.header.strict:
        for record in report.records:
            if record.status == "xpass":
                lines.append(f"XPASS {record.profile} {record.id}: expected to fail, passed")
    # Causes quote the engine: its control characters must not reach the terminal.
    return [limits.printable(limits.clip(line, 400), newlines=False) for line in lines]


def describe_reason_notes(report: RunReport) -> str:
    """``reason notes: 12 scenarios (10 without a reason, 2 with a different reason)``."""
    return "reason notes: " + reason_note_text(reason_note_totals(report.records))


def engine_failure_exit(console: Console, exc: EngineFailure) -> int:
    console.print("[red]the engine could not be started:[/red] ", end="")
    console.print(limits.printable(str(exc)), markup=False, highlight=False)
    return EXIT_ENGINE


def usage_exit(console: Console, exc: Exception) -> int:
    console.print("[red]error:[/red] ", end="")
    console.print(limits.printable(str(exc)), markup=False, highlight=False)
    return EXIT_USAGE


def parse_option_pairs(
    items: Sequence[str], flag: str = "--option", example: str = "rules=transfer"
) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise UsageError(f"{flag} {item!r}: expected KEY=VALUE, e.g. {example}")
        out[key.strip()] = value.strip()
    return out
