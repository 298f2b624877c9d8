"""The fuzzer's full proof (issue 14): a campaign against every mutant of the zoo on each profile
whose rules it breaks, and one against the three-bug composite engine.

Run ``python benchmarks/fuzz_proof.py`` (``--games N`` per profile, default 2,000;
``--mutant NAME`` to pick some; ``--json FILE`` to keep the result).  For each mutant and
profile it prints the divergent games, the distinct signatures (findings) with their counts
and first seeds; a mutant that shows on none of its profiles is a failure (exit 1), and so is
a composite campaign that does not give exactly three findings.  ``tests/test_fuzz_proof.py``
is the small version CI runs.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from adapters.mutants import MUTANTS, MutantAdapter, get
from adapters.stdio import StdioAdapter
from durak_conformance.fuzzing import report as fuzz_report
from durak_conformance.fuzzing.campaign import (
    EngineSpec,
    FuzzUsageError,
    Settings,
    game_seeds,
    make_table,
    run_campaign,
)
from durak_conformance.fuzzing.lockstep import Lockstep, Table
from durak_conformance.protocol import response_problem

ROOT = Path(__file__).resolve().parent.parent


def table_for(mutant: Any, profile: str) -> Table:
    """The mutant's fuzz target on its own profile; elsewhere the profile's defaults, with the
    target's options where the profile has them (a transfer bug needs transfer rules)."""
    target = mutant.target
    if profile == target.profile:
        return make_table(profile, dict(target.options), target.seats)
    try:
        return make_table(profile, dict(target.options), target.seats)
    except FuzzUsageError:
        return make_table(profile, {}, None)


def campaign(lockstep: Lockstep, table: Table, games: int, settings: Settings) -> dict[str, Any]:
    began = time.perf_counter()
    result = run_campaign(EngineSpec(), table, game_seeds(0, games), settings, lockstep=lockstep)
    findings = fuzz_report.group(result.divergent)
    return {
        "table": {"profile": table.profile, "options": dict(table.options), "seats": table.seats},
        "games": result.games,
        "divergent": len(result.divergent),
        "seconds": round(time.perf_counter() - began, 1),
        "findings": [
            {"signature": f.signature, "count": f.count, "first_seed": f.first_seed}
            for f in findings
        ],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=2000, help="games per profile")
    parser.add_argument("--mutant", action="append", default=[], help="only these mutants")
    parser.add_argument("--json", type=Path, help="write the result here")
    parser.add_argument(
        "--target-only", action="store_true", help="only each mutant's fuzz target profile"
    )
    args = parser.parse_args(argv)
    chosen = [get(n) for n in args.mutant] if args.mutant else list(MUTANTS)
    out: dict[str, Any] = {"games_per_profile": args.games, "mutants": {}, "composite": None}
    failed = []
    for mutant in chosen:
        rows = []
        profiles = [mutant.target.profile] if args.target_only else list(mutant.profiles)
        for profile in profiles:
            table = table_for(mutant, profile)
            lockstep = Lockstep(MutantAdapter(mutant), table)
            settings = Settings(
                illegal_rate=mutant.target.illegal_rate
                if profile == mutant.target.profile
                else 0.15
            )
            row = campaign(lockstep, table, args.games, settings)
            rows.append(row)
            firsts = ", ".join(str(f["first_seed"]) for f in row["findings"]) or "-"
            print(
                f"{mutant.name:32} {profile:18} {row['divergent']:5}/{row['games']} divergent, "
                f"{len(row['findings'])} finding(s), first seeds {firsts} ({row['seconds']} s)",
                flush=True,
            )
        out["mutants"][mutant.name] = rows
        if not any(r["findings"] for r in rows):
            failed.append(mutant.name)
    if not args.mutant:  # the composite engine, over stdio
        engine = [sys.executable, str(ROOT / "tests" / "engines" / "three_bugs.py")]
        adapter = StdioAdapter(engine, checker=response_problem)
        try:
            table = make_table("durak-challenge", {}, 2)
            row = campaign(Lockstep(adapter, table), table, args.games, Settings())
        finally:
            adapter.close()
        out["composite"] = row
        print(f"three-bugs composite: {row['divergent']}/{row['games']} divergent games")
        for f in row["findings"]:
            print(f"  {f['count']:5} games, first seed {f['first_seed']:5}: {f['signature']}")
        if len(row["findings"]) != 3:
            failed.append("three-bugs composite")
    shown = sum(1 for rows in out["mutants"].values() if any(r["findings"] for r in rows))
    print(f"{shown} of {len(chosen)} mutants found; failures: {', '.join(failed) or 'none'}")
    if args.json is not None:
        args.json.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
