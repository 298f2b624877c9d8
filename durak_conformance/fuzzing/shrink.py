"""Making a divergence small: a short game that still shows the same disagreement.

Every candidate is replayed in lockstep from scratch and kept only if it diverges with the
same signature as the finding (:mod:`.findings`): a smaller game that diverges about
something else is another finding, not a reproduction of this one.  Legal lists are compared
only after the last action, and only for a finding about legal lists.  The game is cut after
the first difference.
The passes, in order:

1. cut the game right after the divergence;
2. where the engine claims ``position``: start from the table at the beginning of the bout in
   which it diverged (or an earlier bout), instead of from the deal (a game the engine dealt
   itself keeps its deal otherwise: only its actions can be dropped);
3. drop actions: the refused attempts along the way at once, then one action at a time;
4. drop cards nobody plays: the discard pile, then stock and hand cards one by one.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from adapters.base import JSON, UnsupportedByEngine
from durak_conformance import causes
from durak_conformance.fuzzing.findings import signature_of
from durak_conformance.fuzzing.lockstep import (
    InvalidStart,
    Lockstep,
    ReferenceSide,
    Start,
    Trial,
    reference_game,
    replay_chooser,
)


@dataclass
class ShrinkStats:
    """How the shrinking went."""

    replays: int = 0
    actions_before: int = 0
    actions_after: int = 0
    cards_before: int = 0
    cards_after: int = 0
    seconds: float = 0.0


def position_of(ref: ReferenceSide) -> JSON:
    """The protocol ``position`` of the reference game between bouts (attacker included)."""
    state = ref.state
    game = ref.game
    return {
        "hands": {str(s["seat"]): list(s["hand"]) for s in state["seats"]},
        "stock": list(state["stock"]),
        "trump": state["trump"],
        "discard": list(state["discard"]),
        "out": [s["seat"] for s in state["seats"] if s["out"]],
        "attacker": state["attacker"],
        "first_bout_over": game.first_discard_done,
    }


def cards_in(start: Start) -> int:
    if start.position is None:
        return len(start.deck or ())
    pos = start.position
    hands = pos.get("hands") or {}
    return (
        sum(len(h) for h in hands.values())
        + len(pos.get("stock") or [])
        + len(pos.get("discard") or [])
    )


def _played_cards(actions: Sequence[Mapping[str, Any]]) -> set[str]:
    used: set[str] = set()
    for a in actions:
        used.update(a.get("cards") or [])
        for key in ("attack", "card"):
            if isinstance(a.get(key), str):
                used.add(a[key])
    return used


class Shrinker:
    """Shrinks one finding against one engine."""

    def __init__(self, lockstep: Lockstep, *, max_replays: int = 600, max_seconds: float = 60.0):
        self.lockstep = lockstep
        self.max_replays = max_replays
        self.max_seconds = max_seconds
        self.stats = ShrinkStats()
        self._deadline = 0.0
        self.signature = ""
        """The signature every accepted candidate keeps (the finding's)."""

    def _budget_left(self) -> bool:
        return self.stats.replays < self.max_replays and time.perf_counter() < self._deadline

    def check(self, start: Start, actions: Sequence[JSON], like: Trial) -> Trial | None:
        """Replay; the trial (cut after its divergence) if it diverges with the signature of
        ``like``'s divergence, else None."""
        assert like.divergence is not None
        self.stats.replays += 1
        try:
            trial = replay(self.lockstep, start, actions, self.signature)
        except InvalidStart:
            return None
        except UnsupportedByEngine:
            # The engine cannot set up this start (a real engine may need the attacker of a
            # position, or take only some positions): not a smaller reproduction, try others.
            return None
        div = trial.divergence
        if div is None:
            return None
        trial.actions = trial.actions[: div.step + 1]
        if signature_of(div, trial.actions) != self.signature:
            return None
        return trial

    def shrink(self, found: Trial) -> Trial:
        """A small trial showing the same divergence as ``found``."""
        assert found.divergence is not None
        self.signature = signature_of(found.divergence, found.actions)
        began = time.perf_counter()
        self._deadline = began + self.max_seconds
        self.stats.actions_before = len(found.actions)
        self.stats.cards_before = cards_in(found.start)
        best = self.check(found.start, found.actions[: found.divergence.step + 1], found) or found
        best.actions = best.actions[: best.divergence.step + 1] if best.divergence else best.actions
        if self.lockstep.claims_position:
            best = self._from_position(best)
        best = self._drop_actions(best)
        if best.start.position is not None:
            best = self._drop_cards(best)
        self.stats.actions_after = len(best.actions)
        self.stats.cards_after = cards_in(best.start)
        self.stats.seconds = time.perf_counter() - began
        return best

    # ------------------------------------------------------------------ passes

    def _bout_starts(self, trial: Trial) -> list[tuple[int, JSON]]:
        """(action index, position) at the start of every bout up to the divergence."""
        try:
            ref = reference_game(self.lockstep.table, trial.reference_start)
        except InvalidStart:
            return []
        starts: list[tuple[int, JSON]] = []
        if trial.start.deck is not None or trial.start.deal:
            first = position_of(ref)
            # At the deal the engine decides who leads: leave the attacker out.
            first.pop("attacker", None)
            starts.append((0, first))
        for i, action in enumerate(trial.actions):
            if ref.act(action) is not None:
                continue
            if ref.state.get("phase") == "lead" and i + 1 < len(trial.actions):
                starts.append((i + 1, position_of(ref)))
        return starts

    def _from_position(self, trial: Trial) -> Trial:
        for index, position in reversed(self._bout_starts(trial)):
            if not self._budget_left():
                break
            start = replace(trial.start, deck=None, position=position, deal=False)
            got = self.check(start, trial.actions[index:], trial)
            if got is not None:
                return got
        return trial

    def _drop_actions(self, trial: Trial) -> Trial:
        actions = trial.actions
        if len(actions) < 2:
            return trial
        try:
            ref = reference_game(self.lockstep.table, trial.reference_start)
        except InvalidStart:
            return trial
        refused = [i for i, action in enumerate(actions[:-1]) if ref.act(action) is not None]
        if refused:
            kept = [a for i, a in enumerate(actions) if i not in set(refused)]
            got = self.check(trial.start, kept, trial)
            if got is not None:
                trial = got
        i = len(trial.actions) - 2
        while i >= 0 and self._budget_left():
            candidate = trial.actions[:i] + trial.actions[i + 1 :]
            got = self.check(trial.start, candidate, trial)
            if got is not None:
                trial = got
            i = min(i - 1, len(trial.actions) - 2)
        return trial

    def _drop_cards(self, trial: Trial) -> Trial:
        assert trial.start.position is not None
        used = _played_cards(trial.actions)

        def with_position(position: JSON) -> Trial | None:
            return self.check(replace(trial.start, position=position), trial.actions, trial)

        position = _copy_position(trial.start.position)
        if position["discard"]:
            candidate = _copy_position(position)
            candidate["discard"] = []
            got = with_position(candidate)
            if got is not None:
                trial, position = got, candidate
        zones: list[tuple[str, str | None]] = [("stock", None), ("discard", None)]
        zones += [("hands", seat) for seat in sorted(position["hands"], key=int)]
        for zone, seat in zones:
            cards = list(position[zone][seat] if seat is not None else position[zone])
            for card in reversed(cards):
                if card in used or not self._budget_left():
                    continue
                candidate = _copy_position(position)
                target = candidate[zone][seat] if seat is not None else candidate[zone]
                target.remove(card)
                got = with_position(candidate)
                if got is not None:
                    trial, position = got, candidate
        return trial


def replay(
    lockstep: Lockstep,
    start: Start,
    actions: Sequence[JSON],
    signature: str,
    *,
    record: bool = False,
) -> Trial:
    """Replay ``actions`` from ``start`` as a candidate reproduction of a finding with
    ``signature``: legal lists are compared only after the last action, and only when the
    finding is about them (a list compared anywhere else could diverge first, about
    something else)."""
    legal_at = len(actions) - 1 if causes.kind_of(signature) == "legal" else -2
    return lockstep.play(start, replay_chooser(actions), legal_at=legal_at, record=record)


def _copy_position(position: Mapping[str, Any]) -> JSON:
    copied: JSON = {}
    for key, value in position.items():
        if key == "hands":
            copied[key] = {str(k): list(v) for k, v in value.items()}
        elif isinstance(value, list):
            copied[key] = list(value)
        else:
            copied[key] = value
    return copied
