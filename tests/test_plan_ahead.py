"""Planning the next game ahead (``Lockstep.play``'s ``then``, ``Adapter.idle``): while the
stdio adapter waits for a game's last answers, the fuzzer plans the next game on the reference
engine.  The plan depends on nothing the engine says, so this must change nothing but the
speed: the same trials, the same findings, errors met in the game that meets them, and an
engine's timeout still kept."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from protocol_support import engine_command, first_legal, serve_command, start_game, stdio

from adapters.base import EngineFailure
from adapters.mutants import MutantAdapter, get
from adapters.stdio import StdioAdapter
from durak_conformance.fuzzing import campaign as campaign_module
from durak_conformance.fuzzing import lockstep as lockstep_module
from durak_conformance.fuzzing.campaign import (
    Settings,
    divergent_game,
    make_table,
    play_seed,
    random_start,
    run_chunk,
)
from durak_conformance.fuzzing.lockstep import (
    InvalidStart,
    Lockstep,
    NextGame,
    ReferenceSide,
    Start,
    Trial,
    random_chooser,
)
from durak_conformance.protocol import response_problem

JSON = dict[str, Any]


def _summary(trial: Trial) -> object:
    d = trial.divergence
    return (
        trial.actions,
        trial.finished,
        trial.requests,
        None if d is None else (d.step, d.kind, d.fields, d.message, d.clause),
    )


@pytest.fixture
def planned_ahead(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Counts the requests planned ahead (so a test knows the planning really happened)."""
    count = [0]
    step = lockstep_module._Ahead.step

    def counting(self: Any) -> bool:
        did = step(self)
        count[0] += did
        return did

    monkeypatch.setattr(lockstep_module._Ahead, "step", counting)
    yield count


def _slow(*rules: str) -> StdioAdapter:
    """The reference engine, slower than the harness (so that the harness waits for its
    answers), playing ``rules`` (PARAM=VALUE) whatever it is sent: a variant that diverges."""
    command = [*engine_command("proxy"), *(f"--rule={rule}" for rule in rules)]
    return StdioAdapter(
        command, checker=response_problem, timeout=10, env={**os.environ, "PROXY_DELAY": "0.0005"}
    )


@pytest.mark.parametrize("rules", [(), ("take_ends_bout=true",), ("bout_cap=4",)])
def test_games_planned_ahead_are_the_games_planned_one_by_one(
    rules: tuple[str, ...], planned_ahead: list[int]
) -> None:
    table, settings = make_table("durak-challenge", {}, 2), Settings()
    seeds = list(range(10))
    found: dict[bool, list[object]] = {}
    for ahead in (False, True):
        adapter = _slow(*rules)
        try:
            lockstep = Lockstep(adapter, table)
            found[ahead] = [
                _summary(
                    play_seed(
                        lockstep,
                        seed,
                        settings,
                        then=seeds[i + 1] if ahead and i + 1 < len(seeds) else None,
                    )
                )
                for i, seed in enumerate(seeds)
            ]
        finally:
            adapter.close()
        if not ahead:
            assert planned_ahead[0] == 0
    assert found[True] == found[False]
    assert planned_ahead[0] > len(seeds), "little was planned ahead: the test proved little"
    if rules:  # the variant was found, in some games
        assert any(s[3] is not None for s in found[True])  # type: ignore[index]


def test_a_campaign_chunk_plans_ahead_and_finds_what_it_found_game_by_game(
    planned_ahead: list[int],
) -> None:
    table, settings = make_table("durak-challenge", {}, 2), Settings()
    seeds = list(range(8))
    adapter = _slow("take_ends_bout=true")
    try:
        lockstep = Lockstep(adapter, table)
        chunk = run_chunk(lockstep, seeds, settings)
        assert planned_ahead[0] > 0
        one_by_one = [play_seed(lockstep, seed, settings) for seed in seeds]
    finally:
        adapter.close()
    assert chunk.games == len(seeds)
    assert chunk.actions == sum(len(t.actions) for t in one_by_one)
    assert [(d.seed, d.signature) for d in chunk.divergent] == [
        (seed, divergent_game(seed, t).signature)
        for seed, t in zip(seeds, one_by_one, strict=True)
        if t.divergence is not None
    ]
    assert chunk.divergent  # the variant was found: the comparison proved something


def test_an_in_process_adapter_never_waits_and_plays_the_same() -> None:
    mutant = get("draw-from-bottom")
    table = make_table(mutant.target.profile, mutant.target.options, mutant.target.seats)
    settings = Settings(illegal_rate=mutant.target.illegal_rate)
    lockstep = Lockstep(MutantAdapter(mutant), table)
    ahead = [_summary(play_seed(lockstep, s, settings, then=s + 1)) for s in range(6)]
    plain = [_summary(play_seed(lockstep, s, settings)) for s in range(6)]
    assert ahead == plain


# ------------------------------------------------------------------ errors where they belong


class _PlanningBug(Exception):
    pass


def _game(table: Any, seed: int, *, fail_at: int | None = None) -> NextGame:
    import random

    rng = random.Random(seed)
    start = random_start(table, rng, 0.0)
    choose = random_chooser(rng, 0.0, int(table.rules["deck_size"]))

    def chooser(ref: ReferenceSide, step: int) -> JSON | None:
        if fail_at is not None and step == fail_at:
            raise _PlanningBug(f"the chooser of game {seed} broke at step {step}")
        return choose(ref, step)

    return NextGame(start, chooser, rng, 2000, key=seed)


def _play(lockstep: Lockstep, game: NextGame, then: NextGame | None = None) -> Trial:
    return lockstep.play(
        game.start, game.chooser, seed=0, rng=game.rng, max_steps=game.max_steps, then=then
    )


