"""The table a scenario sets up and plays, through whichever adapter is under test.

A scenario first describes the table (profile, options, seats, a stacked deck or a position),
then plays actions and checks what the engine says.  The game is started lazily, on the
first action or expectation, so the ``Given`` steps can come in any order.

Every request and reply goes into :attr:`TableDriver.transcript`, which failure messages and
reports show up to the failing step.

An engine with one player to move (capability ``turn``) gets the scenario's steps mapped onto
its turns by :class:`~durak_conformance.steps.one_to_move.OneToMove`, which plays a shadow
reference game alongside; for any other engine :meth:`TableDriver.shadow` builds that game
only when asked, from the record of what the engine accepted.
"""

from __future__ import annotations

import contextlib
import copy
import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from adapters.base import ActResult, Adapter, Implementation, UnsupportedByEngine
from durak_conformance.causes import CheckFailed, action_shape, refusal_shape
from durak_conformance.derivation import harness, reachability, store
from durak_conformance.derivation.replay import Step
from durak_conformance.derivation.target import Target
from durak_conformance.shadow import ShadowGame
from durak_conformance.steps.notation import ParsedAction, ScenarioError
from durak_conformance.steps.one_to_move import OneToMove
from reference_engine.cards import deck as full_deck

JSON = dict[str, Any]
_game_ids = itertools.count(1)

#: Capability a scenario needs, by how it starts or what it checks.
CAP_POSITION = "position"
CAP_LEGAL = "legal"
CAP_CLOCK = "clock"
CAP_CHEATING = "cheating"
CAP_TABLE = "table"
CAP_MATCH = "match"


@dataclass
class LastAction:
    """The most recent action and how the engine answered it."""

    parsed: ParsedAction
    result: ActResult
    state_before: JSON
    location: str
    checked: bool = False


@dataclass
class Setup:
    """What the ``Given`` steps said about the table."""

    profile: str | None = None
    options: dict[str, str] = field(default_factory=dict)
    seats: int | None = None
    bots: set[int] = field(default_factory=set)
    deck: list[str] | None = None
    hands: dict[int, list[str]] = field(default_factory=dict)
    trump: str | None = None
    stock: list[str] = field(default_factory=list)
    stock_rest: bool = False
    """The stock also holds every card placed nowhere else (after ``stock``), the trump
    card last."""
    discard: list[str] = field(default_factory=list)
    discard_count: int | None = None
    out: list[int] = field(default_factory=list)
    attacker: int | None = None
    first_bout_over: bool | None = None
    seed: int = 0
    lobby: dict[str, Any] | None = None
    """Start through the table's rules (capability table): ``ready``, ``chosen_by``."""
    unreachable: str | None = None
    """Why the scenario's position cannot be reached by legal play, as the scenario says
    (then it is not derived, and only engines that load positions run it)."""


