"""Pipelined batches (``Adapter.pipeline``): the stdio adapter sends a whole batch before
reading, and the fuzzer's lockstep sends each game as one batch.  Batching must change
nothing but the speed: the same answers, the same failures in the same place, the same trials.
"""

from __future__ import annotations

import dataclasses
import os
import signal
import time
from collections.abc import Generator, Iterable, Iterator

import pytest
from protocol_support import (
    engine_command,
    rules_for,
    seats,
    serve_command,
    shuffled_deck,
    start_game,
    stdio,
)

from adapters.base import (
    ActResult,
    Adapter,
    Answer,
    Call,
    EngineFailure,
    Implementation,
    StartCall,
    Started,
    StartRefused,
    UnsupportedByEngine,
)
from adapters.mutants import MutantAdapter, get
from adapters.reference import ReferenceAdapter
from adapters.stdio import StdioAdapter
from durak_conformance.fuzzing.campaign import Settings, make_table, play_seed
from durak_conformance.fuzzing.lockstep import Lockstep, Trial
from durak_conformance.protocol import response_problem


def _calls(game: str, steps: int = 12) -> list[Call]:
    """A batch for a durak-challenge game started with ``start_game``: at each step every
    acting seat's legal list, then the first legal action; an illegal action now and then."""
    planner = ReferenceAdapter()
    state = start_game(planner, game)
    calls: list[Call] = []
    for step in range(steps):
        acting = [s["seat"] for s in state["seats"] if s["actions"]]
        if not acting:
            break
        for seat in acting:
            calls.append(Call(seat))
        legal = planner.legal(game, acting[0])
        if step % 4 == 1:  # refused: the seat does not hold the card (or may not act)
            calls.append(Call(acting[-1], {"type": "throw_in", "seat": acting[-1], "card": "2S"}))
        calls.append(Call(acting[0], legal[0]))
        result = planner.act(game, acting[0], legal[0])
        assert result.ok and result.state is not None
        state = result.state
    return calls


def _single(adapter: Adapter, game: str, calls: list[Call]) -> list[Answer]:
    return [
        adapter.legal(game, c.seat) if c.action is None else adapter.act(game, c.seat, c.action)
        for c in calls
    ]


def _view(answer: Answer) -> tuple[object, ...]:
    if isinstance(answer, ActResult):
        clause = answer.error.get("clause") if answer.error else None
        return ("act", answer.ok, answer.state, clause)
    return ("legal", answer)


def test_a_pipelined_batch_answers_exactly_like_single_calls() -> None:
    calls = _calls("g")
    assert any(c.action is None for c in calls) and len(calls) > 20
    single = ReferenceAdapter()
    start_game(single, "g")
    expected = [_view(a) for a in _single(single, "g", calls)]
    assert any(v[0] == "act" and v[1] is False for v in expected)  # a refusal is in the batch
    adapter = stdio(serve_command())
    try:
        start_game(adapter, "g")
        assert [_view(a) for a in adapter.pipeline("g", calls)] == expected
        # the engine is in step afterwards: the next single request gets its own answer
        assert adapter.state("g") == single.state("g")
    finally:
        adapter.close()


def test_the_default_pipeline_asks_for_each_call_only_when_its_answer_is_wanted() -> None:
    asked: list[int] = []

    def lazy(calls: list[Call]) -> Iterator[Call]:
        for n, call in enumerate(calls):
            asked.append(n)
            yield call

    calls = _calls("g")
    adapter = ReferenceAdapter()
    start_game(adapter, "g")
    answers = adapter.pipeline("g", lazy(calls))
    next(answers)
    next(answers)
    assert asked == [0, 1]
    answers.close()
    assert asked == [0, 1]


def test_closing_a_batch_early_leaves_the_engine_in_step() -> None:
    calls = _calls("g", steps=6)
    reference = ReferenceAdapter()
    start_game(reference, "g")
    _single(reference, "g", calls)  # the engine still plays every call it was sent
    adapter = stdio(serve_command())
    try:
        start_game(adapter, "g")
        answers = adapter.pipeline("g", calls)
        next(answers)
        answers.close()
        assert adapter.state("g") == reference.state("g")
        assert adapter.legal("g", 1) == reference.legal("g", 1)
    finally:
        adapter.close()


