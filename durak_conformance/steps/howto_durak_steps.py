"""Steps first needed by the howto-durak features: a table the rules do not allow.

Generic wording; any profile may use them.
"""

from __future__ import annotations

from pytest_bdd import parsers, then

from adapters.base import EngineFailure
from durak_conformance.causes import CheckFailed
from durak_conformance.steps.driver import TableDriver

# Both the in-process and the stdio adapter word a refused ``start`` request this way; a
# crash or a garbled reply is also an EngineFailure but says something else.
_REFUSED_START = "refused start"


@then(parsers.re(r"the engine refuses to (?:deal|start the game|set up the table)"))
def _start_refused(durak_table: TableDriver) -> None:
    """The engine must refuse to start the game described (e.g. too many seats for the deck).

    A refusal with ``unsupported`` skips the scenario (the driver turns it into a skip), as
    everywhere else in the suite.
    """
    where = durak_table.location
    try:
        state = durak_table.start()
    except EngineFailure as exc:
        if _REFUSED_START not in str(exc):
            raise CheckFailed(
                f"{where}: expected a refusal of the start request; "
                f"the engine failed otherwise: {exc}",
                kind="start",
                expected="the table refused",
                actual="a failure to start",
                where=where,
            ) from None
        return
    seats = len(state.get("seats", []))
    raise CheckFailed(
        f"{where}: expected the engine to refuse this table; it started a "
        f"game with {seats} seats (phase {state.get('phase')})",
        kind="start",
        expected="the table refused",
        actual="a game started",
        where=where,
    )
