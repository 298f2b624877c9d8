"""A fuzzing campaign: many seeded games against one engine, split over shards and processes.

Game ``i`` of a campaign with seed ``S`` plays with game seed ``S + i``: its deck, its computer
seats and every random choice come from that one number, so ``--seed S+i --games 1`` replays
it exactly.  ``--shard I/N`` keeps the games with ``i % N == I - 1`` (shards partition the
campaign); ``--jobs`` spreads the games over processes, each with its own engine.  A campaign
goes on after a divergence: every game that diverges is recorded (seed and signature, see
:mod:`.findings`) until the games or the time budget are spent; ``stop_at_first`` ends it at
the first divergence in game order instead.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adapters.base import JSON, Adapter
from durak_conformance.fuzzing import collector
from durak_conformance.fuzzing.lockstep import (
    Lockstep,
    NextGame,
    Start,
    Table,
    Trial,
    random_chooser,
)
from reference_engine.cards import deck as full_deck


class FuzzUsageError(Exception):
    """A bad option: exit code 2."""


@dataclass(frozen=True)
class EngineSpec:
    """How to open the engine under test (picklable, for worker processes)."""

    adapter: str | None = None
    command: tuple[str, ...] = ()
    schema_check: bool = True
    timeout: float = 10.0

    def open(self) -> Adapter:
        from adapters.registry import AdapterOptions, open_adapter
        from durak_conformance.protocol import response_problem

        options = AdapterOptions(
            checker=response_problem if self.schema_check else None, timeout=self.timeout
        )
        return open_adapter(
            name=None if self.command else (self.adapter or "reference"),
            command=list(self.command) or None,
            options=options,
        )

    def argv(self) -> tuple[list[str], list[str]]:
        """The command-line spelling (what goes first, what goes last), for reproducing."""
        if self.command:
            import shlex

            return ["--engine"], ["--", *(shlex.quote(c) for c in self.command)]
        return ["--adapter", self.adapter or "reference"], []


@dataclass(frozen=True)
class Settings:
    """How games are generated."""

    illegal_rate: float = 0.15
    legal_rate: float = 0.1
    bot_rate: float = 0.3
    no_trump_rate: float = 0.05
    """Share of deals rearranged so that no hand holds a trump (the first-attack fallback is
    otherwise played in only about one deal in fifty)."""
    max_steps: int = 2000
    deal: bool = False
    """Let the engine deal every game itself and the reference engine follow (follow mode),
    even when it could start from a stacked deck; an engine that cannot start from a deck is
    always played so."""


def make_table(profile: str, options: Mapping[str, str], seats: int | None) -> Table:
    """Resolve ``profile`` with ``options``; ``seats`` defaults to what the rules allow for a
    two-seat game (pairs: four)."""
    from durak_conformance.profiles import ProfileError, list_profiles, load_profile, resolve

    if profile not in list_profiles():
        raise FuzzUsageError(
            f"--profile {profile}: no such profile (known: {', '.join(list_profiles())})"
        )
    try:
        resolved = resolve(load_profile(profile), dict(options))
    except ProfileError as exc:
        raise FuzzUsageError(str(exc)) from None
    rules = dict(resolved.params)
    if seats is None:
        seats = int(rules["pairs_seats"]) if rules.get("teams") == "pairs" else 2
        seats = max(seats, int(rules["min_seats"]))
    if not int(rules["min_seats"]) <= seats <= int(rules["max_seats"]):
        raise FuzzUsageError(
            f"--seats {seats}: {profile} with these options seats "
            f"{rules['min_seats']} to {rules['max_seats']}"
        )
    chosen = {k: v for k, v in dict(resolved.options).items() if k in options}
    return Table(profile, chosen, rules, seats)


def random_start(
    table: Table, rng: random.Random, bot_rate: float, no_trump_rate: float = 0.0
) -> Start:
    cards = [c.code for c in full_deck(int(table.rules["deck_size"]))]
    rng.shuffle(cards)
    if rng.random() < no_trump_rate:
        _deal_no_trumps(cards, table.seats * int(table.rules["hand_size"]))
    bots = tuple(n for n in range(2, table.seats + 1) if rng.random() < bot_rate)
    return Start(deck=tuple(cards), bots=bots)


def dealt_out(table: Table, start: Start) -> JSON:
    """The position right after ``start``'s stacked deck is dealt, without the attacker."""
    from reference_engine.game import Game
    from reference_engine.rules import Rules

    game = Game.deal(Rules.from_mapping(table.rules), table.seats, list(start.deck or ()))
    state = game.to_json()
    return {
        "hands": {str(s["seat"]): list(s["hand"]) for s in state["seats"]},
        "stock": list(state["stock"]),
        "trump": state["trump"],
        "discard": [],
    }


