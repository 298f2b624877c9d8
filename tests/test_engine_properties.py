"""Property tests over random playouts of every profile, option combination and seat count."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from engine_support import (
    all_legal,
    cards_in_play,
    every_ruleset,
    random_game,
    rules_for,
    seat_counts,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference_engine import (
    Attack,
    Card,
    Game,
    Rules,
    deck,
)
from reference_engine.outcome import Termination

RULESETS = [(p, o, r) for p, o, r in every_ruleset() if seat_counts(r)]
CASES = [(p, o, r, n) for p, o, r in RULESETS for n in seat_counts(r)]
PROPERTY_SETTINGS = settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def test_every_profile_and_option_combination_is_covered() -> None:
    profiles = {p for p, _, _ in RULESETS}
    assert profiles == {
        "videochess",
        "durak-challenge",
        "howto-durak",
        "ggtables",
        "prototype-build10",
    }
    assert len(CASES) > len(RULESETS)  # several seat counts for most rulesets


def check_limits(game: Game) -> None:
    rules = game.rules
    attacks = len(game.table)
    assert attacks <= game.cap() <= rules.bout_cap
    unbeaten = sum(1 for p in game.table if p.defence is None)
    if game.phase == "bout" and not game.taken:
        assert unbeaten <= len(game.hands[game.defender])
    if rules.defender_limit == "hand_at_start":
        assert attacks <= max(game.defender_hand_at_start, 0) or game.phase != "bout"
    if game.phase == "lead":
        assert not game.table


def check_result(game: Game) -> None:
    result = game.result
    assert result is not None and game.phase == "finished"
    seats = set(range(1, game.seats + 1))
    assert set(result.durak) <= seats and set(result.winners) <= seats
    assert not set(result.durak) & set(result.winners)
    if result.termination in (Termination.DRAW, Termination.PAIR_DRAW):
        assert result.durak == () and set(result.winners) == seats
    elif result.termination is Termination.DURAK:
        assert len(result.durak) == 1 and set(result.winners) | set(result.durak) == seats
        (loser,) = result.durak
        assert game.hands[loser]  # the durak is left holding cards
    else:
        assert result.winning_pair is not None and set(result.winning_pair) == set(result.winners)
        assert len(result.durak) == 2
    assert game.stock == [] and not game.table
    assert all(game.actions_for(s) == [] for s in seats)


@PROPERTY_SETTINGS
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32 - 1))
def test_random_playouts_keep_every_invariant(
    case: tuple[str, dict[str, str], Rules, int], seed: int
) -> None:
    _, _, rules, seats = case
    rng = random.Random(seed)
    cards = deck(rules.deck_size)
    rng.shuffle(cards)
    game = Game.deal(rules, seats, cards)
    expected = Counter(c.code for c in cards)
    steps = 0
    while not game.is_over():
        # The state spells each seat's action types in a pass of its own: the same answer.
        in_state = [entry["actions"] for entry in game.to_json()["seats"]]
        options = all_legal(game)
        assert options, "nobody may act in an unfinished game"
        for seat in range(1, seats + 1):
            listed = {a.type for a in game.legal_actions(seat)}
            assert game.actions_for(seat) == sorted(listed) == in_state[seat - 1]
        game.apply(rng.choice(options))
        steps += 1
        assert cards_in_play(game) == expected, "a card was lost or duplicated"
        check_limits(game)
        assert steps < 3000
    check_result(game)


@PROPERTY_SETTINGS
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32 - 1))
def test_the_same_seed_replays_the_same_game(
    case: tuple[str, dict[str, str], Rules, int], seed: int
) -> None:
    _, _, rules, seats = case
    first, actions = random_game(rules, seats, seed)
    second, again = random_game(rules, seats, seed)
    assert actions == again and first.log == second.log
    assert first.internal_json() == second.internal_json()


@PROPERTY_SETTINGS
@given(case=st.sampled_from(CASES), seed=st.integers(0, 2**32 - 1), cut=st.floats(0, 1))
def test_saving_and_reloading_a_state_changes_nothing(
    case: tuple[str, dict[str, str], Rules, int], seed: int, cut: float
) -> None:
    _, _, rules, seats = case
    finished, actions = random_game(rules, seats, seed)
    rng = random.Random(seed)
    cards = deck(rules.deck_size)
    rng.shuffle(cards)
    game = Game.deal(rules, seats, cards)
    stop = int(cut * len(actions))
    for action in actions[:stop]:
        game.apply(action)
    reloaded = Game.from_internal_json(game.internal_json())
    assert reloaded.to_json() == game.to_json()
    for action in actions[stop:]:
        reloaded.apply(action)
    assert reloaded.internal_json() == finished.internal_json()


# That an action is accepted exactly when it is listed is checked in test_engine_design.py,
# for every ruleset, cheater mode and every mutant.


_DECK_36 = deck(36)


@PROPERTY_SETTINGS
@given(
    hand=st.lists(st.sampled_from(_DECK_36), min_size=1, max_size=9, unique=True),
    defender_cards=st.integers(1, 7),
)
def test_several_card_openings_are_every_same_rank_set_the_room_allows(
    hand: list[Card], defender_cards: int
) -> None:
    """howto-durak opens with one card or several of one rank.  Oracle: every subset of the
    hand, kept when its cards share a rank and it fits the room; listed rank by rank (ranks in
    the order they first appear in the hand), smaller sets first, then by hand position."""
    rules = rules_for("howto-durak")
    assert rules.opening == "same_rank"
    others = [c for c in _DECK_36 if c not in hand]
    game = Game.from_position(
        rules,
        {
            "hands": {"1": [c.code for c in hand], "2": [c.code for c in others[:defender_cards]]},
            "discard": [c.code for c in others[defender_cards:]],
            "trump": others[-1].code,
            "attacker": 1,
        },
    )
    room = game.room()
    assert room == min(rules.bout_cap, defender_cards)
    position = {c: i for i, c in enumerate(hand)}
    first_of_rank: dict[int, int] = {}
    for i, c in enumerate(hand):
        first_of_rank.setdefault(c.rank, i)
    expected = [
        subset
        for size in range(1, len(hand) + 1)
        for subset in itertools.combinations(hand, size)
        if size <= room and len({c.rank for c in subset}) == 1
    ]
    expected.sort(key=lambda s: (first_of_rank[s[0].rank], len(s), [position[c] for c in s]))
    listed = game.legal_actions(1)
    assert all(isinstance(a, Attack) and a.seat == 1 for a in listed)
    assert [a.cards for a in listed if isinstance(a, Attack)] == expected
    assert list(game.legal_moves()) == listed  # the defender has nothing to do yet