class TableDriver:
    """One scenario's game on one adapter."""

    def __init__(
        self,
        adapter: Adapter,
        resolve: Callable[[str, Mapping[str, str]], tuple[JSON, dict[str, str]]],
        selected_profiles: frozenset[str] | None = None,
        selected_options: Mapping[str, str] | None = None,
        *,
        strict_reasons: bool = False,
        selected_readings: Mapping[str, str] | None = None,
        written_for: Mapping[str, str] | None = None,
    ) -> None:
        self.adapter = adapter
        self._resolve = resolve
        self.selected_profiles = selected_profiles
        self.selected_options = dict(selected_options or {})
        self.selected_readings = dict(selected_readings or {})
        """Readings the run plays (``--reading``): parameter -> value label."""
        self.written_for = dict(written_for or {})
        """Readings the scenario is written for (``@reading:`` tags)."""
        self.setup = Setup()
        self.location = "?"
        self.game: str | None = None
        self.state: JSON | None = None
        self.rules: JSON | None = None
        self.effective_options: dict[str, str] = {}
        self.transcript: list[JSON] = []
        self.last: LastAction | None = None
        self.bout_table_before: list[JSON] = []
        self.recent_events: list[JSON] = []
        """Events of the latest action or passing of time."""
        self._new_deal = False
        self.strict_reasons = strict_reasons
        """A missing or different refusal reason fails the scenario (``--strict-reasons``)."""
        self.reason_notes: list[JSON] = []
        """``{step, expected, got}`` for each refusal whose reason was missing or different."""
        self.turns: OneToMove | None = None
        """The mapping onto one player to move, for an engine that claims ``turn``."""
        self._shadow_start: JSON | None = None
        self._accepted: list[tuple[str, Any]] = []
        """What the engine accepted since the start, for :meth:`shadow`."""
        self.start_discard = 0
        """Cards in the discard pile when the scenario's own steps began."""
        self.failed_in_setup = False
        """A check failed while the harness played a derived set-up (the scenario is blocked)."""
        self.position_problems: list[str] = []
        """Why the scenario's position cannot be reached (the reachability lint)."""
        self.collect: Callable[[TableDriver, JSON], None] | None = None
        """Set while the plugin gathers the suite's position starts (``derive``): each one is
        handed to it and the scenario is skipped."""

    # ------------------------------------------------------------------ helpers

    @property
    def implementation(self) -> Implementation:
        return self.adapter.hello()

    def error(self, message: str) -> ScenarioError:
        return ScenarioError(f"{self.location}: {message}")

    def require_capability(self, capability: str, why: str) -> None:
        self.require_selected_and_claimed()
        if capability not in self.implementation.capabilities:
            pytest.skip(f"engine does not claim capability {capability!r} ({why})")

    def require_deck(self, why: str) -> None:
        """Skip unless the engine can start from a stacked deck (see ``start_modes``)."""
        modes = self.implementation.start_modes
        if "deck" not in modes:
            pytest.skip(
                f"engine cannot start from a given deck ({why}; it starts games by: "
                f"{', '.join(sorted(modes))})"
            )

    def set_profile(self, profile: str) -> None:
        self._before_start("choose the profile")
        self.setup.profile = profile
        if self.selected_profiles is not None and profile not in self.selected_profiles:
            pytest.skip(f"deselected: profile {profile} not selected")
        # A profile the engine does not claim is skipped later, when the scenario first needs
        # the engine (require_selected_and_claimed): the Given steps after this one still name
        # the table options, and the record's key needs them (outline rows may differ in
        # nothing else).

    def require_selected_and_claimed(self) -> None:
        """Skip a scenario the run does not select (by option) or whose profile the engine
        does not claim; the table options are resolved first, so its record is keyed by them."""
        profile = self.setup.profile
        if profile is None:
            return
        options = self.record_options()
        for key, value in self.selected_options.items():
            if options.get(key) != value:
                pytest.skip(f"deselected: option {key}={options.get(key)} (run selects {value})")
        for name, value in self.written_for.items():
            chosen = self.selected_readings.get(name)
            if chosen is not None and chosen != value:
                pytest.skip(
                    f"deselected: written for reading {name}={value} (run plays {name}={chosen})"
                )
        if profile not in self.implementation.profiles:
            pytest.skip(f"engine does not implement profile {profile!r}")

    def record_options(self) -> dict[str, str]:
        """The table options the scenario plays with (every option, defaults filled in).

        Known even when the scenario was skipped before its game started, so that records of
        outline rows that differ only in their options never share a key.  Options a profile
        cannot resolve (a broken scenario) are given as written.
        """
        if self.game is not None or self.setup.profile is None:
            return dict(self.effective_options)
        try:
            _, options = self._resolve(self.setup.profile, self.setup.options)
        except ScenarioError:
            return dict(self.setup.options)
        return dict(options)

    def set_option(self, key: str, value: str) -> None:
        self._before_start("set a table option")
        self.setup.options[key] = value

    def _before_start(self, what: str) -> None:
        if self.game is not None:
            raise self.error(
                f"cannot {what} once the game has started: put it before the "
                "first action or expectation"
            )

    # ------------------------------------------------------------------ starting

    def start(self) -> JSON:
        """Start the game described so far (once); returns the state."""
        if self.game is not None:
            assert self.state is not None
            return self.state
        s = self.setup
        if s.profile is None:
            raise self.error("no profile: start with e.g. 'Given the \"videochess\" profile'")
        self.require_selected_and_claimed()
        rules, options = self._resolve(s.profile, s.options)
        self.rules, self.effective_options = rules, options
        game = f"g{next(_game_ids)}"
        kwargs: JSON = {}
        derived: store.Entry | None = None
        if s.hands:
            if s.deck is not None:
                raise self.error("give either hands (a position) or a stacked deck, not both")
            position = self._position(rules)
            seat_count = len(s.hands)
            if self.collect is not None:
                self.collect(self, position)
                pytest.skip("collected: the scenario starts from a position")
            if CAP_POSITION in self.implementation.capabilities:
                kwargs["position"] = position
            else:
                derived = self._derivation(rules, options, position)
                kwargs["deck"] = list(derived.deck)
        elif s.deck is not None:
            if self.collect is not None:
                pytest.skip("collected: the scenario starts from a stacked deck")
            if s.seats is None:
                raise self.error("a stacked deck needs a seat count: 'Given 2 seats'")
            self.require_deck("the scenario starts from a stacked deck")
            kwargs["deck"] = list(s.deck)
            seat_count = s.seats
        else:
            raise self.error("the table is not set: give the hands (a position) or a stacked deck")
        seats = [{"seat": n, "human": n not in s.bots} for n in range(1, seat_count + 1)]
        if s.lobby is not None:
            self.require_capability(CAP_TABLE, "the scenario starts the game through the lobby")
            kwargs["lobby"] = dict(s.lobby)
        request = {
            "cmd": "start",
            "game": game,
            "profile": s.profile,
            "options": options,
            "seats": seats,
            "seed": s.seed,
            **kwargs,
        }
        try:
            state = self.adapter.start(
                game,
                profile=s.profile,
                options=options,
                rules=rules,
                seats=seats,
                seed=s.seed,
                **kwargs,
            )
        except UnsupportedByEngine as exc:
            pytest.skip(f"engine declined: {exc}")
        entry: JSON = {"request": request, "reply": {"state": state}}
        if derived is not None:
            entry["setup"] = "derivation"
        self.transcript.append(entry)
        self.game = game
        self.state = state
        self._shadow_start = {
            "profile": s.profile,
            "rules": rules,
            "seats": seats,
            "seed": s.seed,
            **{k: v for k, v in kwargs.items() if k in ("deck", "position", "lobby")},
        }
        if self.implementation.one_to_move:
            self.turns = OneToMove(self, self._shadow_start)
            self.turns.check(state)
        if derived is not None:
            self._play_derivation(derived, position)
        assert self.state is not None
        self.start_discard = len(self.state.get("discard", []) or [])
        return self.state

    def shadow(self) -> ShadowGame | None:
        """The reference engine's game, started as the engine's and fed what it accepted
        (None before the start, or when the reference engine refuses this start)."""
        if self.turns is not None:
            return self.turns.shadow
        if self._shadow_start is None:
            return None
        from durak_conformance.shadow import ShadowUnavailable

        try:
            return ShadowGame.replay(self._shadow_start, self._accepted)
        except ShadowUnavailable:
            return None

    # ------------------------------------------------------------------ derived starts

    def _derivation(self, rules: JSON, options: Mapping[str, str], position: JSON) -> store.Entry:
        """The stored deck and prefix for an engine that cannot load this position."""
        capabilities = self.implementation.capabilities
        if not harness.accepts_deck(capabilities):
            self.require_capability(CAP_POSITION, "the scenario starts from a position")
        target = self.target(rules, options, position)
        choice = harness.choose(self.location, target, capabilities)
        if choice.entry is None:
            pytest.skip(
                f"engine does not claim capability 'position' (the scenario starts from a "
                f"position, and {choice.why_not})"
            )
        return choice.entry

    def target(self, rules: JSON, options: Mapping[str, str], position: JSON) -> Target:
        """The derivation target of this scenario's position start."""
        s = self.setup
        seats = [{"seat": n, "human": n not in s.bots} for n in range(1, len(s.hands) + 1)]
        assert s.profile is not None
        return Target.from_start(
            profile=s.profile,
            options=options,
            rules=rules,
            seats=seats,
            seed=s.seed,
            position=position,
        )

    def _play_derivation(self, entry: store.Entry, position: JSON) -> None:
        """Play the derivation's prefix as the harness's set-up, then check the table.

        Each step goes the way a scenario's step goes (with one player to move, through the
        turn mapping, which may hand the turn on or skip), and what the engine accepted feeds
        the shadow game.  Any failure on the way marks the scenario blocked
        (:attr:`failed_in_setup`): the engine disagreed before the scenario's own steps.
        """
        assert self.game is not None
        where = f"{self.location}: set-up"
        first = len(self.transcript)
        try:
            for i, step in enumerate(entry.prefix, start=1):
                self._play_setup_step(step, i, len(entry.prefix), where)
            assert self.state is not None
            differences = harness.position_differences(position, self.state, entry)
            if differences:
                raise CheckFailed(
                    f"{where}: after the {len(entry.prefix)} actions that reach this scenario's "
                    "position from a deal on the reference engine, the engine's table differs "
                    "(blocked: this is no verdict on the scenario's rule): "
                    + "; ".join(differences),
                    kind="setup",
                    expected="derived set-up: the scenario's position",
                    actual="; ".join(differences),
                )
        except CheckFailed:
            self.failed_in_setup = True
            raise
        finally:
            for record in self.transcript[first:]:
                record["setup"] = "derivation"

    def _play_setup_step(self, step: Step, i: int, count: int, where: str) -> None:
        assert self.game is not None and self.state is not None
        text = store.step_text(step)
        if step.action is None:
            seconds = float(step.seconds or 0)
            if self.turns is not None:
                self.turns.before_clock()
            try:
                result = self.adapter.clock(self.game, seconds)
            except UnsupportedByEngine as exc:
                pytest.skip(f"engine declined: {exc}")
            request: JSON = {"cmd": "clock", "game": self.game, "seconds": step.seconds}
            self.transcript.append({"request": request, "reply": _reply_json(result)})
            if result.state is not None:
                self.state = result.state
            self._accepted.append(("clock", seconds))
            if self.turns is not None:
                self.turns.after_clock(seconds, result.state)
            return
        parsed = ParsedAction(int(step.action["seat"]), dict(step.action))
        if self.turns is not None:
            self.turns.prepare(parsed, f"set-up step {i} of {count} ('{text}')")
        result = self.send(parsed.seat, dict(parsed.action))
        if result.ok and result.state is not None:
            self.state = result.state
            self._accepted.append(("act", dict(parsed.action)))
        if self.turns is not None:
            self.turns.after_act(parsed, result.ok, result.state)
        if not result.ok:
            raise CheckFailed(
                f"{where}: the engine refused step {i} of {count} ('{text}') of the legal play "
                "that reaches this scenario's position from a deal: the engine disagrees with "
                "the reference engine before the scenario's own steps (blocked: this is no "
                "verdict on the scenario's rule): " + _error_text(result),
                kind="setup",
                expected=f"derived set-up: {action_shape(parsed.action)} accepted",
                actual=refusal_shape(result.error),
            )

    def _position(self, rules: JSON) -> JSON:
        s = self.setup
        deck_size = int(rules["deck_size"])
        seat_numbers = sorted(s.hands)
        if seat_numbers != list(range(1, len(seat_numbers) + 1)):
            raise self.error(
                f"hands must be given for seats 1..{len(seat_numbers)}, got seats {seat_numbers}"
            )
        if s.trump is None:
            raise self.error("a position needs the trump card: 'Given the trump card is 7♥'")
        allowed = {c.code for c in full_deck(deck_size)}
        seen: dict[str, str] = {}
        zones = [(f"seat {n}'s hand", s.hands[n]) for n in seat_numbers]
        zones += [("the stock", s.stock), ("the discard pile", s.discard)]
        for zone, cards in zones:
            for c in cards:
                if c not in allowed:
                    raise self.error(f"{c} in {zone} is not a card of the {deck_size}-card deck")
                if c in seen:
                    raise self.error(f"{c} is both in {seen[c]} and in {zone}")
                seen[c] = zone
        if s.trump not in allowed:
            raise self.error(f"the trump card {s.trump} is not in the {deck_size}-card deck")
        if s.trump in s.stock and s.stock[-1] != s.trump:
            raise self.error(f"the trump card {s.trump} must be the last card of the stock")
        # Every card is somewhere: those the scenario places nowhere are in the discard pile
        # (the derivation of a deck-only engine reaches the same table), or in the stock.
        others = [c.code for c in full_deck(deck_size) if c.code not in seen]
        stock = list(s.stock)
        if s.stock_rest:
            if s.trump not in others:
                raise self.error(
                    f"the rest of the deck is to be the stock, face-up trump {s.trump} last, "
                    "but the scenario already places that card elsewhere"
                )
            stock += [c for c in others if c != s.trump] + [s.trump]
            others = []
        problems = []
        if s.discard_count is not None and s.discard_count != len(others):
            problems.append(
                f"the discard pile is said to hold {s.discard_count} other cards, but "
                f"{len(others)} cards are placed nowhere else, and those are the discard pile "
                f"(write {len(others)}, or place cards in the hands or the stock)"
            )
        discard = list(s.discard) + others
        position: JSON = {
            "hands": {str(n): list(s.hands[n]) for n in seat_numbers},
            "stock": stock,
            "trump": s.trump,
            "discard": discard,
            "out": list(s.out),
        }
        if s.attacker is not None:
            position["attacker"] = s.attacker
        if s.first_bout_over is not None:
            position["first_bout_over"] = s.first_bout_over
        humans = [n not in s.bots for n in seat_numbers]
        problems += reachability.problems(rules, position, humans)
        self.position_problems = problems
        if problems and self.collect is None and s.unreachable is None:
            # (The collection reports them itself.)
            raise self.error(
                "this position cannot be reached by legal play (see 'Reachable positions' in "
                "docs/writing-features.md): " + "; ".join(problems) + ". If the scenario needs "
                "it all the same, say why: 'Given the position cannot be reached by legal "
                "play, because ...'"
            )
        return position

    # ------------------------------------------------------------------ playing

    def act(self, parsed: ParsedAction, text: str | None = None) -> LastAction:
        """Send one action; the result waits in :attr:`last` for an expectation."""
        self.check_last_action_was_judged()
        self.start()
        if self.turns is not None:
            self.turns.prepare(parsed, text or _action_text(parsed))
        assert self.state is not None
        before = copy.deepcopy(self.state)
        result = self.send(parsed.seat, parsed.action)
        self.recent_events = list(result.events)
        if result.ok and result.state is not None:
            if before.get("table"):
                self.bout_table_before = before["table"]
            self.state = result.state
            self._accepted.append(("act", dict(parsed.action)))
        if self.turns is not None:
            self.turns.after_act(parsed, result.ok, result.state)
        self.last = LastAction(parsed, result, before, self.location)
        return self.last

    def send(self, seat: int, action: JSON, note: str | None = None) -> ActResult:
        """Send one ``act`` request and record it in the transcript (``note`` says why the
        harness sent it, for a request no step asked for)."""
        assert self.game is not None
        request = {"cmd": "act", "game": self.game, "seat": seat, "action": action}
        entry: JSON = {"request": request}
        if note is not None:
            entry["note"] = note
        try:
            result = self.adapter.act(self.game, seat, action)
        except UnsupportedByEngine as exc:
            self.transcript.append({**entry, "reply": {"unsupported": str(exc)}})
            pytest.skip(f"engine declined: {exc}")
        self.transcript.append({**entry, "reply": _reply_json(result)})
        if not result.ok and (result.error or {}).get("code") == "unsupported":
            # The engine lacks this rule: the scenario cannot judge it (skipped, not failed).
            pytest.skip(f"engine declined: {(result.error or {}).get('message', '')}")
        return result

    def play_all(
        self, lines: list[tuple[str, ParsedAction]], locations: list[str] | None = None
    ) -> None:
        """Play several actions, each of which must be accepted.

        ``locations`` (``features/...:LINE``, one per action) let failures name the line of
        the block that failed rather than the step.
        """
        for index, (text, parsed) in enumerate(lines):
            if locations is not None:
                self.location = locations[index]
            last = self.act(parsed, text)
            if not last.result.ok:
                raise _refused(
                    last,
                    f"{self.location}: '{text}' was refused by the engine, but the scenario "
                    f"expects it to be accepted: {_error_text(last.result)}"
                    + self.refusal_note(parsed),
                )
            last.checked = True

    def pass_time(self, seconds: float) -> list[JSON]:
        """Let ``seconds`` of virtual time pass (capability ``clock``); returns the events."""
        self.require_capability(CAP_CLOCK, "the scenario lets time pass")
        self.check_last_action_was_judged()
        state = self.start()
        assert self.game is not None
        if self.turns is not None:
            self.turns.before_clock()
        before = state
        try:
            result = self.adapter.clock(self.game, seconds)
        except UnsupportedByEngine as exc:
            pytest.skip(f"engine declined: {exc}")
        request = {"cmd": "clock", "game": self.game, "seconds": seconds}
        self.transcript.append({"request": request, "reply": _reply_json(result)})
        if result.state is not None:
            if before.get("table"):
                self.bout_table_before = before["table"]
            self.state = result.state
        self.recent_events = list(result.events)
        self._accepted.append(("clock", seconds))
        if self.turns is not None:
            self.turns.after_clock(seconds, result.state)
        return self.recent_events

    def next_game(self, deck: list[str]) -> JSON:
        """Deal the next game of the match at this table (capability ``match``)."""
        self.require_capability(CAP_MATCH, "the scenario plays a second game at the table")
        self.require_deck("the scenario deals the next game from a stacked deck")
        self.check_last_action_was_judged()
        self.start()
        assert self.game is not None
        try:
            state = self.adapter.next_game(self.game, deck=deck)
        except UnsupportedByEngine as exc:
            pytest.skip(f"engine declined: {exc}")
        request = {"cmd": "next_game", "game": self.game, "deck": deck}
        self.transcript.append({"request": request, "reply": {"state": state}})
        self.state = state
        self.recent_events = []
        self._new_deal = True
        self._accepted.append(("next_game", {"deck": list(deck)}))
        if self.turns is not None:
            self.turns.after_next_game(list(deck), state)
        return state

    def take_new_deal(self) -> bool:
        """Whether a new game was dealt since the last call (cards are counted afresh)."""
        new, self._new_deal = self._new_deal, False
        return new

    def check_last_action_was_judged(self) -> None:
        """An action whose rejection nobody expected must not pass silently."""
        last = self.last
        if last is not None and not last.checked and not last.result.ok:
            last.checked = True
            raise _refused(
                last,
                f"{last.location}: the engine refused {_action_text(last.parsed)}, but the "
                f"scenario expects it to be accepted: {_error_text(last.result)}"
                + self.refusal_note(last.parsed),
            )

    def current(self) -> JSON:
        """The state for an expectation (after making sure no refusal went unnoticed)."""
        self.check_last_action_was_judged()
        return self.start()

    def fresh_state(self) -> JSON:
        """Ask the engine for its state now."""
        self.start()
        assert self.game is not None
        state = self.adapter.state(self.game)
        self.transcript.append(
            {"request": {"cmd": "state", "game": self.game}, "reply": {"state": state}}
        )
        return state

    def observes(self, seat: int, what: str) -> bool:
        """Whether a check of what ``seat`` may do can be made: always, but with one player
        to move only for the seat to move (see :meth:`OneToMove.observes`)."""
        return self.turns is None or self.turns.observes(seat, what)

    def refusal_note(self, parsed: ParsedAction) -> str:
        """What explains a refusal of ``parsed`` beyond the engine's own reason ("" if
        nothing): with one player to move, an earlier difference from the rules."""
        return self.turns.refusal_note(parsed) if self.turns is not None else ""

    def skip_reason(self) -> str | None:
        """Why a scenario in which nothing failed is still not a pass (None: it is)."""
        return self.turns.skip_reason() if self.turns is not None else None

    def legal(self, seat: int) -> list[JSON]:
        self.require_capability(CAP_LEGAL, "the scenario checks the list of legal actions")
        self.current()
        assert self.game is not None
        actions = self.adapter.legal(self.game, seat)
        self.transcript.append(
            {
                "request": {"cmd": "legal", "game": self.game, "seat": seat},
                "reply": {"actions": actions},
            }
        )
        return actions

    def close(self) -> None:
        if self.game is not None:
            with contextlib.suppress(Exception):  # a failing `end` must not hide the result
                self.adapter.end(self.game)


