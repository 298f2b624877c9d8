"""Helpers shared by the protocol, server and adapter tests."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from adapters.base import JSON, Adapter
from adapters.stdio import StdioAdapter
from durak_conformance.protocol import response_problem
from reference_engine.cards import deck

ENGINES = Path(__file__).parent / "engines"
ROOT = Path(__file__).parent.parent

FALLBACK_RULES: dict[str, JSON] = {
    # Used only while a profile file is not written yet: enough to vary the play.
    "prototype-build10": {
        "profile": "prototype-build10",
        "take_ends_bout": True,
        "transfer": True,
        "transfer_rank": "every_attack_card",
        "min_seats": 2,
        "max_seats": 5,
    },
    "howto-durak": {"profile": "howto-durak", "opening": "same_rank", "first_bout_cap": 5},
    "ggtables": {"profile": "ggtables", "throw_in_order": "rounds"},
}


def rules_for(profile: str, options: dict[str, str] | None = None) -> tuple[dict[str, str], JSON]:
    """(options in force, resolved rules) of a bundled profile, or a hand-made fallback."""
    from durak_conformance import profiles

    try:
        resolved = profiles.resolve(profiles.load_profile(profile), options or {})
    except (profiles.ProfileError, OSError):
        return dict(options or {}), dict(FALLBACK_RULES.get(profile, {"profile": profile}))
    return dict(resolved.options), dict(resolved.params)


def shuffled_deck(size: int, seed: int) -> list[str]:
    cards = [c.code for c in deck(size)]
    random.Random(seed).shuffle(cards)
    return cards


def seats(count: int, humans: tuple[int, ...] = (1,)) -> list[JSON]:
    return [{"seat": s, "human": s in humans} for s in range(1, count + 1)]


def start_game(
    adapter: Adapter,
    game: str,
    profile: str = "durak-challenge",
    *,
    seed: int = 7,
    count: int = 2,
    options: dict[str, str] | None = None,
) -> JSON:
    chosen, rules = rules_for(profile, options)
    size = int(rules.get("deck_size", 36))
    return adapter.start(
        game,
        profile=profile,
        options=chosen,
        rules=rules,
        seats=seats(count),
        seed=seed,
        deck=shuffled_deck(size, seed),
    )


def first_legal(adapter: Adapter, game: str, state: JSON) -> JSON:
    """The first legal action of the first seat that may act."""
    for seat in state["seats"]:
        if seat["actions"]:
            actions = adapter.legal(game, seat["seat"])
            if actions:
                return actions[0]
    raise AssertionError("nobody may act")


def play_moves(adapter: Adapter, game: str, state: JSON, moves: int) -> JSON:
    """Play up to ``moves`` first-legal actions; returns the last state."""
    for _ in range(moves):
        if state["phase"] == "finished":
            break
        action = first_legal(adapter, game, state)
        result = adapter.act(game, action["seat"], action)
        assert result.ok and result.state is not None, result.error
        state = result.state
    return state


def stdio(command: list[str], **kwargs: Any) -> StdioAdapter:
    """A stdio adapter with schema checks and short timeouts for tests."""
    kwargs.setdefault("timeout", 5.0)
    kwargs.setdefault("start_timeout", 20.0)
    return StdioAdapter(command, checker=response_problem, **kwargs)


def engine_command(name: str) -> list[str]:
    return [sys.executable, str(ENGINES / f"{name}.py")]


def serve_command() -> list[str]:
    return [sys.executable, "-m", "durak_conformance", "serve"]
