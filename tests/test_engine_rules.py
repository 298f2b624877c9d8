"""Unit tests of the reference engine's rules, per profile, accepted and refused both."""

from __future__ import annotations

from typing import Any

import pytest
from engine_support import position, rules_for

from reference_engine import (
    Card,
    Game,
    IllegalAction,
    MalformedAction,
    Rules,
    RulesError,
    UnsupportedAction,
    beats,
    deck,
    parse_card,
)


def act(game: Game, **action: Any) -> list[dict[str, Any]]:
    return game.apply(action)


def refused(game: Game, clause: str, **action: Any) -> IllegalAction:
    """The action must be refused under ``clause`` and leave the state exactly as it was."""
    before = game.internal_json()
    with pytest.raises(IllegalAction) as info:
        game.apply(action)
    assert info.value.clause == f"{game.rules.profile}.{clause}", info.value
    assert game.internal_json() == before
    return info.value


def table(game: Game) -> list[str]:
    return [p.attack.code + ("/" + p.defence.code if p.defence else "") for p in game.table]


# ------------------------------------------------------------------ cards


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("7H", "7H"),
        ("TS", "TS"),
        ("10S", "TS"),
        ("10♠", "TS"),
        ("7♥", "7H"),
        ("q♦", "QD"),
        ("A♣", "AC"),
        (" 9d ", "9D"),
    ],
)
def test_card_spellings(text: str, code: str) -> None:
    assert parse_card(text).code == code


@pytest.mark.parametrize("text", ["", "1H", "11S", "7X", "HH", "7", "♥7", "10"])
def test_bad_card_names_are_malformed(text: str) -> None:
    with pytest.raises(MalformedAction, match="is not a card"):
        parse_card(text)


@pytest.mark.parametrize(("size", "low"), [(24, "9"), (36, "6"), (52, "2")])
def test_decks(size: int, low: str) -> None:
    cards = deck(size)
    assert len(cards) == len(set(cards)) == size
    assert min(c.rank for c in cards) == parse_card(low + "S").rank
    with pytest.raises(ValueError, match="24, 36 or 52"):
        deck(40)


def test_beating() -> None:
    c = parse_card
    assert beats(c("9H"), c("7H"), "S")  # higher of the same suit
    assert not beats(c("7H"), c("9H"), "S")  # lower of the same suit
    assert not beats(c("AD"), c("7H"), "S")  # another non-trump suit, however high
    assert beats(c("6S"), c("AH"), "S")  # any trump over a non-trump
    assert beats(c("7S"), c("6S"), "S")  # higher trump over trump
    assert not beats(c("AH"), c("6S"), "S")  # a trump only by a higher trump
    assert not beats(c("6S"), c("7S"), "S")


# ------------------------------------------------------------------ the deal


def test_deal_one_card_at_a_time_from_seat_one() -> None:
    rules = rules_for("videochess")
    cards = deck(36)
    game = Game.deal(rules, 3, cards)
    for seat in (1, 2, 3):
        assert game.hand(seat) == [cards[seat - 1 + 3 * k] for k in range(6)]
    state = game.to_json()
    assert state["trump"] == cards[-1].code and state["trump_suit"] == cards[-1].suit
    assert state["stock"] == [c.code for c in cards[18:]]  # top first, trump last
    assert state["stock"][-1] == state["trump"]


def test_whole_deck_dealt_leaves_no_stock_and_the_trump_in_the_last_hand() -> None:
    rules = rules_for("howto-durak", deck="24")
    cards = deck(24)
    game = Game.deal(rules, 4, cards)
    assert game.stock == []
    assert cards[-1] in game.hands[4]
    assert game.to_json()["trump"] == cards[-1].code


