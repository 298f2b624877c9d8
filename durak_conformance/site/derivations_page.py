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
deck. So for every run of a position scenario (scenario, example row, profile and options)
the suite stores a **derivation**: a stacked deck and a short prefix of legal actions that
reach exactly that table from a normal deal under the run's profile and options, verified on
the reference engine. They live beside the features, in
`features/<profile>/<area>.derivations.yaml`.

## How an engine benefits

An engine that does not claim capability `position` but can start from a stacked deck (it
claims `deck`, or no start capability at all) runs the position scenarios all the same:

1. the harness starts the game from the derivation's deck;
2. it plays the prefix as its own set-up, each step as a scenario step is played (with one
   player to move, capability `turn`, through the same turn mapping: a hand-over is inserted
   where harmless, and a step that needs simultaneous play skips the scenario with that
   reason); the steps are in the transcript, marked `setup: derivation`;
3. it checks that the engine's table is now the scenario's position: hands and discard pile
   as sets, the stock in order, the trump, seats out, who attacks and who defends (a deal's
   leader is left to the scenario's own first-attack steps);
4. then the scenario's own steps run as they would from a loaded position.

If the engine refuses a step of the prefix, or reaches another table, the scenario fails with
a check of kind **`setup`**, always **blocked**: the engine disagreed with the reference
engine on ordinary play before the scenario's subject, which is a finding about the engine
but no verdict on the scenario's rule (see [Reports](reports.md)). All such scenarios with
the same disagreement share one cause.

The prefixes are plain on purpose: the search first looks for bouts of at most four cards
that leave the defender a card, open with one card and add nothing after a take, so that a
set-up does not lean on a rule at its edge (a first bout of six, a bout that empties the
defender's hand, throwing in after a take) where engines and documents differ; only when no
such play reaches the table does it use everything the profile allows. A derivation that lets
virtual time pass (the cheater-mode check before a bout closes) needs capability `clock`; one
whose chess clocks end ahead of the position (every action earns the increment) serves only
engines without `clock`. Otherwise the run is skipped with the reason.

## Regenerating

After changing a position scenario, a profile or the reference engine, run:

```
durak-conformance derive            # rewrites the .derivations.yaml files (commit them)
durak-conformance derive --check    # writes nothing; exit 1 on anything stale
durak-conformance derive --summary  # the derivable share and every run not derived
```

`--check` (run by the project's tests) fails, naming the feature line, the derivations file
and the command, when a run has no entry or an entry made for another start (its position,
profile, options or seats changed), when an entry belongs to no run any more, or when a stored
prefix no longer reaches its position on the reference engine. `--profile` and `--id`
regenerate a part. How positions are written so that some game reaches them, and how a
scenario says that its table is out of reach on purpose (`Given the position cannot be
reached by legal play, because ...`), is in
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
