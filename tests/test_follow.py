"""Follow mode: an engine deals its own game, the reference engine loads that deal and the two
play on in lockstep.  A deal that is not proper, or another first attacker, is a finding."""

from __future__ import annotations

import copy
import dataclasses
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from adapters.base import Implementation
from adapters.reference import ReferenceAdapter
from durak_conformance.commands.smoke import smoke
from durak_conformance.follow import DealProblem, dealt_position, first_attack_problem
from durak_conformance.fuzzing.campaign import Settings, make_table, play_seed
from durak_conformance.fuzzing.lockstep import Lockstep, Start, random_chooser
from durak_conformance.profiles import load_profile, resolve
from reference_engine.game import Game
from reference_engine.rules import Rules
from reference_engine.session import shuffled_deck

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ROOT / "tests" / "engines"
JSON = dict[str, Any]


def rules(profile: str, **options: str) -> JSON:
    return dict(resolve(load_profile(profile), options).params)


def dealt(
    profile: str, seats: int = 2, options: dict[str, str] | None = None, seed: int = 1
) -> JSON:
    """A fresh deal of the reference engine, as an engine's start reply shows it."""
    params = rules(profile, **(options or {}))
    deck = shuffled_deck(int(params["deck_size"]), str(seed))
    return Game.deal(Rules.from_mapping(params), seats, deck).to_json()


class DealOnly(ReferenceAdapter):
    """The reference engine in process, claiming to start games only by its own deal."""

    name = "deal-only"

    def __init__(self, extra: frozenset[str] = frozenset()) -> None:
        super().__init__()
        self.extra = extra

    def hello(self) -> Implementation:
        return dataclasses.replace(
            super().hello(), capabilities=frozenset({"deal", "legal"}) | self.extra
        )


class OwnShuffle(DealOnly):
    """Deals (and redeals) from another seed than the one it is given: its own shuffles, which
    the reference engine cannot know and must follow."""

    def start(self, game: str, **kwargs: Any) -> JSON:
        kwargs["seed"] = int(kwargs.get("seed", 0)) + 1000
        return super().start(game, **kwargs)


# ---------------------------------------------------------------------- the deal


@pytest.mark.parametrize(
    ("profile", "seats", "options"),
    [
        ("durak-challenge", 2, {}),
        ("videochess", 4, {}),
        ("howto-durak", 4, {"deck": "24"}),  # the whole deck is dealt: no stock
        ("howto-durak", 3, {"deck": "52"}),
    ],
)
def test_a_proper_deal_becomes_a_position_without_an_attacker(
    profile: str, seats: int, options: dict[str, str]
) -> None:
    state = dealt(profile, seats, options)
    position = dealt_position(state, rules(profile, **options), seats)
    assert "attacker" not in position and position["discard"] == []
    assert position["hands"] == {str(s["seat"]): s["hand"] for s in state["seats"]}
    assert position["stock"] == state["stock"] and position["trump"] == state["trump"]
    loaded = Game.from_position(Rules.from_mapping(rules(profile, **options)), position)
    assert loaded.to_json()["attacker"] == state["attacker"]


def _broken(change: str) -> JSON:
    state = dealt("durak-challenge")
    hands = {s["seat"]: s["hand"] for s in state["seats"]}
    if change == "short":
        state["stock"].insert(0, hands[2].pop())
    elif change == "long":
        hands[1].append(state["stock"].pop(0))
    elif change == "twice":
        hands[2][0] = hands[1][0]
    elif change == "foreign":
        hands[2][0] = "2C"
    elif change == "missing":
        state["stock"].pop(0)
    elif change == "trump-on-top":
        state["stock"].insert(0, state["stock"].pop())
    elif change == "trump-suit":
        state["trump_suit"] = "S" if state["trump_suit"] != "S" else "H"
    elif change == "played":
        card = hands[1].pop()
        state["table"] = [{"attack": card, "attacker": 1, "defence": None, "defender": None}]
    elif change == "seat-missing":
        state["seats"].pop()
    elif change == "not-a-card":
        hands[1][0] = "XX"
    return state


@pytest.mark.parametrize(
    ("change", "clause", "words"),
    [
        ("short", "deal.hands", "every seat is dealt 6 cards; seat 2 holds 5"),
        ("long", "deal.hands", "seat 1 holds 7"),
        ("twice", "deal.hands", "is dealt twice: in seat 1's hand and in seat 2's hand"),
        ("foreign", "deal.hands", "2♣, which is not a card of the 36-card deck (6 to ace)"),
        ("missing", "deal.hands", "is nowhere"),
        ("trump-on-top", "deal.trump", "it is the stock's last card"),
        ("trump-suit", "deal.trump", "the trump suit is"),
        ("played", "deal.hands", "cards on the table"),
        ("seat-missing", "deal.hands", "the game was started for seats 1..2"),
        ("not-a-card", "deal.hands", "'XX', which is not a card"),
    ],
)
def test_an_improper_deal_is_a_finding_that_says_what_is_wrong(
    change: str, clause: str, words: str
) -> None:
    with pytest.raises(DealProblem) as caught:
        dealt_position(_broken(change), rules("durak-challenge"), 2)
    assert caught.value.clause == f"durak-challenge.{clause}"
    assert words in caught.value.message, caught.value.message
    assert caught.value.message.startswith("the engine's deal is not a proper deal for")