def test_deal_refuses_bad_decks() -> None:
    rules = rules_for("videochess")
    cards = deck(36)
    with pytest.raises(RulesError, match="appears twice"):
        Game.deal(rules, 2, [*cards[:-1], cards[0]])
    with pytest.raises(RulesError, match="all 36 cards"):
        Game.deal(rules, 2, cards[:-1])
    with pytest.raises(RulesError, match="not in a 36-card deck"):
        Game.deal(rules, 2, [*cards[:-1], Card(0, "S")])
    with pytest.raises(RulesError, match="2 to 4 seats, not 5"):
        Game.deal(rules, 5, cards)
    with pytest.raises(RulesError, match="exactly 4 seats, not 3"):
        Game.deal(rules_for("videochess", teams="pairs"), 3, cards)


# ------------------------------------------------------------------ first attack


def test_lowest_trump_leads() -> None:
    game = position(
        rules_for("videochess"),
        {1: "7H AS", 2: "6D KH", 3: "9C QH"},
        trump="8H",
        stock="8H",
        attacker=None,
    )
    assert game.attacker == 1 and game.defender == 2  # 7H is the lowest trump


@pytest.mark.parametrize(
    ("profile", "hands", "expected"),
    [
        ("videochess", {1: "9S KD", 2: "7C AS", 3: "7D QS"}, 2),  # lowest card, tie: lower seat
        ("howto-durak", {1: "9S KD", 2: "8C AS", 3: "7D QS"}, 3),  # lowest card
        ("prototype-build10", {1: "9S KD", 2: "7C AS"}, 1),  # first seat
        ("ggtables", {1: "9S KD", 2: "7C AS", 3: "7D QS"}, 2),  # baseline: lowest card
    ],
)
def test_first_attacker_when_nobody_holds_a_trump(
    profile: str, hands: dict[int, str], expected: int
) -> None:
    options = {"players": str(len(hands))} if profile == "ggtables" else {}
    game = position(rules_for(profile, **options), hands, trump="6H", attacker=None)
    assert game.attacker == expected


def test_durak_challenge_human_leads_when_nobody_holds_a_trump() -> None:
    rules = rules_for("durak-challenge")
    pos = {"hands": {"1": ["KS"], "2": ["7C"]}, "trump": "6H", "stock": []}
    assert Game.from_position(rules, pos, humans=[1]).attacker == 1
    assert Game.from_position(rules, pos, humans=[2]).attacker == 2


# ------------------------------------------------------------------ attack and defence


def test_opening_cards() -> None:
    single = position(rules_for("videochess"), {1: "7S 7D 9C", 2: "8S 8D 8C"})
    refused(single, "attack.opening-cards", type="attack", seat=1, cards=["7S", "7D"])
    refused(single, "play.card-in-hand", type="attack", seat=1, cards=["8S"])
    refused(single, "play.turn", type="attack", seat=2, cards=["8S"])
    refused(single, "attack.compulsory", type="done", seat=1)
    multi = position(rules_for("howto-durak"), {1: "7S 7D 9C", 2: "8S 8D 8C"})
    refused(multi, "attack.opening-cards", type="attack", seat=1, cards=["7S", "9C"])
    act(multi, type="attack", seat=1, cards=["7S", "7D"])
    assert table(multi) == ["7S", "7D"]


def test_defence() -> None:
    game = position(rules_for("videochess"), {1: "9S 8D", 2: "7S TS 6H 7D"}, trump="6H")
    act(game, type="attack", seat=1, cards=["9S"])
    refused(game, "defence.beat", type="defend", seat=2, attack="9S", card="7S")
    refused(game, "defence.beat", type="defend", seat=2, attack="9S", card="7D")
    refused(game, "defence.beat", type="defend", seat=2, attack="8D", card="TS")
    refused(game, "play.card-in-hand", type="defend", seat=2, attack="9S", card="JS")
    refused(game, "play.turn", type="defend", seat=1, attack="9S", card="8D")
    act(game, type="defend", seat=2, attack="9S", card="6H")  # any trump over a non-trump
    assert table(game) == ["9S/6H"]


