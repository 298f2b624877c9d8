"""The game: the state of one table, and the rules that move it, gathered from their modules.

``Game.deal`` starts from a stacked deck, ``Game.from_position`` from a table between bouts.
``apply`` plays an action or raises (leaving the state untouched); ``legal_actions`` lists
what a seat may do now (``legal_moves`` what every seat may do).  Several seats may be able to
act at once (throwers and the defender), so there is no single "player to move": ask each seat.

Seats are numbered from 1, clockwise; hands are indexed by seat number (index 0 unused).

Where each rule is written
--------------------------
Each rule of the documents is written once, in the module of its rule area, as a function of
the game; :class:`Game` binds those functions as its methods (the class body below is their
index).  What a seat may do (listing) and whether an action is allowed (checking, and which
clause refuses it) are built from the same predicates, each answering None or a
:class:`~reference_engine.refusals.Refusal`:

====================================  ===========================================================
:mod:`~reference_engine.seating`       seats, clockwise order, partners, who attacks whom
:mod:`~reference_engine.dealing`       the deal, a table between bouts, the first attacker
:mod:`~reference_engine.limits`        how many attacking cards a bout holds
:mod:`~reference_engine.attacking`     a bout begins; the opening cards
:mod:`~reference_engine.throwing_in`   who throws in, in what order, when, which cards; done
:mod:`~reference_engine.defending`     beating, taking, taking anyway after a full defence
:mod:`~reference_engine.transferring`  passing the attack on
:mod:`~reference_engine.bout_end`      when a bout closes, drawing, who attacks next
:mod:`~reference_engine.results`       going out, the end of the game
====================================  ===========================================================

A variant engine (the mutants of ``adapters/mutants.py``, cheater mode in
:mod:`reference_engine.cheating`) is a subclass that overrides the one method where its rule
lives; everything else, listing included, follows.  The engine calls every rule through the
game (``game.cap()``, never ``limits.cap(game)``) so that an override is seen everywhere.

Caches: the listed actions of the current state (``_listed``), the room (``_room_cache``),
the count of unbeaten cards and the ranks on the table (``_unbeaten``, ``_ranks``, kept up to
date as cards are played), the bout's cap (``_cap``) and who may throw in, in order
(``_throwers``), both worked out when a bout begins.  Code that changes the state other than
through the engine's own methods must call :meth:`Game._state_changed`.  The engine does no
I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Literal

from reference_engine import (
    attacking,
    bout_end,
    dealing,
    defending,
    limits,
    listing,
    results,
    seating,
    state_json,
    throwing_in,
    transferring,
)
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
from reference_engine.cards import Card
from reference_engine.defending import beats
from reference_engine.errors import MalformedAction
from reference_engine.outcome import Outcome
from reference_engine.refusals import Refusal
from reference_engine.rules import Rules
from reference_engine.table import TablePair

__all__ = ["Event", "Game", "Phase", "TablePair", "beats"]

Phase = Literal["lead", "bout", "finished"]
Event = dict[str, Any]

GAME_OVER = Refusal("game.finished", "the game is over")
OUT_OF_GAME = Refusal("play.turn", "seat {seat} is out of the game")


class Game:
    """A game of Durak under one resolved ruleset."""

    # Slots: a game has more attributes than CPython shares in an instance dict's keys, and
    # slot access keeps the per-step cost of simulations low.  Subclasses that add
    # attributes of their own get a dict as usual.
    __slots__ = (
        "_cap",
        "_defences",
        "_history",
        "_listed",
        "_plays",
        "_ranks",
        "_room_cache",
        "_throwers",
        "_unbeaten",
        "attacker",
        "awaiting_choice",
        "bout",
        "defender",
        "defender_hand_at_start",
        "discard",
        "done",
        "first_discard_done",
        "goes_out_at_once",
        "hands",
        "humans",
        "last_close",
        "log",
        "new_card_cancels_done",
        "out",
        "out_log",
        "partners",
        "phase",
        "priority",
        "priority_released",
        "result",
        "rules",
        "seats",
        "situations",
        "starter",
        "stock",
        "table",
        "taken",
        "team_seats",
        "trump",
        "trump_card",
    )

    STATE: ClassVar[tuple[str, ...]] = (
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
    """The fields that are the whole state: ``copy()`` and the snapshots of ``push`` copy
    them (a subclass with state of its own extends this)."""

    def __init__(self, rules: Rules, seats: int, trump: Card, humans: Iterable[int]) -> None:
        """Use :meth:`deal` or :meth:`from_position`; this makes an empty table."""
        seating.check_seat_count(rules, seats)
        self.rules = rules
        self.seats = seats
        self.trump_card = trump
        self.trump = trump.suit
        self.humans = frozenset(humans)
        self._decide_once()
        self.phase: Phase = "lead"
        self.hands: list[list[Card]] = [[] for _ in range(seats + 1)]
        self.stock: list[Card] = []  # bottom first: the face-up trump is stock[0], top is [-1]
        self.discard: list[Card] = []
        self.table: list[TablePair] = []
        self.out: list[bool] = [False] * (seats + 1)
        self.out_log: list[tuple[int, int]] = []  # (bout, seat) in the order seats went out
        self.bout = 1
        self.starter = 0  # who opened the bout (draws first)
        self.attacker = 0  # who attacks now (the last transferrer, after a transfer)
        self.defender = 0
        self.priority = 0  # the seat that throws in first (starter, or the last transferrer)
        self.priority_released = False
        self.taken = False
        self.awaiting_choice = False  # a full defence waits for the defender to keep or take
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
        self._room_cache: int | None = None
        self._unbeaten = 0
        self._ranks: set[int] = set()
        self._cap = self.cap()
        """The bout's cap (see :mod:`reference_engine.limits`)."""
        self._throwers: tuple[int, ...] = ()
        """Who may throw in this bout, in order (see :func:`throwing_in.update_throwers`)."""

    def _decide_once(self) -> None:
        """What the rules decide once per game, asked of the rule modules now."""
        self.partners: tuple[int | None, ...] = tuple(
            None if s == 0 else self.partner(s) for s in range(self.seats + 1)
        )
        """Each seat's partner (``partner()``), indexed by seat."""
        self.team_seats = self.teams()
        """The pairs (``teams()``), or None."""
        self.goes_out_at_once = results.goes_out_at_once(self.rules)
        """Whether seats go out during a bout (see :func:`results.go_out_now`)."""
        self.new_card_cancels_done = throwing_in.new_card_cancels_done(self.rules)
        """Whether a new card cancels the throwers' done (see :mod:`throwing_in`)."""
        self.situations = defending.situations(self.rules)
        """The defender's answers in each situation (see :func:`defending.situations`)."""
        self._defences = self.defence_tables()
        self._plays = type(self)._PLAYS_BY_CLASS

    @classmethod
    def deal(
        cls,
        rules: Rules,
        seats: int,
        deck: Sequence[Card | str],
        humans: Iterable[int] | None = None,
    ) -> Game:
        """Deal a stacked ``deck`` (top card first; the last card is the face-up trump); see
        :mod:`reference_engine.dealing`.  ``humans``: the seats people play (default all)."""
        return dealing.deal(cls, rules, seats, deck, humans)

    @classmethod
    def from_position(
        cls, rules: Rules, position: Mapping[str, Any], humans: Iterable[int] | None = None
    ) -> Game:
        """Start from a table between bouts (the protocol's ``position`` object).  Raises
        :class:`RulesError` for an impossible position, naming what is wrong."""
        return dealing.from_position(cls, rules, position, humans)

    # ------------------------------------------------------------------ the rules, by area

    # Seats and turn order
    partner = seating.partner
    teams = seating.teams
    is_opponent = seating.is_opponent
    next_active = seating.next_active
    previous_active = seating.previous_active
    next_opponent = seating.next_opponent
    # The first attack
    lowest_trump = dealing.lowest_trump
    first_attacker = dealing.first_attacker
    # How many attacking cards a bout holds
    cap = limits.cap
    room = limits.room
    limit = limits.limit
    limit_refusal = limits.limit_refusal
    room_refusal = limits.room_refusal
    # A bout begins; the opening
    begin_bout = attacking.begin_bout
    attack_refusal = attacking.attack_refusal
    openings = attacking.openings
    check_attack = attacking.check_attack
    play_attack = attacking.play_attack
    # Throwing in and done
    update_throwers = throwing_in.update_throwers
    thrower_refusals = throwing_in.thrower_refusals
    priority_free = throwing_in.priority_free
    throw_in_order = throwing_in.throw_in_order
    round_turn = throwing_in.round_turn
    throw_in_ranks = throwing_in.throw_in_ranks
    throw_in_rank_refusal = throwing_in.throw_in_rank_refusal
    check_throw_in = throwing_in.check_throw_in
    play_throw_in = throwing_in.play_throw_in
    check_done = throwing_in.check_done
    play_done = throwing_in.play_done
    # Beating, taking, taking anyway
    defence_beats = defending.defence_beats
    defence_tables = defending.defence_tables
    defences_against = defending.defences_against
    beat_refusal = defending.beat_refusal
    check_defend = defending.check_defend
    play_defend = defending.play_defend
    check_take = defending.check_take
    play_take = defending.play_take
    check_accept = defending.check_accept
    play_accept = defending.play_accept
    defender_refusals = defending.defender_refusals
    # Transferring
    transfer_target = transferring.transfer_target
    transfer_window_refusal = transferring.transfer_window_refusal
    transfer_ranks = transferring.transfer_ranks
    transfer_rank_refusal = transferring.transfer_rank_refusal
    transfer_capacity_refusal = transferring.transfer_capacity_refusal
    transfer_options = transferring.transfer_options
    check_transfer = transferring.check_transfer
    play_transfer = transferring.play_transfer
    # The end of a bout
    maybe_close_bout = bout_end.maybe_close_bout
    close_bout = bout_end.close_bout
    after_bout = bout_end.after_bout
    draw_order = bout_end.draw_order
    draw_after_bout = bout_end.draw_after_bout
    next_attacker = bout_end.next_attacker
    # Going out and the end of the game
    mark_out = results.mark_out
    go_out_now = results.go_out_now
    go_out_after_bout = results.go_out_after_bout
    finished_result = results.finished_result
    out_groups = results.out_groups
    finish = results.finish

    # ------------------------------------------------------------------ queries

    @property
    def trump_suit(self) -> str:
        return self.trump

    def hand(self, seat: int) -> list[Card]:
        return list(self.hands[seat])

    def active(self, seat: int) -> bool:
        return not self.out[seat]

    def is_over(self) -> bool:
        return self.phase == "finished"

    def unbeaten(self) -> list[Card]:
        """The attacking cards on the table not beaten yet."""
        return [p.attack for p in self.table if p.defence is None]

    def table_ranks(self) -> set[int]:
        """The ranks of every card on the table (a fresh set)."""
        return set(self._ranks)

    def may_throw_in(self, seat: int) -> bool:
        """Whether ``seat`` may add cards to the bout now, turn order included."""
        return self.thrower_refusals(seat)[0] is None

    legal_moves = listing.legal_moves

    def actions_for(self, seat: int) -> list[str]:
        """The action types ``seat`` may take now (each with at least one legal action)."""
        return sorted({a.type for a in self.legal_actions(seat)})

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (a fresh list; the actions are immutable)."""
        if not 1 <= seat <= self.seats:
            return []
        return [a for a in self.legal_moves() if a.seat == seat]

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
        for act in self._listed or ():
            if act is action:  # listed for this state: allowed
                break
        else:
            act = action if isinstance(action, Action) else action_from_json(action)
            self._check(act)
        self._listed = self._room_cache = None
        self.log.append(act)
        try:  # by the action's class: a class-level lookup of its type tag costs more
            play_action = self._plays[type(act)]
        except KeyError:
            play_action = self._play_method(type(act))
        play_action(self, act)
        # The room is not forgotten again: if playing the action needed it (to see whether
        # the bout closes) it is the new state's, since every later change clears the table.
        self._listed = None

    def push(self, action: Action | Mapping[str, Any]) -> list[Event]:
        """Like :meth:`apply`, remembering the state before so :meth:`pop` can undo it."""
        act = action_from_json(action)
        self._check(act)
        self._history.append(state_json.snapshot(self))
        mark = len(self.log)
        self._state_changed()
        self.play(act)
        self._state_changed()
        return self.events(mark)

    def pop(self) -> None:
        """Undo the last :meth:`push`."""
        if not self._history:
            raise IndexError("pop from a game with no pushed actions")
        state_json.restore(self, self._history.pop())

    def events(self, since: int = 0) -> list[Event]:
        """The log from position ``since`` on, as protocol event objects."""
        return [e.to_json() if isinstance(e, Action) else e for e in self.log[since:]]

    def _check(self, act: Action) -> None:
        """Raise IllegalAction unless ``act`` is allowed now; changes nothing."""
        seat = act.seat
        if self.phase == "finished":
            raise GAME_OVER.error(self, seat)
        if seat > self.seats:
            raise MalformedAction(f"action.seat: there are only {self.seats} seats, not {seat}")
        if self.out[seat]:
            raise OUT_OF_GAME.error(self, seat)
        if isinstance(act, Attack):
            self.check_attack(act)
        elif isinstance(act, Defend):
            self.check_defend(act)
        elif isinstance(act, ThrowIn):
            self.check_throw_in(act)
        elif isinstance(act, Transfer):
            self.check_transfer(act)
        elif isinstance(act, Take):
            self.check_take(act)
        elif isinstance(act, Done):
            self.check_done(act)
        elif isinstance(act, Accept):
            self.check_accept(act)

    #: What plays each type of action, by type tag (made for each class from these method
    #: names, so that a subclass's override is the one called).
    PLAY_METHODS: ClassVar[dict[str, str]] = {
        "defend": "play_defend",
        "throw_in": "play_throw_in",
        "done": "play_done",
        "attack": "play_attack",
        "take": "play_take",
        "transfer": "play_transfer",
        "accept": "play_accept",
    }
    _PLAYS: ClassVar[dict[str, Callable[[Any, Any], None]]] = {}
    _PLAYS_BY_CLASS: ClassVar[dict[type, Callable[[Any, Any], None]]] = {}  # filled as played

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._PLAYS = {kind: getattr(cls, name) for kind, name in cls.PLAY_METHODS.items()}
        cls._PLAYS_BY_CLASS = {}

    def _play_method(self, action_class: type[Action]) -> Callable[[Any, Any], None]:
        """What plays ``action_class`` (by type tag; an unknown type moves nothing)."""
        method = self._PLAYS.get(action_class.type, Game._play_nothing)
        type(self)._PLAYS_BY_CLASS[action_class] = method
        return method

    def _play_nothing(self, act: Action) -> None:
        if self.goes_out_at_once:
            self.go_out_now()
        self.maybe_close_bout()

    # ------------------------------------------------------------------ caches

    def _state_changed(self) -> None:
        """Forget what was listed or computed for the previous state and recount the table.
        Code that changes the state other than through the engine's own methods must call
        this."""
        self._listed = None
        self._room_cache = None
        self._cap = self.cap()
        self.update_throwers()
        table = self.table
        self._unbeaten = sum(1 for p in table if p.defence is None)
        ranks = self._ranks = {p.attack.rank for p in table}
        ranks.update(p.defence.rank for p in table if p.defence is not None)

    def _clear_table(self) -> None:
        """An empty table (a bout closed or begins)."""
        self.table = []
        self._unbeaten = 0
        self._ranks = set()
        self._room_cache = None

    # ------------------------------------------------------------------ copies, JSON

    def copy(self) -> Game:
        """An independent copy of this game (history of pushes not included)."""
        cls = type(self)
        other = cls.__new__(cls)
        other.rules = self.rules
        other.seats = self.seats
        other.trump_card = self.trump_card
        other.trump = self.trump
        other.humans = self.humans
        other._decide_once()
        state_json.restore(other, state_json.snapshot(self))
        other.log = list(self.log)
        other._history = []
        return other

    to_json = state_json.to_json
    internal_json = state_json.internal_json

    @classmethod
    def from_internal_json(cls, data: Mapping[str, Any]) -> Game:
        """Rebuild a game saved with :meth:`internal_json`."""
        return state_json.from_internal_json(cls, data)


Game._PLAYS = {kind: getattr(Game, name) for kind, name in Game.PLAY_METHODS.items()}
