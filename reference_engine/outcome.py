"""How a game ended."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any


class Termination(enum.Enum):
    """Why the game ended."""

    DURAK = "durak"
    """One player (solo) is left holding cards."""
    DRAW = "draw"
    """Every remaining player ran out of cards in the same bout: no durak."""
    PAIR_WIN = "pair_win"
    """Both players of one pair went out first."""
    PAIR_DRAW = "pair_draw"
    """Both pairs went out in the same bout."""
    FORFEIT = "forfeit"
    """A departure (standing up, resigning, running out of time or of the return period)
    ended the game: the seats in ``forfeited`` lose, everyone else wins."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game.

    ``out_order`` lists, bout by bout, the seats that went out together.  ``forfeited``
    lists the seats whose result was forfeited by a departure (in pairs, the leaver's partner
    too); they are neither durak nor winners.  ``epaulettes`` marks a win by an attacker
    whose two final cards of the last bout were both of the lowest rank (a double win).
    """

    termination: Termination
    durak: tuple[int, ...]
    winners: tuple[int, ...]
    winning_pair: tuple[int, ...] | None
    out_order: tuple[tuple[int, ...], ...]
    forfeited: tuple[int, ...] = ()
    epaulettes: bool = False

    @property
    def is_draw(self) -> bool:
        return self.termination in (Termination.DRAW, Termination.PAIR_DRAW)

    @property
    def losers(self) -> tuple[int, ...]:
        """Every seat that lost: the durak(s) and the forfeited seats."""
        return tuple(sorted(set(self.durak) | set(self.forfeited)))

    def to_json(self) -> dict[str, Any]:
        return {
            "termination": self.termination.value,
            "durak": list(self.durak),
            "winners": list(self.winners),
            "winning_pair": list(self.winning_pair) if self.winning_pair is not None else None,
            "out_order": [list(group) for group in self.out_order],
            "forfeited": list(self.forfeited),
            "epaulettes": self.epaulettes,
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Outcome:
        pair = obj.get("winning_pair")
        return cls(
            Termination(obj["termination"]),
            tuple(obj["durak"]),
            tuple(obj["winners"]),
            tuple(pair) if pair is not None else None,
            tuple(tuple(g) for g in obj["out_order"]),
            tuple(obj.get("forfeited", ())),
            bool(obj.get("epaulettes", False)),
        )
