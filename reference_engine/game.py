"""The game: one state object, driven only by a resolved :class:`~reference_engine.rules.Rules`.

``Game.deal`` starts from a stacked deck, ``Game.from_position`` from a table between bouts.
``apply`` plays an action or raises (leaving the state untouched); ``legal_actions`` lists
what a seat may do now (``legal_moves`` what every seat may do).  Several seats may be able to
act at once (throwers and the defender), so there is no single "player to move": ask each seat.

Seats are numbered from 1, clockwise.  Internally hands are indexed by seat number too
(index 0 unused) to keep the arithmetic readable.

Overridable hooks
-----------------
Variant engines (the mutant zoo in ``adapters/mutants.py``, cheater mode) are small subclasses
of :class:`Game` that override some of these methods.  Their names and meanings are stable,
and the listing of legal actions and the playing of actions go through them:

- ``_check(act)``: raise :class:`IllegalAction` unless ``act`` is allowed now (changes nothing);
  it dispatches to ``_check_attack`` / ``_check_defend`` / ``_check_throw_in`` /
  ``_check_transfer`` / ``_check_take`` / ``_check_done`` / ``_check_accept``.
- ``_beats(defence, attack)``: whether ``defence`` beats ``attack`` (default: :func:`beats`
  with this game's trump).  Checking calls it directly; listing reads a table of its answers
  built once per (hook, trump suit), so it must depend only on the two cards and the trump.
- ``_generate_legal(seat)``: the list of actions ``seat`` may take now (a fresh list).
- ``cap()``, ``room()``, ``table_ranks()``, ``unbeaten()``: the limits and the table's ranks.
- ``_limit_refusal(k)``: (clause suffix, message) for the limit ``k`` more attacking cards
  would break.
- ``_transfer_refusal(seat, card)``: why ``seat`` may not transfer with ``card`` (None: it may;
  ``card=None``: the checks that need no card).  Listing uses an inlined equivalent unless a
  subclass overrides it.
- ``_throw_in_block(seat)``: why ``seat`` may not throw in now, as a short key (None: it may).
- ``_in_throw_scope(seat)``: whether ``seat`` is among those who may throw in this bout.
- ``_done_refusal(seat)``: why ``seat`` may not say done now.
- ``next_opponent(seat)``: who defends against ``seat``.
- ``_play_action(act)``: apply a checked action.
- ``_go_out_immediately()``, ``_maybe_close_bout()``, ``_close_bout(taken=...)``,
  ``_after_bout(defender, taken=..., next_attacker=...)`` (once the table is cleared: refill,
  going out, the result or the next bout), ``_draw_after_bout()``, ``_finished_result()``,
  ``_first_attacker()``, ``_begin_bout(attacker)``: what happens after an action, at the end of
  a bout, and at the start of the next.

Cheater mode (``reference_engine/cheating.py``) is such a subclass; a game without it is a plain
:class:`Game` and pays nothing for it.  What surrounds the card play -- time, departures, the
lobby, redeals and the match -- lives in :class:`reference_engine.session.Session`.

Caches: the listed actions of the current state (``_listed``: every seat's; ``_legal_cache``:
per seat), the room (``_room_cache``) and the table's unbeaten count and ranks (kept up to date
by ``_play_action``, rebuilt whenever ``self.table`` is replaced by another list).  Code that
changes the state other than through these methods must call :meth:`Game._state_changed`, and
replace ``self.table`` rather than edit it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar, cast

from reference_engine.actions import (
    Accept,
    Action,
    Attack,
    Defend,
    Done,
    Take,
    ThrowIn,
    Transfer,
    action_from_json,
)
from reference_engine.cards import ALL_CARDS, CODES, Card, check_deck_cards, parse_card
from reference_engine.errors import IllegalAction, MalformedAction, RulesError
from reference_engine.outcome import Outcome, Termination
from reference_engine.rules import Rules

Phase = Literal["lead", "bout", "finished"]
Event = dict[str, Any]
_A = TypeVar("_A", bound=Action)


class TablePair:
    """One attacking card on the table and the card that beat it, if any."""

    __slots__ = ("attack", "attacker", "defence", "defender")

    def __init__(
        self, attack: Card, attacker: int, defence: Card | None = None, defender: int | None = None
    ) -> None:
        self.attack = attack
        self.attacker = attacker
        self.defence = defence
        self.defender = defender

    def copy(self) -> TablePair:
        return TablePair(self.attack, self.attacker, self.defence, self.defender)

    def to_json(self) -> dict[str, Any]:
        return {
            "attack": CODES[self.attack],
            "attacker": self.attacker,
            "defence": CODES[self.defence] if self.defence is not None else None,
            "defender": self.defender,
        }


def beats(defence: Card, attack: Card, trump: str) -> bool:
    """Whether ``defence`` beats ``attack``: a higher card of the same suit, or any trump
    over a non-trump (a trump is beaten only by a higher trump)."""
    if defence.suit == attack.suit:
        return defence.rank > attack.rank
    return defence.suit == trump


# Shared action objects: listing the options of a step looks actions up instead of building
# them (actions are immutable values).  Seats run from 1 to at most 6; index 0 is unused.
_SEAT_NUMBERS = range(7)


def _per_seat_card(make: Callable[[int, Card], _A]) -> tuple[dict[Card, _A], ...]:
    return tuple({c: make(s, c) for c in ALL_CARDS} for s in _SEAT_NUMBERS)


_OPEN_ONE = _per_seat_card(lambda s, c: Attack(s, (c,)))
_THROW_IN = _per_seat_card(ThrowIn)
_TRANSFER = _per_seat_card(Transfer)
_TAKE = tuple(Take(s) for s in _SEAT_NUMBERS)
_DONE = tuple(Done(s) for s in _SEAT_NUMBERS)
_ACCEPT = tuple(Accept(s) for s in _SEAT_NUMBERS)
#: Per seat: the cards of a several-card opening -> its shared Attack.
_OPEN_MANY: tuple[dict[tuple[Card, ...], Attack], ...] = tuple({} for _ in _SEAT_NUMBERS)
#: Per seat: (cards of one rank in hand order, most cards per opening) -> the openings with
#: them (bounded: at most a few thousand keys per seat).
_RANK_OPENINGS: tuple[dict[tuple[tuple[Card, ...], int], tuple[Attack, ...]], ...] = tuple(
    {} for _ in _SEAT_NUMBERS
)
#: (seats, starter, defender) -> the order in which seats draw after a bout.
_DRAW_ORDERS: dict[tuple[int, int, int], tuple[int, ...]] = {}
#: Two seats, by defender: the other seat (who started the bout, or was passed it) draws first.
_DUEL_DRAW_ORDERS: tuple[tuple[int, ...], ...] = ((), (2, 1), (1, 2))
#: (beating hook, beats function, trump suit) -> per seat: attack card -> {beater: Defend}.
_DEFENCES: dict[tuple[Any, Any, str], tuple[dict[Card, dict[Card, Defend]], ...]] = {}


class Game:
    """A game of Durak under one resolved ruleset."""

    # Slots: a game has more attributes than CPython shares in an instance dict's keys, and
    # slot access is what keeps the per-step cost of simulations low.  Subclasses that add
    # attributes of their own get a dict as usual.  (The underscored rule flags are copied
    # out of self.rules by _copy_rule_flags.)
    __slots__ = (
        "_after_defence",
        "_clear_done",
        "_defences",
        "_hand_at_start",
        "_history",
        "_legal_cache",
        "_listed",
        "_neighbours",
        "_order",
        "_out_at_once",
        "_pairs",
        "_plain_two",
        "_ranks",
        "_room_cache",
        "_single_opening",
        "_table_seen",
        "_unbeaten",
        "attacker",
        "awaiting_choice",
        "bout",
        "defender",
        "defender_hand_at_start",
        "discard",
        "done",
        "first_discard_done",
        "hands",
        "humans",
        "last_close",
        "log",
        "out",
        "out_log",
        "phase",
        "priority",
        "priority_released",
        "result",
        "rules",
        "seats",
        "starter",
        "stock",
        "table",
        "taken",
        "trump",
        "trump_card",
    )

    # The fields below are the whole state; copy() and the snapshots of push/pop list them.
    _STATE: ClassVar[tuple[str, ...]] = (
        "phase",
        "hands",
        "stock",
        "discard",
        "table",
        "out",
        "out_log",
        "bout",
        "starter",
        "attacker",
        "defender",
        "priority",
        "priority_released",
        "taken",
        "awaiting_choice",
        "defender_hand_at_start",
        "done",
        "first_discard_done",
        "result",
        "log",
        "last_close",
    )

    def __init__(self, rules: Rules, seats: int, trump: Card, humans: Iterable[int]) -> None:
        """Use :meth:`deal` or :meth:`from_position`; this makes an empty table."""
        if not rules.min_seats <= seats <= rules.max_seats:
            allowed = (
                f"exactly {rules.min_seats}"
                if rules.min_seats == rules.max_seats
                else f"{rules.min_seats} to {rules.max_seats}"
            )
            raise RulesError(
                f"{rules.profile} with these options is played by {allowed} seats, not {seats}"
            )
        if rules.teams == "pairs" and seats != rules.pairs_seats:
            raise RulesError(
                f"pairs are played with exactly {rules.pairs_seats} seats, not {seats}"
            )
        self.rules = rules
        self.seats = seats
        self.trump_card = trump
        self.trump = trump.suit
        self.humans = frozenset(humans)
        self._copy_rule_flags()
        self.phase: Phase = "lead"
        self.hands: list[list[Card]] = [[] for _ in range(seats + 1)]
        self.stock: list[Card] = []  # bottom first: the face-up trump is stock[0], top is [-1]
        self.discard: list[Card] = []
        self.table: list[TablePair] = []
        self.out: list[bool] = [False] * (seats + 1)
        self.out_log: list[tuple[int, int]] = []  # (bout, seat) in the order seats went out
        self.bout = 1
        self.starter = 0
        self.attacker = 0
        self.defender = 0
        self.priority = 0  # the seat that throws in first (starter, or the last transferrer)
        self.priority_released = False
        self.taken = False
        self.awaiting_choice = False
        self.defender_hand_at_start = 0
        self.done: set[int] = set()
        self.first_discard_done = False
        self.result: Outcome | None = None
        self.log: list[Event | Action] = []
        """What happened, in order: the actions played and the events they caused (render
        with :meth:`events`)."""
        self.last_close = ""  # how the previous bout ended: "discarded", "taken" or "accepted"
        self._history: list[dict[str, Any]] = []
        self._listed: tuple[Action, ...] | None = None
        """Every seat's listed actions in this state, in seat order (None: not listed yet)."""
        self._legal_cache: dict[int, Sequence[Action]] = {}
        """Seat -> its listed actions in this state."""
        self._room_cache: int | None = None
        self._sync_table()

    # Whether a subclass overrides a hook that the listing otherwise inlines (set per class).
    _plain_ranks: ClassVar[bool] = True
    _plain_transfer: ClassVar[bool] = True
    _plain: ClassVar[bool] = True
    """No hook is overridden: listing and playing may skip calls that would return at once."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._plain_ranks = cls.table_ranks is Game.table_ranks
        cls._plain_transfer = cls._transfer_refusal is Game._transfer_refusal
        cls._plain = not any(getattr(cls, name) is not getattr(Game, name) for name in _HOOKS)

    def _copy_rule_flags(self) -> None:
        """Copy the rule flags read on every step out of the ruleset (and the beating table)."""
        rules = self.rules
        self._pairs = rules.teams == "pairs"
        self._neighbours = rules.throw_in_scope == "neighbours"
        self._after_defence = rules.throw_in_timing == "after_defence"
        self._order = rules.throw_in_order
        self._single_opening = rules.opening == "single"
        self._clear_done = rules.done_resets or rules.throw_in_order == "rounds"
        self._out_at_once = rules.out_timing == "immediate"
        self._hand_at_start = rules.defender_limit == "hand_at_start"
        # A plain class with two seats: the seat that does not defend is the only thrower.
        self._plain_two = self._plain and self.seats == 2
        key = (type(self)._beats, beats, self.trump)
        defences = _DEFENCES.get(key)
        if defences is None:
            defences = _DEFENCES[key] = tuple({} for _ in _SEAT_NUMBERS)
        self._defences = defences

    def _sync_table(self) -> None:
        """Recount the unbeaten cards and ranks of ``self.table`` (after it was replaced)."""
        table = self._table_seen = self.table
        self._unbeaten = sum(1 for p in table if p.defence is None)
        ranks = self._ranks = {p.attack.rank for p in table}
        ranks.update(p.defence.rank for p in table if p.defence is not None)

    def _defence_table(self, seat: int, attack: Card) -> dict[Card, Defend]:
        """The defences of ``seat`` against ``attack``, by defending card (built once)."""
        table = self._defences[seat].get(attack)
        if table is None:
            table = {c: Defend(seat, attack, c) for c in ALL_CARDS if self._beats(c, attack)}
            self._defences[seat][attack] = table
        return table

    # ------------------------------------------------------------------ set-up

    @classmethod
    def deal(
        cls,
        rules: Rules,
        seats: int,
        deck: Sequence[Card | str],
        humans: Iterable[int] | None = None,
    ) -> Game:
        """Deal a stacked ``deck`` (top card first; the last card is the face-up trump).

        Cards go out one at a time around the table from seat 1 (or a whole hand per seat
        with ``deal: packets``); what is left is the stock, the trump card at its bottom.  When
        the whole deck is dealt there is no stock and the trump card is in the last hand dealt.
        """
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
            raise RulesError(
                f"deck: {len(cards)} cards cannot deal {rules.hand_size} to {seats} seats"
            )
        game = cls(rules, seats, cards[-1], range(1, seats + 1) if humans is None else humans)
        size = rules.hand_size
        position = seats * size
        if rules.deal == "one_at_a_time":  # seat s gets cards s-1, s-1+seats, ...
            for seat in range(1, seats + 1):
                game.hands[seat] = cards[seat - 1 : position : seats]
        else:
            for seat in range(1, seats + 1):
                game.hands[seat] = cards[(seat - 1) * size : seat * size]
        game.stock = cards[position:]
        game.stock.reverse()
        game._begin_bout(game._first_attacker())
        game.log.append({"type": "deal", "first_attacker": game.attacker})
        return game

    @classmethod
    def from_position(
        cls, rules: Rules, position: Mapping[str, Any], humans: Iterable[int] | None = None
    ) -> Game:
        """Start from a table between bouts (see the protocol's ``position`` object).

        Raises :class:`RulesError` for an impossible position (a card twice, a card not in
        the deck, the trump card not at the bottom of the stock, ...), naming what is wrong.
        """
        hands_obj = position.get("hands")
        if not isinstance(hands_obj, Mapping) or not hands_obj:
            raise RulesError("position.hands: expected an object of seat number to cards")
        try:
            seat_numbers = sorted(int(k) for k in hands_obj)
        except (TypeError, ValueError):
            raise RulesError("position.hands: keys must be seat numbers") from None
        seats = len(seat_numbers)
        if seat_numbers != list(range(1, seats + 1)):
            raise RulesError(
                f"position.hands: seats must be numbered 1..{seats}, got {seat_numbers}"
            )

        def cards_at(path: str, value: Any) -> list[Card]:
            if not isinstance(value, list):
                raise RulesError(f"{path}: expected a list of cards")
            out = []
            for i, text in enumerate(value):
                try:
                    out.append(parse_card(text) if isinstance(text, str) else _bad(text))
                except MalformedAction as exc:
                    raise RulesError(f"{path}[{i}]: {exc}") from None
            return out

        hands = {
            s: cards_at(f"position.hands.{s}", hands_obj.get(str(s), hands_obj.get(s)))
            for s in seat_numbers
        }
        stock = cards_at("position.stock", position.get("stock", []))
        discard = cards_at("position.discard", position.get("discard", []))
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
        if game._finished_result() is not None:
            raise RulesError(
                "position: the game is already decided (fewer than two sides hold cards)"
            )
        attacker = position.get("attacker")
        if attacker is None:
            attacker = game._first_attacker()
        elif attacker not in seat_numbers or game.out[attacker]:
            raise RulesError(f"position.attacker: seat {attacker!r} is not a seat in the game")
        game._begin_bout(attacker)
        return game

    # ------------------------------------------------------------------ seats

    def partner(self, seat: int) -> int | None:
        """The partner of ``seat`` in pairs (opposite seat), else None."""
        if self.rules.teams != "pairs":
            return None
        return (seat + 1) % self.seats + 1

    def teams(self) -> list[list[int]] | None:
        if self.rules.teams != "pairs":
            return None
        return [[1, 3], [2, 4]]

    def is_opponent(self, a: int, b: int) -> bool:
        return a != b and self.partner(a) != b

    def active(self, seat: int) -> bool:
        return not self.out[seat]

    def next_active(self, seat: int) -> int:
        """The next seat clockwise after ``seat`` that is still in the game (may be ``seat``)."""
        if self.seats == 2:
            return seat if self.out[3 - seat] else 3 - seat
        s = seat
        for _ in range(self.seats):
            s = s % self.seats + 1
            if not self.out[s]:
                return s
        return seat

    def previous_active(self, seat: int) -> int:
        s = seat
        for _ in range(self.seats):
            s = (s - 2) % self.seats + 1
            if not self.out[s]:
                return s
        return seat

    def next_opponent(self, seat: int) -> int:
        """The next opponent clockwise still in the game (the partner is skipped); 0 if none."""
        n, out = self.seats, self.out
        if n == 2:  # a duel: the other seat, unless it is out
            return 0 if out[3 - seat] else 3 - seat
        partner = (seat + 1) % n + 1 if self._pairs else 0
        s = seat
        for _ in range(n):
            s = s % n + 1
            if not out[s] and s != seat and s != partner:
                return s
        return 0

    # ------------------------------------------------------------------ queries

    @property
    def trump_suit(self) -> str:
        return self.trump

    def hand(self, seat: int) -> list[Card]:
        return list(self.hands[seat])

    def cap(self) -> int:
        """The most attacking cards any bout may hold now (before the defender's hand)."""
        if self.rules.first_bout_cap is not None and not self.first_discard_done:
            return self.rules.first_bout_cap
        return self.rules.bout_cap

    def room(self) -> int:
        """How many more attacking cards the bout may take now."""
        room = self._room_cache
        if room is None:
            if self._plain and self.table is self._table_seen:  # _compute_room, inlined
                table, rules = self.table, self.rules
                count = len(table)
                first = rules.first_bout_cap
                if first is not None and not self.first_discard_done:
                    room = first - count
                else:
                    room = rules.bout_cap - count
                if self._hand_at_start:
                    hand_room = self.defender_hand_at_start - count
                else:
                    hand_room = len(self.hands[self.defender]) - self._unbeaten
                if hand_room < room:
                    room = hand_room
            else:
                room = self._compute_room()
            self._room_cache = room
        return room

    def _compute_room(self) -> int:
        if self.table is not self._table_seen:
            self._sync_table()
        count = len(self.table)
        cap_room = self.cap() - count
        if self._hand_at_start:
            hand_room = self.defender_hand_at_start - count
        else:
            hand_room = len(self.hands[self.defender]) - self._unbeaten
        return cap_room if cap_room < hand_room else hand_room

    def limit(self) -> int:
        """The most attacking cards this bout may hold now."""
        return len(self.table) + max(self.room(), 0)

    def unbeaten(self) -> list[Card]:
        return [p.attack for p in self.table if p.defence is None]

    def table_ranks(self) -> set[int]:
        """The ranks of every card on the table (a fresh set)."""
        if self.table is not self._table_seen:
            self._sync_table()
        return set(self._ranks)

    def _throw_ranks(self) -> set[int]:
        """``table_ranks()`` without the copy (do not modify the set)."""
        if not self._plain_ranks:
            return self.table_ranks()
        if self.table is not self._table_seen:
            self._sync_table()
        return self._ranks

    def is_over(self) -> bool:
        return self.phase == "finished"

    def may_throw_in(self, seat: int) -> bool:
        """Whether ``seat`` may add cards to the bout now, turn order included."""
        return self._throw_in_block(seat) is None

    def _in_throw_scope(self, seat: int) -> bool:
        defender = self.defender
        if seat == defender or self.out[seat]:
            return False
        if self._pairs and self.partner(defender) == seat:
            return False
        if self._neighbours:
            return seat in (self.previous_active(defender), self.next_active(defender))
        return True

    def _throw_in_block(self, seat: int) -> str | None:
        """Why ``seat`` may not throw in now, as a short key (None: it may).

        Kept free of message formatting: legal-action listing calls it for every seat at
        every step.  :meth:`_throw_in_refusal` turns the key into a clause and a message.
        """
        if self.phase != "bout":
            return "phase"
        if self.awaiting_choice:
            return "choice"
        if seat == self.defender:
            return "defender"
        if not self._in_throw_scope(seat):
            return "scope"
        if seat in self.done:
            return "done"
        if self._after_defence and not self.taken:
            if self.table is not self._table_seen:
                self._sync_table()
            if self._unbeaten:
                return "timing"
        order = self._order
        if order == "free":
            return None
        if order == "starter_first":
            if seat != self.priority and not self._priority_free():
                return "priority"
        elif order == "rounds" and self.round_turn() != seat:
            return "round"
        return None

    def _throw_in_refusal(self, seat: int) -> tuple[str, str] | None:
        """None when ``seat`` may throw in now, else (clause suffix, reason)."""
        block = self._throw_in_block(seat)
        if block is None:
            return None
        if block == "phase":
            return ("play.turn", "no bout is open for throwing in")
        if block == "choice":
            if seat != self.defender and self._in_throw_scope(seat) and self.room() <= 0:
                return self._limit_refusal(1)
            return (
                "play.turn",
                "the attack has ended: the defender chooses to keep the "
                "defence or to take the cards anyway",
            )
        if block == "defender":
            return ("throw-in.who", "the defender does not throw in")
        if block == "scope":
            if self.partner(self.defender) == seat:
                return ("throw-in.who", "the defender's partner does not throw in")
            return ("throw-in.who", f"seat {seat} may not throw in to seat {self.defender}")
        if block == "done":
            return (
                "play.turn",
                f"seat {seat} has said done and adds nothing until a new card is played"
                if self.rules.done_resets
                else f"seat {seat} has said done",
            )
        if block == "timing":
            return (
                "throw-in.after-defence",
                "a new card may be added only once every card on the table is beaten",
            )
        if block == "priority":
            return (
                "throw-in.order",
                f"seat {self.priority} throws in first, until they are "
                "done or have nothing to throw",
            )
        turn = self.round_turn()
        return (
            "throw-in.order",
            f"it is seat {turn}'s turn to add a card or pass"
            if turn
            else "the defender must answer first",
        )

    def _priority_free(self) -> bool:
        """starter_first: the others may throw in once the priority seat is done or can't."""
        p = self.priority
        if self.priority_released or not self._in_throw_scope(p) or not self.hands[p]:
            return True
        ranks = self._throw_ranks()
        return not any(c.rank in ranks for c in self.hands[p])

    def throw_in_order(self) -> list[int]:
        """Seats that may throw in this bout, from the principal attacker clockwise."""
        start = self.priority or self.attacker
        order = []
        s = start
        for _ in range(self.seats):
            if self._in_throw_scope(s):
                order.append(s)
            s = s % self.seats + 1
        return order

    def round_turn(self) -> int:
        """rounds: the seat whose turn it is to add or pass (0 while the defender must answer)."""
        if self.table is not self._table_seen:
            self._sync_table()
        if not self.taken and self._unbeaten:
            return 0
        done, hands = self.done, self.hands
        for s in self.throw_in_order():
            if s not in done and hands[s]:
                return s
        return 0

    def actions_for(self, seat: int) -> list[str]:
        """The action types ``seat`` may take now (each with at least one legal action)."""
        return sorted({a.type for a in self.legal_actions(seat)})

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (a fresh list; the actions are immutable)."""
        if not 1 <= seat <= self.seats:
            return []
        listed = self._legal_cache.get(seat)
        if listed is None:
            everything = self._listed
            if everything is None:
                everything = self._list_all()
            listed = self._legal_cache.get(seat)
            if listed is None:  # a plain class lists only every seat's actions together
                listed = self._legal_cache[seat] = [a for a in everything if a.seat == seat]
        return list(listed)

    def legal_moves(self) -> Sequence[Action]:
        """Every action any seat may take now, seat by seat: the same actions as
        ``legal_actions(1) + legal_actions(2) + ...``, computed in one go (a tuple)."""
        everything = self._listed
        if everything is None:
            if self._plain_two and self.table is self._table_seen:
                return self._list_two()
            return self._list_all()
        return everything

    def _state_changed(self) -> None:
        """Forget what was listed or computed for the previous state.  Code that changes the
        state other than through the engine's own methods must call this."""
        self._listed = None
        self._legal_cache = {}
        self._room_cache = None

    def _list_all(self) -> tuple[Action, ...]:
        """List every seat's actions into the cache; returns them all, in seat order."""
        if self.table is not self._table_seen:
            self._sync_table()
        if self._plain:
            return self._list_two() if self.seats == 2 else self._list_plain()
        cache = self._legal_cache
        generate = self._generate_legal
        everything: list[Action] = []
        for s in range(1, self.seats + 1):
            listed = cache[s] = generate(s)
            everything += listed
        self._listed = result = tuple(everything)
        return result

    def _list_one_seat(self) -> tuple[Action, ...]:
        """The listing while at most one seat may act: the attacker opening (phase "lead"),
        or the defender choosing to keep a complete defence or take anyway (plain classes)."""
        phase = self.phase
        only = self.attacker if phase == "lead" else self.defender
        if phase == "finished" or self.out[only]:
            result: tuple[Action, ...] = ()
        elif phase == "bout":
            result = tuple(self._defender_options(only, self.hands[only]))
        elif self._single_opening:
            if self.room() >= 1:
                opening = _OPEN_ONE[only]
                openings = []  # a plain loop: cheaper than map() or a comprehension here
                for c in self.hands[only]:
                    openings.append(opening[c])
                result = tuple(openings)
            else:
                result = ()
        else:
            result = tuple(self._same_rank_openings(only, self.hands[only], self.room()))
        self._listed = result
        return result

    def _list_defences(self, defender: int) -> list[Action]:
        """The defender's options while cards lie unbeaten and nothing is taken (plain
        classes): each beating card against each unbeaten card, take, and the transfers."""
        if self.rules.transfer:
            return self._defender_options(defender, self.hands[defender])
        defending: list[Action] = []  # _defender_options, inlined for the common case
        hand = self.hands[defender]
        defences = self._defences[defender]
        for p in self.table:
            if p.defence is None:
                beaters = defences.get(p.attack)
                if beaters is None:
                    beaters = self._defence_table(defender, p.attack)
                for c in hand:
                    if c in beaters:
                        defending.append(beaters[c])
        defending.append(_TAKE[defender])
        return defending

    def _list_two(self) -> tuple[Action, ...]:
        """:meth:`_list_all` for a plain class (see :meth:`_list_plain`) with two seats.

        The seat that does not defend is the only one that may throw in, so it is the
        priority seat whenever a priority holds (starter_first changes nothing), and its round
        turn (rounds) comes once the defender has answered.
        """
        if self.phase != "bout" or self.awaiting_choice:
            return self._list_one_seat()
        defender = self.defender
        thrower = 3 - defender
        hands, out, taken, unbeaten = self.hands, self.out, self.taken, self._unbeaten
        listed: list[Action] = []
        if unbeaten and not taken:
            if not out[defender]:
                listed = self._list_defences(defender)
            if self._after_defence or self._order == "rounds":
                # The thrower waits until the defender has answered every card.
                self._listed = result = tuple(listed)
                return result
        if out[thrower] or thrower in self.done or (self._order == "rounds" and not hands[thrower]):
            self._listed = result = tuple(listed)
            return result
        throwing: list[Action] = []
        room = self._room_cache
        if room is None:  # room(), inlined
            count, rules = len(self.table), self.rules
            first = rules.first_bout_cap
            if first is not None and not self.first_discard_done:
                room = first - count
            else:
                room = rules.bout_cap - count
            if self._hand_at_start:
                hand_room = self.defender_hand_at_start - count
            else:
                hand_room = len(hands[defender]) - unbeaten
            if hand_room < room:
                room = hand_room
            self._room_cache = room
        if room >= 1:
            table_ranks = self._ranks
            throw_in = _THROW_IN[thrower]
            for c in hands[thrower]:
                if c.rank in table_ranks:
                    throwing.append(throw_in[c])
        if taken or not unbeaten:
            throwing.append(_DONE[thrower])
        if listed:  # seat order: the thrower's actions first when it is seat 1
            if thrower == 1:
                throwing += listed
            else:
                throwing[:0] = listed
        self._listed = result = tuple(throwing)
        return result

    def _list_plain(self) -> tuple[Action, ...]:
        """:meth:`_list_all` for a class that overrides no hook: the same actions, with what
        the seats share (phase, turn order, room, ranks) worked out once.  Only the list of
        every seat's actions is cached; :meth:`legal_actions` picks a seat's out of it."""
        if self.phase != "bout" or self.awaiting_choice:
            return self._list_one_seat()
        defender, hands, out = self.defender, self.hands, self.out
        taken, unbeaten = self.taken, self._unbeaten
        defending: list[Action] = []
        if not (out[defender] or taken or not unbeaten):
            defending = self._list_defences(defender)
        # Throwers: what _throw_in_block says alike for every seat but the defender.
        blocked = self._after_defence and not taken and unbeaten > 0
        order = self._order
        turn = 0
        if not blocked and order != "free":
            if order == "starter_first":
                turn = 0 if self._priority_free() else self.priority
            elif order == "rounds":
                turn = self.round_turn()
                blocked = not turn
        everything: list[Action] = []
        if blocked:
            everything = defending
        else:
            any_scope = not self._pairs and not self._neighbours
            ranks: set[int] | None = None
            done = self.done
            for s in range(1, self.seats + 1):
                if s == defender:
                    everything += defending
                    continue
                if (
                    out[s]
                    or (turn and s != turn)
                    or s in done
                    or not (any_scope or self._in_throw_scope(s))
                ):
                    continue
                if ranks is None:
                    ranks = self._ranks if self.room() >= 1 else set()
                if ranks:
                    throw_in = _THROW_IN[s]
                    for c in hands[s]:
                        if c.rank in ranks:
                            everything.append(throw_in[c])
                if taken or not unbeaten:
                    everything.append(_DONE[s])
        self._listed = result = tuple(everything)
        return result

    def _generate_legal(self, seat: int) -> list[Action]:
        """The actions ``seat`` may take now, as a fresh list (subclasses may extend it)."""
        phase = self.phase
        if phase == "finished" or not 1 <= seat <= self.seats or self.out[seat]:
            return []
        hand = self.hands[seat]
        if phase == "lead":
            if seat != self.attacker:
                return []
            room = self.room()
            if self._single_opening:
                if room < 1:
                    return []
                opening = _OPEN_ONE[seat]
                return [opening[c] for c in hand]
            return self._same_rank_openings(seat, hand, room)
        if seat == self.defender:
            return self._defender_options(seat, hand)
        if self._throw_in_block(seat) is not None:
            return []
        out: list[Action] = []
        if self.room() >= 1:
            ranks = self._throw_ranks()
            throw_in = _THROW_IN[seat]
            for c in hand:
                if c.rank in ranks:
                    out.append(throw_in[c])
        if self.taken or not self._unbeaten:
            out.append(_DONE[seat])
        return out

    def _same_rank_openings(self, seat: int, hand: list[Card], room: int) -> list[Action]:
        """Every opening of one card or of several of one rank (at most ``room`` cards):
        rank by rank in the order the ranks first appear in ``hand``, each rank's single
        cards in hand order and then its combinations, smallest first."""
        if room < 1:
            return []
        by_rank: dict[int, list[Card]] = {}
        for c in hand:
            rank = c.rank
            group = by_rank.get(rank)
            if group is None:
                by_rank[rank] = [c]
            else:
                group.append(c)
        opening = _OPEN_ONE[seat]
        out: list[Action] = []
        if len(by_rank) == len(hand):  # no two cards of one rank: single cards in hand order
            for c in hand:
                out.append(opening[c])
            return out
        groups = _RANK_OPENINGS[seat]
        for cards in by_rank.values():
            if len(cards) == 1:
                out.append(opening[cards[0]])
                continue
            key = (tuple(cards), room if room < len(cards) else len(cards))
            listed = groups.get(key)
            if listed is None:
                listed = groups[key] = self._rank_openings(seat, key[0], key[1])
            out += listed
        return out

    @staticmethod
    def _rank_openings(seat: int, cards: tuple[Card, ...], most: int) -> tuple[Attack, ...]:
        """The openings of ``seat`` with cards of one rank: each card, then every combination
        of 2 .. ``most`` of them (shared Attack objects)."""
        opening = _OPEN_ONE[seat]
        many = _OPEN_MANY[seat]
        out = [opening[c] for c in cards]
        for k in range(2, most + 1):
            for combo in itertools.combinations(cards, k):
                action = many.get(combo)
                if action is None:
                    action = many[combo] = Attack(seat, combo)
                out.append(action)
        return tuple(out)

    def _defender_options(self, seat: int, hand: list[Card]) -> list[Action]:
        if self.awaiting_choice:
            if self.rules.bot_accepts_anyway is False and seat not in self.humans:
                return [_DONE[seat]]
            return [_ACCEPT[seat], _DONE[seat]]
        if self.taken or not self._unbeaten:
            return []
        out: list[Action] = []
        defences = self._defences[seat]
        table = self.table
        for p in table:
            if p.defence is None:
                beaters = defences.get(p.attack)
                if beaters is None:
                    beaters = self._defence_table(seat, p.attack)
                for c in hand:
                    if c in beaters:
                        out.append(beaters[c])
        out.append(_TAKE[seat])
        if self.rules.transfer:
            if self._plain_transfer:
                self._list_transfers(seat, hand, out)
            elif self._transfer_refusal(seat, None) is None:
                out.extend(
                    _TRANSFER[seat][c] for c in hand if self._transfer_refusal(seat, c) is None
                )
        return out

    def _list_transfers(self, seat: int, hand: list[Card], out: list[Action]) -> None:
        """The transfers :meth:`_transfer_refusal` allows, with its checks done once."""
        table = self.table
        if self.taken or self._unbeaten != len(table):  # taken, or a card is beaten
            return
        ranks = self._ranks  # nothing is beaten: these are the attacking ranks
        if self.rules.transfer_rank == "every_attack_card" and len(ranks) != 1:
            return
        target = self.next_opponent(seat)
        needed = len(table) + 1
        if target == 0 or target == seat or needed > self.cap():
            return
        if len(self.hands[target]) < needed:
            return
        transfer = _TRANSFER[seat]
        for c in hand:
            if c.rank in ranks:
                out.append(transfer[c])

    def _done_refusal(self, seat: int) -> tuple[str, str] | None:
        if seat in self.done:
            return ("done.when", f"seat {seat} has already said done")
        if not self.taken and any(p.defence is None for p in self.table):
            return ("done.when", "done only once every card on the table is beaten, or after take")
        return None

    def _transfer_refusal(self, seat: int, card: Card | None) -> tuple[str, str] | None:
        """Why ``seat`` may not transfer with ``card`` (None: the checks that need no card)."""
        if not self.rules.transfer:
            return ("transfer.mode", "there is no transfer in this game")
        if self.taken:
            return ("transfer.before-take", "no transfer after take")
        if any(p.defence is not None for p in self.table):
            return ("transfer.before-beat", "no transfer once a card on the table is beaten")
        if card is None:
            return None
        ranks = {p.attack.rank for p in self.table}
        if self.rules.transfer_rank == "every_attack_card":
            matches = ranks == {card.rank}
        else:
            matches = card.rank in ranks
        if not matches:
            return ("transfer.rank", f"{card} does not match the rank of the attacking cards")
        target = self.next_opponent(seat)
        needed = len(self.table) + 1
        if target == 0 or target == seat:
            return ("transfer.capacity", "there is nobody to transfer to")
        if needed > self.cap():
            return (
                "transfer.capacity",
                f"the bout would hold {needed} attacking cards, more than {self.cap()}",
            )
        if len(self.hands[target]) < needed:
            return (
                "transfer.capacity",
                f"seat {target} holds {len(self.hands[target])} cards, fewer than the "
                f"{needed} they would have to beat",
            )
        return None

    # ------------------------------------------------------------------ playing

    def apply(self, action: Action | Mapping[str, Any]) -> list[Event]:
        """Play ``action``; returns the events it caused.

        Raises :class:`MalformedAction` for an action that cannot be read and
        :class:`IllegalAction` (naming the rule clause) for one the rules forbid; in both
        cases the state is unchanged.
        """
        mark = len(self.log)
        self.play(action)
        return self.events(mark)

    def play(self, action: Action | Mapping[str, Any]) -> None:
        """Like :meth:`apply`, without collecting the events (the fast path for simulations).

        An action object taken from :meth:`legal_actions` or :meth:`legal_moves` for the
        current state is not checked again.
        """
        act = action if isinstance(action, Action) else action_from_json(action)
        listed: Sequence[Action] | None = self._listed
        if listed is None:
            listed = self._legal_cache.get(act.seat)
        if listed is None:
            self._check(act)
        else:
            for a in listed:
                if a is act:
                    break
            else:
                self._check(act)
        # _play, inlined
        if self.table is not self._table_seen:
            self._sync_table()
        self._listed = self._room_cache = None
        if self._legal_cache:
            self._legal_cache = {}
        self._play_action(act)
        # Closing a bout computes the room of intermediate states: start afresh.
        self._listed = self._room_cache = None
        if self._legal_cache:
            self._legal_cache = {}

    def push(self, action: Action | Mapping[str, Any]) -> list[Event]:
        """Like :meth:`apply`, remembering the state before so :meth:`pop` can undo it."""
        act = action_from_json(action)
        self._check(act)
        self._history.append(self._snapshot())
        mark = len(self.log)
        self._play(act)
        return self.events(mark)

    def events(self, since: int = 0) -> list[Event]:
        """The log from position ``since`` on, as protocol event objects."""
        return [e.to_json() if isinstance(e, Action) else e for e in self.log[since:]]

    def pop(self) -> None:
        """Undo the last :meth:`push`."""
        if not self._history:
            raise IndexError("pop from a game with no pushed actions")
        self._restore(self._history.pop())

    def _illegal(self, suffix: str, message: str) -> IllegalAction:
        return IllegalAction(self.rules.clause(suffix), message)

    def _beats(self, defence: Card, attack: Card) -> bool:
        """Whether ``defence`` beats ``attack`` in this game (see :func:`beats`).

        Listing tabulates the answers once per trump suit: an override must depend only on
        the two cards and ``self.trump``.
        """
        return beats(defence, attack, self.trump)

    def _check(self, act: Action) -> None:
        """Raise IllegalAction unless ``act`` is allowed now; changes nothing."""
        seat = act.seat
        if self.phase == "finished":
            raise self._illegal("game.finished", "the game is over")
        if seat > self.seats:
            raise MalformedAction(f"action.seat: there are only {self.seats} seats, not {seat}")
        if self.out[seat]:
            raise self._illegal("play.turn", f"seat {seat} is out of the game")
        if self.table is not self._table_seen:
            self._sync_table()
        if isinstance(act, Attack):
            self._check_attack(act)
        elif isinstance(act, Defend):
            self._check_defend(act)
        elif isinstance(act, ThrowIn):
            self._check_throw_in(act)
        elif isinstance(act, Transfer):
            self._check_transfer(act)
        elif isinstance(act, Take):
            self._check_take(act)
        elif isinstance(act, Done):
            self._check_done(act)
        elif isinstance(act, Accept):
            self._check_accept(act)

    def _require_in_hand(self, seat: int, cards: Iterable[Card]) -> None:
        hand = self.hands[seat]
        for c in cards:
            if c not in hand:
                raise self._illegal("play.card-in-hand", f"seat {seat} does not hold {c}")

    def _check_attack(self, act: Attack) -> None:
        if self.phase != "lead":
            raise self._illegal("play.turn", "the bout is already open: add cards with throw_in")
        if act.seat != self.attacker:
            raise self._illegal(
                "play.turn", f"seat {self.attacker} opens this bout, not seat {act.seat}"
            )
        if len(set(act.cards)) != len(act.cards):
            raise MalformedAction("action.cards: a card is listed twice")
        self._require_in_hand(act.seat, act.cards)
        if self.rules.opening == "single" and len(act.cards) != 1:
            raise self._illegal("attack.opening-cards", "a bout opens with exactly one card")
        if len({c.rank for c in act.cards}) != 1:
            raise self._illegal("attack.opening-cards", "the opening cards must all be of one rank")
        self._check_room(len(act.cards))

    def _check_room(self, k: int) -> None:
        if k > self.room():
            raise self._illegal(*self._limit_refusal(k))

    def _limit_refusal(self, k: int) -> tuple[str, str]:
        """The limit that ``k`` more attacking cards would break."""
        count = len(self.table)
        if count + k > self.cap():
            if self.cap() < self.rules.bout_cap and count + k <= self.rules.bout_cap:
                return (
                    "limits.first-bout",
                    f"until the first discard a bout holds at most {self.cap()} attacking cards",
                )
            return ("limits.six", f"a bout holds at most {self.cap()} attacking cards")
        if self.rules.defender_limit == "hand_at_start":
            return (
                "limits.defender-hand",
                f"the defender held {self.defender_hand_at_start} cards when the bout "
                "began for them: no more attacking cards than that",
            )
        return (
            "limits.defender-hand",
            f"the defender holds {len(self.hands[self.defender])} cards: no more unbeaten "
            "cards than that",
        )

    def _check_defend(self, act: Defend) -> None:
        if self.phase != "bout" or act.seat != self.defender:
            raise self._illegal("play.turn", f"seat {act.seat} is not defending")
        if self.taken or self.awaiting_choice:
            raise self._illegal("play.turn", "the defender has already taken or finished")
        self._require_in_hand(act.seat, (act.card,))
        if not any(p.attack == act.attack and p.defence is None for p in self.table):
            raise self._illegal(
                "defence.beat", f"{act.attack} is not an unbeaten attacking card on the table"
            )
        if not self._beats(act.card, act.attack):
            raise self._illegal("defence.beat", f"{act.card} does not beat {act.attack}")

    def _check_throw_in(self, act: ThrowIn) -> None:
        if self.phase == "lead":
            if self.last_close == "accepted" and act.seat == self.attacker:
                raise self._illegal(
                    "accept.no-adding",
                    "the defender took the cards anyway: "
                    "the attacker may add nothing to that attack",
                )
            raise self._illegal("play.turn", "the bout has not been opened")
        refusal = self._throw_in_refusal(act.seat)
        if refusal is not None:
            raise self._illegal(*refusal)
        self._require_in_hand(act.seat, (act.card,))
        if act.card.rank not in self.table_ranks():
            raise self._illegal("throw-in.rank", f"no card of {act.card}'s rank is on the table")
        self._check_room(1)

    def _check_transfer(self, act: Transfer) -> None:
        if not self.rules.transfer:
            raise self._illegal("transfer.mode", "there is no transfer in this game")
        if self.phase != "bout" or act.seat != self.defender or self.awaiting_choice:
            raise self._illegal("play.turn", f"seat {act.seat} is not defending")
        self._require_in_hand(act.seat, (act.card,))
        refusal = self._transfer_refusal(act.seat, act.card)
        if refusal is not None:
            raise self._illegal(*refusal)

    def _check_take(self, act: Take) -> None:
        if self.phase != "bout" or act.seat != self.defender or self.awaiting_choice:
            raise self._illegal("play.turn", f"seat {act.seat} is not defending")
        if self.taken:
            raise self._illegal("take.when", "the defender has already taken")
        if all(p.defence is not None for p in self.table):
            raise self._illegal("take.when", "every card is beaten: there is nothing to take")

    def _check_done(self, act: Done) -> None:
        seat = act.seat
        if self.phase == "lead":
            if seat == self.attacker:
                raise self._illegal(
                    "attack.compulsory",
                    "the first card is compulsory: the attacker cannot pass on an empty table",
                )
            raise self._illegal("play.turn", "no bout is open")
        if seat == self.defender:
            if self.awaiting_choice:
                return
            if self.rules.accept_after_defence:
                raise self._illegal(
                    "done.when",
                    "the defender keeps a defence only once the attacker has ended a "
                    "completely beaten attack",
                )
            raise self._illegal(
                "throw-in.who", "the defender does not throw in, so has no done or pass of its own"
            )
        if self.awaiting_choice:
            raise self._illegal("play.turn", "the attack has ended: the defender chooses now")
        if seat in self.done:
            raise self._illegal("done.when", f"seat {seat} has already said done")
        refusal = self._throw_in_refusal(seat)
        if refusal is not None and refusal[0] == "throw-in.who":
            raise self._illegal(*refusal)
        done_refusal = self._done_refusal(seat)
        if done_refusal is not None:
            raise self._illegal(*done_refusal)
        if refusal is not None and refusal[0] != "throw-in.after-defence":
            raise self._illegal(*refusal)

    def _check_accept(self, act: Accept) -> None:
        if not self.rules.accept_after_defence:
            raise self._illegal("take.when", "every card is beaten: there is nothing to take")
        if self.phase != "bout" or act.seat != self.defender:
            raise self._illegal("play.turn", f"seat {act.seat} is not defending")
        if not self.awaiting_choice:
            raise self._illegal(
                "accept.when",
                "accepting anyway is offered only once the "
                "attacker has ended a completely beaten attack",
            )
        if self.rules.bot_accepts_anyway is False and act.seat not in self.humans:
            raise self._illegal(
                "accept.computer-never", "the computer never gives up a successful defence"
            )

    # The _play methods assume _check passed.

    def _play(self, act: Action) -> None:
        if self.table is not self._table_seen:
            self._sync_table()
        self._state_changed()
        self._play_action(act)
        # Closing a bout computes the room of intermediate states: start afresh.
        self._state_changed()

    def _play_action(self, act: Action) -> None:
        """Apply ``act``, which :meth:`_check` allowed (dispatch on the action's type tag)."""
        self.log.append(act)
        kind = act.type
        seat = act.seat
        # A class overriding no hook skips the hook calls that would return at once.
        plain = self._plain
        if kind == "defend":
            if TYPE_CHECKING:
                assert isinstance(act, Defend)
            card, attack = act.card, act.attack
            self.hands[seat].remove(card)
            for p in self.table:
                if p.defence is None and (p.attack is attack or p.attack == attack):
                    p.defence = card
                    p.defender = seat
                    self._unbeaten -= 1
                    self._ranks.add(card.rank)
                    break
            if not plain or (self._out_at_once and not self.stock):
                self._go_out_immediately()
            if self._plain_two:
                if self.taken or not self._unbeaten:
                    self._maybe_close_two()
            elif not plain or self.taken or not self._unbeaten:
                self._maybe_close_bout()
        elif kind == "throw_in":
            if TYPE_CHECKING:
                assert isinstance(act, ThrowIn)
            card = act.card
            self.hands[seat].remove(card)
            self.table.append(TablePair(card, seat))
            self._unbeaten += 1
            self._ranks.add(card.rank)
            if self._clear_done:
                self.done.clear()
            if not plain or (self._out_at_once and not self.stock):
                self._go_out_immediately()
            # A new attacking card leaves something unbeaten: only a taken bout can close.
            if self.taken:
                if self._plain_two:
                    self._maybe_close_two()
                else:
                    self._maybe_close_bout()
        elif kind == "attack":
            if TYPE_CHECKING:
                assert isinstance(act, Attack)
            hand, table, ranks = self.hands[seat], self.table, self._ranks
            for c in act.cards:
                hand.remove(c)
                table.append(TablePair(c, seat))
                ranks.add(c.rank)
            self._unbeaten += len(act.cards)
            self.phase = "bout"
            if self._clear_done:
                self.done.clear()
            if not plain or (self._out_at_once and not self.stock):
                self._go_out_immediately()
        elif kind == "done":
            if seat == self.defender and self.awaiting_choice:
                self._close_bout(taken=False)
                return
            self.done.add(seat)
            if seat == self.priority:
                self.priority_released = True
            if not plain or (self._out_at_once and not self.stock):
                self._go_out_immediately()
            if self._plain_two:
                self._maybe_close_two()
            else:
                self._maybe_close_bout()
        elif kind == "take":
            self.taken = True
            if not plain or (self._out_at_once and not self.stock):
                self._go_out_immediately()
            if self._plain_two:
                self._maybe_close_two()
            else:
                self._maybe_close_bout()
        elif kind == "transfer":
            if TYPE_CHECKING:
                assert isinstance(act, Transfer)
            card = act.card
            self.hands[seat].remove(card)
            self.table.append(TablePair(card, seat))
            self._unbeaten += 1
            self._ranks.add(card.rank)
            target = self.next_opponent(seat)
            self.attacker = seat
            self.defender = target
            self.defender_hand_at_start = len(self.hands[target])
            if self.rules.transferrer_throws_first:
                self.priority = seat
                self.priority_released = False
            if self._clear_done:
                self.done.clear()
            self.log.append({"type": "transferred", "from": seat, "to": target})
            self._go_out_immediately()
        elif kind == "accept":
            self._close_bout(taken=True)
            self.last_close = "accepted"
        else:  # a type this class does not play: nothing moves
            self._go_out_immediately()
            self._maybe_close_bout()

    def _go_out_immediately(self) -> None:
        if not self._out_at_once or self.stock:
            return
        out, hands, defender = self.out, self.hands, self.defender
        for s in range(1, self.seats + 1):
            if not out[s] and not hands[s] and s != defender:
                self._mark_out(s)

    def _mark_out(self, seat: int) -> None:
        self.out[seat] = True
        self.out_log.append((self.bout, seat))
        self.log.append({"type": "out", "seat": seat})

    def _throwers_finished(self) -> bool:
        """True when no seat that may throw in is left to act (all done, or no cards)."""
        done, hands, in_scope = self.done, self.hands, self._in_throw_scope
        if self._plain and not self._pairs and not self._neighbours:
            # _in_throw_scope, inlined: everyone still playing but the defender
            defender, out = self.defender, self.out
            for s in range(1, self.seats + 1):
                if hands[s] and s not in done and s != defender and not out[s]:
                    return False
            return True
        for s in range(1, self.seats + 1):
            if hands[s] and s not in done and in_scope(s):
                return False
        return True

    def _maybe_close_bout(self) -> None:
        if self.phase != "bout" or self.awaiting_choice:
            return
        if self.table is not self._table_seen:
            self._sync_table()
        if self.taken:
            if self.rules.take_ends_bout or self.room() <= 0 or self._throwers_finished():
                self._close_bout(taken=True)
            return
        if self._unbeaten:
            return
        if not self.hands[self.defender]:
            self._close_bout(taken=False)
            return
        if self.room() <= 0 or self._throwers_finished():
            if self.rules.accept_after_defence:
                self.awaiting_choice = True
                self.log.append({"type": "defence_complete", "defender": self.defender})
            else:
                self._close_bout(taken=False)

    def _maybe_close_two(self) -> None:
        """:meth:`_maybe_close_bout` for a plain class with two seats, whose only possible
        thrower is the seat that does not defend (:meth:`_throwers_finished` inlined)."""
        if self.phase != "bout" or self.awaiting_choice:
            return
        if self.table is not self._table_seen:
            self._sync_table()
        defender = self.defender
        thrower = 3 - defender
        if self.taken:
            if (
                self.rules.take_ends_bout
                or self.room() <= 0
                or not self.hands[thrower]
                or thrower in self.done
                or self.out[thrower]
            ):
                self._close_bout(taken=True)
            return
        if self._unbeaten:
            return
        if not self.hands[defender]:
            self._close_bout(taken=False)
            return
        if self.room() <= 0 or not self.hands[thrower] or thrower in self.done or self.out[thrower]:
            if self.rules.accept_after_defence:
                self.awaiting_choice = True
                self.log.append({"type": "defence_complete", "defender": defender})
            else:
                self._close_bout(taken=False)

    def _close_bout(self, *, taken: bool) -> None:
        cards: list[Card] = []
        codes: list[str] = []
        code_of = CODES
        for p in self.table:
            card = p.attack
            cards.append(card)
            codes.append(code_of[card])
            beaten_by = p.defence
            if beaten_by is not None:
                cards.append(beaten_by)
                codes.append(code_of[beaten_by])
        defender = self.defender
        self.log.append(
            {
                "type": "bout_end",
                "outcome": "taken" if taken else "discarded",
                "defender": defender,
                "cards": codes,
            }
        )
        self.last_close = "taken" if taken else "discarded"
        self.table = self._table_seen = []
        self._unbeaten = 0
        self._ranks = set()
        if taken:
            self.hands[defender].extend(cards)
        else:
            self.discard.extend(cards)
            self.first_discard_done = True
        self._after_bout(defender, taken=taken)

    def _after_bout(self, defender: int, *, taken: bool, next_attacker: int | None = None) -> None:
        """The table is cleared: refill the hands, let empty-handed seats go out, then end the
        game or open the next bout -- by ``next_attacker`` when given (or the next seat still
        playing after it), else as after a take (``taken``) or after a defence."""
        self._draw_after_bout()
        if not self.stock:
            for s in range(1, self.seats + 1):
                if not self.out[s] and not self.hands[s]:
                    self._mark_out(s)
        if self._plain and not self._pairs and self.out.count(False) > 2:
            result = None  # _finished_result, inlined: two seats or more still play
        else:
            result = self._finished_result()
        if result is not None:
            self.phase = "finished"
            self.result = result
            self.attacker = self.defender = self.starter = 0
            self.taken = self.awaiting_choice = False
            self.done.clear()
            self.log.append({"type": "game_over", "result": result.to_json()})
            return
        if next_attacker is not None:
            nxt = next_attacker
        elif taken:
            nxt = self.next_active(defender)
        else:
            nxt = defender if not self.out[defender] else self.next_active(defender)
        self.bout += 1
        self._begin_bout(nxt)

    def _draw_after_bout(self) -> None:
        """Starter first, the others clockwise, the defender last, each up to a full hand."""
        stock = self.stock
        if not stock:
            return
        order: tuple[int, ...] | None
        if self.seats == 2:  # the seat that did not defend (the starter), then the defender
            order = _DUEL_DRAW_ORDERS[self.defender]
        else:
            order = _DRAW_ORDERS.get((self.seats, self.starter, self.defender))
            if order is None:
                order = self._draw_order()
        size, out, hands, log = self.rules.hand_size, self.out, self.hands, self.log
        for s in order:
            if out[s]:
                continue
            hand = hands[s]
            k = size - len(hand)
            if k <= 0:
                continue
            if k > len(stock):
                k = len(stock)
                if not k:
                    break
            hand += stock[-1 : -k - 1 : -1]  # the top of the stock is its end
            del stock[-k:]
            log.append({"type": "draw", "seat": s, "cards": k})

    def _draw_order(self) -> tuple[int, ...]:
        """The starter first, the others clockwise, the defender last (remembered)."""
        n, starter, defender = self.seats, self.starter, self.defender
        seq = []
        s = starter
        for _ in range(n):
            if s != defender:
                seq.append(s)
            s = s % n + 1
        seq.append(defender)
        order = _DRAW_ORDERS[(n, starter, defender)] = tuple(seq)
        return order

    def _finished_result(self) -> Outcome | None:
        n, out = self.seats, self.out
        if self._pairs:
            teams = self.teams() or []
            pair_out = [all(out[s] for s in team) for team in teams]
            if not any(pair_out):
                return None
            groups = self._out_groups()
            if all(pair_out):
                return Outcome(Termination.PAIR_DRAW, (), tuple(range(1, n + 1)), None, groups)
            for team, done in zip(teams, pair_out, strict=True):
                if done:
                    losers = tuple(s for t in teams if t is not team for s in t)
                    return Outcome(Termination.PAIR_WIN, losers, tuple(team), tuple(team), groups)
            return None  # pragma: no cover - some pair is out (checked above)
        if out.count(False) > 2:  # index 0 is unused (False): two seats or more still play
            return None
        remaining = [s for s in range(1, n + 1) if not out[s]]
        groups = self._out_groups()
        if not remaining:
            return Outcome(Termination.DRAW, (), tuple(range(1, n + 1)), None, groups)
        winners = tuple(s for s in range(1, n + 1) if s != remaining[0])
        return Outcome(Termination.DURAK, (remaining[0],), winners, None, groups)

    def _out_groups(self) -> tuple[tuple[int, ...], ...]:
        groups: list[tuple[int, ...]] = []
        for _, grouped in itertools.groupby(self.out_log, key=lambda e: e[0]):
            groups.append(tuple(s for _, s in grouped))
        return tuple(groups)

    def _first_attacker(self) -> int:
        """Lowest trump; if nobody holds a trump, the profile's fallback."""
        best: tuple[int, int] | None = None
        for s in range(1, self.seats + 1):
            if self.out[s]:
                continue
            for c in self.hands[s]:
                if c.suit == self.trump and (best is None or (c.rank, s) < best):
                    best = (c.rank, s)
        if best is not None:
            return best[1]
        fallback = self.rules.first_attack_fallback
        active = [s for s in range(1, self.seats + 1) if not self.out[s]]
        if fallback == "first_seat":
            return active[0]
        if fallback == "human":
            humans = [s for s in active if s in self.humans]
            return humans[0] if humans else active[0]
        lowest = min(((c.rank, s) for s in active for c in self.hands[s]), default=(0, active[0]))
        return lowest[1]

    def _begin_bout(self, attacker: int) -> None:
        if self.out[attacker]:
            attacker = self.next_active(attacker)
        self.phase = "lead"
        self.starter = self.attacker = self.priority = attacker
        self.defender = self.next_opponent(attacker)
        self.priority_released = False
        self.taken = False
        self.awaiting_choice = False
        self.done = set()
        self.table = self._table_seen = []
        self._unbeaten = 0
        self._ranks = set()
        self._room_cache = None
        self.defender_hand_at_start = len(self.hands[self.defender])

    # ------------------------------------------------------------------ copies, JSON

    def _snapshot(self) -> dict[str, Any]:
        snap: dict[str, Any] = {}
        for name in self._STATE:
            value = getattr(self, name)
            if name == "hands":
                value = [list(h) for h in value]
            elif name == "table":
                value = [p.copy() for p in value]
            elif isinstance(value, list | set):
                value = value.copy()
            snap[name] = value
        return snap

    def _restore(self, snap: dict[str, Any]) -> None:
        for name, value in snap.items():
            setattr(self, name, value)
        self._state_changed()
        self._copy_rule_flags()  # copies made with __new__ have none yet
        self._sync_table()

    def copy(self) -> Game:
        """An independent copy of this game (history of pushes not included)."""
        cls = type(self)
        other = cls.__new__(cls)
        other.rules = self.rules
        other.seats = self.seats
        other.trump_card = self.trump_card
        other.trump = self.trump
        other.humans = self.humans
        other._restore(self._snapshot())
        other.log = list(self.log)
        other._history = []
        return other

    def to_json(self) -> dict[str, Any]:
        """The full state as the protocol's ``state`` object."""
        finished = self.phase == "finished"
        codes = CODES  # looked up rather than formatted: a state spells every card in play
        kinds: dict[int, set[str]] = {}  # actions_for() of every seat, in one pass
        for action in self.legal_moves():
            seat_kinds = kinds.get(action.seat)
            if seat_kinds is None:
                kinds[action.seat] = {action.type}
            else:
                seat_kinds.add(action.type)
        return {
            "phase": self.phase,
            "trump": self.trump_card.code,
            "trump_suit": self.trump,
            "stock": [codes[c] for c in reversed(self.stock)],
            "discard": [codes[c] for c in self.discard],
            "seats": [
                {
                    "seat": s,
                    "hand": [codes[c] for c in self.hands[s]],
                    "out": self.out[s],
                    "human": s in self.humans,
                    "actions": sorted(kinds.get(s, ())),
                }
                for s in range(1, self.seats + 1)
            ],
            "table": [p.to_json() for p in self.table],
            "bout": self.bout,
            "starter": None if finished else self.starter,
            "attacker": None if finished else self.attacker,
            "defender": None if finished else self.defender,
            "taken": self.taken,
            "limit": 0 if finished else self.limit(),
            "teams": self.teams(),
            "result": self.result.to_json() if self.result is not None else None,
        }

    def internal_json(self) -> dict[str, Any]:
        """Everything needed to rebuild this exact game (see :meth:`from_internal_json`)."""
        return {
            "rules": self.rules.to_mapping(),
            "seats": self.seats,
            "humans": sorted(self.humans),
            "trump": self.trump_card.code,
            "phase": self.phase,
            "hands": [[c.code for c in h] for h in self.hands[1:]],
            "stock": [c.code for c in self.stock],
            "discard": [c.code for c in self.discard],
            "table": [p.to_json() for p in self.table],
            "out": self.out[1:],
            "out_log": [list(e) for e in self.out_log],
            "bout": self.bout,
            "starter": self.starter,
            "attacker": self.attacker,
            "defender": self.defender,
            "priority": self.priority,
            "priority_released": self.priority_released,
            "taken": self.taken,
            "awaiting_choice": self.awaiting_choice,
            "defender_hand_at_start": self.defender_hand_at_start,
            "done": sorted(self.done),
            "first_discard_done": self.first_discard_done,
            "last_close": self.last_close,
            "result": self.result.to_json() if self.result is not None else None,
        }

    @classmethod
    def from_internal_json(cls, data: Mapping[str, Any]) -> Game:
        """Rebuild a game saved with :meth:`internal_json`."""
        rules = Rules.from_mapping(data["rules"])
        game = cls(rules, data["seats"], parse_card(data["trump"]), data["humans"])
        game.phase = data["phase"]
        game.hands = [[]] + [[parse_card(c) for c in h] for h in data["hands"]]
        game.stock = [parse_card(c) for c in data["stock"]]
        game.discard = [parse_card(c) for c in data["discard"]]
        game.table = [
            TablePair(
                parse_card(p["attack"]),
                p["attacker"],
                parse_card(p["defence"]) if p["defence"] else None,
                p["defender"],
            )
            for p in data["table"]
        ]
        game.out = [False, *data["out"]]
        game.out_log = [(b, s) for b, s in data["out_log"]]
        for name in (
            "bout",
            "starter",
            "attacker",
            "defender",
            "priority",
            "priority_released",
            "taken",
            "awaiting_choice",
            "defender_hand_at_start",
            "first_discard_done",
            "last_close",
        ):
            setattr(game, name, data[name])
        game.done = set(data["done"])
        game.result = Outcome.from_json(data["result"]) if data["result"] else None
        game._sync_table()
        return game


#: Methods whose override makes a class take the hook-calling path everywhere (not plain).
_HOOKS = (
    "_beats",
    "_check",
    "_generate_legal",
    "_list_all",
    "cap",
    "room",
    "_compute_room",
    "table_ranks",
    "unbeaten",
    "partner",
    "next_active",
    "previous_active",
    "next_opponent",
    "_limit_refusal",
    "_transfer_refusal",
    "_throw_in_block",
    "_in_throw_scope",
    "_priority_free",
    "throw_in_order",
    "round_turn",
    "_done_refusal",
    "_play_action",
    "_go_out_immediately",
    "_mark_out",
    "_maybe_close_bout",
    "_throwers_finished",
    "_close_bout",
    "_after_bout",
    "_draw_after_bout",
    "_finished_result",
    "_first_attacker",
    "_begin_bout",
)


def _bad(value: Any) -> Card:
    raise MalformedAction(f'expected a card such as "7H", got {value!r}')
