"""Cards, ranks, suits and decks.

A card is written with its rank (``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``) and its
suit (``S``, ``H``, ``D``, ``C``): ``7H``, ``TS``.  :func:`parse_card` also accepts the
forms people write in feature files (``10♠``, ``7♥``, ``Q♦``, ``10S``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final, NamedTuple

from reference_engine.errors import MalformedAction

RANKS: Final = "23456789TJQKA"
SUITS: Final = "SHDC"
SUIT_SYMBOLS: Final = {
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
    "♤": "S",
    "♡": "H",
    "♢": "D",
    "♧": "C",
}
SUIT_NAMES: Final = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}

#: Lowest rank of each deck size: 24 cards run 9-A, 36 cards 6-A, 52 cards 2-A.
LOWEST_RANK_BY_DECK: Final = {24: "9", 36: "6", 52: "2"}


class Card(NamedTuple):
    """A playing card.  ``rank`` is 0 for a two up to 12 for an ace."""

    rank: int
    suit: str

    def __str__(self) -> str:
        return RANKS[self.rank] + self.suit

    @property
    def code(self) -> str:
        """The protocol spelling, e.g. ``"TS"``."""
        return RANKS[self.rank] + self.suit


#: Every card once, suit by suit, low to high.  The engine hands out these instances (decks,
#: parsed cards) so that tables keyed by card mostly hit on identity.
ALL_CARDS: Final = tuple(Card(r, s) for s in SUITS for r in range(len(RANKS)))
_CANONICAL: Final = {c: c for c in ALL_CARDS}
#: Protocol spelling of each card, looked up rather than formatted on hot paths.
CODES: Final = {c: c.code for c in ALL_CARDS}
_CARD_CACHE: dict[str, Card] = {}
_DECKS: dict[int, tuple[Card, ...]] = {}
_DECK_SETS: dict[int, frozenset[Card]] = {}


def parse_card(text: str) -> Card:
    """Read a card written as ``7H``, ``TS``, ``10S``, ``10♠`` or ``7♥``.

    Raises :class:`MalformedAction` naming the text when it is not a card.
    """
    cached = _CARD_CACHE.get(text)
    if cached is not None:
        return cached
    raw = text.strip()
    if len(raw) < 2:
        raise MalformedAction(
            f"{text!r} is not a card: expected a rank and a suit such as 7H or 10♠"
        )
    rank_text, suit_text = raw[:-1].upper(), raw[-1]
    suit = SUIT_SYMBOLS.get(suit_text, suit_text.upper())
    if rank_text == "10":
        rank_text = "T"
    if suit not in SUITS or len(rank_text) != 1 or rank_text not in RANKS:
        raise MalformedAction(
            f"{text!r} is not a card: the rank must be one of 2-10, T, J, Q, K, A "
            "and the suit one of S, H, D, C (or ♠ ♥ ♦ ♣)"
        )
    card = _CANONICAL[Card(RANKS.index(rank_text), suit)]
    _CARD_CACHE[text] = card
    return card


def parse_cards(texts: Iterable[str]) -> list[Card]:
    """Parse several cards; see :func:`parse_card`."""
    return [parse_card(t) for t in texts]


def format_cards(cards: Iterable[Card]) -> list[str]:
    """Protocol spellings of ``cards``, in order."""
    return [c.code for c in cards]


def deck(size: int) -> list[Card]:
    """An ordered deck of ``size`` (24, 36 or 52) cards, suit by suit, low to high."""
    cards = _DECKS.get(size)
    if cards is None:
        if size not in LOWEST_RANK_BY_DECK:
            raise ValueError(f"a deck has 24, 36 or 52 cards, not {size}")
        low = RANKS.index(LOWEST_RANK_BY_DECK[size])
        cards = _DECKS[size] = tuple(c for c in ALL_CARDS if c.rank >= low)
    return list(cards)


def check_deck_cards(cards: Sequence[Card], size: int) -> None:
    """Raise :class:`ValueError` unless each of ``cards`` is in a ``size`` deck, once."""
    allowed = _DECK_SETS.get(size)
    if allowed is None:
        allowed = _DECK_SETS[size] = frozenset(deck(size))
    distinct = set(cards)
    if len(distinct) == len(cards) and distinct <= allowed:
        return
    seen: set[Card] = set()
    for card in cards:
        if card not in allowed:
            raise ValueError(f"{card} is not in a {size}-card deck")
        if card in seen:
            raise ValueError(f"{card} appears twice")
        seen.add(card)
