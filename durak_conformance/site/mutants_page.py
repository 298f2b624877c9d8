"""The mutants page: how many of the mutant zoo's rule bugs the Gherkin suite kills.

Reads ``mutants.json`` from the reports folder (written by ``durak-conformance mutants``) and
lists every mutant -- what it gets wrong, the profiles whose rules it breaks, the scenarios that
kill it, whether the fuzzer found it -- and, for any survivor, why it is acceptable (the
explanations live in :data:`durak_conformance.mutation.EXPLAINED`).  Without a result file the
page says how to produce one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from durak_conformance.mutation import load
from durak_conformance.site.markup import esc

PAGE = "mutants.md"
RESULT_FILE = "mutants.json"
SHOWN_KILLERS = 4

HOW_TO_RUN = """\
Produce or refresh the result with:

```sh
durak-conformance mutants --jobs 0 --fuzz-games 100
```

It runs the suite in process against every mutant (each on the profiles whose rules it breaks)
and writes `reports/mutants.json`, which this page reads when the site is built.
"""


def _killers(entry: Mapping[str, Any]) -> str:
    ids = list(entry.get("killed_by") or [])
    if not ids:
        return "**none**"
    shown = "<br>".join(f"`{esc(i).replace('|', '&#124;')}`" for i in ids[:SHOWN_KILLERS])
    more = f"<br>and {len(ids) - SHOWN_KILLERS} more" if len(ids) > SHOWN_KILLERS else ""
    return f"{len(ids)} of {entry.get('scenarios', '?')}:<br>{shown}{more}"


def _fuzz(entry: Mapping[str, Any]) -> str:
    fuzz = entry.get("fuzz")
    if not isinstance(fuzz, Mapping):
        return "not run"
    if fuzz.get("diverged"):
        return f"found (game seed {fuzz.get('seed')})"
    return f"not found in {fuzz.get('games')} games"


def markdown(reports_dir: Path | Sequence[Path]) -> str:
    """The page's Markdown, from the last of the folders that holds a result."""
    lines = [
        "# Mutant kill rate",
        "",
        "A *mutant* is the reference engine with one realistic rule bug: a small subclass that "
        "overrides one hook of the game, or a ruleset with one parameter read wrongly "
        "(`adapters/mutants.py`). The suite *kills* a mutant when at least one scenario fails "
        "against it. A suite that lets a plausible bug through has a hole; the aim is that "
        "every mutant is killed by the Gherkin suite alone. "
        "See [Fuzzing and mutants](fuzzing-and-mutants.md) for how to run both.",
        "",
    ]
    folders = [reports_dir] if isinstance(reports_dir, Path) else list(reports_dir)
    found = [folder / RESULT_FILE for folder in folders if (folder / RESULT_FILE).is_file()]
    result = load(found[-1]) if found else None
    if result is None:
        lines += ["No mutation result has been published yet.", "", HOW_TO_RUN]
        return "\n".join(lines)
    totals = result.totals
    rate = 100 * float(totals.get("kill_rate", 0.0))
    if result.partial:
        lines += [
            '!!! warning "Partial result"',
            "    This result comes from a run narrowed to some scenarios (`mutants --id` or "
            "`--tags`): it is not the suite's kill rate.",
            "",
        ]
    lines += [
        f"**{totals.get('killed', 0)} of {totals.get('mutants', 0)} mutants killed "
        f"({rate:.0f}%)**; {totals.get('survived', 0)} survived"
        f" ({totals.get('explained', 0)} of them explained below).",
        "",
        "| mutant | what it gets wrong | profiles | killed by | fuzzer |",
        "|---|---|---|---|---|",
    ]
    for entry in result.mutants:
        verdict = "killed" if entry.get("killed") else "**survived**"
        profiles = ", ".join(esc(p) for p in entry.get("profiles") or [])
        lines.append(
            f"| `{esc(entry.get('name'))}`<br>{verdict} | {esc(entry.get('description'))} "
            f"| {profiles} | {_killers(entry)} | {_fuzz(entry)} |"
        )
    survivors = [e for e in result.mutants if not e.get("killed")]
    lines += ["", "## Survivors", ""]
    if not survivors:
        lines.append("None: every mutant is killed by at least one scenario.")
    for entry in survivors:
        why = entry.get("explanation") or "not explained yet: a scenario is missing."
        lines.append(f"- `{esc(entry.get('name'))}`: {esc(why)}")
    lines += ["", "## Refreshing", "", HOW_TO_RUN]
    return "\n".join(lines)
