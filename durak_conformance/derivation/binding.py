"""Cards for a plan: which card each seat plays, keeps and draws, hence the stacked deck.

A plan (:mod:`~durak_conformance.derivation.planner`) says how many cards each seat plays in
each bout.  Binding chooses them:

- the beaten pairs of each discarded bout, from the target's discard pile (an attacking card
  and a card that beats it; a card added to a bout matches a rank already on the table; what
  is left of the pile must still split into beaten pairs);
- the cards a defender takes, from that defender's target hand (they stay there);
- then, seat by seat, which card lies in which of its deck slots (the cards it is dealt and
  each card it draws): a card must have come before the seat plays it.

Two rules of the deal constrain the choice.  The seat leading the first bout must hold the
lowest trump dealt (a :class:`Lead` names that trump), or nobody is dealt a trump and the
profile's fallback picks it.  And when the stock runs out, the seat that draws its last card,
the face-up trump, must be the one that keeps it or plays it.

The stacked deck follows: the dealt cards by the deal's order, the drawn cards in drawing
order, then the target's stock, the trump card last.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from durak_conformance.derivation.model import Bout, Rulebook
from durak_conformance.derivation.reachability import first_attacker, pairable
from reference_engine.cards import Card
from reference_engine.game import beats


@dataclass(frozen=True)
class Play:
    """One action of a bound plan."""

    kind: str
    """``attack``, ``throw_in``, ``defend`` or ``take``."""
    seat: int
    card: Card | None = None
    attack: Card | None = None
    """For ``defend``: the card beaten."""


@dataclass(frozen=True)
class BoundBout:
    """A bout of the plan with its cards, in order of play."""

    bout: Bout
    plays: tuple[Play, ...]


@dataclass(frozen=True)
class Binding:
    """A plan with cards: the stacked deck (top card first) and the bouts."""

    deck: tuple[Card, ...]
    bouts: tuple[BoundBout, ...]


@dataclass(frozen=True)
class Lead:
    """How the deal makes the plan's first attacker lead."""

    seat: int
    trump: Card | None
    """The lowest trump dealt, in ``seat``'s hand; None: no trump is dealt at all."""


class BindingFailed(Exception):
    """No cards fit this plan (the solver tries another binding or another plan)."""


@dataclass(frozen=True)
class Table:
    """The target table, in cards."""

    hands: Mapping[int, frozenset[Card]]
    stock: tuple[Card, ...]
    discard: frozenset[Card]
    trump: Card
    humans: tuple[bool, ...]


@dataclass
class _Owned:
    """One card a seat gets from the deck, and by when it must have come."""

    card: Card
    deadline: float
    """The bout in which the seat plays it (``inf``: it keeps it to the end)."""


@dataclass
class _Slots:
    """A seat's deck slots: when each came (-1 dealt, j drawn after bout j) and where it
    lies in the deck."""

    times: list[int] = field(default_factory=list)
    positions: list[int] = field(default_factory=list)


Pairs = tuple[tuple[Card, Card], ...]


def leads(rules: Mapping[str, Any], target: Table, first: int, book: Rulebook) -> list[Lead]:
    """The ways to try of making ``first`` lead: its lowest dealt trump, from the lowest
    candidates up, then (where the profile's fallback can pick it) no trump dealt at all."""
    suit = target.trump.suit
    whole_deck = book.deck_size == book.seats * book.hand_size
    stock = set(target.stock)
    found: list[Lead] = []
    # The leader plays it, keeps it, or gives it to a seat that takes it.
    anywhere = target.discard.union(*target.hands.values())
    for card in sorted((c for c in anywhere if c.suit == suit), key=lambda c: c.rank):
        if card in stock or (card == target.trump and not whole_deck):
            continue
        found.append(Lead(first, card))
        if len(found) == 3:
            break
    fallback = rules.get("first_attack_fallback")
    if fallback == "lowest_card" or (fallback == "first_seat" and first == 1):
        found.append(Lead(first, None))
    elif fallback == "human":
        people = [s for s, h in enumerate(target.humans, start=1) if h]
        if (people[0] if people else 1) == first:
            found.append(Lead(first, None))
    return found


