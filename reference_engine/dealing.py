"""Dealing, a table between bouts, and who attacks first.

- **The deal** (:func:`deal`; clauses ``deal.hands``, ``deal.trump``): every seat gets a
  full hand (six cards), card by card round the table from seat 1 (VideoChess says so;
  ``deal: packets`` gives each seat its whole hand in turn); the deck's bottom card is turned
  face up under the stock: its suit is trump, and it is drawn last.  When the whole
  deck is dealt there is no stock and the trump card is in the last hand dealt (How to play
  Durak, "Dealing and the trump suit").
- **The first attack** (:func:`first_attacker`; clauses ``first-attack.lowest-trump`` and
  ``first-attack.no-trump``): the seat holding the lowest trump; if nobody holds a trump, the
  lowest card with ties to the lower seat (VideoChess; How to play Durak), the first seat (the
  prototype), or the human player (Durak Challenge "Who attacks first?").
- **A table between bouts** (:func:`from_position`): the protocol's ``position`` (hands,
  stock, trump, discard pile, seats already out, optionally who attacks), checked for what no
  real game could reach.

A redeal, the lowest trump shown to everyone and the winner of the last game leading the next
are the session's (:mod:`reference_engine.session`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

from reference_engine.cards import Card, check_deck_cards, parse_card
from reference_engine.errors import MalformedAction, RulesError

if TYPE_CHECKING:
    from reference_engine.game import Game
    from reference_engine.rules import Rules

G = TypeVar("G", bound="Game")


def deal(
    cls: type[G],
    rules: Rules,
    seats: int,
    deck: Sequence[Card | str],
    humans: Iterable[int] | None = None,
) -> G:
    """A new game of ``cls`` dealt from the stacked ``deck`` (top card first)."""
    cards: list[Card]
    if set(map(type, deck)) == {Card}:  # checking the types at C speed
        cards = cast("list[Card]", list(deck))
    else:
        cards = [c if isinstance(c, Card) else parse_card(c) for c in deck]
    try:
        check_deck_cards(cards, rules.deck_size)
    except ValueError as exc:
        raise RulesError(f"deck: {exc}") from None
    if len(cards) != rules.deck_size:
        raise RulesError(
            f"deck: a stacked deck must hold all {rules.deck_size} cards, got {len(cards)}"
        )
    if seats * rules.hand_size > len(cards):
        raise RulesError(f"deck: {len(cards)} cards cannot deal {rules.hand_size} to {seats} seats")
    game = cls(rules, seats, cards[-1], range(1, seats + 1) if humans is None else humans)
    size = rules.hand_size
    dealt = seats * size
    if rules.deal == "one_at_a_time":  # seat s gets cards s-1, s-1+seats, ...
        for seat in range(1, seats + 1):
            game.hands[seat] = cards[seat - 1 : dealt : seats]
    else:
        for seat in range(1, seats + 1):
            game.hands[seat] = cards[(seat - 1) * size : seat * size]
    game.stock = cards[dealt:]
    game.stock.reverse()
    game.begin_bout(game.first_attacker())
    game.log.append({"type": "deal", "first_attacker": game.attacker})
    return game


def lowest_trump(game: Game) -> tuple[Card, int] | None:
    """The lowest trump in the hands of the seats still playing, and who holds it (None:
    nobody holds a trump)."""
    best: tuple[Card, int] | None = None
    for s in range(1, game.seats + 1):
        if game.out[s]:
            continue
        for c in game.hands[s]:
            if c.suit == game.trump and (best is None or c.rank < best[0].rank):
                best = (c, s)
    return best


def first_attacker(game: Game) -> int:
    """The lowest trump; if nobody holds a trump, the profile's fallback."""
    lowest = game.lowest_trump()
    if lowest is not None:
        return lowest[1]
    fallback = game.rules.first_attack_fallback
    active = [s for s in range(1, game.seats + 1) if not game.out[s]]
    if fallback == "first_seat":
        return active[0]
    if fallback == "human":
        humans = [s for s in active if s in game.humans]
        return humans[0] if humans else active[0]
    lowest_card = min(((c.rank, s) for s in active for c in game.hands[s]), default=(0, active[0]))
    return lowest_card[1]


