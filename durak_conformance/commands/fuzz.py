"""``durak-conformance fuzz``: differential testing against the reference engine.

Plays seeded random games in lockstep on the reference engine and the engine under test and
stops at the first divergence, which it shrinks to a short reproduction: a ready-to-paste
Gherkin scenario and a protocol transcript, saved under ``--out``.  Exit codes: 0 no
divergence, 1 divergence found, 2 usage, 3 the engine could not be started.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from durak_conformance import limits
from durak_conformance.commands import arguments
from durak_conformance.commands.engine_choice import TIMEOUT_HELP, add_engine_arguments

EXIT_OK, EXIT_DIVERGENCE, EXIT_USAGE, EXIT_ENGINE = 0, 1, 2, 3


def _print(*parts: object, **how: Any) -> None:
    """``print``, with the engine's text made safe for a terminal (control characters)."""
    print(*(limits.printable(str(p)) for p in parts), **how)


def register(subparsers: Any) -> None:
    """Add the ``fuzz`` sub-command."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "fuzz",
        help="differential testing: random games against the reference engine, shrunk findings",
        description=(
            "Play seeded random games in lockstep on the reference engine (in process) and the "
            "engine under test, compare what the rules decide after every step, and shrink the "
            "first divergence to a short Gherkin scenario and protocol transcript. Exit status: "
            "0 no divergence, 1 divergence found, 2 usage error, 3 the engine could not start."
        ),
    )
    add_engine_arguments(
        parser, "an adapter by name (reference, mutant:NAME, ...; see `durak-conformance adapters`)"
    )
    parser.add_argument("--profile", required=True, metavar="PROFILE", help="profile to play")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a table option of the profile (repeatable)",
    )
    parser.add_argument(
        "--seats", type=int, metavar="N", help="seats at the table (default 2; pairs: 4)"
    )
    parser.add_argument("--games", type=int, default=100, metavar="N", help="games (default 100)")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="campaign seed")
    parser.add_argument(
        "--jobs",
        "-j",
        type=arguments.jobs,
        default=1,
        metavar="N",
        help="processes, 0 for every core (default 1)",
    )
    parser.add_argument(
        "--shard", default="1/1", metavar="I/N", help="play only shard I of N of the games"
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("fuzz-findings"),
        metavar="DIR",
        help="where findings are saved (default fuzz-findings/)",
    )
    parser.add_argument(
        "--illegal-rate",
        type=float,
        default=0.15,
        metavar="P",
        help="share of steps that first try an action the rules refuse (default 0.15)",
    )
    parser.add_argument(
        "--legal-rate",
        type=float,
        default=0.1,
        metavar="P",
        help="share of steps at which legal-action lists are compared (default 0.1)",
    )
    parser.add_argument(
        "--deal",
        action="store_true",
        help="let the engine deal every game itself and the reference engine follow its deal "
        "(capability deal; the default for an engine that cannot start from a stacked deck)",
    )
    parser.add_argument("--no-shrink", action="store_true", help="report the finding as found")
    parser.add_argument(
        "--timeout",
        type=limits.timeout_argument,
        default=limits.DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=TIMEOUT_HELP,
    )
    parser.add_argument(
        "--no-schema-check",
        action="store_true",
        help="do not check stdio replies against the protocol schemas (faster)",
    )
    parser.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the campaign; returns the exit code."""
    import os

    from adapters.base import EngineFailure, UnsupportedByEngine
    from adapters.registry import UnknownAdapter
    from durak_conformance.commands.engine_choice import EngineChoiceError, engine_command
    from durak_conformance.fuzzing.campaign import (
        EngineSpec,
        FuzzUsageError,
        Settings,
        game_seeds,
        make_table,
        parse_shard,
        run_campaign,
    )
    from durak_conformance.fuzzing.lockstep import Lockstep
    from durak_conformance.runner import UsageError, parse_option_pairs

    try:
        try:
            command = engine_command(args, "fuzz")
        except EngineChoiceError as exc:
            raise FuzzUsageError(str(exc)) from None
        if args.games < 1:
            raise FuzzUsageError("--games must be at least 1")
        if not 0 <= args.illegal_rate < 1 or not 0 <= args.legal_rate <= 1:
            raise FuzzUsageError("--illegal-rate must lie in [0, 1) and --legal-rate in [0, 1]")
        options = parse_option_pairs(args.option)
        table = make_table(args.profile, options, args.seats)
        shard = parse_shard(args.shard)
        jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    except (FuzzUsageError, UsageError) as exc:
        _print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    spec = EngineSpec(
        adapter=None if command else (args.adapter or "reference"),
        command=tuple(command),
        schema_check=not args.no_schema_check,
        timeout=args.timeout,
    )
    settings = Settings(
        illegal_rate=args.illegal_rate, legal_rate=args.legal_rate, deal=bool(args.deal)
    )
    try:
        adapter = spec.open()
        implementation = adapter.hello()
    except UnknownAdapter as exc:
        _print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except EngineFailure as exc:
        _print(f"the engine could not be started: {exc}", file=sys.stderr)
        return EXIT_ENGINE
    if table.profile not in implementation.profiles:
        _print(
            f"error: {implementation.name} does not implement profile {table.profile}",
            file=sys.stderr,
        )
        adapter.close()
        return EXIT_USAGE
    if args.deal and "deal" not in implementation.start_modes:
        print(
            f"error: --deal: {implementation.name} does not deal its own games (it does not "
            "claim capability deal)",
            file=sys.stderr,
        )
        adapter.close()
        return EXIT_USAGE
    if "deal" in implementation.start_modes and (
        args.deal or "deck" not in implementation.start_modes
    ):
        print(
            f"{implementation.name} deals every game itself: the reference engine follows its "
            "deal (follow mode)"
        )
    seeds = game_seeds(args.seed, args.games, shard)
    lockstep = Lockstep(adapter, table, legal_rate=settings.legal_rate)
    try:
        result = run_campaign(
            spec, table, seeds, settings, jobs=jobs, lockstep=lockstep if jobs <= 1 else None
        )
    except UnsupportedByEngine as exc:
        _print(f"error: the engine declined the table: {exc}", file=sys.stderr)
        adapter.close()
        return EXIT_USAGE
    except EngineFailure as exc:
        _print(f"the engine could not be started: {exc}", file=sys.stderr)
        return EXIT_ENGINE
    per_game = result.requests / result.games if result.games else 0
    _print(
        f"{implementation.name} {implementation.version}: {result.games} games "
        f"({result.finished} to the end, {result.actions} actions, {result.requests} requests, "
        f"{per_game:.0f} per game) in {result.seconds:.2f}s: {result.games_per_second:.1f} "
        f"games/s on {jobs} process(es)"
    )
    if result.divergent_seed is None:
        _print("no divergence")
        adapter.close()
        return EXIT_OK
    code = report_finding(args, spec, table, lockstep, result.divergent_seed, settings)
    adapter.close()
    return code


