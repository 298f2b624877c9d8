"""The game's state as the protocol's ``state`` object, as a saved game, and as a snapshot.

- :func:`to_json`: what the harness sees (every hand, the stock top first, the table, who
  attacks and defends, the bout's limit, each seat's action types, the result);
- :func:`internal_json` / :func:`from_internal_json`: everything needed to rebuild the exact
  game, rules included (the fuzzer and the property tests save and reload games with it);
- :func:`snapshot` / :func:`restore`: the state fields (``Game.STATE``) copied, for
  ``push``/``pop`` and ``copy``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from reference_engine.cards import CODES, parse_card
from reference_engine.outcome import Outcome
from reference_engine.rules import Rules
from reference_engine.table import TablePair

if TYPE_CHECKING:
    from reference_engine.game import Game

G = TypeVar("G", bound="Game")

#: Plain fields an internal save holds as they are.
_PLAIN_FIELDS = (
    "bout",
    "starter",
    "attacker",
    "defender",
    "priority",
    "priority_released",
    "taken",
    "awaiting_choice",
    "defender_hand_at_start",
    "first_discard_done",
    "last_close",
)


def snapshot(game: Game) -> dict[str, Any]:
    """A copy of every state field, deep enough that playing on changes none of it."""
    snap: dict[str, Any] = {}
    for name in game.STATE:
        value = getattr(game, name)
        if name == "hands":
            value = [list(h) for h in value]
        elif name == "table":
            value = [p.copy() for p in value]
        elif isinstance(value, list | set):
            value = value.copy()
        snap[name] = value
    return snap


def restore(game: Game, snap: Mapping[str, Any]) -> None:
    """Put the state fields of ``snap`` back (its lists become the game's own)."""
    for name, value in snap.items():
        setattr(game, name, value)
    game._state_changed()


def to_json(game: Game) -> dict[str, Any]:
    """The full state as the protocol's ``state`` object."""
    finished = game.phase == "finished"
    codes = CODES  # looked up rather than formatted: a state spells every card in play
    kinds: dict[int, set[str]] = {}  # actions_for() of every seat, in one pass
    for action in game.legal_moves():
        seat_kinds = kinds.get(action.seat)
        if seat_kinds is None:
            kinds[action.seat] = {action.type}
        else:
            seat_kinds.add(action.type)
    return {
        "phase": game.phase,
        "trump": game.trump_card.code,
        "trump_suit": game.trump,
        "stock": [codes[c] for c in reversed(game.stock)],
        "discard": [codes[c] for c in game.discard],
        "seats": [
            {
                "seat": s,
                "hand": [codes[c] for c in game.hands[s]],
                "out": game.out[s],
                "human": s in game.humans,
                "actions": sorted(kinds.get(s, ())),
            }
            for s in range(1, game.seats + 1)
        ],
        "table": [p.to_json() for p in game.table],
        "bout": game.bout,
        "starter": None if finished else game.starter,
        "attacker": None if finished else game.attacker,
        "defender": None if finished else game.defender,
        "taken": game.taken,
        "limit": 0 if finished else game.limit(),
        "teams": game.teams(),
        "result": game.result.to_json() if game.result is not None else None,
    }


def internal_json(game: Game) -> dict[str, Any]:
    """Everything needed to rebuild this exact game (see :func:`from_internal_json`)."""
    return {
        "rules": game.rules.to_mapping(),
        "seats": game.seats,
        "humans": sorted(game.humans),
        "trump": game.trump_card.code,
        "phase": game.phase,
        "hands": [[c.code for c in h] for h in game.hands[1:]],
        "stock": [c.code for c in game.stock],
        "discard": [c.code for c in game.discard],
        "table": [p.to_json() for p in game.table],
        "out": game.out[1:],
        "out_log": [list(e) for e in game.out_log],
        **{name: getattr(game, name) for name in _PLAIN_FIELDS},
        "done": sorted(game.done),
        "result": game.result.to_json() if game.result is not None else None,
    }


def from_internal_json(cls: type[G], data: Mapping[str, Any]) -> G:
    """Rebuild a game of ``cls`` saved with :func:`internal_json`."""
    rules = Rules.from_mapping(data["rules"])
    game = cls(rules, data["seats"], parse_card(data["trump"]), data["humans"])
    game.phase = data["phase"]
    game.hands = [[]] + [[parse_card(c) for c in h] for h in data["hands"]]
    game.stock = [parse_card(c) for c in data["stock"]]
    game.discard = [parse_card(c) for c in data["discard"]]
    game.table = [
        TablePair(
            parse_card(p["attack"]),
            p["attacker"],
            parse_card(p["defence"]) if p["defence"] else None,
            p["defender"],
        )
        for p in data["table"]
    ]
    game.out = [False, *data["out"]]
    game.out_log = [(b, s) for b, s in data["out_log"]]
    for name in _PLAIN_FIELDS:
        setattr(game, name, data[name])
    game.done = set(data["done"])
    game.result = Outcome.from_json(data["result"]) if data["result"] else None
    game._state_changed()
    return game
