"""``durak-conformance smoke --engine -- COMMAND ...``: a quick protocol check of an engine.

Starts the engine, checks its handshake, plays one short game under a profile it claims
(a fixed stacked deck, legal moves to the end: from the engine's own ``legal`` when it claims
that capability, otherwise the moves the reference engine finds in the same game), probes a
few bad requests, and prints a checklist of what passed and what to fix.  Every reply is
checked against the protocol schemas unless ``--no-schema-check`` is given.

Exit status: 0 all checks passed, 1 some check failed, 2 usage errors (an unknown profile, no
engine named), 3 the engine could not be started.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TextIO

from adapters.base import (
    JSON,
    ActResult,
    Adapter,
    Call,
    EngineFailure,
    EngineStartFailure,
    UnsupportedByEngine,
)
from adapters.registry import AdapterOptions, UnknownAdapter, open_adapter
from adapters.stdio import StdioAdapter
from durak_conformance import limits
from durak_conformance.commands.engine_choice import (
    TIMEOUT_HELP,
    EngineChoiceError,
    add_engine_arguments,
    engine_command,
)
from durak_conformance.plugin import card_problem
from durak_conformance.protocol import PROTOCOL_VERSION, response_problem

EXIT_OK = 0
EXIT_FAILURES = 1
EXIT_USAGE = 2
EXIT_ENGINE = 3

PROFILE_PREFERENCE = (
    "durak-challenge",
    "prototype-build10",
    "howto-durak",
    "ggtables",
    "videochess",
)
"""Known profiles, the ones with the shortest two-seat games first."""

DECK_SEED = 20240601
MAX_MOVES = 1000
FOLLOW_GAMES = 5
"""Random games to the end, dealt by an engine that claims ``deal`` and followed move by move
by the reference engine (follow mode): its rules checked without a given deal."""


@dataclass
class Check:
    """One line of the checklist."""

    name: str
    passed: bool
    detail: str = ""
    fix: str = ""
    skipped: bool = False
    """Not checked: the engine answered ``unsupported`` to an optional request (not a
    failure; the detail says what it could not do)."""


@dataclass
class SmokeReport:
    """The checklist of one smoke run."""

    engine: str
    checks: list[Check] = field(default_factory=list)
    started: bool = True

    @property
    def ok(self) -> bool:
        return self.started and all(c.passed for c in self.checks)

    def add(self, name: str, passed: bool, detail: str = "", fix: str = "") -> Check:
        check = Check(name, passed, detail, fix)
        self.checks.append(check)
        return check

    def skip(self, name: str, detail: str) -> Check:
        """A check the engine could not take part in (``unsupported``): shown, not failed."""
        check = Check(name, True, detail, skipped=True)
        self.checks.append(check)
        return check

    def render(self, out: TextIO) -> None:
        """Print the checklist (engine text with its control characters escaped)."""
        print(f"smoke test of {limits.printable(self.engine, newlines=False)}", file=out)
        for check in self.checks:
            mark = "SKIP" if check.skipped else "PASS" if check.passed else "FAIL"
            detail = limits.printable(check.detail)
            print(f"  [{mark}] {check.name}" + (f": {detail}" if detail else ""), file=out)
            if not check.passed and check.fix:
                for line in check.fix.splitlines():
                    print(f"         {line}", file=out)
        failed = sum(not c.passed for c in self.checks)
        if not self.started:
            print("the engine could not be started: fix the first check above", file=out)
        elif failed:
            print(f"{failed} of {len(self.checks)} checks failed", file=out)
        else:
            skipped = sum(c.skipped for c in self.checks)
            tail = f" ({skipped} not checked: the engine answered unsupported)" if skipped else ""
            print(f"all {len(self.checks) - skipped} checks passed{tail}", file=out)


def rules_for(profile: str) -> tuple[dict[str, str], dict[str, Any]]:
    """Default options and resolved rules of ``profile`` (bare defaults if it is not bundled)."""
    from durak_conformance import profiles

    try:
        resolved = profiles.resolve(profiles.load_profile(profile))
    except (profiles.ProfileError, OSError):
        return {}, {"profile": profile}
    return dict(resolved.options), dict(resolved.params)


def stacked_deck(size: int, seed: int = DECK_SEED) -> list[str]:
    """A fixed shuffle of a ``size``-card deck, top card first."""
    from reference_engine.cards import deck

    cards = [c.code for c in deck(size)]
    random.Random(seed).shuffle(cards)
    return cards


def _seats(count: int) -> list[JSON]:
    return [{"seat": s, "human": s == 1} for s in range(1, count + 1)]


def _dealt_out(rules: JSON, seats: int) -> JSON:
    """The fixed stacked deck dealt out as a position (the first attacker left to the rules),
    for an engine that can start only from a position."""
    from reference_engine.game import Game
    from reference_engine.rules import Rules

    parsed = Rules.from_mapping(rules)
    state = Game.deal(parsed, seats, stacked_deck(parsed.deck_size)).to_json()
    return {
        "hands": {str(s["seat"]): list(s["hand"]) for s in state["seats"]},
        "stock": list(state["stock"]),
        "trump": state["trump"],
        "discard": [],
    }


def _error_code(reply: Mapping[str, Any]) -> str | None:
    error = reply.get("error")
    return error.get("code") if isinstance(error, Mapping) else None


class Smoke:
    """Runs the checks against one adapter."""

    def __init__(self, adapter: Adapter, engine: str, profile: str | None = None) -> None:
        self.adapter = adapter
        self.report = SmokeReport(engine)
        self.wanted_profile = profile
        self.start_mode = "deck"
        """How the checks start their games: the first of deck, deal, position claimed."""
        self.turn = False
        """The engine has one player to move (capability turn)."""
        self._ids = 0

    def _next_id(self) -> int:
        self._ids += 1
        return 10_000 + self._ids

    def _step(self, name: str, fix: str, body: Callable[[], str]) -> bool:
        """Run one check; an engine failure fails the check and the run goes on."""
        try:
            detail = body()
        except _CheckFailed as exc:
            self.report.add(name, False, exc.detail, exc.fix or fix)
            return False
        except _CheckSkipped as exc:
            self.report.skip(name, exc.detail)
            return True
        except UnsupportedByEngine as exc:
            self.report.add(name, False, str(exc), fix)
            return False
        except EngineFailure as exc:
            self.report.add(name, False, str(exc), fix)
            return False
        except _SHAPE_ERRORS as exc:  # a reply of the wrong shape, unchecked by the schemas
            self.report.add(
                name,
                False,
                f"the engine's reply could not be read ({type(exc).__name__}: "
                f"{limits.clip(str(exc), 200)})",
                "every reply must match the protocol schemas; run without --no-schema-check "
                "to see which part does not",
            )
            return False
        self.report.add(name, True, detail)
        return True

    def run(self) -> SmokeReport:
        try:
            impl = self.adapter.hello()
        except EngineFailure as exc:
            self.report.started = not isinstance(exc, EngineStartFailure)
            self.report.add(
                "start the engine and handshake",
                False,
                str(exc),
                "the engine must start, read a hello request on stdin and answer it on stdout",
            )
            return self.report
        self.report.engine = f"{impl.name} {impl.version} ({impl.language})"
        caps = ", ".join(sorted(impl.capabilities)) or "none"
        self.report.add(
            "handshake",
            True,
            f"protocol {impl.protocol}, profiles {', '.join(impl.profiles) or 'none'}, "
            f"capabilities {caps}",
        )
        self.report.add(
            "protocol version",
            impl.protocol.split(".")[0] == PROTOCOL_VERSION,
            f"engine speaks {impl.protocol!r}, harness {PROTOCOL_VERSION!r}",
            f'answer hello with "protocol": "{PROTOCOL_VERSION}"',
        )
        profile = self._pick_profile(impl.profiles)
        if profile is None:
            return self.report
        options, rules = rules_for(profile)
        modes = impl.start_modes
        self.turn = impl.one_to_move
        self.start_mode = next(m for m in ("deck", "deal", "position") if m in modes)
        if "position" in impl.capabilities and "deck" not in modes:
            self.report.add(
                "start capabilities",
                True,
                "the engine claims position but not deck: scenarios that start from a stacked "
                "deck will be skipped (claim deck too if the engine takes one)",
            )
        if "deal" in modes:
            self._step(
                "deal a game",
                "with neither deck nor position in start, deal a proper game from the seed "
                "(every hand, the stock top first, the trump its last card) and let the seat "
                "the rules name open it; the same seed must give the same deal",
                lambda: self._deal(profile, options, rules),
            )
        self._step(
            "play a short game to the end",
            "see the message: every reply must match the protocol schemas",
            lambda: self._play(profile, options, rules, "legal" in impl.capabilities),
        )
        if "deal" in modes:
            self._step(
                f"{FOLLOW_GAMES} games the engine deals, followed by the reference engine",
                "see the message: the engine disagrees with the rules there",
                lambda: self._follow_games(profile, options),
            )
        self._step(
            "unknown game is answered unknown_game",
            'answer a request about a game that was never started with error code "unknown_game"',
            self._unknown_game,
        )
        self._step(
            "illegal action is refused and leaves the state unchanged",
            'answer an action the rules forbid with error code "illegal" and no change to the '
            "game (a clause id is optional)",
            lambda: self._illegal(profile, options, rules),
        )
        self._step(
            "malformed request is answered malformed",
            'answer a request with a missing field with error code "malformed" and the same id',
            lambda: self._malformed(profile, options, rules),
        )
        if "position" in impl.capabilities:
            self._step(
                "start from a position",
                "start with 'position' must deal exactly the given hands, stock and trump",
                lambda: self._position(profile, options, rules),
            )
        if "pipeline" in impl.capabilities:
            self._step(
                "requests sent at once are answered in order",
                "with capability pipeline, read one request, answer it, then read the next; or "
                "do not claim pipeline",
                lambda: self._pipelined(profile, options, rules, "legal" in impl.capabilities),
            )
        if isinstance(self.adapter, StdioAdapter):
            self._step(
                "bye ends the engine", "after replying to bye, exit with status 0", self._bye
            )
        return self.report

    def _pick_profile(self, claimed: tuple[str, ...]) -> str | None:
        if self.wanted_profile is not None:
            ok = self.wanted_profile in claimed
            self.report.add(
                f"engine claims profile {self.wanted_profile}",
                ok,
                f"it claims {', '.join(claimed) or 'none'}",
                "list the profile in the handshake's 'profiles', or pick another with --profile",
            )
            return self.wanted_profile if ok else None
        for profile in PROFILE_PREFERENCE:
            if profile in claimed:
                return profile
        self.report.add(
            "engine claims a known profile",
            False,
            f"it claims {', '.join(claimed) or 'none'}",
            f"list one or more of {', '.join(PROFILE_PREFERENCE)} in the handshake's 'profiles'",
        )
        return None

    # -------------------------------------------------------------- the checks

    def _start(
        self, game: str, profile: str, options: Mapping[str, str], rules: JSON, seed: int = 1
    ) -> JSON:
        """Start ``game`` the way the engine can: the fixed stacked deck, its own deal from
        ``seed``, or the position that deck deals out."""
        from reference_engine.rules import Rules

        parsed = Rules.from_mapping(rules)
        how: JSON = {}
        if self.start_mode == "deck":
            how["deck"] = stacked_deck(parsed.deck_size)
        elif self.start_mode == "position":
            how["position"] = _dealt_out(rules, parsed.min_seats)
        return self.adapter.start(
            game,
            profile=profile,
            options=options,
            rules=rules,
            seats=_seats(parsed.min_seats),
            seed=seed,
            **how,
        )

    def _reference(self, rules: JSON, state: JSON) -> Any:
        """The reference engine's game from the same start as the engine's ``state``."""
        from durak_conformance.follow import DealProblem, dealt_position, first_attack_problem
        from reference_engine.game import Game
        from reference_engine.rules import Rules

        parsed = Rules.from_mapping(rules)
        humans = [1]
        if self.start_mode == "deck":
            return Game.deal(parsed, parsed.min_seats, stacked_deck(parsed.deck_size), humans)
        if self.start_mode == "position":
            return Game.from_position(parsed, _dealt_out(rules, parsed.min_seats), humans)
        try:
            game = Game.from_position(
                parsed, dealt_position(state, rules, parsed.min_seats), humans
            )
        except DealProblem as exc:
            raise _CheckFailed(exc.message, "deal a proper game (see 'deal a game')") from None
        problem = first_attack_problem(state, game.to_json(), rules)
        if problem is not None:
            raise _CheckFailed(problem, "the first attack goes to the seat the rules name")
        return game

    def _turn_problem(self, state: JSON) -> str | None:
        """What breaks the rule of one player to move in ``state`` (None: nothing)."""
        if not self.turn:
            return None
        if "turn" not in state:
            return "the engine claims capability turn, but the state has no turn"
        turn = state["turn"]
        others = [s["seat"] for s in state["seats"] if s["actions"] and s["seat"] != turn]
        if others:
            return f"the turn is {turn!r}, yet seat(s) {others} list actions too"
        if turn is None and state["phase"] != "finished":
            return "the game is not over, but the engine waits for nobody (turn null)"
        return None

    def _play(self, profile: str, options: Mapping[str, str], rules: JSON, use_legal: bool) -> str:
        from reference_engine.game import Game
        from reference_engine.rules import Rules

        parsed = Rules.from_mapping(rules)
        game = "smoke-game"
        state = self._start(game, profile, options, rules)
        reference: Game | None = None if use_legal else self._reference(rules, state)
        rng = random.Random(DECK_SEED)
        moves = 0
        total: int | None = None
        while state["phase"] != "finished":
            if moves >= MAX_MOVES:
                raise _CheckFailed(f"no result after {MAX_MOVES} moves", "the game must end")
            turn_problem = self._turn_problem(state)
            if turn_problem is not None:
                raise _CheckFailed(
                    f"after {moves} moves: {turn_problem}",
                    "with capability turn every state names the seat to move in turn, and only "
                    "that seat lists actions",
                )
            if reference is not None:
                seats = [state["turn"]] if self.turn else range(1, parsed.min_seats + 1)
                choices = [a.to_json() for s in seats for a in reference.legal_actions(s)]
            else:
                choices = [
                    a
                    for seat in state["seats"]
                    if seat["actions"]
                    for a in self.adapter.legal(game, seat["seat"])
                ]
            if not choices:
                raise _CheckFailed(
                    f"after {moves} moves nobody has a legal action but the game is not finished",
                    "a game in progress always has a seat that may act",
                )
            action = rng.choice(choices)
            result = self.adapter.act(game, action["seat"], action)
            if not result.ok or result.state is None:
                source = "its own legal list" if reference is None else "the reference engine"
                raise _CheckFailed(
                    f"move {moves + 1}: {action} was refused ({result.error}), but {source} "
                    "allows it",
                    "the engine must accept every move its rules allow",
                )
            if reference is not None:
                reference.apply(action)
            problem = card_problem(result.state, total, deck_size=parsed.deck_size)
            if problem is not None:
                raise _CheckFailed(
                    f"move {moves + 1} ({action}): {problem}",
                    "every card must stay in exactly one place: a hand, the stock, the table "
                    "or the discard pile",
                )
            state = result.state
            total = (
                sum(len(s["hand"]) for s in state["seats"])
                + len(state["stock"])
                + len(state["discard"])
                + sum(1 + bool(p.get("defence")) for p in state["table"])
            )
            moves += 1
        self.adapter.end(game)
        how = "legal" if reference is None else "the reference engine's moves"
        return f"{profile}, {moves} moves chosen from {how}, result {state['result']}"

    def _deal(self, profile: str, options: Mapping[str, str], rules: JSON) -> str:
        """A start with neither deck nor position: a proper deal, the right first attacker,
        and the same deal again from the same seed."""
        from durak_conformance.follow import DealProblem, dealt_position, first_attack_problem
        from reference_engine.game import Game
        from reference_engine.rules import Rules

        parsed = Rules.from_mapping(rules)
        seats = _seats(parsed.min_seats)
        states = []
        for game in ("smoke-deal", "smoke-deal-again"):
            states.append(
                self.adapter.start(
                    game, profile=profile, options=options, rules=rules, seats=seats, seed=5
                )
            )
            self.adapter.end(game)
        try:
            position = dealt_position(states[0], rules, len(seats))
        except DealProblem as exc:
            raise _CheckFailed(exc.message) from None
        reference = Game.from_position(parsed, position, [1]).to_json()
        problem = first_attack_problem(states[0], reference, rules)
        if problem is not None:
            raise _CheckFailed(problem)
        again = {s["seat"]: s["hand"] for s in states[1]["seats"]}
        if again != {s["seat"]: s["hand"] for s in states[0]["seats"]} or (
            states[1]["stock"] != states[0]["stock"]
        ):
            raise _CheckFailed(
                "two games started with the same seed were dealt differently: a finding in a "
                "game the engine dealt could not be played again"
            )
        return f"a proper deal; seat {states[0]['attacker']} leads, as the rules say"

    def _follow_games(self, profile: str, options: Mapping[str, str]) -> str:
        """Random games the engine deals, played in lockstep with the reference engine."""
        from durak_conformance.fuzzing.campaign import make_table
        from durak_conformance.fuzzing.lockstep import Lockstep, Start, random_chooser

        table = make_table(profile, options, None)
        lockstep = Lockstep(self.adapter, table, legal_rate=0.2)
        moves = 0
        declined: list[str] = []  # games cut short by an `unsupported` answer
        for n in range(FOLLOW_GAMES):
            seed = DECK_SEED + n
            rng = random.Random(seed)
            chooser = random_chooser(rng, 0.1, int(table.rules["deck_size"]))
            trial = lockstep.play(
                Start(bots=(2,), deal=True, seed=seed), chooser, seed=seed, rng=rng
            )
            moves += len(trial.actions)
            div = trial.divergence
            if div is not None and div.kind == "unsupported":
                # A rule the engine does not offer, met mid-game: the protocol's answer for
                # it, not a disagreement; what was played up to there agreed.
                declined.append(f"game {n + 1} at move {div.step + 1}: {div.message}")
                continue
            if div is not None:
                where = "after the deal" if div.step < 0 else f"at move {div.step + 1}"
                raise _CheckFailed(
                    f"game {n + 1} (seed {seed}), {where}: {div.kind}: {div.message}",
                    f"reproduce and shrink it with: durak-conformance fuzz --profile {profile} "
                    f"--deal --seed {seed} --games 1 --engine -- COMMAND",
                )
            if not trial.finished:
                raise _CheckFailed(f"game {n + 1} (seed {seed}) did not end", "the game must end")
        if len(declined) == FOLLOW_GAMES:
            raise _CheckSkipped(f"not checked: the engine answered unsupported ({declined[0]})")
        ended = FOLLOW_GAMES - len(declined)
        note = (
            f"; {len(declined)} cut short where the engine answered unsupported ({declined[0]})"
            if declined
            else ""
        )
        return (
            f"{ended} games to the end ({moves} moves, some refused on purpose){note}, "
            "no disagreement"
        )

    def _unknown_game(self) -> str:
        request = {"id": self._next_id(), "cmd": "state", "game": "no-such-game"}
        reply = self.adapter.request(request)
        if reply.get("ok") is not False or _error_code(reply) != "unknown_game":
            raise _CheckFailed(f"reply was {reply}")
        return "ok"

    def _illegal(self, profile: str, options: Mapping[str, str], rules: JSON) -> str:
        game = "smoke-illegal"
        before = self._start(game, profile, options, rules)
        attacker = before["attacker"]
        others = [s for s in before["seats"] if s["seat"] != attacker and s["hand"]]
        card = others[0]["hand"][0]  # a card the attacker does not hold
        action = {"type": "attack", "seat": attacker, "cards": [card]}
        result = self.adapter.act(game, attacker, action)
        after = self.adapter.state(game)
        self.adapter.end(game)
        if result.ok:
            raise _CheckFailed(f"{action} was accepted though seat {attacker} does not hold {card}")
        error = result.error or {}
        if error.get("code") != "illegal":
            raise _CheckFailed(f"refused with {error}, expected code 'illegal'")
        if after != before:
            raise _CheckFailed("the state changed after the refused action")
        if not error.get("clause"):
            return "no clause given (optional: reasons are only compared, never required)"
        return f"clause {error['clause']}"

    def _malformed(self, profile: str, options: Mapping[str, str], rules: JSON) -> str:
        game = "smoke-malformed"
        before = self._start(game, profile, options, rules)
        id_ = self._next_id()
        request = {"id": id_, "cmd": "act", "game": game, "seat": before["attacker"]}
        reply = self.adapter.request(request)  # no action
        after = self.adapter.state(game)
        self.adapter.end(game)
        if reply.get("ok") is not False or _error_code(reply) != "malformed":
            raise _CheckFailed(f"{request} was answered {reply}")
        if reply.get("id") != id_:
            raise _CheckFailed(f"the reply's id is {reply.get('id')!r}, not {id_}")
        if after != before:
            raise _CheckFailed("the state changed after the malformed request")
        return "ok, game untouched"

    def _position(self, profile: str, options: Mapping[str, str], rules: JSON) -> str:
        from reference_engine.rules import Rules

        parsed = Rules.from_mapping(rules)
        cards = stacked_deck(parsed.deck_size)
        seats = parsed.min_seats
        hands = {str(s): cards[2 * (s - 1) : 2 * s] for s in range(1, seats + 1)}
        trump = cards[-1]
        # A late position (empty stock, the rest discarded) names who attacks: the first-attack
        # rule is about the first bout, and an engine may need the attacker of a later one.
        position = {
            "hands": hands,
            "stock": [],
            "trump": trump,
            "discard": cards[2 * seats : -1],
            "attacker": 1,
        }
        try:
            state = self.adapter.start(
                "smoke-position",
                profile=profile,
                options=options,
                rules=rules,
                seats=_seats(seats),
                seed=1,
                position=position,
            )
        except UnsupportedByEngine as exc:
            # A position an engine cannot set up is answered unsupported, as the protocol
            # allows; the runner skips such scenarios, so smoke does not fail it either.
            raise _CheckSkipped(f"not checked: the engine answered unsupported ({exc})") from None
        self.adapter.end("smoke-position")
        got = {str(s["seat"]): sorted(s["hand"]) for s in state["seats"]}
        if got != {k: sorted(v) for k, v in hands.items()} or state["trump"] != trump:
            raise _CheckFailed(f"hands {got} and trump {state['trump']} differ from the position")
        return "ok"

    def _pipelined(
        self, profile: str, options: Mapping[str, str], rules: JSON, use_legal: bool
    ) -> str:
        """A batch of refused actions (and legal lists) sent at once: each answer in its place,
        and the game as it was."""
        game = "smoke-pipeline"
        state = self._start(game, profile, options, rules)
        seat = next(s["seat"] for s in state["seats"] if s["actions"])
        others = [c for s in state["seats"] if s["seat"] != seat for c in s["hand"]]
        calls = [Call(seat, {"type": "attack", "seat": seat, "cards": [c]}) for c in others[:3]]
        if use_legal:
            calls[1:1] = [Call(seat), Call(seat)]
        answers = list(self.adapter.pipeline(game, calls))
        refused = [a for a in answers if isinstance(a, ActResult)]
        if len(answers) != len(calls) or any(a.ok for a in refused):
            raise _CheckFailed(f"attacks with cards seat {seat} does not hold were accepted")
        lists = [a for a in answers if not isinstance(a, ActResult)]
        if len(lists) == 2 and lists[0] != lists[1]:
            raise _CheckFailed("two legal lists of the same moment differ")
        after = self.adapter.state(game)
        self.adapter.end(game)
        if after["seats"] != state["seats"] or after["table"] != state["table"]:
            raise _CheckFailed("refused actions sent at once changed the game")
        return f"{len(calls)} requests sent at once, answered in order"

    def _bye(self) -> str:
        assert isinstance(self.adapter, StdioAdapter)
        self.adapter.hello()  # a running engine: an earlier failed check may have stopped it
        self.adapter.close()
        if self.adapter.exit_status != 0:
            raise _CheckFailed(f"exit status {self.adapter.exit_status}")
        return "exit status 0"


_SHAPE_ERRORS = (TypeError, ValueError, KeyError, IndexError, AttributeError)
"""What reading a reply of the wrong shape raises (only without schema checks)."""


class _CheckSkipped(Exception):
    """The engine answered ``unsupported``: the check is shown as not checked, not failed."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