@pytest.mark.parametrize(
    ("engine", "message"),
    [("crash_mid_game", "ended"), ("hang", "did not answer within")],
)
def test_a_failure_in_the_middle_of_a_batch_is_raised_at_its_call(
    engine: str, message: str
) -> None:
    """Both broken engines misbehave on the first action of a game whose id starts with
    "boom": the legal lists before it are answered, the failure comes in its place, and the
    adapter starts a fresh engine for the next game."""
    adapter = stdio(engine_command(engine), timeout=1.0)
    try:
        start_game(adapter, "boom")
        calls = _calls("boom", steps=3)
        first_act = next(n for n, c in enumerate(calls) if c.action is not None)
        answers = adapter.pipeline("boom", calls)
        got: list[Answer] = []
        with pytest.raises(EngineFailure, match=message):
            for answer in answers:
                got.append(answer)
        assert len(got) == first_act and all(isinstance(a, list) for a in got)
        state = start_game(adapter, "fine")
        assert state["phase"] == "lead"
    finally:
        adapter.close()


def _summary(trial: Trial) -> object:
    d = trial.divergence
    return (
        trial.actions,
        trial.finished,
        None if d is None else (d.step, d.kind, d.fields, d.message),
    )


@pytest.mark.parametrize(
    "mutant", ["draw-from-bottom", "take-ends-bout-everywhere", "rounds-ignored"]
)
def test_a_pipelined_lockstep_over_stdio_finds_what_the_in_process_lockstep_finds(
    mutant: str,
) -> None:
    """The in-process mutant adapter plays each call as it is planned; the stdio adapter gets
    each game as one batch.  The trials -- actions tried, divergence, where -- are the same."""
    target = get(mutant).target
    table = make_table(target.profile, target.options, target.seats)
    settings = Settings(illegal_rate=target.illegal_rate)
    in_process = Lockstep(MutantAdapter(get(mutant)), table)
    over_stdio = StdioAdapter([*serve_command(), "--mutant", mutant], checker=response_problem)
    try:
        piped = Lockstep(over_stdio, table)
        found = 0
        for seed in range(12):
            a = play_seed(in_process, seed, settings, record=True)
            b = play_seed(piped, seed, settings, record=True)
            assert _summary(a) == _summary(b), seed
            assert a.transcript == b.transcript
            found += a.divergence is not None
        assert found, f"{mutant} was never found: the comparison proved nothing"
    finally:
        over_stdio.close()


def test_an_engine_that_does_not_claim_pipeline_gets_one_request_at_a_time() -> None:
    """The test engine answers with an error if a request arrives before its last reply."""
    calls = _calls("g")
    single = ReferenceAdapter()
    start_game(single, "g")
    expected = [_view(a) for a in _single(single, "g", calls)]
    adapter = stdio(engine_command("one_at_a_time"))
    try:
        assert "pipeline" not in adapter.hello().capabilities
        start_game(adapter, "g")
        assert [_view(a) for a in adapter.pipeline("g", calls)] == expected
    finally:
        adapter.close()
    # and the test engine does notice a batch sent to it at once
    eager = _Eager([*engine_command("one_at_a_time")], checker=response_problem, timeout=5.0)
    try:
        start_game(eager, "g")
        with pytest.raises(EngineFailure, match="a request came before my reply"):
            list(eager.pipeline("g", calls))
    finally:
        eager.close()


class _Eager(StdioAdapter):
    """Pretends the engine claimed ``pipeline``."""

    def hello(self) -> Implementation:
        claimed = super().hello()
        return dataclasses.replace(claimed, capabilities=claimed.capabilities | {"pipeline"})


class _LostBeforeTheBatch(ReferenceAdapter):
    """Its batches fail before taking a single call (an engine that died and cannot restart)."""

    def pipeline(
        self, game: str, calls: Iterable[Call | StartCall]
    ) -> Generator[Answer, None, None]:
        raise EngineFailure("the engine could not be restarted")
        yield  # a generator, like every pipeline


def test_a_batch_that_fails_before_its_first_call_is_a_failure_with_nothing_tried() -> None:
    table = make_table("durak-challenge", {}, 2)
    trial = play_seed(Lockstep(_LostBeforeTheBatch(), table), 3, Settings())
    assert trial.divergence is not None and trial.divergence.kind == "failure"
    assert trial.divergence.step == -1 and trial.actions == []
    assert "could not be restarted" in trial.divergence.message


