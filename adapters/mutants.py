"""A zoo of mutants: the reference engine with one realistic rule bug each.

A mutant is a small named variation of the reference engine -- a :class:`Game` subclass that
overrides the one method where its rule lives (listing and checking follow it, since both are
built from that method), or that plays by a ruleset with one parameter changed -- served through the
normal adapter path (``durak-conformance serve --mutant NAME``, or the in-process adapter
``mutant:NAME``).  They measure the suite: a good suite kills every mutant (at least one
scenario fails against it), and the fuzzer must find each of them.

Each mutant names the profiles whose rules it breaks and a *fuzz target* (profile, options,
seat count) on which it plays differently from the reference engine in random games.  They live
outside ``reference_engine`` on purpose: the reference engine stays the one true reading.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from adapters.base import Implementation
from adapters.reference import ReferenceAdapter, ReferenceEngine
from reference_engine import defending, throwing_in, transferring
from reference_engine.cards import Card
from reference_engine.game import Game
from reference_engine.outcome import Outcome, Termination
from reference_engine.refusals import Refusal
from reference_engine.rules import Rules
from reference_engine.seating import CLOCKWISE_FROM


@dataclass(frozen=True)
class FuzzTarget:
    """A table on which a mutant shows itself in random games."""

    profile: str
    options: Mapping[str, str] = field(default_factory=dict)
    seats: int = 2
    illegal_rate: float = 0.15
    """Share of steps trying a refused action first (0 where refusals get in the way of the
    situation the bug needs, e.g. a drawn last bout)."""

    def describe(self) -> str:
        opts = "".join(f" --option {k}={v}" for k, v in sorted(self.options.items()))
        return (
            f"--profile {self.profile}{opts} --seats {self.seats} "
            f"--illegal-rate {self.illegal_rate}"
        )


@dataclass(frozen=True)
class Mutant:
    """One rule bug."""

    name: str
    description: str
    """What the buggy engine does, in plain words."""
    clauses: tuple[str, ...]
    """Clause suffixes of the rule it breaks (``limits.six``)."""
    profiles: tuple[str, ...]
    """Profiles whose rules it breaks (others may play identically)."""
    target: FuzzTarget
    game_class: type[Game]


ALL_PROFILES = ("videochess", "durak-challenge", "howto-durak", "ggtables", "prototype-build10")


# ------------------------------------------------------------------ ruleset tweaks


def _tweaked(name: str, change: Callable[[Rules], Mapping[str, Any]]) -> type[Game]:
    """A Game playing by the ruleset with ``change(rules)`` applied (a wrong parameter).

    The changed ruleset carries the mutant's name in ``extra`` so it is changed only once,
    however the game is built (``deal`` and ``from_position`` read the ruleset they are given).
    """

    def tweak(rules: Rules) -> Rules:
        if rules.extra.get("mutant") == name:
            return rules
        extra = {**dict(rules.extra), "mutant": name}
        return dataclasses.replace(rules, extra=extra, **change(rules))

    class Tweaked(Game):
        def __init__(self, rules: Rules, seats: int, trump: Card, humans: Iterable[int]) -> None:
            super().__init__(tweak(rules), seats, trump, humans)

        @classmethod
        def deal(
            cls,
            rules: Rules,
            seats: int,
            deck: Sequence[Card | str],
            humans: Iterable[int] | None = None,
        ) -> Game:
            return super().deal(tweak(rules), seats, deck, humans)

        @classmethod
        def from_position(
            cls, rules: Rules, position: Mapping[str, Any], humans: Iterable[int] | None = None
        ) -> Game:
            return super().from_position(tweak(rules), position, humans)

    Tweaked.__name__ = Tweaked.__qualname__ = f"Mutant_{name.replace('-', '_')}"
    return Tweaked


def _flip(value: str, a: str, b: str) -> str:
    return b if value == a else a


# ------------------------------------------------------------------ hook overrides


class SeventhCard(Game):
    """The six-card cap is off by one."""

    def cap(self) -> int:
        cap = super().cap()
        return cap + 1 if cap == self.rules.bout_cap else cap


class DefenderHandIgnored(Game):
    """The defender's hand does not limit the attack."""

    def room(self) -> int:
        return self.cap() - len(self.table)


class DefenderDrawsFirst(Game):
    """After a bout the defender refills first, then the others from the starter."""

    def draw_order(self) -> tuple[int, ...]:
        order = super().draw_order()
        return (order[-1], *order[:-1])


