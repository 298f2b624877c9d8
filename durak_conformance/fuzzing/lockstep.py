"""One game played in lockstep on the reference engine (in process) and an engine under test.

The reference engine chooses: random games take its legal actions, plus now and then an action
it refuses (to compare refusals).  The engine under test is only asked to agree.  After every
action the two are compared on what the rules decide -- whether the action is accepted, then
in the state the engine returned with ``act`` (no extra ``state`` request): phase, table,
hands, stock, discard, seats out, the action types each seat may take, attacker, defender and
the result.  Where the engine claims ``legal``, its legal-action lists are compared too, at a
sample of steps (each costs a request per acting seat).

Volatile or presentational details are not compared: hand and discard order, events, bout
numbers, ``limit``.
"""

from __future__ import annotations

import collections
import itertools
import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from adapters.base import (
    JSON,
    ActResult,
    Adapter,
    Answer,
    Call,
    EngineFailure,
    StartCall,
    Started,
    StartRefused,
    UnsupportedByEngine,
)
from durak_conformance import limits
from durak_conformance.follow import DealProblem, dealt_position, first_attack_problem
from durak_conformance.shadow import canonical
from reference_engine.cards import deck as full_deck
from reference_engine.game import Game
from reference_engine.rules import Rules

ACTION_TYPES = ("attack", "defend", "throw_in", "transfer", "take", "done", "accept")

#: Order in which state fields are compared (the first difference is the one reported).
FIELDS = (
    "phase",
    "table",
    "hands",
    "stock",
    "discard",
    "out",
    "actions",
    "attacker",
    "defender",
    "result",
)


@dataclass(frozen=True)
class Table:
    """What is fuzzed: a profile with options, resolved to rules, and a seat count."""

    profile: str
    options: Mapping[str, str]
    rules: Mapping[str, Any]
    seats: int

    def reference_rules(self) -> Rules:
        return Rules.from_mapping(self.rules)


@dataclass(frozen=True)
class Start:
    """How a game begins: a stacked deck, a position, or (``deal``) the engine's own deal from
    ``seed``, which the reference engine then follows (see :mod:`durak_conformance.follow`);
    and which seats are computers."""

    deck: tuple[str, ...] | None = None
    position: Mapping[str, Any] | None = None
    bots: tuple[int, ...] = ()
    deal: bool = False
    seed: int = 0

    def seats_json(self, count: int) -> list[JSON]:
        return [{"seat": n, "human": n not in self.bots} for n in range(1, count + 1)]


@dataclass(frozen=True)
class Divergence:
    """The first point where the engine under test disagrees with the reference engine.

    ``step`` is the index of the action after which it showed (-1: right after start);
    ``kind`` is ``start`` (the engine refused to start), ``deal`` (an engine's own deal is not
    a proper deal for the rules), ``first_attack`` (it lets another seat open its own deal),
    ``acceptance``, ``state``, ``legal``, ``turn`` (one player to move: the engine waits for a
    seat the rules give nothing to do), ``unsupported`` (the engine declined, as a rule it
    lacks, a move the rules allow) or ``failure`` (the engine crashed or broke the
    protocol); ``fields`` lists every differing field with the reference's and the engine's
    value.
    """

    step: int
    kind: str
    fields: tuple[tuple[str, Any, Any], ...]
    message: str
    clause: str | None = None
    """The clause the divergence is about when the reference engine names one: the clause of
    its refusal (an action the engine accepted), of the deal rule, of the first attack."""
    refusal: Mapping[str, Any] | None = None
    """The engine's error object, for an action it refused that the rules allow."""


@dataclass
class Trial:
    """A game played in lockstep: the actions tried and the first divergence, if any."""

    start: Start
    actions: list[JSON]
    divergence: Divergence | None
    requests: int = 0
    finished: bool = False
    transcript: list[JSON] = field(default_factory=list)
    dealt: Start | None = None
    """For a game the engine dealt itself: the position the reference engine followed (None
    when the deal was not a proper one)."""

    @property
    def reference_start(self) -> Start:
        """How the reference engine started: the game's start, or the engine's deal."""
        return self.dealt if self.dealt is not None else self.start


class InvalidStart(Exception):
    """The reference engine cannot start from this deck or position (shrinking went too far)."""


# ---------------------------------------------------------------------- comparing


def _result_view(result: Any) -> Any:
    if not isinstance(result, Mapping):
        return result
    pair = result.get("winning_pair")
    return {
        "termination": result.get("termination"),
        "durak": sorted(result.get("durak") or []),
        "winners": sorted(result.get("winners") or []),
        "winning_pair": sorted(pair) if isinstance(pair, list) else pair,
    }