def _no_trumps(profile: str, humans: list[int]) -> tuple[JSON, JSON]:
    """A deal where nobody holds a trump, and the reference engine's start from it."""
    params = rules(profile)
    for seed in range(500):
        deck = shuffled_deck(36, f"n{seed}")
        trump = deck[-1].suit
        if not any(c.suit == trump for c in deck[:12]):
            game = Game.deal(Rules.from_mapping(params), 2, deck, humans)
            return game.to_json(), params
    raise AssertionError("no deal without trumps found")


@pytest.mark.parametrize(
    ("profile", "humans", "words"),
    [
        ("durak-challenge", [2], "the first human seat, 2, leads (durak-challenge.first-attack."),
        (
            "prototype-build10",
            [1],
            "the first seat leads (prototype-build10.first-attack.no-trump)",
        ),
        ("videochess", [1, 2], "the lowest card, "),
    ],
)
def test_another_first_attacker_is_a_finding_that_names_the_profiles_rule(
    profile: str, humans: list[int], words: str
) -> None:
    state, params = _no_trumps(profile, humans)
    leader = state["attacker"]
    engine = copy.deepcopy(state)
    engine["attacker"] = 3 - leader
    problem = first_attack_problem(engine, state, params)
    assert problem is not None and words in problem, problem
    assert problem.startswith(f"the engine lets seat {3 - leader} open the first bout")
    assert first_attack_problem(state, state, params) is None
    trumps = dealt("durak-challenge")
    other = dict(trumps, attacker=3 - trumps["attacker"])
    text = first_attack_problem(other, trumps, rules("durak-challenge"))
    assert text is not None and "holds the lowest trump" in text


# ---------------------------------------------------------------------- lockstep


@pytest.mark.parametrize(
    ("profile", "options", "seats"),
    [("durak-challenge", {}, 2), ("howto-durak", {"mode": "passing"}, 3), ("videochess", {}, 4)],
)
def test_games_the_engine_deals_are_followed_to_the_end_without_divergence(
    profile: str, options: dict[str, str], seats: int
) -> None:
    table = make_table(profile, options, seats)
    lockstep = Lockstep(DealOnly(), table)
    hands = set()
    for seed in range(6):
        trial = play_seed(lockstep, seed, Settings())
        assert trial.divergence is None, trial.divergence
        assert trial.start.deal and trial.dealt is not None and trial.finished
        hands.add(str(trial.dealt.position))
    assert len(hands) == 6, "each game is the engine's own deal from its seed"


def test_the_engine_may_be_made_to_deal_even_when_it_takes_a_deck() -> None:
    table = make_table("durak-challenge", {}, 2)
    lockstep = Lockstep(DealOnly(frozenset({"deck"})), table)
    assert play_seed(lockstep, 3, Settings()).start.deck is not None
    followed = play_seed(lockstep, 3, Settings(deal=True))
    assert followed.start.deal and followed.divergence is None


def test_after_a_redeal_the_reference_follows_the_engines_new_deal() -> None:
    params = rules("durak-challenge")
    table = make_table("durak-challenge", {}, 2)
    seed = next(
        n
        for n in range(2000)
        if any(
            sum(c.suit == suit for c in shuffled_deck(36, f"{n + 1000}:deal")[0:12:2]) >= 5
            for suit in "SHDC"
        )
    )
    lockstep = Lockstep(OwnShuffle(), table)
    rng = random.Random(seed)
    fallback = random_chooser(rng, 0.0, 36)

    def redeal_first(ref: Any, step: int) -> JSON | None:
        if step == 0:
            assert any(a["type"] == "redeal" for a in ref.legal(1)), "seat 1 may ask a redeal"
            return {"type": "redeal", "seat": 1}
        return fallback(ref, step)

    trial = lockstep.play(Start(bots=(2,), deal=True, seed=seed), redeal_first, seed=seed)
    assert trial.divergence is None, trial.divergence
    assert trial.finished and trial.actions[0]["type"] == "redeal"
    assert trial.dealt is not None
    first = trial.dealt.position
    assert first is not None
    again = OwnShuffle()
    state = again.start(
        "x",
        profile="durak-challenge",
        options={},
        rules=params,
        seats=Start(bots=(2,)).seats_json(2),
        seed=seed,
    )
    assert {str(s["seat"]): s["hand"] for s in state["seats"]} == first["hands"]
    redealt = again.act("x", 1, {"type": "redeal", "seat": 1})
    assert redealt.state is not None
    assert {str(s["seat"]): s["hand"] for s in redealt.state["seats"]} != first["hands"], (
        "the redeal deals other cards, which the reference engine could only follow"
    )


