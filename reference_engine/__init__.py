"""The reference engine: Durak played exactly by a resolved ruleset.

Pure rules: no I/O, no imports from the harness.  See :class:`Game` and :class:`Rules`.
"""

from __future__ import annotations

from reference_engine.actions import (
    Accept,
    Action,
    Attack,
    Defend,
    Done,
    Take,
    ThrowIn,
    Transfer,
    action_from_json,
)
from reference_engine.cards import Card, deck, format_cards, parse_card, parse_cards
from reference_engine.errors import (
    EngineError,
    IllegalAction,
    MalformedAction,
    RulesError,
    UnsupportedAction,
)
from reference_engine.game import Game, TablePair, beats
from reference_engine.outcome import Outcome, Termination
from reference_engine.rules import Rules

__all__ = [
    "Accept",
    "Action",
    "Attack",
    "Card",
    "Defend",
    "Done",
    "EngineError",
    "Game",
    "IllegalAction",
    "MalformedAction",
    "Outcome",
    "Rules",
    "RulesError",
    "TablePair",
    "Take",
    "Termination",
    "ThrowIn",
    "Transfer",
    "UnsupportedAction",
    "action_from_json",
    "beats",
    "deck",
    "format_cards",
    "parse_card",
    "parse_cards",
]