def rules_view(state: Mapping[str, Any]) -> dict[str, Any]:
    """What the rules decide in a protocol ``state``, in a form fit for comparing."""
    seats = state.get("seats") or []
    return {
        "phase": state.get("phase"),
        "table": [
            (p.get("attack"), p.get("attacker"), p.get("defence"), p.get("defender"))
            for p in state.get("table") or []
        ],
        "hands": {s.get("seat"): sorted(s.get("hand") or []) for s in seats},
        "stock": list(state.get("stock") or []),
        "discard": sorted(state.get("discard") or []),
        "out": {s.get("seat"): bool(s.get("out")) for s in seats},
        "actions": {s.get("seat"): sorted(s.get("actions") or []) for s in seats},
        "attacker": state.get("attacker"),
        "defender": state.get("defender"),
        "result": _result_view(state.get("result")),
    }


_SAME_FIELDS = ("phase", "attacker", "defender", "stock", "table", "discard", "result")
_SAME_SEAT_FIELDS = ("seat", "hand", "out", "actions")


def same_rules(expected: Mapping[str, Any], got: Mapping[str, Any]) -> bool:
    """A fast, sound test that two protocol states agree on what the rules decide: True
    only when every field :func:`rules_view` reads is equal as sent (order included), which
    implies equal views.  False says nothing: compare the views then (an engine may list a
    hand in another order)."""
    if expected == got:  # equal as a whole (compared in C), so equal in every field read
        return True
    for name in _SAME_FIELDS:
        if expected.get(name) != got.get(name):
            return False
    mine, theirs = expected.get("seats"), got.get("seats")
    if not isinstance(mine, list) or not isinstance(theirs, list) or len(mine) != len(theirs):
        return False
    for a, b in zip(mine, theirs, strict=True):
        if not isinstance(b, Mapping):
            return False
        for name in _SAME_SEAT_FIELDS:
            if a.get(name) != b.get(name):
                return False
    return True


def differences(expected: Mapping[str, Any], got: Mapping[str, Any]) -> list[tuple[str, Any, Any]]:
    """Fields where two rules views differ; per-seat fields are named ``hands.2``."""
    out: list[tuple[str, Any, Any]] = []
    for name in FIELDS:
        want, have = expected.get(name), got.get(name)
        if want == have:
            continue
        if isinstance(want, dict) and isinstance(have, dict):
            for seat in sorted(set(want) | set(have), key=str):
                if want.get(seat) != have.get(seat):
                    out.append((f"{name}.{seat}", want.get(seat), have.get(seat)))
        else:
            out.append((name, want, have))
    return out


def _show(fields: Sequence[tuple[str, Any, Any]]) -> str:
    return "; ".join(f"{name}: reference {want!r}, engine {have!r}" for name, want, have in fields)


# ---------------------------------------------------------------------- choosing


Chooser = Callable[["ReferenceSide", int], "JSON | None"]
"""Given the reference engine before step ``i``, the next action to try (None: stop)."""


def random_chooser(rng: random.Random, illegal_rate: float, deck_size: int) -> Chooser:
    """Legal actions of the reference engine at random, with some it refuses mixed in."""
    deck_cards = [c.code for c in full_deck(deck_size)]
    pending: list[JSON] = []

    def choose(ref: ReferenceSide, step: int) -> JSON | None:
        if pending:
            return pending.pop()
        if ref.finished:
            return None
        acting = ref.movers()
        if not acting:
            return None
        seat = rng.choice(acting)
        options = ref.legal(seat)
        if not options:
            return None
        legal = dict(_pick(rng, options))
        if rng.random() < illegal_rate:
            wrong = illegal_candidate(ref, rng, deck_cards)
            if wrong is not None:
                pending.append(legal)
                return wrong
        return legal

    return choose


TAKE_RATE = 0.15
"""How often a defender who could defend takes instead: uniform choices would take far more
often, making long games that rarely reach a draw or an empty-handed finish."""


def _pick(rng: random.Random, options: Sequence[JSON]) -> JSON:
    gives_up = [a for a in options if a.get("type") in ("take", "accept")]
    if gives_up and len(gives_up) < len(options) and rng.random() >= TAKE_RATE:
        options = [a for a in options if a.get("type") not in ("take", "accept")]
    return rng.choice(options)


def illegal_candidate(
    ref: ReferenceSide, rng: random.Random, deck_cards: Sequence[str]
) -> JSON | None:
    """A well-formed action the reference engine refuses now (None if the draw was legal)."""
    state = ref.state
    seat = rng.randint(1, ref.table.seats)
    hand = list(state["seats"][seat - 1].get("hand") or [])
    kind = rng.choice(ACTION_TYPES)

    def some_card() -> str:
        return rng.choice(hand) if hand and rng.random() < 0.9 else rng.choice(deck_cards)

    action: JSON = {"type": kind, "seat": seat}
    if kind == "attack":
        first = some_card()
        cards = [first]
        if len(hand) > 1 and rng.random() < 0.3:
            same = [c for c in hand if c[0] == first[0] and c != first]
            cards.append(rng.choice(same) if same else rng.choice([c for c in hand if c != first]))
        action["cards"] = cards
    elif kind == "defend":
        attacks = [p["attack"] for p in state.get("table") or []]
        action["attack"] = rng.choice(attacks) if attacks else rng.choice(deck_cards)
        action["card"] = some_card()
    elif kind in ("throw_in", "transfer"):
        action["card"] = some_card()
    wanted = canonical(action)
    if any(canonical(a) == wanted for a in ref.legal(seat)):
        return None
    return action


