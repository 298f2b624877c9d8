"""Helpers for the tests of the wrappers around public engines (``adapters/thirdparty/*``).

The tests that need an engine's checkout find it through the wrapper's environment variable
and skip, saying so, when it is not set.  :func:`play_random_games` drives a wrapper through
whole games by its ``legal`` answers and checks what a wrapper must get right whatever the
engine's rules: every listed action is accepted, a refusal leaves the state as it was, no card
appears twice or vanishes, every reply has the protocol's shape.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from adapters.thirdparty.common import WrapperEngine, table_cards
from durak_conformance.profiles import load_profile, resolve

JSON = dict[str, Any]


def checkout_or_skip(env_var: str, what: str) -> Path:
    """The checkout named by ``$env_var``, or skip the test saying how to run it."""
    raw = os.environ.get(env_var, "")
    if not raw or not Path(raw).is_dir():
        pytest.skip(f"needs a checkout of {what}: set {env_var} to its path")
    return Path(raw)


def rules(profile: str, **options: str) -> JSON:
    """The resolved rules of ``profile`` with ``options``."""
    return dict(resolve(load_profile(profile), options).params)


def start_request(
    profile: str,
    seats: int,
    *,
    game: str = "g",
    seed: int = 0,
    deck: list[str] | None = None,
    position: Mapping[str, Any] | None = None,
    options: Mapping[str, str] | None = None,
) -> JSON:
    """A ``start`` request (by ``deck``, ``position`` or, with neither, ``deal``)."""
    request: JSON = {
        "id": 1,
        "cmd": "start",
        "game": game,
        "profile": profile,
        "options": dict(options or {}),
        "rules": rules(profile, **dict(options or {})),
        "seats": [{"seat": n, "human": True} for n in range(1, seats + 1)],
        "seed": seed,
    }
    if deck is not None:
        request["deck"] = deck
    if position is not None:
        request["position"] = dict(position)
    return request


def all_cards(state: Mapping[str, Any]) -> Counter[str]:
    """Every card the state shows, counted (hands, table, stock, discard)."""
    seen: Counter[str] = Counter()
    for seat in state["seats"]:
        seen.update(seat["hand"])
    seen.update(table_cards(state))
    seen.update(state["stock"])
    seen.update(state["discard"])
    return seen


def ask(engine: WrapperEngine, request: JSON) -> JSON:
    reply = engine.handle(request)
    assert reply["id"] == request["id"], reply
    return reply


def play_random_games(
    engine: WrapperEngine,
    start: JSON,
    *,
    games: int = 3,
    max_moves: int = 600,
    end_clears_hands: bool = False,
) -> list[JSON]:
    """Play ``games`` games by random legal actions; the final states.

    Checks on the way: the start is accepted; cards are conserved and never doubled (with
    ``end_clears_hands``, for an engine that empties the hands when the game ends, only
    until then); every action ``legal`` lists is accepted and the seat's ``actions`` list the
    same types; an action not listed is refused and leaves the state as it was; a finished
    game has a result.
    """
    finals: list[JSON] = []
    for number in range(games):
        chooser = random.Random(number)
        game = f"{start['game']}-{number}"
        reply = ask(engine, {**start, "game": game, "seed": start["seed"] + number})
        assert reply["ok"], reply
        state = reply["state"]
        deck = all_cards(state)
        assert max(deck.values()) == 1, deck
        request_id = 10
        for _ in range(max_moves):
            if state["phase"] == "finished":
                break
            options: list[JSON] = []
            for seat in state["seats"]:
                request_id += 1
                listed = ask(
                    engine,
                    {"id": request_id, "cmd": "legal", "game": game, "seat": seat["seat"]},
                )
                assert listed["ok"], listed
                assert sorted({a["type"] for a in listed["actions"]}) == seat["actions"], (
                    seat,
                    listed,
                )
                options += listed["actions"]
            assert options, f"nobody can act in an unfinished game: {state}"
            if "turn" in state:
                assert {a["seat"] for a in options} <= {state["turn"]}, (state["turn"], options)
            # An action nobody listed is refused without changing the game.
            seat_one = state["seats"][0]
            probe = {"type": "take", "seat": seat_one["seat"]}
            if probe not in options:
                request_id += 1
                refused = ask(
                    engine,
                    {"id": request_id, "cmd": "act", "game": game, "seat": 1, "action": probe},
                )
                assert not refused["ok"] and refused["error"]["code"] == "illegal", refused
                request_id += 1
                again = ask(engine, {"id": request_id, "cmd": "state", "game": game})
                assert again["state"] == state
            action = chooser.choice(options)
            request_id += 1
            done = ask(
                engine,
                {
                    "id": request_id,
                    "cmd": "act",
                    "game": game,
                    "seat": action["seat"],
                    "action": action,
                },
            )
            assert done["ok"], (action, done)
            assert done["events"][0] == action
            state = done["state"]
            if not (end_clears_hands and state["phase"] == "finished"):
                assert all_cards(state) == deck, (action, state)
            assert max(all_cards(state).values()) == 1, state
        assert state["phase"] == "finished", f"game {game} did not finish in {max_moves} moves"
        assert state["result"] is not None
        finals.append(state)
        ask(engine, {"id": request_id + 1, "cmd": "end", "game": game})
    return finals
