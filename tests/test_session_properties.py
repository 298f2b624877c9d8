"""Random playouts through a :class:`Session`: moves, catches, departures and time mixed.

Covers cheater mode (unfair cards, catches, the check before a bout closes) and clock
timeouts in every profile and option combination, on top of the card-play properties of
``test_engine_properties.py``.
"""

from __future__ import annotations

import random
from collections import Counter

from engine_support import cards_in_play, every_ruleset, seat_counts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from durak_conformance.protocol import validate_response
from reference_engine import Rules, deck
from reference_engine.session import Session

RULESETS = [(p, o, r) for p, o, r in every_ruleset() if seat_counts(r)]
CASES = [(p, o, r, n) for p, o, r in RULESETS for n in seat_counts(r)]


def test_cheater_mode_and_clocks_are_among_the_cases() -> None:
    assert any(r.cheater_mode for _, _, r, _ in CASES)
    assert any(r.chess_clock for _, _, r, _ in CASES)
    assert any(r.action_seconds for _, _, r, _ in CASES)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32 - 1))
def test_session_playouts_keep_the_cards_and_end(
    case: tuple[str, dict[str, str], Rules, int], seed: int
) -> None:
    _, _, rules, seats = case
    rng = random.Random(seed)
    cards = deck(rules.deck_size)
    rng.shuffle(cards)
    s = Session.start(rules, seats, range(1, seats + 1), deck_cards=cards, seed=seed)
    expected = Counter(c.code for c in cards)
    for step in range(4000):
        if s.game.phase == "finished":
            break
        moves = [a for seat in range(1, seats + 1) for a in s.legal_actions(seat)]
        roll = rng.random()
        if not moves or roll < 0.05:
            s.advance(rng.choice([1, 5, 30, 300]))
        elif roll < 0.06:
            leaver = rng.randint(1, seats)
            try:
                s.apply({"type": rng.choice(["stand_up", "resign"]), "seat": leaver})
            except Exception as exc:  # a refusal must be a rule's, and change nothing
                assert type(exc).__name__ == "IllegalAction", exc
        else:
            s.apply(rng.choice(moves))
        assert cards_in_play(s.game) == expected, f"cards changed at step {step}"
        if step % 50 == 0:
            validate_response("state", {"id": 1, "ok": True, "state": s.to_json()})
    else:
        raise AssertionError("the session does not end")
    result = s.game.result
    assert result is not None
    assert not set(result.winners) & set(result.losers)
    validate_response("state", {"id": 1, "ok": True, "state": s.to_json()})
    assert s.match["games"] == 1