def test_a_batch_is_written_while_it_is_still_being_planned() -> None:
    """The engine works on the first requests while the caller plans the rest: answers come
    back before the last call is known, and they are the same answers."""
    calls = _calls("g", steps=40)
    assert len(calls) > 3 * 16  # several handfuls of calls
    reference = ReferenceAdapter()
    start_game(reference, "g")
    expected = [_view(a) for a in _single(reference, "g", calls)]
    planned = 0

    def slowly() -> Iterator[Call]:
        nonlocal planned
        for call in calls:
            planned += 1
            if planned > 16:
                time.sleep(0.002)  # planning takes time: the engine has time to answer
            yield call

    adapter = stdio(serve_command())
    try:
        start_game(adapter, "g")
        seen_at: list[int] = []
        got = []
        for answer in adapter.pipeline("g", slowly()):
            seen_at.append(planned)
            got.append(_view(answer))
        assert got == expected
        assert seen_at[0] < len(calls), "nothing was answered before the whole batch was planned"
    finally:
        adapter.close()


@pytest.mark.parametrize("steps", [3, 30])
def test_an_engine_that_dies_in_a_long_batch_is_blamed_on_its_first_unanswered_call(
    steps: int,
) -> None:
    """Requests written after the engine died (its stdin closed) change nothing: the failure
    is the first action's, which killed it."""
    adapter = stdio(engine_command("crash_mid_game"), timeout=5.0)
    try:
        start_game(adapter, "boom")
        calls = _calls("boom", steps=steps)
        first_act = next(n for n, c in enumerate(calls) if c.action is not None)
        got: list[Answer] = []
        with pytest.raises(EngineFailure, match="ended") as failure:
            for answer in adapter.pipeline("boom", calls):
                got.append(answer)
        assert len(got) == first_act
        assert '"cmd":"act"' in str(failure.value)
    finally:
        adapter.close()


def test_end_soon_reads_its_reply_before_the_next_request() -> None:
    adapter = stdio(serve_command())
    try:
        start_game(adapter, "g")
        start_game(adapter, "h")
        adapter.end_soon("g")
        assert len(adapter._later) == 1  # sent, its reply not read yet
        assert adapter.state("h")["phase"] == "lead"  # the next exchange is in step
        assert not adapter._later
        with pytest.raises(EngineFailure, match="unknown_game"):
            adapter.state("g")
        adapter.end_soon("g")  # refused (no such game): the refusal is dropped
        assert start_game(adapter, "g")["phase"] == "lead"
    finally:
        adapter.close()


def test_end_soon_waits_for_an_engine_that_does_not_pipeline() -> None:
    adapter = stdio(engine_command("one_at_a_time"))
    try:
        start_game(adapter, "g")
        adapter.end_soon("g")
        assert not adapter._later
        assert start_game(adapter, "g")["phase"] == "lead"
    finally:
        adapter.close()


def test_an_engine_lost_before_the_reply_to_end_soon_is_a_failure_and_then_replaced() -> None:
    adapter = stdio(serve_command())
    try:
        start_game(adapter, "g")
        engine = adapter._engine
        assert engine is not None
        os.kill(engine.popen.pid, signal.SIGSTOP)  # it cannot answer end before it dies
        adapter.end_soon("g")
        assert len(adapter._later) == 1
        engine.popen.kill()
        engine.popen.wait(10)
        with pytest.raises(EngineFailure):
            start_game(adapter, "h")  # the reply to end never comes: this exchange fails
        assert not adapter._later
        assert start_game(adapter, "h")["phase"] == "lead"  # a fresh engine, in step
    finally:
        adapter.close()


# ---------------------------------------------------------------------- a batch's start


def _start_arguments(seed: int = 7, **changes: object) -> dict[str, object]:
    chosen, rules = rules_for("durak-challenge")
    arguments: dict[str, object] = {
        "profile": "durak-challenge",
        "options": chosen,
        "rules": rules,
        "seats": seats(2),
        "seed": seed,
        "deck": shuffled_deck(int(rules.get("deck_size", 36)), seed),
    }
    arguments.update(changes)
    return arguments