def bind(
    book: Rulebook,
    rules: Mapping[str, Any],
    target: Table,
    plan: Sequence[Bout],
    lead: Lead,
    rng: random.Random,
) -> Binding:
    """Cards for ``plan`` with the first attack decided as ``lead`` says; raises
    :class:`BindingFailed`."""
    slots = _deck_slots(book, plan)
    last_slot = book.deck_size - len(target.stock) - 1
    # With the stock used up, the deck's last card (the face-up trump) went to one seat; it
    # keeps it, passes it on in bouts it takes... (a route), or plays it into the discard.
    trump_seat, trump_came = 0, -2
    if not target.stock:
        for s in slots:
            if last_slot in slots[s].positions:
                trump_seat = s
                trump_came = slots[s].times[slots[s].positions.index(last_slot)]
    failure = BindingFailed("the face-up trump cannot get where the target has it")
    for route in _trump_routes(plan, target, trump_seat, trump_came):
        try:
            return _bind(book, rules, target, plan, lead, rng, slots, trump_seat, route)
        except BindingFailed as exc:
            failure = exc
    raise failure


def _trump_routes(
    plan: Sequence[Bout], target: Table, holder: int, came: int, limit: int = 4
) -> list[dict[int, int]]:
    """Ways for the face-up trump to go from the seat that drew it to where the target has
    it: {bout: seat that plays it there}, shortest first (one empty route when the stock is
    not used up)."""
    if not holder:
        return [{}]
    discarded = target.trump in target.discard
    found: list[dict[int, int]] = []

    def walk(j: int, seat: int, route: dict[int, int]) -> None:
        if len(found) >= 4 * limit:
            return
        if j == len(plan):
            if not discarded and target.trump in target.hands.get(seat, frozenset()):
                found.append(dict(route))
            return
        bout = plan[j]
        if j > came:
            attacking = seat in bout.seats
            if bout.beaten and discarded and (attacking or seat == bout.defender):
                found.append({**route, j: seat})
            if not bout.beaten and attacking:
                walk(j + 1, bout.defender, {**route, j: seat})
        walk(j + 1, seat, route)

    walk(0, holder, {})
    found.sort(key=len)
    return found[:limit]


