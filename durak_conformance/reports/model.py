"""Typed model of one conformance run: header, scenario records, footer.

The JSON form is described by ``durak_conformance/schemas/report-v1.json``;
:meth:`RunReport.from_json` validates against it so that every consumer (diff, docs build,
badges) can trust what it reads.
"""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal, cast, get_args

import jsonschema

import durak_conformance
from durak_conformance import limits
from durak_conformance.causes import Failure

Status = Literal["pass", "fail", "error", "skip", "xfail", "xpass"]
STATUSES: tuple[Status, ...] = get_args(Status)
"""Every record status, in the order reports list them."""

ActualStatus = Literal["pass", "fail", "error", "skip"]
ExpectedStatus = Literal["xfail", "skip"]

REPORT_FORMAT = "durak-conformance-report"
REPORT_VERSION = 1

# Must agree with durak_conformance.cli (a test checks it); repeated here so the report layer
# does not import the command line.
EXIT_OK = 0
"""Every scenario went as expected."""
EXIT_FAILURES = 1
"""Unexpected failures or errors, or (strict) unexpected passes."""
EXIT_USAGE = 2
"""Usage or configuration error (bad arguments, unreadable profile, report or expectations)."""
EXIT_ENGINE = 3
"""The engine under test could not be started."""
EXIT_INTERNAL = 4
"""The run was cut short by an internal error of durak-conformance; its reports (in
``<reports>/incomplete/``) hold the scenarios played before it and say where it happened."""
EXIT_SIGNAL_BASE = 128
"""A run stopped by signal N exits ``128 + N`` (130 for Ctrl-C, 143 for SIGTERM)."""

RecordKey = tuple[str, str, str]
"""(scenario id, profile, canonical options): identifies a record within and across runs."""


VOLATILE_FIELDS: tuple[str, ...] = (
    "header.started_at",
    "footer.duration",
    "records[].duration",
)
"""The only fields of a JSON report that differ between two identical runs (same engine,
selection, command line, machine and checkout): when it started and how long it and each
scenario took.  Everything else -- records, clauses, causes, every list -- is in a fixed
order, so two such reports are byte-identical once these are blanked (:func:`stable_view`).
The JUnit XML's ``timestamp`` and ``time`` attributes and the Markdown's "Started" line carry
the same values."""


def stable_view(data: Mapping[str, Any]) -> dict[str, Any]:
    """A JSON report's data with :data:`VOLATILE_FIELDS` set to None (for comparisons)."""
    view = json.loads(json.dumps(data))
    view["header"]["started_at"] = None
    view["footer"]["duration"] = None
    for record in view["records"]:
        record["duration"] = None
    return cast(dict[str, Any], view)


class ReportError(Exception):
    """A report (or expectations) file is unreadable or does not match its schema.

    The message names the file and, for schema errors, the JSON path of the offending value.
    """


def options_key(options: Mapping[str, str]) -> str:
    """Canonical text of an option set: ``key=value`` pairs sorted by key, comma separated."""
    return ",".join(f"{k}={options[k]}" for k in sorted(options))


def json_path(parts: Iterable[str | int]) -> str:
    """``$.records[3].status`` style path from a sequence of keys and indexes."""
    text = "$"
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        elif part.isidentifier():
            text += f".{part}"
        else:
            text += f"[{json.dumps(part)}]"
    return text


@cache
def load_schema(name: str) -> jsonschema.Draft202012Validator:
    """A reusable validator for ``durak_conformance/schemas/<name>``."""
    text = resources.files(durak_conformance).joinpath("schemas", name).read_text("utf-8")
    # Our own schemas: tests/test_schemas_are_valid.py checks them against the metaschema
    # once, rather than every process paying for it.
    return jsonschema.Draft202012Validator(json.loads(text))


def path_sort_key(parts: Iterable[str | int]) -> tuple[tuple[int, int, str], ...]:
    """Sort key putting JSON paths in document order (indexes numerically)."""
    return tuple((0, p, "") if isinstance(p, int) else (1, 0, p) for p in parts)


