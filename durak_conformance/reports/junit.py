"""JUnit XML for CI systems that display test results (GitLab, Jenkins, GitHub actions).

One ``<testsuite>`` per profile, one ``<testcase>`` per record with ``classname`` =
``<profile>.<area>`` and ``name`` = the scenario name, followed by ``[options]`` when the
record ran with options. Failures and errors carry the message as attribute and the protocol
transcript in the element body. ``xfail`` becomes ``<skipped message="expected failure: ...">``;
``xpass`` becomes a ``<failure>`` in strict mode and a passing test case with a note otherwise.

Properties carry what JUnit has no place for: per suite, the number of blocked scenarios and of
scenarios with reason notes, and whether the run is complete (an internal error's message when
it is not); per test case, the cause of a failure (``cause``, ``blocked``) and each reason note
(``reason_note``).
"""

from __future__ import annotations

import json
import os
import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path

from durak_conformance.reports.atomic import atomic_write_text
from durak_conformance.reports.model import RunReport, ScenarioRecord, options_key

# XML 1.0 forbids these code points even as character references.
_ILLEGAL_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_safe(text: str) -> str:
    """``text`` with characters XML 1.0 cannot hold written as visible ``\\xNN`` escapes."""
    return _ILLEGAL_XML.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def format_transcript(transcript: Sequence[dict[str, object]]) -> str:
    """The transcript as numbered steps, one ``key: json`` line per field of each step."""
    lines: list[str] = []
    for number, step in enumerate(transcript, start=1):
        prefix = f"[{number}] "
        for key, value in step.items():
            text = json.dumps(value, ensure_ascii=False, sort_keys=True)
            lines.append(f"{prefix}{key}: {text}")
            prefix = " " * len(prefix)
    return "\n".join(lines)


def _body(record: ScenarioRecord) -> str:
    parts = [record.message] if record.message else []
    if record.failure is not None:
        parts.append(f"cause: {record.failure.title}")
        if record.failure.blocked:
            parts.append(
                f"blocked: failed at {record.failure.step}, before the scenario's own subject "
                "steps: no verdict on its rule"
            )
    parts.append(f"scenario: {record.id} ({record.feature}:{record.line})")
    if record.clauses:
        parts.append("rules: " + ", ".join(record.clauses))
    if record.transcript:
        parts.append("transcript:\n" + format_transcript(record.transcript))
    return "\n".join(parts)


def _first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else ""


def _case_properties(case: ET.Element, record: ScenarioRecord) -> None:
    """The failure's cause and the reason notes, as test-case properties."""
    items: list[tuple[str, str]] = []
    if record.failure is not None and record.status in ("fail", "error", "xfail"):
        items.append(("cause", record.failure.signature))
        items.append(("blocked", str(record.failure.blocked).lower()))
    for note in record.reason_notes:
        got = note.got or "no reason"
        items.append(("reason_note", f"{note.step}: expected {note.expected}, got {got}"))
    if items:
        properties = ET.SubElement(case, "properties")
        for name, value in items:
            ET.SubElement(properties, "property", name=name, value=xml_safe(value))


def testcase_name(record: ScenarioRecord) -> str:
    """Scenario name, plus ``[key=value,...]`` when the record ran with options."""
    return f"{record.name} [{options_key(record.options)}]" if record.options else record.name


def to_junit(report: RunReport, strict: bool | None = None) -> ET.Element:
    """The ``<testsuites>`` element of the report; ``strict`` defaults to the run's setting."""
    strict = report.header.strict if strict is None else strict
    root = ET.Element(
        "testsuites", name=xml_safe(f"durak-conformance: {report.header.implementation.name}")
    )
    profiles: dict[str, list[ScenarioRecord]] = {}
    for record in report.records:
        profiles.setdefault(record.profile, []).append(record)
    totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
    for profile, records in profiles.items():
        suite = ET.SubElement(
            root, "testsuite", name=xml_safe(profile), timestamp=xml_safe(report.header.started_at)
        )
        properties = ET.SubElement(suite, "properties")
        impl = report.header.implementation
        for name, text in (
            ("implementation", impl.name),
            ("implementation.version", impl.version),
            ("adapter", report.header.adapter),
            ("suite.version", report.header.suite_version),
            ("suite.revision", report.header.suite_revision or "unknown"),
            ("strict", str(strict).lower()),
            ("strict_reasons", str(report.header.strict_reasons).lower()),
            ("complete", str(report.complete).lower()),
            (
                "blocked",
                str(sum(1 for r in records if r.blocked and r.status in ("fail", "error"))),
            ),
            ("reason_notes", str(sum(1 for r in records if r.reason_notes))),
        ):
            ET.SubElement(properties, "property", name=name, value=xml_safe(text))
        if impl.source is not None:
            for name, text in (
                ("implementation.repository", impl.source.repository),
                ("implementation.commit", impl.source.commit),
            ):
                ET.SubElement(properties, "property", name=name, value=xml_safe(text))
        internal = report.footer.internal_error
        if internal is not None:
            ET.SubElement(
                properties, "property", name="internal_error", value=xml_safe(internal.describe())
            )
        counts = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
        time = 0.0
        for record in records:
            case = ET.SubElement(
                suite,
                "testcase",
                classname=xml_safe(f"{record.profile}.{record.area}"),
                name=xml_safe(testcase_name(record)),
                time=f"{record.duration:.3f}",
                file=xml_safe(record.feature_file),
                line=str(record.line),
            )
            counts["tests"] += 1
            time += record.duration
            _case_properties(case, record)
            message = xml_safe(_first_line(record.message))
            body = xml_safe(_body(record))
            if record.status == "fail":
                counts["failures"] += 1
                ET.SubElement(case, "failure", message=message, type="fail").text = body
            elif record.status == "error":
                counts["errors"] += 1
                ET.SubElement(case, "error", message=message, type="error").text = body
            elif record.status == "skip":
                counts["skipped"] += 1
                reason = record.expected.reason if record.expected else _first_line(record.message)
                ET.SubElement(case, "skipped", message=xml_safe(reason))
            elif record.status == "xfail":
                counts["skipped"] += 1
                reason = record.expected.reason if record.expected else _first_line(record.message)
                skipped = ET.SubElement(
                    case, "skipped", message=xml_safe(f"expected failure: {reason}")
                )
                skipped.text = body
            elif record.status == "xpass":
                reason = record.expected.reason if record.expected else ""
                note = f"unexpected pass: expected to fail because: {reason}"
                if strict:
                    counts["failures"] += 1
                    ET.SubElement(
                        case, "failure", message=xml_safe(note), type="xpass"
                    ).text = xml_safe(f"{note}\nscenario: {record.id}")
                else:
                    ET.SubElement(case, "system-out").text = xml_safe(note)
        for key, count in counts.items():
            suite.set(key, str(count))
            totals[key] += count
        suite.set("time", f"{time:.3f}")
    for key, count in totals.items():
        root.set(key, str(count))
    root.set("time", f"{report.footer.duration:.3f}")
    return root


def junit_xml(report: RunReport, strict: bool | None = None) -> str:
    """The report as a JUnit XML document (text, with XML declaration)."""
    root = to_junit(report, strict)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


def write_junit(
    report: RunReport, path: str | os.PathLike[str], strict: bool | None = None
) -> Path:
    """Write the JUnit XML atomically; returns the path."""
    target = Path(path)
    atomic_write_text(target, junit_xml(report, strict))
    return target