def test_a_malformed_action_is_not_an_illegal_one() -> None:
    game = position(rules_for("videochess"), {1: "9S 8D", 2: "7S TS"})
    with pytest.raises(MalformedAction, match=r"action\.type"):
        game.apply({"type": "fly", "seat": 1})
    with pytest.raises(MalformedAction, match=r"action\.seat"):
        game.apply({"type": "take"})
    with pytest.raises(MalformedAction, match=r"action\.cards\[0\]"):
        game.apply({"type": "attack", "seat": 1, "cards": ["1S"]})
    with pytest.raises(MalformedAction, match="only 2 seats"):
        game.apply({"type": "take", "seat": 3})
    with pytest.raises(UnsupportedAction):
        game.apply({"type": "catch", "seat": 1})


# ------------------------------------------------------------------ throwing in


def test_throw_in_by_rank_on_the_table() -> None:
    game = position(rules_for("videochess"), {1: "9S 8D QD 7C", 2: "TS 7S 8H 6D", 3: "QC 9H"})
    act(game, type="attack", seat=1, cards=["9S"])
    act(game, type="defend", seat=2, attack="9S", card="TS")
    refused(game, "throw-in.rank", type="throw_in", seat=1, card="8D")
    refused(game, "throw-in.who", type="throw_in", seat=2, card="7S")
    # starter first: seat 3 waits until seat 1 is done (seat 1 holds nothing of rank 9 or 10)
    act(game, type="done", seat=1)
    act(game, type="throw_in", seat=3, card="9H")
    assert table(game) == ["9S/TS", "9H"]


def test_starter_first_releases_the_others_when_the_starter_has_nothing_to_throw() -> None:
    game = position(rules_for("videochess"), {1: "9S 8D", 2: "TS 7S 8H", 3: "9H QC"})
    act(game, type="attack", seat=1, cards=["9S"])
    act(game, type="throw_in", seat=3, card="9H")  # seat 1 holds no 9
    assert table(game) == ["9S", "9H"]


def test_starter_first_blocks_the_others_while_the_starter_can_throw() -> None:
    game = position(rules_for("videochess"), {1: "9S 9D", 2: "TS 7S 8H", 3: "9H QC"})
    act(game, type="attack", seat=1, cards=["9S"])
    refused(game, "throw-in.order", type="throw_in", seat=3, card="9H")


def test_pairs_partner_does_not_throw_in() -> None:
    game = position(
        rules_for("videochess", teams="pairs"), {1: "9S 7C", 2: "TS 8H", 3: "QC 9H", 4: "9D KS"}
    )
    act(game, type="attack", seat=1, cards=["9S"])
    refused(game, "throw-in.who", type="throw_in", seat=4, card="9D")  # 2's partner
    act(game, type="throw_in", seat=3, card="9H")


def test_neighbours_only() -> None:
    rules = rules_for("howto-durak", throw_in="neighbours")
    game = position(rules, {1: "9S 7C", 2: "TS 8H JH", 3: "9H QC", 4: "9D KS"})
    act(game, type="attack", seat=1, cards=["9S"])
    refused(game, "throw-in.who", type="throw_in", seat=4, card="9D")  # 4 is not beside 2
    act(game, type="throw_in", seat=3, card="9H")


def test_one_card_at_a_time() -> None:
    game = position(rules_for("durak-challenge"), {1: "9S 9D 7C", 2: "TS JD 8H"})
    act(game, type="attack", seat=1, cards=["9S"])
    refused(game, "throw-in.after-defence", type="throw_in", seat=1, card="9D")
    act(game, type="defend", seat=2, attack="9S", card="TS")
    act(game, type="throw_in", seat=1, card="9D")


def test_ggtables_rounds() -> None:
    game = position(rules_for("ggtables", players="3"), {1: "9S 7C", 2: "TS JD 8H", 3: "9H TC"})
    act(game, type="attack", seat=1, cards=["9S"])
    refused(game, "throw-in.order", type="throw_in", seat=3, card="9H")  # defender first
    act(game, type="defend", seat=2, attack="9S", card="TS")
    refused(game, "throw-in.order", type="throw_in", seat=3, card="9H")  # principal first
    act(game, type="done", seat=1)
    act(game, type="throw_in", seat=3, card="9H")
    assert game.round_turn() == 0  # the defender must answer the new card
    act(game, type="take", seat=2)
    assert game.round_turn() == 1  # a new card reopens the round from the principal attacker