def schema_errors(validator: jsonschema.Draft202012Validator, data: Any) -> list[tuple[str, str]]:
    """(JSON path, message) for each schema violation in document order, at most 10."""
    errors = sorted(validator.iter_errors(data), key=lambda e: path_sort_key(e.absolute_path))
    result: list[tuple[str, str]] = []
    for error in errors[:10]:
        # For oneOf/anyOf the deepest sub-error names the real problem.
        best = jsonschema.exceptions.best_match([error])
        result.append((json_path(best.absolute_path), best.message))
    return result


@dataclass(frozen=True)
class ExpectedOutcome:
    """An expectations-file entry that applied to a record, and what the run actually gave."""

    status: ExpectedStatus
    reason: str
    link: str
    actual: ActualStatus

    def to_json(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "reason": self.reason,
            "link": self.link,
            "actual": self.actual,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ExpectedOutcome:
        return cls(
            status=data["status"], reason=data["reason"], link=data["link"], actual=data["actual"]
        )


@dataclass(frozen=True)
class ReasonNote:
    """A refusal whose reason (clause) was missing or not the one the scenario expects."""

    step: str
    """``features/<path>.feature:<line>`` of the check that compared the reason."""
    expected: str
    """The full clause id the scenario expects."""
    got: str | None
    """The clause the engine gave; None when it gave none."""

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "expected": self.expected, "got": self.got}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ReasonNote:
        got = data.get("got")
        return cls(
            step=str(data["step"]),
            expected=str(data["expected"]),
            got=None if got is None else str(got),
        )


@dataclass(frozen=True)
class ScenarioRecord:
    """The result of one scenario under one profile and one option set.

    ``transcript`` holds the protocol exchange up to the failure, one dict per step (for
    example ``{"request": {...}, "reply": {...}}``); it is kept as plain JSON.
    """

    id: str
    profile: str
    options: dict[str, str]
    feature: str
    area: str
    name: str
    line: int
    clauses: list[str]
    status: Status
    message: str = ""
    transcript: list[dict[str, Any]] = field(default_factory=list)
    duration: float = 0.0
    adapter: str = ""
    expected: ExpectedOutcome | None = None
    failure: Failure | None = None
    """The first check that failed (fail and error records; None otherwise, and in reports
    written before failures were recorded)."""
    reason_notes: list[ReasonNote] = field(default_factory=list)

    @property
    def feature_file(self) -> str:
        """The feature file's path from the project root (``features/...``), however the
        record spells ``feature`` (runs write it with the ``features/`` folder)."""
        return self.feature if self.feature.startswith("features/") else f"features/{self.feature}"

    @property
    def blocked(self) -> bool:
        """Failed (or errored) before its subject steps: not a verdict on its own clauses."""
        return self.failure is not None and self.failure.blocked

    @property
    def cause(self) -> str | None:
        """The signature of the failure's cause, if the record has a failure."""
        return None if self.failure is None else self.failure.signature

    @property
    def key(self) -> RecordKey:
        """(scenario id, profile, canonical options)."""
        return (self.id, self.profile, options_key(self.options))

    @property
    def actual(self) -> ActualStatus:
        """The status the run produced before expectations were applied."""
        if self.expected is not None:
            return self.expected.actual
        if self.status == "xfail":
            return "fail"
        if self.status == "xpass":
            return "pass"
        return self.status

    @property
    def unexpected(self) -> bool:
        """A failure or error nobody expected (xpass is judged separately, see exit_code)."""
        return self.status in ("fail", "error")

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "profile": self.profile,
            "options": dict(self.options),
            "feature": self.feature,
            "area": self.area,
            "name": self.name,
            "line": self.line,
            "clauses": list(self.clauses),
            "status": self.status,
            "message": self.message,
            "transcript": list(self.transcript),
            "duration": self.duration,
            "adapter": self.adapter,
            "expected": None if self.expected is None else self.expected.to_json(),
            "failure": None if self.failure is None else self.failure.to_json(),
            "reason_notes": [note.to_json() for note in self.reason_notes],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ScenarioRecord:
        """Build from JSON; ``failure`` and ``reason_notes`` may be absent (older reports)."""
        expected = data.get("expected")
        failure = data.get("failure")
        return cls(
            id=data["id"],
            profile=data["profile"],
            options=dict(data["options"]),
            feature=data["feature"],
            area=data["area"],
            name=data["name"],
            line=data["line"],
            clauses=list(data["clauses"]),
            status=data["status"],
            message=data["message"],
            transcript=list(data["transcript"]),
            duration=float(data["duration"]),
            adapter=data["adapter"],
            expected=None if expected is None else ExpectedOutcome.from_json(expected),
            failure=None if failure is None else Failure.from_json(failure),
            reason_notes=[ReasonNote.from_json(n) for n in data.get("reason_notes", [])],
        )


