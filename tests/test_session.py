"""The session around the card play: time, cheater mode, departures, lobby, redeal, match.

Each rule is checked both ways: what it allows and what it refuses (naming the clause).
"""

from __future__ import annotations

from typing import Any

import pytest
from engine_support import rules_for

from reference_engine import IllegalAction, Rules
from reference_engine.cards import deck, parse_cards
from reference_engine.cheating import CheaterGame
from reference_engine.outcome import Termination
from reference_engine.session import Session

THREE = {"1": ["9S", "7D", "8C"], "2": ["9D", "TD", "JD", "QC"], "3": ["7C", "TS", "JS"]}


def session(
    rules: Rules,
    hands: dict[str, list[str]],
    *,
    stock: tuple[str, ...] = ("KH", "AH", "6H"),
    attacker: int | None = 1,
    humans: list[int] | None = None,
    **kwargs: Any,
) -> Session:
    position: dict[str, Any] = {"hands": hands, "stock": list(stock), "trump": "6H"}
    if attacker is not None:
        position["attacker"] = attacker
    position.update(kwargs.pop("position", {}))
    seats = len(hands)
    return Session.start(
        rules, seats, humans or list(range(1, seats + 1)), position=position, **kwargs
    )


def stacked(top: str, last: str) -> list[str]:
    """A 36-card deck: ``top`` first, the rest in order, ``last`` (the trump) at the bottom."""
    first = top.split()
    return first + [c.code for c in deck(36) if c.code not in first and c.code != last] + [last]


def clause(exc: pytest.ExceptionInfo[IllegalAction]) -> str:
    return exc.value.clause


# ---------------------------------------------------------------- per-action timers


def test_opener_times_out_with_lowest_non_trump() -> None:
    s = session(rules_for("videochess"), {**THREE, "1": ["9S", "7D", "8C", "7H"]})
    assert s.advance(29.5) == []
    events = s.advance(0.5)
    assert events[0] == {"type": "timeout", "seat": 1, "role": "lead"}
    assert [p.attack.code for p in s.game.table] == ["7D"]


def test_opener_with_only_trumps_leads_lowest_trump() -> None:
    s = session(
        rules_for("videochess"), {**THREE, "1": ["9H", "7H", "QH"]}, stock=("KS", "AH", "6H")
    )
    s.advance(30)
    assert [p.attack.code for p in s.game.table] == ["7H"]


def test_defender_takes_and_throwers_are_done_on_timeouts() -> None:
    s = session(rules_for("videochess"), {**THREE, "1": ["9S", "7D", "8C", "8S"]})
    s.apply({"type": "attack", "seat": 1, "cards": ["8C"]})
    assert s.waiting() == {2: "defend"}
    s.advance(30)
    assert s.game.taken and s.waiting() == {1: "throw"}
    s.advance(30)
    assert s.waiting() == {3: "throw"}
    s.advance(30)
    assert s.game.phase == "lead" and s.game.attacker == 3
    assert parse_cards(["8C"])[0] in s.game.hands[2]


def test_no_timers_without_timer_rules() -> None:
    s = session(rules_for("durak-challenge"), {"1": ["9S", "7D"], "2": ["9D", "TD"]})
    assert s.advance(1000) == []
    assert "time" not in s.to_json()


def test_howto_throw_in_limit_and_fast_speed() -> None:
    for speed, attack, throw in (("normal", 30, 10), ("fast", 15, 5)):
        s = session(rules_for("howto-durak", speed=speed), {**THREE, "1": ["9S", "7D", "8C", "9C"]})
        assert s.clocks[1].deadline == attack
        s.apply({"type": "attack", "seat": 1, "cards": ["7D"]})
        s.apply({"type": "defend", "seat": 2, "attack": "7D", "card": "9D"})
        assert s.clocks[1].deadline == s.now + throw  # now deciding whether to add more
        assert s.clocks[3].deadline == s.now + throw