def test_a_bug_met_while_planning_ahead_is_raised_in_the_game_it_belongs_to(
    planned_ahead: list[int],
) -> None:
    table = make_table("durak-challenge", {}, 2)
    adapter = _slow()
    try:
        lockstep = Lockstep(adapter, table)
        first, broken = _game(table, 1), _game(table, 2, fail_at=3)
        trial = _play(lockstep, first, then=broken)
        assert trial.divergence is None and trial.finished
        assert planned_ahead[0] > 0  # the bug was met ahead, during the first game
        with pytest.raises(_PlanningBug, match="game 2 broke at step 3"):
            _play(lockstep, broken)
        # and the engine is fit for the next game
        assert _play(lockstep, _game(table, 3)).divergence is None
    finally:
        adapter.close()


def test_a_start_the_reference_cannot_load_is_refused_in_its_own_game() -> None:
    table = make_table("durak-challenge", {}, 2)
    adapter = stdio(serve_command())
    try:
        lockstep = Lockstep(adapter, table)
        good = _game(table, 1)
        bad = NextGame(Start(deck=("7H", "7H")), good.chooser, good.rng, 2000)
        assert _play(lockstep, _game(table, 4), then=bad).divergence is None
        with pytest.raises(InvalidStart):
            _play(lockstep, bad)
    finally:
        adapter.close()


def test_a_game_planned_ahead_cannot_be_recorded_and_play_seed_plans_it_afresh() -> None:
    table = make_table("durak-challenge", {}, 2)
    settings = Settings()
    adapter = stdio(serve_command())
    try:
        lockstep = Lockstep(adapter, table)
        play_seed(lockstep, 5, settings, then=6)
        game = lockstep.planned_ahead
        assert game is not None and game.key == (6, settings)
        with pytest.raises(ValueError, match="played as planned"):
            lockstep.play(game.start, game.chooser, rng=game.rng, record=True)
        play_seed(lockstep, 5, settings, then=6)
        recorded = play_seed(lockstep, 6, settings, record=True)
        plain = play_seed(lockstep, 6, settings)
    finally:
        adapter.close()
    assert _summary(recorded) == _summary(plain) and recorded.transcript


@pytest.mark.parametrize(
    ("capabilities", "planned"),
    [
        (None, True),  # the reference engine's claims: each later game is planned ahead
        ("deal,legal,pipeline", False),  # deals its own games: the reference follows them
        ("legal,pipeline,turn", False),  # one player to move: its turns steer the plan
    ],
)
def test_each_game_is_dealt_once_whether_or_not_it_is_planned_ahead(
    monkeypatch: pytest.MonkeyPatch, capabilities: str | None, planned: bool
) -> None:
    # The next game is only built when it will be planned ahead: an engine whose games are
    # not (its own deal, one player to move) must not have each start dealt twice.
    dealt: list[int] = []

    def counting(*args: Any, **kwargs: Any) -> Start:
        dealt.append(1)
        return random_start(*args, **kwargs)

    command = [*engine_command("proxy")]
    if capabilities is not None:
        command.append(f"--capabilities={capabilities}")
    table = make_table("durak-challenge", {}, 2)
    settings = Settings()
    seeds = range(20, 26)
    adapter = stdio(command)
    try:
        lockstep = Lockstep(adapter, table)
        one_by_one = [_summary(play_seed(lockstep, seed, settings)) for seed in seeds]
        monkeypatch.setattr(campaign_module, "random_start", counting)
        ahead = []
        for seed in seeds:
            then = seed + 1 if seed + 1 < seeds.stop else None
            ahead.append(_summary(play_seed(lockstep, seed, settings, then=then)))
            assert (lockstep.planned_ahead is not None) == (planned and then is not None)
    finally:
        adapter.close()
    assert len(dealt) == len(seeds)
    assert ahead == one_by_one


# ------------------------------------------------------------------ the wait itself


def _always_busy(calls: list[int], seconds: float) -> Callable[[], bool]:
    """An idle hook that always has something to do, taking ``seconds`` each time."""

    def busy() -> bool:
        calls[0] += 1
        time.sleep(seconds)
        return True

    return busy


def _busy_before_acting(adapter: StdioAdapter, game: str, busy: Callable[[], bool]) -> JSON:
    """Start ``game``, hand ``busy`` to the adapter as its idle hook, and return a legal
    action to play next."""
    action = first_legal(adapter, game, start_game(adapter, game))
    adapter.idle = busy
    return action


def test_an_engine_that_never_answers_still_times_out_while_the_caller_works() -> None:
    adapter = stdio(engine_command("hang"), timeout=0.5)
    calls = [0]
    busy = _always_busy(calls, 0.001)
    try:
        action = _busy_before_acting(adapter, "boom", busy)
        began = time.monotonic()
        with pytest.raises(EngineFailure, match=r"did not answer within 0\.5 s"):
            adapter.act("boom", action["seat"], action)
        assert time.monotonic() - began < 5
        assert calls[0] > 10
    finally:
        adapter.idle = None
        adapter.close()


def test_a_reply_that_comes_in_while_the_caller_works_ends_the_work() -> None:
    """The caller always has something to do, yet the reply is taken as soon as it is in:
    between two pieces of work the adapter looks for output without waiting."""
    adapter = stdio(serve_command())
    calls = [0]
    busy = _always_busy(calls, 0.002)
    try:
        action = _busy_before_acting(adapter, "g", busy)
        began = time.monotonic()
        result = adapter.act("g", action["seat"], action)
        elapsed = time.monotonic() - began
        assert result.ok and result.state is not None
        assert adapter.state("g") == result.state
    finally:
        adapter.idle = None
        adapter.close()
    assert calls[0] < 250 and elapsed < 1.0  # not worked on until the 5 s timeout