# ------------------------------------------------------------------ limits


def test_six_card_limit() -> None:
    game = position(
        rules_for("videochess"), {1: "6S 6D 6C 6H 7D 7H 7C", 2: "7S 9S 9D 9C TS TD TC"}, trump="AC"
    )
    act(game, type="attack", seat=1, cards=["6S"])
    act(game, type="defend", seat=2, attack="6S", card="7S")
    for card in ("6D", "6C", "6H", "7D", "7H"):
        act(game, type="throw_in", seat=1, card=card)
    assert len(game.table) == 6 and game.room() == 0
    refused(game, "limits.six", type="throw_in", seat=1, card="7C")


def test_defender_hand_at_start_limit() -> None:
    game = position(
        rules_for("howto-durak"), {1: "6S 6D 6C 7S", 2: "8S 8D"}, trump="6H", discard=["TS"]
    )
    refused(game, "limits.defender-hand", type="attack", seat=1, cards=["6S", "6D", "6C"])
    act(game, type="attack", seat=1, cards=["6S", "6D"])
    refused(game, "limits.defender-hand", type="throw_in", seat=1, card="6C")


def test_videochess_unbeaten_cards_limit() -> None:
    game = position(rules_for("videochess"), {1: "6S 6D 6C 7S", 2: "8S 8D JH"}, trump="6H")
    act(game, type="attack", seat=1, cards=["6S"])
    act(game, type="defend", seat=2, attack="6S", card="8S")
    act(game, type="throw_in", seat=1, card="6D")
    act(game, type="throw_in", seat=1, card="6C")  # 2 unbeaten, and the defender holds 2
    assert game.room() == 0 and game.limit() == 3
    act(game, type="defend", seat=2, attack="6D", card="8D")  # one card beaten: room for one
    assert game.room() == 0  # 1 unbeaten, defender holds 1


def test_first_bout_limit_until_the_first_discard() -> None:
    rules = rules_for("howto-durak")
    hands = {1: "6S 6D 6C 7D 7C 7H", 2: "7S 8S 8D 8C 9S 9D", 3: "AS AD"}
    game = position(rules, hands, trump="AH", stock="QS QD QC KS KD KC AC AH")
    act(game, type="attack", seat=1, cards=["6S", "6D", "6C"])
    act(game, type="defend", seat=2, attack="6S", card="7S")
    act(game, type="throw_in", seat=1, card="7D")
    act(game, type="throw_in", seat=1, card="7C")
    assert game.limit() == 5
    refused(game, "limits.first-bout", type="throw_in", seat=1, card="7H")


def test_first_bout_limit_survives_a_take_and_ends_with_the_first_discard() -> None:
    rules = rules_for("howto-durak", throw_in="all")
    game = position(
        rules,
        {1: "6S 7S", 2: "8D 9D"},
        trump="6H",
        stock="QS QD QC KS KD KC AC AS AD AH JS JD JC 6H",
    )
    act(game, type="attack", seat=1, cards=["6S"])
    act(game, type="take", seat=2)
    act(game, type="done", seat=1)
    assert game.first_discard_done is False and game.cap() == 5  # a take discards nothing
    assert game.attacker == 1  # the taker is skipped
    act(game, type="attack", seat=1, cards=[game.hands[1][0].code])
    beat = next(c for c in game.hands[2] if beats(c, game.table[0].attack, game.trump))
    act(game, type="defend", seat=2, attack=game.table[0].attack.code, card=beat.code)
    act(game, type="done", seat=1)
    assert game.first_discard_done is True and game.cap() == 6


# ------------------------------------------------------------------ take and accept


