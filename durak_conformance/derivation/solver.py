"""Deriving a stacked deck and a prefix of legal actions for a position start.

:func:`derive` takes a :class:`~durak_conformance.derivation.target.Target` and returns a
:class:`Derivation` (verified on the reference engine) or an :class:`Underivable` with the
reason.  The search, in order:

1. the reference engine starts the position: that state is what the derivation must reach;
2. the table must be reachable at all (:mod:`~durak_conformance.derivation.reachability`);
3. for each possible first attacker, plans in counts, fewest bouts first
   (:mod:`~durak_conformance.derivation.planner`); for each plan, a few bindings of cards
   (:mod:`~durak_conformance.derivation.binding`, seeded from the target's key so that the
   result is the same on every machine);
4. each binding is played on the reference engine and the state it reaches compared with the
   position start (:mod:`~durak_conformance.derivation.replay`); the first that matches wins.

A derivation whose state differs only in chess-clock fields (every action adds the
clock's increment) is kept, marked :attr:`Derivation.clock_exact` false: it serves engines
that do not claim capability ``clock``, for which no scenario step can see a clock.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from dataclasses import dataclass

from durak_conformance.derivation import reachability
from durak_conformance.derivation.binding import BindingFailed, Table, bind, leads
from durak_conformance.derivation.model import Rulebook
from durak_conformance.derivation.planner import Goal, plans
from durak_conformance.derivation.replay import (
    ReplayFailed,
    Step,
    compare,
    materialize,
    position_state,
)
from durak_conformance.derivation.target import Target
from reference_engine.cards import Card, parse_card


@dataclass(frozen=True)
class Derivation:
    """A stacked deck (top card first) and the prefix of steps that reach the position."""

    deck: tuple[str, ...]
    prefix: tuple[Step, ...]
    attacker: int
    """Who leads the bout of the position reached, and who defends against it."""
    defender: int
    clock_exact: bool = True
    """False when the chess clocks differ from the position start (see the module doc)."""


@dataclass(frozen=True)
class Underivable:
    """Why no derivation was found."""

    reason: str


PLANS_PER_LEADER = 12
"""Plans tried for each possible first attacker before the next one."""
BINDINGS_PER_PLAN = 2
"""Bindings of cards tried for each plan."""
SEARCH_BUDGETS = (4000, 40000)
"""Tables the planner may expand for each possible first attacker: a quick pass over every
first attacker, then a thorough one (tables with big hands need many takes)."""


def derive(target: Target) -> Derivation | Underivable:
    """A verified derivation of ``target``'s position, or why there is none."""
    try:
        expected = position_state(target)
    except ReplayFailed as exc:
        return Underivable(str(exc))
    position = target.position
    found = reachability.problems(target.rules, position, target.humans)
    if found:
        return Underivable("the position cannot be reached by legal play: " + "; ".join(found))
    book = Rulebook.from_rules(target.rules, target.seats)
    trump = parse_card(str(position["trump"]))
    hands = {
        int(k): frozenset(parse_card(c) for c in v) for k, v in dict(position["hands"]).items()
    }
    stock = tuple(parse_card(c) for c in position.get("stock", []))
    discard = frozenset(parse_card(c) for c in position.get("discard", []))
    holder = 0
    if not stock:
        holder = next((s for s, h in hands.items() if trump in h), 0)
    goal = Goal(
        hands=tuple(len(hands[s]) for s in range(1, target.seats + 1)),
        out=tuple(bool(entry["out"]) for entry in expected["seats"]),
        stock=len(stock),
        attacker=int(expected["attacker"]),
        pairs=len(discard) // 2,
        trump_holder=holder,
        trump_discarded=not stock and trump in discard,
        take_groups=tuple(
            _rank_groups(hands[s] - ({trump} if s == holder else set()))
            for s in range(1, target.seats + 1)
        ),
    )
    table = Table(hands, stock, discard, trump, target.humans)
    who = (int(expected["attacker"]), int(expected["defender"]))
    rng = random.Random(target.key())
    chess_clock = bool(target.rules.get("chess_clock")) and bool(
        target.rules.get("clock_increment_seconds")
    )
    inexact: Derivation | None = None
    last_problem = "no sequence of bouts reaches these hand sizes"
    books = [_plain(book), book] if _plain(book) != book else [book]
    attempts = itertools.product(SEARCH_BUDGETS, books, range(1, target.seats + 1))
    for budget, book, leader in attempts:
        for count, plan in enumerate(plans(book, goal, leader, budget=budget)):
            if count >= PLANS_PER_LEADER:
                break
            for lead, _ in itertools.product(
                leads(target.rules, table, leader, book), range(BINDINGS_PER_PLAN)
            ):
                try:
                    binding = bind(book, target.rules, table, plan, lead, rng)
                    prefix, state = materialize(target, binding)
                except (BindingFailed, ReplayFailed) as exc:
                    last_problem = str(exc)
                    continue
                differences = compare(expected, state)
                deck = tuple(c.code for c in binding.deck)
                if not differences:
                    return Derivation(deck, tuple(prefix), *who)
                if all(d.clock_only for d in differences):
                    if chess_clock:  # every action adds the increment: never exact
                        return Derivation(deck, tuple(prefix), *who, clock_exact=False)
                    inexact = inexact or Derivation(deck, tuple(prefix), *who, clock_exact=False)
                    break
                last_problem = "; ".join(str(d) for d in differences[:3])
        if inexact is not None:
            return inexact
    return Underivable(f"the solver found no derivation (last attempt: {last_problem})")


PLAIN_BOUT_CAP = 4
"""Attacking cards per bout in the plain pass of the search: below every variant's cap
(first bouts of five included), so that no bout of a prefix fills up."""


def _plain(book: Rulebook) -> Rulebook:
    """``book`` for the search's first, *plain* pass: bouts of at most
    :data:`PLAIN_BOUT_CAP` cards that leave the defender a card, opened with one card, and
    nothing added once the defender has taken.

    A derivation should not lean on a rule at its edge or on one the profiles disagree about
    (a bout filled to its cap or to the defender's hand, which some engines close at once and
    others leave open; several cards opened at once; cards added after a take), since an
    engine that differs there would fail the set-up of scenarios about other rules.  The
    profile's own rules are the fallback pass."""
    first = book.bout_cap if book.first_bout_cap is None else book.first_bout_cap
    return dataclasses.replace(
        book,
        bout_cap=min(book.bout_cap, PLAIN_BOUT_CAP),
        first_bout_cap=min(first, PLAIN_BOUT_CAP),
        several_at_once=False,
        throw_after_take=False,
        hand_margin=1,
    )


def _rank_groups(cards: frozenset[Card]) -> tuple[int, ...]:
    """How many cards of each rank, largest first."""
    counts: dict[int, int] = {}
    for c in cards:
        counts[c.rank] = counts.get(c.rank, 0) + 1
    return tuple(sorted(counts.values(), reverse=True))
