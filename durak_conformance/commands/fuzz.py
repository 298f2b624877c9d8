"""``durak-conformance fuzz``: differential testing against the reference engine.

Plays seeded random games in lockstep on the reference engine and the engine under test until
the games or the ``--time`` budget are spent (``--stop-at-first``: until the first
divergence), groups the games that diverged by signature, and shrinks each new group's first
game to a short reproduction with the same signature: a ready-to-paste Gherkin scenario and a
protocol transcript, saved under ``--out``; the campaign's JSON report goes to ``--report``.
``fuzz merge`` joins shard reports.  Exit codes: 0 no new finding, 1 a new finding, 2 usage,
3 the engine could not be started.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from durak_conformance import limits
from durak_conformance.commands import arguments
from durak_conformance.commands.engine_choice import TIMEOUT_HELP, add_engine_arguments

if TYPE_CHECKING:
    from adapters.base import Implementation

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
            "engine under test and compare what the rules decide after every step. The "
            "campaign goes on after a divergence; divergences are grouped by signature, and "
            "each group's first game is shrunk to a short Gherkin scenario and protocol "
            "transcript. Exit status: 0 no new finding, 1 a new finding, 2 usage error, 3 the "
            "engine could not start."
        ),
    )
    add_engine_arguments(
        parser, "an adapter by name (reference, mutant:NAME, ...; see `durak-conformance adapters`)"
    )
    parser.add_argument("--profile", metavar="PROFILE", help="profile to play (required)")
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
    parser.add_argument(
        "--games", type=int, default=100, metavar="N", help="games of the campaign (default 100)"
    )
    parser.add_argument(
        "--time",
        type=float,
        metavar="SECONDS",
        help="stop starting games once SECONDS have passed (the games played are reported)",
    )
    parser.add_argument(
        "--stop-at-first",
        action="store_true",
        help="end the campaign at its first divergence (in game order) that is not a known "
        "finding, instead of going on",
    )
    parser.add_argument(
        "--expectations",
        type=Path,
        metavar="FILE",
        help="the engine's expectations file: findings its fuzz entries list are known "
        "(counted, not reported again)",
    )
    parser.add_argument(
        "--report",
        type=Path,
        metavar="FILE",
        help="where the campaign's JSON report goes (default OUT/fuzz-report.json)",
    )
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
    parser.add_argument("--no-shrink", action="store_true", help="report findings as found")
    parser.add_argument(
        "--shrink-time",
        type=float,
        default=30.0,
        metavar="SECONDS",
        help="time allowed to shrink each finding (default 30)",
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
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
    parser.epilog = (
        "durak-conformance fuzz merge REPORT... [--out FILE] joins the JSON reports of the "
        "shards of one campaign into one (findings deduplicated by signature)."
    )
    parser.set_defaults(func=main)


def main(args: argparse.Namespace) -> int:
    """Run the campaign (or ``fuzz merge``); returns the exit code."""
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
    from durak_conformance.reports.model import ReportError
    from durak_conformance.runner import UsageError, parse_option_pairs

    given = list(args.command or [])
    if given and given[0] == "merge" and not args.engine and not args.adapter:
        return merge_main(given[1:])
    try:
        if args.profile is None:
            raise FuzzUsageError("--profile is required (or: fuzz merge REPORT...)")
        try:
            command = engine_command(args, "fuzz")
        except EngineChoiceError as exc:
            raise FuzzUsageError(str(exc)) from None
        if args.games < 1:
            raise FuzzUsageError("--games must be at least 1")
        if args.time is not None and not 0 < args.time <= limits.MAX_FUZZ_SECONDS:
            raise FuzzUsageError(
                f"--time must be more than 0 and at most {limits.MAX_FUZZ_SECONDS:g} seconds"
            )
        if not 0 < args.shrink_time <= limits.MAX_FUZZ_SECONDS:
            raise FuzzUsageError("--shrink-time must be more than 0 seconds")
        if not 0 <= args.illegal_rate < 1 or not 0 <= args.legal_rate <= 1:
            raise FuzzUsageError("--illegal-rate must lie in [0, 1) and --legal-rate in [0, 1]")
        options = parse_option_pairs(args.option)
        table = make_table(args.profile, options, args.seats)
        shard = parse_shard(args.shard)
        jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
        known = _known_findings(args.expectations, table)
    except (FuzzUsageError, UsageError) as exc:
        _print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except ReportError as exc:
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
        _print(
            f"error: --deal: {implementation.name} does not deal its own games (it does not "
            "claim capability deal)",
            file=sys.stderr,
        )
        adapter.close()
        return EXIT_USAGE
    if "deal" in implementation.start_modes and (
        args.deal or "deck" not in implementation.start_modes
    ):
        _print(
            f"{implementation.name} deals every game itself: the reference engine follows its "
            "deal (follow mode)"
        )
    started_at = _now()
    seeds = game_seeds(args.seed, args.games, shard)
    lockstep = Lockstep(adapter, table, legal_rate=settings.legal_rate)
    try:
        with _progress_bar(not args.no_progress, len(seeds)) as progress:
            result = run_campaign(
                spec,
                table,
                seeds,
                settings,
                jobs=jobs,
                lockstep=lockstep if jobs <= 1 else None,
                seconds=args.time,
                stop_at_first=args.stop_at_first,
                known=frozenset(k.signature for k in known),
                progress=progress,
            )
    except UnsupportedByEngine as exc:
        _print(f"error: the engine declined the table: {exc}", file=sys.stderr)
        adapter.close()
        return EXIT_USAGE
    except EngineFailure as exc:
        _print(f"the engine could not be started: {exc}", file=sys.stderr)
        return EXIT_ENGINE
    per_game = result.requests / result.games if result.games else 0
    stopped = {
        "games": "",
        "time": f"; the --time budget of {args.time or 0:g}s ended it",
        "first": "; --stop-at-first ended it at the first divergence",
    }[result.stopped_by]
    _print(
        f"{implementation.name} {implementation.version}: {result.games} games "
        f"({result.finished} to the end, {result.actions} actions, {result.requests} requests, "
        f"{per_game:.0f} per game) in {result.seconds:.2f}s: {result.games_per_second:.1f} "
        f"games/s on {jobs} process(es){stopped}"
    )
    from durak_conformance.fuzzing import report as fuzz_report

    findings = fuzz_report.group(result.divergent, known)
    for finding in findings:
        finding.reproduce = _reproduce(spec, table, finding.first_seed, args)
        if finding.known is None:
            finding.repro = report_finding(args, spec, table, lockstep, finding, settings)
    missing = fuzz_report.not_seen(findings, known)
    campaign = fuzz_report.CampaignReport(
        implementation=_campaign_engine(implementation),
        table={"profile": table.profile, "options": dict(table.options), "seats": table.seats},
        campaign={
            "seed": args.seed,
            "games": args.games,
            "shard": list(shard),
            "time_budget": args.time,
            "stop_at_first": bool(args.stop_at_first),
            "deal": bool(args.deal),
            "illegal_rate": args.illegal_rate,
            "legal_rate": args.legal_rate,
        },
        shards=[list(shard)],
        totals=fuzz_report.totals_of(result),
        findings=findings,
        not_seen=missing,
        started_at=started_at,
        suite_version=_suite_version(),
        expectations=None if args.expectations is None else str(args.expectations),
    )
    report_path = args.report or args.out / "fuzz-report.json"
    fuzz_report.write(campaign, report_path)
    print_summary(campaign)
    _print(f"report: {report_path}")
    adapter.close()
    return EXIT_DIVERGENCE if campaign.new_findings else EXIT_OK


def _now() -> str:
    from durak_conformance.fuzzing.report import now

    return now()


def _suite_version() -> str:
    from durak_conformance import __version__

    return __version__


def _known_findings(path: Path | None, table: Any) -> list[Any]:
    """The fuzz entries of the expectations file that apply to ``table``."""
    if path is None:
        return []
    from durak_conformance.fuzzing.report import KnownFinding
    from durak_conformance.reports.expectations import load_expectations

    expectations = load_expectations(path)
    for warning in expectations.warnings:
        _print(f"warning: {warning}", file=sys.stderr)
    listed = [
        KnownFinding(e.signature, e.reason, e.link, e.profile, dict(e.options))
        for e in expectations.fuzz
    ]
    return [k for k in listed if k.applies(table.profile, table.options)]


@contextlib.contextmanager
def _progress_bar(enabled: bool, total: int) -> Iterator[Any]:
    """A progress bar on a terminal (games, games per second, findings so far); else None."""
    from rich.console import Console

    console = Console(stderr=True)
    if not enabled or not console.is_terminal:
        yield None
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    columns = (
        TextColumn("fuzz"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]:.1f} games/s"),
        TextColumn("{task.fields[findings]}"),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("games", total=total, rate=0.0, findings="no findings")

        def update(live: Any) -> None:
            signatures = len({d.signature for d in live.divergent})
            words = (
                "no findings"
                if not live.divergent
                else f"{len(live.divergent)} divergent games, {signatures} finding(s)"
            )
            bar.update(task, completed=live.games, rate=live.games_per_second, findings=words)

        yield update


def print_summary(campaign: Any) -> None:
    """The findings as a table (one row per signature), and the known ones not seen."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    out = Console() if Console().is_terminal else Console(width=140)
    totals = campaign.totals
    if not campaign.findings:
        out.print(f"no divergence in {totals['games']} games")
    else:
        table = Table(title=f"{len(campaign.findings)} finding(s) in {totals['games']} games")
        for name in ("status", "games", "first seed", "kind", "finding", "reproduction"):
            table.add_column(name, overflow="fold")
        for finding in campaign.findings:
            repro = finding.repro
            where = (
                f"known: {finding.known.link}"
                if finding.known is not None
                else (repro.feature or repro.transcript or "-")
                if repro is not None
                else "-"
            )
            table.add_row(
                finding.status,
                str(finding.count),
                str(finding.first_seed),
                finding.kind,
                escape(limits.printable(finding.title, newlines=False)),
                escape(str(where)),
            )
        out.print(table)
    for known in campaign.not_seen:
        out.print(
            f"known finding not seen in this campaign (fixed, or not reached): "
            f"{escape(limits.printable(known.signature, newlines=False))} ({escape(known.link)})"
        )