def replay_chooser(actions: Sequence[JSON]) -> Chooser:
    def choose(ref: ReferenceSide, step: int) -> JSON | None:
        return dict(actions[step]) if step < len(actions) else None

    return choose


class ReferenceSide:
    """The reference engine in process, spoken to in protocol terms (as ``serve`` answers).

    It goes through :class:`~adapters.reference.ReferenceEngine` rather than a bare ``Game`` so
    everything the reference engine adds around the card play (redeals, matches, ...) is the
    same on both sides.
    """

    def __init__(self, table: Table, start: Start) -> None:
        from adapters.reference import ReferenceEngine

        self.table = table
        self.engine = ReferenceEngine()
        self.game_id = "reference"
        self.turn: int | None = None
        """With an engine that has one player to move: the seat it waits for (its ``turn``),
        whose moves are the ones to choose; None otherwise."""
        self.restart(start)

    def restart(self, start: Start) -> None:
        """Start the reference game afresh from ``start`` (a deck or a position); raises
        :class:`InvalidStart` when the reference engine cannot."""
        if start.deal or (start.deck is None and start.position is None):
            raise InvalidStart(
                "the reference engine follows an engine's own deal from the dealt position"
            )
        self.engine.games.pop(self.game_id, None)
        table = self.table
        request: JSON = {
            "id": 0,
            "cmd": "start",
            "game": self.game_id,
            "profile": table.profile,
            "options": dict(table.options),
            "rules": dict(table.rules),
            "seats": start.seats_json(table.seats),
            "seed": start.seed,
        }
        if start.position is not None:
            request["position"] = dict(start.position)
        else:
            request["deck"] = list(start.deck or ())
        reply = self.engine.handle(request)
        if not reply.get("ok"):
            raise InvalidStart(str((reply.get("error") or {}).get("message")))
        self.state: JSON = reply["state"]
        self.events: list[JSON] = []
        self._legal: dict[int, list[JSON]] = {}

    @property
    def game(self) -> Game:
        """The reference engine's game object (for what the protocol state leaves out)."""
        running: Any = self.engine.games[self.game_id]
        return running.game if hasattr(running, "game") else running  # type: ignore[no-any-return]

    @property
    def finished(self) -> bool:
        return self.state.get("phase") == "finished"

    def acting(self) -> list[int]:
        return [s["seat"] for s in self.state.get("seats", []) if s.get("actions")]

    def movers(self) -> list[int]:
        """The seats whose moves may be chosen now: the engine's ``turn`` when it has one
        player to move, else every seat that may act."""
        if self.turn is not None:
            return [self.turn]
        return self.acting()

    def legal(self, seat: int) -> list[JSON]:
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal[seat] = self.engine.legal(self.game_id, seat)
        return cached

    def act(self, action: Mapping[str, Any]) -> str | None:
        """Play ``action``; None if accepted, else the clause (or error code) of the refusal."""
        reply = self.engine.handle(
            {"id": 0, "cmd": "act", "game": self.game_id, "seat": action["seat"], "action": action}
        )
        if not reply.get("ok"):
            error = reply.get("error") or {}
            return str(error.get("clause") or error.get("code"))
        self.state = reply["state"]
        self.events = list(reply.get("events") or [])
        self._legal = {}
        return None


def reference_game(table: Table, start: Start) -> ReferenceSide:
    """The reference engine started from ``start``; raises InvalidStart if it cannot begin
    (also for an engine's own deal: start from ``Trial.reference_start`` then)."""
    return ReferenceSide(table, start)


_SHAPE_ERRORS = (TypeError, ValueError, KeyError, IndexError, AttributeError)
"""What reading a reply of the wrong shape raises (only without schema checks)."""


