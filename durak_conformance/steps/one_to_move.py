"""Scenario steps on an engine with one player to move (capability ``turn``).

The features are written for the rules as the documents state them, where several seats may
act at once (a thrower adds a card while the defender still thinks).  An engine with one
player to move names the seat it waits for in every state (``turn``) and lets only that seat
act; a thrower hands the turn on with ``done``.  So that no wrapper has to guess, the harness
maps every scenario step onto that, with a *shadow game* (:mod:`durak_conformance.shadow`: the
reference engine, started identically and fed every action the engine accepted):

- a step for the seat to move is sent as it is; so is an action the rules refuse (the engine
  must refuse it too, whoever is to move), and anything a person does to their seat;
- a step for seat X while the engine waits for a thrower T is preceded by T's ``done``,
  recorded in the transcript as a hand-over inserted by the harness, when that is harmless:
  the rules accept it, the bout does not end because of it, X's action stays allowed, and it
  has the same effect as without the hand-over; repeated (at most once per seat) until X is
  to move;
- a step that cannot be mapped so (X's action is allowed but the defender must answer first,
  or a hand-over would change the outcome) skips the scenario with a reason that names the
  step and why, and so does a later step whose verdict or outcome the hand-overs changed (the
  *plain* game, the scenario as written, is played alongside to tell);
- time passes only while the rules wait for one seat: the timers of several seats at once are
  simultaneous play too.

What the harness checks about ``turn`` itself, after every state the engine sends: it is there
(a seat of the table, or null), no other seat lists actions, and while the engine and the
shadow agree on the table, the seat named may act by the rules (null only when nobody may).
A break is a finding: the scenario fails.

Checks about who may act, under ``turn`` (see ``expectation_steps``): ``seat N may ...`` and
``seat N may legally ...`` are checked when N is to move; otherwise they cannot be observed
and the scenario, if nothing else fails, is skipped at its end with that reason (never passed
on a check that was not made).  ``seat N may not ...``, ``seat N may not act``, ``only seat N
may act`` and ``nobody may act`` are checked as they are: a seat not to move may do nothing.
``seat N has S seconds left`` is the seat to move's timer; for another seat it cannot be
observed either.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pytest

from durak_conformance.causes import CheckFailed, action_shape, refusal_shape, seats_text
from durak_conformance.shadow import TURN_MOVES, ShadowGame, ShadowUnavailable
from durak_conformance.steps.notation import ParsedAction

if TYPE_CHECKING:
    from durak_conformance.steps.driver import TableDriver

JSON = dict[str, Any]
PREFIX = "one player to move: "
HANDOVER_NOTE = "hand-over inserted by the harness (one player to move)"

_VERBS = {
    "attack": "attack",
    "defend": "beat a card",
    "throw_in": "throw in",
    "transfer": "transfer",
    "take": "take",
    "done": "be done",
    "accept": "accept the cards anyway",
    "catch": "catch a card",
    "redeal": "ask for a redeal",
}
_TIMING = ("timer", "clock", "bot_control", "connected", "departed")


def _table_view(state: Mapping[str, Any]) -> JSON:
    """What the rules decide in ``state``, but whose turn it is (and the action types)."""
    from durak_conformance.fuzzing.lockstep import rules_view

    view = rules_view(state)
    del view["actions"]
    return view


def _timing_view(state: Mapping[str, Any]) -> JSON:
    view = _table_view(state)
    view["timing"] = {
        s.get("seat"): tuple(s.get(k) for k in _TIMING) for s in state.get("seats") or []
    }
    return view


class OneToMove:
    """The mapping for one scenario on one engine that claims ``turn``."""

    def __init__(self, driver: TableDriver, start: Mapping[str, Any]) -> None:
        self.driver = driver
        try:
            self.shadow: ShadowGame | None = ShadowGame(start)
        except ShadowUnavailable:  # the scenario expects the table to be refused
            self.shadow = None
        self.plain: ShadowGame | None = None
        """The game as the scenario wrote it, without hand-overs (once there is one)."""
        self.handovers: list[str] = []
        self.unobserved: list[str] = []
        self.left_rules: str | None = None
        """Where the engine's table first differed from the shadow's, and how (then steps are
        sent as they are: a refusal that follows is explained by it)."""

    # ------------------------------------------------------------------ the turn itself

    def in_step(self, state: Mapping[str, Any] | None) -> bool:
        """Whether the engine's ``state`` and the shadow's show the same table."""
        shadow = self.shadow
        return (
            shadow is not None
            and state is not None
            and _table_view(state) == _table_view(shadow.state)
        )

    def check(self, state: Mapping[str, Any]) -> None:
        """The rules of ``turn`` in a state the engine sent; an AssertionError for a break."""
        where = self.driver.location
        self._note_divergence(state)
        seats = [s.get("seat") for s in state.get("seats") or []]
        if "turn" not in state:
            raise _turn_failed(
                f"{where}: the engine claims capability turn, but its state has no turn",
                "a turn in every state",
                "no turn",
            )
        turn = state["turn"]
        if turn is not None and (turn not in seats or isinstance(turn, bool)):
            raise _turn_failed(
                f"{where}: the state's turn is {turn!r}, not a seat of the table",
                "a seat of the table to move, or null",
                f"turn {turn!r}",
            )
        others = [s.get("seat") for s in state.get("seats") or [] if s.get("actions")]
        others = [s for s in others if s != turn]
        if others:
            raise _turn_failed(
                f"{where}: the engine waits for {_who(turn)} (turn), yet seat(s) "
                f"{', '.join(map(str, others))} list actions too: with one player to move only "
                "the seat to move may act",
                f"only {_who(turn)} lists actions",
                f"{seats_text(others)} list actions too",
            )
        if not self.in_step(state):
            return
        assert self.shadow is not None
        acting = self.shadow.acting()
        if turn is None and acting:
            raise _turn_failed(
                f"{where}: the engine waits for nobody (turn null), but the rules let seat(s) "
                f"{', '.join(map(str, acting))} act",
                f"turn {seats_text(acting)}",
                "turn nobody",
            )
        if turn is not None and turn not in acting:
            now = f"seat(s) {', '.join(map(str, acting))} may act" if acting else "nobody may act"
            raise _turn_failed(
                f"{where}: the engine waits for seat {turn} (turn), but the rules give seat "
                f"{turn} nothing to do now ({now})",
                f"turn {seats_text(acting)}" if acting else "turn nobody",
                f"turn seat {turn}",
            )

    def _note_divergence(self, state: Mapping[str, Any]) -> None:
        if self.left_rules is not None or self.shadow is None or self.in_step(state):
            return
        from durak_conformance.fuzzing.lockstep import differences

        fields = differences(_table_view(self.shadow.state), _table_view(state))
        shown = "; ".join(
            f"{name}: the rules {want!r}, the engine {have!r}" for name, want, have in fields[:3]
        )
        self.left_rules = (
            f"the engine's game differs from the rules' since {self.driver.location} ({shown})"
        )

    def refusal_note(self, parsed: ParsedAction) -> str:
        """Why a refusal of ``parsed`` may be a consequence of an earlier difference: with
        the table no longer the rules', steps are sent as they are, whoever is to move."""
        state = self.driver.state or {}
        if self.left_rules is None or state.get("turn") == parsed.seat:
            return ""
        return (
            f" (one player to move: {self.left_rules}, so the step was sent as it is while the "
            f"engine waits for {_who(state.get('turn'))})"
        )

    # ------------------------------------------------------------------ scenario actions

    def prepare(self, parsed: ParsedAction, text: str) -> None:
        """Before seat X's action: hand the turn on to X where harmless, or skip."""
        shadow, state = self.shadow, self.driver.state
        action = parsed.action
        if shadow is None or action.get("type") not in TURN_MOVES:
            return  # nothing to map
        if state is not None and not self.in_step(state):
            self._note_divergence(state)
            return  # the engine has left the rules already: sent as it is
        assert state is not None
        seat = parsed.seat
        allowed = shadow.allows(action)
        if self.plain is not None and self.plain.allows(action) != allowed:
            self._skip(
                f"{self.driver.location} '{text}': the hand-over(s) inserted earlier "
                f"({'; '.join(self.handovers)}) change whether seat {seat} may "
                f"{_VERBS[action['type']]} here"
            )
        if not allowed:
            return  # refused by the rules: the engine must refuse it too, whoever is to move
        for _ in range(len(state.get("seats") or [])):
            turn = state.get("turn")
            if turn == seat or not isinstance(turn, int):
                return
            reason = self._blocker(turn, parsed)
            if reason is not None:
                self._skip(
                    f"{self.driver.location} '{text}' needs seat {seat} to "
                    f"{_VERBS[action['type']]} while {reason}"
                )
            self._hand_over(turn, text)
            state = self.driver.state
            assert state is not None
        self._skip(
            f"{self.driver.location} '{text}': seat {seat} is still not to move after "
            f"{len(state.get('seats') or [])} hand-overs"
        )

    def _blocker(self, turn: int, parsed: ParsedAction) -> str | None:
        """Why seat ``turn`` may not hand the turn on harmlessly before ``parsed`` (None: it
        may)."""
        shadow = self.shadow
        assert shadow is not None
        state = shadow.state
        action = parsed.action
        if state.get("phase") == "bout" and turn == state.get("defender"):
            return f"the defender (seat {turn}) is to move: simultaneous play"
        role = "the attacker" if turn == state.get("attacker") else "seat"
        who = f"{role} (seat {turn})" if role != "seat" else f"seat {turn}"
        done = {"type": "done", "seat": turn}
        if not shadow.allows(done):
            return f"{who} is to move and may not hand the turn on now: simultaneous play"
        after = shadow.fork()
        after.act(done)
        if after.state.get("phase") != "bout" or after.state.get("bout") != state.get("bout"):
            return f"{who} is to move, and its done would end the bout: simultaneous play"
        if not after.allows(action):
            return (
                f"{who} is to move, and its done would forbid seat {parsed.seat}'s action: "
                "simultaneous play"
            )
        without = shadow.fork()
        without.act(action)
        after.act(action)
        if _timing_view(after.state) != _timing_view(without.state):
            return (
                f"{who} is to move, and its done would change what seat {parsed.seat}'s action "
                "does: simultaneous play"
            )
        return None

    def _hand_over(self, turn: int, text: str) -> None:
        shadow = self.shadow
        assert shadow is not None
        if self.plain is None:
            self.plain = shadow.fork()
        done = {"type": "done", "seat": turn}
        result = self.driver.send(turn, done, note=HANDOVER_NOTE)
        if not result.ok or result.state is None:
            err = result.error or {}
            raise CheckFailed(
                f"{self.driver.location}: before '{text}' the harness handed the turn on with "
                f"seat {turn}'s done (the engine waits for seat {turn} and the rules allow it); "
                f"the engine refused it: {err.get('code')}: {err.get('message')}",
                kind="refused",
                expected=f"{action_shape(done)} to be accepted (a hand-over)",
                actual=refusal_shape(err),
            )
        shadow.act(done)
        self.driver.state = result.state
        self.handovers.append(f"seat {turn}'s done before {self.driver.location}")
        self.check(result.state)

    def after_act(self, parsed: ParsedAction, ok: bool, state: Mapping[str, Any] | None) -> None:
        """After a scenario action: feed the shadow (and the plain game) what the engine
        accepted, check the turn, and compare the game with the scenario's."""
        shadow = self.shadow
        if shadow is None:
            return
        fed = ok and shadow.act(parsed.action)
        if self.plain is not None and fed:
            self.plain.act(parsed.action)
        if ok and state is not None:
            self.check(state)
        self._compare_plain()

    def _compare_plain(self) -> None:
        if self.plain is None or self.shadow is None:
            return
        mine, theirs = _timing_view(self.shadow.state), _timing_view(self.plain.state)
        if mine != theirs:
            fields = [k for k in mine if mine[k] != theirs.get(k)]
            self._skip(
                f"the hand-over(s) inserted earlier ({'; '.join(self.handovers)}) changed the "
                f"game by {self.driver.location} ({', '.join(fields)} differ from the scenario's)"
            )

    # ------------------------------------------------------------------ time, next game

    def before_clock(self) -> None:
        """Time passes for one seat at a time: several running timers are simultaneous play."""
        shadow = self.shadow
        if shadow is None or not self.in_step(self.driver.state):
            return
        waiting = shadow.waiting()
        if len(waiting) > 1:
            self._skip(
                f"{self.driver.location}: letting time pass needs the timers of seats "
                f"{' and '.join(map(str, waiting))} to run at once: simultaneous play"
            )

    def after_clock(self, seconds: float, state: Mapping[str, Any] | None) -> None:
        if self.shadow is None:
            return
        self.shadow.clock(seconds)
        if self.plain is not None:
            self.plain.clock(seconds)
        if state is not None:
            self.check(state)
        self._compare_plain()

    def after_next_game(self, deck: list[str], state: Mapping[str, Any]) -> None:
        if self.shadow is None:
            return
        self.shadow.next_game(deck=deck)
        if self.plain is not None:
            self.plain.next_game(deck=deck)
        self.check(state)

    # ------------------------------------------------------------------ expectations

    def observes(self, seat: int, what: str) -> bool:
        """Whether a check of what ``seat`` may do can be made now: only the seat to move's
        can.  Otherwise it is noted, and the scenario is skipped at its end unless something
        else fails (see :meth:`skip_reason`)."""
        state = self.driver.state or {}
        turn = state.get("turn")
        if turn == seat:
            return True
        self.unobserved.append(
            f"{self.driver.location} '{what}' cannot be observed: the engine waits for {_who(turn)}"
        )
        return False

    def skip_reason(self) -> str | None:
        """Why the scenario, though nothing failed, is not a pass (checks not made)."""
        if not self.unobserved:
            return None
        return PREFIX + "; ".join(self.unobserved)

    def _skip(self, reason: str) -> None:
        pytest.skip(PREFIX + reason)


def _turn_failed(message: str, expected: str, actual: str) -> CheckFailed:
    return CheckFailed(message, kind="turn", expected=expected, actual=actual)


def _who(turn: Any) -> str:
    return "nobody" if turn is None else f"seat {turn}"
