"""A bout begins: who attacks whom, and the opening cards.

- **Who attacks whom** (:func:`begin_bout`): the bout's starter attacks the next opponent
  clockwise still in the game (:func:`~reference_engine.seating.next_opponent`); the
  defender's hand at that moment is what the ``hand_at_start`` limit counts against.
- **The opening** (clause ``attack.opening-cards``): one card (``opening: single``: VideoChess,
  Durak Challenge "Playing the Game" (one card at a time), GGTables, the prototype), or one or
  more cards of one rank (``same_rank``: How to play Durak, "Attacking").  Any card of the hand
  may open.  The opening counts against the bout's limits (:mod:`reference_engine.limits`).
- **The first card is compulsory** (clause ``attack.compulsory``): nobody passes before the
  bout's first card (How to play Durak, "Attacking"; GGTables, "Adding cards").  That refusal is
  given by ``done`` (:func:`reference_engine.throwing_in.check_done`).

Who opens the first bout of a game is decided at the deal (:mod:`reference_engine.dealing`),
who opens the next ones at the end of a bout (:mod:`reference_engine.bout_end`).
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from reference_engine.actions import Action, Attack
from reference_engine.errors import MalformedAction
from reference_engine.refusals import NOT_IN_HAND, Refusal
from reference_engine.table import OPEN_ONE, TablePair

if TYPE_CHECKING:
    from reference_engine.cards import Card
    from reference_engine.game import Game

BOUT_ALREADY_OPEN = Refusal("play.turn", "the bout is already open: add cards with throw_in")
NOT_THE_ATTACKER = Refusal("play.turn", "seat {attacker} opens this bout, not seat {seat}")
ONE_CARD_ONLY = Refusal("attack.opening-cards", "a bout opens with exactly one card")
ONE_RANK_ONLY = Refusal("attack.opening-cards", "the opening cards must all be of one rank")

#: Per seat: the cards of a several-card opening -> its shared Attack.
_OPEN_MANY: tuple[dict[tuple[Card, ...], Attack], ...] = tuple({} for _ in range(7))
#: Per seat: (cards of one rank in hand order, most cards per opening) -> the openings with
#: them (bounded: at most a few thousand keys per seat).
_RANK_OPENINGS: tuple[dict[tuple[tuple[Card, ...], int], tuple[Attack, ...]], ...] = tuple(
    {} for _ in range(7)
)


def begin_bout(game: Game, attacker: int) -> None:
    """Open a new bout led by ``attacker`` (the next seat still playing, if they are out)
    against the next opponent clockwise."""
    if game.out[attacker]:
        attacker = game.next_active(attacker)
    game.phase = "lead"
    game.starter = game.attacker = game.priority = attacker
    game.defender = defender = game.next_opponent(attacker)
    game.priority_released = game.taken = game.awaiting_choice = False
    game.done = set()
    assert not game.table, "a bout begins on an empty table"
    game._room_cache = None
    game.defender_hand_at_start = len(game.hands[defender])
    game._cap = game.cap()
    game.update_throwers()


def attack_refusal(game: Game, seat: int) -> Refusal | None:
    """Why ``seat`` may not open a bout now (None: it opens this one)."""
    if game.phase != "lead":
        return BOUT_ALREADY_OPEN
    if seat != game.attacker:
        return NOT_THE_ATTACKER
    return None


def openings(game: Game, seat: int) -> list[Action]:
    """Every opening ``seat`` may play now (see :func:`check_attack` for the same rules)."""
    if game.attack_refusal(seat) is not None:
        return []
    room = game.room()
    if room < 1:
        return []
    hand = game.hands[seat]
    if game.rules.opening == "single":
        one = OPEN_ONE[seat]
        out: list[Action] = []
        for c in hand:  # out.append, not a bound append: 3.11 specialises list.append
            out.append(one[c])
        return out
    return _same_rank_openings(seat, hand, room)


def check_attack(game: Game, act: Attack) -> None:
    """Raise :class:`~reference_engine.errors.IllegalAction` unless ``act`` may open now."""
    seat = act.seat
    refusal = game.attack_refusal(seat)
    if refusal is not None:
        raise refusal.error(game, seat)
    if len(set(act.cards)) != len(act.cards):
        raise MalformedAction("action.cards: a card is listed twice")
    hand = game.hands[seat]
    for c in act.cards:
        if c not in hand:
            raise NOT_IN_HAND.error(game, seat, c)
    if game.rules.opening == "single" and len(act.cards) != 1:
        raise ONE_CARD_ONLY.error(game, seat)
    if len({c.rank for c in act.cards}) != 1:
        raise ONE_RANK_ONLY.error(game, seat)
    refusal = game.room_refusal(len(act.cards))
    if refusal is not None:
        raise refusal.error(game, seat)


def play_attack(game: Game, act: Attack) -> None:
    """The opening cards go on the table: the bout is open."""
    hand, table, ranks = game.hands[act.seat], game.table, game._ranks
    for c in act.cards:
        hand.remove(c)
        table.append(TablePair(c, act.seat))
        ranks.add(c.rank)
    game._unbeaten += len(act.cards)
    game.phase = "bout"
    if game.new_card_cancels_done:
        game.done.clear()
    if game.goes_out_at_once:
        game.go_out_now()
    game.maybe_close_bout()


def _same_rank_openings(seat: int, hand: list[Card], room: int) -> list[Action]:
    """Every opening of one card or of several of one rank (at most ``room`` cards): rank by
    rank in the order the ranks first appear in ``hand``, each rank's single cards in hand
    order and then its combinations, smallest first."""
    by_rank: dict[int, list[Card]] = {}
    for c in hand:
        rank = c.rank
        if rank in by_rank:
            by_rank[rank].append(c)
        else:
            by_rank[rank] = [c]
    one = OPEN_ONE[seat]
    out: list[Action] = []
    if len(by_rank) == len(hand):  # no two cards of one rank: the single cards
        for c in hand:
            out.append(one[c])
        return out
    groups = _RANK_OPENINGS[seat]
    for cards in by_rank.values():
        if len(cards) == 1:
            out.append(one[cards[0]])
            continue
        key = (tuple(cards), room if room < len(cards) else len(cards))
        listed = groups.get(key)
        if listed is None:
            listed = groups[key] = _rank_openings(seat, key[0], key[1])
        out += listed
    return out


def _rank_openings(seat: int, cards: tuple[Card, ...], most: int) -> tuple[Attack, ...]:
    """The openings of ``seat`` with cards of one rank: each card, then every combination of
    2 .. ``most`` of them (shared Attack objects)."""
    one = OPEN_ONE[seat]
    many = _OPEN_MANY[seat]
    out = [one[c] for c in cards]
    for k in range(2, most + 1):
        for combo in itertools.combinations(cards, k):
            action = many.get(combo)
            if action is None:
                action = many[combo] = Attack(seat, combo)
            out.append(action)
    return tuple(out)