class _CheckFailed(Exception):
    def __init__(self, detail: str, fix: str = "") -> None:
        super().__init__(detail)
        self.detail = detail
        self.fix = fix


def smoke(adapter: Adapter, engine: str, profile: str | None = None) -> SmokeReport:
    """Run every smoke check against ``adapter``."""
    return Smoke(adapter, engine, profile).run()


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add the ``smoke`` sub-command."""
    parser = subparsers.add_parser(
        "smoke",
        help="quick protocol check of an engine: smoke --engine -- COMMAND ...",
        description=(
            "Start an engine, check its handshake, play one short game, probe bad requests "
            "and print a checklist. Name the engine with --engine -- COMMAND [ARG ...] (last: "
            "everything after -- is the engine's) or --adapter NAME. Exit 0 all passed, 1 some "
            "check failed, 2 usage errors, 3 the engine could not be started."
        ),
    )
    add_engine_arguments(
        parser, "an adapter by name instead of a command (see `durak-conformance adapters`)"
    )
    parser.add_argument("--profile", help="profile to play (default: one the engine claims)")
    parser.add_argument(
        "--timeout",
        type=limits.timeout_argument,
        default=limits.DEFAULT_TIMEOUT,
        help=TIMEOUT_HELP,
    )
    parser.add_argument(
        "--no-schema-check",
        action="store_true",
        help="do not check replies against the protocol schemas",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the smoke checks; returns the exit status."""
    try:
        command = engine_command(args, "smoke")
    except EngineChoiceError as exc:
        print(f"smoke: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if not command and not args.adapter:
        print(
            "smoke: error: name the engine: --engine -- COMMAND [ARG ...] for a program, "
            "--adapter NAME for an adapter",
            file=sys.stderr,
        )
        return EXIT_USAGE
    from durak_conformance.profiles import list_profiles

    known = list_profiles()
    if args.profile is not None and args.profile not in known:
        print(
            f"smoke: error: --profile {limits.printable(args.profile, newlines=False)}: no "
            f"such profile (known: {', '.join(known)})",
            file=sys.stderr,
        )
        return EXIT_USAGE
    options = AdapterOptions(
        checker=None if args.no_schema_check else response_problem, timeout=args.timeout
    )
    try:
        adapter = open_adapter(args.adapter, command or None, options)
    except UnknownAdapter as exc:
        print(f"smoke: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    label = args.adapter or " ".join(command)
    try:
        report = smoke(adapter, label, args.profile)
    finally:
        adapter.close()
    report.render(sys.stdout)
    if not report.started:
        return EXIT_ENGINE
    return EXIT_OK if report.ok else EXIT_FAILURES


def iter_checks(report: SmokeReport) -> Iterator[Check]:
    """The checks of ``report`` in order (for tests and other front ends)."""
    yield from report.checks