def _cards_at(path: str, value: Any) -> list[Card]:
    if not isinstance(value, list):
        raise RulesError(f"{path}: expected a list of cards")
    out = []
    for i, text in enumerate(value):
        if not isinstance(text, str):
            raise RulesError(f'{path}[{i}]: expected a card such as "7H", got {text!r}')
        try:
            out.append(parse_card(text))
        except MalformedAction as exc:
            raise RulesError(f"{path}[{i}]: {exc}") from None
    return out


def from_position(
    cls: type[G], rules: Rules, position: Mapping[str, Any], humans: Iterable[int] | None = None
) -> G:
    """A new game of ``cls`` from a table between bouts; raises :class:`RulesError` naming
    what is impossible about it."""
    hands_obj = position.get("hands")
    if not isinstance(hands_obj, Mapping) or not hands_obj:
        raise RulesError("position.hands: expected an object of seat number to cards")
    try:
        seat_numbers = sorted(int(k) for k in hands_obj)
    except (TypeError, ValueError):
        raise RulesError("position.hands: keys must be seat numbers") from None
    seats = len(seat_numbers)
    if seat_numbers != list(range(1, seats + 1)):
        raise RulesError(f"position.hands: seats must be numbered 1..{seats}, got {seat_numbers}")
    hands = {
        s: _cards_at(f"position.hands.{s}", hands_obj.get(str(s), hands_obj.get(s)))
        for s in seat_numbers
    }
    stock = _cards_at("position.stock", position.get("stock", []))
    discard = _cards_at("position.discard", position.get("discard", []))
    trump_text = position.get("trump")
    if not isinstance(trump_text, str):
        raise RulesError('position.trump: expected the face-up trump card, e.g. "7H"')
    try:
        trump = parse_card(trump_text)
    except MalformedAction as exc:
        raise RulesError(f"position.trump: {exc}") from None
    everything = [c for s in seat_numbers for c in hands[s]] + stock + discard
    try:
        check_deck_cards(everything, rules.deck_size)
        check_deck_cards([trump], rules.deck_size)
    except ValueError as exc:
        raise RulesError(f"position: {exc}") from None
    if trump in stock and stock[-1] != trump:
        raise RulesError(
            f"position.stock: the trump card {trump} must be the last card "
            "of the stock (it is drawn last)"
        )
    out_seats = position.get("out", [])
    if not isinstance(out_seats, list) or not all(s in seat_numbers for s in out_seats):
        raise RulesError(f"position.out: expected a list of seat numbers 1..{seats}")
    game = cls(rules, seats, trump, range(1, seats + 1) if humans is None else humans)
    for s in seat_numbers:
        game.hands[s] = list(hands[s])
        if s in out_seats:
            if hands[s]:
                raise RulesError(f"position.out: seat {s} is out but holds cards")
            game.out[s] = True
            game.out_log.append((0, s))
    game.stock = list(reversed(stock))
    game.discard = list(discard)
    first_over = position.get("first_bout_over", bool(discard))
    if not isinstance(first_over, bool):
        raise RulesError("position.first_bout_over: expected true or false")
    game.first_discard_done = first_over
    bout = position.get("bout", 2 if first_over else 1)
    if not isinstance(bout, int) or isinstance(bout, bool) or bout < 1:
        raise RulesError("position.bout: expected a bout number from 1")
    game.bout = bout
    for s in seat_numbers:
        if not game.out[s] and not game.hands[s]:
            if game.stock:
                raise RulesError(
                    f"position.hands.{s}: seat {s} holds no cards while the stock is not empty"
                )
            game.out[s] = True
            game.out_log.append((0, s))
    if game.finished_result() is not None:
        raise RulesError("position: the game is already decided (fewer than two sides hold cards)")
    attacker = position.get("attacker")
    if attacker is None:
        attacker = game.first_attacker()
    elif attacker not in seat_numbers or game.out[attacker]:
        raise RulesError(f"position.attacker: seat {attacker!r} is not a seat in the game")
    game.begin_bout(attacker)
    return game