class DrawFromBottom(Game):
    """Refills come from the bottom of the stock, so the face-up trump is drawn first."""

    def draw_after_bout(self) -> None:
        self.stock.reverse()
        try:
            super().draw_after_bout()
        finally:
            self.stock.reverse()


class TransferAfterBeat(Game):
    """A transfer is still allowed after the defender has beaten a card."""

    def transfer_window_refusal(self) -> Refusal | None:
        refusal = super().transfer_window_refusal()
        return None if refusal is transferring.AFTER_BEAT else refusal


class TransferCapacityUnchecked(Game):
    """A transfer does not check that the new defender holds enough cards."""

    def transfer_capacity_refusal(self, seat: int) -> Refusal | None:
        refusal = super().transfer_capacity_refusal(seat)
        return None if refusal is transferring.TARGET_HAND_TOO_SMALL else refusal


class PartnerAttacked(Game):
    """Pairs: the bout goes to the next seat clockwise even when that is the partner."""

    def next_opponent(self, seat: int) -> int:
        nxt = self.next_active(seat)
        return 0 if nxt == seat else nxt


class PartnerThrowsIn(Game):
    """Pairs: the defender's partner may throw in against them."""

    def update_throwers(self) -> None:
        super().update_throwers()
        partner = self.partners[self.defender] if self.defender else None
        if partner and not self.out[partner]:  # the partner joins, in turn order
            throwers = {*self._throwers, partner}
            order = CLOCKWISE_FROM[(self.seats, self.priority or self.attacker)]
            self._throwers = tuple(s for s in order if s in throwers)


class OnlyAttackerThrowsIn(Game):
    """Only the seat attacking this bout adds cards: nobody else throws in.

    A bug seen in a real engine; in scenarios of many rule areas it stops a bout that needs a
    third seat's card early, so its failures are the suite's test of grouping by cause.
    """

    def update_throwers(self) -> None:
        super().update_throwers()
        self._throwers = tuple(s for s in self._throwers if s == self.attacker)


class DrawScoredAsLoss(Game):
    """A solo draw (the last players out together) makes the last of them the durak."""

    def finished_result(self) -> Outcome | None:
        result = super().finished_result()
        if result is None or result.termination is not Termination.DRAW or not self.out_log:
            return result
        loser = self.out_log[-1][1]
        winners = tuple(s for s in range(1, self.seats + 1) if s != loser)
        return Outcome(Termination.DURAK, (loser,), winners, None, result.out_order)


class DurakIsLastOut(Game):
    """The durak is taken to be the last seat that went out, not the one left with cards."""

    def finished_result(self) -> Outcome | None:
        result = super().finished_result()
        if result is None or result.termination is not Termination.DURAK or not self.out_log:
            return result
        loser = self.out_log[-1][1]
        winners = tuple(s for s in range(1, self.seats + 1) if s != loser)
        return Outcome(Termination.DURAK, (loser,), winners, None, result.out_order)


class TrumpNotBeatingPlain(Game):
    """A trump does not beat a card of another suit."""

    def defence_beats(self, defence: Card, attack: Card) -> bool:
        return defence.suit == attack.suit and defence.rank > attack.rank


class AnyTrumpBeatsTrump(Game):
    """Any trump beats a trump, a lower one included."""

    def defence_beats(self, defence: Card, attack: Card) -> bool:
        if defence.suit == self.trump and attack.suit == self.trump:
            return True
        return super().defence_beats(defence, attack)


class ThrowInAnyRank(Game):
    """Throw-ins need not match a rank on the table."""

    def throw_in_ranks(self) -> set[int]:
        return _EVERY_RANK


_EVERY_RANK = set(range(13))


class TakerAttacksNext(Game):
    """After taking the cards, the defender still attacks next."""

    def next_attacker(self, defender: int, taken: bool) -> int:
        if taken and not self.out[defender]:
            return defender
        return super().next_attacker(defender, taken)


class SuccessfulDefenderSkipped(Game):
    """After a defence that succeeded, the seat after the defender attacks instead of them."""

    def next_attacker(self, defender: int, taken: bool) -> int:
        nxt = super().next_attacker(defender, taken)
        return self.next_active(defender) if not taken and nxt == defender else nxt