def test_bot_takeover_after_two_defending_timeouts_and_taking_back_control() -> None:
    rules = rules_for("howto-durak")
    s = session(rules, {"1": ["7S", "8S", "9C", "TC"], "2": ["6D", "7D", "8D", "9D"]})
    with pytest.raises(IllegalAction) as exc:
        s.apply({"type": "take_back_control", "seat": 2})
    assert clause(exc) == "howto-durak.timers.bot-takeover"
    s.apply({"type": "attack", "seat": 1, "cards": ["7S"]})
    s.advance(30)  # defender takes: first timeout
    s.advance(10)  # thrower done: does not count for seat 2
    assert not s.clocks[2].bot
    s.apply({"type": "attack", "seat": 1, "cards": ["8S"]})
    events = s.advance(30)
    assert {"type": "bot_takeover", "seat": 2} in events
    assert s.clocks[2].bot and s.clocks[2].deadline is None
    s.apply({"type": "take_back_control", "seat": 2})
    assert not s.clocks[2].bot


# ---------------------------------------------------------------- chess clocks and disconnection


def test_chess_clock_runs_for_the_waited_seat_and_gains_the_increment() -> None:
    s = session(rules_for("ggtables", players="2", time="60_2"), {"1": THREE["1"], "2": THREE["2"]})
    s.advance(10)
    assert (s.clocks[1].bank, s.clocks[2].bank) == (50, 60)
    s.apply({"type": "attack", "seat": 1, "cards": ["7D"]})
    s.advance(5)
    assert (s.clocks[1].bank, s.clocks[2].bank) == (52, 55)


def test_flag_fall_forfeits_and_disconnection_pauses() -> None:
    rules = rules_for("ggtables", players="2", time="60_2")
    s = session(rules, {"1": THREE["1"], "2": THREE["2"]})
    s.apply({"type": "disconnect", "seat": 2})
    s.advance(59)  # paused, and the 60 s return period is not over
    assert s.clocks[1].bank == 60 and s.game.phase != "finished"
    s.apply({"type": "reconnect", "seat": 2})
    with pytest.raises(IllegalAction):
        s.apply({"type": "reconnect", "seat": 2})
    s.advance(60)
    result = s.game.result
    assert result is not None and result.termination is Termination.FORFEIT
    assert result.forfeited == (1,) and result.winners == (2,)


# ---------------------------------------------------------------- departures


def test_videochess_stand_up_ends_the_game_and_in_pairs_the_pair_loses() -> None:
    s = session(rules_for("videochess", teams="pairs"), {**THREE, "4": ["6S", "6D", "6C"]})
    s.apply({"type": "stand_up", "seat": 2})
    result = s.game.result
    assert result is not None and result.forfeited == (2, 4) and result.winners == (1, 3)
    with pytest.raises(IllegalAction) as exc:
        s.apply({"type": "attack", "seat": 1, "cards": ["7D"]})
    assert clause(exc) == "videochess.game.finished"


@pytest.mark.parametrize("kind", ["stand_up", "resign"])
def test_a_departure_is_logged_once_before_what_it_causes(kind: str) -> None:
    s = session(rules_for("videochess"), THREE)
    events = s.apply({"type": kind, "seat": 2})
    types = [e["type"] for e in events]
    assert types.count(kind) == 1, types
    assert types.index(kind) < types.index("departure") < types.index("game_over")
    assert [e["type"] for e in s.game.events()].count(kind) == 1


def test_videochess_next_game_after_a_stand_up_is_solo_among_those_seated() -> None:
    four = {**THREE, "4": ["6S", "6D", "6C"]}
    s = session(rules_for("videochess", teams="pairs"), four, lobby={})
    s.apply({"type": "stand_up", "seat": 4})
    s.next_game(deck_cards=stacked("7S 8S 9S", "6H"))
    assert s.game.seats == 3 and s.rules.teams == "solo" and s.game.teams() is None
    assert len(s.game.stock) == 18
    gap = session(rules_for("videochess", teams="pairs"), four, lobby={})
    gap.apply({"type": "stand_up", "seat": 2})
    with pytest.raises(IllegalAction) as exc:
        gap.next_game(deck_cards=stacked("7S 8S 9S", "6H"))
    assert clause(exc) == "videochess.table.ready"
    assert "seat(s) 2 are empty" in str(exc.value)


def test_a_bot_plays_its_seat_at_once_while_someone_else_plays() -> None:
    s = session(rules_for("howto-durak"), {"1": ["7S", "8S", "9C"], "2": ["6D", "7D", "8D"]})
    s.clocks[2].bot = True
    s.apply({"type": "attack", "seat": 1, "cards": ["7S"]})
    assert s.game.taken  # the bot took at once, with no time passing
    assert s.waiting() == {1: "throw"}


