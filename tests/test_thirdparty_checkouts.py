"""The wrappers against the real engines, each from a checkout the environment names.

Every test here skips, saying which variable to set, when that engine's checkout is not
there (CI has none: the engines' code never enters the project).  With the checkouts
present (see each wrapper's README for building them) they play whole games through the
wrapper by its ``legal`` answers and check what a wrapper must get right whatever the
engine's rules (tests/thirdparty_support.py), and that the handshake names the checkout's
commit.
"""

from __future__ import annotations

import importlib
import os
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from thirdparty_support import checkout_or_skip, play_random_games, start_request

from adapters.thirdparty.common import WrapperEngine, read_commit
from reference_engine.cards import deck as ordered_deck

ENGINES: list[tuple[str, str, str, int, str]] = [
    # wrapper package, environment variable, profile, seats, how the game starts
    ("cardsharp", "DURAK_CARDSHARP_CHECKOUT", "prototype-build10", 2, "deck"),
    ("cardsharp", "DURAK_CARDSHARP_CHECKOUT", "howto-durak", 4, "deck"),
    ("cardsharp", "DURAK_CARDSHARP_CHECKOUT", "prototype-build10", 2, "deal"),
    ("pertsov", "DURAK_PERTSOV_CHECKOUT", "howto-durak", 3, "deal"),
    ("feds01", "DURAK_FEDS01_CHECKOUT", "videochess", 4, "deck"),
    ("rnixik", "DURAK_RNIXIK_CHECKOUT", "howto-durak", 3, "deck"),
    ("lennertcl", "DURAK_LENNERTCL_CHECKOUT", "prototype-build10", 2, "deck"),
    ("tirinox", "DURAK_TIRINOX_CHECKOUT", "durak-challenge", 2, "deck"),
]


def wrapper(package: str, env_var: str) -> tuple[WrapperEngine, Path]:
    checkout = checkout_or_skip(env_var, f"the engine wrapped by adapters/thirdparty/{package}")
    if package == "feds01" and shutil.which("node") is None:
        pytest.skip("needs Node.js (node) on PATH")
    built = (
        os.environ.get("DURAK_RNIXIK_DRIVER") or (checkout / "durak-conformance-driver").exists()
    )
    if package == "rnixik" and not built:
        pytest.skip("needs the driver built from driver.go: set DURAK_RNIXIK_DRIVER")
    main: Any = importlib.import_module(f"adapters.thirdparty.{package}.__main__")
    return main.make_engine(str(checkout)), checkout


@pytest.mark.parametrize(("package", "env_var", "profile", "seats", "how"), ENGINES)
def test_whole_games_through_the_wrapper(
    package: str, env_var: str, profile: str, seats: int, how: str
) -> None:
    engine, checkout = wrapper(package, env_var)
    hello = engine.handle({"id": 0, "cmd": "hello", "protocol": "1"})["implementation"]
    assert hello["source"]["commit"] == read_commit(checkout) != "unknown"
    assert profile in hello["profiles"]
    deck = None
    if how == "deck":
        deck = [c.code for c in ordered_deck(36)]
        random.Random(seats).shuffle(deck)
    start = start_request(profile, seats, deck=deck)
    finals = play_random_games(
        engine, start, games=2, max_moves=800, end_clears_hands=package == "lennertcl"
    )
    assert all(f["result"]["durak"] or f["result"]["termination"] == "draw" for f in finals)


@pytest.mark.parametrize(("package", "env_var"), sorted({(e[0], e[1]) for e in ENGINES}))
def test_a_stacked_deck_or_a_dealt_table_shows_every_card_once(package: str, env_var: str) -> None:
    engine, _ = wrapper(package, env_var)
    profile = {"tirinox": "durak-challenge", "lennertcl": "prototype-build10"}.get(
        package, "howto-durak"
    )
    if package == "cardsharp":
        profile = "prototype-build10"
    deck = [c.code for c in ordered_deck(36)]
    random.Random(1).shuffle(deck)
    how = "deal" if package == "pertsov" else "deck"
    reply = engine.handle(start_request(profile, 2, deck=deck if how == "deck" else None))
    assert reply["ok"], reply
    state = reply["state"]
    shown = [c for s in state["seats"] for c in s["hand"]] + state["stock"]
    assert sorted(shown) == sorted(deck) and len(shown) == 36
    assert state["stock"][-1] == state["trump"] or package == "tirinox"
    if how == "deck" and package != "tirinox":
        assert state["trump"] == deck[-1]


@pytest.mark.parametrize(
    ("package", "env_var", "profile"),
    [
        ("cardsharp", "DURAK_CARDSHARP_CHECKOUT", "prototype-build10"),
        ("pertsov", "DURAK_PERTSOV_CHECKOUT", "howto-durak"),
        ("tirinox", "DURAK_TIRINOX_CHECKOUT", "durak-challenge"),
        ("lennertcl", "DURAK_LENNERTCL_CHECKOUT", "prototype-build10"),
    ],
)
def test_an_engine_that_deals_itself_deals_the_same_game_for_the_same_seed(
    package: str, env_var: str, profile: str
) -> None:
    """Capability deal: follow mode and fuzz --deal replay a game from its seed."""
    engine, _ = wrapper(package, env_var)
    tables = []
    for game, seed in (("a", 5), ("b", 5), ("c", 6)):
        request = {**start_request(profile, 2), "game": game, "seed": seed}
        reply = engine.handle(request)
        assert reply["ok"], reply
        state = reply["state"]
        assert all(len(s["hand"]) == 6 for s in state["seats"])
        assert len({c for s in state["seats"] for c in s["hand"]} | set(state["stock"])) == 36
        tables.append(([s["hand"] for s in state["seats"]], state["stock"]))
    assert tables[0] == tables[1]
    assert tables[0] != tables[2]