def _deal_no_trumps(cards: list[str], dealt: int) -> None:
    """Swap trumps out of the first ``dealt`` cards with plain cards of the stock, in place
    (the face-up last card stays where it is)."""
    if dealt >= len(cards) - 1:
        return
    trump = cards[-1][1]
    plain = [i for i in range(dealt, len(cards) - 1) if cards[i][1] != trump]
    for i in range(dealt):
        if cards[i][1] == trump and plain:
            j = plain.pop()
            cards[i], cards[j] = cards[j], cards[i]


def play_seed(
    lockstep: Lockstep,
    seed: int,
    settings: Settings,
    *,
    record: bool = False,
    then: int | None = None,
) -> Trial:
    """Game ``seed``: a random deck and random choices, played in lockstep.

    An engine that cannot start from a stacked deck deals the game itself from ``seed`` and
    the reference engine follows its deal (as with ``settings.deal``); one that only loads
    positions starts from the random deck dealt out as a position (its first attacker left to
    the rules).  ``then`` is the seed of the game to be played next: it is planned while
    this game's last answers come in (see :meth:`Lockstep.play`), which changes nothing but
    the speed."""
    game = lockstep.planned_ahead
    if game is None or game.key != (seed, settings) or record:
        # (a recorded game is planned afresh: the plan made ahead has used up its numbers)
        game = _next_game(lockstep, seed, settings)
    # The next game is built only when it will be planned ahead: otherwise its start would
    # be dealt twice, here and again when its own turn comes.
    ahead = not record and lockstep.plans_ahead(deal=_engine_deals(lockstep, settings))
    following = _next_game(lockstep, then, settings) if then is not None and ahead else None
    return lockstep.play(
        game.start,
        game.chooser,
        seed=seed,
        rng=game.rng,
        record=record,
        max_steps=settings.max_steps,
        then=following,
    )


def _next_game(lockstep: Lockstep, seed: int, settings: Settings) -> NextGame:
    """Game ``seed``'s start, chooser and random numbers (see :func:`play_seed`)."""
    rng = random.Random(seed)
    start = random_start(lockstep.table, rng, settings.bot_rate, settings.no_trump_rate)
    modes = lockstep.start_modes
    if _engine_deals(lockstep, settings):
        start = Start(bots=start.bots, deal=True, seed=seed)
    elif "deck" not in modes and "position" in modes:
        start = Start(position=dealt_out(lockstep.table, start), bots=start.bots)
    chooser = random_chooser(rng, settings.illegal_rate, int(lockstep.table.rules["deck_size"]))
    return NextGame(start, chooser, rng, settings.max_steps, key=(seed, settings))


def _engine_deals(lockstep: Lockstep, settings: Settings) -> bool:
    """Whether the engine deals every game itself (follow mode): it asks for that, or it
    cannot start from a stacked deck."""
    modes = lockstep.start_modes
    return "deal" in modes and (settings.deal or "deck" not in modes)


def parse_shard(text: str) -> tuple[int, int]:
    """``I/N`` with 1 <= I <= N."""
    index, sep, count = text.partition("/")
    try:
        i, n = int(index), int(count)
    except ValueError:
        raise FuzzUsageError(f"--shard {text!r}: expected I/N, e.g. 2/4") from None
    if not sep or n < 1 or not 1 <= i <= n:
        raise FuzzUsageError(f"--shard {text!r}: expected I/N with 1 <= I <= N")
    return i, n