def _bind(
    book: Rulebook,
    rules: Mapping[str, Any],
    target: Table,
    plan: Sequence[Bout],
    lead: Lead,
    rng: random.Random,
    slots: Mapping[int, _Slots],
    trump_seat: int,
    route: Mapping[int, int],
) -> Binding:
    suit = target.trump.suit
    n = book.seats
    first = lead.seat
    face_up = target.trump
    drawn_before = {
        s: {j for j in range(len(plan) + 1) if any(0 <= t < j for t in slots[s].times)}
        for s in slots
    }

    def allowed(card: Card, seat: int, j: int) -> bool:
        if card == face_up and trump_seat:
            return route.get(j) == seat
        if lead.trump is not None and card == lead.trump:
            return seat == first
        if card.suit == suit and j not in drawn_before[seat]:
            # The card lies in the seat's dealt hand.
            if lead.trump is None:
                return False
            return seat == first or card.rank > lead.trump.rank
        return True

    # Where the leader's lowest dealt trump ends in another seat's hand, the leader gives it
    # away in the first bout it attacks that seat and the seat takes.
    given = -1
    if lead.trump is not None and lead.trump not in target.discard:
        owner = next(s for s, h in target.hands.items() if lead.trump in h)
        if owner != first:
            given = next(
                (
                    j
                    for j, b in enumerate(plan)
                    if not b.beaten and b.defender == owner and first in b.seats
                ),
                -2,
            )
            if given == -2:
                raise BindingFailed(f"seat {first} never gives its lowest trump to seat {owner}")

    def must(j: int) -> Card | None:
        if j in route:
            return face_up
        if j == given:
            return lead.trump
        return None

    # Taken cards first (they come from the takers' target hands), then the beaten pairs.
    kept_left = {s: set(target.hands[s]) for s in target.hands}
    taken: dict[int, tuple[list[Card], list[Card]]] = {}
    # Takes of several cards of one rank first (the most constrained), then the others.
    takes = [j for j, b in enumerate(plan) if not b.beaten]
    takes.sort(key=lambda j: (plan[j].defended > 0 or plan[j].size == 1, -plan[j].size, j))
    for j in takes:
        bout = plan[j]
        left = kept_left[bout.defender]
        group = {r: sum(1 for c in left if c.rank == r) for r in {c.rank for c in left}}
        pool = [
            c
            for c in sorted(left, key=lambda c: (group[c.rank], c))
            if (c != lead.trump or j == given) and (c != face_up or not trump_seat or route.get(j))
        ]
        chosen = next(iter(_take_cards(pool, bout, j, suit, allowed, must(j), rng)), None)
        if chosen is None:
            raise BindingFailed(f"no cards fit seat {bout.defender}'s take in bout {j + 1}")
        taken[j] = chosen
        kept_left[bout.defender] -= {*chosen[0], *chosen[1]}
    beaten = [j for j, b in enumerate(plan) if b.beaten]
    order = sorted(beaten, key=lambda j: (must(j) is None, -plan[j].size, j))
    budget = [3000]
    pairs = _assign(order, 0, frozenset(target.discard), plan, suit, allowed, must, rng, budget)
    if pairs is None:
        raise BindingFailed("no beaten pairs of the discard pile fit the plan's bouts")

    owned: dict[int, list[_Owned]] = {s: [] for s in range(1, n + 1)}
    bound: list[BoundBout] = []
    for j, bout in enumerate(plan):
        seats = bout.seats
        plays: list[Play] = []
        if bout.beaten:
            for i, ((x, y), seat) in enumerate(zip(pairs[j], seats, strict=True)):
                plays.append(Play("attack" if i == 0 else "throw_in", seat, x))
                plays.append(Play("defend", bout.defender, y, attack=x))
                owned[seat].append(_Owned(x, j))
                owned[bout.defender].append(_Owned(y, j))
        else:
            attacks, defences = taken[j]
            for i, (x, seat) in enumerate(zip(attacks, seats, strict=True)):
                plays.append(Play("attack" if i == 0 else "throw_in", seat, x))
                owned[seat].append(_Owned(x, j))
                if i < len(defences):
                    y = defences[i]
                    plays.append(Play("defend", bout.defender, y, attack=x))
                    owned[bout.defender].append(_Owned(y, j))
            if defences:
                plays.append(Play("take", bout.defender))
            else:
                plays.insert(1, Play("take", bout.defender))
        bound.append(BoundBout(bout, tuple(plays)))
    for s in range(1, n + 1):
        owned[s].extend(_Owned(c, math.inf) for c in sorted(kept_left[s]))
        if len(owned[s]) != len(slots[s].times):
            raise BindingFailed(
                f"seat {s} gets {len(slots[s].times)} cards from the deck but the plan gives "
                f"it {len(owned[s])} to play or keep"
            )
    last_slot = book.deck_size - len(target.stock) - 1
    placement = _place(rules, target, owned, slots, lead, trump_seat, last_slot, rng)
    size = book.deck_size
    laid: list[Card | None] = [None] * size
    for pos, card in placement.items():
        laid[pos] = card
    for i, card in enumerate(target.stock):
        laid[size - len(target.stock) + i] = card
    complete = [c for c in laid if c is not None]
    if len(complete) != size or len(set(complete)) != size:
        raise BindingFailed("the deck does not hold every card once")
    return Binding(tuple(complete), tuple(bound))


