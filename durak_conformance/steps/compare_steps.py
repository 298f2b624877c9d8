"""Steps first needed by the comparison features (``features/compare/``).

A comparison outline runs the same steps for every profile, so what differs per profile
must fit in an Examples cell: a list of computer seats that may be empty, or whether the
engine deals the table at all.  Generic wording; any feature may use them.
"""

from __future__ import annotations

from pytest_bdd import given, parsers, then

from adapters.base import EngineFailure
from durak_conformance.causes import CheckFailed
from durak_conformance.steps import notation
from durak_conformance.steps.driver import TableDriver

# Both adapters word a refused ``start`` request this way (see howto_durak_steps.py).
_REFUSED_START = "refused start"


@given(parsers.re(r'the computer seats are "(?P<seats>[^"]*)"'))
def _computer_seats(durak_table: TableDriver, seats: str) -> None:
    """Seats played by the computer: ``"2"``, ``"1 and 2"``, or ``"none"`` / ``""``."""
    if seats.strip().lower() in notation.EMPTY_WORDS:
        return
    durak_table.setup.bots.update(notation.seat_list(seats))


@then(parsers.re(r"the engine (?P<verdict>deals|refuses) the table"))
def _deals_or_refuses(durak_table: TableDriver, verdict: str) -> None:
    """The engine must start the game described (every seat dealt a hand) or refuse it."""
    where = durak_table.location
    wanted_shape = "the table dealt" if verdict == "deals" else "the table refused"
    try:
        state = durak_table.start()
    except EngineFailure as exc:
        if _REFUSED_START not in str(exc):
            raise CheckFailed(
                f"{where}: expected the engine to {verdict[:-1]} the table; "
                f"it failed otherwise: {exc}",
                kind="start",
                expected=wanted_shape,
                actual="a failure to start",
                where=where,
            ) from None
        if verdict == "refuses":
            return
        raise CheckFailed(
            f"{where}: expected the engine to deal the table; it refused: {exc}",
            kind="start",
            expected=wanted_shape,
            actual="the table refused",
            where=where,
        ) from None
    seats = state.get("seats", [])
    if verdict == "refuses":
        raise CheckFailed(
            f"{where}: expected the engine to refuse this table; it started a "
            f"game with {len(seats)} seats (phase {state.get('phase')})",
            kind="start",
            expected=wanted_shape,
            actual="a game started",
            where=where,
        )
    wanted = durak_table.setup.seats
    empty = [s.get("seat") for s in seats if not s.get("hand")]
    if (wanted is not None and len(seats) != wanted) or empty:
        raise CheckFailed(
            f"{where}: expected {wanted} seats, each dealt a hand; the engine "
            f"started {len(seats)} seats, empty-handed: {empty or 'none'}",
            kind="start",
            expected=f"{wanted} seats dealt a hand each",
            actual=f"{len(seats)} seats" + (", some empty-handed" if empty else ""),
            where=where,
        )