@dataclass(frozen=True)
class Source:
    """Where an engine's code comes from: its repository and the commit that was run.

    A wrapper around a public engine names them in its handshake (``implementation.source``),
    so a report says exactly which code it judged.
    """

    repository: str
    commit: str

    @classmethod
    def from_hello(cls, value: object) -> Source | None:
        """The handshake's ``source`` if it is ``{repository, commit}`` as text, else None.

        A handshake is not trusted: anything else (or text beyond the handshake limits) is
        left out of the report rather than shown half-read.
        """
        if not isinstance(value, Mapping):
            return None
        repository, commit = value.get("repository"), value.get("commit")
        if not isinstance(repository, str) or not isinstance(commit, str):
            return None
        if not repository.strip() or len(repository) > limits.HELLO_URL_CHARS:
            return None
        if not commit.strip() or len(commit) > limits.HELLO_TEXT_CHARS:
            return None
        return cls(repository=repository, commit=commit)

    def to_json(self) -> dict[str, str]:
        return {"repository": self.repository, "commit": self.commit}


@dataclass(frozen=True)
class Implementation:
    """What the engine said about itself in the ``hello`` handshake."""

    name: str
    version: str
    language: str | None = None
    homepage: str | None = None
    protocol: str = "1"
    profiles: list[str] = field(default_factory=list)
    capabilities: list[str] = field(default_factory=list)
    source: Source | None = None
    """The engine's repository and commit, when the handshake names them."""

    @classmethod
    def from_hello(cls, reply: Mapping[str, Any]) -> Implementation:
        """Build from a ``hello`` reply; missing optional fields become None or empty."""
        return cls(
            name=str(reply["name"]),
            version=str(reply.get("version", "")),
            language=reply.get("language"),
            homepage=reply.get("homepage"),
            protocol=str(reply.get("protocol", "1")),
            profiles=[str(p) for p in reply.get("profiles", [])],
            capabilities=[str(c) for c in reply.get("capabilities", [])],
            source=Source.from_hello(reply.get("source")),
        )

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": self.name,
            "version": self.version,
            "language": self.language,
            "homepage": self.homepage,
            "protocol": self.protocol,
            "profiles": list(self.profiles),
            "capabilities": list(self.capabilities),
        }
        if self.source is not None:  # absent rather than null: other reports stay as they were
            data["source"] = self.source.to_json()
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Implementation:
        source = data.get("source")
        return cls(
            name=data["name"],
            version=data["version"],
            language=data["language"],
            homepage=data["homepage"],
            protocol=data["protocol"],
            profiles=list(data["profiles"]),
            capabilities=list(data["capabilities"]),
            source=Source(source["repository"], source["commit"]) if source else None,
        )


@dataclass(frozen=True)
class Machine:
    """Where the run happened (for reading durations, not for comparing results)."""

    platform: str
    python: str
    cpu_count: int | None

    @classmethod
    def current(cls) -> Machine:
        return cls(
            platform=platform.platform(),
            python=platform.python_version(),
            cpu_count=os.cpu_count(),
        )

    def to_json(self) -> dict[str, Any]:
        return {"platform": self.platform, "python": self.python, "cpu_count": self.cpu_count}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Machine:
        return cls(platform=data["platform"], python=data["python"], cpu_count=data["cpu_count"])


