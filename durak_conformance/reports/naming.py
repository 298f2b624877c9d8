"""File names for reports: from our own ids, or a safe mapping of what an engine says.

An engine's name, version and profile ids are data that reports show, never paths.  A report
set is named by ``--name`` (checked: a plain base name) or by :func:`report_name` of the
engine's name: lower-case letters, digits and dashes, at most
:data:`~durak_conformance.limits.REPORT_NAME_CHARS` characters, and -- whenever that changed
the text at all -- a short hash of the whole name, so two engines never share a report.
Badge files are named after the profile ids of this suite only.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from durak_conformance.limits import REPORT_NAME_CHARS, clip, printable

_SAFE = re.compile(r"[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?")
_SAFE_GIVEN = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?")
_PROFILE_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")

RESERVED = frozenset({"badges", "incomplete", "index", "mutants"})
"""Names a report set may not take: folders and files of the reports folder that other
commands write (``mutants.json``) or the site uses."""

LOCAL_REPORTS = Path("conformance-reports")
"""Where ``run`` writes by default: a folder of the current directory that the project's git
ignores, so running the main job in a clone never rewrites the committed (published)
reports of ``reports/``; ``site`` reads it after the published ones."""

INCOMPLETE_FOLDER = "incomplete"
"""Where an interrupted or aborted run writes the results it has (see :mod:`report_set`)."""


def is_safe_name(text: str) -> bool:
    """Whether ``text`` can be a report base name as it is."""
    return (
        len(text) <= REPORT_NAME_CHARS
        and _SAFE.fullmatch(text) is not None
        and ".." not in text
        and text not in RESERVED
    )


def report_name(text: str) -> str:
    """The report base name for an engine called ``text`` (see the module docstring)."""
    if is_safe_name(text):
        return text
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "engine"
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{slug[: REPORT_NAME_CHARS - 9].rstrip('-')}-{digest}"


def check_name(text: str) -> str | None:
    """What is wrong with ``--name TEXT``, or None (upper-case letters are allowed here)."""
    if (
        len(text) <= REPORT_NAME_CHARS
        and _SAFE_GIVEN.fullmatch(text)
        and ".." not in text
        and text.lower() not in RESERVED
    ):
        return None
    shown = printable(clip(text, 80), newlines=False)
    if text.lower() in RESERVED:
        return f"--name {shown}: the name is reserved ({', '.join(sorted(RESERVED))})"
    return (
        f"--name {shown}: a report name is a plain file name of at most {REPORT_NAME_CHARS} "
        "letters, digits, '.', '_' and '-' (no folders), starting and ending with a letter "
        "or digit"
    )


def is_profile_id(text: str) -> bool:
    """Whether ``text`` is spelled like one of this suite's profile ids."""
    return len(text) <= REPORT_NAME_CHARS and _PROFILE_ID.fullmatch(text) is not None