def test_take_then_throw_ins_then_the_defender_takes_everything() -> None:
    game = position(
        rules_for("videochess"), {1: "9S 9D 7C", 2: "TS 8H 6D AS KD", 3: "9H QC"}, trump="6H"
    )
    act(game, type="attack", seat=1, cards=["9S"])
    act(game, type="take", seat=2)
    refused(game, "take.when", type="take", seat=2)
    refused(game, "transfer.mode", type="transfer", seat=2, card="9C")
    act(game, type="throw_in", seat=1, card="9D")
    act(game, type="done", seat=1)
    act(game, type="throw_in", seat=3, card="9H")
    act(game, type="done", seat=3)
    events = act(game, type="done", seat=1)
    assert any(e["type"] == "bout_end" and e["outcome"] == "taken" for e in events)
    assert {"9S", "9D", "9H"} <= {c.code for c in game.hands[2]}
    assert game.attacker == 3 and game.phase == "lead"  # the taker is skipped


def test_take_needs_an_unbeaten_card() -> None:
    game = position(rules_for("videochess"), {1: "9S 7C", 2: "TS 8H 6D"}, trump="6H")
    act(game, type="attack", seat=1, cards=["9S"])
    act(game, type="defend", seat=2, attack="9S", card="TS")
    refused(game, "take.when", type="take", seat=2)
    refused(game, "take.when", type="accept", seat=2)


def test_prototype_take_ends_the_bout_at_once() -> None:
    game = position(
        rules_for("prototype-build10"),
        {1: "9S 9D 7C", 2: "TS 8H 6D"},
        trump="6H",
        stock="AS AD AH 6H",
    )
    act(game, type="attack", seat=1, cards=["9S"])
    events = act(game, type="take", seat=2)
    assert any(e["type"] == "bout_end" for e in events)
    assert game.attacker == 1 and game.defender == 2  # the previous attacker goes again


def test_accept_anyway_after_a_complete_defence() -> None:
    game = position(
        rules_for("durak-challenge"),
        {1: "9S 9D 7C", 2: "TS JD 8H"},
        trump="6H",
        stock="AS AD AH KS 6H",
    )
    act(game, type="attack", seat=1, cards=["9S"])
    refused(game, "accept.when", type="accept", seat=2)
    act(game, type="defend", seat=2, attack="9S", card="TS")
    refused(game, "accept.when", type="accept", seat=2)  # the attacker has not ended yet
    act(game, type="done", seat=1)
    assert game.actions_for(2) == ["accept", "done"]
    assert game.actions_for(1) == []  # the attacker may add nothing now
    act(game, type="accept", seat=2)
    assert {"9S", "TS"} <= {c.code for c in game.hands[2]}
    assert game.attacker == 1


def test_keeping_the_defence_discards_and_the_defender_attacks() -> None:
    game = position(
        rules_for("durak-challenge"),
        {1: "9S 9D 7C", 2: "TS JD 8H"},
        trump="6H",
        stock="AS AD AH KS 6H",
    )
    act(game, type="attack", seat=1, cards=["9S"])
    act(game, type="defend", seat=2, attack="9S", card="TS")
    act(game, type="done", seat=1)
    act(game, type="done", seat=2)
    assert [c.code for c in game.discard] == ["9S", "TS"]
    assert game.attacker == 2


# ------------------------------------------------------------------ transfer


def test_transfer_rules() -> None:
    rules = rules_for("videochess", rules="transfer")
    game = position(rules, {1: "9S 7C", 2: "9D TS 8H", 3: "9H QC JC"}, trump="6H")
    act(game, type="attack", seat=1, cards=["9S"])
    refused(game, "transfer.rank", type="transfer", seat=2, card="TS")
    act(game, type="transfer", seat=2, card="9D")
    assert (game.attacker, game.defender, game.priority) == (2, 3, 2)
    assert game.starter == 1
    # around the table: 3 passes to 1, who holds only one card: not enough for three
    refused(game, "transfer.capacity", type="transfer", seat=3, card="9H")


