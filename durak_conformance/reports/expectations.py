"""Per-implementation expectations: known failures (``xfail``) and deliberate skips.

An expectations file is YAML validated by ``schemas/expectations-v1.json``::

    version: 1
    implementation: my-engine
    entries:
      - id: videochess.transfer.capacity-short     # a scenario's @id:, exactly
        profile: videochess                        # optional: only under this profile
        options: {rules: transfer}                 # optional: only when these options are set
        status: xfail                              # or skip
        reason: transfer ignores the new defender's hand size
        link: https://example.org/my-engine/issues/12

Ids are exact: a glob would silently keep matching scenarios added later, which is how known
failures hide new ones. When several entries match a record the most specific one wins (one
point for ``profile``, one per option), ties going to the earlier entry.

An ``xfail`` entry may name a *cause* instead of an id: the failure signature a run reports
(``cause: "refused | - | seat A throw_in <cards> to be accepted | refused: illegal"``).  It
covers every scenario that fails by that cause -- one known bug, however many scenarios it
breaks or blocks -- and nothing else: a scenario failing otherwise is still a failure, and a
cause entry never matches a passing scenario.  An entry naming the id always wins over a cause
entry.

:func:`apply` turns ``fail``/``error`` into ``xfail`` and ``pass`` into ``xpass`` for
``xfail`` entries, and any status into ``skip`` for ``skip`` entries. An ``xpass`` fails the
run only in strict mode; otherwise it is reported (warning, report, summary) and the run
passes, so that fixing a bug never breaks a pipeline before the file is updated.

An optional ``fuzz:`` list names known *fuzz findings* by their signature (as a fuzz report
gives it), optionally narrowed to a profile and options, each with a reason and a link::

    fuzz:
      - signature: "accepted | throw-in.rank | seat A throw_in <cards>: refused | accepted"
        profile: howto-durak
        reason: any rank may be thrown in
        link: https://example.org/my-engine/issues/14

``fuzz --expectations`` counts a finding with such a signature without reporting it again;
a run ignores the list, and ``--update-expectations`` keeps it as it is.
"""

from __future__ import annotations

import os
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from durak_conformance.bounded_yaml import YamlLimitError, check_size, compose
from durak_conformance.reports.atomic import atomic_write_text
from durak_conformance.reports.markdown import shorten
from durak_conformance.reports.model import (
    ActualStatus,
    ExpectedOutcome,
    ExpectedStatus,
    ReportError,
    RunReport,
    ScenarioRecord,
    Status,
    json_path,
    load_schema,
    options_key,
    path_sort_key,
)

TODO_LINK = "TODO"
"""Link written for failures found by :func:`update`; loading such an entry warns."""


class ExpectationsError(ReportError):
    """An expectations file is unreadable or invalid; the message names file, line and key."""


@dataclass(frozen=True)
class Expectation:
    """One entry of an expectations file."""

    id: str
    """The scenario id ("" for an entry that names a cause)."""
    status: ExpectedStatus
    reason: str
    link: str
    profile: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    line: int | None = None
    """1-based line of the entry in its file (None when built in code)."""
    cause: str | None = None
    """A failure signature: the entry covers every scenario failing by that cause."""

    def matches(self, scenario_id: str, profile: str, options: Mapping[str, str]) -> bool:
        """Same id, same profile if one is given, and every listed option has that value.

        A cause entry never matches by id (see :meth:`matches_record`)."""
        return self.cause is None and self.id == scenario_id and self._narrowed_to(profile, options)

    def _narrowed_to(self, profile: str, options: Mapping[str, str]) -> bool:
        return (self.profile is None or self.profile == profile) and all(
            options.get(k) == v for k, v in self.options.items()
        )

    def matches_record(self, record: ScenarioRecord) -> bool:
        """An id entry: :meth:`matches`; a cause entry: the record failed (or errored) by
        that cause, under the entry's profile and options."""
        if self.cause is None:
            return self.matches(record.id, record.profile, record.options)
        return (
            record.actual in ("fail", "error")
            and record.cause == self.cause
            and self._narrowed_to(record.profile, record.options)
        )

    @property
    def specificity(self) -> int:
        """Id entries outrank cause entries; then one point for the profile and per option."""
        return (100 if self.cause is None else 0) + (self.profile is not None) + len(self.options)

    def describe(self) -> str:
        """``id (profile [options])`` for messages."""
        parts = [self.profile or "any profile"]
        if self.options:
            parts.append(f"[{options_key(self.options)}]")
        what = self.id if self.cause is None else f"cause {self.cause!r}"
        return f"{what} ({' '.join(parts)})"

    def to_yaml(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id} if self.cause is None else {"cause": self.cause}
        if self.profile is not None:
            data["profile"] = self.profile
        if self.options:
            data["options"] = {k: self.options[k] for k in sorted(self.options)}
        data.update(status=self.status, reason=self.reason, link=self.link)
        return data


