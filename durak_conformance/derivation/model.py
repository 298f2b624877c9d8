"""The solver's model of a game, at the level of card counts.

The planner (:mod:`~durak_conformance.derivation.planner`) searches for a sequence of bouts
from a normal deal to a target table.  It does not need to know which cards are played, only
how many each seat plays, whether the defender beats them or takes them, and what follows
from that: who draws how many cards, in which order, who goes out and who attacks next.
This module models exactly that, parameterised by the resolved rules, mirroring the
reference engine's rules for the end of a bout (drawing: the seat that opened the bout
first, then clockwise, the defender last, each up to a full hand while the stock lasts;
going out once the stock is empty; the next attack by a successful defender, or by the seat
after one who took).

The model is the solver's guess, never the judge: every derivation is played on the
reference engine and compared with the position start before it is stored.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from reference_engine.bout_end import draw_sequence


@dataclass(frozen=True)
class Rulebook:
    """The rule parameters the count model reads (from a resolved ruleset)."""

    seats: int
    deck_size: int
    hand_size: int
    pairs: bool
    neighbours: bool
    bout_cap: int
    first_bout_cap: int | None
    take_ends_bout: bool
    throw_after_take: bool
    """Cards may be added once the defender has taken (all but ``take_ends_bout``)."""
    several_at_once: bool
    """A bout may be opened with several cards of one rank (``opening: same_rank``)."""
    packets: bool
    """The deal gives each seat its whole hand at once (``deal: packets``)."""
    hand_margin: int = 0
    """Cards a defender keeps back from the bout's room (see :func:`room`): 1 in the plain
    pass of the search, so that no bout empties the defender's hand or reaches its limit."""

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any], seats: int) -> Rulebook:
        return cls(
            seats=seats,
            deck_size=int(rules["deck_size"]),
            hand_size=int(rules["hand_size"]),
            pairs=rules.get("teams") == "pairs",
            neighbours=rules.get("throw_in_scope") == "neighbours",
            bout_cap=int(rules["bout_cap"]),
            first_bout_cap=(
                None if rules.get("first_bout_cap") is None else int(rules["first_bout_cap"])
            ),
            take_ends_bout=bool(rules.get("take_ends_bout")),
            throw_after_take=not rules.get("take_ends_bout"),
            several_at_once=rules.get("opening") == "same_rank",
            packets=rules.get("deal") == "packets",
        )

    # -------------------------------------------------------------- seats

    def partner(self, seat: int) -> int:
        """The partner in pairs (the opposite seat), else 0."""
        return (seat + 1) % self.seats + 1 if self.pairs else 0

    def next_active(self, out: tuple[bool, ...], seat: int) -> int:
        """The next seat clockwise still in the game (``seat`` itself if none)."""
        n = self.seats
        s = seat
        for _ in range(n):
            s = s % n + 1
            if not out[s - 1]:
                return s
        return seat

    def previous_active(self, out: tuple[bool, ...], seat: int) -> int:
        n = self.seats
        s = seat
        for _ in range(n):
            s = (s - 2) % n + 1
            if not out[s - 1]:
                return s
        return seat

    def next_opponent(self, out: tuple[bool, ...], seat: int) -> int:
        """Who defends against ``seat``: the next seat clockwise still in the game that is
        not its partner (0: nobody)."""
        n = self.seats
        partner = self.partner(seat)
        s = seat
        for _ in range(n):
            s = s % n + 1
            if not out[s - 1] and s != seat and s != partner:
                return s
        return 0

    def may_throw_in(self, out: tuple[bool, ...], defender: int, seat: int) -> bool:
        """Whether ``seat`` is among those who may add cards against ``defender``."""
        if seat == defender or out[seat - 1]:
            return False
        if self.pairs and self.partner(defender) == seat:
            return False
        if self.neighbours:
            return seat in (
                self.previous_active(out, defender),
                self.next_active(out, defender),
            )
        return True

    def draw_order(self, out: tuple[bool, ...], starter: int, defender: int) -> list[int]:
        """The seat that opened the bout first, the others clockwise, the defender last
        (the engine's own order), without the seats that are out."""
        return [s for s in draw_sequence(self.seats, starter, defender) if not out[s - 1]]

    def game_over(self, out: tuple[bool, ...]) -> bool:
        """Fewer than two sides hold cards (a pair whose two seats are out has won)."""
        if self.pairs:
            return (out[0] and out[2]) or (out[1] and out[3])
        return out.count(False) <= 1


@dataclass(frozen=True)
class Table:
    """A table between bouts, in counts."""

    attacker: int
    hands: tuple[int, ...]
    """Cards held, per seat (index 0 is seat 1)."""
    fresh: tuple[int, ...]
    """Of those, the cards that came from the deck and are still to be played or kept: the
    rest came to the seat by taking and stay in its hand to the end."""
    out: tuple[bool, ...]
    stock: int
    pairs_left: int
    """Beaten pairs still to be discarded."""
    discarded: bool
    """Some bout has ended with its cards discarded (the first bout is over)."""
    trump_with: frozenset[int]
    """Once the stock is used up: the seats that may hold the face-up trump (the one that
    drew it, and those it may have reached by taking); empty while the stock lasts."""
    trump_gone: bool
    """The face-up trump may have been discarded (a seat that may hold it played in a
    discarded bout)."""


