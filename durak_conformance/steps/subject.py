"""Which steps of a scenario are its *subject*: the steps about the rule it tests.

A failure before the subject means the scenario is *blocked*: it did not reach the steps
about its own rule, so it is no verdict on its clauses (docs/reports.md, "Subject steps and
blocked scenarios").  The subject is:

- the **last action**: the last ``When`` step, or the last line of a final ``When they
  play:`` block (the block's earlier lines are its preamble);
- every step after it;
- the steps just before it that are about **that same action**: the same seat trying the same
  kind of action as single ``When`` steps (with their ``Then it is accepted/rejected``), and
  ``Then seat N may [not] [legally] ...`` checks of that seat and action kind.  So
  ``Then seat 1 may redeal`` / ``When seat 1 asks for a redeal`` is one subject, and so is a
  fifth card accepted before a sixth refused;
- a scenario without a ``When`` step has its subject from its first ``Then`` step on.

Everything else before it (the Background, ``Given`` steps, blocks of play, other seats'
actions, other checks) sets the scene.  Works on pytest-bdd's step objects (``type``,
``name``, ``line_number``, ``docstring``) or anything shaped like them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from durak_conformance.steps import notation

_MAY = re.compile(r"^seat (?P<seat>\d+) may (?:not )?(?P<legally>legally )?(?P<what>.+)$")
_VERDICT = re.compile(r"^(?:it|the action) is (?:accepted|rejected)\b")


def _line_of(location: str) -> int:
    _, _, line = location.rpartition(":")
    return int(line) if line.isdigit() else 0


def _action(text: str) -> tuple[int, str] | None:
    """(seat, action type) of an action line, or None when it is not one."""
    try:
        parsed = notation.action(text)
    except notation.ScenarioError:
        return None
    return parsed.seat, str(parsed.action["type"])


def _may_types(text: str) -> tuple[int, set[str]] | None:
    """(seat, action types) a ``seat N may [not] [legally] ...`` check is about."""
    match = _MAY.match(text.strip())
    if match is None:
        return None
    seat = int(match["seat"])
    try:
        if match["legally"]:
            return seat, {str(notation.action(f"seat {seat} {match['what']}").action["type"])}
        return seat, set(notation.action_types(match["what"]))
    except notation.ScenarioError:
        return None


def subject_line(steps: Sequence[Any], path: str = "?") -> int:
    """The line where a scenario's subject starts (see the module); 0 without steps."""
    whens = [i for i, s in enumerate(steps) if getattr(s, "type", "") == "when"]
    if not whens:
        thens = [s for s in steps if getattr(s, "type", "") == "then"]
        return int(thens[0].line_number) if thens else 0
    index = whens[-1]
    last = steps[index]
    docstring = getattr(last, "docstring", None)
    if docstring:
        lines = notation.block_locations(f"{path}:{last.line_number}", docstring)
        if lines:
            return _line_of(lines[-1][0])  # the preamble is never part of the subject
        return int(last.line_number)
    start = int(last.line_number)
    subject = _action(str(last.name))
    if subject is None:
        return start
    # Walk back over the steps about the same action: the same seat trying the same kind of
    # action, their verdicts, and checks of whether that seat may take that action.
    i = index - 1
    while i >= 0:
        step = steps[i]
        kind, text = getattr(step, "type", ""), str(step.name)
        if kind == "then" and _VERDICT.match(text):
            before = steps[i - 1] if i > 0 else None
            if (
                before is not None
                and getattr(before, "type", "") == "when"
                and not getattr(before, "docstring", None)
                and _action(str(before.name)) == subject
            ):
                start, i = int(before.line_number), i - 2
                continue
            break
        if kind == "when" and not getattr(step, "docstring", None) and _action(text) == subject:
            start, i = int(step.line_number), i - 1
            continue
        may = _may_types(text) if kind == "then" else None
        if may is not None and may[0] == subject[0] and subject[1] in may[1]:
            start, i = int(step.line_number), i - 1
            continue
        break
    return start


def step_texts(steps: Sequence[Any], path: str = "?") -> dict[int, str]:
    """Line number -> the text written there: each step, and each line of a step's block."""
    texts: dict[int, str] = {}
    for step in steps:
        texts[int(step.line_number)] = str(step.name)
        docstring = getattr(step, "docstring", None)
        if docstring:
            for where, text in notation.block_locations(f"{path}:{step.line_number}", docstring):
                texts[_line_of(where)] = text.strip()
    return texts