def seat_state(state: JSON, seat: int) -> JSON:
    for entry in state.get("seats", []):
        if entry.get("seat") == seat:
            return dict(entry)
    raise CheckFailed(
        f"the engine's state has no seat {seat}",
        kind="seats",
        expected=f"seat {seat} in the state",
        actual=f"no seat {seat}",
    )


def _refused(last: LastAction, message: str) -> CheckFailed:
    """An action the scenario expects to be accepted was refused."""
    return CheckFailed(
        message,
        kind="refused",
        expected=f"{action_shape(last.parsed.action)} to be accepted",
        actual=refusal_shape(last.result.error),
        where=last.location,
    )


def _reply_json(result: ActResult) -> JSON:
    if result.ok:
        return {"ok": True, "state": result.state, "events": list(result.events)}
    return {"ok": False, "error": result.error}


def _error_text(result: ActResult) -> str:
    err = result.error or {}
    clause = f" [{err['clause']}]" if err.get("clause") else ""
    return f"{err.get('code', '?')}: {err.get('message', '')}{clause}"


def _action_text(parsed: ParsedAction) -> str:
    a = parsed.action
    detail = " ".join(str(v) for k, v in a.items() if k not in ("type", "seat"))
    return f"seat {parsed.seat} {a['type']} {detail}".strip()