def test_bots_standing_in_for_every_seat_move_only_as_time_passes() -> None:
    """Always taking can pass cards round for ever, so bots at every seat still playing do
    not play the game out within one request: each moves when its seat's timer runs out."""
    s = session(rules_for("howto-durak"), {"1": ["7S", "8S", "9C"], "2": ["6D", "7D", "8D"]})
    s.clocks[1].bot = s.clocks[2].bot = True
    s.advance(0)
    assert s.game.phase == "lead" and not s.game.table
    events = s.advance(30)
    assert [e["type"] for e in events][:2] == ["timeout", "attack"]
    assert len(s.game.table) == 1 and not s.game.taken
    s.advance(30)
    assert s.game.taken


def test_howto_no_leaving_with_cards_among_people() -> None:
    s = session(rules_for("howto-durak"), THREE)
    with pytest.raises(IllegalAction) as exc:
        s.apply({"type": "stand_up", "seat": 2})
    assert clause(exc) == "howto-durak.departures.no-leaving"
    alone = session(rules_for("howto-durak"), THREE, humans=[1])
    alone.apply({"type": "stand_up", "seat": 1})
    assert alone.game.result is not None and alone.game.result.forfeited == (1,)


def test_ggtables_departure_removes_hand_and_bout_and_play_continues() -> None:
    hands = {
        "1": ["9S", "7D", "8C", "9C", "JC", "QS"],
        "2": ["9D", "TD", "JD", "QC", "KC", "AC"],
        "3": ["7C", "TS", "JS", "7S", "8S", "KS"],
    }
    s = session(rules_for("ggtables", players="3"), hands, stock=("KH", "AH", "QH", "6H"))
    s.apply({"type": "attack", "seat": 1, "cards": ["7D"]})
    s.apply({"type": "resign", "seat": 3})
    g = s.game
    assert g.phase == "lead" and g.attacker == 1 and g.defender == 2 and not g.table
    assert g.out[3] and not g.hands[3] and len(g.hands[1]) == 6 and len(g.stock) == 3


# ---------------------------------------------------------------- cheater mode


def test_cheater_mode_accepts_any_card_and_remembers_unfair_ones() -> None:
    s = session(rules_for("videochess", cheater="on"), THREE)
    assert isinstance(s.game, CheaterGame)
    s.apply({"type": "attack", "seat": 1, "cards": ["9S"]})
    s.apply({"type": "defend", "seat": 2, "attack": "9S", "card": "QC"})
    state = s.to_json()
    assert state["table"][0]["defence_unfair"] is True
    assert state["table"][0]["attack_unfair"] is False
    events = s.apply({"type": "catch", "seat": 3, "card": "QC"})
    assert {"type": "caught", "seat": 3, "card": "QC", "cheater": 2} in events
    assert s.game.attacker == 3  # as if the defender had taken


def test_catch_refusals_and_false_catch_penalty() -> None:
    s = session(rules_for("videochess", cheater="on"), THREE)
    s.apply({"type": "attack", "seat": 1, "cards": ["7D"]})
    with pytest.raises(IllegalAction) as exc:
        s.apply({"type": "catch", "seat": 1, "card": "7D"})
    assert clause(exc) == "videochess.cheating.catch"
    s.apply({"type": "catch", "seat": 2, "card": "7D"})  # fair: penalty card
    assert len(s.game.hands[2]) == 5 and 2 in s.game.barred  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction):
        s.apply({"type": "catch", "seat": 2, "card": "7D"})


def test_check_window_blocks_play_until_time_passes() -> None:
    s = session(rules_for("videochess", cheater="on"), THREE)
    for action in (
        {"type": "attack", "seat": 1, "cards": ["7D"]},
        {"type": "defend", "seat": 2, "attack": "7D", "card": "9D"},
        {"type": "done", "seat": 1},
        {"type": "done", "seat": 3},
    ):
        s.apply(action)
    assert s.game.checking  # type: ignore[attr-defined]
    assert all(a.type == "catch" for seat in (1, 2, 3) for a in s.legal_actions(seat))
    with pytest.raises(IllegalAction) as exc:
        s.apply({"type": "throw_in", "seat": 1, "card": "9S"})
    assert clause(exc) == "videochess.cheating.check-window"
    s.advance(4)
    assert s.game.phase == "lead" and s.game.attacker == 2


