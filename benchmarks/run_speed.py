"""How long a conformance run takes, and where the time goes.

    python benchmarks/run_speed.py [--repeats 3] [--profile-run] [--json FILE]

Measures, each repeated and reported as the median (these machines are noisy):

- collection alone (pytest-bdd parsing every feature and building the tests);
- the default run (every profile, reference engine in process), serially and with --jobs 2;
- the same run against the reference engine served over stdio (`durak-conformance serve`),
  to give the stdio/in-process ratio of a whole run;

and, with --profile-run, splits one in-process run's time by where it is spent (the engine,
the step library and plugin, pytest-bdd and gherkin, pytest itself) from a cProfile of the run.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "durak_conformance" / "suite" / "test_features.py"
INI = ROOT / "durak_conformance" / "run-pytest.ini"


def timed(command: list[str]) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        done = subprocess.run(command, cwd=tmp, capture_output=True, text=True)
        elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}")
    return elapsed


def run_command(*extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "durak_conformance",
        "run",
        "--no-progress",
        "--reports",
        "reports",
        *extra,
    ]


def collect_command() -> list[str]:
    return [
        sys.executable,
        "-m",
        "pytest",
        str(SUITE),
        "-c",
        str(INI),
        "--rootdir",
        str(SUITE.parent),
        "--collect-only",
        "-q",
        "-p",
        "no:randomly",
    ]


def where_the_time_goes() -> dict[str, float]:
    """Share of one in-process run's time by package, from cProfile's own-time figures."""
    import pytest

    profiler = cProfile.Profile()
    args = [
        str(SUITE),
        "-c",
        str(INI),
        "--rootdir",
        str(SUITE.parent),
        "-q",
        "-p",
        "no:randomly",
        "--durak-adapter",
        "reference",
    ]
    profiler.enable()
    pytest.main(args)
    profiler.disable()
    stats = pstats.Stats(profiler)
    buckets = {
        "reference engine": 0.0,
        "steps, plugin, adapters": 0.0,
        "pytest-bdd and gherkin": 0.0,
        "pytest": 0.0,
        "other": 0.0,
    }
    total = 0.0
    for (filename, _, _), (_, _, own, _, _) in stats.stats.items():  # type: ignore[attr-defined]
        total += own
        if "reference_engine" in filename:
            buckets["reference engine"] += own
        elif "durak_conformance" in filename or "/adapters/" in filename:
            buckets["steps, plugin, adapters"] += own
        elif "pytest_bdd" in filename or "gherkin" in filename:
            buckets["pytest-bdd and gherkin"] += own
        elif "_pytest" in filename or "pluggy" in filename:
            buckets["pytest"] += own
        else:
            buckets["other"] += own
    return {k: v / total for k, v in buckets.items()} if total else buckets


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--profile-run", action="store_true")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    serve = [sys.executable, "-m", "durak_conformance", "serve"]
    measurements = {
        "collection only": collect_command(),
        "run, in process, serial": run_command(),
        "run, in process, --jobs 2": run_command("--jobs", "2"),
        "run, over stdio, serial": run_command("--engine", "--", *serve),
    }
    results: dict[str, Any] = {name: [] for name in measurements}
    for _ in range(args.repeats):  # interleaved, so drift hits every variant alike
        for name, command in measurements.items():
            results[name].append(timed(command))
    medians = {name: statistics.median(times) for name, times in results.items()}
    for name, value in medians.items():
        print(f"{name:28} {value:6.1f} s  (runs: {', '.join(f'{t:.1f}' for t in results[name])})")
    serial = medians["run, in process, serial"]
    print(f"\n--jobs 2 speed-up: {serial / medians['run, in process, --jobs 2']:.2f}x")
    print(f"stdio / in process: {medians['run, over stdio, serial'] / serial:.2f}x")
    out: dict[str, Any] = {"medians_seconds": medians, "runs": results}
    if args.profile_run:
        shares = where_the_time_goes()
        print("\nwhere the time of an in-process run goes (cProfile own time):")
        for name, share in shares.items():
            print(f"  {name:26} {share:6.1%}")
        out["shares"] = shares
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