class Lockstep:
    """Plays games on the reference engine and ``adapter`` side by side."""

    def __init__(self, adapter: Adapter, table: Table, *, legal_rate: float = 0.1) -> None:
        self.adapter = adapter
        self.table = table
        self.legal_rate = legal_rate
        capabilities = adapter.hello().capabilities
        self.claims_legal = "legal" in capabilities
        self.claims_position = "position" in capabilities
        self.start_modes = adapter.hello().start_modes
        self.one_to_move = "turn" in capabilities
        self._ids = itertools.count(1)
        self._legal_at: int | None = None
        self._ahead: _Ahead | None = None

    def plans_ahead(self, *, deal: bool) -> bool:
        """Whether a plain :meth:`play` plans its ``then`` ahead: not when the engine deals
        that game (``deal``: the reference engine follows its deal), nor for an engine with
        one player to move (its turns steer the plan)."""
        return not deal and not self.one_to_move

    @property
    def planned_ahead(self) -> NextGame | None:
        """The game being planned ahead (the last :meth:`play`'s ``then``), if any."""
        return self._ahead.game if self._ahead is not None else None

    def play(
        self,
        start: Start,
        chooser: Chooser,
        *,
        seed: int = 0,
        rng: random.Random | None = None,
        check_legal_always: bool = False,
        record: bool = False,
        max_steps: int = 2000,
        legal_at: int | None = None,
        then: NextGame | None = None,
    ) -> Trial:
        """Play until the game ends, the chooser stops or the two engines disagree.

        Legal lists are compared at a sample of steps, at every step with
        ``check_legal_always``, or (``legal_at``, for replaying a finding) only after the
        action of that index (-1: right after the start; below -1: never).

        A ``start`` with ``deal`` lets the engine deal from ``start.seed``; the reference
        engine follows that deal (see :meth:`_follow`).

        ``then`` is the game to play next: while this game's last answers are on their way,
        the adapter's wait is spent planning it on the reference engine (:attr:`Adapter.idle`),
        and the next call with that game's start, chooser and random numbers takes the plan
        as made so far.  The plan depends on nothing the engine says, so the games are the
        same either way (only a plain game is planned ahead: not one the engine deals, one
        that is recorded, or one whose legal lists are taken at chosen steps; nor for an
        engine with one player to move, whose turns steer the plan)."""
        plain = legal_at is None and not record and not check_legal_always
        ahead, self._ahead = self._ahead, None
        if ahead is not None and not ahead.is_for(start, chooser, rng, max_steps):
            ahead = None  # planned for another game: dropped
        if ahead is not None and not plain:
            raise ValueError(
                "a game planned ahead is played as planned: not recorded, and without legal "
                "lists at chosen steps (its random numbers are used up)"
            )
        self._legal_at = legal_at
        if ahead is not None:
            ref: ReferenceSide | None = ahead.begin()
            trial = ahead.trial
        else:
            ref = None if start.deal else reference_game(self.table, start)
            trial = Trial(start, [], None)
        game_id = f"fuzz-{seed}-{next(self._ids)}"
        legal_rng = rng or random.Random(seed)
        if then is not None and plain and self.plans_ahead(deal=then.start.deal):
            self._ahead = _Ahead(self, then)
            self.adapter.idle = self._ahead.step
        try:
            trial.divergence = self._play(
                ref,
                trial,
                game_id,
                chooser,
                legal_rng,
                check_legal_always,
                record,
                max_steps,
                ahead,
            )
        except EngineFailure as exc:
            trial.divergence = Divergence(
                len(trial.actions) - 1, "failure", (), f"the engine failed: {exc}"
            )
            return trial
        except UnsupportedByEngine as exc:
            if trial.requests == 0:
                raise  # the start itself: the engine declines the table
            # A rule the engine lacks, met in the middle of a game: the game cannot go on in
            # lockstep, but the campaign can (a finding of its own, listed as known once
            # triaged, rather than the end of the campaign).
            trial.divergence = Divergence(
                len(trial.actions) - 1,
                "unsupported",
                (),
                f"the engine declined a move the rules allow as unsupported: {exc}",
            )
            return trial
        except _SHAPE_ERRORS as exc:  # a reply of the wrong shape (unchecked by the schemas)
            trial.divergence = Divergence(
                len(trial.actions) - 1,
                "failure",
                (),
                f"the engine's reply could not be read ({type(exc).__name__}: "
                f"{limits.clip(str(exc), 200)}): a reply of the wrong shape; run with the schema "
                "checks (without --no-schema-check) to see what breaks the protocol",
            )
            return trial
        finally:
            self.adapter.idle = None
        try:
            self.adapter.end_soon(game_id)
            trial.requests += 1
        except Exception:
            pass
        return trial

    def _log(self, trial: Trial, record: bool, request: JSON, reply: JSON, ref: JSON) -> None:
        if record:
            trial.transcript.append({"request": request, "reply": reply, "reference": ref})

    def _play(
        self,
        ref: ReferenceSide | None,
        trial: Trial,
        game_id: str,
        chooser: Chooser,
        rng: random.Random,
        check_legal_always: bool,
        record: bool,
        max_steps: int,
        ahead: _Ahead | None = None,
    ) -> Divergence | None:
        table = self.table
        arguments = self._start_arguments(trial.start)
        request: JSON = {  # as the transcript shows it
            "cmd": "start",
            "game": game_id,
            **arguments,
            "options": dict(table.options),
            "rules": dict(table.rules),
        }
        start_call: StartCall | None = None
        if ref is None:
            # The engine deals: the reference follows its deal, so nothing can be planned
            # before the engine has answered the start.
            try:
                state = self.adapter.start(game_id, **arguments)
            except EngineFailure as exc:
                return self._start_failed(trial, record, request, {"follows": "the deal"}, exc)
            trial.requests += 1
            followed = self._follow(trial, state)
            if isinstance(followed, Divergence):
                self._log(trial, record, request, {"state": state}, {"follows": "the deal"})
                return followed
            ref = followed
            self._log(trial, record, request, {"state": state}, {"state": ref.state})
            found = self._compare(ref, rules_view(ref.state), state, -1)
            if found is not None:
                return found
        else:
            # A stacked deck or a position: the start is the first request of the first
            # batch, so the engine deals while the first moves are planned.
            start_call = StartCall(arguments)
        side: ReferenceSide = ref
        # The reference engine alone decides every action, so the game is planned on it
        # alone and the engine under test gets its requests as one batch, sent ahead of the
        # answers (see Adapter.pipeline: over stdio that saves a round trip per request).  The
        # answers are judged in order; the first divergence ends the trial as if the game had been
        # played request by request, and whatever the engine answered after it is ignored.
        # A redeal is the engine's own shuffle: the plan stops after one, and once the engine
        # has answered, the reference follows its new deal and the rest is planned anew.
        first = 0
        while True:
            planned: collections.deque[_Planned] = collections.deque()  # asked, not yet judged
            resume: list[int] = []

            # Planned as the adapter asks: an in-process adapter takes one call at a time, so
            # the two engines still alternate; the stdio adapter takes a handful at a time and
            # writes each while the next is planned.
            calls: Iterator[Call | StartCall]
            if ahead is not None:  # planned in part already, start first
                planned, resume, calls = ahead.planned, ahead.resume, ahead.calls()
                ahead = None
            else:
                calls = self._plan(
                    side, trial, chooser, rng, check_legal_always, max_steps, planned, first, resume
                )
                if start_call is not None:
                    calls = _after_start(start_call, side.state, planned, calls)
            if self.one_to_move:
                # Whose turn comes next is the engine's answer: one call at a time, each
                # planned once the last one is judged.
                answers = Adapter.pipeline(self.adapter, game_id, calls)
            else:
                answers = self.adapter.pipeline(game_id, calls)
            try:
                found = self._judge(trial, game_id, planned, answers, record, side, request)
            finally:
                answers.close()  # after a divergence the rest of the batch is not needed
            if found is not None or not resume:
                return found
            first, start_call = resume[0], None

    def _start_arguments(self, start: Start) -> JSON:
        """The keyword arguments of :meth:`Adapter.start` for a game from ``start``."""
        table = self.table
        arguments: JSON = {
            "profile": table.profile,
            "options": table.options,
            "rules": table.rules,
            "seats": start.seats_json(table.seats),
            "seed": start.seed,
        }
        if start.position is not None:
            arguments["position"] = dict(start.position)
        elif not start.deal:
            arguments["deck"] = list(start.deck or ())
        return arguments

    def _start_failed(
        self, trial: Trial, record: bool, request: JSON, expected: JSON, exc: EngineFailure
    ) -> Divergence:
        """The divergence of an engine that refused, or failed on, a start the rules allow."""
        self._log(trial, record, request, {"error": str(exc)}, expected)
        what = (
            "refused a start the rules allow"
            if isinstance(exc, StartRefused)
            else "failed on a start the rules allow"
        )
        return Divergence(-1, "start", (), f"the engine {what}: {exc}")

    def _compare(
        self, ref: ReferenceSide, expected_view: JSON, state: JSON, step: int
    ) -> Divergence | None:
        """The first difference between the engine's ``state`` and the reference's view of it
        (None: they agree); with one player to move the turn is checked too, and only the
        seat to move is compared on its action types (the others list none by design)."""
        view = rules_view(state)
        if self.one_to_move:
            # The table first: whose turn it may be is judged only on the same table.
            diff = [d for d in differences(expected_view, view) if not d[0].startswith("actions")]
            if not diff:
                found = self._check_turn(ref, state, step)
                if found is not None:
                    return found
                turn = state.get("turn")
                expected_view = dict(expected_view)
                expected_view["actions"] = {
                    seat: (types if seat == turn else [])
                    for seat, types in expected_view["actions"].items()
                }
                diff = differences(expected_view, view)
        else:
            diff = differences(expected_view, view)
        if diff:
            where = "after start: " if step < 0 else ""
            return Divergence(step, "state", tuple(diff), where + _show(diff))
        return None

    def _check_turn(self, ref: ReferenceSide, state: JSON, step: int) -> Divergence | None:
        """One player to move: ``turn`` names a seat the rules let act (null only when they
        let nobody act), and no other seat lists actions.  Sets ``ref.turn``."""
        seats = [s.get("seat") for s in state.get("seats") or []]
        turn = state.get("turn", "missing")
        if turn != "missing" and (turn is None or turn in seats):
            others = [
                s.get("seat")
                for s in state.get("seats") or []
                if s.get("actions") and s.get("seat") != turn
            ]
        else:
            others = []
        acting = ref.acting()
        problem = None
        if turn == "missing":
            problem = "the engine claims capability turn but its state has no turn"
        elif turn is not None and turn not in seats:
            problem = f"the state's turn is {turn!r}, not a seat of the table"
        elif others:
            problem = f"the turn is seat {turn}'s, yet seat(s) {others} list actions too"
        elif turn is None and acting:
            problem = (
                f"the engine waits for nobody (turn null), but the rules let seat(s) {acting} act"
            )
        elif turn is not None and turn not in acting:
            problem = (
                f"the engine waits for seat {turn}, but the rules give seat {turn} nothing to "
                "do now" + (f" (seat(s) {acting} may act)" if acting else " (nobody may act)")
            )
        if problem is not None:
            return Divergence(
                step, "turn", (("turn", acting, None if turn == "missing" else turn),), problem
            )
        ref.turn = turn if isinstance(turn, int) else None
        return None

    def _follow(
        self, trial: Trial, state: JSON, ref: ReferenceSide | None = None
    ) -> ReferenceSide | Divergence:
        """Load the engine's own deal into the reference engine (follow mode; into ``ref``
        after a redeal), or say why that deal is a finding: not a proper deal, or another
        seat opening the first bout."""
        table = self.table
        try:
            position = dealt_position(state, table.rules, table.seats)
        except DealProblem as exc:
            return Divergence(
                -1, "deal", (("deal", exc.clause, None),), exc.message, clause=exc.clause
            )
        dealt = Start(position=position, bots=trial.start.bots, seed=trial.start.seed)
        try:
            if ref is None:
                ref = reference_game(table, dealt)
            else:
                ref.restart(dealt)
        except InvalidStart as exc:  # pragma: no cover - a proper deal always loads
            return Divergence(-1, "deal", (), f"the reference engine cannot load the deal: {exc}")
        if trial.dealt is None and trial.start.deal:
            trial.dealt = dealt
        problem = first_attack_problem(state, ref.state, table.rules)
        if problem is not None:
            fields = (("attacker", ref.state.get("attacker"), state.get("attacker")),)
            named = re.search(r"\(([a-z0-9-]+\.first-attack\.[a-z-]+)\)$", problem)
            return Divergence(
                -1, "first_attack", fields, problem, clause=named.group(1) if named else None
            )
        return ref

    def _judge(
        self,
        trial: Trial,
        game_id: str,
        planned: collections.deque[_Planned],
        answers: Iterator[Answer],
        record: bool,
        ref: ReferenceSide,
        start_request: JSON,
    ) -> Divergence | None:
        """Compare the engine's answers with the plan, in order, up to the first divergence
        (``start_request`` is the start as the transcript shows it, when the batch begins
        with the start)."""
        legal_fields: list[tuple[str, Any, Any]] = []  # of the acting seats of one step
        while True:
            try:
                answer = next(answers)
            except StopIteration:
                break
            except EngineFailure as exc:
                if planned and isinstance(planned[0].call, StartCall):
                    expected = {"state": planned[0].expected_state}
                    failed = self._start_failed(trial, record, start_request, expected, exc)
                    return self._stop(trial, planned[0], failed)
                if planned:  # else the batch failed before taking any call: nothing was tried
                    self._stop(trial, planned[0], None)
                raise
            except UnsupportedByEngine:
                if planned:
                    self._stop(trial, planned[0], None)
                raise
            # Judged items are dropped at once: keeping a game's states alive until its end
            # made the in-process lockstep measurably slower (more for the GC to scan).
            item = planned.popleft()
            trial.requests += 1
            call = item.call
            if isinstance(call, StartCall):
                assert isinstance(answer, Started) and item.expected_state is not None
                expected_start = {"state": item.expected_state}
                self._log(trial, record, start_request, {"state": answer.state}, expected_start)
                differs = self._compare(ref, rules_view(item.expected_state), answer.state, -1)
                if differs is not None:
                    return self._stop(trial, item, differs)
                continue
            if call.action is None:
                assert isinstance(answer, list)
                want = {canonical(a) for a in item.expected_legal}
                have = {canonical(a) for a in answer}
                if want != have:
                    legal_fields.append(
                        (
                            f"legal.{call.seat}",
                            sorted(want - have, key=str),
                            sorted(have - want, key=str),
                        )
                    )
                if item.last_of_step:
                    if legal_fields:
                        return self._stop(trial, item, _legal_divergence(item.step, legal_fields))
                    legal_fields = []
                continue
            assert isinstance(answer, ActResult)
            expected_state, state = item.expected_state, answer.state
            if (
                answer.ok
                and item.ref_error is None
                and not (record or item.refollow or self.one_to_move)
                and expected_state is not None
                and state is not None
                and same_rules(expected_state, state)
            ):
                continue  # the common case, as _judge_act would find it, without the call
            found = self._judge_act(trial, game_id, item, answer, record, ref)
            if found is not None:
                return self._stop(trial, item, found)
        trial.finished = ref.finished
        return None

    def _plan(
        self,
        ref: ReferenceSide,
        trial: Trial,
        chooser: Chooser,
        rng: random.Random,
        check_legal_always: bool,
        max_steps: int,
        planned: collections.deque[_Planned],
        first: int = 0,
        resume: list[int] | None = None,
    ) -> Iterator[Call | StartCall]:
        """Play the game on the reference engine alone from step ``first``, yielding the
        requests it makes, each put in ``planned`` (to be judged) as it is yielded; after a
        redeal it stops, with the next step in ``resume``.

        Each accepted action keeps the reference's state after it, to compare with the
        engine's."""
        for item in self._plan_legal(ref, first - 1, check_legal_always, rng):
            planned.append(item)
            yield item.call
        for step in range(first, max_steps):
            action = chooser(ref, step)
            if action is None:
                break
            trial.actions.append(action)
            ref_error = ref.act(action)
            accepted = ref_error is None
            redeal = accepted and action.get("type") == "redeal"
            # What the engine should answer, known valid: the schema check may skip it.
            expect = {"state": ref.state, "events": ref.events} if accepted else None
            call = Call(int(action["seat"]), action, expect)
            planned.append(
                _Planned(
                    step,
                    call,
                    ref_error=ref_error,
                    expected_state=ref.state if accepted else None,
                    finished=ref.finished,
                    refollow=redeal,
                )
            )
            yield call
            if redeal and resume is not None:
                resume.append(step + 1)
                return
            if accepted:
                for item in self._plan_legal(ref, step, check_legal_always, rng):
                    planned.append(item)
                    yield item.call

    def _plan_legal(
        self, ref: ReferenceSide, step: int, always: bool, rng: random.Random
    ) -> list[_Planned]:
        """At a sample of steps (every step if ``always``), ask for each acting seat's list."""
        if not self.claims_legal or ref.finished:
            return []
        if self._legal_at is not None:
            if step != self._legal_at:
                return []
        elif not always and rng.random() >= self.legal_rate:
            return []
        seats = ref.movers()
        return [
            _Planned(
                step,
                Call(seat),
                expected_legal=ref.legal(seat),
                finished=ref.finished,
                last_of_step=n == len(seats) - 1,
            )
            for n, seat in enumerate(seats)
        ]

    def _judge_act(
        self,
        trial: Trial,
        game_id: str,
        item: _Planned,
        result: ActResult,
        record: bool,
        ref: ReferenceSide,
    ) -> Divergence | None:
        """Compare the engine's answer to one action with the reference engine's."""
        call = item.call
        assert isinstance(call, Call) and call.action is not None
        step, action, ref_error = item.step, call.action, item.ref_error
        if record:
            reply: JSON = (
                {"ok": True, "state": result.state, "events": list(result.events)}
                if result.ok
                else {"ok": False, "error": result.error}
            )
            expected: JSON = (
                {"ok": True, "state": item.expected_state}
                if ref_error is None
                else {"ok": False, "clause": ref_error}
            )
            request = {"cmd": "act", "game": game_id, "seat": call.seat, "action": action}
            self._log(trial, record, request, reply, expected)
        if result.ok != (ref_error is None):
            if ref_error is not None:
                message = f"accepted an action the rules refuse ({ref_error})"
                fields: tuple[tuple[str, Any, Any], ...] = (("accepted", False, True),)
                clause = ref_error if "." in ref_error else None
                return Divergence(step, "acceptance", fields, message, clause=clause)
            else:
                err = result.error or {}
                message = (
                    f"refused an action the rules allow: {err.get('code')}: "
                    f"{err.get('message')} {err.get('clause') or ''}".rstrip()
                )
                fields = (("accepted", True, False),)
            return Divergence(step, "acceptance", fields, message, refusal=result.error or {})
        if ref_error is not None:
            return None
        assert result.state is not None and item.expected_state is not None
        if item.refollow:
            # A redeal is the engine's own shuffle: the reference follows its new deal.
            followed = self._follow(trial, result.state, ref)
            if isinstance(followed, Divergence):
                return replace(followed, step=step)
            return self._compare(ref, rules_view(ref.state), result.state, step)
        if not self.one_to_move and same_rules(item.expected_state, result.state):
            return None  # the common case, without building either rules view
        return self._compare(ref, rules_view(item.expected_state), result.state, step)

    @staticmethod
    def _stop(trial: Trial, item: _Planned, divergence: Divergence | None) -> Divergence | None:
        """End the trial at ``item``: keep the actions tried so far, and whether the reference
        game had finished by then."""
        del trial.actions[item.step + 1 :]
        trial.finished = item.finished
        return divergence