def test_no_transfer_after_a_beat_or_a_take() -> None:
    rules = rules_for("howto-durak", mode="passing")
    game = position(rules, {1: "9S 9C 7C", 2: "9D TS 8H 9H", 3: "QC JC AS AD"}, trump="6H")
    act(game, type="attack", seat=1, cards=["9S", "9C"])
    act(game, type="defend", seat=2, attack="9S", card="TS")
    refused(game, "transfer.before-beat", type="transfer", seat=2, card="9D")
    act(game, type="take", seat=2)
    refused(game, "transfer.before-take", type="transfer", seat=2, card="9D")


def test_transfer_capacity_and_bout_cap() -> None:
    rules = rules_for("howto-durak", mode="passing")
    game = position(
        rules, {1: "9S 9C 9D 9H 7C", 2: "7S TS 8H JH AH", 3: "AS AD AC KS KD KC"}, trump="6H"
    )
    # five 9s would be the first-bout cap already; a sixth card via transfer breaks it
    act(game, type="attack", seat=1, cards=["9S", "9C", "9D", "9H"])
    assert game.legal_actions(2) and all(a.type != "transfer" for a in game.legal_actions(2))


def test_duel_transfer_swaps_roles() -> None:
    rules = rules_for("prototype-build10", mode="transfer")
    game = position(rules, {1: "9S 7C 8C", 2: "9D TS 8H"}, trump="6H")
    act(game, type="attack", seat=1, cards=["9S"])
    act(game, type="transfer", seat=2, card="9D")
    assert (game.attacker, game.defender) == (2, 1)


def test_pairs_transfer_skips_the_partner() -> None:
    rules = rules_for("videochess", rules="transfer", teams="pairs")
    game = position(rules, {1: "9S 7C", 2: "9D TS", 3: "QC JC", 4: "AS AD"}, trump="6H")
    act(game, type="attack", seat=1, cards=["9S"])
    act(game, type="transfer", seat=2, card="9D")
    assert game.defender == 3  # 2's next opponent clockwise


# ------------------------------------------------------------------ closing, drawing, turns


def test_drawing_order_starter_first_defender_last() -> None:
    rules = rules_for("videochess")
    hands = {1: "9S 7C 8C 8D 8S TC", 2: "TS 8H JC QC KC AC", 3: "QD JD TD 9D 7D"}
    game = position(rules, hands, trump="6H", stock="AS KS QS 6H")
    act(game, type="attack", seat=1, cards=["9S"])
    act(game, type="defend", seat=2, attack="9S", card="TS")
    act(game, type="done", seat=1)
    act(game, type="done", seat=3)
    # starter (1) first, then clockwise skipping the defender (3), the defender (2) last
    assert parse_card("AS") in game.hands[1]
    assert parse_card("KS") in game.hands[3]
    assert parse_card("QS") in game.hands[2]
    assert [c.code for c in game.stock] == ["6H"]
    assert game.attacker == 2  # the defender beat everything and attacks next


def test_drawing_after_transfers_around_the_table_keeps_the_defender_last() -> None:
    rules = rules_for("howto-durak", mode="passing")
    hands = {1: "9S 9H 7C 7D 7S", 2: "9D TS 8H QH KH", 3: "9C QC JC AS AD"}
    game = position(rules, hands, trump="6H", stock="KS QS JS 6H")
    act(game, type="attack", seat=1, cards=["9S"])
    act(game, type="transfer", seat=2, card="9D")
    act(game, type="transfer", seat=3, card="9C")
    assert (game.attacker, game.defender, game.starter) == (3, 1, 1)
    act(game, type="take", seat=1)
    for seat in (2, 3):
        act(game, type="done", seat=seat)
    # the starter is now the defender: seat 2 then seat 3 draw, seat 1 (defender) last
    assert {parse_card("KS"), parse_card("QS")} <= set(game.hands[2])
    assert {parse_card("JS"), parse_card("6H")} <= set(game.hands[3])
    assert len(game.hands[1]) == 7 and game.stock == []
    assert game.attacker == 2  # the taker is skipped