def utc_now() -> str:
    """The current time as ISO 8601 UTC with a ``Z`` suffix, to the second."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def suite_revision() -> str | None:
    """The git commit of the suite checkout (``-dirty`` if tracked files changed), or None.

    Only a checkout of this project counts: an installed copy that happens to sit inside some
    other repository must not report that repository's commit.  An installed wheel names the
    commit it was built from (:func:`built_revision`), wherever it is run.
    """
    root = Path(durak_conformance.__file__).resolve().parent.parent
    if not (root / ".git").exists():
        return built_revision()
    try:
        rev = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            timeout=5,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    if not rev:
        return None
    return f"{rev}-dirty" if dirty else rev


def built_revision() -> str | None:
    """The git commit an installed wheel was built from (written by setup.py's build step
    into ``durak_conformance/_build_info.json``), or None (an sdist built outside git)."""
    path = Path(durak_conformance.__file__).resolve().parent / "_build_info.json"
    try:
        info = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    revision = info.get("revision") if isinstance(info, dict) else None
    return revision if isinstance(revision, str) and revision else None


@dataclass(frozen=True)
class RunHeader:
    """Who was tested, with which suite, how, when and where."""

    implementation: Implementation
    adapter: str
    suite_version: str
    tool_version: str
    suite_revision: str | None
    profiles: list[str]
    options: dict[str, str]
    started_at: str
    machine: Machine
    command: list[str]
    strict: bool = False
    expectations: str | None = None
    strict_reasons: bool = False
    """Refusals for a missing or different reason failed their scenarios (else: notes)."""

    @classmethod
    def collect(
        cls,
        implementation: Implementation,
        adapter: str,
        profiles: Sequence[str],
        options: Mapping[str, str] | None = None,
        *,
        command: Sequence[str] | None = None,
        strict: bool = False,
        expectations: str | None = None,
        strict_reasons: bool = False,
    ) -> RunHeader:
        """A header for a run starting now: versions, git revision, time and machine filled in.

        ``options`` are the option values requested for the run (empty: each profile's
        defaults); the options each record actually ran with are in the record.
        """
        return cls(
            implementation=implementation,
            adapter=adapter,
            suite_version=durak_conformance.SUITE_VERSION,
            tool_version=durak_conformance.__version__,
            suite_revision=suite_revision(),
            profiles=list(profiles),
            options=dict(options or {}),
            started_at=utc_now(),
            machine=Machine.current(),
            command=list(sys.argv if command is None else command),
            strict=strict,
            expectations=expectations,
            strict_reasons=strict_reasons,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "implementation": self.implementation.to_json(),
            "adapter": self.adapter,
            "suite_version": self.suite_version,
            "tool_version": self.tool_version,
            "suite_revision": self.suite_revision,
            "profiles": list(self.profiles),
            "options": dict(self.options),
            "started_at": self.started_at,
            "machine": self.machine.to_json(),
            "command": list(self.command),
            "strict": self.strict,
            "expectations": self.expectations,
            "strict_reasons": self.strict_reasons,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RunHeader:
        return cls(
            implementation=Implementation.from_json(data["implementation"]),
            adapter=data["adapter"],
            suite_version=data["suite_version"],
            tool_version=data["tool_version"],
            suite_revision=data["suite_revision"],
            profiles=list(data["profiles"]),
            options=dict(data["options"]),
            started_at=data["started_at"],
            machine=Machine.from_json(data["machine"]),
            command=list(data["command"]),
            strict=data["strict"],
            expectations=data["expectations"],
            strict_reasons=bool(data.get("strict_reasons", False)),
        )


def count_statuses(records: Iterable[ScenarioRecord]) -> dict[Status, int]:
    """Number of records per status; every status present, zero if none."""
    counts = Counter(r.status for r in records)
    return {s: counts.get(s, 0) for s in STATUSES}


def exit_code(report: RunReport, strict: bool) -> int:
    """0 if every scenario went as expected, 1 otherwise.

    Unexpected means a ``fail`` or ``error`` record; with ``strict`` an ``xpass`` (a scenario
    expected to fail that passed) is unexpected too, so stale expectations get cleaned up.
    Skips never fail a run. Codes 2 (:data:`EXIT_USAGE`) and 3 (:data:`EXIT_ENGINE`) are for
    the run command to return when it cannot judge the engine at all.
    """
    for record in report.records:
        if record.status in ("fail", "error") or (strict and record.status == "xpass"):
            return EXIT_FAILURES
    return EXIT_OK


@dataclass(frozen=True)
class InternalError:
    """An error of durak-conformance itself that cut the run short.

    The report then holds the records of the scenarios played before it, and says so: a
    report with an internal error is never a complete result.
    """

    message: str
    """What went wrong (exception type and text)."""
    where: str
    """Where: the scenario being run (its node id), or the stage (``writing the reports``)."""
    records: int
    """How many scenario records the run had collected when it happened."""
    traceback: str = ""
    """The last lines of the traceback, for a bug report."""

    def to_json(self) -> dict[str, Any]:
        return {
            "message": self.message,
            "where": self.where,
            "records": self.records,
            "traceback": self.traceback,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> InternalError:
        return cls(
            message=str(data["message"]),
            where=str(data["where"]),
            records=int(data["records"]),
            traceback=str(data.get("traceback", "")),
        )

    def describe(self) -> str:
        """``stopped by an internal error while ...: ... (N records kept)``."""
        return (
            f"stopped by an internal error {self.where}: {self.message} "
            f"({self.records} scenario records kept)"
        )


@dataclass(frozen=True)
class RunFooter:
    """Totals and how the run ended."""

    totals: dict[Status, int]
    duration: float
    stopped_early: bool = False
    stop_reason: str | None = None
    exit_code: int = EXIT_OK
    internal_error: InternalError | None = None

    @property
    def aborted(self) -> bool:
        """The run was cut short by something nobody asked for -- a signal (exit 128 + N) or
        an internal error (exit 4) -- so its records are not a result.

        Such a report is written to ``<reports>/incomplete/``, never over the last complete
        reports, and never badged.  A run stopped by ``--max-fail`` is incomplete too (it is
        never shown as passed) but not aborted: it was asked to stop, and it failed.
        """
        return self.stopped_early and self.exit_code not in (EXIT_OK, EXIT_FAILURES)

    def to_json(self) -> dict[str, Any]:
        return {
            "totals": {s: self.totals.get(s, 0) for s in STATUSES},
            "duration": self.duration,
            "stopped_early": self.stopped_early,
            "stop_reason": self.stop_reason,
            "exit_code": self.exit_code,
            "internal_error": None
            if self.internal_error is None
            else self.internal_error.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> RunFooter:
        """Build from JSON; ``internal_error`` may be absent (older reports)."""
        totals = cast(dict[Status, int], {s: int(data["totals"][s]) for s in STATUSES})
        internal = data.get("internal_error")
        return cls(
            totals=totals,
            duration=float(data["duration"]),
            stopped_early=data["stopped_early"],
            stop_reason=data["stop_reason"],
            exit_code=data["exit_code"],
            internal_error=None if internal is None else InternalError.from_json(internal),
        )


@dataclass(frozen=True)
class RunReport:
    """A whole run: header, records (one per scenario x profile x options), footer."""

    header: RunHeader
    records: list[ScenarioRecord]
    footer: RunFooter

    @classmethod
    def build(
        cls,
        header: RunHeader,
        records: Sequence[ScenarioRecord],
        duration: float,
        *,
        stop_reason: str | None = None,
        exit_code_override: int | None = None,
        internal_error: InternalError | None = None,
    ) -> RunReport:
        """Assemble a report, computing the totals and the exit code from the records.

        ``stop_reason`` (not None) marks the run as stopped early and says why. The exit code
        is :func:`exit_code` with the header's ``strict`` unless ``exit_code_override`` is
        given (the run command passes 2 or 3 when it could not judge the engine).  An
        ``internal_error`` marks the run as stopped early (its description is the stop
        reason unless one is given) and makes the exit code :data:`EXIT_INTERNAL`.
        Raises ValueError on two records with the same key.
        """
        if internal_error is not None:
            stop_reason = stop_reason or internal_error.describe()
            if exit_code_override is None:
                exit_code_override = EXIT_INTERNAL
        seen: dict[RecordKey, int] = {}
        for index, record in enumerate(records):
            if record.key in seen:
                raise ValueError(
                    f"records {seen[record.key]} and {index} have the same key {record.key}"
                )
            seen[record.key] = index
        report = cls(
            header=header,
            records=list(records),
            footer=RunFooter(totals=count_statuses(records), duration=duration),
        )
        code = (
            exit_code(report, header.strict) if exit_code_override is None else exit_code_override
        )
        footer = RunFooter(
            totals=report.footer.totals,
            duration=duration,
            stopped_early=stop_reason is not None,
            stop_reason=stop_reason,
            exit_code=code,
            internal_error=internal_error,
        )
        return cls(header=header, records=report.records, footer=footer)

    @property
    def complete(self) -> bool:
        """Whether every selected scenario was run: never true for a run that stopped early
        (``--max-fail``, an interruption, an internal error).  A report that is not complete
        is never shown as passed."""
        return not self.footer.stopped_early

    def with_records(self, records: Sequence[ScenarioRecord]) -> RunReport:
        """The same run with new records (after expectations): totals and exit code recomputed."""
        override = (
            None if self.footer.exit_code in (EXIT_OK, EXIT_FAILURES) else self.footer.exit_code
        )
        return RunReport.build(
            self.header,
            records,
            self.footer.duration,
            stop_reason=self.footer.stop_reason if self.footer.stopped_early else None,
            exit_code_override=override,
            internal_error=self.footer.internal_error,
        )

    def to_json(self) -> dict[str, Any]:
        from durak_conformance.reports.groups import causes_json, reason_note_totals

        footer = self.footer.to_json()
        footer["reason_notes"] = reason_note_totals(self.records)
        footer["causes"] = causes_json(self.records)
        return {
            "report_format": REPORT_FORMAT,
            "report_version": REPORT_VERSION,
            "header": self.header.to_json(),
            "records": [r.to_json() for r in self.records],
            "footer": footer,
        }

    @classmethod
    def from_json(cls, data: Any, source: str = "<report>") -> RunReport:
        """Validate parsed JSON against report-v1.json and build the report.

        Raises :class:`ReportError` naming ``source`` and the JSON path of the first problem;
        also when two records share a key or the footer totals disagree with the records.
        """
        errors = schema_errors(load_schema("report-v1.json"), data)
        if errors:
            lines = [f"{source}: not a valid durak-conformance report (report-v1.json):"]
            lines += [f"  at {path}: {message}" for path, message in errors]
            raise ReportError("\n".join(lines))
        records = [ScenarioRecord.from_json(r) for r in data["records"]]
        seen: dict[RecordKey, int] = {}
        for index, record in enumerate(records):
            if record.key in seen:
                raise ReportError(
                    f"{source}: at $.records[{index}]: same scenario, profile and options as "
                    f"$.records[{seen[record.key]}] ({record.id}, {record.profile}, "
                    f"[{options_key(record.options)}])"
                )
            seen[record.key] = index
        footer = RunFooter.from_json(data["footer"])
        counted = count_statuses(records)
        for status in STATUSES:
            if footer.totals[status] != counted[status]:
                raise ReportError(
                    f"{source}: at $.footer.totals.{status}: says {footer.totals[status]} but "
                    f"the records hold {counted[status]} (edited or corrupted report)"
                )
        from durak_conformance.reports.groups import causes_json, reason_note_totals

        # Summaries are derived from the records (and absent from older reports): when
        # present they must agree, like the totals.
        derived = {"reason_notes": reason_note_totals(records), "causes": causes_json(records)}
        for name, value in derived.items():
            if name in data["footer"] and data["footer"][name] != value:
                raise ReportError(
                    f"{source}: at $.footer.{name}: does not match the records "
                    "(edited or corrupted report)"
                )
        return cls(header=RunHeader.from_json(data["header"]), records=records, footer=footer)
