"""Run reports: the JSON report model, JUnit XML, Markdown summary, badges, expectations, diff.

The runner builds :class:`RunHeader` at the start, one :class:`ScenarioRecord` per scenario,
then :meth:`RunReport.build`, applies expectations with :func:`apply_to_report` and writes the
files with :func:`write_report`, :func:`write_junit`, :func:`write_markdown` and
:func:`write_badges` (all atomic).
"""

from __future__ import annotations

from durak_conformance.reports.atomic import atomic_write_text, atomic_writer
from durak_conformance.reports.badges import badge, badges, write_badges
from durak_conformance.reports.diff import IncomparableReports, ReportDiff, diff_reports
from durak_conformance.reports.expectations import (
    ApplyResult,
    Expectation,
    Expectations,
    ExpectationsError,
    UpdateResult,
    apply,
    apply_to_report,
    load_expectations,
    parse_expectations,
    update,
)
from durak_conformance.reports.json_report import loads, read_report, write_report
from durak_conformance.reports.junit import junit_xml, write_junit
from durak_conformance.reports.markdown import markdown_summary, write_markdown
from durak_conformance.reports.model import (
    EXIT_ENGINE,
    EXIT_FAILURES,
    EXIT_INTERNAL,
    EXIT_OK,
    EXIT_USAGE,
    STATUSES,
    ExpectedOutcome,
    Implementation,
    InternalError,
    Machine,
    ReasonNote,
    ReportError,
    RunFooter,
    RunHeader,
    RunReport,
    ScenarioRecord,
    Source,
    Status,
    exit_code,
    options_key,
)

__all__ = [
    "EXIT_ENGINE",
    "EXIT_FAILURES",
    "EXIT_INTERNAL",
    "EXIT_OK",
    "EXIT_USAGE",
    "STATUSES",
    "ApplyResult",
    "Expectation",
    "Expectations",
    "ExpectationsError",
    "ExpectedOutcome",
    "Implementation",
    "IncomparableReports",
    "InternalError",
    "Machine",
    "ReasonNote",
    "ReportDiff",
    "ReportError",
    "RunFooter",
    "RunHeader",
    "RunReport",
    "ScenarioRecord",
    "Source",
    "Status",
    "UpdateResult",
    "apply",
    "apply_to_report",
    "atomic_write_text",
    "atomic_writer",
    "badge",
    "badges",
    "diff_reports",
    "exit_code",
    "junit_xml",
    "load_expectations",
    "loads",
    "markdown_summary",
    "options_key",
    "parse_expectations",
    "read_report",
    "update",
    "write_badges",
    "write_junit",
    "write_markdown",
    "write_report",
]
