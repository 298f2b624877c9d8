"""Reading and writing the JSON run report (schema ``report-v1.json``)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from durak_conformance.limits import (
    FILE_DEPTH,
    REPORT_BYTES,
    REPORT_RECORDS,
    LimitError,
    decode_json,
)
from durak_conformance.reports.atomic import atomic_write_text
from durak_conformance.reports.model import ReportError, RunReport


def dumps(report: RunReport, *, check: bool = False) -> str:
    """The report as JSON text: indented, keys in model order, UTF-8 left readable.

    With ``check`` the text is read back and validated first, as :func:`write_report` does
    (raises :class:`ReportError`).
    """
    text = json.dumps(report.to_json(), indent=2, ensure_ascii=False) + "\n"
    if check:
        loads(text, "<the report being written>")
    return text


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
    does not parse, a limit of :mod:`durak_conformance.limits` when it breaks one (nesting
    deeper than ``FILE_DEPTH``, a 5,000-digit number, more than ``REPORT_RECORDS`` records,
    a lone surrogate), otherwise the schema problem and its JSON path.
    """
    return RunReport.from_json(parse(text, source), source=source)


def parse(text: str, source: str = "<report>") -> Any:
    """The JSON data of a report file, within the limits (see :func:`loads`); not checked
    against the schema."""
    try:
        data = decode_json(text, depth=FILE_DEPTH)
    except LimitError as exc:
        if str(exc).startswith("not JSON"):
            try:  # once more, only to say where (the message of the plain parser)
                json.loads(text)
            except json.JSONDecodeError as where:
                raise ReportError(
                    f"truncated or not JSON: {source} line {where.lineno} col {where.colno}: "
                    f"{where.msg}"
                ) from None
            except (ValueError, RecursionError):
                pass
        raise ReportError(f"{source}: not a report within the limits: {exc}") from None
    records = data.get("records") if isinstance(data, dict) else None
    if isinstance(records, list) and len(records) > REPORT_RECORDS:
        raise ReportError(
            f"{source}: not a report within the limits: {len(records):,} records "
            f"(at most {REPORT_RECORDS:,})"
        )
    return data


def read_report(path: str | os.PathLike[str]) -> RunReport:
    """Read and validate a report file; every problem is a :class:`ReportError` naming it."""
    source = os.fspath(path)
    try:
        size = Path(path).stat().st_size
        if size > REPORT_BYTES:
            raise ReportError(
                f"{source}: not a report within the limits: {size:,} bytes "
                f"(at most {REPORT_BYTES:,})"
            )
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ReportError(f"{source}: no such report file") from None
    except UnicodeDecodeError as exc:
        raise ReportError(f"{source}: not UTF-8 text (byte {exc.start}): not a report") from None
    except OSError as exc:
        raise ReportError(f"{source}: cannot read: {exc.strerror}") from None
    return loads(text, source=source)