def game_seeds(seed: int, games: int, shard: tuple[int, int] = (1, 1)) -> list[int]:
    """The game seeds a (shard of a) campaign plays, in order."""
    index, count = shard
    return [seed + i for i in range(games) if i % count == index - 1]


@dataclass(frozen=True)
class Divergent:
    """One game of a campaign that diverged: its seed and what the divergence was about."""

    seed: int
    signature: str
    kind: str
    """The divergence's failure kind (``causes.KINDS``)."""
    clause: str | None
    message: str
    step: int
    """The action after which it showed (-1: right after the start)."""


@dataclass
class ChunkResult:
    """What a worker reports for a run of consecutive seeds."""

    games: int = 0
    finished: int = 0
    actions: int = 0
    requests: int = 0
    seconds: float = 0.0
    divergent: list[Divergent] = field(default_factory=list)
    out_of_time: bool = False


@dataclass
class CampaignResult:
    """A whole campaign: totals, and every game that diverged, in seed order."""

    games: int = 0
    finished: int = 0
    actions: int = 0
    requests: int = 0
    seconds: float = 0.0
    divergent: list[Divergent] = field(default_factory=list)
    stopped_by: str = "games"
    """Why the campaign ended: ``games`` (every game played), ``time`` (the ``--time``
    budget was spent), ``first`` (``--stop-at-first`` and a divergence)."""
    chunks: list[ChunkResult] = field(default_factory=list)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def divergent_seed(self) -> int | None:
        """The first game (in seed order) that diverged."""
        return self.divergent[0].seed if self.divergent else None

    @property
    def message(self) -> str:
        return self.divergent[0].message if self.divergent else ""

    def add(self, chunk: ChunkResult) -> None:
        self.chunks.append(chunk)
        self.games += chunk.games
        self.finished += chunk.finished
        self.actions += chunk.actions
        self.requests += chunk.requests
        self.divergent.extend(chunk.divergent)


def divergent_game(seed: int, trial: Trial) -> Divergent:
    """What ``trial`` (game ``seed``, which diverged) is remembered by."""
    from durak_conformance.fuzzing.findings import cause_of

    assert trial.divergence is not None
    cause = cause_of(trial.divergence, trial.actions)
    return Divergent(
        seed=seed,
        signature=cause.signature,
        kind=cause.kind,
        clause=cause.clause,
        message=trial.divergence.message,
        step=trial.divergence.step,
    )


Progress = Callable[[CampaignResult], None]
"""Called after every game (one process) or every chunk of games (several)."""


def run_chunk(
    lockstep: Lockstep,
    seeds: Sequence[int],
    settings: Settings,
    *,
    deadline: float | None = None,
    stop_at_first: bool = False,
    known: frozenset[str] = frozenset(),
    on_game: Callable[[ChunkResult], None] | None = None,
) -> ChunkResult:
    """Play ``seeds`` in order, recording every game that diverges; stop at the first whose
    signature is not in ``known`` with ``stop_at_first``, and before a game when
    ``deadline`` (``time.time()``) has passed."""
    out = ChunkResult()
    began = time.perf_counter()
    for index, seed in enumerate(seeds):
        if deadline is not None and time.time() >= deadline:
            out.out_of_time = True
            break
        then = seeds[index + 1] if index + 1 < len(seeds) else None
        trial = play_seed(lockstep, seed, settings, then=then)
        out.games += 1
        out.finished += trial.finished
        out.actions += len(trial.actions)
        out.requests += trial.requests
        new = False
        if trial.divergence is not None:
            found = divergent_game(seed, trial)
            out.divergent.append(found)
            new = found.signature not in known
        if on_game is not None:
            on_game(out)
        if new and stop_at_first:
            break
    out.seconds = time.perf_counter() - began
    return out


# ---------------------------------------------------------------------- processes

_worker: tuple[Lockstep, Settings] | None = None


def _init_worker(spec: EngineSpec, table: Table, settings: Settings) -> None:
    global _worker
    from durak_conformance import interrupts

    interrupts.install_exit_in_worker()  # stopped: kill this worker's engine, end quietly
    collector.tune_for_good()  # the worker plays games until it ends
    adapter = spec.open()
    _worker = (Lockstep(adapter, table, legal_rate=settings.legal_rate), settings)


