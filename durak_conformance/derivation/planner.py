"""The search for a sequence of bouts from a deal to a target table, in counts.

A best-first search over :class:`~durak_conformance.derivation.model.Table` states, from the
deal with a given first attacker, through the bouts that
:func:`~durak_conformance.derivation.model.moves` offers, to a table with the target's hand
sizes, stock size, seats out and attacker, every beaten pair of the discard pile discarded,
and the face-up trump where the target has it.  Plans come out cheapest first by the
search's measure (bouts and cards played), so a caller that cannot give cards to one plan
(:mod:`~durak_conformance.derivation.binding`) asks for the next.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from durak_conformance.derivation.model import Bout, Rulebook, Table, deal, moves, play


@dataclass(frozen=True)
class Goal:
    """What the plan must end with."""

    hands: tuple[int, ...]
    out: tuple[bool, ...]
    stock: int
    attacker: int
    pairs: int
    """Beaten pairs in the target's discard pile."""
    trump_holder: int
    """The seat whose hand holds the face-up trump when the stock is empty (0: it is in the
    stock, or discarded)."""
    trump_discarded: bool
    """The stock is empty and the face-up trump is in the discard pile."""
    take_groups: tuple[tuple[int, ...], ...]
    """Per seat, how many cards of each rank its target hand holds, largest first (cards
    taken together are of one rank, and a seat keeps what it takes)."""

    def reached(self, table: Table) -> bool:
        if (
            table.hands != self.hands
            or table.out != self.out
            or table.stock != self.stock
            or table.attacker != self.attacker
            or table.pairs_left != 0
        ):
            return False
        if self.stock == 0:
            if self.trump_holder and self.trump_holder not in table.trump_with:
                return False
            if self.trump_discarded and not table.trump_gone:
                return False
        return True


def plans(
    book: Rulebook, goal: Goal, first_attacker: int, *, budget: int = 20000
) -> Iterator[list[Bout]]:
    """Plans from a deal led by ``first_attacker`` to ``goal``, fewest bouts first.

    ``budget`` bounds the number of tables expanded (the search gives up quietly after it).
    """
    start = deal(book, first_attacker, goal.pairs)
    counter = itertools.count()
    Node = tuple[Table, tuple[tuple[int, ...], ...]]
    frontier: list[tuple[float, int, int, Node, tuple[Bout, ...]]] = []
    first: Node = (start, goal.take_groups)
    heapq.heappush(frontier, (_estimate(book, goal, start), 0, next(counter), first, ()))
    best: dict[Node, int] = {first: 0}
    expanded = 0
    while frontier and expanded < budget:
        _, cost, _, node, path = heapq.heappop(frontier)
        table, groups = node
        if best.get(node, cost) < cost:
            continue
        if goal.reached(table):
            yield list(path)
            continue
        expanded += 1
        if not _hopeful(book, goal, table):
            continue
        for attacks, defended in moves(book, table):
            after_groups = groups
            size = sum(k for _, k in attacks)
            if defended < size:
                defender = book.next_opponent(table.out, table.attacker)
                if defended == 0:
                    taken = _take(groups[defender - 1], size)
                else:
                    taken = _take_spread(groups[defender - 1], size + defended)
                if taken is None:
                    continue
                after_groups = (*groups[: defender - 1], taken, *groups[defender:])
            result = play(book, table, attacks, defended)
            if result is None:
                continue
            after, bout = result
            step = cost + 10 + size + (5 if 0 < defended < size else 0)
            node_after = (after, after_groups)
            if best.get(node_after, step + 1) <= step:
                continue
            best[node_after] = step
            priority = step + _estimate(book, goal, after)
            heapq.heappush(frontier, (priority, step, next(counter), node_after, (*path, bout)))


def _take_spread(groups: tuple[int, ...], count: int) -> tuple[int, ...] | None:
    """The rank groups left after taking ``count`` cards of any ranks (from the smallest
    groups first, keeping cards of one rank together for plain takes)."""
    if sum(groups) < count:
        return None
    left = sorted(groups)
    while count:
        k = min(count, left[0])
        left[0] -= k
        count -= k
        left = sorted(g for g in left if g)
    return tuple(sorted(left, reverse=True))


def _take(groups: tuple[int, ...], count: int) -> tuple[int, ...] | None:
    """The rank groups left after taking ``count`` cards of one rank (the smallest group that
    has them); None when no rank has that many cards left."""
    fitting = [i for i, g in enumerate(groups) if g >= count]
    if not fitting:
        return None
    i = min(fitting, key=lambda k: groups[k])
    left = list(groups)
    left[i] -= count
    return tuple(sorted((g for g in left if g), reverse=True))


def _hopeful(book: Rulebook, goal: Goal, table: Table) -> bool:
    """False when ``table`` can no longer lead to the goal (a cheap, sound test)."""
    if table.stock < goal.stock or table.pairs_left < 0:
        return False
    if any(o and not g for o, g in zip(table.out, goal.out, strict=True)):
        return False  # nobody comes back into the game
    for held, fresh, wanted in zip(table.hands, table.fresh, goal.hands, strict=True):
        if held - fresh > wanted:
            return False  # what a seat takes stays in its hand
    return True


def _estimate(book: Rulebook, goal: Goal, table: Table) -> float:
    """A guess at the cost still to come (10 a bout, plus a card for each card played).

    Lower bounds on the bouts left, the largest of: the pairs still to discard (six a bout);
    what the seats still have to take, since only taking grows a hand past a full one (one
    seat takes at most six cards a bout); and, once the stock is used up, what they still
    have to shed (a bout sheds at most twelve cards).  The planner weights it (a greedier,
    faster search that still finds short plans).
    """
    size = book.hand_size
    refill = table.stock > 0
    grow = 0
    shrink = 0
    for held, wanted in zip(table.hands, goal.hands, strict=True):
        floor = max(held, size) if refill else held
        if wanted > floor:
            grow += -(-(wanted - floor) // 6)
        if not refill and held > wanted:
            shrink += held - wanted
    bouts = max(-(-table.pairs_left // 6), grow, -(-shrink // 12))
    if bouts == 0 and table.attacker != goal.attacker:
        bouts = 1
    cards = 2 * table.pairs_left + sum(
        max(0, w - h) for h, w in zip(table.hands, goal.hands, strict=True)
    )
    return WEIGHT * (10 * bouts + cards)


WEIGHT = 3.0
"""How much more the estimate counts than the cost so far (above 1: greedier)."""
