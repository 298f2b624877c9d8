"""The fuzz speed benchmark compares like with like (no timing is asserted here).

``benchmarks/fuzz_speed.py`` sets the reference side alone against lockstep over stdio; its
ratio means something only if both sides play the same games, and only if the slices of a
round cover every seed once.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from durak_conformance.fuzzing.campaign import Settings, make_table, play_seed
from durak_conformance.fuzzing.lockstep import Lockstep

ROOT = Path(__file__).resolve().parent.parent


def _load_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "fuzz_speed", ROOT / "benchmarks" / "fuzz_speed.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up while being built
    spec.loader.exec_module(module)
    return module


fuzz_speed = _load_benchmark()


def test_the_reference_side_alone_plays_the_games_the_lockstep_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from adapters.reference import ReferenceAdapter
    from durak_conformance.fuzzing import lockstep as lockstep_module

    table = make_table("durak-challenge", {}, 2)
    # A no-trump deal in some of these seeds: the start must be drawn the same way too.
    settings = Settings(no_trump_rate=0.5)
    played: list[list[object]] = []

    real_act = lockstep_module.ReferenceSide.act

    def act(self: lockstep_module.ReferenceSide, action: object) -> str | None:
        played[-1].append(dict(action))  # type: ignore[call-overload]
        return real_act(self, action)  # type: ignore[arg-type]

    real_init = lockstep_module.ReferenceSide.__init__

    def init(self: lockstep_module.ReferenceSide, *args: object) -> None:
        played.append([])
        real_init(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(lockstep_module.ReferenceSide, "act", act)
    monkeypatch.setattr(lockstep_module.ReferenceSide, "__init__", init)
    lockstep = Lockstep(ReferenceAdapter(), table, legal_rate=settings.legal_rate)
    for seed in range(6):
        assert play_seed(lockstep, seed, settings).divergence is None
    in_lockstep, played[:] = list(played), []
    fuzz_speed.reference_alone(table, range(6), settings)
    assert played == in_lockstep
    assert all(len(game) > 20 for game in played)


def test_a_round_covers_every_seed_once_in_its_slices(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, list[int]] = {"alone": [], "stdio": []}

    def alone(table: object, seeds: range, settings: object) -> object:
        seen["alone"].extend(seeds)
        return fuzz_speed.Measure(1.0, 1.0, None)

    class Fake:
        def __init__(self, *args: object) -> None:
            pass

        def play(self, seeds: range) -> object:
            seen["stdio"].extend(seeds)
            return fuzz_speed.Measure(2.0, 1.0, 0.5, 10)

        def close(self) -> None:
            pass

    monkeypatch.setattr(fuzz_speed, "reference_alone", alone)
    monkeypatch.setattr(fuzz_speed, "OverStdio", Fake)
    totals = fuzz_speed.one_round(make_table("durak-challenge", {}, 2), 7, 3, Settings())
    assert seen["alone"] == list(range(7))
    assert sorted(seen["stdio"]) == sorted(list(range(7)) * 2)  # schema checks on, and off
    assert totals["alone"].seconds == 3.0 and totals["schema"].seconds == 6.0
    assert totals["schema"].engine_cpu == 1.5 and totals["alone"].engine_cpu is None


def test_the_script_runs_end_to_end(capsys: pytest.CaptureFixture[str]) -> None:
    random.seed(0)
    assert fuzz_speed.main(["--games", "4", "--rounds", "1", "--slices", "2"]) == 0
    out = capsys.readouterr().out
    assert "reference side alone" in out and "schema checks, ratio by round" in out
    assert "requests per game over stdio" in out
