"""Fuzz campaigns go on after a divergence, group what they find by signature, shrink each
group keeping its signature, know the findings an expectations file lists, and write a
schema-checked JSON report that shards merge."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from adapters.mutants import MutantAdapter, get
from adapters.reference import ReferenceAdapter
from durak_conformance.causes import kind_of
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
from durak_conformance.fuzzing.lockstep import Divergence, Lockstep
from durak_conformance.fuzzing.shrink import Shrinker
from durak_conformance.reports.model import ReportError

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ROOT / "tests" / "engines"
MUTANT = "trump-not-beating-plain"


def _mutant_lockstep(name: str = MUTANT, profile: str = "durak-challenge") -> Lockstep:
    table = make_table(profile, {}, 2)
    return Lockstep(MutantAdapter(get(name)), table)


def test_a_campaign_goes_on_after_a_divergence_until_the_games_are_spent() -> None:
    lockstep = _mutant_lockstep()
    result = run_campaign(
        EngineSpec(), lockstep.table, game_seeds(0, 12), Settings(), lockstep=lockstep
    )
    assert result.games == 12 and result.stopped_by == "games"
    assert len(result.divergent) >= 2, "the mutant diverges in more than one of 12 games"
    assert [d.seed for d in result.divergent] == sorted(d.seed for d in result.divergent)
    assert result.divergent_seed == result.divergent[0].seed


def test_stop_at_first_keeps_the_old_behaviour() -> None:
    lockstep = _mutant_lockstep()
    result = run_campaign(
        EngineSpec(),
        lockstep.table,
        game_seeds(0, 12),
        Settings(),
        lockstep=lockstep,
        stop_at_first=True,
    )
    assert result.stopped_by == "first"
    assert len(result.divergent) == 1
    assert result.games == result.divergent[0].seed + 1


def test_stop_at_first_looks_past_known_findings() -> None:
    lockstep = _mutant_lockstep()
    seeds = game_seeds(0, 30)
    first = run_campaign(
        EngineSpec(), lockstep.table, seeds, Settings(), lockstep=lockstep, stop_at_first=True
    )
    known = frozenset({first.divergent[0].signature})
    further = run_campaign(
        EngineSpec(),
        lockstep.table,
        seeds,
        Settings(),
        lockstep=lockstep,
        stop_at_first=True,
        known=known,
    )
    assert further.stopped_by == "first"
    last = further.divergent[-1]
    assert last.signature not in known
    assert all(d.signature in known for d in further.divergent[:-1])
    assert further.games == last.seed + 1 > first.games


def test_a_time_budget_ends_the_campaign_between_games() -> None:
    table = make_table("durak-challenge", {}, 2)
    lockstep = Lockstep(ReferenceAdapter(), table)
    seen: list[int] = []
    result = run_campaign(
        EngineSpec(),
        table,
        game_seeds(0, 100_000),
        Settings(),
        lockstep=lockstep,
        seconds=0.3,
        progress=lambda live: seen.append(live.games),
    )
    assert result.stopped_by == "time"
    assert 0 < result.games < 100_000
    assert seen and seen[-1] == result.games and seen == sorted(seen)


def test_one_bug_in_different_games_gives_one_signature_and_two_bugs_two() -> None:
    lockstep = _mutant_lockstep()
    settings = Settings()
    trials = [play_seed(lockstep, seed, settings) for seed in range(12)]
    divergent = [t for t in trials if t.divergence is not None]
    signatures = {signature_of(t.divergence, t.actions) for t in divergent if t.divergence}
    # trumps not beating plain cards shows in a few ways (a refused defence, a missing
    # defend in the action types, in the legal list) but never as many as games
    assert 1 <= len(signatures) <= 3 < len(divergent)
    assert {kind_of(s) for s in signatures} <= {"refused", "actions", "legal"}
    other = _mutant_lockstep("taker-attacks-next", "howto-durak")
    found = {
        signature_of(t.divergence, t.actions)
        for t in (play_seed(other, seed, settings) for seed in range(6))
        if t.divergence is not None
    }
    assert found and found.isdisjoint(signatures)


def test_seats_and_cards_do_not_split_a_signature() -> None:
    action_a = {"type": "throw_in", "seat": 1, "card": "7H"}
    action_b = {"type": "throw_in", "seat": 3, "card": "QS"}
    accepted = (("accepted", False, True),)
    a = Divergence(0, "acceptance", accepted, "m", clause="howto-durak.throw-in.rank")
    b = Divergence(0, "acceptance", accepted, "m", clause="howto-durak.throw-in.rank")
    assert signature_of(a, [action_a]) == signature_of(b, [action_b])
    assert signature_of(a, [action_a]).startswith("accepted | throw-in.rank | seat A throw_in")
    fewer = Divergence(3, "state", (("hands.2", ["7H", "8H"], ["7H"]),), "m")
    other = Divergence(3, "state", (("hands.1", ["6S", "9S", "TD"], ["9S", "TD"]),), "m")
    same_size = Divergence(3, "state", (("hands.1", ["6S"], ["7S"]),), "m")
    done = [{"type": "done", "seat": 1}] * 4
    assert signature_of(fewer, done) == signature_of(other, done)
    assert signature_of(fewer, done) != signature_of(same_size, done)


def test_the_shrinker_keeps_the_signature() -> None:
    lockstep = _mutant_lockstep()
    settings = Settings()
    for seed in range(8):
        found = play_seed(lockstep, seed, settings)
        if found.divergence is None:
            continue
        wanted = signature_of(found.divergence, found.actions)
        shrinker = Shrinker(lockstep, max_seconds=20)
        small = shrinker.shrink(found)
        assert small.divergence is not None
        assert signature_of(small.divergence, small.actions) == wanted
        assert len(small.actions) <= len(found.actions)
        # a candidate that diverges otherwise is refused: the reference engine is not the
        # mutant, so a candidate played against a game with another signature returns None
        shrinker.signature = "hand | - | nothing | like this"
        assert shrinker.check(small.start, small.actions, small) is None


def _fuzz(tmp_path: Path, *argv: str) -> int:
    return main(["fuzz", "--no-progress", "--out", str(tmp_path / "out"), *argv])


def test_the_command_reports_each_signature_once_with_counts_and_a_repro(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    report_path = tmp_path / "campaign.json"
    code = _fuzz(
        tmp_path,
        *("--adapter", f"mutant:{MUTANT}", "--profile", "durak-challenge", "--games", "10"),
        *("--report", str(report_path), "--shrink-time", "10"),
    )
    assert code == 1
    printed = capsys.readouterr().out
    data = json.loads(report_path.read_text(encoding="utf-8"))
    fuzz_report.check(data, str(report_path))
    findings = data["findings"]
    assert data["totals"]["games"] == 10
    assert sum(f["count"] for f in findings) == data["totals"]["divergent"] >= 2
    assert len({f["signature"] for f in findings}) == len(findings)
    for finding in findings:
        assert finding["status"] == "new"
        assert finding["first_seed"] == min(finding["seeds"])
        assert f"--seed {finding['first_seed']} " in finding["reproduce"] + " "
        repro = finding["repro"]
        assert repro["same_signature"] and Path(repro["feature"]).exists()
        assert Path(repro["transcript"]).read_text(encoding="utf-8").strip()
        assert finding["title"] in printed or finding["title"][:40] in printed
    assert printed.count("FINDING (") == len(findings)


def test_a_crash_on_start_is_a_finding_with_a_transcript_not_an_empty_scenario(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BROKEN_TRIGGER", "fuzz-")
    engine = [sys.executable, str(ENGINES / "crash_at_start.py")]
    report_path = tmp_path / "campaign.json"
    code = _fuzz(
        tmp_path,
        *("--profile", "durak-challenge", "--games", "2", "--report", str(report_path)),
        *("--engine", "--", *engine),
    )
    assert code == 1
    printed = capsys.readouterr().out
    data = json.loads(report_path.read_text(encoding="utf-8"))
    (finding,) = data["findings"]
    assert finding["kind"] == "start" and finding["count"] == 2
    assert finding["repro"]["feature"] is None
    transcript = Path(finding["repro"]["transcript"]).read_text(encoding="utf-8")
    first = json.loads(transcript.splitlines()[0])
    assert first["request"]["cmd"] == "start" and "error" in first["reply"]
    assert "ZeroDivisionError" in first["reply"]["error"] or "exited" in first["reply"]["error"]
    assert "Scenario:" not in printed
    assert not list((tmp_path / "out").glob("*.feature"))


# ---------------------------------------------------------------------- known findings


def _expectations(tmp_path: Path, signatures: list[str]) -> Path:
    lines = ["version: 1", "implementation: mutant", "entries: []", "fuzz:"]
    for signature in signatures:
        lines += [
            f"  - signature: {json.dumps(signature)}",
            "    profile: durak-challenge",
            "    reason: a known bug",
            "    link: '#14'",
        ]
    path = tmp_path / "expectations.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_known_findings_are_counted_not_reported_and_missing_ones_are_not_seen(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["--adapter", f"mutant:{MUTANT}", "--profile", "durak-challenge", "--games", "6"]
    first = tmp_path / "first.json"
    assert _fuzz(tmp_path, *base, "--report", str(first), "--no-shrink") == 1
    found = [f["signature"] for f in json.loads(first.read_text(encoding="utf-8"))["findings"]]
    gone = "hand | - | seat A holds n cards | seat A holds fewer cards"
    expectations = _expectations(tmp_path, [*found, gone])
    capsys.readouterr()
    again = tmp_path / "again.json"
    code = _fuzz(tmp_path, *base, "--report", str(again), "--expectations", str(expectations))
    assert code == 0, "every finding is known"
    printed = capsys.readouterr().out
    data = json.loads(again.read_text(encoding="utf-8"))
    assert {f["signature"] for f in data["findings"]} == set(found)
    assert all(f["status"] == "known" and f["repro"] is None for f in data["findings"])
    assert all(f["known"]["link"] == "#14" for f in data["findings"])
    assert [k["signature"] for k in data["not_seen"]] == [gone]
    assert "FINDING (" not in printed and "not seen" in printed
    # another profile's entries do not apply
    other = tmp_path / "other.json"
    expectations.write_text(
        expectations.read_text(encoding="utf-8").replace("durak-challenge", "howto-durak"),
        encoding="utf-8",
    )
    assert (
        _fuzz(
            tmp_path,
            *base,
            "--report",
            str(other),
            "--no-shrink",
            "--expectations",
            str(expectations),
        )
        == 1
    )


def test_a_bad_fuzz_entry_is_a_usage_error_naming_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(
        "implementation: x\nentries: []\nfuzz:\n  - signature: not a signature\n"
        "    reason: r\n    link: '#1'\n",
        encoding="utf-8",
    )
    code = _fuzz(
        tmp_path,
        "--adapter",
        "reference",
        "--profile",
        "durak-challenge",
        "--games",
        "1",
        "--expectations",
        str(path),
    )
    assert code == 2
    err = capsys.readouterr().err
    assert "bad.yaml:4" in err and "$.fuzz[0].signature" in err


# ---------------------------------------------------------------------- reports and merging


def _shard(tmp_path: Path, index: int, count: int, *extra: str) -> Path:
    path = tmp_path / f"shard-{index}.json"
    _fuzz(
        tmp_path,
        *("--adapter", f"mutant:{MUTANT}", "--profile", "durak-challenge", "--games", "8"),
        *("--shard", f"{index}/{count}", "--report", str(path), "--no-shrink", *extra),
    )
    return path


def test_fuzz_merge_joins_shards_deduplicating_by_signature(tmp_path: Path) -> None:
    whole = tmp_path / "whole.json"
    _fuzz(
        tmp_path,
        *("--adapter", f"mutant:{MUTANT}", "--profile", "durak-challenge", "--games", "8"),
        *("--report", str(whole), "--no-shrink"),
    )
    shards = [_shard(tmp_path, i, 2) for i in (1, 2)]
    merged_path = tmp_path / "merged.json"
    assert main(["fuzz", "merge", *map(str, shards), "--out", str(merged_path)]) == 1
    merged = fuzz_report.read(merged_path)
    alone = fuzz_report.read(whole)
    assert merged.shards == [[1, 2], [2, 2]]
    assert merged.totals["games"] == alone.totals["games"] == 8
    assert merged.totals["divergent"] == alone.totals["divergent"]

    def view(report: fuzz_report.CampaignReport) -> dict[str, Any]:
        return {f.signature: (f.count, f.first_seed, sorted(f.seeds)) for f in report.findings}

    assert view(merged) == view(alone)


def test_fuzz_merge_refuses_what_is_not_one_campaign(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = _shard(tmp_path, 1, 2)
    assert main(["fuzz", "merge", str(one), str(one)]) == 2
    assert "shard 1/2 is in both" in capsys.readouterr().err
    other = tmp_path / "other-seed.json"
    _fuzz(
        tmp_path,
        *("--adapter", f"mutant:{MUTANT}", "--profile", "durak-challenge", "--games", "8"),
        *("--shard", "2/2", "--seed", "5", "--report", str(other), "--no-shrink"),
    )
    assert main(["fuzz", "merge", str(one), str(other)]) == 2
    assert "campaign seed 5 against 0" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    data = json.loads(one.read_text(encoding="utf-8"))
    data["totals"]["games"] = "many"
    broken.write_text(json.dumps(data), encoding="utf-8")
    assert main(["fuzz", "merge", str(broken)]) == 2
    assert "$.totals.games" in capsys.readouterr().err
    truncated = tmp_path / "truncated.json"
    truncated.write_text(one.read_text(encoding="utf-8")[:100], encoding="utf-8")
    assert main(["fuzz", "merge", str(truncated)]) == 2
    err = capsys.readouterr().err
    assert "truncated.json" in err and "not JSON" in err


def test_merge_warns_about_a_missing_shard(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = _shard(tmp_path, 1, 3)
    capsys.readouterr()
    main(["fuzz", "merge", str(one), "--out", str(tmp_path / "m.json")])
    assert "no report for shard(s) 2/3, 3/3" in capsys.readouterr().err


def test_a_report_that_is_not_a_fuzz_report_is_refused() -> None:
    with pytest.raises(ReportError, match="not a fuzz campaign report"):
        fuzz_report.check({"report_format": "durak-conformance-run"}, "x.json")


# ---------------------------------------------------------------------- follow mode


@pytest.mark.parametrize("capabilities", ["deal", "deal,turn"])
def test_a_deal_only_engine_is_fuzzed_in_follow_mode_to_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], capabilities: str
) -> None:
    proxy = [sys.executable, str(ENGINES / "proxy.py"), "--capabilities", capabilities]
    report_path = tmp_path / "follow.json"
    code = _fuzz(
        tmp_path,
        *("--profile", "howto-durak", "--seats", "3", "--games", "6"),
        *("--report", str(report_path), "--engine", "--", *proxy),
    )
    printed = capsys.readouterr().out
    assert code == 0, printed
    assert "follow mode" in printed
    data = json.loads(report_path.read_text(encoding="utf-8"))
    assert data["totals"]["games"] == 6 and data["totals"]["finished"] == 6
    assert data["findings"] == []


def test_a_deal_only_engine_with_a_bug_gives_a_finding_shrunk_by_dropping_actions(
    tmp_path: Path,
) -> None:
    dealer = [sys.executable, str(ENGINES / "bad_dealer.py"), "--bug", "first-seat"]
    report_path = tmp_path / "dealer.json"
    code = _fuzz(
        tmp_path,
        *("--profile", "durak-challenge", "--games", "12", "--report", str(report_path)),
        *("--engine", "--", *dealer),
    )
    assert code == 1
    data = json.loads(report_path.read_text(encoding="utf-8"))
    kinds = {f["kind"] for f in data["findings"]}
    assert "roles" in kinds, data["findings"]
    (first_attack,) = [f for f in data["findings"] if f["clause"] and "first-attack" in f["clause"]]
    feature = Path(first_attack["repro"]["feature"]).read_text(encoding="utf-8")
    assert "the engine dealt this table itself" in feature
    assert "@rule:durak-challenge.first-attack." in feature


# ---------------------------------------------------------------------- progress


def test_a_progress_bar_on_a_terminal_and_nothing_otherwise(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["--adapter", f"mutant:{MUTANT}", "--profile", "durak-challenge", "--games", "3"]
    argv += ["--no-shrink", "--report", str(tmp_path / "r.json")]
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    main(["fuzz", "--out", str(tmp_path / "out"), *argv])
    quiet = capsys.readouterr()
    assert "games/s" not in quiet.err
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich then takes stderr for a terminal
    main(["fuzz", "--out", str(tmp_path / "out"), *argv])
    shown = capsys.readouterr()
    assert "games/s" in shown.err and "finding(s)" in shown.err
    main(["fuzz", "--no-progress", "--out", str(tmp_path / "out"), *argv])
    assert "games/s" not in capsys.readouterr().err


def test_a_rule_the_engine_lacks_mid_game_is_a_finding_and_the_campaign_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An engine that answers ``unsupported`` to a move the rules allow (here accept-anyway,
    which durakmq and durakgame lack) used to end the whole campaign with "the engine
    declined the table" (exit 2) at the first game that reached it; now that game ends with a
    finding of kind ``unsupported`` and the campaign plays every game."""
    proxy = [sys.executable, str(ENGINES / "proxy.py"), "--unsupported", "accept"]
    report_path = tmp_path / "lacks.json"
    code = _fuzz(
        tmp_path,
        *("--profile", "durak-challenge", "--games", "30", "--no-shrink"),
        *("--report", str(report_path), "--engine", "--", *proxy),
    )
    printed = capsys.readouterr().out
    assert code == 1, printed
    data = json.loads(report_path.read_text(encoding="utf-8"))
    assert data["totals"]["games"] == 30
    (finding,) = data["findings"]
    assert finding["kind"] == "unsupported"
    assert finding["signature"] == (
        "unsupported | - | accept to be played | reference-proxy has no accept move"
    )
    assert 0 < finding["count"] < 30
