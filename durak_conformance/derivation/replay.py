"""Derivations on the reference engine: the position start, the replay, the comparison.

Everything here goes through the reference engine's protocol interface
(:class:`adapters.reference.ReferenceEngine`, in process), as any engine would be driven.

- :func:`position_state`: the state the reference engine starts a target's position with;
- :func:`materialize`: a bound plan played from its stacked deck, every bout closed by the
  seats saying done (and, in cheater mode, the check before a bout closes let run), giving
  the prefix of protocol steps;
- :func:`replay`: a stored deck and prefix played again, giving the state they reach;
- :func:`compare`: the two states field by field.

What "exactly the position" covers (the comparison): the phase, the trump card, the stock
(in order), the discard pile (as a set), every seat's hand (as a set), whether it is out, is a
person, and the action types it may take, its timer, chess clock, bot control and connection;
the table, starter, attacker, defender, whether the defender has taken, the bout's card
limit (which shows whether the first bout is over), the teams, the result, the match tally,
whether the clocks are paused and the cheater-mode check.  Left out, because no scenario step
reads them and a game that got there by play cannot equal a table set down from nothing:
the bout number, the virtual time elapsed, the order of cards within a hand and within the
discard pile (the only rule that reads that order is a random pick, which is the engine's own
chance), and the lowest trump shown at the deal (a scenario that checks it is not derived).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from adapters.base import RequestRefused
from adapters.reference import ReferenceEngine
from durak_conformance.derivation.binding import Binding, BoundBout, Play
from durak_conformance.derivation.target import Target

JSON = dict[str, Any]
_games = itertools.count(1)

CLOCK_FIELDS = ("timer", "clock", "bot_control", "connected", "departed")
"""Per-seat fields that only an engine with capability ``clock`` reports for scenarios."""


class ReplayFailed(Exception):
    """The reference engine refused a step of a derivation, or it went elsewhere than planned."""


@dataclass(frozen=True)
class Step:
    """One step of a prefix: an action (protocol form), or ``seconds`` of virtual time."""

    action: Mapping[str, Any] | None = None
    seconds: float | None = None

    def to_json(self) -> JSON:
        if self.action is not None:
            return dict(self.action)
        return {"clock": self.seconds}


def _engine() -> tuple[ReferenceEngine, str]:
    return ReferenceEngine(), f"derive-{next(_games)}"


def position_state(target: Target) -> JSON:
    """The state the reference engine starts ``target``'s position with.

    Raises :class:`ReplayFailed` when it refuses the position."""
    engine, game = _engine()
    try:
        return engine.start(
            game,
            profile=target.profile,
            rules=target.rules,
            seats=target.seat_list,
            position=target.position,
            seed=target.seed,
        )
    except RequestRefused as exc:
        raise ReplayFailed(f"the reference engine refuses the position: {exc.message}") from None


def start_deck(target: Target, deck: Sequence[str]) -> tuple[ReferenceEngine, str, JSON]:
    engine, game = _engine()
    try:
        state = engine.start(
            game,
            profile=target.profile,
            rules=target.rules,
            seats=target.seat_list,
            deck=list(deck),
            seed=target.seed,
        )
    except RequestRefused as exc:
        raise ReplayFailed(f"the reference engine refuses the deck: {exc.message}") from None
    return engine, game, state


def replay(target: Target, deck: Sequence[str], prefix: Sequence[Step]) -> JSON:
    """Play ``deck`` and ``prefix``; the state reached (raises :class:`ReplayFailed`)."""
    engine, game, state = start_deck(target, deck)
    for i, step in enumerate(prefix, start=1):
        state = _step(engine, game, step, f"step {i}")
    return state


def _step(engine: ReferenceEngine, game: str, step: Step, where: str) -> JSON:
    try:
        if step.action is not None:
            state, _ = engine.act(game, int(step.action["seat"]), step.action)
        else:
            state, _ = engine.clock(game, float(step.seconds or 0))
    except RequestRefused as exc:
        raise ReplayFailed(f"{where} ({step.to_json()}) refused: {exc.message}") from None
    return state


def materialize(target: Target, binding: Binding) -> tuple[list[Step], JSON]:
    """Play a bound plan from its deck; the prefix of steps and the state it reaches."""
    deck = [c.code for c in binding.deck]
    engine, game, state = start_deck(target, deck)
    steps: list[Step] = []
    check = float(target.rules.get("catch_check_seconds") or 0)

    def act(action: JSON) -> JSON:
        step = Step(action=action)
        new = _step(engine, game, step, f"bout {state['bout']}")
        steps.append(step)
        return new

    for bound in binding.bouts:
        bout = bound.bout
        if state["phase"] != "lead" or state["attacker"] != bout.attacker:
            raise ReplayFailed(
                f"bout {state['bout']}: expected seat {bout.attacker} to lead, the engine has "
                f"{state['attacker']} ({state['phase']})"
            )
        number = state["bout"]
        for play in bound.plays:
            action = _action(play)
            if not _listed(engine, game, action):
                state = _unblock(engine, game, state, action, bout.attacker, steps)
            state = act(action)
        # Close the bout: every seat that may say done does (the defender keeps a complete
        # defence), letting the cheater-mode check run out where it holds the bout open.
        for _ in range(4 * target.seats + 4):
            if state["bout"] != number or state["phase"] == "finished":
                break
            seat = _first_with(state, "done", bout.attacker)
            if seat:
                state = act({"type": "done", "seat": seat})
            elif check and (state.get("cheating") or {}).get("checking"):
                step = Step(seconds=check)
                state = _step(engine, game, step, f"bout {number}")
                steps.append(step)
            else:
                break
        if state["bout"] == number:
            raise ReplayFailed(f"bout {number} did not close")
        if state["phase"] == "finished":
            raise ReplayFailed(f"the game ended after bout {number}")
    return steps, state


def _action(play: Play) -> JSON:
    if play.kind == "attack":
        assert play.card is not None
        return {"type": "attack", "seat": play.seat, "cards": [play.card.code]}
    if play.kind == "throw_in":
        assert play.card is not None
        return {"type": "throw_in", "seat": play.seat, "card": play.card.code}
    if play.kind == "defend":
        assert play.card is not None and play.attack is not None
        return {
            "type": "defend",
            "seat": play.seat,
            "attack": play.attack.code,
            "card": play.card.code,
        }
    return {"type": play.kind, "seat": play.seat}


def _listed(engine: ReferenceEngine, game: str, action: Mapping[str, Any]) -> bool:
    return any(_same(a, action) for a in engine.legal(game, int(action["seat"])))


def _same(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    return all(a.get(k) == v for k, v in b.items())


def _unblock(
    engine: ReferenceEngine,
    game: str,
    state: JSON,
    action: Mapping[str, Any],
    attacker: int,
    steps: list[Step],
) -> JSON:
    """A thrower waits for others (the seat that opened throws in first; add-one rounds):
    the seats before it in turn say done until ``action`` is allowed."""
    seat = int(action["seat"])
    for _ in range(len(state["seats"])):
        other = _first_with(state, "done", attacker, skip=seat)
        if not other:
            break
        step = Step(action={"type": "done", "seat": other})
        state = _step(engine, game, step, f"bout {state['bout']}")
        steps.append(step)
        if _listed(engine, game, action):
            return state
    if not _listed(engine, game, action):
        raise ReplayFailed(f"bout {state['bout']}: {dict(action)} is not allowed")
    return state


def _first_with(state: JSON, kind: str, start: int, skip: int = 0) -> int:
    """The first seat, clockwise from ``start``, that may take an action of ``kind``."""
    seats = state["seats"]
    n = len(seats)
    for i in range(n):
        seat = (start - 1 + i) % n + 1
        entry = seats[seat - 1]
        if seat != skip and kind in entry.get("actions", []):
            return seat
    return 0


# ---------------------------------------------------------------------- comparison


@dataclass(frozen=True)
class Difference:
    """One field in which two states differ."""

    field: str
    expected: Any
    got: Any
    clock_only: bool = False
    """The field shows only to an engine claiming capability ``clock``."""

    def __str__(self) -> str:
        return f"{self.field}: expected {self.expected!r}, got {self.got!r}"


IGNORED = ("bout", "shown_trump")
"""Top-level state fields the comparison leaves out (see the module's docstring)."""


def compare(expected: Mapping[str, Any], got: Mapping[str, Any]) -> list[Difference]:
    """Where ``got`` differs from ``expected`` (both protocol states), field by field."""
    found: list[Difference] = []
    keys = sorted((set(expected) | set(got)) - set(IGNORED) - {"seats", "time", "discard"})
    for key in keys:
        if expected.get(key) != got.get(key):
            found.append(Difference(key, expected.get(key), got.get(key)))
    if sorted(expected.get("discard", [])) != sorted(got.get("discard", [])):
        found.append(
            Difference(
                "discard", sorted(expected.get("discard", [])), sorted(got.get("discard", []))
            )
        )
    e_time = {k: v for k, v in (expected.get("time") or {}).items() if k != "now"}
    g_time = {k: v for k, v in (got.get("time") or {}).items() if k != "now"}
    if e_time != g_time:
        found.append(Difference("time", e_time, g_time, clock_only=True))
    e_seats, g_seats = expected.get("seats", []), got.get("seats", [])
    if len(e_seats) != len(g_seats):
        found.append(Difference("seats", len(e_seats), len(g_seats)))
        return found
    for e, g in zip(e_seats, g_seats, strict=True):
        n = e.get("seat")
        for key in sorted(set(e) | set(g)):
            ev, gv = e.get(key), g.get(key)
            if key == "hand":
                ev, gv = sorted(ev or []), sorted(gv or [])
            if ev != gv:
                found.append(Difference(f"seat {n} {key}", ev, gv, clock_only=key in CLOCK_FIELDS))
    return found


def play_bound(bound: BoundBout) -> list[JSON]:
    """The protocol actions of a bound bout's plays (without the closing dones)."""
    return [_action(p) for p in bound.plays]