@dataclass(frozen=True)
class NextGame:
    """The game a campaign plays next (:meth:`Lockstep.play`'s ``then``): its start, chooser
    and random numbers, which the next :meth:`Lockstep.play` must be given again (the very
    objects) to take the plan made ahead; ``key`` says which game it is, for the caller."""

    start: Start
    chooser: Chooser
    rng: random.Random
    max_steps: int
    key: object = None


class _Ahead:
    """A game planned ahead, a request at a time, while the adapter waits for the answers to
    the game before it: the requests pulled from its plan so far (each with what it expects,
    in ``planned``, in order), then the rest of the plan.  Whatever planning raises is kept
    and raised where the game's own play would have met it."""

    LIMIT = 1024
    """Requests planned ahead at most (a two-seat game has about 115)."""

    def __init__(self, lockstep: Lockstep, game: NextGame) -> None:
        self.game = game
        self.trial = Trial(game.start, [], None)
        self.planned: collections.deque[_Planned] = collections.deque()
        self.resume: list[int] = []
        self._lockstep = lockstep
        self._ref: ReferenceSide | None = None
        self._start_error: Exception | None = None
        self._plan: Iterator[Call | StartCall] | None = None
        self._pulled: list[Call | StartCall] = []
        self._error: Exception | None = None
        self._done = False

    def is_for(
        self, start: Start, chooser: Chooser, rng: random.Random | None, max_steps: int
    ) -> bool:
        game = self.game
        return (
            game.start is start
            and game.chooser is chooser
            and game.rng is rng
            and game.max_steps == max_steps
        )

    def begin(self) -> ReferenceSide:
        """The game's reference side (raises what starting it raised)."""
        if self._ref is None:
            if self._start_error is not None:
                raise self._start_error
            lockstep, game = self._lockstep, self.game
            ref = reference_game(lockstep.table, game.start)
            plan = lockstep._plan(
                ref,
                self.trial,
                game.chooser,
                game.rng,
                False,
                game.max_steps,
                self.planned,
                0,
                self.resume,
            )
            start = StartCall(lockstep._start_arguments(game.start))
            self._plan = _after_start(start, ref.state, self.planned, plan)
            self._ref = ref
        return self._ref

    def step(self) -> bool:
        """Plan one more request; False when there is nothing (more) to plan ahead."""
        if self._done or len(self._pulled) >= self.LIMIT:
            return False
        try:
            self.begin()
            assert self._plan is not None
            self._pulled.append(next(self._plan))
            return True
        except StopIteration:
            pass
        except Exception as exc:  # raised again in the game's own play
            if self._ref is None:
                self._start_error = exc
            else:
                self._error = exc
        self._done = True
        return False

    def calls(self) -> Iterator[Call | StartCall]:
        """The game's requests: those planned ahead, then the rest of the plan."""
        self._done = True  # no more planning ahead: the game is being played
        self.begin()
        pulled, self._pulled = self._pulled, []
        yield from pulled
        if self._error is not None:
            raise self._error
        assert self._plan is not None
        yield from self._plan