def merge_main(argv: list[str]) -> int:
    """``fuzz merge REPORT... [--out FILE]``: join shard reports into one."""
    from durak_conformance.fuzzing import report as fuzz_report
    from durak_conformance.reports.model import ReportError

    parser = argparse.ArgumentParser(
        prog="durak-conformance fuzz merge",
        description="Join the JSON reports of the shards of one fuzz campaign into one report: "
        "totals added up, findings deduplicated by signature (counts added, the first seed the "
        "smallest, that shard's reproduction kept).",
    )
    parser.add_argument("reports", nargs="+", type=Path, metavar="REPORT")
    parser.add_argument(
        "--out", type=Path, metavar="FILE", help="where the merged report goes (default: stdout)"
    )
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return EXIT_OK if exc.code == 0 else EXIT_USAGE
    try:
        loaded = [fuzz_report.read(path) for path in args.reports]
        merged = fuzz_report.merge(loaded, [str(p) for p in args.reports])
    except ReportError as exc:
        _print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    missing = fuzz_report.shards_missing(merged)
    if missing:
        _print(f"warning: no report for shard(s) {', '.join(missing)}", file=sys.stderr)
    if args.out is None:
        import json

        _print(json.dumps(merged.to_json(), indent=2, ensure_ascii=False))
    else:
        fuzz_report.write(merged, args.out)
        print_summary(merged)
        _print(f"merged {len(loaded)} reports into {args.out}")
    return EXIT_DIVERGENCE if merged.new_findings else EXIT_OK


