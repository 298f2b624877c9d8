"""The reference engine still behaves exactly as recorded in benchmarks/engine_fingerprint.json.

The fingerprint (``benchmarks/engine_fingerprint.py``) hashes every listing, refusal (clause
and message), event and state of seeded games of every profile, option combination and seat
count, of sessions driven through the protocol adapter, and of one-parameter rule variants.
These tests recompute the quick sample, one part and profile at a time (so the work spreads
over the test workers), and fail naming the part and profile whose behaviour changed.

A deliberate rule change (issue #16 and later) updates the recorded values with its reason:

    python benchmarks/engine_fingerprint.py --write --reason "which rule changed, and why"

``DURAK_FINGERPRINT_FULL=1`` also checks the full sample (several minutes on two cores).
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest

from adapters.mutants import DefenderDrawsFirst, SeventhCard, TakerAttacksNext
from durak_conformance.profiles import list_profiles
from reference_engine import Game

ROOT = Path(__file__).resolve().parent.parent


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "engine_fingerprint", ROOT / "benchmarks" / "engine_fingerprint.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being made
    spec.loader.exec_module(module)
    return module


tool = _load_tool()
COMMITTED = tool.committed()
HOW = (
    "the reference engine no longer behaves as recorded. If a rule was changed on purpose, "
    "record the new values with the reason: python benchmarks/engine_fingerprint.py --write "
    '--reason "..." (compare per case with --cases on both commits to see what changed)'
)


@pytest.mark.parametrize("profile", list_profiles())
@pytest.mark.parametrize("part", tool.PARTS)
def test_the_quick_fingerprint_is_the_recorded_one(part: str, profile: str) -> None:
    expected = COMMITTED["quick"]["by_profile"][part][profile]
    assert tool.profile_digest(part, profile, "quick") == expected, f"{part} / {profile}: {HOW}"


def test_the_recorded_values_cover_every_case_and_add_up() -> None:
    for sample in tool.SAMPLES:
        recorded = COMMITTED[sample]
        assert recorded["cases"] == {p: len(tool.part_cases(p)) for p in tool.PARTS}, (
            f"{sample}: the set of cases changed (a profile, option or variant was added or "
            "removed): record the new values"
        )
        assert set(recorded["by_profile"]["game"]) == set(list_profiles())
        total = "".join(f"{k}={v}\n" for k, v in recorded["parts"].items())
        assert recorded["total"] == hashlib.sha256(total.encode()).hexdigest()
    assert COMMITTED["history"][-1]["quick"] == COMMITTED["quick"]["total"]
    assert all(entry["reason"] for entry in COMMITTED["history"])


@pytest.mark.parametrize(
    ("part", "profile", "variant"),
    [
        ("game", "durak-challenge", SeventhCard),
        ("game", "howto-durak", DefenderDrawsFirst),
        ("session", "videochess", TakerAttacksNext),
    ],
)
def test_a_one_rule_change_changes_the_fingerprint(
    part: str, profile: str, variant: type[Game]
) -> None:
    """The fingerprint is not blind: a mutant (one rule bug) gives other digests."""
    cases = [c for c in tool.part_cases(part) if c.profile == profile][:3]
    changed = [
        tool.case_digest(part, c, "quick", variant) != tool.case_digest(part, c, "quick")
        for c in cases
    ]
    assert any(changed), f"{variant.__name__} plays {profile} like the reference engine"


@pytest.mark.skipif(
    not os.environ.get("DURAK_FINGERPRINT_FULL"), reason="set DURAK_FINGERPRINT_FULL=1"
)
def test_the_full_fingerprint_is_the_recorded_one() -> None:
    summary = tool.fingerprint("full").summary()
    assert summary["total"] == COMMITTED["full"]["total"], (
        "; ".join(tool.differences(COMMITTED["full"], summary)) + ": " + HOW
    )


def test_differences_name_the_part_and_profile_that_changed() -> None:
    recorded = COMMITTED["quick"]
    changed = {**recorded, "by_profile": {**recorded["by_profile"]}}
    changed["by_profile"]["session"] = {**recorded["by_profile"]["session"], "ggtables": "0"}
    changed["total"] = "0"
    assert tool.differences(recorded, changed) == ["session / ggtables"]
    assert tool.differences(recorded, recorded) == []


def test_recording_keeps_the_history_and_asks_for_a_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "engine_fingerprint.json"
    file.write_text(tool.FINGERPRINT_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(tool, "FINGERPRINT_FILE", file)
    fake = {part: {"videochess[x=y]/2": f"{part}-digest"} for part in tool.PARTS}
    monkeypatch.setattr(
        tool, "fingerprint", lambda sample, progress=None: tool.Fingerprint(sample, fake)
    )
    with pytest.raises(SystemExit) as usage:
        tool.main(["--write"])
    assert usage.value.code == 2 and "--reason" in capsys.readouterr().err
    assert tool.main(["--check"]) == 1  # the fake digests are not the recorded ones
    assert "DIFFERENT" in capsys.readouterr().out
    assert tool.main(["--write", "--reason", "a rule changed on purpose"]) == 0
    written = tool.json.loads(file.read_text(encoding="utf-8"))
    assert written["history"][:-1] == COMMITTED["history"]
    assert written["history"][-1] == {
        "reason": "a rule changed on purpose",
        "quick": written["quick"]["total"],
        "full": written["full"]["total"],
    }
    assert tool.main(["--check"]) == 0
