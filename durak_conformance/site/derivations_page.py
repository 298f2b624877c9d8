"""The derived set-ups page: which position scenarios a deck-only engine can run.

Reads the derivations stored beside the features (``<feature>.derivations.yaml``, written by
``durak-conformance derive``) and shows, per profile, how many position runs have a verified
deck-and-prefix derivation, and every run that has none, with the reason.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from durak_conformance.derivation import regenerate
from durak_conformance.derivation.store import StoreError
from durak_conformance.site.markup import esc

PAGE = "derivations.md"

INTRO = """\
# Derived set-ups

Most scenarios start from a *position*: a table between bouts (hands, stock, trump, discard
pile, seats out, who attacks). Few real engines can load one, but nearly all accept a stacked
deck. For every run of a position scenario (scenario, example row, profile and options), the
suite stores a stacked deck and a short prefix of legal actions that reach exactly that table
from a normal deal, verified on the reference engine: `features/<profile>/<area>.derivations.yaml`,
beside the feature file. An engine that does not claim capability `position` but accepts a
deck gets those scenarios: the harness starts the game from the deck, plays the prefix as its
own set-up (marked `setup: derivation` in the transcript) and checks that the engine's table
is then the scenario's position; an engine that refuses a step of the prefix, or reaches
another table, fails that scenario's set-up with a message saying so.

`durak-conformance derive` regenerates the files; `durak-conformance derive --check` (run by
the project's tests) fails when one is stale: a feature, profile or option changed the
position a run starts from, or the reference engine no longer reaches the position by the
stored prefix. How positions are written so that a game can reach them is described in
[Writing features](writing-features.md#reachable-positions).
"""


def markdown(root: Path | None = None) -> str:
    """The page's Markdown (``root``: the features folder; default: the installed one)."""
    lines = [INTRO]
    try:
        entries = regenerate.stored_entries(root)
    except StoreError as exc:
        return INTRO + f"\nThe derivations cannot be read: {esc(str(exc))}\n"
    if not entries:
        return INTRO + "\nNo derivations are stored yet: run `durak-conformance derive`.\n"
    lines += [
        "## Derivable share",
        "",
        "| profile | position runs | derived | share |",
        "|---|---:|---:|---:|",
    ]
    for share in regenerate.shares(e for _, e in entries):
        lines.append(
            f"| {esc(share.profile)} | {share.runs} | {share.derived} | {share.percent:.1f}% |"
        )
    total = len(entries)
    derived = sum(1 for _, e in entries if e.underivable is None)
    lines.append(f"| **all** | {total} | {derived} | {100.0 * derived / total:.1f}% |")
    inexact = [(f, e) for f, e in entries if e.underivable is None and not e.clock_exact]
    missing = [(f, e) for f, e in entries if e.underivable is not None]
    lines += ["", "## Runs with no derivation", ""]
    if not missing:
        lines.append("Every position run has a derivation.")
    else:
        lines += ["| feature | scenario | profile | why |", "|---|---|---|---|"]
        for feature, e in missing:
            lines.append(
                f"| `{esc(feature)}` | `{esc(e.scenario)}` | {esc(e.profile)} | "
                f"{esc(e.underivable or '')} |"
            )
    if inexact:
        by_profile: dict[str, int] = defaultdict(int)
        for _, e in inexact:
            by_profile[e.profile] += 1
        counts = ", ".join(f"{p}: {n}" for p, n in sorted(by_profile.items()))
        lines += [
            "",
            "## Chess clocks",
            "",
            f"{len(inexact)} derivations ({counts}) leave the chess clocks ahead of the "
            "position's: every action of the prefix earns the clock's increment. They serve "
            "engines that do not claim capability `clock` (for which no step can see a "
            "clock); an engine that claims it skips those runs, with that reason.",
        ]
    return "\n".join(lines) + "\n"
