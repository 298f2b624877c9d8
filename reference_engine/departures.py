"""A player leaving: standing up, resigning, a lost connection not restored in time, an
empty chess clock.

Depending on the rules a departure
- is refused while the player holds cards at a table with other people
  (``leave_blocked_with_cards``, clause ``departures.no-leaving``);
- ends the game as a loss for that player, and in pairs for their pair
  (``departure_ends_game``);
- or, with two or more players left (``departure_ends_game: false``), removes the player's
  hand and the unfinished bout from play (to the discard pile), refills hands in the usual
  order (starter first, defender last) and goes on with a new bout, opened by the same
  starter if still playing, else by the next player clockwise (``departure_next_attacker:
  bout_starter``), or as after a bout beaten off (``usual``).  The player's result is
  forfeited; when fewer than two players are left the game ends there.
A player already out of the game keeps their result whatever they do.
"""

from __future__ import annotations

from reference_engine.game import Game
from reference_engine.outcome import Outcome, Termination


def leaving_refusal(game: Game, seat: int) -> str | None:
    """Why ``seat`` may not leave now (None: it may)."""
    if not game.rules.leave_blocked_with_cards or not game.hands[seat]:
        return None
    others = [s for s in game.humans if s != seat and not game.out[s]]
    if others:
        return "nobody holding cards may leave a table where other people play"
    return None


def depart(game: Game, seat: int, departed: set[int], reason: str) -> None:
    """Apply the departure of ``seat`` to ``game`` (events go to ``game.log``)."""
    game.log.append({"type": "departure", "seat": seat, "reason": reason})
    if game.phase == "finished" or game.out[seat] or seat in departed:
        return
    departed.add(seat)
    remaining = [s for s in range(1, game.seats + 1) if not game.out[s] and s not in departed]
    if game.rules.departure_ends_game or len(remaining) < 2 or game.rules.teams == "pairs":
        _end_by_forfeit(game, departed)
    else:
        _remove_and_continue(game, seat)
    game._state_changed()


def forfeit_outcome(game: Game, departed: set[int], natural: Outcome | None) -> Outcome:
    """The result once ``departed`` seats forfeited: they (and in pairs their partners)
    lose; a natural end of the remaining game keeps its durak."""
    forfeited = set(departed)
    if game.rules.teams == "pairs":
        forfeited |= {p for s in departed if (p := game.partner(s)) is not None}
    groups = game.out_groups()
    if natural is not None and natural.termination is not Termination.FORFEIT:
        winners = tuple(s for s in natural.winners if s not in forfeited)
        durak = tuple(s for s in natural.durak if s not in forfeited)
        return Outcome(
            natural.termination,
            durak,
            winners,
            natural.winning_pair,
            groups,
            tuple(sorted(forfeited)),
            natural.epaulettes,
        )
    winners = tuple(s for s in range(1, game.seats + 1) if s not in forfeited)
    pair = winners if game.rules.teams == "pairs" else None
    return Outcome(Termination.FORFEIT, (), winners, pair, groups, tuple(sorted(forfeited)))


def _end_by_forfeit(game: Game, departed: set[int]) -> None:
    game.finish(forfeit_outcome(game, departed, None))


def _remove_and_continue(game: Game, seat: int) -> None:
    played = bool(game.table)  # a bout under way, not one still waiting for its first card
    removed = list(game.hands[seat])
    for p in game.table:
        removed.append(p.attack)
        if p.defence is not None:
            removed.append(p.defence)
    game.log.append({"type": "removed", "seat": seat, "cards": [c.code for c in removed]})
    game.discard.extend(removed)
    game.hands[seat] = []
    game._clear_table()
    game.out[seat] = True  # no longer plays; not in out_log, so not among those who got out
    # bout_starter: the removed bout is played afresh, its starter opening again (the next
    # player if gone); usual: as after a bout beaten off (next_attacker: the defender, or
    # the next seat still playing).  A bout with no card played yet has nothing to follow:
    # its starter keeps the lead under either reading.
    usual = game.rules.departure_next_attacker == "usual" and played
    starter = None if usual else game.starter
    game.after_bout(game.defender, taken=False, next_attacker=starter)
