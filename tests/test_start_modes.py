"""How a game may start: capabilities ``deck``, ``position`` and ``deal``.

An engine that claims none of the three is taken to accept a stacked deck; one that deals its
own games (``deal``) gets a ``start`` with neither a deck nor a position, and every scenario
that needs a given deal is skipped with that reason, never failed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from adapters.base import UnsupportedByEngine, start_modes
from adapters.reference import ReferenceAdapter, ReferenceEngine
from adapters.stdio import StdioAdapter
from durak_conformance.profiles import load_profile, resolve
from durak_conformance.protocol import SchemaViolation, response_problem, validate_request
from durak_conformance.reports import read_report

ROOT = Path(__file__).resolve().parent.parent
PROXY = [sys.executable, str(ROOT / "tests" / "engines" / "proxy.py")]
SEATS = [{"seat": 1, "human": True}, {"seat": 2, "human": False}]


def rules(profile: str = "durak-challenge") -> dict[str, Any]:
    return dict(resolve(load_profile(profile)).params)


def start_request(**extra: Any) -> dict[str, Any]:
    return {
        "id": 1,
        "cmd": "start",
        "game": "g",
        "profile": "durak-challenge",
        "options": {},
        "rules": rules(),
        "seats": SEATS,
        "seed": 7,
        **extra,
    }


@pytest.mark.parametrize(
    ("claimed", "modes"),
    [
        ((), {"deck"}),
        (("legal", "clock"), {"deck"}),
        (("position", "legal"), {"position"}),
        (("deal",), {"deal"}),
        (("deck", "deal", "turn"), {"deck", "deal"}),
        (("deck", "position", "deal"), {"deck", "position", "deal"}),
    ],
)
def test_start_modes_are_the_claimed_ones_or_deck_when_none_is_claimed(
    claimed: tuple[str, ...], modes: set[str]
) -> None:
    assert start_modes(claimed) == modes


def test_a_start_request_may_give_a_deck_a_position_or_neither_but_not_both() -> None:
    deck = [f"{r}{s}" for s in "SHDC" for r in "6789TJQKA"]
    position = {"hands": {"1": ["7S"], "2": ["8S"]}, "stock": [], "trump": "6H"}
    for extra in ({"deck": deck}, {"position": position}, {}):
        validate_request(start_request(**extra))
    with pytest.raises(SchemaViolation):
        validate_request(start_request(deck=deck, position=position))
    validate_request({"id": 2, "cmd": "next_game", "game": "g"})
    with pytest.raises(SchemaViolation):
        validate_request(
            {"id": 2, "cmd": "next_game", "game": "g", "deck": deck, "position": position}
        )


def test_the_reference_engine_claims_every_start_and_deals_from_the_seed() -> None:
    engine = ReferenceEngine()
    assert {"deck", "position", "deal"} <= engine.implementation().capabilities
    first = engine.handle(start_request())
    again = engine.handle({**start_request(), "game": "h"})
    other = engine.handle({**start_request(seed=8), "game": "i"})
    assert first["ok"] and again["ok"] and other["ok"]
    hands = [[s["hand"] for s in reply["state"]["seats"]] for reply in (first, again, other)]
    assert hands[0] == hands[1], "the same seed deals the same game"
    assert hands[0] != hands[2], "another seed deals another game"
    state = first["state"]
    assert [len(h) for h in hands[0]] == [6, 6] and len(state["stock"]) == 24
    assert state["stock"][-1] == state["trump"]
    assert len({c for h in hands[0] for c in h} | set(state["stock"])) == 36
    both = engine.handle(
        {**start_request(), "game": "j", "deck": state["stock"], "position": {"hands": {}}}
    )
    assert both["ok"] is False and both["error"]["code"] == "malformed"


def test_the_next_game_of_a_match_may_be_dealt_by_the_engine() -> None:
    adapter = ReferenceAdapter()
    position = {"hands": {"1": ["7S"], "2": ["8C"]}, "stock": [], "trump": "6H", "attacker": 1}
    adapter.start(
        "m", profile="durak-challenge", options={}, rules=rules(), seats=SEATS, position=position
    )
    adapter.act("m", 1, {"type": "attack", "seat": 1, "cards": ["7S"]})
    adapter.act("m", 2, {"type": "take", "seat": 2})
    state = adapter.next_game("m")
    assert state["phase"] == "lead" and [len(s["hand"]) for s in state["seats"]] == [6, 6]
    assert state["match"]["games"] == 1


def test_the_stdio_adapter_sends_only_the_starts_an_engine_claims() -> None:
    env = {**os.environ, "PROXY_STRICT": "1"}  # an unclaimed request would be an internal error
    adapter = StdioAdapter(
        [*PROXY, "--capabilities", "deal,legal"], checker=response_problem, env=env
    )
    try:
        assert adapter.hello().start_modes == {"deal"}
        kwargs: dict[str, Any] = {
            "profile": "durak-challenge",
            "options": {},
            "rules": rules(),
            "seats": SEATS,
        }
        with pytest.raises(UnsupportedByEngine, match="capability deck"):
            adapter.start("a", deck=["7S"], **kwargs)
        with pytest.raises(UnsupportedByEngine, match="capability position"):
            adapter.start("b", position={"hands": {}}, **kwargs)
        state = adapter.start("c", seed=3, **kwargs)
        assert [len(s["hand"]) for s in state["seats"]] == [6, 6]
    finally:
        adapter.close()


def test_a_deal_only_engine_has_every_scenario_that_needs_a_given_deal_skipped_with_the_reason(
    tmp_path: Path,
) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "durak_conformance",
            "run",
            "--no-progress",
            "--reports",
            str(tmp_path),
            "--profile",
            "durak-challenge",
            # A stacked deck (the redeal) and positions (taking): both kinds of start.
            "--id",
            "durak-challenge.redeal.*",
            "--id",
            "durak-challenge.take.*",
            "--engine",
            "--",
            *PROXY,
            "--capabilities",
            "deal,legal",
            "--name",
            "dealer",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
        env={**os.environ, "PROXY_STRICT": "1"},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    records = read_report(tmp_path / "dealer.json").records
    assert records and {r.status for r in records} == {"skip"}
    reasons = {r.message.split(" (")[0] for r in records}
    assert reasons == {
        "engine cannot start from a given deck",
        "engine does not claim capability 'position'",
    }, reasons
    decks = [r for r in records if r.message.startswith("engine cannot start from a given deck")]
    assert decks and all("it starts games by: deal" in r.message for r in decks)