def _after_start(
    start: StartCall,
    expected_state: JSON,
    planned: collections.deque[_Planned],
    calls: Iterator[Call | StartCall],
) -> Iterator[Call | StartCall]:
    """``start``, then ``calls``; the start is put in ``planned`` only once it is asked for
    (a batch that fails before taking a call has tried nothing, not a start)."""
    planned.append(_Planned(-1, start, expected_state=expected_state))
    yield start
    yield from calls


class _Planned:
    """One request of a planned game: an action (with the reference engine's verdict and its
    view of the state after it) or a legal-list query (with the reference engine's list)."""

    # A plain slotted class: a game plans a hundred or so of these, and a frozen dataclass's
    # __init__ (object.__setattr__ per field) costs several times as much.
    __slots__ = (
        "call",
        "expected_legal",
        "expected_state",
        "finished",
        "last_of_step",
        "ref_error",
        "refollow",
        "step",
    )

    def __init__(
        self,
        step: int,
        call: Call | StartCall,
        *,
        ref_error: str | None = None,
        expected_state: JSON | None = None,
        expected_legal: Sequence[JSON] = (),
        finished: bool = False,
        last_of_step: bool = True,
        refollow: bool = False,
    ) -> None:
        self.step = step
        self.call = call
        self.ref_error = ref_error
        self.expected_state = expected_state
        """The reference engine's state after the action (its rules view is built only
        when the engine's state is not equal to it as sent)."""
        self.expected_legal = expected_legal
        self.finished = finished
        """Whether the reference game had finished once this request was planned."""
        self.last_of_step = last_of_step
        """For legal queries: the last acting seat's query of its step."""
        self.refollow = refollow
        """A redeal (the engine's own shuffle): the reference then follows the new deal."""


def _legal_divergence(step: int, fields: Sequence[tuple[str, Any, Any]]) -> Divergence:
    text = "; ".join(
        f"{name}: missing {want}, not allowed but listed {have}" for name, want, have in fields
    )
    return Divergence(step, "legal", tuple(fields), text)