@dataclass(frozen=True)
class FuzzExpectation:
    """A known fuzz finding (an entry of the ``fuzz:`` list): its signature, why, where."""

    signature: str
    reason: str
    link: str
    profile: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    line: int | None = None

    def to_yaml(self) -> dict[str, Any]:
        data: dict[str, Any] = {"signature": self.signature}
        if self.profile is not None:
            data["profile"] = self.profile
        if self.options:
            data["options"] = dict(self.options)
        data["reason"] = self.reason
        data["link"] = self.link
        return data


@dataclass(frozen=True)
class Expectations:
    """A loaded expectations file."""

    implementation: str
    entries: list[Expectation]
    source: str = "<expectations>"
    warnings: list[str] = field(default_factory=list)
    """Problems worth fixing that do not stop a run (e.g. TODO links)."""
    fuzz: list[FuzzExpectation] = field(default_factory=list)
    """Known fuzz findings (``fuzz:``), for ``fuzz --expectations``; a run ignores them."""

    def match(
        self, scenario_id: str, profile: str, options: Mapping[str, str]
    ) -> Expectation | None:
        """The entry that applies to a scenario run, or None.

        The runner may call this before running a scenario to skip ``skip`` entries outright
        (useful when the scenario hangs the engine).
        """
        best: Expectation | None = None
        for entry in self.entries:
            if entry.matches(scenario_id, profile, options) and (
                best is None or entry.specificity > best.specificity
            ):
                best = entry
        return best

    def match_record(self, record: ScenarioRecord) -> Expectation | None:
        """The entry that applies to a finished record: by id, else by its failure's cause."""
        best: Expectation | None = None
        for entry in self.entries:
            if entry.matches_record(record) and (
                best is None or entry.specificity > best.specificity
            ):
                best = entry
        return best

    def where(self, entry: Expectation) -> str:
        return f"{self.source}:{entry.line}" if entry.line else self.source


# --- loading -----------------------------------------------------------------------------


def _build(
    node: yaml.Node,
    path: tuple[str | int, ...],
    marks: dict[tuple[str | int, ...], yaml.Mark],
    constructor: yaml.SafeLoader,
    source: str,
) -> Any:
    marks[path] = node.start_mark
    if isinstance(node, yaml.MappingNode):
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = constructor.construct_object(key_node, deep=True)
            where = f"{source}:{key_node.start_mark.line + 1}:{key_node.start_mark.column + 1}"
            if not isinstance(key, str):
                raise ExpectationsError(
                    f"{where}: at {json_path(path)}: key {key!r} must be text (quote it)"
                )
            if key in result:
                raise ExpectationsError(
                    f"{where}: at {json_path((*path, key))}: duplicate key {key!r}"
                )
            result[key] = _build(value_node, (*path, key), marks, constructor, source)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [
            _build(item, (*path, index), marks, constructor, source)
            for index, item in enumerate(node.value)
        ]
    return constructor.construct_object(node, deep=True)


