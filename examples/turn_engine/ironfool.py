"""ironfool: a small two-player Durak engine, one player to move at a time.

This is the kind of engine a game team brings: written for its own game, with its own data
model and no idea that a conformance suite exists.  It knows nothing of durak-conformance (the
wrapper next to it, ``wrapper.py``, translates); it has no rule-clause ids, it starts only
from a deck in its own order, and at every moment exactly one player is to move:

- the attacker opens a round with one card;
- the defender beats the card on the table, takes, or (transfer variant) passes the attack
  back with a card of the same rank before beating anything;
- once every card is beaten the attacker adds a card of a rank on the table or ends the
  attack (``finish``);
- with ``accept_anyway``, after a fully beaten attack is ended the defender either keeps the
  defence or takes the cards anyway.

Rules it plays (a ``Variant`` switches the differences between its two modes of play): 36
cards, six each, dealt one at a time; the lowest trump leads the first round; one card at a
time; a round holds at most six attacking cards and never more than the defender held when it
began; drawing back to six after each round, attacker first; the game ends once the deck is
gone and a player has no cards after a round.

Known limits and bugs (what its team would write in its own README):

- two players only;
- **bug**: when nobody holds a trump, player 0 always leads, whatever the variant says (the
  engine has no setting for who leads then);
- a redeal is offered to a human player who is to move at the start of the game, holding five
  or more cards of one suit (only the player to move may act).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Literal

SUITS = ("s", "h", "d", "c")
LOW, HIGH = 6, 14  # six to ace
HAND = 6
MAX_ATTACK = 6

Phase = Literal["attack", "defend", "add", "choose", "over"]
MoveKind = Literal[
    "attack", "beat", "add", "finish", "take", "transfer", "keep", "accept", "redeal"
]


@dataclass(frozen=True, order=True)
class Card:
    """A card: rank 6..14 (jack 11, queen 12, king 13, ace 14) and suit s, h, d or c."""

    rank: int
    suit: str

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"


def full_deck() -> list[Card]:
    return [Card(rank, suit) for suit in SUITS for rank in range(LOW, HIGH + 1)]


@dataclass(frozen=True)
class Move:
    """A player's move; ``card`` for attack, beat, add and transfer; ``target`` for beat (the
    card on the table it beats)."""

    kind: MoveKind
    card: Card | None = None
    target: Card | None = None


class IllegalMove(Exception):
    """The move is not allowed now; the game is unchanged."""


@dataclass(frozen=True)
class Variant:
    """What differs between the engine's modes of play."""

    transfer: bool = False
    """The defender may pass the attack back before beating any card."""
    take_ends_round: bool = True
    """A take ends the round at once; else the attacker may still add cards."""
    accept_anyway: bool = False
    """After a fully beaten attack is ended, the defender may take the cards anyway (a human
    only: the computer always keeps its defence)."""
    redeal_at: int | None = None
    """A human holding this many cards of one suit may ask for a redeal at the start."""
    show_lowest_trump: bool = False
    """The lowest trump that decides the first round is shown to both players."""
    epaulettes: bool = False
    """A winner whose last two cards of the last round are both sixes wins with epaulettes."""


@dataclass
class Pair:
    """An attacking card on the table, who played it, and the card that beat it (if any)."""

    attack: Card
    played_by: int
    defence: Card | None = None
    beaten_by: int | None = None