def test_a_redeal_from_a_stacked_deck_is_the_engines_own_shuffle_and_followed_too() -> None:
    """The redeal of a game started from a deck is chance the rules leave to the engine:
    comparing it with the reference engine's own shuffle would be a false alarm."""
    table = make_table("durak-challenge", {}, 2)
    hearts = ["6H", "7H", "8H", "9H", "TH"]
    rest = [c for c in (f"{r}{s}" for s in "SDCH" for r in "6789TJQKA") if c not in hearts]
    deck = [c for pair in zip([*hearts, rest[0]], rest[1:7], strict=True) for c in pair]
    deck += rest[7:]
    engine = OwnShuffle(frozenset({"deck"}))
    lockstep = Lockstep(engine, table)
    rng = random.Random(5)
    fallback = random_chooser(rng, 0.1, 36)

    def redeal_first(ref: Any, step: int) -> JSON | None:
        return {"type": "redeal", "seat": 1} if step == 0 else fallback(ref, step)

    trial = lockstep.play(Start(deck=tuple(deck), bots=(2,)), redeal_first, seed=5, rng=rng)
    assert trial.divergence is None, trial.divergence
    assert trial.finished and trial.actions[0]["type"] == "redeal" and trial.dealt is None


# ---------------------------------------------------------------------- commands


def _fuzz(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "durak_conformance", "fuzz", "--out", str(tmp_path), *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )


def test_fuzz_follows_a_deal_only_engine(tmp_path: Path) -> None:
    proxy = [sys.executable, str(ENGINES / "proxy.py"), "--capabilities", "deal,legal"]
    done = _fuzz(tmp_path, "--profile", "howto-durak", "--games", "8", "--engine", "--", *proxy)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "follow mode" in done.stdout and "8 games (8 to the end" in done.stdout


def test_fuzz_reports_a_wrong_first_attacker_of_the_engines_own_deal(tmp_path: Path) -> None:
    dealer = [sys.executable, str(ENGINES / "bad_dealer.py"), "--bug", "first-seat"]
    done = _fuzz(
        tmp_path, "--profile", "durak-challenge", "--games", "20", "--engine", "--", *dealer
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "DIVERGENCE" in done.stdout and "first_attack divergence after start" in done.stdout
    assert "open the first bout; under durak-challenge seat 2 does" in done.stdout
    assert "Then seat 2 attacks seat 1" in done.stdout
    assert "@rule:durak-challenge.first-attack.lowest-trump" in done.stdout
    assert "the engine dealt this table itself" in done.stdout
    assert list(tmp_path.glob("*.feature")) and list(tmp_path.glob("*.jsonl"))


def test_fuzz_reports_an_improper_deal_with_its_transcript(tmp_path: Path) -> None:
    dealer = [sys.executable, str(ENGINES / "bad_dealer.py"), "--bug", "duplicate"]
    done = _fuzz(
        tmp_path, "--profile", "durak-challenge", "--games", "5", "--engine", "--", *dealer
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "deal divergence after start: the engine's deal is not a proper deal" in done.stdout
    assert "is dealt twice" in done.stdout
    assert list(tmp_path.glob("*.jsonl")) and not list(tmp_path.glob("*.feature"))


def test_fuzz_deal_needs_an_engine_that_deals(tmp_path: Path) -> None:
    proxy = [sys.executable, str(ENGINES / "proxy.py"), "--capabilities", "legal"]
    done = _fuzz(tmp_path, "--profile", "howto-durak", "--deal", "--engine", "--", *proxy)
    assert done.returncode == 2 and "does not deal its own games" in done.stderr


@pytest.mark.parametrize(
    ("bug", "failed", "words"),
    [
        ("none", set(), ""),
        ("first-seat", {"deal a game"}, "seat 2 does: seat 2 holds the lowest trump"),
        ("short-hand", {"deal a game"}, "seat 2 holds 5"),
        ("declines-take", set(), ""),
    ],
)
def test_smoke_deals_and_follows_games_of_an_engine_that_deals(
    bug: str, failed: set[str], words: str
) -> None:
    from adapters.stdio import StdioAdapter
    from durak_conformance.protocol import response_problem

    adapter = StdioAdapter(
        [sys.executable, str(ENGINES / "bad_dealer.py"), "--bug", bug], checker=response_problem
    )
    try:
        report = smoke(adapter, bug)
    finally:
        adapter.close()
    names = [c.name for c in report.checks]
    assert "deal a game" in names and any("games the engine deals" in n for n in names)
    bad = {c.name for c in report.checks if not c.passed}
    assert failed <= bad
    follow = next(c for c in report.checks if "games the engine deals" in c.name)
    assert follow.passed == (bug in ("none", "declines-take")), follow.detail
    if bug == "declines-take":  # a rule the engine lacks is not a disagreement, but is said
        assert "cut short where the engine answered unsupported" in follow.detail
        assert "games to the end" in follow.detail and not follow.skipped
    for check in report.checks:
        if check.name == "deal a game":
            assert words in check.detail
