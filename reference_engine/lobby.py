"""The table before and after a game: who sits where, bots, the ready check, who chooses.

Checked when a game is started through the lobby (the protocol's ``start`` with a ``lobby``
object, capability ``table``); a start without it is a set-up by the harness, like a debug
table, and is not checked.  Clause suffixes raised here: ``table.bots`` (bots and people at
the table), ``table.ready`` (everyone ready), ``table.mode-chooser`` (who set the options).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from reference_engine.errors import IllegalAction, RulesError
from reference_engine.rules import Rules


@dataclass
class Lobby:
    """What the table looks like around a game."""

    seats: int
    humans: frozenset[int]
    ready: frozenset[int]
    chosen_by: int | None
    teams: str
    seated: list[int] = field(default_factory=list)
    """Seats with somebody in them (a seat whose player stood up is empty)."""

    @classmethod
    def from_json(
        cls, rules: Rules, seats: int, humans: Iterable[int], obj: Mapping[str, Any]
    ) -> Lobby:
        """Read the ``lobby`` object of a start request (``ready``, ``chosen_by``)."""
        ready = obj.get("ready", list(range(1, seats + 1)))
        chosen = obj.get("chosen_by")
        if not isinstance(ready, list) or not all(isinstance(s, int) for s in ready):
            raise RulesError("lobby.ready: expected a list of seat numbers")
        if chosen is not None and not isinstance(chosen, int):
            raise RulesError("lobby.chosen_by: expected a seat number")
        return cls(
            seats,
            frozenset(humans),
            frozenset(ready),
            chosen,
            rules.teams,
            list(range(1, seats + 1)),
        )

    def check(self, rules: Rules) -> None:
        """Raise :class:`IllegalAction` unless the table may start a game now."""
        bots = [s for s in range(1, self.seats + 1) if s not in self.humans]
        people = self.seats - len(bots)
        if rules.max_bots is not None and len(bots) > rules.max_bots:
            raise _illegal(rules, "table.bots", f"at most {rules.max_bots} bots, not {len(bots)}")
        if people < rules.min_humans:
            raise _illegal(rules, "table.bots", f"at least {rules.min_humans} person must play")
        if rules.max_humans is not None and people > rules.max_humans:
            raise _illegal(
                rules, "table.bots", f"at most {rules.max_humans} people play here, not {people}"
            )
        if rules.start_when_all_ready:
            waiting = sorted(s for s in self.humans if s not in self.ready)
            if waiting:
                names = ", ".join(str(s) for s in waiting)
                raise _illegal(rules, "table.ready", f"seat(s) {names} have not pressed ready")
        if rules.options_chosen_by == "lowest_human_seat" and self.chosen_by is not None:
            lowest = min(self.humans) if self.humans else None
            if self.chosen_by != lowest:
                raise _illegal(
                    rules,
                    "table.mode-chooser",
                    f"the mode is chosen by the person in the lowest seat ({lowest}), "
                    f"not seat {self.chosen_by}",
                )

    def stand_up(self, rules: Rules, seat: int) -> None:
        """``seat`` leaves its chair; a pairs table may fall back to every player for themselves."""
        if seat in self.seated:
            self.seated.remove(seat)
        if self.teams == "pairs" and rules.pairs_revert_to_solo_on_leave:
            self.teams = "solo"

    def to_json(self, game_over: bool, rules: Rules) -> dict[str, Any]:
        return {
            "seated": list(self.seated),
            "open_seats": [s for s in range(1, self.seats + 1) if s not in self.seated]
            if game_over or not rules.seats_closed_during_game
            else [],
            "teams": self.teams,
        }


def _illegal(rules: Rules, suffix: str, message: str) -> IllegalAction:
    return IllegalAction(rules.clause(suffix), message)