def test_no_catch_without_cheater_mode() -> None:
    s = session(rules_for("videochess"), THREE)
    s.apply({"type": "attack", "seat": 1, "cards": ["7D"]})
    with pytest.raises(IllegalAction) as exc:
        s.apply({"type": "catch", "seat": 2, "card": "7D"})
    assert clause(exc) == "videochess.play.turn"


# ---------------------------------------------------------------- lobby


@pytest.mark.parametrize(
    ("humans", "lobby", "expected"),
    [
        ([], {}, "videochess.table.bots"),
        ([1, 2, 3], {"ready": [1, 2]}, "videochess.table.ready"),
        ([1, 2, 3], {"chosen_by": 2}, "videochess.table.mode-chooser"),
        ([1], {"ready": [1]}, None),
        ([2, 3], {"chosen_by": 2}, None),
    ],
)
def test_lobby_rules(humans: list[int], lobby: dict[str, Any], expected: str | None) -> None:
    rules = rules_for("videochess")
    if expected is None:
        assert session(rules, THREE, humans=humans or [1], lobby=lobby).lobby is not None
        return
    with pytest.raises(IllegalAction) as exc:
        Session.start(
            rules,
            3,
            humans,
            position={"hands": THREE, "stock": ["KH", "AH", "6H"], "trump": "6H"},
            lobby=lobby,
        )
    assert clause(exc) == expected


# ---------------------------------------------------------------- redeal, shown trump, match


def test_redeal_for_five_of_a_suit_only_by_the_human_before_play() -> None:
    rules = rules_for("durak-challenge")
    order = stacked("7H 6S 8H 7S 9H 8S TH 9S JH TS 6C JS", "AD")
    s = Session.start(rules, 2, [1], deck_cards=order, seed=3)
    assert "redeal" in [a.type for a in s.legal_actions(1)]
    with pytest.raises(IllegalAction) as exc:
        s.apply({"type": "redeal", "seat": 2})
    assert clause(exc) == "durak-challenge.redeal.offer"
    s.apply({"type": "redeal", "seat": 1})
    assert [len(h) for h in s.game.hands[1:]] == [6, 6] and len(s.game.stock) == 24
    again = Session.start(rules, 2, [1], deck_cards=order, seed=3)
    again.apply({"type": "redeal", "seat": 1})
    assert again.game.hands == s.game.hands  # the seed decides the shuffle


def test_epaulettes_count_double_and_the_winner_leads_the_next_game() -> None:
    rules = rules_for("durak-challenge")
    s = session(
        rules,
        {"1": ["6S", "6D"], "2": ["7S", "8D", "9C"]},
        stock=(),
        humans=[1],
        position={"discard": ["AS"]},
    )
    for action in (
        {"type": "attack", "seat": 1, "cards": ["6S"]},
        {"type": "defend", "seat": 2, "attack": "6S", "card": "7S"},
        {"type": "throw_in", "seat": 1, "card": "6D"},
        {"type": "defend", "seat": 2, "attack": "6D", "card": "8D"},
        {"type": "done", "seat": 2},
    ):
        s.apply(action)
    result = s.game.result
    assert result is not None and result.epaulettes and result.durak == (2,)
    assert s.match["wins"] == {"1": 2} and s.match["epaulettes"] == {"2": 1, "1": -1}
    order = stacked("9H 6H 8S 7S 9S 8C TS 9C JS TC QS JC", "AH")  # seat 2 would hold 6H
    s.next_game(deck_cards=order)
    assert s.game.attacker == 1 and s.shown_trump is None and s.match["games"] == 1


def test_lowest_trump_shown_only_where_the_rules_say() -> None:
    hands = {"1": ["9H", "7S"], "2": ["7H", "8S"]}
    shown = session(
        rules_for("durak-challenge"), hands, stock=(), attacker=None, position={"discard": ["AS"]}
    )
    assert shown.to_json()["shown_trump"] == {"seat": 2, "card": "7H"}
    plain = session(
        rules_for("ggtables", players="2"),
        hands,
        stock=(),
        attacker=None,
        position={"discard": ["AS"]},
    )
    assert "shown_trump" not in plain.to_json()