def parse_expectations(text: str, source: str = "<expectations>") -> Expectations:
    """Parse and validate expectations YAML; ``source`` names it in messages.

    Raises :class:`ExpectationsError` as ``<source>:<line>:<col>: at <key path>: <problem>``.
    """
    try:
        node, loader = compose(text)
        loader.dispose()
    except YamlLimitError as exc:
        where = f"{source}:{exc.mark.line + 1}:{exc.mark.column + 1}" if exc.mark else source
        raise ExpectationsError(f"{where}: beyond the limits: {exc.message}") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"{source}:{mark.line + 1}:{mark.column + 1}" if mark else source
        context = ""
        if exc.context and exc.context_mark and exc.context_mark is not mark:
            context = f" ({exc.context} on line {exc.context_mark.line + 1})"
        raise ExpectationsError(f"{where}: not valid YAML: {exc.problem or exc}{context}") from None
    except yaml.YAMLError as exc:
        raise ExpectationsError(f"{source}: not valid YAML: {exc}") from None
    if node is None:
        raise ExpectationsError(
            f"{source}: empty file: expected a mapping with 'implementation' and 'entries'"
        )
    marks: dict[tuple[str | int, ...], yaml.Mark] = {}
    try:
        data = _build(node, (), marks, yaml.SafeLoader(""), source)
    except yaml.constructor.ConstructorError as exc:
        mark = exc.problem_mark
        where = f"{source}:{mark.line + 1}" if mark else source
        raise ExpectationsError(f"{where}: {exc.problem}") from None
    except ValueError as exc:  # a number PyYAML cannot build (a 5,000-digit integer)
        raise ExpectationsError(f"{source}: not valid YAML: {exc}") from None

    validator = load_schema("expectations-v1.json")
    errors = sorted(validator.iter_errors(data), key=lambda e: path_sort_key(e.absolute_path))
    if errors:
        lines = [f"{source}: invalid expectations file (expectations-v1.json):"]
        for error in errors[:10]:
            path = tuple(error.absolute_path)
            known = path
            while known not in marks and known:
                known = known[:-1]
            mark = marks.get(known)
            where = f"{source}:{mark.line + 1}:{mark.column + 1}" if mark else source
            message = error.message
            if isinstance(error.instance, bool) and "options" in path:
                message += (
                    " (YAML reads unquoted on/off/yes/no/true/false as booleans: quote the value)"
                )
            elif path and path[-1] == "id" and error.validator == "pattern":
                message += " (ids are exact scenario ids: no spaces or glob characters)"
            elif error.validator == "oneOf" and isinstance(error.instance, dict):
                message = _entry_shape_problem(error.instance)
            lines.append(f"  {where}: at {json_path(path)}: {message}")
        raise ExpectationsError("\n".join(lines))

    entries: list[Expectation] = []
    warnings: list[str] = []
    seen: dict[tuple[str, str | None, str], int] = {}  # id or cause, profile, options -> line
    for index, raw in enumerate(data["entries"]):
        mark = marks[("entries", index)]
        entry = Expectation(
            id=raw.get("id", ""),
            cause=raw.get("cause"),
            status=raw["status"],
            reason=raw["reason"].strip(),
            link=raw["link"],
            profile=raw.get("profile"),
            options={k: str(v) for k, v in raw.get("options", {}).items()},
            line=mark.line + 1,
        )
        _listed_once(
            seen,
            (entry.id or f"cause:{entry.cause}", entry.profile, options_key(entry.options)),
            mark.line + 1,
            f"{source}:{entry.line}: at $.entries[{index}]: same id",
            f" ({entry.describe()})",
        )
        _todo_link(warnings, entry.link, f"{source}:{entry.line}: expectation {entry.describe()}")
        entries.append(entry)
    fuzz: list[FuzzExpectation] = []
    signatures: dict[tuple[str, str | None, str], int] = {}
    for index, raw in enumerate(data.get("fuzz", [])):
        line = marks[("fuzz", index)].line + 1
        listed = FuzzExpectation(
            signature=raw["signature"],
            reason=raw["reason"].strip(),
            link=raw["link"],
            profile=raw.get("profile"),
            options={k: str(v) for k, v in raw.get("options", {}).items()},
            line=line,
        )
        _listed_once(
            signatures,
            (listed.signature, listed.profile, options_key(listed.options)),
            line,
            f"{source}:{line}: at $.fuzz[{index}]: same signature",
        )
        _todo_link(
            warnings, listed.link, f"{source}:{line}: known fuzz finding {listed.signature!r}"
        )
        fuzz.append(listed)
    return Expectations(
        implementation=data["implementation"],
        entries=entries,
        source=source,
        warnings=warnings,
        fuzz=fuzz,
    )


def _entry_shape_problem(entry: Mapping[str, Any]) -> str:
    """Why an entry is neither an id entry nor a cause entry, in words."""
    if "id" in entry and "cause" in entry:
        return (
            "an entry names either 'id' (one scenario) or 'cause' (a failure signature), not both"
        )
    if "cause" in entry:
        return (
            f"a cause entry must have status xfail, not {entry.get('status')!r} (a cause is "
            "only known once a scenario has failed, so it cannot skip one)"
        )
    return "an entry needs 'id' (one scenario) or 'cause' (a failure signature from a report)"


def _listed_once(
    first_lines: dict[tuple[str, str | None, str], int],
    identity: tuple[str, str | None, str],
    line: int,
    where: str,
    detail: str = "",
) -> None:
    """Refuse a second entry for the same (id or signature, profile, options); ``where``
    names the new entry's place and what it repeats, ``first_lines`` maps each identity to
    the line it was first listed on."""
    if identity in first_lines:
        raise ExpectationsError(
            f"{where}, profile and options as the entry on line {first_lines[identity]}{detail}"
        )
    first_lines[identity] = line


