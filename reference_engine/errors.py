"""Errors raised by the reference engine.

They mirror the protocol's error codes: a *malformed* action cannot be understood at all, an
*illegal* action is well formed but breaks a rule (and names the rule clause it breaks), an
*unsupported* request asks for something the engine does not implement.  Whatever is raised,
the game state is left exactly as it was.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""

    code = "internal"


class MalformedAction(EngineError, ValueError):
    """The action (or a card in it) could not be read."""

    code = "malformed"


class IllegalAction(EngineError):
    """A well-formed action that the rules do not allow now.

    ``clause`` is the full id of the ruleset clause the action breaks, for example
    ``howto-durak.limits.first-bout``.
    """

    code = "illegal"

    def __init__(self, clause: str, message: str) -> None:
        super().__init__(f"{message} [{clause}]")
        self.clause = clause
        self.message = message


class UnsupportedAction(EngineError):
    """An action, option or capability this engine does not implement."""

    code = "unsupported"


class RulesError(EngineError, ValueError):
    """A resolved ruleset or a set-up (seats, deck, position) the engine cannot play."""

    code = "malformed"
