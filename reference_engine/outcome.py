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


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game.

    ``out_order`` lists, bout by bout, the seats that went out together.
    """

    termination: Termination
    durak: tuple[int, ...]
    winners: tuple[int, ...]
    winning_pair: tuple[int, ...] | None
    out_order: tuple[tuple[int, ...], ...]

    @property
    def is_draw(self) -> bool:
        return self.termination in (Termination.DRAW, Termination.PAIR_DRAW)

    def to_json(self) -> dict[str, Any]:
        return {
            "termination": self.termination.value,
            "durak": list(self.durak),
            "winners": list(self.winners),
            "winning_pair": list(self.winning_pair) if self.winning_pair is not None else None,
            "out_order": [list(group) for group in self.out_order],
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
        )