def test_results() -> None:
    rules = rules_for("howto-durak")
    game = position(rules, {1: "9S", 2: "TS 7C"}, trump="6H")
    act(game, type="attack", seat=1, cards=["9S"])
    assert game.out[1] is True  # immediate: out as soon as the last card is played
    act(game, type="defend", seat=2, attack="9S", card="TS")
    assert game.result is not None and game.result.durak == (2,)
    draw = position(rules, {1: "9S", 2: "TS"}, trump="6H")
    act(draw, type="attack", seat=1, cards=["9S"])
    act(draw, type="defend", seat=2, attack="9S", card="TS")
    assert draw.result is not None and draw.result.is_draw and draw.result.durak == ()
    refused(draw, "game.finished", type="take", seat=2)


def test_pairs_results() -> None:
    rules = rules_for("howto-durak", teams="pairs")
    game = position(rules, {1: "9S", 2: "TS 7C", 3: "", 4: "AH"}, trump="6H", attacker=1)
    act(game, type="attack", seat=1, cards=["9S"])
    act(game, type="defend", seat=2, attack="9S", card="TS")
    assert game.result is not None
    assert game.result.winning_pair == (1, 3) and set(game.result.durak) == {2, 4}


# ------------------------------------------------------------------ state, copies, JSON


def test_refusals_leave_the_state_unchanged_and_push_pop_restores() -> None:
    game = position(rules_for("videochess"), {1: "9S 7C", 2: "TS 8H 6D"}, trump="6H")
    before = game.internal_json()
    game.push({"type": "attack", "seat": 1, "cards": ["9S"]})
    game.push({"type": "defend", "seat": 2, "attack": "9S", "card": "TS"})
    game.pop()
    game.pop()
    assert game.internal_json() == before
    with pytest.raises(IndexError):
        game.pop()


def test_internal_json_round_trip() -> None:
    game = position(rules_for("videochess", rules="transfer"), {1: "9S 7C", 2: "9D TS", 3: "QC"})
    act(game, type="attack", seat=1, cards=["9S"])
    copy = Game.from_internal_json(game.internal_json())
    assert copy.to_json() == game.to_json()
    assert copy.internal_json() == game.internal_json()


def test_positions_are_checked() -> None:
    rules = rules_for("videochess")
    with pytest.raises(RulesError, match="appears twice"):
        position(rules, {1: "9S 7C", 2: "9S"})
    with pytest.raises(RulesError, match="not in a 36-card deck"):
        position(rules, {1: "2S 7C", 2: "9S"})
    with pytest.raises(RulesError, match="last card of the stock"):
        position(rules, {1: "9S", 2: "TS"}, stock="6H AS")
    with pytest.raises(RulesError, match="numbered"):
        Game.from_position(rules, {"hands": {"1": ["9S"], "3": ["TS"]}, "trump": "6H"})
    with pytest.raises(RulesError, match="already decided"):
        position(rules, {1: "9S", 2: ""})
    with pytest.raises(RulesError, match="no cards while the stock"):
        position(rules, {1: "9S", 2: "", 3: "TS"}, stock="AS")


def test_rules_refuse_bad_parameters() -> None:
    with pytest.raises(RulesError, match="'bout_cap' must be an integer"):
        Rules.from_mapping({"profile": "x", "bout_cap": "six"})
    with pytest.raises(RulesError, match="'opening' must be one of"):
        Rules.from_mapping({"profile": "x", "opening": "many"})
    with pytest.raises(RulesError, match="'profile' must be given"):
        Rules.from_mapping({})
    rules = Rules.from_mapping(
        {"profile": "x", "action_seconds": 30, "move_hints_default_on": True}
    )
    assert rules.action_seconds == 30
    assert rules.extra == {"move_hints_default_on": True}
    assert Rules.from_mapping(rules.to_mapping()) == rules
    with pytest.raises(RulesError, match="'timeout_lead_card' must be null or one of"):
        Rules.from_mapping({"profile": "x", "timeout_lead_card": "highest"})
    with pytest.raises(RulesError, match="chess_clock needs clock_total_seconds"):
        Rules.from_mapping({"profile": "x", "chess_clock": True})