@dataclass
class Duel:
    """A game between player 0 and player 1."""

    variant: Variant
    trump: Card
    deck: list[Card]
    """The cards still to draw; the next card to draw is ``deck[-1]``, the trump ``deck[0]``."""
    hands: list[list[Card]]
    humans: frozenset[int]
    seed: int = 0
    attacker: int = 0
    phase: Phase = "attack"
    table: list[Pair] = field(default_factory=list)
    taken: bool = False
    discard: list[Card] = field(default_factory=list)
    defender_started_with: int = 0
    round: int = 1
    opened_by: int = 0
    played_any: bool = False
    winner: int | None = None
    loser: int | None = None
    shown_trump: tuple[int, Card] | None = None
    with_epaulettes: bool = False
    redeals: int = 0
    last_round_cards: list[Card] = field(default_factory=list)
    """The cards the attacker of this round played (for epaulettes)."""

    # ------------------------------------------------------------------ dealing

    @classmethod
    def new(cls, deck: list[Card], variant: Variant, humans: frozenset[int], seed: int = 0) -> Duel:
        """Deal ``deck``: six cards each, one at a time from its first card, player 0 first;
        the last card is turned up as trump and stays at the bottom of the deck."""
        if sorted(deck) != sorted(full_deck()):
            raise ValueError("a deck holds the 36 cards from six to ace once each")
        hands: list[list[Card]] = [deck[0 : 2 * HAND : 2], deck[1 : 2 * HAND : 2]]
        rest = deck[2 * HAND :]
        game = cls(variant, rest[-1], list(reversed(rest)), hands, humans, seed)
        game._first_round()
        return game

    def _first_round(self) -> None:
        trumps = [(c.rank, p) for p in (0, 1) for c in self.hands[p] if c.suit == self.trump.suit]
        if trumps:
            rank, player = min(trumps)
            self.attacker = player
            if self.variant.show_lowest_trump:
                self.shown_trump = (player, Card(rank, self.trump.suit))
        else:
            self.attacker = 0  # the known bug: the variant's rule for this case is not asked
            self.shown_trump = None
        self._open_round()

    def _open_round(self) -> None:
        self.phase = "attack"
        self.opened_by = self.attacker
        self.table = []
        self.taken = False
        self.last_round_cards = []
        self.defender_started_with = len(self.hands[self.defender])

    # ------------------------------------------------------------------ reading

    @property
    def defender(self) -> int:
        return 1 - self.attacker

    def to_move(self) -> int | None:
        """The player the game waits for (None once it is over)."""
        if self.phase == "over":
            return None
        if self.phase in ("defend", "choose"):
            return self.defender
        return self.attacker

    def room(self) -> int:
        """How many more attacking cards the round may take."""
        return min(MAX_ATTACK, self.defender_started_with) - len(self.table)

    def ranks_on_table(self) -> set[int]:
        ranks = {p.attack.rank for p in self.table}
        return ranks | {p.defence.rank for p in self.table if p.defence is not None}

    def beats(self, card: Card, attack: Card) -> bool:
        if card.suit == attack.suit:
            return card.rank > attack.rank
        return card.suit == self.trump.suit

    def moves(self) -> list[Move]:
        """Every move of the player to move."""
        player = self.to_move()
        if player is None:
            return []
        hand = self.hands[player]
        out: list[Move] = []
        if self.phase == "attack":
            out = [Move("attack", c) for c in hand]
            if self._may_redeal(player):
                out.append(Move("redeal"))
        elif self.phase == "defend":
            unbeaten = [p.attack for p in self.table if p.defence is None]
            out = [Move("beat", c, a) for a in unbeaten for c in hand if self.beats(c, a)]
            out.append(Move("take"))
            out += [Move("transfer", c) for c in hand if self._may_transfer(c)]
        elif self.phase == "add":
            if self.room() > 0:
                ranks = self.ranks_on_table()
                out = [Move("add", c) for c in hand if c.rank in ranks]
            out.append(Move("finish"))
        elif self.phase == "choose":
            out = [Move("keep")]
            if player in self.humans:
                out.append(Move("accept"))
        return out

    def _may_transfer(self, card: Card) -> bool:
        if not self.variant.transfer or self.taken:
            return False
        if any(p.defence is not None for p in self.table):
            return False
        if {p.attack.rank for p in self.table} != {card.rank}:
            return False
        needed = len(self.table) + 1
        return needed <= MAX_ATTACK and len(self.hands[self.attacker]) >= needed

    def _may_redeal(self, player: int) -> bool:
        at = self.variant.redeal_at
        if at is None or self.played_any or player not in self.humans:
            return False
        counts = [sum(c.suit == s for c in self.hands[player]) for s in SUITS]
        return max(counts) >= at

    # ------------------------------------------------------------------ playing

    def play(self, player: int, move: Move) -> None:
        """Make ``player``'s ``move``; raises :class:`IllegalMove` (nothing changes) when it is
        not that player's turn or the move is not allowed."""
        if self.phase == "over":
            raise IllegalMove("the game is over")
        if player != self.to_move():
            raise IllegalMove(f"it is player {self.to_move()}'s turn")
        if move not in self.moves():
            raise IllegalMove(f"{move.kind} {move.card or ''} is not allowed now".strip())
        if move.kind == "redeal":
            self._redeal()
            return
        self.played_any = True
        hand = self.hands[player]
        if move.kind == "attack":
            assert move.card is not None
            hand.remove(move.card)
            self.table.append(Pair(move.card, player))
            self.last_round_cards.append(move.card)
            self.phase = "defend"
        elif move.kind == "beat":
            assert move.card is not None
            hand.remove(move.card)
            pair = next(p for p in self.table if p.attack == move.target)
            pair.defence, pair.beaten_by = move.card, player
            if all(p.defence is not None for p in self.table):
                self.phase = "add"
                self._close_if_nothing_left()
        elif move.kind == "add":
            assert move.card is not None
            hand.remove(move.card)
            self.table.append(Pair(move.card, player))
            self.last_round_cards.append(move.card)
            self.phase = "add" if self.taken else "defend"
            self._close_if_nothing_left()
        elif move.kind == "take":
            self.taken = True
            if self.variant.take_ends_round:
                self._end_round(taken=True)
            else:
                self.phase = "add"
                self._close_if_nothing_left()
        elif move.kind == "transfer":
            assert move.card is not None
            hand.remove(move.card)
            self.table.append(Pair(move.card, player))
            self.attacker = self.defender  # in a duel the roles swap
            self.defender_started_with = len(self.hands[self.defender])
        elif move.kind == "finish":
            self._attack_over()
        elif move.kind == "keep":
            self._end_round(taken=False)
        elif move.kind == "accept":
            self._end_round(taken=True)

    def _close_if_nothing_left(self) -> None:
        """The round ends by itself once nothing more can happen in it."""
        if self.phase != "add":
            return
        if self.taken:
            if self.room() <= 0 or not self.hands[self.attacker]:
                self._end_round(taken=True)
            return
        if not self.hands[self.defender]:
            self._end_round(taken=False)
        elif self.room() <= 0 or not self.hands[self.attacker]:
            self._attack_over()

    def _attack_over(self) -> None:
        if self.taken:
            self._end_round(taken=True)
        elif self.variant.accept_anyway:
            self.phase = "choose"
        else:
            self._end_round(taken=False)

    def _end_round(self, *, taken: bool) -> None:
        cards = [c for p in self.table for c in (p.attack, p.defence) if c is not None]
        defender = self.defender
        if taken:
            self.hands[defender] += cards
        else:
            self.discard += cards
        self.table = []
        for player in (self.attacker, defender):  # attacker first, defender last
            while len(self.hands[player]) < HAND and self.deck:
                self.hands[player].append(self.deck.pop())
        if not self.deck:
            empty = [p for p in (0, 1) if not self.hands[p]]
            if empty:
                self._game_over(empty)
                return
        if not taken:
            self.attacker = defender
        self.round += 1
        self._open_round()

    def _game_over(self, empty: list[int]) -> None:
        self.phase = "over"
        if len(empty) == 1:
            self.winner = empty[0]
            self.loser = 1 - empty[0]
            self.with_epaulettes = (
                self.variant.epaulettes
                and self.winner == self.attacker
                and len(self.last_round_cards) >= 2
                and all(c.rank == LOW for c in self.last_round_cards[-2:])
            )

    def _redeal(self) -> None:
        cards = full_deck()
        self.redeals += 1
        random.Random(self.seed * 1000 + self.redeals).shuffle(cards)
        fresh = Duel.new(cards, self.variant, self.humans, self.seed)
        fresh.redeals = self.redeals
        self.__dict__.update(fresh.__dict__)