def _take_cards(
    pool: Sequence[Card],
    bout: Bout,
    j: int,
    suit: str,
    allowed: Callable[[Card, int, int], bool],
    must: Card | None,
    rng: random.Random,
) -> Iterator[tuple[list[Card], list[Card]]]:
    """Cards for a taken bout, all from the taker's target hand ``pool``: the attacking cards
    and, where the defender beat all but the last, its beating cards (which it takes back).
    Nothing beaten: the attacking cards are of one rank."""
    seats = bout.seats
    defender = bout.defender
    order = {c: i for i, c in enumerate(pool)}
    cards = sorted(pool, key=lambda c: (0 if c == must else 1, order[c] + 3 * rng.random()))
    budget = [300]

    def search(
        i: int,
        ranks: frozenset[int],
        xs: tuple[Card, ...],
        ys: tuple[Card, ...],
        used: frozenset[Card],
    ) -> Iterator[tuple[list[Card], list[Card]]]:
        if budget[0] <= 0:
            return
        budget[0] -= 1
        if i == len(seats):
            if must is None or must in xs:
                yield list(xs), list(ys)
            return
        seat = seats[i]
        for x in cards:
            if x in used or not allowed(x, seat, j):
                continue
            if i > 0 and x.rank not in ranks:
                continue
            if bout.defended == 0 and i > 0 and x.rank != xs[0].rank:
                continue
            if i < bout.defended:
                for y in cards:
                    if y in used or y in (x, must) or not beats(y, x, suit):
                        continue
                    if not allowed(y, defender, j):
                        continue
                    yield from search(
                        i + 1, ranks | {x.rank, y.rank}, (*xs, x), (*ys, y), used | {x, y}
                    )
            else:
                yield from search(i + 1, ranks | {x.rank}, (*xs, x), ys, used | {x})

    yield from search(0, frozenset(), (), (), frozenset())


def _deck_slots(book: Rulebook, plan: Sequence[Bout]) -> dict[int, _Slots]:
    n, size = book.seats, book.hand_size
    slots = {s: _Slots() for s in range(1, n + 1)}
    for s in range(1, n + 1):
        for i in range(size):
            pos = (s - 1) * size + i if book.packets else i * n + (s - 1)
            slots[s].times.append(-1)
            slots[s].positions.append(pos)
    pos = n * size
    for j, bout in enumerate(plan):
        for seat, k in bout.draws:
            for _ in range(k):
                slots[seat].times.append(j)
                slots[seat].positions.append(pos)
                pos += 1
    return slots


def _assign(
    order: Sequence[int],
    i: int,
    pool: frozenset[Card],
    plan: Sequence[Bout],
    suit: str,
    allowed: Callable[[Card, int, int], bool],
    must: Callable[[int], Card | None],
    rng: random.Random,
    budget: list[int],
) -> dict[int, Pairs] | None:
    """Beaten pairs for the discarded bouts ``order[i:]`` from ``pool`` (all of it)."""
    if i == len(order):
        return {} if not pool else None
    j = order[i]
    bout = plan[j]
    seats = [s for s, k in bout.attacks for _ in range(k)]
    tries = 1 if bout.size == 1 and i > 0 and plan[order[i - 1]].size == 1 else 3
    for pairs in itertools.islice(
        _bout_pairs(pool, seats, bout.defender, j, suit, allowed, must(j), rng, budget), tries
    ):
        rest = pool - {c for pair in pairs for c in pair}
        found = _assign(order, i + 1, rest, plan, suit, allowed, must, rng, budget)
        if found is not None:
            found[j] = pairs
            return found
        if budget[0] <= 0:
            return None
    return None


