"""The shadow game: the reference engine playing along with the engine under test.

A scenario's :class:`~durak_conformance.steps.driver.TableDriver` can keep a reference game
started exactly as the engine's (same profile, rules, seats, seed, and deck, position or
lobby) and feed it everything the engine accepted: actions, passing time, the next game of a
match.  At any step it then knows what the rules allow next, which the harness needs to map a
scenario onto an engine with one player to move (:mod:`durak_conformance.steps.one_to_move`)
and which can explain a divergence.  It answers in protocol terms, like ``serve``.

A shadow is cheap (the reference engine in process, no JSON text), and it is only built for an
engine that needs it: :meth:`ShadowGame.replay` rebuilds one from a driver's record of what the
engine accepted, so other engines pay nothing until somebody asks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from adapters.base import JSON, RequestRefused
from adapters.reference import ReferenceEngine

GAME = "shadow"

TURN_MOVES = frozenset(
    {"attack", "defend", "throw_in", "transfer", "take", "done", "accept", "catch", "redeal"}
)
"""The moves of the card play (listed among a seat's actions); the rest (standing up,
resigning, disconnecting, ...) are what a person does to their seat, at any time."""


class ShadowUnavailable(Exception):
    """The reference engine refuses to start the game (the scenario expects a refusal)."""


def canonical(action: Mapping[str, Any]) -> tuple[Any, ...]:
    """An action in a form fit for comparing (cards of an attack in any order)."""
    cards = action.get("cards")
    return (
        action.get("type"),
        action.get("seat"),
        action.get("attack"),
        action.get("card"),
        tuple(sorted(cards)) if isinstance(cards, list) else None,
    )


class ShadowGame:
    """One reference game, started like the engine's and fed what the engine accepted.

    ``start`` holds the keyword arguments of the start (``profile``, ``rules``, ``seats``,
    ``seed`` and ``deck``, ``position`` or ``lobby``); :attr:`history` records what was fed
    since, so :meth:`fork` can play the same game again on the side.
    """

    def __init__(self, start: Mapping[str, Any]) -> None:
        self.start = dict(start)
        self.engine = ReferenceEngine()
        try:
            self.state: JSON = self.engine.start(GAME, **self.start)
        except RequestRefused as exc:
            raise ShadowUnavailable(str(exc)) from None
        self.events: list[JSON] = []
        self.history: list[tuple[str, Any]] = []
        self._legal: dict[int, list[JSON]] = {}

    @classmethod
    def replay(cls, start: Mapping[str, Any], history: Iterable[tuple[str, Any]]) -> ShadowGame:
        """A shadow fed ``history`` (as recorded by :attr:`history`) from ``start``."""
        shadow = cls(start)
        for kind, payload in history:
            if kind == "act":
                shadow.act(payload)
            elif kind == "clock":
                shadow.clock(payload)
            else:
                shadow.next_game(**payload)
        return shadow

    def fork(self) -> ShadowGame:
        """An independent copy of this game (replayed from its start)."""
        return ShadowGame.replay(self.start, self.history)

    # ------------------------------------------------------------------ queries

    @property
    def session(self) -> Any:
        """The reference engine's :class:`~reference_engine.session.Session`."""
        return self.engine.games[GAME]

    @property
    def finished(self) -> bool:
        return self.state.get("phase") == "finished"

    def legal(self, seat: int) -> list[JSON]:
        """Every legal action of ``seat`` now."""
        listed = self._legal.get(seat)
        if listed is None:
            try:
                listed = self.engine.legal(GAME, seat)
            except RequestRefused:
                listed = []
            self._legal[seat] = listed
        return listed

    def allows(self, action: Mapping[str, Any]) -> bool:
        """Whether the rules accept ``action`` (a move of the card play) now."""
        wanted = canonical(action)
        return any(canonical(a) == wanted for a in self.legal(int(action.get("seat", 0))))

    def acting(self) -> list[int]:
        """The seats that may make a move now."""
        return [s["seat"] for s in self.state.get("seats", []) if s.get("actions")]

    def waiting(self) -> list[int]:
        """The seats whose move timers run now (per-action timers or chess clocks)."""
        return sorted(self.session.waiting())

    # ------------------------------------------------------------------ feeding

    def act(self, action: Mapping[str, Any]) -> bool:
        """Play ``action``; False (and nothing changes) if the rules refuse it."""
        try:
            state, events = self.engine.act(GAME, int(action.get("seat", 0)), action)
        except RequestRefused:
            return False
        self.state, self.events = state, events
        self.history.append(("act", dict(action)))
        self._legal = {}
        return True

    def clock(self, seconds: float) -> None:
        """Let ``seconds`` of virtual time pass."""
        self.state, self.events = self.engine.clock(GAME, seconds)
        self.history.append(("clock", seconds))
        self._legal = {}

    def next_game(
        self, deck: Sequence[str] | None = None, position: Mapping[str, Any] | None = None
    ) -> None:
        """Deal the next game of the match."""
        self.state = self.engine.next_game(GAME, deck=deck, position=position)
        self.events = []
        self.history.append(("next_game", {"deck": deck, "position": position}))
        self._legal = {}
