"""The fuzzer: it finds mutants, shrinks what it finds to a scenario that fails against the
mutant and passes against the reference engine, agrees with ``serve``, and shards partition
the campaign."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from gherkin.parser import Parser

from adapters.base import JSON, UnsupportedByEngine
from adapters.mutants import MUTANTS, MutantAdapter, get
from adapters.reference import ReferenceAdapter
from adapters.stdio import StdioAdapter, reference_stdio_command
from durak_conformance.fuzzing import render
from durak_conformance.fuzzing.campaign import (
    EngineSpec,
    Settings,
    game_seeds,
    make_table,
    parse_shard,
    play_seed,
    run_campaign,
)
from durak_conformance.fuzzing.lockstep import Lockstep
from durak_conformance.fuzzing.shrink import Shrinker
from durak_conformance.protocol import response_problem

ROOT = Path(__file__).resolve().parent.parent


def _first_divergence(lockstep: Lockstep, games: int, settings: Settings) -> int | None:
    for seed in range(games):
        if play_seed(lockstep, seed, settings).divergence is not None:
            return seed
    return None


def _run_feature(tmp_path: Path, text: str, adapter: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "finding.feature").write_text(text, encoding="utf-8")
    (tmp_path / "test_finding.py").write_text(
        "import pytest\nfrom pytest_bdd import scenarios\n\n"
        'pytestmark = pytest.mark.usefixtures("durak_adapter")\n'
        'scenarios("finding.feature")\n',
        encoding="utf-8",
    )
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            str(tmp_path),
            "-c",
            str(tmp_path / "pytest.ini"),
            "--rootdir",
            str(tmp_path),
            "-q",
            "-p",
            "no:cacheprovider",
            "--durak-adapter",
            adapter,
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("mutant", "profile", "seats"),
    [("trump-not-beating-plain", "durak-challenge", 2)],
)
def test_finding_is_shrunk_to_a_scenario_that_tells_mutant_from_reference(
    tmp_path: Path, mutant: str, profile: str, seats: int
) -> None:
    table = make_table(profile, {}, seats)
    lockstep = Lockstep(MutantAdapter(get(mutant)), table)
    settings = Settings()
    seed = _first_divergence(lockstep, 50, settings)
    assert seed is not None, f"{mutant} not found in 50 games"
    found = play_seed(lockstep, seed, settings)
    assert found.divergence is not None
    shrinker = Shrinker(lockstep)
    small = shrinker.shrink(found)
    assert small.divergence is not None
    assert small.start.position is not None, "the reproduction starts from a position"
    assert len(small.actions) <= 12
    assert len(small.actions) <= len(found.actions)
    assert shrinker.stats.cards_after < 36
    text = render.scenario(
        lockstep, small, scenario_id=f"fuzz.{profile}.test", title="a finding", source="a test"
    )
    feature = render.feature(text, profile)
    Parser().parse(feature)  # valid Gherkin
    against_mutant = _run_feature(tmp_path, feature, f"mutant:{mutant}")
    assert against_mutant.returncode == 1, against_mutant.stdout[-2000:]
    assert "1 failed" in against_mutant.stdout
    against_reference = _run_feature(tmp_path, feature, "reference")
    assert against_reference.returncode == 0, against_reference.stdout[-3000:]
    assert "1 passed" in against_reference.stdout


def test_no_divergence_against_the_reference_engine_served_over_stdio() -> None:
    adapter = StdioAdapter(reference_stdio_command(), checker=response_problem)
    try:
        for profile, seats, options in [
            ("durak-challenge", 2, {}),
            ("howto-durak", 3, {"mode": "passing"}),
            ("ggtables", 4, {}),
        ]:
            table = make_table(profile, options, seats)
            result = run_campaign(
                EngineSpec(),
                table,
                game_seeds(7, 4),
                Settings(legal_rate=0.5),
                lockstep=Lockstep(adapter, table, legal_rate=0.5),
            )
            assert result.games == 4
            assert result.divergent_seed is None, result.message
            assert result.finished == 4
    finally:
        adapter.close()


def test_shards_partition_the_campaign() -> None:
    everything = game_seeds(100, 23)
    assert everything == list(range(100, 123))
    shards = [game_seeds(100, 23, (i, 4)) for i in range(1, 5)]
    assert sorted(s for shard in shards for s in shard) == everything
    assert all(set(a).isdisjoint(b) for i, a in enumerate(shards) for b in shards[i + 1 :])
    assert parse_shard("2/4") == (2, 4)
    for bad in ("0/4", "5/4", "x", "1/0"):
        with pytest.raises(Exception, match="--shard"):
            parse_shard(bad)


def test_the_same_seed_plays_the_same_game() -> None:
    table = make_table("howto-durak", {}, 3)
    lockstep = Lockstep(ReferenceAdapter(), table)
    first = play_seed(lockstep, 5, Settings())
    again = play_seed(lockstep, 5, Settings())
    assert first.actions == again.actions
    assert first.start == again.start
    assert first.divergence is None and first.finished


@pytest.mark.parametrize("mutant", [m.name for m in MUTANTS])
def test_every_mutant_differs_from_the_reference_in_some_fuzzed_game(mutant: str) -> None:
    chosen = get(mutant)
    target = chosen.target
    table = make_table(target.profile, dict(target.options), target.seats)
    lockstep = Lockstep(MutantAdapter(chosen), table)
    settings = Settings(illegal_rate=target.illegal_rate)
    assert _first_divergence(lockstep, 300, settings) is not None, (
        f"{mutant} played like the reference engine in 300 games on {target.describe()}"
    )


def test_fuzz_command_exit_codes(tmp_path: Path) -> None:
    from durak_conformance.cli import main

    out = tmp_path / "findings"
    base = ["fuzz", "--profile", "durak-challenge", "--games", "3", "--out", str(out)]
    assert main([*base, "--adapter", "reference"]) == 0
    assert main([*base, "--adapter", "mutant:trump-not-beating-plain"]) == 1
    assert list(out.glob("*.feature")) and list(out.glob("*.jsonl"))
    assert main([*base, "--adapter", "mutant:no-such-bug"]) == 2
    assert main(["fuzz", "--profile", "nope", "--games", "1"]) == 2
    assert main([*base, "--shard", "3/2"]) == 2
    assert main([*base, "--engine", "--", str(tmp_path / "no-such-engine")]) == 3


class _PickyPositions(MutantAdapter):
    """A mutant that, like some real engines, claims ``position`` but cannot set up the
    positions the shrinker tries (one needs the attacker named, one an empty stock...)."""

    def start(self, game: str, **request: Any) -> JSON:
        if request.get("position") is not None:
            raise UnsupportedByEngine("cannot set up this position")
        return super().start(game, **request)


def test_shrinking_goes_on_when_the_engine_cannot_set_up_a_start() -> None:
    """The shrinker tries positions the engine may answer unsupported (the first bout's has
    no attacker): it drops those and still shrinks from the deck, instead of ending the
    campaign in a traceback."""
    table = make_table("durak-challenge", {}, 2)
    lockstep = Lockstep(_PickyPositions(get("trump-not-beating-plain")), table)
    settings = Settings()
    seed = _first_divergence(lockstep, 50, settings)
    assert seed is not None
    found = play_seed(lockstep, seed, settings)
    small = Shrinker(lockstep).shrink(found)
    assert small.divergence is not None
    assert small.start.position is None
    assert len(small.actions) <= len(found.actions)


def test_a_findings_action_types_are_written_as_the_steps_read_them() -> None:
    """Every action type the steps know is written by the repro renderer in words the steps
    read back (a durak-challenge finding about ``redeal`` crashed the report with KeyError);
    a type no step knows is written as it is rather than breaking the report."""
    from durak_conformance.fuzzing.render import type_words
    from durak_conformance.steps.notation import ACTION_WORDS, action_types

    for kind in sorted(set(ACTION_WORDS.values())):
        assert action_types(type_words([kind])) == [kind]
    assert type_words(["redeal", "done"]) == "redeal, be done"
    assert type_words(["stand_up"]) == "stand up"