def _bout_pairs(
    pool: frozenset[Card],
    seats: Sequence[int],
    defender: int,
    j: int,
    suit: str,
    allowed: Callable[[Card, int, int], bool],
    must: Card | None,
    rng: random.Random,
    budget: list[int],
) -> Iterator[Pairs]:
    """Ways to play one discarded bout: ``len(seats)`` attacking cards (each after the first
    of a rank already on the table) and the defender's beating cards, leaving a pool that
    still splits into beaten pairs; ``must`` is a card the bout has to contain."""
    count = len(seats)

    def attack_key(x: Card) -> tuple[float, ...]:
        return (0 if x == must else 1, 1 if x.suit == suit else 0, x.rank + 2 * rng.random())

    def defence_key(x: Card, y: Card) -> tuple[float, ...]:
        return (
            0 if y == must else 1,
            0 if y.suit == x.suit else 1,
            y.rank - x.rank + 2 * rng.random(),
        )

    def search(left: frozenset[Card], ranks: frozenset[int], chosen: Pairs) -> Iterator[Pairs]:
        if budget[0] <= 0:
            return
        budget[0] -= 1
        i = len(chosen)
        if i == count:
            used = {c for pair in chosen for c in pair}
            if (must is None or must in used) and pairable(sorted(left), suit):
                yield chosen
            return
        seat = seats[i]
        cards = sorted(left)  # (a set's order varies between processes; derivations may not)
        attacks = [x for x in cards if (not ranks or x.rank in ranks) and allowed(x, seat, j)]
        attacks.sort(key=attack_key)
        for x in attacks[:6]:
            defences = [
                y for y in cards if y != x and beats(y, x, suit) and allowed(y, defender, j)
            ]
            defences.sort(key=lambda y: defence_key(x, y))
            for y in defences[:3]:
                yield from search(left - {x, y}, ranks | {x.rank, y.rank}, (*chosen, (x, y)))

    yield from search(pool, frozenset(), ())


def _place(
    rules: Mapping[str, Any],
    target: Table,
    owned: Mapping[int, list[_Owned]],
    slots: Mapping[int, _Slots],
    lead: Lead,
    trump_seat: int,
    last_slot: int,
    rng: random.Random,
) -> dict[int, Card]:
    """Deck position of every card a seat gets from the deck (dealt or drawn)."""
    suit = target.trump.suit
    fixed: dict[int, dict[int, Card]] = {s: {} for s in slots}
    if trump_seat:
        index = slots[trump_seat].positions.index(last_slot)
        mine = [o for o in owned[trump_seat] if o.card == target.trump]
        if not mine or not slots[trump_seat].times[index] < mine[0].deadline:
            raise BindingFailed("the seat drawing the face-up trump does not hold or play it")
        fixed[trump_seat][index] = target.trump
    lowest_card = rules.get("first_attack_fallback") == "lowest_card"
    dealt = _dealt_cards(owned, slots, fixed, lead, suit, lowest_card, rng)
    if dealt is None:
        raise BindingFailed(f"no deal gives seat {lead.seat} the lowest trump")
    hands = {s: [o.card for o in dealt[s]] + _dealt_fixed(slots[s], fixed[s]) for s in dealt}
    leader = first_attacker(rules, hands, suit, target.humans)
    if leader != lead.seat:
        raise BindingFailed(f"the deal lets seat {leader} lead, not seat {lead.seat}")
    placement: dict[int, Card] = {}
    for s, entry in slots.items():
        chosen = {id(o) for o in dealt[s]}
        rest = [o for o in owned[s] if id(o) not in chosen and o.card not in fixed[s].values()]
        drawn = [i for i, t in enumerate(entry.times) if t >= 0 and i not in fixed[s]]
        assigned = _earliest_deadline(rest, [entry.times[i] for i in drawn])
        if assigned is None:
            raise BindingFailed(f"seat {s}'s cards cannot all come in time")
        for i, o in zip(drawn, assigned, strict=True):
            placement[entry.positions[i]] = o.card
        dealt_slots = [i for i, t in enumerate(entry.times) if t < 0 and i not in fixed[s]]
        for i, o in zip(dealt_slots, dealt[s], strict=True):
            placement[entry.positions[i]] = o.card
        for i, c in fixed[s].items():
            placement[entry.positions[i]] = c
    return placement


