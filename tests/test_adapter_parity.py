"""The in-process adapter and ``serve`` over stdio give identical answers.

Seeded random games on several profiles: at every step both adapters are asked for every
seat's legal actions, then one action (or a refused one) is played on both, and states,
events and errors must be equal.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from protocol_support import rules_for, seats, serve_command, shuffled_deck, stdio

from adapters.base import JSON, Adapter
from adapters.reference import ReferenceAdapter
from adapters.stdio import StdioAdapter

GAMES = [
    # profile, options, seat count, seed
    ("durak-challenge", {}, 2, 1),
    ("videochess", {}, 4, 2),
    ("videochess", {"rules": "transfer", "teams": "pairs"}, 4, 3),
    ("howto-durak", {}, 3, 4),
    ("ggtables", {}, 3, 5),
    ("prototype-build10", {}, 2, 6),
]


@pytest.fixture(scope="module")
def over_stdio() -> Iterator[StdioAdapter]:
    adapter = stdio(serve_command())
    yield adapter
    adapter.close()
    assert adapter.exit_status == 0
    assert adapter.restarts == 0


def _legal_all(adapter: Adapter, game: str, state: JSON) -> list[list[JSON]]:
    return [adapter.legal(game, seat["seat"]) for seat in state["seats"]]


@pytest.mark.parametrize(("profile", "options", "count", "seed"), GAMES)
def test_random_game_is_identical_in_process_and_over_stdio(
    over_stdio: StdioAdapter, profile: str, options: dict[str, str], count: int, seed: int
) -> None:
    try:
        chosen, rules = rules_for(profile, options)
    except Exception as exc:  # an option a not-yet-written profile lacks
        pytest.skip(f"{profile} {options}: {exc}")
    rules.update({"min_seats": min(rules.get("min_seats", 2), count)})
    local = ReferenceAdapter()
    game = f"parity-{profile}-{seed}"
    deck = shuffled_deck(int(rules.get("deck_size", 36)), seed)
    kwargs = {
        "profile": profile,
        "options": chosen,
        "rules": rules,
        "seats": seats(count),
        "seed": seed,
        "deck": deck,
    }
    state = local.start(game, **kwargs)  # type: ignore[arg-type]
    assert over_stdio.start(game, **kwargs) == state  # type: ignore[arg-type]
    rng = random.Random(seed)
    moves = 0
    while state["phase"] != "finished" and moves < 400:
        legal = _legal_all(local, game, state)
        assert _legal_all(over_stdio, game, state) == legal
        if rng.random() < 0.1:  # a refused action: someone else's move
            seat = rng.randrange(1, count + 1)
            others = [a for row in legal for a in row if a["seat"] != seat]
            if others:
                action = {**rng.choice(others), "seat": seat}
                attempt = local.act(game, seat, action)
                assert over_stdio.act(game, seat, action) == attempt
                if attempt.ok:  # it happened to be legal for this seat too
                    assert attempt.state is not None
                    state = attempt.state
                    moves += 1
                    continue
                assert over_stdio.state(game) == state == local.state(game)
        action = rng.choice([a for row in legal for a in row])
        result = local.act(game, action["seat"], action)
        assert result.ok and result.state is not None
        assert over_stdio.act(game, action["seat"], action) == result
        state = result.state
        moves += 1
    assert state["phase"] == "finished", f"{moves} moves without a result"
    assert over_stdio.state(game) == local.state(game)
    local.end(game)
    over_stdio.end(game)
