"""How many attacking cards a bout may hold.

Two limits apply at once, and a card that would break either is refused:

- the **cap**: at most ``bout_cap`` (six) attacking cards in a bout, and ``first_bout_cap``
  (five) before the first discard, where a profile has that rule
  (clauses ``limits.six`` and ``limits.first-bout``);
- the **defender's hand** (clause ``limits.defender-hand``): with ``hand_at_start`` no more
  attacking cards than the defender held when the bout began for them (a transfer begins it
  anew for the new defender); with ``unbeaten_in_hand`` never more unbeaten cards than the
  defender holds now.

Sources: VideoChess, "The attacker puts any card..." paragraph (six cards, no more unbeaten
cards than the defender's hand); Durak Challenge, "Rules for the Attack" conditions 2 and 3;
How to play Durak, "Attacking" (six, the hand at the start, five before the first discard);
GGTables, "Adding cards" (six attacking cards, the hand at the bout's beginning); the
prototype, "Throwing in and the limit" (the hand at the start, up to six, no five-card rule).
Openings, throw-ins and transfers all count against the same limits.

These functions are methods of :class:`~reference_engine.game.Game`.  A bout's cap cannot
change while the bout is played (the first discard happens when a bout closes), so ``cap()``
is asked when a bout begins or a state is loaded and its answer kept in ``game._cap``; ``room``
is cached for the state it was asked in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reference_engine.refusals import Refusal

if TYPE_CHECKING:
    from reference_engine.game import Game

OVER_FIRST_BOUT_CAP = Refusal(
    "limits.first-bout", "until the first discard a bout holds at most {cap} attacking cards"
)
OVER_CAP = Refusal("limits.six", "a bout holds at most {cap} attacking cards")
OVER_HAND_AT_START = Refusal(
    "limits.defender-hand",
    "the defender held {hand_at_start} cards when the bout began for them: "
    "no more attacking cards than that",
)
OVER_HAND_NOW = Refusal(
    "limits.defender-hand",
    "the defender holds {defender_hand} cards: no more unbeaten cards than that",
)


def cap(game: Game) -> int:
    """The most attacking cards any bout may hold now, whatever the defender holds."""
    first = game.rules.first_bout_cap
    if first is not None and not game.first_discard_done:
        return first
    return game.rules.bout_cap


def room(game: Game) -> int:
    """How many more attacking cards the bout may take now, by the cap and by the
    defender's hand (may be negative)."""
    room = game._room_cache
    if room is None:
        count = len(game.table)
        room = game._cap - count
        if game.rules.defender_limit == "hand_at_start":
            by_hand = game.defender_hand_at_start - count
        else:
            by_hand = len(game.hands[game.defender]) - game._unbeaten
        if by_hand < room:
            room = by_hand
        game._room_cache = room
    return room


def limit(game: Game) -> int:
    """The most attacking cards this bout may hold now."""
    return len(game.table) + max(game.room(), 0)


def limit_refusal(game: Game, k: int) -> Refusal:
    """The limit that ``k`` more attacking cards would break."""
    count = len(game.table)
    top = game._cap
    if count + k > top:
        if top < game.rules.bout_cap and count + k <= game.rules.bout_cap:
            return OVER_FIRST_BOUT_CAP
        return OVER_CAP
    if game.rules.defender_limit == "hand_at_start":
        return OVER_HAND_AT_START
    return OVER_HAND_NOW


def room_refusal(game: Game, k: int) -> Refusal | None:
    """Why ``k`` more attacking cards do not fit in the bout now (None: they fit)."""
    if k > game.room():
        return game.limit_refusal(k)
    return None
