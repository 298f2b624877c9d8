"""The fuzzer's proof (issue 14), kept small enough for CI: a campaign against each mutant of
the zoo reports the divergence signatures the mutant causes, each reproduced by a shrunk game
with that signature; and a composite engine with three independent bugs gives three distinct
findings, each shrunk to a scenario that fails on its own bug and on no other.

``benchmarks/fuzz_proof.py`` runs the full version (up to 2,000 games per claimed profile)."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from adapters.mutants import MUTANTS, MutantAdapter, get
from adapters.reference import ReferenceAdapter
from durak_conformance.cli import main
from durak_conformance.fuzzing import report as fuzz_report
from durak_conformance.fuzzing.campaign import (
    EngineSpec,
    Settings,
    game_seeds,
    make_table,
    play_seed,
    run_campaign,
)
from durak_conformance.fuzzing.findings import signature_of
from durak_conformance.fuzzing.lockstep import Lockstep
from durak_conformance.fuzzing.shrink import Shrinker, replay

ROOT = Path(__file__).resolve().parent.parent
THREE_BUGS = ROOT / "tests" / "engines" / "three_bugs.py"
BUGS = ("defender-hand-limit-ignored", "any-trump-beats-trump", "computer-accepts-anyway")
GAMES = 30
"""Games per mutant here (the full proof plays up to 2,000 per profile)."""


@pytest.mark.parametrize("mutant", [m.name for m in MUTANTS])
def test_a_campaign_against_each_mutant_reports_its_signatures(mutant: str) -> None:
    chosen = get(mutant)
    target = chosen.target
    table = make_table(target.profile, dict(target.options), target.seats)
    lockstep = Lockstep(MutantAdapter(chosen), table)
    settings = Settings(illegal_rate=target.illegal_rate)
    result = run_campaign(EngineSpec(), table, game_seeds(0, GAMES), settings, lockstep=lockstep)
    if not result.divergent:  # a rare bug: play on to its first game (as the full proof does)
        result = run_campaign(
            EngineSpec(),
            table,
            game_seeds(GAMES, 400),
            settings,
            lockstep=lockstep,
            stop_at_first=True,
        )
    findings = fuzz_report.group(result.divergent)
    assert findings, f"{mutant}: no divergence on {target.describe()}"
    # every divergent game is counted under exactly one signature
    assert sum(f.count for f in findings) == len(result.divergent)
    assert len({f.signature for f in findings}) == len(findings)
    # the first finding's shrunk game keeps its signature against the mutant, and the
    # reference engine plays it without any divergence
    finding = findings[0]
    found = play_seed(lockstep, finding.first_seed, settings)
    assert found.divergence is not None
    assert signature_of(found.divergence, found.actions) == finding.signature
    small = Shrinker(lockstep, max_replays=150, max_seconds=5).shrink(found)
    assert small.divergence is not None
    assert signature_of(small.divergence, small.actions) == finding.signature
    assert len(small.actions) <= len(found.actions)
    honest = Lockstep(ReferenceAdapter(), table)
    again = replay(honest, small.start, small.actions, finding.signature)
    assert again.divergence is None, again.divergence


def _features_run(tmp_path: Path, features: list[Path], engine: list[str]) -> dict[str, str]:
    """Run the finding scenarios against ``engine``; scenario id -> passed/failed."""
    folder = tmp_path / "run"
    shutil.rmtree(folder, ignore_errors=True)
    (folder / "features").mkdir(parents=True)
    for path in features:
        shutil.copy(path, folder / "features" / path.name)
    (folder / "test_findings.py").write_text(
        "import pytest\nfrom pytest_bdd import scenarios\n\n"
        'pytestmark = pytest.mark.usefixtures("durak_adapter")\n'
        'scenarios("features")\n',
        encoding="utf-8",
    )
    (folder / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            str(folder),
            *("-c", str(folder / "pytest.ini"), "--rootdir", str(folder)),
            *("-q", "-p", "no:cacheprovider", "-rA"),
            "--durak-engine",
            shlex.join(engine),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    outcome: dict[str, str] = {}
    for line in done.stdout.splitlines():
        for word in ("PASSED", "FAILED"):
            if line.startswith(word + " "):
                name = line.split("::", 1)[1].split(" ", 1)[0]
                seed = name.split("seed_", 1)[1].split("_", 1)[0] if "seed_" in name else name
                outcome[seed] = word.lower()
    assert outcome, done.stdout[-3000:] + done.stderr[-2000:]
    return outcome


def test_three_independent_bugs_give_three_findings_each_about_its_own_rule(
    tmp_path: Path,
) -> None:
    report_path = tmp_path / "three.json"
    code = main(
        [
            "fuzz",
            "--no-progress",
            *("--profile", "durak-challenge", "--games", "20", "--seed", "0"),
            *("--out", str(tmp_path / "out"), "--report", str(report_path)),
            *("--shrink-time", "20"),
            "--engine",
            "--",
            sys.executable,
            str(THREE_BUGS),
        ]
    )
    assert code == 1
    data = json.loads(report_path.read_text(encoding="utf-8"))
    findings = data["findings"]
    assert len(findings) == 3, [f["signature"] for f in findings]
    assert len({f["signature"] for f in findings}) == 3
    features = [Path(f["repro"]["feature"]) for f in findings]
    assert all(f["repro"]["same_signature"] for f in findings)
    seeds = {str(f["first_seed"]) for f in findings}
    python = sys.executable
    against_reference = _features_run(
        tmp_path, features, [python, "-m", "durak_conformance", "serve"]
    )
    assert against_reference == dict.fromkeys(seeds, "passed")
    against_all = _features_run(tmp_path, features, [python, str(THREE_BUGS)])
    assert against_all == dict.fromkeys(seeds, "failed")
    owner: dict[str, str] = {}
    for bug in BUGS:
        outcome = _features_run(tmp_path, features, [python, str(THREE_BUGS), "--bugs", bug])
        failed = [seed for seed, result in outcome.items() if result == "failed"]
        assert len(failed) == 1, f"{bug}: scenarios of seeds {failed} fail against it alone"
        owner[failed[0]] = bug
    assert sorted(owner) == sorted(seeds), "each finding is about a bug of its own"
