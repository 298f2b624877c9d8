"""``When`` steps: a seat tries an action.

A single action is only *tried*: the engine's answer waits for a ``Then it is accepted`` or
``Then it is rejected ...`` step.  Any other step after a refused action fails, so a refusal
can never pass unnoticed.  A block of actions (``When they play:``) must all be accepted.
"""

from __future__ import annotations

from pytest_bdd import parsers, when

from durak_conformance.steps import notation
from durak_conformance.steps.driver import TableDriver


@when(parsers.re(r"(?P<text>seat \d+ (?!may\b).+)"))
def _act(durak_table: TableDriver, text: str) -> None:
    try:
        parsed = notation.action(text)
    except notation.ScenarioError as exc:
        raise durak_table.error(str(exc)) from None
    durak_table.act(parsed, text)


@when(parsers.re(r"(?:they play|the play continues):?"))
def _play(durak_table: TableDriver, docstring: str) -> None:
    parsed = []
    locations = notation.block_locations(durak_table.location, docstring)
    for _, line in locations:
        try:
            parsed.append((line.strip(), notation.action(line)))
        except notation.ScenarioError as exc:
            raise durak_table.error(str(exc)) from None
    durak_table.play_all(parsed, [where for where, _ in locations])


@when(parsers.re(r"the game starts|the cards are dealt"))
def _start(durak_table: TableDriver) -> None:
    durak_table.start()
