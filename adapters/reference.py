"""The reference engine behind the protocol, in process.

:class:`ReferenceEngine` keeps many games keyed by id and answers protocol requests with
protocol dicts; it is what ``durak-conformance serve`` puts on stdin/stdout.
:class:`ReferenceAdapter` is the in-process adapter: the same engine called directly, with no
JSON text in between, so an in-process run and a run over stdio see the same answers.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Mapping, Sequence
from importlib import metadata
from typing import Any

from adapters.base import (
    JSON,
    PROTOCOL_VERSION,
    ActResult,
    Adapter,
    EngineFailure,
    Implementation,
    RequestRefused,
    StartRefused,
    UnsupportedByEngine,
)
from reference_engine.errors import EngineError, IllegalAction
from reference_engine.game import Game
from reference_engine.rules import Rules
from reference_engine.session import Session

log = logging.getLogger(__name__)

REFERENCE_PROFILES: tuple[str, ...] = (
    "videochess",
    "durak-challenge",
    "howto-durak",
    "ggtables",
    "prototype-build10",
)
"""The profiles the reference engine implements (one per rule document)."""

REFERENCE_CAPABILITIES: frozenset[str] = frozenset(
    {"deck", "position", "deal", "legal", "clock", "cheating", "table", "match", "pipeline"}
)
"""Everything the protocol offers but ``turn`` (the reference engine lets several seats act at
once): every way to start a game (a stacked deck, a position, or its own deal shuffled from
the seed), legal-action lists, virtual time, cheater mode, the table's rules (lobby start,
departures), matches of several games, and pipelined requests (``serve`` reads one line,
answers it, then reads the next)."""


@functools.cache
def _version() -> str:
    # Cached: reading the installed metadata costs milliseconds, and hello() is asked often.
    try:
        return metadata.version("durak-conformance")
    except metadata.PackageNotFoundError:  # running from a source tree that is not installed
        return "0+unknown"


@functools.cache
def _project_urls() -> dict[str, str]:
    """``[project.urls]`` of the installed package, by lower-case label (read once)."""
    try:
        meta = metadata.metadata("durak-conformance")
    except metadata.PackageNotFoundError:
        return {}
    urls: dict[str, str] = {}
    for entry in meta.get_all("Project-URL") or []:
        label, _, url = entry.partition(",")
        urls[label.strip().lower()] = url.strip()
    return urls


def _copy(value: Any) -> Any:
    """A deep copy of JSON-like data (events share lists with the game's log)."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


class ReferenceEngine:
    """The reference engine speaking protocol v1 (requests and replies as dicts).

    The typed methods raise :class:`RequestRefused` with the protocol error code;
    :meth:`handle` turns any request into a reply.  Requests are expected to match their
    schema (the server checks that first); anything else is answered ``malformed`` too,
    with a less precise message.
    """

    game_class: type[Game] = Game
    """The game played; a subclass overriding a hook makes a variant engine (see
    :mod:`adapters.mutants`)."""

    def __init__(self, profiles: Sequence[str] = REFERENCE_PROFILES) -> None:
        self.profiles = tuple(profiles)
        self.games: dict[str, Session] = {}

    # -------------------------------------------------------------- typed requests

    def implementation(self) -> Implementation:
        urls = _project_urls()
        extra = {"issues": urls["issues"]} if "issues" in urls else {}  # a copy: urls is shared
        return Implementation(
            name="durak-conformance-reference",
            version=_version(),
            language="python",
            homepage=urls.get("homepage", ""),
            protocol=PROTOCOL_VERSION,
            profiles=self.profiles,
            capabilities=REFERENCE_CAPABILITIES,
            extra=extra,
        )

    def hello(self, protocol: str = PROTOCOL_VERSION) -> Implementation:
        if protocol.split(".")[0] != PROTOCOL_VERSION:
            raise RequestRefused(
                "unsupported",
                f"protocol {protocol!r} is not spoken here; this engine speaks "
                f"{PROTOCOL_VERSION!r}",
            )
        return self.implementation()

    def start(
        self,
        game: str,
        *,
        profile: str,
        rules: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        deck: Sequence[str] | None = None,
        position: Mapping[str, Any] | None = None,
        seed: int = 0,
        lobby: Mapping[str, Any] | None = None,
    ) -> JSON:
        if game in self.games:
            raise RequestRefused("malformed", f"game {game!r} is already running; end it first")
        if profile not in self.profiles:
            raise RequestRefused("unsupported", f"profile {profile!r} is not implemented")
        if rules.get("profile") != profile:
            raise RequestRefused(
                "malformed",
                f"rules.profile is {rules.get('profile')!r} but the request's profile is "
                f"{profile!r}",
            )
        numbers = [s.get("seat") for s in seats]
        if numbers != list(range(1, len(seats) + 1)):
            raise RequestRefused(
                "malformed", f"seats must be numbered 1..{len(seats)} in order, got {numbers}"
            )
        humans = [int(s["seat"]) for s in seats if s.get("human")]
        if deck is not None and position is not None:
            raise RequestRefused(
                "malformed", "give a deck or a position, not both (neither: the engine deals)"
            )
        try:
            resolved = Rules.from_mapping(rules)
            if position is not None:
                hands = position.get("hands")
                if isinstance(hands, Mapping) and len(hands) != len(seats):
                    raise RequestRefused(
                        "malformed",
                        f"position.hands has {len(hands)} seats but seats lists {len(seats)}",
                    )
            new = Session.start(
                resolved,
                len(seats),
                humans,
                seed=seed,
                deck_cards=None if deck is None else list(deck),
                position=position,
                lobby=lobby,
                game_class=self.game_class,
            )
        except EngineError as exc:
            raise _refusal(exc) from None
        self.games[game] = new
        return new.to_json()

    def _game(self, game: str) -> Session:
        try:
            return self.games[game]
        except KeyError:
            raise RequestRefused("unknown_game", f"no game {game!r} is running") from None

    def act(self, game: str, seat: int, action: Mapping[str, Any]) -> tuple[JSON, list[JSON]]:
        """Play ``action``; returns the new state and the events."""
        running = self._game(game)
        if action.get("seat") != seat:
            raise RequestRefused(
                "malformed",
                f"the request is for seat {seat} but action.seat is {action.get('seat')!r}",
            )
        try:
            events = running.apply(action)
        except EngineError as exc:
            raise _refusal(exc) from None
        return running.to_json(), [_copy(e) for e in events]

    def legal(self, game: str, seat: int) -> list[JSON]:
        running = self._game(game)
        if not 1 <= seat <= running.game.seats:
            raise RequestRefused("malformed", f"seat {seat} is not at this table")
        return [a.to_json() for a in running.legal_actions(seat)]

    def state(self, game: str) -> JSON:
        return self._game(game).to_json()

    def clock(self, game: str, seconds: float) -> tuple[JSON, list[JSON]]:
        """Let ``seconds`` of virtual time pass; returns the new state and the events."""
        running = self._game(game)
        try:
            events = running.advance(seconds)
        except EngineError as exc:
            raise _refusal(exc) from None
        return running.to_json(), [_copy(e) for e in events]

    def next_game(
        self,
        game: str,
        *,
        deck: Sequence[str] | None = None,
        position: Mapping[str, Any] | None = None,
    ) -> JSON:
        """Deal the next game of the match at the table of ``game``."""
        running = self._game(game)
        if deck is not None and position is not None:
            raise RequestRefused(
                "malformed", "give a deck or a position, not both (neither: the engine deals)"
            )
        try:
            running.next_game(deck_cards=None if deck is None else list(deck), position=position)
        except EngineError as exc:
            raise _refusal(exc) from None
        return running.to_json()

    def end(self, game: str) -> None:
        self._game(game)
        del self.games[game]

    # -------------------------------------------------------------- raw requests

    def handle(self, request: Mapping[str, Any]) -> JSON:
        """Answer one request (expected to match its schema) with a reply dict."""
        id_ = request.get("id")
        try:
            body = self._dispatch(request)
        except RequestRefused as exc:
            return {"id": id_, "ok": False, "error": exc.to_json()}
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            # Only reachable for a request that skipped the schema check.
            return {"id": id_, "ok": False, "error": {"code": "malformed", "message": repr(exc)}}
        except Exception as exc:
            log.exception("internal error on %s", request.get("cmd"))
            message = f"{type(exc).__name__}: {exc}"
            return {"id": id_, "ok": False, "error": {"code": "internal", "message": message}}
        return {"id": id_, "ok": True, **body}

    def _dispatch(self, request: Mapping[str, Any]) -> JSON:
        handler = self._handlers().get(request["cmd"])
        if handler is None:
            raise RequestRefused("malformed", f"unknown command {request['cmd']!r}")
        return handler(request)

    def _handlers(self) -> dict[str, Callable[[Mapping[str, Any]], JSON]]:
        return {
            "hello": lambda r: {"implementation": self.hello(r["protocol"]).to_json()},
            "start": lambda r: {
                "state": self.start(
                    r["game"],
                    profile=r["profile"],
                    rules=r["rules"],
                    seats=r["seats"],
                    deck=r.get("deck"),
                    position=r.get("position"),
                    seed=r.get("seed", 0),
                    lobby=r.get("lobby"),
                )
            },
            "act": self._handle_act,
            "legal": lambda r: {"actions": self.legal(r["game"], r["seat"])},
            "state": lambda r: {"state": self.state(r["game"])},
            "clock": self._handle_clock,
            "next_game": lambda r: {
                "state": self.next_game(r["game"], deck=r.get("deck"), position=r.get("position"))
            },
            "end": lambda r: self._handle_end(r["game"]),
            "bye": lambda r: {},
        }

    def _handle_act(self, request: Mapping[str, Any]) -> JSON:
        state, events = self.act(request["game"], request["seat"], request["action"])
        return {"state": state, "events": events}

    def _handle_clock(self, request: Mapping[str, Any]) -> JSON:
        state, events = self.clock(request["game"], request["seconds"])
        return {"state": state, "events": events}

    def _handle_end(self, game: str) -> JSON:
        self.end(game)
        return {}


def _refusal(exc: EngineError) -> RequestRefused:
    if isinstance(exc, IllegalAction):
        return RequestRefused("illegal", exc.message, exc.clause)
    return RequestRefused(exc.code, str(exc))


class ReferenceAdapter(Adapter):
    """The in-process adapter: :class:`ReferenceEngine` called directly (no JSON text)."""

    name = "reference"

    def __init__(self, engine: ReferenceEngine | None = None) -> None:
        self.engine = engine or ReferenceEngine()

    def hello(self) -> Implementation:
        return self.engine.implementation()

    def start(
        self,
        game: str,
        *,
        profile: str,
        options: Mapping[str, Any],
        rules: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        seed: int = 0,
        deck: Sequence[str] | None = None,
        position: Mapping[str, Any] | None = None,
        lobby: Mapping[str, Any] | None = None,
    ) -> JSON:
        try:
            return self.engine.start(
                game,
                profile=profile,
                rules=rules,
                seats=seats,
                deck=deck,
                position=position,
                seed=seed,
                lobby=lobby,
            )
        except RequestRefused as exc:
            raise _as_exception("start", exc) from None

    def act(self, game: str, seat: int, action: Mapping[str, Any]) -> ActResult:
        try:
            state, events = self.engine.act(game, seat, action)
        except RequestRefused as exc:
            if exc.code in ("illegal", "malformed"):
                return ActResult(ok=False, state=None, error=exc.to_json())
            raise _as_exception("act", exc) from None
        return ActResult(ok=True, state=state, events=tuple(events))

    def legal(self, game: str, seat: int) -> list[JSON]:
        try:
            return self.engine.legal(game, seat)
        except RequestRefused as exc:
            raise _as_exception("legal", exc) from None

    def state(self, game: str) -> JSON:
        try:
            return self.engine.state(game)
        except RequestRefused as exc:
            raise _as_exception("state", exc) from None

    def clock(self, game: str, seconds: float) -> ActResult:
        try:
            state, events = self.engine.clock(game, seconds)
        except RequestRefused as exc:
            raise _as_exception("clock", exc) from None
        return ActResult(ok=True, state=state, events=tuple(events))

    def next_game(
        self,
        game: str,
        *,
        deck: Sequence[str] | None = None,
        position: Mapping[str, Any] | None = None,
    ) -> JSON:
        try:
            return self.engine.next_game(game, deck=deck, position=position)
        except RequestRefused as exc:
            raise _as_exception("next_game", exc) from None

    def end(self, game: str) -> None:
        try:
            self.engine.end(game)
        except RequestRefused as exc:
            raise _as_exception("end", exc) from None

    def request(self, message: Mapping[str, Any]) -> JSON:
        return self.engine.handle(message)


def _as_exception(cmd: str, exc: RequestRefused) -> Exception:
    if exc.code == "unsupported":
        return UnsupportedByEngine(exc.message)
    if cmd in ("start", "next_game") and exc.code in ("illegal", "malformed"):
        return StartRefused(f"reference engine refused {cmd}: {exc}", exc.to_json())
    return EngineFailure(f"reference engine refused {cmd}: {exc}")