def report_finding(
    args: argparse.Namespace,
    spec: Any,
    table: Any,
    lockstep: Any,
    finding: Any,
    settings: Any,
) -> Any:
    """Replay and shrink a finding's first game keeping its signature; print and save the
    scenario and transcript.  Returns the :class:`~durak_conformance.fuzzing.report.Repro`."""
    from durak_conformance.fuzzing import render
    from durak_conformance.fuzzing.campaign import finding_paths, play_seed
    from durak_conformance.fuzzing.findings import signature_of
    from durak_conformance.fuzzing.report import Repro
    from durak_conformance.fuzzing.shrink import Shrinker, cards_in, replay

    seed = finding.first_seed
    args.out.mkdir(parents=True, exist_ok=True)
    feature_path, transcript_path = finding_paths(args.out, table, seed)
    _print(f"\nFINDING ({finding.count} game(s), first seed {seed}): {finding.title}")
    found = play_seed(lockstep, seed, settings, record=True)
    if found.divergence is None:  # pragma: no cover - a flaky engine
        _print(f"game {seed} diverged in the campaign but not when replayed: the engine is flaky")
        return Repro()
    if signature_of(found.divergence, found.actions) != finding.signature:  # pragma: no cover
        _print(f"game {seed} diverged otherwise when replayed: the engine is flaky")
    _print(f"DIVERGENCE in game seed {seed}: {render.describe(found.divergence)}")
    if found.divergence.step < 0 and (
        found.divergence.kind in ("start", "failure", "deal")
        or (found.dealt is None and found.start.deal)
    ):
        # A crash on start, a refused start, an engine's own improper deal: there is no
        # table of ours to write a scenario from; the transcript is the reproduction.
        _print("\n# Protocol transcript (> request, < the engine's reply):\n")
        _print(render.short_transcript(found), end="")
        transcript_path.write_text(render.transcript(found), encoding="utf-8")
        _print(f"saved {transcript_path}")
        _print(f"reproduce: {finding.reproduce}")
        return Repro(transcript=str(transcript_path), actions=len(found.actions), cards=None)
    small = found
    stats = None
    if not args.no_shrink:
        shrinker = Shrinker(lockstep, max_seconds=args.shrink_time)
        small = shrinker.shrink(found)
        stats = shrinker.stats
        assert small.divergence is not None
        small = replay(lockstep, small.start, small.actions, finding.signature, record=True)
    same = small.divergence is not None and (
        signature_of(small.divergence, small.actions) == finding.signature
    )
    if not same:  # pragma: no cover - the replay of an accepted candidate diverges alike
        small = found
    assert small.divergence is not None
    small.actions = small.actions[: small.divergence.step + 1]
    source = f"found by fuzzing (game seed {seed}): {finding.reproduce}"
    if small.start.deal:
        source += "; the engine dealt this table itself"
    text = render.scenario(
        lockstep,
        small,
        scenario_id=f"fuzz.{table.profile}.seed-{seed}",
        title=f"Fuzz finding (seed {seed}): {small.divergence.kind} divergence",
        source=source,
    )
    if stats is not None:
        _print(
            f"  shrunk from {stats.actions_before} to {stats.actions_after} actions and "
            f"{stats.cards_before} to {stats.cards_after} cards "
            f"({stats.replays} replays, {stats.seconds:.1f}s), same signature"
        )
    _print("\n# Gherkin (paste into features/<profile>/; check the @rule tag):\n")
    _print(text)
    _print("# Protocol transcript (> request, < the engine's reply, = the reference's answer):\n")
    _print(render.short_transcript(small), end="")
    feature_path.write_text(render.feature(text, table.profile), encoding="utf-8")
    transcript_path.write_text(render.transcript(small), encoding="utf-8")
    _print(f"saved {feature_path} and {transcript_path}")
    _print(f"reproduce: {finding.reproduce}")
    return Repro(
        feature=str(feature_path),
        transcript=str(transcript_path),
        rule=render.rule_tag_of(lockstep, small),
        actions=len(small.actions),
        cards=cards_in(small.reference_start),
        shrunk_signature=same and not args.no_shrink,
    )


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


def _campaign_engine(implementation: Implementation) -> dict[str, Any]:
    """The engine as a campaign report names it: name and version, and where the handshake
    gives them its language, homepage and source (repository and commit), so that a
    committed campaign says exactly which code it played."""
    from durak_conformance.reports.model import Implementation as Named

    # read as a run report reads the handshake (limits and shape checked there)
    named = Named.from_hello(implementation.to_json())
    engine: dict[str, Any] = {"name": named.name, "version": named.version}
    if named.language:
        engine["language"] = named.language
    if named.homepage:
        engine["homepage"] = named.homepage
    if named.source is not None:
        engine["source"] = named.source.to_json()
    return engine
