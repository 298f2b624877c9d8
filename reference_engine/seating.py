"""Seats and turn order: play goes clockwise, partners sit opposite, who attacks whom.

Seats are numbered from 1, clockwise.  A seat that is out of the game is passed over.

- VideoChess: four seats in clockwise order; in pairs, seats 1 and 3 play against 2 and 4, a
  partner is never attacked or passed to, and the attack goes to the nearest opponent
  clockwise who still plays.
- How to play Durak, "Attacking" (play turns clockwise, every attack goes to the neighbour on
  the left) and "Playing in pairs" (partners face each other; the attack passes over one).
- GGTables, "Attacking and defending": whoever plays next clockwise defends.
- Durak Challenge and the prototype's duel: two seats, each the other's opponent.

These functions are methods of :class:`~reference_engine.game.Game` (``game.next_opponent``);
a variant engine overrides them there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reference_engine.errors import RulesError

if TYPE_CHECKING:
    from reference_engine.game import Game
    from reference_engine.rules import Rules

#: (seats, seat) -> the other seats clockwise after ``seat``, then ``seat`` itself.
_CLOCKWISE: dict[tuple[int, int], tuple[int, ...]] = {
    (n, seat): tuple((seat + i - 1) % n + 1 for i in range(1, n + 1))
    for n in range(2, 7)
    for seat in range(1, n + 1)
}
#: (seats, seat) -> every seat clockwise, starting with ``seat``.
CLOCKWISE_FROM: dict[tuple[int, int], tuple[int, ...]] = {
    (n, seat): (seat, *_CLOCKWISE[(n, seat)][:-1]) for n in range(2, 7) for seat in range(1, n + 1)
}
#: (seats, seat) -> the other seats counter-clockwise before ``seat``, then ``seat`` itself.
_COUNTER_CLOCKWISE: dict[tuple[int, int], tuple[int, ...]] = {
    (n, seat): tuple((seat - i - 1) % n + 1 for i in range(1, n + 1))
    for n in range(2, 7)
    for seat in range(1, n + 1)
}


def _by_seat(
    table: dict[tuple[int, int], tuple[int, ...]],
) -> dict[int, tuple[tuple[int, ...], ...]]:
    """``table`` as seats -> a tuple indexed by seat (index 0 empty): read on every bout,
    and indexing is cheaper than hashing a (seats, seat) key."""
    return {n: ((), *(table[(n, s)] for s in range(1, n + 1))) for n in range(2, 7)}


_AFTER = _by_seat(_CLOCKWISE)
_BEFORE = _by_seat(_COUNTER_CLOCKWISE)
#: seats -> per seat: every seat clockwise, starting with that seat (as ``CLOCKWISE_FROM``).
FROM = _by_seat(CLOCKWISE_FROM)


def check_seat_count(rules: Rules, seats: int) -> None:
    """Raise :class:`RulesError` unless the rules are played with ``seats`` seats (pairs
    with exactly ``pairs_seats``)."""
    if not rules.min_seats <= seats <= rules.max_seats:
        allowed = (
            f"exactly {rules.min_seats}"
            if rules.min_seats == rules.max_seats
            else f"{rules.min_seats} to {rules.max_seats}"
        )
        raise RulesError(
            f"{rules.profile} with these options is played by {allowed} seats, not {seats}"
        )
    if rules.teams == "pairs" and seats != rules.pairs_seats:
        raise RulesError(f"pairs are played with exactly {rules.pairs_seats} seats, not {seats}")


def partner(game: Game, seat: int) -> int | None:
    """The partner of ``seat`` in pairs (the seat opposite), else None (the engine reads
    the answers from ``game.partners``, a table made with this when the game is set up)."""
    if game.rules.teams != "pairs":
        return None
    return (seat + 1) % game.seats + 1


def teams(game: Game) -> list[list[int]] | None:
    """The two pairs (seats 1 and 3 against 2 and 4), or None when everyone plays alone."""
    if game.rules.teams != "pairs":
        return None
    return [[1, 3], [2, 4]]


def is_opponent(game: Game, a: int, b: int) -> bool:
    """Whether seats ``a`` and ``b`` play against each other."""
    return a != b and game.partners[a] != b


def next_active(game: Game, seat: int) -> int:
    """The next seat clockwise after ``seat`` still in the game (``seat`` itself if none)."""
    out = game.out
    for s in _AFTER[game.seats][seat]:
        if not out[s]:
            return s
    return seat


def previous_active(game: Game, seat: int) -> int:
    """The nearest seat counter-clockwise before ``seat`` still in the game."""
    out = game.out
    for s in _BEFORE[game.seats][seat]:
        if not out[s]:
            return s
    return seat


def next_opponent(game: Game, seat: int) -> int:
    """Whom ``seat`` attacks: the next opponent clockwise still in the game, the partner
    skipped (0 when there is none)."""
    out = game.out
    partner = game.partners[seat]
    for s in _AFTER[game.seats][seat]:
        if not out[s] and s != seat and s != partner:
            return s
    return 0
