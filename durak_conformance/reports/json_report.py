"""Reading and writing the JSON run report (schema ``report-v1.json``)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from durak_conformance.reports.atomic import atomic_write_text
from durak_conformance.reports.model import ReportError, RunReport


def dumps(report: RunReport) -> str:
    """The report as JSON text: indented, keys in model order, UTF-8 left readable."""
    return json.dumps(report.to_json(), indent=2, ensure_ascii=False) + "\n"


def write_report(report: RunReport, path: str | os.PathLike[str]) -> Path:
    """Write the report atomically to ``path``; returns the path.

    The text is checked against the report schema first: an invalid report raises
    :class:`ReportError` and nothing is written (an earlier file at ``path`` stays as it was).
    """
    target = Path(path)
    text = dumps(report)
    loads(text, str(target))
    atomic_write_text(target, text)
    return target


def loads(text: str, source: str = "<report>") -> RunReport:
    """Parse and validate report JSON text; ``source`` names it in error messages.

    Raises :class:`ReportError`: "truncated or not JSON: <source> line L col C" when the text
    does not parse, otherwise the schema problem and its JSON path.
    """
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReportError(
            f"truncated or not JSON: {source} line {exc.lineno} col {exc.colno}: {exc.msg}"
        ) from None
    return RunReport.from_json(data, source=source)


def read_report(path: str | os.PathLike[str]) -> RunReport:
    """Read and validate a report file; every problem is a :class:`ReportError` naming it."""
    source = os.fspath(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ReportError(f"{source}: no such report file") from None
    except UnicodeDecodeError as exc:
        raise ReportError(f"{source}: not UTF-8 text (byte {exc.start}): not a report") from None
    except OSError as exc:
        raise ReportError(f"{source}: cannot read: {exc.strerror}") from None
    return loads(text, source=source)
