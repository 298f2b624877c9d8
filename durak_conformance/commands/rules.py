"""``durak-conformance rules``: list, show and check ruleset profiles.

``rules show PROFILE [--option KEY=VALUE ...] [--reading PARAM=VALUE ...] [--format
table|json|yaml]`` prints a resolved ruleset with the provenance of every parameter;
``rules readings [PROFILE ...]`` lists every parameter a profile marks ambiguous with the
readings a run can play (``run --reading PARAM=VALUE``); ``rules coverage`` crosses every
option value and reading with the rule areas it changes and the scenarios that play it there
(exit 1 when a cell is neither played nor explained in ``features/coverage-exceptions.yaml``);
``rules sentences PROFILE [--document FILE] [--skeleton]`` prints the profile's second reading
(what each sentence of its document maps to) and, given the document, checks that the map
lists every sentence in order (exit 1 when it does not); ``--skeleton`` prints YAML entries
for the sentences the map lacks, to fill in;
``rules list`` lists the bundled profiles;
``rules check [FILE ...]`` validates profile files (all bundled ones and ``base.yaml`` when
no file is given).  A bad profile or option exits with code 2 and a message naming the file
and key path.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import yaml
from rich.console import Console
from rich.table import Table

import rulesets
from durak_conformance.profiles import (
    ENGINE_PARAMETERS,
    ProfileError,
    ResolvedRuleset,
    ambiguous_parameters,
    check_file,
    list_profiles,
    load_profile,
    parse_reading,
    resolve,
)

EXIT_OK = 0
EXIT_USAGE = 2


def register(subparsers: Any) -> None:
    """Add the ``rules`` sub-command and its own sub-commands."""
    parser = subparsers.add_parser(
        "rules", help="list, show and check ruleset profiles", description=__doc__
    )
    parser.set_defaults(func=_no_action(parser))
    actions = parser.add_subparsers(dest="rules_command", metavar="ACTION")

    show = actions.add_parser("show", help="print a resolved ruleset with provenance")
    show.add_argument("profile", help="profile id (see `rules list`) or path to a profile file")
    show.add_argument(
        "--option",
        "-o",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="table option, e.g. deck=24 (repeatable; unset options take their defaults)",
    )
    show.add_argument(
        "--reading",
        "-r",
        action="append",
        default=[],
        metavar="PARAM=VALUE",
        help="a reading of a parameter the profile marks ambiguous (see `rules readings`)",
    )
    show.add_argument("--format", choices=("table", "json", "yaml"), default="table")
    show.add_argument("--clauses", action="store_true", help="also list the profile's clauses")
    show.set_defaults(func=_show)

    readings = actions.add_parser(
        "readings", help="list the ambiguous parameters and the readings a run can play"
    )
    readings.add_argument("profiles", nargs="*", metavar="PROFILE", help="default: every profile")
    readings.set_defaults(func=_readings)

    coverage = actions.add_parser(
        "coverage",
        help="which scenarios play each option value and reading, by rule area",
    )
    coverage.add_argument("--format", choices=("table", "json", "markdown"), default="table")
    coverage.add_argument(
        "--holes", action="store_true", help="show only the cells no scenario plays"
    )
    coverage.set_defaults(func=_coverage)

    sentences = actions.add_parser(
        "sentences", help="what each sentence of a profile's document maps to"
    )
    sentences.add_argument("profile", help="profile id or path to a profile file")
    sentences.add_argument(
        "--document",
        metavar="FILE",
        help="the rule document (source.seed): check the map lists each of its sentences",
    )
    sentences.add_argument(
        "--skeleton",
        action="store_true",
        help="with --document: print map entries to fill in for the sentences not yet mapped",
    )
    sentences.set_defaults(func=_sentences)

    lister = actions.add_parser("list", help="list the bundled profiles")
    lister.set_defaults(func=_list)

    check = actions.add_parser("check", help="validate profile files")
    check.add_argument("files", nargs="*", metavar="FILE", help="default: every bundled file")
    check.set_defaults(func=_check)


def _no_action(parser: argparse.ArgumentParser) -> Any:
    def run(_args: argparse.Namespace) -> int:
        parser.print_help(sys.stderr)
        return EXIT_USAGE

    return run


def _error(message: str) -> int:
    print(f"durak-conformance rules: error: {message}", file=sys.stderr)
    return EXIT_USAGE


def _parse_options(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key or not value:
            raise ValueError(f"--option {pair!r}: expected KEY=VALUE, e.g. deck=24")
        if key in options:
            raise ValueError(f"--option {key!r} given twice")
        options[key] = value
    return options


def _show(args: argparse.Namespace) -> int:
    try:
        options = _parse_options(args.option)
        profile = load_profile(args.profile)
        chosen = dict(parse_reading(profile, text) for text in args.reading)
        resolved = resolve(profile, options, chosen)
    except (ValueError, ProfileError) as exc:
        return _error(str(exc))
    if args.format == "table":
        _print_table(resolved, clauses=args.clauses)
        return EXIT_OK
    data = resolved.to_dict()
    if args.clauses:
        data["clauses"] = [
            {"id": c.id, "text": c.text, **c.provenance.to_dict()} for c in resolved.profile.clauses
        ]
    if args.format == "json":
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        print(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), end="")
    return EXIT_OK


def _shown(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, str) else value


def _print_table(resolved: ResolvedRuleset, *, clauses: bool) -> None:
    console = Console(file=sys.stdout)
    if not console.is_terminal:
        console.width = 140  # piped or captured: wide enough for the citation column
    profile = resolved.profile
    console.print(f"[bold]{profile.id}[/bold]: {profile.title} ({profile.source['seed']})")
    if resolved.options:
        chosen = ", ".join(f"{k}={v}" for k, v in resolved.options.items())
        console.print(f"options: {chosen}")
    table = Table(show_lines=False)
    table.add_column("parameter", no_wrap=True)
    table.add_column("value", no_wrap=True)
    table.add_column("provenance")
    table.add_column("citation / reason", ratio=1)
    for name, param in resolved.provenance.items():
        kind: str = param.provenance.kind
        if param.via:
            kind += f"\nvia {param.via}"
        if param.reading is not None:
            kind += f"\nreading {param.reading.label} (selected)"
        detail = param.provenance.summary()
        if param.base_reason:
            detail += f"; base: {param.base_reason}"
        label = name if name in ENGINE_PARAMETERS else f"{name} *"
        table.add_row(label, _shown(param.value), kind, detail)
    console.print(table)
    console.print("* kept in Rules.extra (not read by the reference engine yet)")
    if clauses:
        clause_table = Table(title=f"clauses of {profile.id}")
        clause_table.add_column("clause", no_wrap=True)
        clause_table.add_column("provenance", no_wrap=True)
        clause_table.add_column("rule")
        for clause in profile.clauses:
            clause_table.add_row(clause.id, clause.provenance.kind, clause.text)
        console.print(clause_table)


def _readings(args: argparse.Namespace) -> int:
    for pid in args.profiles or list_profiles():
        try:
            profile = load_profile(pid)
        except ProfileError as exc:
            return _error(str(exc))
        for name, choices in ambiguous_parameters(profile).items():
            param = profile.parameters[name]
            cite = f" ({param.provenance.citation})" if param.provenance.citation else ""
            print(f"{pid}\t{name}{cite}")
            for reading in choices:
                taken = "*" if reading.value == param.value else " "
                limit = "".join(f" [only with {k}={v}]" for k, v in reading.only_with.items())
                print(f"  {taken} {name}={reading.label}{limit}: {reading.text}")
    print("* the profile's reading; play another with: durak-conformance run --reading PARAM=VALUE")
    return EXIT_OK


def _coverage(args: argparse.Namespace) -> int:
    from durak_conformance import coverage

    try:
        found = coverage.cells()
        stale = coverage.stale_exceptions(found)
    except (ValueError, ProfileError) as exc:
        return _error(str(exc))
    holes = coverage.holes(found)
    shown = [c for c in found if not c.covered] if args.holes else found
    if args.format == "json":
        print(
            json.dumps(
                [
                    {
                        "profile": c.profile,
                        "kind": c.kind,
                        "value": c.value,
                        "area": c.area,
                        "scenarios": list(c.scenarios),
                        "reason": c.reason,
                    }
                    for c in shown
                ],
                indent=2,
            )
        )
    elif args.format == "markdown":
        print(coverage.markdown(shown), end="")
    else:
        console = Console(file=sys.stdout)
        if not console.is_terminal:
            console.width = 140
        table = Table()
        for column in ("profile", "option or reading", "rule area", "scenarios"):
            table.add_column(column)
        for c in shown:
            what = c.value + (" (reading)" if c.kind == "reading" else "")
            if c.covered:
                played = f"{len(c.scenarios)}: {', '.join(c.scenarios[:2])}"
                played += ", ..." if len(c.scenarios) > 2 else ""
            else:
                played = f"[yellow]none[/yellow]: {c.reason}" if c.reason else "[red]HOLE[/red]"
            table.add_row(c.profile, what, c.area, played)
        console.print(table)
        console.print(
            f"{sum(c.covered for c in found)} of {len(found)} cells played; "
            f"{len(found) - sum(c.covered for c in found) - len(holes)} explained; "
            f"{len(holes)} holes"
        )
    for key in stale:
        print(
            f"durak-conformance rules coverage: stale exception {'/'.join(key)} "
            "(the cell is played now, or no longer exists)",
            file=sys.stderr,
        )
    return 1 if holes or stale else EXIT_OK


def _sentences(args: argparse.Namespace) -> int:
    from durak_conformance import sentence_map

    try:
        profile = load_profile(args.profile)
    except ProfileError as exc:
        return _error(str(exc))
    if args.skeleton and not args.document:
        return _error("--skeleton needs --document FILE (the sentences come from the document)")
    text = None
    if args.document:
        try:
            text = open(args.document, encoding="utf-8").read()  # noqa: SIM115 - read at once
        except (OSError, UnicodeDecodeError) as exc:
            return _error(f"--document {args.document}: {exc}")
    entries = profile.sentence_map
    if args.skeleton:
        assert text is not None
        for sentence in sentence_map.split_document(text)[len(entries) :]:
            print(
                f'  - {{n: {sentence.n}, digest: "{sentence.digest}", gist: "", maps: []}}'
                f"  # line {sentence.line}"
            )
        return EXIT_OK
    console = Console(file=sys.stdout)
    if not console.is_terminal:
        console.width = 140
    table = Table(title=f"{profile.id}: the second reading, sentence by sentence")
    for column in ("n", "gist", "maps to"):
        table.add_column(column)
    for entry in entries:
        target = ", ".join(entry.maps) if entry.maps else f"not a rule ({entry.not_a_rule})"
        if entry.reason:
            target += f": {entry.reason}"
        table.add_row(str(entry.n), entry.gist, target)
    console.print(table)
    mapped = sum(bool(e.maps) for e in entries)
    console.print(
        f"{len(entries)} sentences: {mapped} map to the profile, "
        f"{len(entries) - mapped} are no rule"
    )
    if text is None:
        return EXIT_OK
    problems = sentence_map.check_map(entries, text)
    for problem in problems:
        print(f"durak-conformance rules sentences: {profile.id}: {problem}", file=sys.stderr)
    return 1 if problems else EXIT_OK


def _list(_args: argparse.Namespace) -> int:
    for pid in list_profiles():
        try:
            profile = load_profile(pid)
        except ProfileError as exc:
            return _error(str(exc))
        options = "; ".join(
            f"{o.key}: {'|'.join(o.values)} (default {o.default})" for o in profile.options.values()
        )
        print(f"{pid}\t{profile.title}\t{options or 'no options'}")
    return EXIT_OK


def _check(args: argparse.Namespace) -> int:
    files = args.files or [rulesets.path("base.yaml")] + [
        rulesets.path(f"{pid}.yaml") for pid in list_profiles()
    ]
    failed = 0
    for file in files:
        try:
            pid = check_file(file)
        except ProfileError as exc:
            print(f"durak-conformance rules: error: {exc}", file=sys.stderr)
            failed += 1
            continue
        print(f"ok\t{file}\t({pid})")
    return EXIT_USAGE if failed else EXIT_OK