def _run_in_worker(
    task: tuple[Sequence[int], float | None, bool, frozenset[str]],
) -> ChunkResult:
    assert _worker is not None
    lockstep, settings = _worker
    seeds, deadline, stop_at_first, known = task
    return run_chunk(
        lockstep, seeds, settings, deadline=deadline, stop_at_first=stop_at_first, known=known
    )


def _chunks(seeds: Sequence[int], size: int) -> Iterator[list[int]]:
    for i in range(0, len(seeds), size):
        yield list(seeds[i : i + size])


def run_campaign(
    spec: EngineSpec,
    table: Table,
    seeds: Sequence[int],
    settings: Settings,
    *,
    jobs: int = 1,
    lockstep: Lockstep | None = None,
    chunk_size: int = 25,
    seconds: float | None = None,
    stop_at_first: bool = False,
    known: frozenset[str] = frozenset(),
    progress: Progress | None = None,
) -> CampaignResult:
    """Play ``seeds`` (all of them, or as many as ``seconds`` allows), recording every game
    that diverges; with ``stop_at_first`` the campaign ends at the first divergence in seed
    order whose signature is not ``known``.  ``progress`` sees the running totals."""
    result = CampaignResult()
    began = time.perf_counter()
    deadline = None if seconds is None else time.time() + seconds

    def finish(part: ChunkResult) -> bool:
        """Count ``part``; True when the campaign is over."""
        result.add(part)
        first_new = next(
            (i for i, d in enumerate(result.divergent) if d.signature not in known), None
        )
        if stop_at_first and first_new is not None:
            del result.divergent[first_new + 1 :]
            result.stopped_by = "first"
            return True
        if part.out_of_time:
            result.stopped_by = "time"
            return True
        return False

    # The collector tuned for the campaign's length (each worker tunes its own for good).
    with collector.campaign_collector():
        if jobs <= 1:
            own = lockstep is None
            if lockstep is None:
                lockstep = Lockstep(spec.open(), table, legal_rate=settings.legal_rate)
            base = (result.games, result.finished, result.actions, result.requests)

            def on_game(part: ChunkResult) -> None:
                if progress is None:
                    return
                live = CampaignResult(
                    games=base[0] + part.games,
                    finished=base[1] + part.finished,
                    actions=base[2] + part.actions,
                    requests=base[3] + part.requests,
                    seconds=time.perf_counter() - began,
                    divergent=result.divergent + part.divergent,
                )
                progress(live)

            try:
                for chunk in _chunks(seeds, chunk_size):
                    base = (result.games, result.finished, result.actions, result.requests)
                    part = run_chunk(
                        lockstep,
                        chunk,
                        settings,
                        deadline=deadline,
                        stop_at_first=stop_at_first,
                        known=known,
                        on_game=on_game,
                    )
                    if finish(part):
                        break
            finally:
                if own:
                    with contextlib.suppress(Exception):
                        lockstep.adapter.close()
        else:
            context = multiprocessing.get_context("fork" if _can_fork() else "spawn")
            tasks = [
                (chunk, deadline, stop_at_first, known) for chunk in _chunks(seeds, chunk_size)
            ]
            with context.Pool(jobs, _init_worker, (spec, table, settings)) as pool:
                for part in pool.imap(_run_in_worker, tasks):
                    over = finish(part)
                    if progress is not None:
                        result.seconds = time.perf_counter() - began
                        progress(result)
                    if over:
                        pool.terminate()
                        break
    result.seconds = time.perf_counter() - began
    return result


def _can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def finding_paths(out: Path, table: Table, seed: int) -> tuple[Path, Path]:
    stem = f"{table.profile}-{table.seats}seats-seed{seed}"
    return out / f"{stem}.feature", out / f"{stem}.jsonl"


def describe_table(table: Table) -> dict[str, Any]:
    return {"profile": table.profile, "options": dict(table.options), "seats": table.seats}