def _todo_link(warnings: list[str], link: str, what: str) -> None:
    """Warn about an entry whose link is still the TODO placeholder."""
    if link.startswith(TODO_LINK):
        warnings.append(f"{what} has a TODO link: point it at an issue")


def load_expectations(path: str | os.PathLike[str]) -> Expectations:
    """Read and validate an expectations file (see :func:`parse_expectations`)."""
    source = os.fspath(path)
    try:
        check_size(Path(path).stat().st_size)  # before reading it: refused unread
        text = Path(path).read_text(encoding="utf-8")
    except YamlLimitError as exc:
        raise ExpectationsError(f"{source}: beyond the limits: {exc.message}") from None
    except FileNotFoundError:
        raise ExpectationsError(f"{source}: no such expectations file") from None
    except UnicodeDecodeError as exc:
        raise ExpectationsError(f"{source}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise ExpectationsError(f"{source}: cannot read: {exc.strerror}") from None
    return parse_expectations(text, source)


# --- applying ----------------------------------------------------------------------------

_XFAIL_STATUS: dict[ActualStatus, Status] = {
    "fail": "xfail",
    "error": "xfail",
    "pass": "xpass",
    "skip": "skip",
}


@dataclass(frozen=True)
class ApplyResult:
    """Records with expectations applied, and warnings (stale entries, unexpected passes)."""

    records: list[ScenarioRecord]
    warnings: list[str]


def apply(
    records: Sequence[ScenarioRecord],
    expectations: Expectations,
    strict: bool,
    known_ids: Collection[str] | None = None,
) -> ApplyResult:
    """Apply expectations to records; the input records are not changed.

    Re-applying is safe: each record starts again from the status the run produced. An entry
    is reported stale when ``known_ids`` (every scenario id in the suite) is given and lacks
    its id, or otherwise when it matched no record although its profile (if any) was run.
    ``strict`` only changes the wording of unexpected-pass warnings; use :func:`exit_code`
    with the same flag to judge the run.
    """
    result: list[ScenarioRecord] = []
    warnings: list[str] = list(expectations.warnings)
    used: set[int] = set()
    index_of = {id(entry): i for i, entry in enumerate(expectations.entries)}
    for record in records:
        actual = record.actual
        entry = expectations.match_record(record)
        if entry is None:
            result.append(replace(record, status=actual, expected=None))
            continue
        used.add(index_of[id(entry)])
        status: Status = "skip" if entry.status == "skip" else _XFAIL_STATUS[actual]
        expected = ExpectedOutcome(entry.status, entry.reason, entry.link, actual)
        result.append(replace(record, status=status, expected=expected))
        if status == "xpass":
            consequence = (
                "this fails the run (strict)"
                if strict
                else "reported, not failing the run (non-strict)"
            )
            options = f" [{options_key(record.options)}]" if record.options else ""
            warnings.append(
                f"{expectations.where(entry)}: unexpected pass: {record.id} "
                f"({record.profile}{options}) is expected to fail: {consequence}; "
                "remove the entry (durak-conformance can update the file)"
            )
    run_ids = {r.id for r in records}
    run_profiles = {r.profile for r in records}
    for index, entry in enumerate(expectations.entries):
        if entry.cause is not None:
            if index not in used and (entry.profile is None or entry.profile in run_profiles):
                warnings.append(
                    f"{expectations.where(entry)}: stale expectation: no scenario of this run "
                    f"failed by {entry.describe()}"
                )
        elif known_ids is not None:
            if entry.id not in known_ids:
                warnings.append(
                    f"{expectations.where(entry)}: stale expectation: no scenario has the id "
                    f"{entry.id!r}"
                )
        elif index not in used and (entry.profile is None or entry.profile in run_profiles):
            detail = "" if entry.id in run_ids else " (no scenario with this id ran)"
            warnings.append(
                f"{expectations.where(entry)}: stale expectation: {entry.describe()} matched "
                f"no scenario of this run{detail}"
            )
    return ApplyResult(records=result, warnings=warnings)


def apply_to_report(
    report: RunReport,
    expectations: Expectations,
    strict: bool | None = None,
    known_ids: Collection[str] | None = None,
) -> tuple[RunReport, list[str]]:
    """:func:`apply` to a whole report: totals and exit code recomputed, header updated.

    ``strict`` defaults to the report header's. Warns when the file is for another
    implementation than the one the report tested.
    """
    strict = report.header.strict if strict is None else strict
    applied = apply(report.records, expectations, strict, known_ids)
    warnings = list(applied.warnings)
    name = report.header.implementation.name
    if expectations.implementation != name:
        warnings.insert(
            0,
            f"{expectations.source}: written for implementation "
            f"{expectations.implementation!r}, but the run tested {name!r}",
        )
    header = replace(report.header, strict=strict, expectations=expectations.source)
    rebuilt = replace(report, header=header).with_records(applied.records)
    return rebuilt, warnings


# --- updating ----------------------------------------------------------------------------


@dataclass(frozen=True)
class UpdateResult:
    """What :func:`update` changed."""

    path: Path
    added: list[Expectation]
    removed: list[Expectation]
    """xfail entries whose scenarios all pass now."""
    narrowed: list[Expectation]
    """xfail entries that matched passing and failing records, replaced by one entry per
    still-failing record (same reason and link)."""
    kept: list[Expectation]
    warnings: list[str]


def _new_reason(record: ScenarioRecord, date: str) -> str:
    first = shorten(record.message, 120) or f"{record.actual} (no message)"
    return f"found by run {date}: {first}"


def _dump(
    implementation: str,
    entries: Sequence[Expectation],
    fuzz: Sequence[FuzzExpectation] = (),
) -> str:
    data: dict[str, Any] = {
        "version": 1,
        "implementation": implementation,
        "entries": [entry.to_yaml() for entry in entries],
    }
    if fuzz:
        data["fuzz"] = [known.to_yaml() for known in fuzz]
    body = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    return (
        f"# Expectations for {implementation}: known failures and skips, each with a reason\n"
        "# and a link. Checked against durak_conformance/schemas/expectations-v1.json.\n" + body
    )


def update(expectations_path: str | os.PathLike[str], report: RunReport) -> UpdateResult:
    """Rewrite an expectations file so that the report's run would pass, atomically.

    - every failing record (``fail``/``error``/``xfail``) not covered by an entry gets a new
      ``xfail`` entry for its id, profile and options, with reason
      ``found by run <date>: <first line of the message>`` and link ``TODO``;
    - ``xfail`` entries whose matching records all pass are removed; entries matching both
      passing and failing records are narrowed to the failing ones;
    - every other entry is kept as it is, with its reason and link: ``skip`` entries, entries
      still failing, and entries whose scenarios this run did not include (a partial run
      must not forget them).

    A missing file is created for the report's implementation. YAML comments are not
    preserved.
    """
    path = Path(expectations_path)
    if path.exists():
        current = load_expectations(path)
    else:
        current = Expectations(report.header.implementation.name, [], source=os.fspath(path))
    warnings: list[str] = []
    if current.implementation != report.header.implementation.name:
        warnings.append(
            f"{current.source}: written for implementation {current.implementation!r}, but "
            f"the report is of {report.header.implementation.name!r}"
        )
    failing = [r for r in report.records if r.actual in ("fail", "error")]
    passing = [r for r in report.records if r.actual == "pass"]
    entries: list[Expectation] = []
    removed: list[Expectation] = []
    narrowed: list[Expectation] = []
    kept: list[Expectation] = []
    for entry in current.entries:
        if entry.status == "xfail":
            still_failing = [r for r in failing if entry.matches_record(r)]
            fixed = any(entry.matches_record(r) for r in passing)
            if fixed and not still_failing:
                removed.append(entry)
                continue
            if fixed:
                narrowed.append(entry)
                for record in still_failing:
                    entries.append(
                        replace(entry, profile=record.profile, options=dict(record.options))
                    )
                continue
        kept.append(entry)
        entries.append(entry)
    date = report.header.started_at[:10]
    added: list[Expectation] = []
    for record in sorted(failing, key=lambda r: r.key):
        if any(entry.matches_record(record) for entry in entries):
            continue
        entry = Expectation(
            id=record.id,
            status="xfail",
            reason=_new_reason(record, date),
            link=TODO_LINK,
            profile=record.profile,
            options=dict(record.options),
        )
        added.append(entry)
        entries.append(entry)
    unique: dict[tuple[str, str | None, str], Expectation] = {}
    for entry in entries:
        identity = entry.id or f"cause:{entry.cause}"
        unique.setdefault((identity, entry.profile, options_key(entry.options)), entry)
    atomic_write_text(path, _dump(current.implementation, list(unique.values()), current.fuzz))
    return UpdateResult(
        path=path,
        added=added,
        removed=removed,
        narrowed=narrowed,
        kept=kept,
        warnings=warnings,
    )