class DoneWithUnbeatenCards(Game):
    """A thrower may say done while cards on the table are still unbeaten."""

    def thrower_refusals(self, seat: int) -> tuple[Refusal | None, Refusal | None]:
        block, done = super().thrower_refusals(seat)
        if done is throwing_in.DONE_TOO_EARLY:  # the rest of the rules still apply
            done = None if block in (None, throwing_in.WAIT_FOR_DEFENCE) else block
        return block, done


class DefenderEndsBout(Game):
    """The defender may end the bout as soon as every card is beaten (no waiting for done)."""

    def defender_refusals(self, seat: int) -> defending.Refusals:
        beat, take, transfer, accept, keep = super().defender_refusals(seat)
        if beat is None and self.table and not self._unbeaten:
            keep = None  # every card is beaten: the defender may close the bout
        return beat, take, transfer, accept, keep


class OutBeforeStockEmpty(Game):
    """A seat with no cards left goes out at once, even while the stock still holds cards."""

    def go_out_now(self) -> None:
        for s in range(1, self.seats + 1):
            if not self.out[s] and not self.hands[s] and s != self.defender:
                self.mark_out(s)


# ------------------------------------------------------------------ the zoo


def _m(
    name: str,
    description: str,
    clauses: Sequence[str],
    profiles: Sequence[str],
    target: FuzzTarget,
    game_class: type[Game],
) -> Mutant:
    return Mutant(name, description, tuple(clauses), tuple(profiles), target, game_class)


def _t(profile: str, seats: int = 2, illegal_rate: float = 0.15, **options: str) -> FuzzTarget:
    return FuzzTarget(profile, dict(options), seats, illegal_rate)