def report_finding(
    args: argparse.Namespace,
    spec: Any,
    table: Any,
    lockstep: Any,
    seed: int,
    settings: Any,
) -> int:
    """Replay, shrink and print the divergent game; save its scenario and transcript."""
    from durak_conformance.fuzzing import render
    from durak_conformance.fuzzing.campaign import finding_paths, play_seed
    from durak_conformance.fuzzing.shrink import Shrinker

    found = play_seed(lockstep, seed, settings)
    if found.divergence is None:  # pragma: no cover - a flaky engine
        _print(f"game {seed} diverged in the campaign but not when replayed: the engine is flaky")
        return EXIT_DIVERGENCE
    _print(f"DIVERGENCE in game seed {seed}: {render.describe(found.divergence)}")
    if found.dealt is None and found.start.deal:
        # The engine's own deal is the finding: there is no table to write a scenario from.
        replayed = lockstep.play(found.start, _replay([]), record=True)
        _print("\n# Protocol transcript (> request, < the engine's reply):\n")
        _print(render.short_transcript(replayed), end="")
        args.out.mkdir(parents=True, exist_ok=True)
        _, transcript_path = finding_paths(args.out, table, seed)
        transcript_path.write_text(render.transcript(replayed), encoding="utf-8")
        _print(f"\nsaved {transcript_path}")
        _print(f"reproduce: {_reproduce(spec, table, seed, args)}")
        return EXIT_DIVERGENCE
    small = found
    stats = None
    if not args.no_shrink:
        shrinker = Shrinker(lockstep)
        small = shrinker.shrink(found)
        stats = shrinker.stats
    replayed = lockstep.play(
        small.start,
        _replay(small.actions),
        record=True,
        check_legal_always=not args.no_shrink,
    )
    if replayed.divergence is not None:
        replayed.actions = replayed.actions[: replayed.divergence.step + 1]
        small = replayed
    command_text = _reproduce(spec, table, seed, args)
    source = f"found by fuzzing (game seed {seed}): {command_text}"
    if small.start.deal:
        source += "; the engine dealt this table itself"
    assert small.divergence is not None
    text = render.scenario(
        lockstep,
        small,
        scenario_id=f"fuzz.{table.profile}.seed-{seed}",
        title=f"Fuzz finding (seed {seed}): {small.divergence.kind} divergence",
        source=source,
    )
    if stats is not None:
        _print(
            f"shrunk from {stats.actions_before} to {stats.actions_after} actions and "
            f"{stats.cards_before} to {stats.cards_after} cards "
            f"({stats.replays} replays, {stats.seconds:.1f}s)"
        )
    _print(f"shrunk: {render.describe(small.divergence)}")
    _print("\n# Gherkin (paste into features/<profile>/; check the @rule tag):\n")
    _print(text)
    _print("# Protocol transcript (> request, < the engine's reply, = the reference's answer):\n")
    _print(render.short_transcript(small), end="")
    args.out.mkdir(parents=True, exist_ok=True)
    feature_path, transcript_path = finding_paths(args.out, table, seed)
    feature_path.write_text(render.feature(text, table.profile), encoding="utf-8")
    transcript_path.write_text(render.transcript(small), encoding="utf-8")
    _print(f"\nsaved {feature_path} and {transcript_path}")
    _print(f"reproduce: {command_text}")
    return EXIT_DIVERGENCE


def _reproduce(spec: Any, table: Any, seed: int, args: argparse.Namespace) -> str:
    """The command line that plays game ``seed`` again."""
    front, tail = spec.argv()
    words = [
        "durak-conformance",
        "fuzz",
        *front,
        "--profile",
        table.profile,
        *[x for k, v in sorted(table.options.items()) for x in ("--option", f"{k}={v}")],
        "--seats",
        str(table.seats),
        *(["--deal"] if args.deal else []),
        "--games",
        "1",
        "--seed",
        str(seed),
        *tail,
    ]
    return " ".join(words)


def _replay(actions: Any) -> Any:
    from durak_conformance.fuzzing.lockstep import replay_chooser

    return replay_chooser(actions)