@dataclass(frozen=True)
class Bout:
    """One bout of a plan, in counts: who attacks whom with how many cards, and what followed."""

    attacker: int
    defender: int
    attacks: tuple[tuple[int, int], ...]
    """(seat, cards) in order of play; the first entry is the attacker's opening."""
    defended: int
    """How many attacking cards the defender beat: all of them (the bout is discarded), or
    fewer (the defender takes everything on the table): none, or all but the last."""
    draws: tuple[tuple[int, int], ...] = ()
    """(seat, cards drawn) after the bout, in drawing order."""
    outs: tuple[int, ...] = ()
    """Seats that went out at the end of the bout."""

    @property
    def size(self) -> int:
        """Attacking cards played."""
        return sum(k for _, k in self.attacks)

    @property
    def beaten(self) -> bool:
        """The cards were discarded."""
        return self.defended == self.size

    @property
    def seats(self) -> list[int]:
        """The seat playing each attacking card, in order."""
        return [s for s, k in self.attacks for _ in range(k)]


def deal(book: Rulebook, attacker: int, pairs: int) -> Table:
    """The table right after the deal, with ``attacker`` leading the first bout."""
    n = book.seats
    dealt = book.hand_size
    stock = book.deck_size - n * dealt
    hands = (dealt,) * n
    return Table(
        attacker=attacker,
        hands=hands,
        fresh=hands,
        out=(False,) * n,
        stock=stock,
        pairs_left=pairs,
        discarded=False,
        # When the whole deck is dealt, the face-up trump is the last seat's last card.
        trump_with=frozenset({n}) if stock == 0 else frozenset(),
        trump_gone=False,
    )


def room(book: Rulebook, table: Table, defender: int) -> int:
    """How many attacking cards the bout may hold: the cap, and the defender's hand."""
    cap = book.bout_cap
    if book.first_bout_cap is not None and not table.discarded:
        cap = book.first_bout_cap
    return min(cap, table.hands[defender - 1] - book.hand_margin)


def play(
    book: Rulebook, table: Table, attacks: tuple[tuple[int, int], ...], defended: int
) -> tuple[Table, Bout] | None:
    """Play one bout from ``table``; None when it is not possible (or would end the game)."""
    a = table.attacker
    d = book.next_opponent(table.out, a)
    if d == 0 or not attacks or attacks[0][0] != a:
        return None
    total = sum(k for _, k in attacks)
    if total < 1 or total > room(book, table, d) or not 0 <= defended <= total:
        return None
    beaten = defended == total
    if beaten and table.pairs_left < total:
        return None
    if table.fresh[d - 1] < defended:
        return None
    hands = list(table.hands)
    fresh = list(table.fresh)
    holders = set(table.trump_with)
    gone = table.trump_gone
    players = {s for s, _ in attacks}
    for seat, k in attacks:
        if k < 1 or (seat != a and not book.may_throw_in(table.out, d, seat)):
            return None
        if fresh[seat - 1] < k:
            return None
        hands[seat - 1] -= k
        fresh[seat - 1] -= k
    hands[d - 1] -= defended
    fresh[d - 1] -= defended
    if beaten:
        if holders & (players | {d}):
            gone = True
    else:
        hands[d - 1] += total + defended
        if holders & players:
            holders.add(d)
    stock = table.stock
    draws: list[tuple[int, int]] = []
    if stock:
        for s in book.draw_order(table.out, a, d):
            need = book.hand_size - hands[s - 1]
            if need <= 0:
                continue
            k = min(need, stock)
            hands[s - 1] += k
            fresh[s - 1] += k
            stock -= k
            draws.append((s, k))
            if stock == 0:
                holders = {s}  # it drew the last card, the face-up trump
                break
    out = list(table.out)
    outs: list[int] = []
    if stock == 0:
        for s in range(1, book.seats + 1):
            if not out[s - 1] and hands[s - 1] == 0:
                out[s - 1] = True
                outs.append(s)
    out_t = tuple(out)
    if book.game_over(out_t):
        return None
    if beaten:
        nxt = d if not out_t[d - 1] else book.next_active(out_t, d)
    else:
        nxt = book.next_active(out_t, d)
    if out_t[nxt - 1]:
        nxt = book.next_active(out_t, nxt)
    after = Table(
        attacker=nxt,
        hands=tuple(hands),
        fresh=tuple(fresh),
        out=out_t,
        stock=stock,
        pairs_left=table.pairs_left - (total if beaten else 0),
        discarded=table.discarded or beaten,
        trump_with=frozenset(holders),
        trump_gone=gone,
    )
    return after, Bout(a, d, attacks, defended, tuple(draws), tuple(outs))


def moves(book: Rulebook, table: Table) -> Iterator[tuple[tuple[tuple[int, int], ...], int]]:
    """The bouts the planner tries from ``table``: (attacks, cards defended).

    The attacker alone with 1 to ``room`` cards, or the attacker's opening card followed by
    cards of one other seat that may throw in.  Each either beaten and discarded, or taken:
    with nothing beaten (cards of one rank: added after the take, or opened together where
    that is allowed), or, for two cards, with the first beaten (the second matches a rank on
    the table, and the defender takes its own beating card back too: the one way to take two
    cards where nothing may be added after a take).
    """
    a = table.attacker
    d = book.next_opponent(table.out, a)
    if d == 0:
        return
    limit = room(book, table, d)
    throwers = [
        s
        for s in range(1, book.seats + 1)
        if s != a and table.fresh[s - 1] > 0 and book.may_throw_in(table.out, d, s)
    ]
    plain_take = book.throw_after_take or book.several_at_once
    splits: list[tuple[tuple[int, int], ...]] = [
        ((a, k),) for k in range(1, min(limit, table.fresh[a - 1]) + 1)
    ]
    for s in throwers:
        splits += [((a, 1), (s, q)) for q in range(1, min(limit - 1, table.fresh[s - 1]) + 1)]
    for attacks in splits:
        size = sum(k for _, k in attacks)
        if table.pairs_left >= size:
            yield attacks, size
        if size == 1 or (plain_take and (len(attacks) == 1 or book.throw_after_take)):
            yield attacks, 0
        if size == 2:
            yield attacks, 1
