"""Throwing in: who may add cards to an open bout, in what order, when, which cards; done.

- **Which cards** (clause ``throw-in.rank``): a card whose rank is on the table, counting
  attacking and beating cards alike (every document; Durak Challenge, "Rules for the Attack",
  condition 1).
- **Who** (clause ``throw-in.who``): every seat still playing except the defender
  (``throw_in_scope: all``), or only the defender's neighbours (``neighbours``: How to play
  Durak, "Throwing in"); in pairs never the defender's partner (VideoChess, How to play Durak
  "Playing in pairs").
- **In what order** (clause ``throw-in.order``): ``free`` (anyone, any time: How to play
  Durak); ``starter_first`` (VideoChess: the bout's starter, after a transfer the transferrer,
  alone until they say done or have nothing to throw); ``rounds`` (GGTables, "Adding cards":
  first the principal attacker, then each other opponent in clockwise turn, adds one card or
  passes, and a new card opens the round again for everyone: from the principal attacker, or
  with ``round_restart: after_adder`` from the seat after the one who added it, a reading).
- **When** (clause ``throw-in.after-defence``): ``any_time``, or only once every card on the
  table is beaten (``after_defence``: one card at a time in Durak Challenge and the prototype's
  throw-in mode), or after a take.
- **Done** (clause ``done.when``): a thrower says done (passes) only once every card is beaten
  or after take; a new card cancels every thrower's done (``done_resets``; in rounds it
  reopens the round; without it a done holds for the rest of the bout, rounds included).
  Whether everyone is done decides when the bout closes (:mod:`reference_engine.bout_end`).

How many cards fit is :mod:`reference_engine.limits`; the defender's own done (keeping a
complete defence) is :mod:`reference_engine.defending`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reference_engine.actions import Done, ThrowIn
from reference_engine.defending import ACCEPTED_NO_ADDING, KEEP
from reference_engine.refusals import NOT_IN_HAND, Refusal
from reference_engine.seating import FROM
from reference_engine.table import TablePair

if TYPE_CHECKING:
    from reference_engine.cards import Card
    from reference_engine.game import Game
    from reference_engine.rules import Rules

NO_BOUT = Refusal("play.turn", "no bout is open for throwing in")
BOUT_NOT_OPENED = Refusal("play.turn", "the bout has not been opened")
ATTACK_ENDED = Refusal(
    "play.turn",
    "the attack has ended: the defender chooses to keep the defence or to take the cards anyway",
)
DEFENDER_DOES_NOT_THROW = Refusal("throw-in.who", "the defender does not throw in")
PARTNER_DOES_NOT_THROW = Refusal("throw-in.who", "the defender's partner does not throw in")
NOT_A_THROWER = Refusal("throw-in.who", "seat {seat} may not throw in to seat {defender}")
SAID_DONE = Refusal("play.turn", "seat {seat} has said done")
SAID_DONE_UNTIL_NEW_CARD = Refusal(
    "play.turn", "seat {seat} has said done and adds nothing until a new card is played"
)
WAIT_FOR_DEFENCE = Refusal(
    "throw-in.after-defence", "a new card may be added only once every card on the table is beaten"
)
PRIORITY_FIRST = Refusal(
    "throw-in.order",
    "seat {priority} throws in first, until they are done or have nothing to throw",
)
NOT_YOUR_ROUND = Refusal("throw-in.order", "it is seat {turn}'s turn to add a card or pass")
DEFENDER_ANSWERS_FIRST = Refusal("throw-in.order", "the defender must answer first")
RANK_NOT_ON_TABLE = Refusal("throw-in.rank", "no card of {card}'s rank is on the table")
FIRST_CARD_COMPULSORY = Refusal(
    "attack.compulsory", "the first card is compulsory: the attacker cannot pass on an empty table"
)
NO_BOUT_OPEN = Refusal("play.turn", "no bout is open")
DEFENDER_CHOOSES = Refusal("play.turn", "the attack has ended: the defender chooses now")
ALREADY_DONE = Refusal("done.when", "seat {seat} has already said done")
DONE_TOO_EARLY = Refusal(
    "done.when", "done only once every card on the table is beaten, or after take"
)


# ---------------------------------------------------------------------------- who, when, order


def update_throwers(game: Game) -> None:
    """Who may throw in this bout (``game._throwers``), in turn order from the principal
    attacker clockwise: every seat still playing but the defender, or only the defender's
    neighbours (``throw_in_scope``); never the defender's partner.  Worked out when a bout
    begins, after a transfer and when a seat goes out, the only times it can change."""
    throwers: list[int] = []
    defender = game.defender
    if defender:  # 0: the game is over
        out, partner = game.out, game.partners[defender]
        if game.rules.throw_in_scope == "neighbours":
            neighbours = (game.previous_active(defender), game.next_active(defender))
        else:
            neighbours = None
        for s in FROM[game.seats][game.priority or game.attacker]:
            if (
                s != defender
                and s != partner
                and not out[s]
                and (neighbours is None or s in neighbours)
            ):
                throwers.append(s)
    game._throwers = tuple(throwers)


def thrower_refusals(game: Game, seat: int) -> tuple[Refusal | None, Refusal | None]:
    """Why ``seat`` may not throw in now whatever the card (None: it may, room allowing),
    and why it may not say done (None: it may), each by the first rule it breaks."""
    if game.phase != "bout":  # before the opening, nobody passes (the first card is due)
        return NO_BOUT, FIRST_CARD_COMPULSORY if seat == game.attacker else NO_BOUT_OPEN
    if game.awaiting_choice:  # the attack has ended: the defender chooses
        return ATTACK_ENDED, DEFENDER_CHOOSES
    said_done = seat in game.done
    # Who: a seat in this bout's scope; the others neither throw in nor pass.
    defender = game.defender
    if seat == defender or seat not in game._throwers:
        if seat == defender:
            who = DEFENDER_DOES_NOT_THROW
        else:
            who = PARTNER_DOES_NOT_THROW if seat == game.partners[defender] else NOT_A_THROWER
        return who, ALREADY_DONE if said_done else who
    rules = game.rules
    if said_done:  # done once: nothing more until a new card, if one cancels it
        return (SAID_DONE_UNTIL_NEW_CARD if rules.done_resets else SAID_DONE), ALREADY_DONE
    # Done: only once every card is beaten or after take.
    if not game.taken and game._unbeaten:
        # When: the rules' timing (which does not stop a pass).
        if rules.throw_in_timing == "after_defence":
            return WAIT_FOR_DEFENCE, DONE_TOO_EARLY
        done: Refusal | None = DONE_TOO_EARLY
    else:
        done = None
    # The rules' order, which a pass keeps too.
    order = rules.throw_in_order
    if order == "starter_first":
        if seat != game.priority and not game.priority_free():
            return PRIORITY_FIRST, done or PRIORITY_FIRST
    elif order == "rounds":
        turn = game.round_turn()
        if turn != seat:
            block = NOT_YOUR_ROUND if turn else DEFENDER_ANSWERS_FIRST
            return block, done or block
    return None, done


def priority_free(game: Game) -> bool:
    """``starter_first``: whether the others may throw in (the priority seat is done, has no
    cards, or has nothing of a rank on the table)."""
    p = game.priority
    if game.priority_released or p not in game._throwers or not game.hands[p]:
        return True
    ranks = game.throw_in_ranks()
    return not any(c.rank in ranks for c in game.hands[p])


def throw_in_order(game: Game) -> list[int]:
    """Seats that may throw in this bout, from the principal attacker clockwise."""
    return list(game._throwers)


def round_turn(game: Game) -> int:
    """``rounds``: the seat whose turn it is to add or pass (0 while the defender must answer
    or nobody is left to ask)."""
    if not game.taken and game._unbeaten:
        return 0
    done, hands = game.done, game.hands
    for s in game._throwers:
        if s not in done and hands[s]:
            return s
    return 0


def throw_in_ranks(game: Game) -> set[int]:
    """The ranks a card may be thrown in with: every rank on the table (do not modify)."""
    return game._ranks


def throw_in_rank_refusal(game: Game, card: Card) -> Refusal | None:
    """Clause ``throw-in.rank`` for ``card`` (cheater mode waives it)."""
    return None if card.rank in game.throw_in_ranks() else RANK_NOT_ON_TABLE


def new_card_cancels_done(rules: Rules) -> bool:
    """Whether a new card on the table cancels every thrower's done (``done_resets``; in
    rounds the round then reopens for everyone, from where ``round_restart`` says); decided
    once per game (``game.new_card_cancels_done``)."""
    return rules.done_resets


# ---------------------------------------------------------------------------- throwing in


def check_throw_in(game: Game, act: ThrowIn) -> None:
    """Raise :class:`~reference_engine.errors.IllegalAction` unless ``act`` is allowed now."""
    seat = act.seat
    if game.phase == "lead":
        if game.last_close == "accepted" and seat == game.attacker:
            raise ACCEPTED_NO_ADDING.error(game, seat)
        raise BOUT_NOT_OPENED.error(game, seat)
    refusal = game.thrower_refusals(seat)[0]
    if refusal is ATTACK_ENDED and seat in game._throwers and game.room() <= 0:
        refusal = game.limit_refusal(1)  # the attack ended because the bout is full
    if refusal is not None:
        raise refusal.error(game, seat)
    if act.card not in game.hands[seat]:
        raise NOT_IN_HAND.error(game, seat, act.card)
    refusal = game.throw_in_rank_refusal(act.card) or game.room_refusal(1)
    if refusal is not None:
        raise refusal.error(game, seat, act.card)


def play_throw_in(game: Game, act: ThrowIn) -> None:
    game.hands[act.seat].remove(act.card)
    game.table.append(TablePair(act.card, act.seat))
    game._unbeaten += 1
    game._ranks.add(act.card.rank)
    if game.new_card_cancels_done:
        game.done.clear()
    if game.rules.throw_in_order == "rounds" and game.rules.round_restart == "after_adder":
        # The round carries on from the seat after the adder, who is asked last.
        game.priority = act.seat % game.seats + 1
        game.update_throwers()
    if game.goes_out_at_once:
        game.go_out_now()
    game.maybe_close_bout()


# ---------------------------------------------------------------------------- done


def check_done(game: Game, act: Done) -> None:
    """Raise :class:`~reference_engine.errors.IllegalAction` unless ``act`` is allowed now."""
    seat = act.seat
    if seat == game.defender and game.phase == "bout":  # keeping a full defence
        refusal = game.defender_refusals(seat)[KEEP]
        if refusal is not None:
            raise refusal.error(game, seat)
        return
    refusal = game.thrower_refusals(seat)[1]
    if refusal is not None:
        raise refusal.error(game, seat)


def play_done(game: Game, act: Done) -> None:
    """A thrower passes; the defender's done keeps a complete defence (the bout closes)."""
    seat = act.seat
    if seat == game.defender:
        game.close_bout(taken=False)
        return
    game.done.add(seat)
    if seat == game.priority:
        game.priority_released = True
    if game.goes_out_at_once:
        game.go_out_now()
    game.maybe_close_bout()
