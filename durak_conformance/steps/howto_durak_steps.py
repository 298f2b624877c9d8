"""Steps first needed by the howto-durak features: a table the rules do not allow.

Generic wording; any profile may use them.
"""

from __future__ import annotations

from pytest_bdd import parsers, then

from adapters.base import EngineFailure
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
    try:
        state = durak_table.start()
    except EngineFailure as exc:
        if _REFUSED_START not in str(exc):
            raise AssertionError(
                f"{durak_table.location}: expected a refusal of the start request; "
                f"the engine failed otherwise: {exc}"
            ) from None
        return
    seats = len(state.get("seats", []))
    raise AssertionError(
        f"{durak_table.location}: expected the engine to refuse this table; it started a "
        f"game with {seats} seats (phase {state.get('phase')})"
    )
