"""Virtual time: per-action timers, chess clocks, timeouts and the bot that takes over.

Nothing here reads a real clock: the session's time moves only when the harness says so
(protocol ``clock`` request).  Two kinds of timing come from the rules:

- per-action timers (``action_seconds``, ``throw_in_seconds``): a seat the game is waiting
  for has that long to act; when the time is up the automatic move is made for it
  (``timeout_auto_move``): the defender takes, a thrower is done, the seat opening a bout
  leads its lowest non-trump card (its lowest trump when it holds only trumps);
- chess clocks (``chess_clock``): each seat has a bank of ``clock_total_seconds`` that runs
  while the game waits for that seat and gains ``clock_increment_seconds`` after each of its
  actions; an empty bank is a departure (:mod:`reference_engine.departures`).

"The game waits for a seat" (:func:`waited_for`): the attacker when a bout must be opened, the
defender while a card lies unbeaten (and before the defender has taken), and every thrower
whose turn it is to decide whether to add more (``done`` is among its legal actions).  A
thrower who *may* add while the defender is still beating is not waited for.

A seat's action timer starts when the game starts waiting for it and starts again whenever a
card is played or taken (a new situation to answer); another thrower saying done does not
restart it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from reference_engine.actions import Action, Attack, Done, Take
from reference_engine.cards import Card
from reference_engine.defending import KEEP, TAKE
from reference_engine.game import Game

Role = Literal["lead", "defend", "throw"]


@dataclass
class SeatClock:
    """Time and control of one seat."""

    deadline: float | None = None
    """When the current action timer runs out (None: no timer running for this seat)."""
    bank: float | None = None
    """Chess clock: thinking time left (None: no chess clock)."""
    timeouts: int = 0
    """Timeouts in a row while attacking or defending."""
    bot: bool = False
    """A bot plays the seat after timeouts, until the player takes back control."""
    connected: bool = True
    disconnected_at: float | None = None
    left: bool = False
    """The seat has left the table for good (resigned, stood up, did not return in time)."""


def waited_for(game: Game) -> dict[int, Role]:
    """The seats the game is waiting for now, with what each must decide."""
    if game.phase == "finished" or getattr(game, "checking", False):
        return {}
    if game.phase == "lead":
        return {game.attacker: "lead"}
    out: dict[int, Role] = {}
    defender = game.defender
    answers = game.defender_refusals(defender)
    if answers[TAKE] is None or answers[KEEP] is None:  # an attack to answer, or a full
        out[defender] = "defend"  # defence to keep or give up
    for seat in range(1, game.seats + 1):
        if (
            seat != defender
            and not game.out[seat]
            and any(isinstance(a, Done) for a in game.legal_actions(seat))
        ):
            out[seat] = "throw"
    return out


def lead_card(hand: list[Card], trump: str) -> Card:
    """The automatic lead: the lowest non-trump, or the lowest trump when only trumps are
    held.  Among cards of equal rank the suit order spades, hearts, diamonds, clubs decides
    (the documents do not say; any fixed order is a reading)."""
    order = "SHDC"
    plain = [c for c in hand if c.suit != trump]
    pool = plain or hand
    return min(pool, key=lambda c: (c.rank, order.index(c.suit)))


def automatic_move(game: Game, seat: int, role: Role) -> Action:
    """The move made for ``seat`` when its time runs out (or when a bot plays it)."""
    if role == "lead":
        return Attack(seat, (lead_card(game.hands[seat], game.trump),))
    if role == "defend" and not game.awaiting_choice:
        return Take(seat)
    return Done(seat)


def limit(game: Game, role: Role) -> float | None:
    """Seconds a seat has for ``role`` under the per-action timers (None: no timer)."""
    rules = game.rules
    if role == "throw" and rules.throw_in_seconds is not None:
        return float(rules.throw_in_seconds)
    return None if rules.action_seconds is None else float(rules.action_seconds)
