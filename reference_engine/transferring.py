"""Transferring (passing) the attack to the next opponent.

In games with transfer (``transfer: true``: VideoChess's transfer rules, How to play Durak's
"Passing" mode, the prototype's transfer mode; clause ``transfer.mode``) the defender may,
instead of beating, add a card and pass the whole bout on:

- **when** (clauses ``transfer.before-beat``, ``transfer.before-take``): before any card on
  the table is beaten, and before a take;
- **with which card** (clause ``transfer.rank``): a card of the attacking cards' rank
  (``table_rank``), or, in the prototype, only when every attacking card has one rank and the
  card matches it (``every_attack_card``);
- **to whom**: the next opponent clockwise, the partner skipped (VideoChess; with two
  seats the two simply change roles, as in the prototype); :func:`transfer_target` is the
  one place that says so;
- **capacity** (clause ``transfer.capacity``): the bout after the transfer stays within the
  cap, and the new defender can answer every card they would face, holding that many cards
  (VideoChess, How to play Durak "Passing", the prototype "Transfer mode");
- **afterwards**: the transferrer becomes the attacker and, where the rules say so
  (``transferrer_throws_first``: VideoChess), throws in first; the new defender's hand is the
  ``hand_at_start`` for the bout's limit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reference_engine.actions import Action, Transfer
from reference_engine.defending import TRANSFER
from reference_engine.refusals import NOT_IN_HAND, Refusal
from reference_engine.table import TRANSFER as TRANSFER_ACTIONS
from reference_engine.table import TablePair

if TYPE_CHECKING:
    from reference_engine.cards import Card
    from reference_engine.game import Game

AFTER_TAKE = Refusal("transfer.before-take", "no transfer after take")
AFTER_BEAT = Refusal("transfer.before-beat", "no transfer once a card on the table is beaten")
RANK_MISMATCH = Refusal("transfer.rank", "{card} does not match the rank of the attacking cards")
NOBODY_TO_TRANSFER_TO = Refusal("transfer.capacity", "there is nobody to transfer to")
OVER_CAP = Refusal(
    "transfer.capacity", "the bout would hold {needed} attacking cards, more than {cap}"
)
TARGET_HAND_TOO_SMALL = Refusal(
    "transfer.capacity",
    "seat {target} holds {target_hand} cards, fewer than the {needed} they would have to beat",
)


def transfer_target(game: Game, seat: int) -> int:
    """Who defends after ``seat`` transfers: its next opponent clockwise (0: nobody)."""
    return game.next_opponent(seat)


def transfer_window_refusal(game: Game) -> Refusal | None:
    """Clauses ``transfer.before-take`` and ``transfer.before-beat``."""
    if game.taken:
        return AFTER_TAKE
    if game._unbeaten != len(game.table):
        return AFTER_BEAT
    return None


def transfer_ranks(game: Game) -> set[int]:
    """The ranks a transfer card may have now."""
    ranks = {p.attack.rank for p in game.table}
    if game.rules.transfer_rank == "every_attack_card" and len(ranks) != 1:
        return set()
    return ranks


def transfer_rank_refusal(game: Game, card: Card) -> Refusal | None:
    """Clause ``transfer.rank`` for ``card`` (cheater mode waives it)."""
    return None if card.rank in game.transfer_ranks() else RANK_MISMATCH


def transfer_capacity_refusal(game: Game, seat: int) -> Refusal | None:
    """Clause ``transfer.capacity``: somebody to pass to, the cap, the new defender's hand."""
    target = game.transfer_target(seat)
    needed = len(game.table) + 1
    if target == 0 or target == seat:
        return NOBODY_TO_TRANSFER_TO
    if needed > game._cap:
        return OVER_CAP
    if len(game.hands[target]) < needed:
        return TARGET_HAND_TOO_SMALL
    return None


def transfer_options(game: Game, seat: int) -> list[Action]:
    """The transfers of the defender ``seat``, when the defender's answers allow one (the
    same predicates as :func:`check_transfer`)."""
    if game.transfer_window_refusal() is not None or game.transfer_capacity_refusal(seat):
        return []
    ranks = game.transfer_ranks()
    transfer = TRANSFER_ACTIONS[seat]
    out: list[Action] = []
    for c in game.hands[seat]:
        if c.rank in ranks:
            out.append(transfer[c])
    return out


def check_transfer(game: Game, act: Transfer) -> None:
    """Raise :class:`~reference_engine.errors.IllegalAction` unless ``act`` is allowed now."""
    seat = act.seat
    refusal = game.defender_refusals(seat)[TRANSFER]
    if refusal is None and act.card not in game.hands[seat]:
        refusal = NOT_IN_HAND
    if refusal is None:
        refusal = (
            game.transfer_window_refusal()
            or game.transfer_rank_refusal(act.card)
            or game.transfer_capacity_refusal(seat)
        )
    if refusal is not None:
        raise refusal.error(game, seat, act.card)


def play_transfer(game: Game, act: Transfer) -> None:
    """The card joins the attack and the bout passes on: the transferrer attacks, the
    next opponent defends."""
    seat = act.seat
    game.hands[seat].remove(act.card)
    game.table.append(TablePair(act.card, seat))
    game._unbeaten += 1
    game._ranks.add(act.card.rank)
    target = game.transfer_target(seat)
    game.attacker = seat
    game.defender = target
    game.defender_hand_at_start = len(game.hands[target])
    if game.rules.transferrer_throws_first:
        game.priority = seat
        game.priority_released = False
    game.update_throwers()
    if game.new_card_cancels_done:
        game.done.clear()
    game.log.append({"type": "transferred", "from": seat, "to": target})
    if game.goes_out_at_once:
        game.go_out_now()
    game.maybe_close_bout()
