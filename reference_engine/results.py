"""Going out of the game, and how the game ends.

- **Going out** (clause ``end.going-out``): once the stock is empty, a seat with no cards
  leaves the game.  With ``out_timing: immediate`` it leaves as soon as its hand is empty
  (VideoChess, How to play Durak "The end of the game": whoever has no cards leaves), except
  the defender, who leaves when the bout ends; with ``bout_end`` only once the bout is over
  (GGTables, Durak Challenge, and the prototype, which settles results only once the table
  is cleared).  Either way every seat with no cards is out after a bout.
- **The end** (:func:`finished_result`; clauses ``end.durak``, ``end.draw``, ``pairs.*``):
  every player for themselves, the game ends when at most one seat still holds cards: that
  seat is the durak and everyone else wins; when the last seats run out together it is a
  draw (VideoChess, Durak Challenge "Draws", How to play Durak "A draw", GGTables "no loser",
  the prototype).  In pairs, the first pair to have both its seats out wins and the other
  pair loses, both of its seats; both pairs out in the same bout is a draw (VideoChess, How
  to play Durak "Playing in pairs").

Departures that end the game or remove a player are :mod:`reference_engine.departures`; the
epaulettes and the match tally are the session's (:mod:`reference_engine.session`).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from reference_engine.outcome import Outcome, Termination

if TYPE_CHECKING:
    from reference_engine.game import Game
    from reference_engine.rules import Rules


def mark_out(game: Game, seat: int) -> None:
    """``seat`` leaves the game (with a result: it is among those who got out)."""
    game.out[seat] = True
    game.out_log.append((game.bout, seat))
    game.log.append({"type": "out", "seat": seat})
    game.update_throwers()


def goes_out_at_once(rules: Rules) -> bool:
    """Whether a seat goes out as soon as its hand is empty (``out_timing: immediate``), not
    only when the bout ends; decided once per game (``game.goes_out_at_once``)."""
    return rules.out_timing == "immediate"


def go_out_now(game: Game) -> None:
    """Where seats go out at once (:func:`goes_out_at_once`), after each action: with the
    stock empty, every seat but the defender whose hand is empty goes out."""
    if game.stock:
        return
    out, hands, defender = game.out, game.hands, game.defender
    for s in range(1, game.seats + 1):
        if not out[s] and not hands[s] and s != defender:
            game.mark_out(s)


def go_out_after_bout(game: Game) -> None:
    """After a bout (and the drawing), with the stock empty, every seat with no cards is out."""
    if game.stock:
        return
    out, hands = game.out, game.hands
    for s in range(1, game.seats + 1):
        if not out[s] and not hands[s]:
            game.mark_out(s)


def finished_result(game: Game) -> Outcome | None:
    """The result if the game is over now, else None."""
    out, teams = game.out, game.team_seats
    if teams is None and out.count(False) > 2:  # index 0 is unused (False): 2+ seats play
        return None
    n = game.seats
    if teams is not None:
        pair_out = [all(out[s] for s in team) for team in teams]
        if not any(pair_out):
            return None
        groups = game.out_groups()
        if all(pair_out):
            return Outcome(Termination.PAIR_DRAW, (), tuple(range(1, n + 1)), None, groups)
        for team, done in zip(teams, pair_out, strict=True):
            if done:
                losers = tuple(s for t in teams if t is not team for s in t)
                return Outcome(Termination.PAIR_WIN, losers, tuple(team), tuple(team), groups)
        return None  # pragma: no cover - some pair is out (checked above)
    remaining = [s for s in range(1, n + 1) if not out[s]]
    groups = game.out_groups()
    if not remaining:
        return Outcome(Termination.DRAW, (), tuple(range(1, n + 1)), None, groups)
    winners = tuple(s for s in range(1, n + 1) if s != remaining[0])
    return Outcome(Termination.DURAK, (remaining[0],), winners, None, groups)


def out_groups(game: Game) -> tuple[tuple[int, ...], ...]:
    """The seats that got out, bout by bout, in the order they went out."""
    groups: list[tuple[int, ...]] = []
    for _, grouped in itertools.groupby(game.out_log, key=lambda e: e[0]):
        groups.append(tuple(s for _, s in grouped))
    return tuple(groups)


def finish(game: Game, result: Outcome) -> None:
    """The game is over with ``result``: nobody attacks or defends any more."""
    game.phase = "finished"
    game.result = result
    game.attacker = game.defender = game.starter = 0
    game.taken = game.awaiting_choice = False
    game.done.clear()
    game.log.append({"type": "game_over", "result": result.to_json()})