MUTANTS: tuple[Mutant, ...] = (
    _m(
        "seventh-attack-card",
        "a bout may hold seven attacking cards",
        ["limits.six"],
        ALL_PROFILES,
        _t("videochess"),
        SeventhCard,
    ),
    _m(
        "first-bout-limit-ignored",
        "the five-card limit before the first discard is not applied",
        ["limits.first-bout"],
        ["howto-durak"],
        _t("howto-durak", 3),
        _tweaked("first-bout-limit-ignored", lambda r: {"first_bout_cap": None}),
    ),
    _m(
        "defender-hand-limit-ignored",
        "attacking cards are not limited by the defender's hand, only by the bout cap",
        ["limits.defender-hand"],
        ALL_PROFILES,
        _t("durak-challenge"),
        DefenderHandIgnored,
    ),
    _m(
        "defender-draws-first",
        "after a bout the defender refills their hand before the attackers",
        ["drawing.order"],
        ALL_PROFILES,
        _t("howto-durak", 3),
        DefenderDrawsFirst,
    ),
    _m(
        "draw-from-bottom",
        "refills come from the bottom of the stock: the face-up trump is drawn first",
        ["drawing.order"],
        ALL_PROFILES,
        _t("durak-challenge"),
        DrawFromBottom,
    ),
    _m(
        "deal-in-packets",
        "the deal gives each seat its whole hand at once instead of one card at a time",
        ["deal.hands"],
        ALL_PROFILES,
        _t("ggtables", 4),
        _tweaked(
            "deal-in-packets",
            lambda r: {"deal": _flip(r.deal, "one_at_a_time", "packets")},
        ),
    ),
    _m(
        "first-attacker-fallback-wrong",
        "when nobody holds a trump the wrong seat leads (lowest card instead of the first "
        "seat or the human, or the first seat instead of the lowest card)",
        ["first-attack.no-trump"],
        ALL_PROFILES,
        _t("prototype-build10"),
        _tweaked(
            "first-attacker-fallback-wrong",
            lambda r: {
                "first_attack_fallback": _flip(r.first_attack_fallback, "lowest_card", "first_seat")
            },
        ),
    ),
    _m(
        "multi-card-opening-swapped",
        "the opening allows several cards of one rank where only one is allowed (and the other "
        "way round)",
        ["attack.opening-cards"],
        ALL_PROFILES,
        _t("durak-challenge"),
        _tweaked(
            "multi-card-opening-swapped",
            lambda r: {"opening": _flip(r.opening, "single", "same_rank")},
        ),
    ),
    _m(
        "trump-not-beating-plain",
        "a trump does not beat a card of another suit",
        ["defence.beat"],
        ALL_PROFILES,
        _t("durak-challenge"),
        TrumpNotBeatingPlain,
    ),
    _m(
        "any-trump-beats-trump",
        "any trump beats a trump, a lower one included",
        ["defence.beat"],
        ALL_PROFILES,
        _t("durak-challenge"),
        AnyTrumpBeatsTrump,
    ),
    _m(
        "throw-in-any-rank",
        "a card of a rank not on the table may be thrown in",
        ["throw-in.rank"],
        ALL_PROFILES,
        _t("howto-durak"),
        ThrowInAnyRank,
    ),
    _m(
        "take-ends-bout-everywhere",
        "pressing take ends the bout at once: nobody may add cards afterwards",
        ["take.throw-after", "take.add-after"],
        ["videochess", "durak-challenge", "howto-durak", "ggtables"],
        _t("howto-durak"),
        _tweaked("take-ends-bout-everywhere", lambda r: {"take_ends_bout": True}),
    ),
    _m(
        "take-keeps-bout-open",
        "after take the attackers may still add cards (the prototype ends the bout at once)",
        ["take.ends-bout"],
        ["prototype-build10"],
        _t("prototype-build10"),
        _tweaked("take-keeps-bout-open", lambda r: {"take_ends_bout": False}),
    ),
    _m(
        "taker-attacks-next",
        "a defender who took the cards still attacks next",
        ["next-attacker.after-take"],
        ALL_PROFILES,
        _t("howto-durak"),
        TakerAttacksNext,
    ),
    _m(
        "successful-defender-skipped",
        "after a successful defence the seat after the defender attacks, not the defender",
        ["next-attacker.after-defence"],
        ALL_PROFILES,
        _t("howto-durak", 3),
        SuccessfulDefenderSkipped,
    ),
    _m(
        "done-with-unbeaten-cards",
        "a thrower may say done while attacking cards are still unbeaten",
        ["done.when"],
        ALL_PROFILES,
        _t("howto-durak", 3),
        DoneWithUnbeatenCards,
    ),
    _m(
        "defender-ends-bout",
        "the defender may end the bout as soon as every card is beaten, before the throwers "
        "are done",
        ["done.when", "bout.discard"],
        ["videochess", "howto-durak", "ggtables", "prototype-build10"],
        _t("howto-durak"),
        DefenderEndsBout,
    ),
    _m(
        "done-not-cancelled",
        "a new card on the table does not cancel the done of the other throwers",
        ["done.when", "throw-in.any-time"],
        ALL_PROFILES,
        _t("howto-durak", 3),
        _tweaked("done-not-cancelled", lambda r: {"done_resets": not r.done_resets}),
    ),
    _m(
        "neighbours-rule-ignored",
        "with throw-in by neighbours only, every seat may still throw in",
        ["throw-in.who"],
        ["howto-durak"],
        _t("howto-durak", 4, throw_in="neighbours"),
        _tweaked("neighbours-rule-ignored", lambda r: {"throw_in_scope": "all"}),
    ),
    _m(
        "starter-first-ignored",
        "the starter of the bout does not throw in first: anyone may at any time",
        ["throw-in.order"],
        ["videochess"],
        _t("videochess", 3),
        _tweaked("starter-first-ignored", lambda r: {"throw_in_order": "free"}),
    ),
    _m(
        "rounds-ignored",
        "GGTables' rounds (principal attacker first, one card or a pass each) are not kept",
        ["throw-in.order"],
        ["ggtables"],
        _t("ggtables", 4),
        _tweaked("rounds-ignored", lambda r: {"throw_in_order": "free"}),
    ),
    _m(
        "throw-in-before-defence",
        "cards may be added while earlier ones are still unbeaten (one card at a time ignored)",
        ["throw-in.after-defence"],
        ["durak-challenge", "prototype-build10"],
        _t("durak-challenge"),
        _tweaked("throw-in-before-defence", lambda r: {"throw_in_timing": "any_time"}),
    ),
    _m(
        "partner-attacked",
        "pairs: the bout goes to the next seat even when that is the attacker's partner",
        ["pairs.skip-partner"],
        ["videochess", "howto-durak"],
        _t("videochess", 4, teams="pairs"),
        PartnerAttacked,
    ),
    _m(
        "partner-throws-in",
        "pairs: the defender's partner may throw in against them",
        ["throw-in.who"],
        ["videochess", "howto-durak"],
        _t("videochess", 4, teams="pairs"),
        PartnerThrowsIn,
    ),
    _m(
        "only-attacker-throws-in",
        "only the seat attacking the bout throws in: the other seats may not add cards",
        ["throw-in.who"],
        ["videochess", "howto-durak", "ggtables", "prototype-build10"],
        _t("howto-durak", 3),
        OnlyAttackerThrowsIn,
    ),
    _m(
        "transfer-everywhere",
        "transfer is allowed in games without transfer",
        ["transfer.mode"],
        ALL_PROFILES,
        _t("durak-challenge"),
        _tweaked("transfer-everywhere", lambda r: {"transfer": True}),
    ),
    _m(
        "transfer-after-beat",
        "a transfer is still allowed after a card has been beaten",
        ["transfer.before-beat"],
        ["videochess", "howto-durak", "prototype-build10"],
        _t("videochess", 3, rules="transfer"),
        TransferAfterBeat,
    ),
    _m(
        "transfer-capacity-unchecked",
        "a transfer does not check that the new defender holds enough cards",
        ["transfer.capacity"],
        ["videochess", "howto-durak", "prototype-build10"],
        _t("videochess", 3, rules="transfer"),
        TransferCapacityUnchecked,
    ),
    _m(
        "transferrer-not-first",
        "after a transfer the transferrer does not throw in first",
        ["transfer.throws-first"],
        ["videochess"],
        _t("videochess", 3, rules="transfer"),
        _tweaked("transferrer-not-first", lambda r: {"transferrer_throws_first": False}),
    ),
    _m(
        "no-accept-anyway",
        "after a complete defence the defender cannot take the cards anyway",
        ["accept.when"],
        ["durak-challenge"],
        _t("durak-challenge"),
        _tweaked("no-accept-anyway", lambda r: {"accept_after_defence": False}),
    ),
    _m(
        "computer-accepts-anyway",
        "the computer may also take the cards after a complete defence",
        ["accept.computer-never"],
        ["durak-challenge"],
        _t("durak-challenge"),
        _tweaked("computer-accepts-anyway", lambda r: {"bot_accepts_anyway": None}),
    ),
    _m(
        "out-timing-swapped",
        "a seat out of cards leaves at the wrong moment (at once instead of at the end of the "
        "bout, or the other way round)",
        ["end.going-out"],
        ALL_PROFILES,
        _t("howto-durak", 3),
        _tweaked(
            "out-timing-swapped",
            lambda r: {"out_timing": _flip(r.out_timing, "immediate", "bout_end")},
        ),
    ),
    _m(
        "out-before-stock-empty",
        "a seat that plays its last card goes out even while the stock still holds cards",
        ["end.going-out"],
        ["videochess", "howto-durak"],
        _t("howto-durak"),
        OutBeforeStockEmpty,
    ),
    _m(
        "draw-scored-as-loss",
        "when the last players go out together, the last of them is made the durak",
        ["end.draw"],
        ALL_PROFILES,
        _t("durak-challenge", illegal_rate=0.0),
        DrawScoredAsLoss,
    ),
    _m(
        "durak-is-last-out",
        "the durak is taken to be the last seat that went out, not the one left holding cards",
        ["end.durak"],
        ALL_PROFILES,
        _t("howto-durak", 3),
        DurakIsLastOut,
    ),
)