@pytest.mark.parametrize("how", ["in process", "over stdio", "one at a time"])
def test_a_batch_may_begin_with_its_start(how: str) -> None:
    calls = _calls("g", steps=8)
    reference = ReferenceAdapter()
    expected_state = start_game(reference, "g")
    expected = [_view(a) for a in _single(reference, "g", calls)]
    adapter: Adapter = (
        ReferenceAdapter()
        if how == "in process"
        else stdio(serve_command() if how == "over stdio" else engine_command("one_at_a_time"))
    )
    try:
        batch: list[Call | StartCall] = [StartCall(_start_arguments()), *calls]
        answers = list(adapter.pipeline("g", batch))
        assert isinstance(answers[0], Started) and answers[0].state == expected_state
        assert [_view(a) for a in answers[1:]] == expected
        assert adapter.state("g") == reference.state("g")  # the game is the adapter's now
    finally:
        adapter.close()


@pytest.mark.parametrize("how", ["in process", "over stdio"])
def test_a_start_anywhere_but_first_in_a_batch_is_refused(how: str) -> None:
    adapter: Adapter = ReferenceAdapter() if how == "in process" else stdio(serve_command())
    try:
        start_game(adapter, "g")
        before = adapter.state("g")
        calls: list[Call | StartCall] = [Call(1), StartCall(_start_arguments(seed=8))]
        with pytest.raises(ValueError, match="first request"):
            list(adapter.pipeline("g", calls))
        assert adapter.state("g") == before
    finally:
        adapter.close()


def test_a_start_refused_in_a_batch_keeps_the_engine_and_drops_the_rest() -> None:
    """The engine refuses the start (a deck with a card twice): the refusal is raised in the
    start's place, the moves sent behind it are answered (unknown game) and dropped, and the
    same engine process takes the next request."""
    adapter = stdio(serve_command())
    try:
        start_game(adapter, "other")
        engine = adapter._engine
        assert engine is not None
        deck = shuffled_deck(36, 7)
        deck[1] = deck[0]
        calls: list[Call | StartCall] = [StartCall(_start_arguments(deck=deck)), *_calls("g", 4)]
        with pytest.raises(StartRefused):
            list(adapter.pipeline("g", calls))
        assert adapter._engine is engine and not engine.lines
        assert adapter.state("other")["phase"] == "lead"
        with pytest.raises(EngineFailure, match="unknown_game"):
            adapter.state("g")
    finally:
        adapter.close()


def test_a_start_the_engine_cannot_take_is_unsupported_before_anything_is_sent() -> None:
    adapter = stdio(serve_command())
    try:
        start_game(adapter, "other")
        calls: list[Call | StartCall] = [StartCall(_start_arguments(profile="none")), Call(1)]
        with pytest.raises(UnsupportedByEngine, match="does not implement profile"):
            list(adapter.pipeline("g", calls))
        assert adapter.state("other")["phase"] == "lead"
    finally:
        adapter.close()


def test_the_lockstep_judges_a_start_sent_ahead_like_one_it_waited_for() -> None:
    """The fuzzer sends a stacked deck's start ahead of the first moves: the same trial,
    transcript first line included, as when the start is awaited (an in-process adapter
    answers one call at a time)."""
    table = make_table("durak-challenge", {}, 2)
    settings = Settings()
    lockstep = Lockstep(ReferenceAdapter(), table, legal_rate=settings.legal_rate)
    adapter = stdio(serve_command())
    try:
        over_stdio = Lockstep(adapter, table, legal_rate=settings.legal_rate)
        for seed in range(3):
            here = play_seed(lockstep, seed, settings, record=True)
            there = play_seed(over_stdio, seed, settings, record=True)
            assert there.divergence is None and here.divergence is None
            assert there.actions == here.actions and there.requests == here.requests
            first = there.transcript[0]
            assert first["request"]["cmd"] == "start" and "deck" in first["request"]
            assert first["reply"]["state"] == here.transcript[0]["reply"]["state"]
            assert first["reference"] == here.transcript[0]["reference"]
    finally:
        adapter.close()