def _dealt_fixed(entry: _Slots, fixed: Mapping[int, Card]) -> list[Card]:
    return [c for i, c in fixed.items() if entry.times[i] < 0]


def _dealt_cards(
    owned: Mapping[int, list[_Owned]],
    slots: Mapping[int, _Slots],
    fixed: Mapping[int, Mapping[int, Card]],
    lead: Lead,
    suit: str,
    lowest_card: bool,
    rng: random.Random,
) -> dict[int, list[_Owned]] | None:
    """Each seat's dealt cards: what it plays before it first draws, then what suits the
    first attack: the leader's trump and no lower trump elsewhere, or no trump at all (and
    then, for the lowest-card fallback, the leader's lowest card lowest)."""
    result: dict[int, list[_Owned]] = {}
    first = lead.seat
    order = [first] + [s for s in slots if s != first]
    bar: int | None = None  # fallback: the rank of the leader's lowest dealt card
    for s in order:
        entry = slots[s]
        cards = [o for o in owned[s] if o.card not in fixed[s].values()]
        room = sum(1 for i, t in enumerate(entry.times) if t < 0 and i not in fixed[s])
        drawn = sorted(t for i, t in enumerate(entry.times) if t >= 0 and i not in fixed[s])

        def key(o: _Owned, s: int = s, bar: int | None = bar) -> tuple[float, ...]:
            trump = o.card.suit == suit
            if lead.trump is not None:
                if s == first:
                    return (0 if o.card == lead.trump else 1, o.deadline, rng.random())
                bad = trump and o.card.rank < lead.trump.rank
                return (1 if bad else 0, o.deadline, rng.random())
            if s == first:
                return (1 if trump else 0, o.deadline, o.card.rank, rng.random())
            bad = trump or (bar is not None and o.card.rank <= bar)
            return (1 if bad else 0, o.deadline, rng.random())

        chosen = _choose_initial(cards, room, drawn, key)
        if chosen is None:
            return None
        result[s] = chosen
        if s == first and lead.trump is None and lowest_card:
            bar = min((o.card.rank for o in chosen), default=None)
    return result


def _choose_initial(
    cards: Sequence[_Owned], room: int, drawn: Sequence[int], key: Any
) -> list[_Owned] | None:
    """``room`` cards for the dealt slots, by preference ``key``, such that the others can
    still all come in time from the drawn slots."""
    chosen: list[_Owned] = []
    rest = list(cards)
    while len(chosen) < room:
        for o in sorted(rest, key=key):
            trial = [r for r in rest if r is not o]
            # The cards left must still fit: the dealt slots not yet chosen take anything,
            # a drawn slot only a card played after it came.
            if _feasible(trial, room - len(chosen) - 1, drawn):
                chosen.append(o)
                rest = trial
                break
        else:
            return None
    return chosen if _earliest_deadline(rest, drawn) is not None else None


def _feasible(cards: Sequence[_Owned], spare: int, drawn: Sequence[int]) -> bool:
    return _earliest_deadline(cards, sorted([-1] * spare + list(drawn))) is not None


def _earliest_deadline(cards: Sequence[_Owned], times: Sequence[int]) -> list[_Owned] | None:
    """Cards for slots that came at ``times`` (in that order), each before it is played:
    earliest deadline first into the earliest slot; None when impossible."""
    if len(cards) != len(times):
        return None
    order = sorted(range(len(times)), key=lambda i: times[i])
    by_deadline = sorted(cards, key=lambda o: o.deadline)
    out: list[_Owned | None] = [None] * len(times)
    for i, o in zip(order, by_deadline, strict=True):
        if not times[i] < o.deadline:
            return None
        out[i] = o
    return [o for o in out if o is not None]
