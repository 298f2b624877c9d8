"""Bounds on what one record of a report may hold, whatever the engine sent.

A record keeps the scenario's message and, for a failure, the protocol transcript up to the
failing step.  Both come from the engine in the end, so both are bounded here once, where
the record is made (and before it crosses to another process under ``--jobs``): the message
to :data:`~durak_conformance.limits.MESSAGE_CHARS` characters with control characters shown
as escapes, the transcript to :data:`~durak_conformance.limits.TRANSCRIPT_STEPS` steps of at
most :data:`~durak_conformance.limits.TRANSCRIPT_STEP_BYTES` each.  A 1 MB error message in
every scenario thus costs a few kilobytes per record, not a gigabyte per run.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from durak_conformance.limits import (
    MESSAGE_CHARS,
    TRANSCRIPT_STEP_BYTES,
    TRANSCRIPT_STEPS,
    clip,
    printable,
)

_HEAD = 20
"""Transcript steps kept from the start when a transcript is cut (the rest from the end)."""

_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def message(text: str) -> str:
    """A record's message: control characters escaped, cut to the limit."""
    return clip(printable(text), MESSAGE_CHARS)


def _scrub(value: Any) -> Any:
    """``value`` with every lone surrogate in its strings written as a visible escape."""
    if isinstance(value, str):
        return printable(value) if any("\ud800" <= c <= "\udfff" for c in value) else value
    if isinstance(value, dict):
        return {_scrub(k): _scrub(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_scrub(v) for v in value]
    return value


def _step(step: Any) -> Any:
    try:
        text = json.dumps(step, ensure_ascii=True)
    except (TypeError, ValueError, RecursionError):
        return {"omitted": "a step that is not JSON data"}
    if len(text) > TRANSCRIPT_STEP_BYTES:
        request = step.get("request") if isinstance(step, dict) else None
        shown = clip(json.dumps(request, ensure_ascii=True), 400) if request is not None else ""
        return {
            "omitted": f"a step of {len(text):,} bytes, over the {TRANSCRIPT_STEP_BYTES:,}-byte "
            "limit",
            "request": shown,
        }
    if _SURROGATE_ESCAPE.search(text):
        return _scrub(step)
    return step if isinstance(step, dict) else {"step": step}


def transcript(steps: Sequence[Any]) -> list[Any]:
    """A record's transcript: at most the first and last steps, each of a bounded size."""
    if len(steps) <= TRANSCRIPT_STEPS:
        return [_step(s) for s in steps]
    tail = TRANSCRIPT_STEPS - _HEAD - 1
    left_out = len(steps) - _HEAD - tail
    return [
        *(_step(s) for s in steps[:_HEAD]),
        {"omitted": f"{left_out:,} steps (transcripts keep {TRANSCRIPT_STEPS} steps)"},
        *(_step(s) for s in steps[-tail:]),
    ]
