"""The durakgame wrapper: protocol checks, a faithful deal, honest refusals, a rule break found.

durakgame comes with the ``thirdparty`` extra; without it these tests are skipped.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip(
    "durakgame", reason="durakgame is not installed (pip install -e '.[thirdparty]')"
)

from adapters.base import RequestRefused
from adapters.registry import AdapterOptions
from adapters.thirdparty.durakgame_engine import DurakgameEngine
from adapters.thirdparty.durakgame_table import DurakgameTable, durakgame_deck
from adapters.thirdparty.registry import DURAKGAME_COMMAND, durakgame
from durak_conformance.commands.smoke import smoke
from durak_conformance.profiles import load_profile, resolve
from durak_conformance.protocol import response_problem
from reference_engine import Game, Rules

JSON = dict[str, Any]
SEATS = [{"seat": 1, "human": True}, {"seat": 2, "human": True}]


def cards(text: str) -> list[str]:
    return text.split()


# Seat 1 (cards 0, 2, ..., 10): 7S 7H 9C TC JC QC; seat 2 (cards 1, 3, ..., 11): 6C 8C KC
# AC 6D 7D; the stock follows, the six of hearts at its bottom is the face-up trump.
STACKED = cards(
    "7S 6C 7H 8C 9C KC TC AC JC 6D QC 7D "
    "8D 9D TD JD QD KD AD 6S 8S 9S TS JS QS KS AS 7C 8H 9H TH JH QH KH AH 6H"
)


def rules(profile: str, **options: str) -> JSON:
    return dict(resolve(load_profile(profile), options).params)


def table(profile: str = "durak-challenge", deck: list[str] = STACKED, **options: str) -> Any:
    return DurakgameTable(profile, rules(profile, **options), SEATS, deck)


def refusal(call: Any) -> RequestRefused:
    with pytest.raises(RequestRefused) as caught:
        call()
    return caught.value


def test_smoke_passes_the_protocol_checks_and_catches_the_duplicated_card() -> None:
    adapter = durakgame(AdapterOptions(checker=response_problem))
    try:
        # Not durak-challenge: there durakgame's short game stops, unsupported, at the first
        # complete defence (it lacks accept-anyway; see the test below).
        report = smoke(adapter, "durakgame", "videochess")
    finally:
        adapter.close()
    failed = [f"{c.name}: {c.detail}" for c in report.checks if not c.passed]
    # Every protocol check passes; the only failure is durakgame's own bug: cards thrown in
    # after a take stay in the thrower's hand as well (found by smoke's card check).
    assert report.started and len(failed) == 1, failed
    assert failed[0].startswith("play a short game") and "twice" in failed[0]


@pytest.mark.parametrize("deal", ["one_at_a_time", "packets"])
def test_the_same_cards_reach_the_same_seats_and_the_same_trump_shows(deal: str) -> None:
    profile_rules = rules("howto-durak")
    profile_rules["deal"] = deal
    wrapped = DurakgameTable("howto-durak", profile_rules, SEATS, STACKED).state()
    reference = Game.deal(Rules.from_mapping(profile_rules), 2, STACKED).to_json()
    for key in ("trump", "trump_suit", "stock"):
        assert wrapped[key] == reference[key], key
    for ours, theirs in zip(wrapped["seats"], reference["seats"], strict=True):
        assert ours["hand"] == theirs["hand"]
    assert wrapped["stock"][-1] == STACKED[-1] == wrapped["trump"]


def test_deck_order_for_durakgame_interleaves_hands_then_trump_then_stock() -> None:
    order = durakgame_deck(STACKED, "one_at_a_time")
    assert order[:12] == STACKED[:12]
    assert order[12] == "6H"
    assert order[13:] == STACKED[12:-1]


@pytest.mark.parametrize(
    ("profile", "seats", "options", "why"),
    [
        ("howto-durak", 3, {}, "two seats only"),
        ("howto-durak", 2, {"deck": "24"}, "deck_size"),
        ("videochess", 2, {"rules": "transfer"}, "transfer"),
        ("ggtables", 4, {}, "not claimed"),
    ],
)
def test_what_durakgame_lacks_is_unsupported(
    profile: str, seats: int, options: dict[str, str], why: str
) -> None:
    seat_list = [{"seat": n, "human": True} for n in range(1, seats + 1)]
    error = refusal(lambda: DurakgameTable(profile, rules(profile, **options), seat_list, STACKED))
    assert error.code == "unsupported" and why in error.message


def test_position_clock_and_accept_anyway_are_unsupported() -> None:
    engine = DurakgameEngine()
    start = {"id": 1, "cmd": "start", "game": "g", "profile": "durak-challenge", "options": {}}
    start |= {"rules": rules("durak-challenge"), "seats": SEATS, "seed": 0}
    position = {"hands": {"1": ["7S"], "2": ["8S"]}, "stock": [], "trump": "6H"}
    reply = engine.handle({**start, "position": position})
    assert reply["error"]["code"] == "unsupported"
    assert engine.handle({**start, "deck": STACKED})["ok"]
    clock = engine.handle({"id": 2, "cmd": "clock", "game": "g", "seconds": 5})
    assert clock["error"]["code"] == "unsupported"
    accept = {
        "id": 3,
        "cmd": "act",
        "game": "g",
        "seat": 2,
        "action": {"type": "accept", "seat": 2},
    }
    assert engine.handle(accept)["error"]["code"] == "unsupported"
    hello = engine.handle({"id": 4, "cmd": "hello", "protocol": "1"})["implementation"]
    assert hello["capabilities"] == ["deck", "legal", "turn"]
    assert "ggtables" not in hello["profiles"]
    dealt = engine.handle({**start, "game": "h"})
    assert dealt["error"]["code"] == "unsupported" and "stacked deck" in dealt["error"]["message"]


def test_the_state_names_durakgames_player_to_move_as_the_turn() -> None:
    game = table("howto-durak")
    for _ in range(40):
        state = game.state()
        if state["phase"] == "finished":
            assert state["turn"] is None
            break
        turn = state["turn"]
        assert turn == game.to_act
        assert [s["seat"] for s in state["seats"] if s["actions"]] == [turn]
        game.act(turn, game.legal(turn)[0])


def test_refusals_name_the_clause_and_leave_the_state_unchanged() -> None:
    game = table("howto-durak")
    before = json.dumps(game.state())
    cases = [
        (2, {"type": "attack", "seat": 2, "cards": ["6C"]}, "play.turn"),
        (1, {"type": "attack", "seat": 1, "cards": ["8D"]}, "play.card-in-hand"),
        (1, {"type": "attack", "seat": 1, "cards": ["7S", "7H"]}, "attack.opening-cards"),
        (1, {"type": "done", "seat": 1}, "attack.compulsory"),
        (2, {"type": "transfer", "seat": 2, "card": "6C"}, "transfer.mode"),
    ]
    for seat, action, clause in cases:
        error = refusal(lambda seat=seat, action=action: game.act(seat, action))
        assert (error.code, error.clause) == ("illegal", f"howto-durak.{clause}"), action
        assert json.dumps(game.state()) == before


def test_a_short_game_from_the_stacked_deck() -> None:
    game = table("videochess", rules="throw_in")
    assert game.legal(2) == [] and {"type": "attack", "seat": 1, "cards": ["7S"]} in game.legal(1)
    game.act(1, {"type": "attack", "seat": 1, "cards": ["9C"]})
    events = game.act(2, {"type": "defend", "seat": 2, "attack": "9C", "card": "KC"})
    assert [e["type"] for e in events] == ["defend"]
    events = game.act(1, {"type": "done", "seat": 1})
    assert [e["type"] for e in events] == ["done", "bout_end", "draw", "draw"]
    state = game.state()
    assert state["discard"] == ["9C", "KC"] and state["attacker"] == 2 and state["bout"] == 2
    assert len(state["stock"]) == 22


def test_ending_a_complete_defence_is_unsupported_where_the_defender_may_accept_anyway() -> None:
    """Durak Challenge gives the defender of a completely beaten bout the choice to take the
    cards anyway or keep the defence; durakgame discards the table at the attacker's done and
    has no such choice.  Playing on would put the bout's end where the rules sent do not, and
    refusing the defender's later "keep the defence" as illegal blamed a rule it does not
    break: the done is answered unsupported (a skip with this reason), the game unchanged."""
    game = table()  # durak-challenge
    game.act(1, {"type": "attack", "seat": 1, "cards": ["9C"]})
    game.act(2, {"type": "defend", "seat": 2, "attack": "9C", "card": "KC"})
    before = json.dumps(game.state())
    error = refusal(lambda: game.act(1, {"type": "done", "seat": 1}))
    assert error.code == "unsupported" and "keep the defence" in error.message
    assert json.dumps(game.state()) == before
    # without accept-anyway in the rules the same done ends the bout
    plain = DurakgameTable("durak-challenge", {**game.rules, "accept_after_defence": False},
                           SEATS, STACKED)  # fmt: skip
    plain.act(1, {"type": "attack", "seat": 1, "cards": ["9C"]})
    plain.act(2, {"type": "defend", "seat": 2, "attack": "9C", "card": "KC"})
    assert [e["type"] for e in plain.act(1, {"type": "done", "seat": 1})][:2] == [
        "done",
        "bout_end",
    ]


def test_durakgame_duplicates_cards_thrown_in_after_a_take_and_the_wrapper_shows_it() -> None:
    game = table()
    game.act(1, {"type": "attack", "seat": 1, "cards": ["7S"]})
    game.act(2, {"type": "take", "seat": 2})
    game.act(1, {"type": "throw_in", "seat": 1, "card": "7H"})
    waiting = game.state()
    assert "7H" not in waiting["seats"][0]["hand"] and waiting["table"][-1]["attack"] == "7H"
    events = game.act(1, {"type": "done", "seat": 1})
    assert events[1] == {
        "type": "bout_end",
        "outcome": "taken",
        "defender": 2,
        "cards": ["7S", "7H"],
    }
    hands = [s["hand"] for s in game.state()["seats"]]
    # durakgame's FinishingMove gives 7H to seat 2 and leaves it in seat 1's hand too.
    assert "7H" in hands[0] and "7H" in hands[1]


def test_a_targeted_run_finds_the_fixed_first_attacker(tmp_path: Path) -> None:
    scenario = "durak-challenge.first-attack.dealt-lowest-trump"
    command = [sys.executable, "-m", "durak_conformance", "run", "--engine", "--no-progress"]
    command += ["--profile", "durak-challenge", "--id", scenario, "--reports", str(tmp_path)]
    command += ["--name", "durakgame", "--", *DURAKGAME_COMMAND]
    finished = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert finished.returncode == 1, finished.stdout + finished.stderr
    report = json.loads((tmp_path / "durakgame.json").read_text())
    [record] = [r for r in report["records"] if r["id"] == scenario]
    assert record["status"] == "fail"
    assert "expected seat 2 to open" in record["message"]