_BY_NAME = {m.name: m for m in MUTANTS}


class UnknownMutant(LookupError):
    """No mutant of that name; the message lists them."""


def names() -> list[str]:
    """Every mutant's name, in zoo order."""
    return [m.name for m in MUTANTS]


def get(name: str) -> Mutant:
    """The mutant called ``name``."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise UnknownMutant(
            f"no mutant named {name!r}; known mutants: {', '.join(names())}"
        ) from None


class MutantEngine(ReferenceEngine):
    """The reference dispatcher playing a mutant's game."""

    def __init__(self, mutant: Mutant) -> None:
        super().__init__()
        self.mutant = mutant
        self.game_class = mutant.game_class

    def implementation(self) -> Implementation:
        base = super().implementation()
        return dataclasses.replace(
            base,
            name=f"durak-conformance-mutant-{self.mutant.name}",
            extra={**dict(base.extra), "mutant": self.mutant.description},
        )


class MutantAdapter(ReferenceAdapter):
    """A mutant in process (adapter name ``mutant:NAME``)."""

    def __init__(self, mutant: Mutant) -> None:
        super().__init__(MutantEngine(mutant))
        self.name = f"mutant:{mutant.name}"


def mutant_stdio_command(name: str) -> list[str]:
    """The command line serving a mutant over stdio."""
    import sys

    return [sys.executable, "-m", "durak_conformance", "serve", "--mutant", name]