def test_a_start_refused_in_a_batch_is_a_start_divergence_with_its_transcript(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("BROKEN_TRIGGER", "fuzz-")
    table = make_table("durak-challenge", {}, 2)
    engine = engine_command("refuses_starts")
    adapter = stdio(engine)
    try:
        lockstep = Lockstep(adapter, table)
        trial = play_seed(lockstep, 0, Settings(), record=True)
        assert trial.divergence is not None and trial.divergence.kind == "start"
        assert trial.divergence.step == -1
        assert "refused a start the rules allow" in trial.divergence.message
        assert trial.actions == [] and trial.requests == 1  # the end, sent as ever
        (entry,) = trial.transcript
        assert entry["request"]["cmd"] == "start" and "error" in entry["reply"]
        assert entry["reference"]["state"]["phase"] == "lead"
        # The engine is well: it starts the next game it is asked to.
        assert start_game(adapter, "fine")["phase"] == "lead"
    finally:
        adapter.close()


# ---------------------------------------------- an engine broken by what was not needed


def test_an_engine_broken_by_answers_nobody_needed_is_replaced_before_the_next_request() -> None:
    """A batch closed early (a divergence) still has its answers read and dropped; when the
    engine failed inside on one of them (``internal``), it is replaced, so the next game does
    not pay for requests the harness never needed."""
    adapter = stdio(engine_command("broken_inside"))
    try:
        start_game(adapter, "boom")
        engine = adapter._engine
        assert engine is not None
        calls = _calls("boom", steps=4)
        assert calls[0].action is None  # a legal list first, then the breaking act behind it
        answers = adapter.pipeline("boom", calls)
        next(answers)
        answers.close()
        assert adapter._engine is None and adapter.restarts == 0  # replaced on the next request
        assert start_game(adapter, "fine")["phase"] == "lead"
        assert adapter.restarts == 1 and adapter._engine is not engine
    finally:
        adapter.close()


def test_an_engine_that_keeps_working_after_dropped_refusals_is_kept() -> None:
    adapter = stdio(serve_command())
    try:
        start_game(adapter, "g")
        engine = adapter._engine
        answers = adapter.pipeline("g", [Call(1), Call(2, {"type": "take", "seat": 2})] * 3)
        next(answers)
        answers.close()  # the rest are refused (illegal) or answered: nothing broken
        assert adapter._engine is engine
        assert adapter.state("g")["phase"] == "lead"
    finally:
        adapter.close()


def test_an_engine_broken_by_an_end_sent_ahead_is_replaced(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BROKEN_ON", "end")
    adapter = stdio(engine_command("broken_inside"))
    try:
        start_game(adapter, "boom")
        engine = adapter._engine
        adapter.end_soon("boom")  # answered internal, read before the next request
        assert start_game(adapter, "fine")["phase"] == "lead"
        assert adapter.restarts == 1 and adapter._engine is not engine
    finally:
        adapter.close()


def test_a_game_after_one_that_broke_the_engine_behind_its_start_plays_as_usual(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The engine starts game 0 wrongly (a finding) and dies inside on the moves sent behind
    its start; game 1 gets a fresh engine and no finding of its own (before, its start failed
    with the dead engine's ``internal``)."""
    monkeypatch.setenv("BROKEN_TRIGGER", "fuzz-0-")
    monkeypatch.setenv("BROKEN_START", "1")
    table = make_table("durak-challenge", {}, 2)
    adapter = stdio(engine_command("broken_inside"))
    try:
        lockstep = Lockstep(adapter, table)
        first = play_seed(lockstep, 0, Settings())
        assert first.divergence is not None and first.divergence.kind == "state"
        assert first.divergence.step == -1 and "attacker" in first.divergence.message
        second = play_seed(lockstep, 1, Settings())
        assert second.divergence is None, second.divergence
        assert adapter.restarts == 1
    finally:
        adapter.close()


def test_a_game_of_an_engine_replaced_while_settling_is_reported_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The replies sent ahead are settled before a request about a game is checked: a game
    the replaced process held is refused as lost, not asked of the fresh process."""
    monkeypatch.setenv("BROKEN_ON", "end")
    adapter = stdio(engine_command("broken_inside"))
    try:
        start_game(adapter, "keep")
        start_game(adapter, "boom")
        adapter.end_soon("boom")
        with pytest.raises(EngineFailure, match="'keep' was lost"):
            adapter.state("keep")
        assert start_game(adapter, "fine")["phase"] == "lead"
        assert adapter.restarts == 1
    finally:
        adapter.close()


def test_closing_after_an_end_that_broke_the_engine_starts_no_new_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("BROKEN_ON", "end")
    adapter = stdio(engine_command("broken_inside"))
    start_game(adapter, "boom")
    adapter.end_soon("boom")
    adapter.close()
    assert adapter._engine is None and adapter.restarts == 0
