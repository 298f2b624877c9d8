"""The wrappers' own mapping (cards, seats, actions, states, refusals), without any checkout.

Each wrapper is driven here with a fake in place of its engine (or of the driver program
that runs the engine), so these tests say what the wrapper asks the engine to do and how it
reports the answer; tests/test_thirdparty_checkouts.py plays the real engines.
"""

from __future__ import annotations

import enum
import json
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from thirdparty_support import rules, start_request

from adapters.base import RequestRefused
from adapters.thirdparty.cardsharp.table import Api as CardsharpApi
from adapters.thirdparty.cardsharp.table import CardsharpTable
from adapters.thirdparty.feds01 import table as feds01
from adapters.thirdparty.feds01.table import Feds01Table, stacked_for_engine
from adapters.thirdparty.lennertcl.table import close_if_nothing_can_follow, stacked_shuffle
from adapters.thirdparty.pertsov import table as pertsov
from adapters.thirdparty.rnixik import table as rnixik
from adapters.thirdparty.tirinox import table as tirinox

JSON = dict[str, Any]
ALL_36 = [r + s for r in "6789TJQKA" for s in "SHDC"]


def blank(cls: type) -> Any:
    """An instance of a table class with no engine behind it (attributes set by the test)."""
    table: Any = object.__new__(cls)
    table.revision = 0
    return table


# ---------------------------------------------------------------------- cardsharp


class Rank(enum.Enum):
    SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(6, 15)


class Suit(enum.Enum):
    HEARTS, DIAMONDS, CLUBS, SPADES = "♥♦♣♠"


class GameStage(enum.Enum):
    ATTACK, DEFENSE, THROWING_IN, GAME_END = range(4)


class Card:
    def __init__(self, suit: Suit, rank: Rank) -> None:
        self.suit, self.rank = suit, rank

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and (self.suit, self.rank) == (other.suit, other.rank)


class Calls:
    """A fake StateTransitionEngine: records each call; refuses by returning the same state."""

    def __init__(self, accept: bool = True) -> None:
        self.calls: list[tuple[Any, ...]] = []
        self.accept = accept

    def __getattr__(self, name: str) -> Any:
        def call(state: Any, *args: Any) -> Any:
            self.calls.append((name, *args))
            return SimpleNamespace(after=name) if self.accept else state

        return call


def cardsharp_api(engine: Any) -> CardsharpApi:
    fields = dict.fromkeys(["GameState", "PlayerState", "TableState", "DurakRules"])
    return CardsharpApi(
        engine=engine, GameStage=GameStage, Card=Card, Rank=Rank, Suit=Suit, **fields
    )


def cardsharp_table(engine: Any, *, active: int, attack: list[str], defence: list[str]) -> Any:
    api = cardsharp_api(engine)
    attack_cards = [api.card(c) for c in attack]
    table = SimpleNamespace(
        attack_cards=attack_cards,
        defense_cards=[api.card(c) for c in defence],
        get_undefended_card=lambda: (
            attack_cards[len(defence)] if len(defence) < len(attack) else None
        ),
    )
    wrapped = blank(CardsharpTable)
    wrapped.api = api
    wrapped.rules = {}
    wrapped.state_ = SimpleNamespace(
        stage=api.GameStage.DEFENSE if attack else api.GameStage.ATTACK,
        active_player_index=active - 1,
        players=[
            SimpleNamespace(id="p1", hand=[api.card(c) for c in ["7S", "QS", "7H"]]),
            SimpleNamespace(id="p2", hand=[api.card(c) for c in ["8S", "KS"]]),
        ],
        table=table,
    )
    return wrapped


def test_cardsharp_cards_map_both_ways() -> None:
    api = cardsharp_api(Calls())
    for code in ALL_36:
        assert api.code(api.card(code)) == code
    assert api.card("TH") == Card(Suit.HEARTS, Rank.TEN)


def test_cardsharp_actions_become_its_transitions_with_the_hand_index() -> None:
    engine = Calls()
    table = cardsharp_table(engine, active=1, attack=[], defence=[])
    assert table._try(1, {"type": "attack", "seat": 1, "cards": ["7H"]}) is not None
    assert engine.calls == [("play_attack_card", "p1", 2)]
    assert table._try(1, {"type": "done", "seat": 1}) is not None
    assert engine.calls[-1] == ("pass_attack", "p1")
    # Several cards at once, a card not held, a transfer: no such move, the engine is not asked.
    for action in (
        {"type": "attack", "seat": 1, "cards": ["7S", "7H"]},
        {"type": "attack", "seat": 1, "cards": ["AS"]},
        {"type": "transfer", "seat": 1, "card": "7S"},
    ):
        assert table._try(1, action) is None
    assert len(engine.calls) == 2


def test_cardsharp_waits_for_the_seat_it_names_and_beats_the_first_unbeaten_card() -> None:
    engine = Calls()
    table = cardsharp_table(engine, active=2, attack=["7S", "QS"], defence=[])
    assert table._try(1, {"type": "take", "seat": 1}) is None  # seat 2 is to move
    assert table._try(2, {"type": "defend", "seat": 2, "attack": "QS", "card": "KS"}) is None
    assert engine.calls == []
    assert table._try(2, {"type": "defend", "seat": 2, "attack": "7S", "card": "8S"}) is not None
    assert engine.calls == [("play_defense_card", "p2", 0)]


def test_cardsharp_refusal_is_the_engine_returning_the_same_state() -> None:
    table = cardsharp_table(Calls(accept=False), active=1, attack=[], defence=[])
    assert table._try(1, {"type": "attack", "seat": 1, "cards": ["7S"]}) is None


def test_cardsharp_tables_it_cannot_play_are_unsupported() -> None:
    api = cardsharp_api(Calls())
    request = start_request("videochess", 2, deck=ALL_36, options={"rules": "transfer"})
    with pytest.raises(RequestRefused) as refused:
        CardsharpTable(api, request)
    assert refused.value.code == "unsupported" and "transfer" in refused.value.message
    position = start_request(
        "prototype-build10", 2, position={"hands": {"1": ["7S"], "2": ["8S"]}, "trump": "6H"}
    )
    with pytest.raises(RequestRefused) as no_attacker:
        CardsharpTable(api, position)
    assert no_attacker.value.code == "unsupported" and "who attacks" in no_attacker.value.message


# ---------------------------------------------------------------------- durak-sockets


def test_durak_sockets_spells_ten_as_10() -> None:
    assert pertsov.to_engine("TH") == "10H" and pertsov.to_code("10H") == "TH"
    assert all(pertsov.to_code(pertsov.to_engine(c)) == c for c in ALL_36)


class IllegalAction(Exception):
    pass


class AttackingOutOfTurn(IllegalAction):
    pass


def pertsov_table(moves: Mapping[str, Any]) -> Any:
    api = pertsov.Api(
        join_game=lambda **kw: {},
        moves=moves,
        Game=None,
        IllegalAction=IllegalAction,
        shuffled=lambda seed: [],
    )
    table = blank(pertsov.PertsovTable)
    table.api = api
    table.engine_state = {"hands": ["10H"]}
    table.finished = lambda: False
    table._table = lambda: []
    return table


def test_durak_sockets_moves_get_the_engine_payload_and_a_copy_of_the_state() -> None:
    seen: list[tuple[str, JSON]] = []

    def attack(*, from_state: JSON, user: str, payload: JSON) -> JSON:
        from_state["hands"].append("mutated")  # the engine mutates what it is given
        seen.append((user, payload))
        return {"after": True}

    table = pertsov_table({"attack": attack})
    after, _ = table._try(2, {"type": "attack", "seat": 2, "cards": ["TH", "TS"]})
    assert after == {"after": True}
    assert seen == [("seat 2", {"cards": ["10H", "10S"]})]
    assert table.engine_state == {"hands": ["10H"]}  # the wrapper's copy is untouched
    assert table._payload({"type": "throw_in", "seat": 1, "card": "7S"}) is None  # no bout open
    assert table._payload({"type": "defend", "seat": 2, "attack": "TH", "card": "QH"}) == (
        "defend",
        {"base_card": "10H", "card": "QH"},
    )
    assert table._payload({"type": "transfer", "seat": 2, "card": "7S"}) == (
        "transfer",
        {"cards": ["7S"]},
    )


def test_durak_sockets_refusal_names_the_engine_exception() -> None:
    def attack(**_: Any) -> JSON:
        raise AttackingOutOfTurn

    table = pertsov_table({"attack": attack})
    after, reason = table._try(1, {"type": "attack", "seat": 1, "cards": ["7S"]})
    assert after is None and reason == "AttackingOutOfTurn"


def test_durak_sockets_loads_only_a_position_with_an_empty_stock() -> None:
    api = pertsov.Api(
        join_game=lambda **kw: {},
        moves={},
        Game=None,
        IllegalAction=IllegalAction,
        shuffled=lambda seed: [],
    )
    position = {"hands": {"1": ["7S"], "2": ["8S"]}, "stock": ["9S"], "trump": "6H", "attacker": 1}
    with pytest.raises(RequestRefused) as refused:
        pertsov.PertsovTable(api, start_request("howto-durak", 2, position=position))
    assert refused.value.code == "unsupported" and "stock is empty" in refused.value.message


# ---------------------------------------------------------------------- Durak-Engine (TypeScript)


def test_durak_engine_gets_the_hands_then_the_trump_then_the_stock() -> None:
    deck = ALL_36
    order = stacked_for_engine(deck, 2)
    assert order[:12] == deck[:12] and order[12] == deck[-1] and order[13:] == deck[12:-1]


class FakeDriver:
    """Answers the driver's requests from a script; records them."""

    def __init__(self, *replies: JSON) -> None:
        self.replies = list(replies)
        self.requests: list[JSON] = []

    def call(self, request: Mapping[str, Any]) -> JSON:
        self.requests.append(dict(request))
        if request.get("op") == "try" and not self.replies:  # accept every move tried
            return {"ok": True, "accepted": [True] * len(request["moves"])}
        return self.replies.pop(0)


def feds01_dump(table: JSON, *, can_attack: bool = True) -> JSON:
    players = {
        "seat 1": {
            "deck": ["7S", "10S"],
            "canAttack": can_attack,
            "turned": False,
            "out": None,
            "isDefending": False,
            "beganRound": True,
        },
        "seat 2": {
            "deck": ["8S"],
            "canAttack": False,
            "turned": False,
            "out": None,
            "isDefending": True,
            "beganRound": False,
        },
    }
    return {
        "players": list(players),
        "state": {
            "players": players,
            "tableTop": table,
            "deck": ["9H", "6H"],
            "trumpCard": {"value": 6, "suit": "H", "card": "6H"},
            "victory": False,
        },
        "defender": "seat 2",
        "attacker": "seat 1",
        "victory": False,
    }


def feds01_table(dump: JSON, driver: FakeDriver) -> Any:
    table = blank(Feds01Table)
    table.driver, table.dump, table.game_id = driver, dump, "g1"
    table.count, table.humans, table.rules = 2, {1: True, 2: True}, {}
    table.deck, table.bout, table.played_by, table.out_order = set(ALL_36), 1, {}, []
    return table


def test_durak_engine_actions_become_its_methods_and_its_can_attack_flag_is_kept() -> None:
    table = feds01_table(feds01_dump({}), FakeDriver())
    table.rules = {"opening": "same_rank"}  # several cards go to the engine only where allowed
    assert table.calls(1, {"type": "attack", "seat": 1, "cards": ["7S", "TS"]}) == [
        ["addCardToTableTop", "seat 1", "7S"],
        ["addCardToTableTop", "seat 1", "10S"],
    ]
    assert table.calls(2, {"type": "attack", "seat": 2, "cards": ["8S"]}) is None  # defender
    blocked = feds01_table(feds01_dump({"7D": None}, can_attack=False), FakeDriver())
    assert blocked.calls(1, {"type": "throw_in", "seat": 1, "card": "7S"}) is None
    open_bout = feds01_table(feds01_dump({"7D": None, "7H": "9H"}), FakeDriver())
    assert open_bout.calls(2, {"type": "defend", "seat": 2, "attack": "7D", "card": "8D"}) == [
        ["coverCardOnTableTop", "8D", 0]
    ]
    assert open_bout.calls(2, {"type": "transfer", "seat": 2, "card": "7C"}) == [
        ["addCardToTableTop", "seat 2", "7C"]
    ]
    assert open_bout.calls(2, {"type": "take", "seat": 2}) == [["finalisePlayerTurn", "seat 2"]]
    assert open_bout.calls(1, {"type": "take", "seat": 1}) is None
    assert open_bout.calls(2, {"type": "done", "seat": 2}) is None


def test_durak_engine_refusal_carries_the_engine_message_and_changes_nothing() -> None:
    dump = feds01_dump({})
    driver = FakeDriver(
        {"ok": False, "error": "InvalidGameState: Player doesn't hold current card"}
    )
    table = feds01_table(dump, driver)
    with pytest.raises(RequestRefused) as refused:
        table.act(1, {"type": "attack", "seat": 1, "cards": ["7S"]})
    assert refused.value.code == "illegal" and refused.value.clause is None
    assert "doesn't hold" in refused.value.message
    assert table.dump is dump


def test_durak_engine_state_reads_the_table_and_the_stock_and_keeps_the_discard() -> None:
    table = feds01_table(feds01_dump({"7D": "9D"}), FakeDriver())
    table.played_by = {"7D": 1, "9D": 2}
    table.discard = ["6S"]  # from the position the game started from
    state = table.build_state()
    assert state["table"] == [{"attack": "7D", "attacker": 1, "defence": "9D", "defender": 2}]
    assert state["stock"] == ["9H", "6H"] and state["trump"] == "6H"
    assert state["discard"] == ["6S"]
    assert state["limit"] == 2  # one pair on the table, one card in the defender's hand
    # seat 1 says done: the engine clears the table; the two cards went to no hand.
    table.driver = FakeDriver({"ok": True, "game": feds01_dump({})})
    events = table.act(1, {"type": "done", "seat": 1})
    assert table.state()["discard"] == ["6S", "7D", "9D"]
    assert events[1] == {
        "type": "bout_end",
        "outcome": "discarded",
        "defender": 2,
        "cards": ["7D", "9D"],
    }
    assert table.state()["bout"] == 2


# ---------------------------------------------------------------------- rnixik/durak (Go)


def test_rnixik_cards_map_both_ways() -> None:
    assert rnixik.to_engine("TH") == "10♥" and rnixik.to_code("10♥") == "TH"
    assert all(rnixik.to_code(rnixik.to_engine(c)) == c for c in ALL_36)


def rnixik_dump(battleground: list[str]) -> JSON:
    return {
        "status": "playing",
        "players": [
            {"cards": ["7♠"], "active": True, "completed": False},
            {"cards": ["8♠"], "active": True, "completed": False},
        ],
        "stock": [],
        "trump": "6♥",
        "trump_suit": "♥",
        "attacker": 0,
        "defender": 1,
        "battleground": battleground,
        "defending": {},
        "defender_pick_up": False,
        "discard_size": 0,
    }


def rnixik_table(dump: JSON, driver: FakeDriver) -> Any:
    table = blank(rnixik.RnixikTable)
    table.driver, table.dump, table.game_id = driver, dump, "g1"
    table.count, table.humans, table.rules = 2, {1: True, 2: True}, {}
    table.deck, table.bout, table.played_by, table.out_order = set(ALL_36), 1, {}, []
    return table


def test_rnixik_legal_comes_from_the_engine_checks_and_names_opening_and_adding() -> None:
    legal = {"attack": ["7♠"], "defend": [["7♦", "8♦"]], "pick_up": True, "complete": False}
    closed = rnixik_table(rnixik_dump([]), FakeDriver({"ok": True, "result": legal}))
    assert closed.legal(1)[0] == {"type": "attack", "seat": 1, "cards": ["7S"]}
    opened = rnixik_table(rnixik_dump(["7♦"]), FakeDriver({"ok": True, "result": legal}))
    actions = opened.legal(1)
    assert actions == [
        {"type": "throw_in", "seat": 1, "card": "7S"},
        {"type": "defend", "seat": 1, "attack": "7D", "card": "8D"},
        {"type": "take", "seat": 1},
    ]


def test_rnixik_move_the_engine_ignores_is_illegal() -> None:
    dump = rnixik_dump([])
    driver = FakeDriver({"ok": True, "result": dump})
    table = rnixik_table(dump, driver)
    with pytest.raises(RequestRefused) as refused:
        table.act(2, {"type": "attack", "seat": 2, "cards": ["8S"]})
    assert refused.value.code == "illegal" and refused.value.clause is None
    assert driver.requests == [
        {"op": "act", "game": "g1", "player": 1, "name": "attack", "cards": ["8♠"]}
    ]


def test_rnixik_plays_only_its_36_cards() -> None:
    request = start_request(
        "howto-durak",
        2,
        deck=[r + s for r in "23456789TJQKA" for s in "SHDC"],
        options={"deck": "52"},
    )
    with pytest.raises(RequestRefused) as refused:
        rnixik.RnixikTable(FakeDriver(), request)
    assert refused.value.code == "unsupported"


# ---------------------------------------------------------------------- lennertcl/durak


def test_lennertcl_stacked_shuffle_replaces_the_shuffle_for_one_deal_only() -> None:
    module = ModuleType("deck")
    original = lambda cards: cards.reverse()  # noqa: E731 - a stand-in shuffle
    module.shuffle = original  # type: ignore[attr-defined]
    cards = ["a", "b", "c"]
    with stacked_shuffle(module, ["c", "a", "b"]):
        module.shuffle(cards)
        with pytest.raises(RequestRefused):
            module.shuffle(["x"])
    assert cards == ["c", "a", "b"]
    assert module.shuffle is original


class FakeLennertGame:
    """Just enough of lennertcl's DurakGame for closing a beaten bout (a duel: seat 1 attacks)."""

    def __init__(self, attacker: list[str], defender: list[str], beaten: bool) -> None:
        self.is_in_progress = True
        self.table_cards = {"7S": "8S" if beaten else None}
        self.attacker = SimpleNamespace(name="seat 1", cards=attacker)
        self.current_player = SimpleNamespace(name="seat 2", cards=defender)
        self.allowed: list[str] = []
        self.broken = False

    def prev_player(self, player: Any) -> Any:
        return self.attacker

    def next_player(self, player: Any) -> Any:
        return self.attacker

    def allow_break_cards(self, player: Any) -> bool:
        self.allowed.append(player.name)
        return True

    def is_possible_break_cards(self, player: Any) -> bool:
        return bool(self.allowed) and player is self.current_player

    def is_legal_break_cards(self) -> bool:
        return True

    def break_cards(self, player: Any) -> bool:
        self.broken = True
        return True


@pytest.mark.parametrize(
    ("attacker", "defender", "beaten", "closes"),
    [
        (["9D"], [], True, True),  # beaten with the defender's last card
        ([], ["KS"], True, True),  # nobody left to throw in
        (["9D"], ["KS"], True, False),  # the attacker may still add: it says done itself
        ([], [], False, False),  # a card to answer
    ],
)
def test_lennertcl_breaks_a_beaten_table_nobody_can_add_to(
    attacker: list[str], defender: list[str], beaten: bool, closes: bool
) -> None:
    game = FakeLennertGame(attacker, defender, beaten)
    close_if_nothing_can_follow(game)
    assert game.broken == closes
    assert bool(game.allowed) == closes


# ---------------------------------------------------------------------- tirinox/durakmq


class FakeDurak:
    """Just enough of durakmq's ``Durak``: records calls, accepts what ``ok`` allows."""

    def __init__(self, field: dict[Any, Any], unbeaten: bool, ok: bool = True) -> None:
        self.attacker_index = 0
        self.field = field
        self.any_unbeaten_cards = unbeaten
        self.winner = None
        self.defending_player = SimpleNamespace(cards=[("8", "♠")])
        self.attacking_player = SimpleNamespace(cards=[("9", "♦")])
        self.calls: list[tuple[Any, ...]] = []
        self.ok = ok

    def attack(self, card: Any) -> bool:
        self.calls.append(("attack", card))
        return self.ok

    def defend(self, target: Any, card: Any) -> bool:
        self.calls.append(("defend", target, card))
        return self.ok

    def finish_turn(self) -> None:
        self.calls.append(("finish_turn",))


def test_tirinox_cards_and_who_may_call_what() -> None:
    assert tirinox.to_engine("TH") == ("10", "♥") and tirinox.to_code(("10", "♥")) == "TH"
    table = blank(tirinox.TirinoxTable)
    game = FakeDurak({}, unbeaten=False)
    assert table._play(game, 1, {"type": "attack", "seat": 1, "cards": ["7S"]})
    assert not table._play(game, 2, {"type": "attack", "seat": 2, "cards": ["8S"]})
    assert not table._play(game, 1, {"type": "throw_in", "seat": 1, "card": "7S"})  # no bout
    bout = FakeDurak({("7", "♠"): None}, unbeaten=True)
    assert not table._play(bout, 1, {"type": "done", "seat": 1})  # cannot force a take
    assert table._play(bout, 2, {"type": "take", "seat": 2})
    assert table._play(bout, 2, {"type": "defend", "seat": 2, "attack": "7S", "card": "8S"})
    assert bout.calls == [("finish_turn",), ("defend", ("7", "♠"), ("8", "♠"))]
    beaten = FakeDurak({("7", "♠"): ("8", "♠")}, unbeaten=False)
    assert not table._play(beaten, 2, {"type": "take", "seat": 2})  # nothing to take
    assert table._play(beaten, 1, {"type": "done", "seat": 1})
    several = FakeDurak({}, unbeaten=False)
    assert table._play(several, 1, {"type": "attack", "seat": 1, "cards": ["7S", "7H"]})
    assert several.calls == [("attack", ("7", "♠")), ("attack", ("7", "♥"))]
    keep = ["b", "a"]
    tirinox.KeepOrder().shuffle(keep)
    assert keep == ["b", "a"]


@pytest.mark.parametrize(
    ("attacker_cards", "defender_cards", "unbeaten", "closes"),
    [
        (["9D"], [], False, True),  # beaten with the defender's last card
        ([], ["8S"], False, True),  # the attacker has nothing left to add
        (["9D"], ["8S"], False, False),  # the attacker may add: it says done itself
        ([], [], True, False),  # a card to answer: not the wrapper's business
    ],
)
def test_tirinox_ends_a_beaten_bout_nobody_can_add_to(
    attacker_cards: list[str], defender_cards: list[str], unbeaten: bool, closes: bool
) -> None:
    game = FakeDurak({("7", "♠"): None if unbeaten else ("8", "♠")}, unbeaten=unbeaten)
    game.attacking_player = SimpleNamespace(cards=[tirinox.to_engine(c) for c in attacker_cards])
    game.defending_player = SimpleNamespace(cards=[tirinox.to_engine(c) for c in defender_cards])
    tirinox.close_if_nothing_can_follow(game)
    assert game.calls == ([("finish_turn",)] if closes else [])


def test_tirinox_tables_with_transfer_are_unsupported() -> None:
    api = SimpleNamespace(Durak=lambda **_: None)
    request = start_request("prototype-build10", 2, deck=ALL_36, options={"mode": "transfer"})
    with pytest.raises(RequestRefused) as refused:
        tirinox.TirinoxTable(api, request)  # type: ignore[arg-type]
    assert refused.value.code == "unsupported" and "transfer" in refused.value.message


def test_rules_helper_resolves_profiles() -> None:
    assert rules("durak-challenge")["profile"] == "durak-challenge"


# ---------------------------------------------------------------------- the Node driver


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js (node) on PATH")
def test_the_node_driver_passes_its_own_tests() -> None:
    folder = Path(__file__).resolve().parent.parent / "adapters" / "thirdparty" / "feds01"
    done = subprocess.run(
        ["node", "--test", str(folder / "driver.test.js")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "# fail 0" in done.stdout and "# pass" in done.stdout, done.stdout
    json.dumps(done.stdout)  # printable


def _beaten_bout(api: CardsharpApi, hands: list[list[str]], *, cap: int = 6) -> Any:
    """A cardsharp state in THROWING_IN: seat 1 attacked seat 2, who beat 7S with 8S."""
    return SimpleNamespace(
        stage=api.GameStage.THROWING_IN,
        active_player_index=0,
        attacker_index=0,
        defender_index=1,
        players=[
            SimpleNamespace(id=f"p{i + 1}", hand=[api.card(c) for c in hand])
            for i, hand in enumerate(hands)
        ],
        table=SimpleNamespace(attack_cards=[api.card("7S")], defense_cards=[api.card("8S")]),
        rules=SimpleNamespace(max_attack_cards=cap),
    )


class Passes:
    """A fake engine whose pass_attack ends the round (stage ATTACK, table cleared)."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def pass_attack(self, state: Any, player_id: str) -> Any:
        self.calls.append(player_id)
        return SimpleNamespace(**{**vars(state), "stage": GameStage.ATTACK})


@pytest.mark.parametrize(
    ("hands", "cap", "passes"),
    [
        ([["QS", "7H"], []], 6, ["p1"]),  # the defender beat with the last card: bout over
        ([["QS", "7H"], ["KS"]], 1, ["p1"]),  # the bout is full
        ([[], ["KS"]], 6, ["p1"]),  # the thrower to move has no card
        ([["QS", "7H"], ["KS"]], 6, []),  # the attacker may throw in: it says done itself
        ([["QS", "9D"], ["KS"]], 6, []),  # holds no matching card, but still says done itself
    ],
)
def test_cardsharp_plays_the_passes_when_nobody_can_add_to_a_beaten_table(
    hands: list[list[str]], cap: int, passes: list[str]
) -> None:
    """cardsharp waits for a pass even when nobody can throw in; the protocol closes such a
    bout by itself, so the wrapper passes for the engine (and only then)."""
    engine = Passes()
    api = cardsharp_api(engine)
    wrapped = blank(CardsharpTable)
    wrapped.api = api
    state = _beaten_bout(api, hands, cap=cap)
    after = wrapped._close_if_nothing_can_follow(state)
    assert engine.calls == passes
    assert (after.stage == GameStage.ATTACK) == bool(passes)


def _rnixik_dump(**changes: Any) -> JSON:
    """An rnixik game of two (player 0 attacks player 1): 7S beaten by 8S."""
    dump: JSON = {
        "players": [
            {"cards": ["9♦"], "active": True, "completed": False},
            {"cards": ["K♠"], "active": True, "completed": False},
        ],
        "defender": 1,
        "battleground": ["7♠"],
        "defending": {"0": "8♠"},
        "defender_pick_up": False,
    }
    dump.update(changes)
    return dump


def test_rnixik_completes_for_whoever_the_protocol_would_not_wait_for() -> None:
    """rnixik's defender must complete too, and a thrower who cannot add must complete: the
    protocol closes those bouts by itself, so the wrapper plays those completes (only those)."""
    both = [{"cards": ["9♦"], "active": True, "completed": False}]
    # The attacker holds a card and may throw in: nobody is completed for.
    assert rnixik.forced_complete(_rnixik_dump()) is None
    # The attacker is done: the defender's complete closes the beaten bout.
    done = [{"cards": ["9♦"], "active": True, "completed": True}, *_rnixik_dump()["players"][1:]]
    assert rnixik.forced_complete(_rnixik_dump(players=done)) == 1
    # The defender beat with its last card: the attacker cannot add, then the defender closes.
    last = [both[0], {"cards": [], "active": True, "completed": False}]
    assert rnixik.forced_complete(_rnixik_dump(players=last)) == 0
    # A card to answer: nothing to complete; after a take, a thrower with no cards completes.
    assert rnixik.forced_complete(_rnixik_dump(defending={})) is None
    empty = [{"cards": [], "active": True, "completed": False}, both[0]]
    taken = _rnixik_dump(players=empty, defending={}, defender_pick_up=True)
    assert rnixik.forced_complete(taken) == 0


def test_rnixik_shows_the_lowest_trump_its_first_attacker_event_shows() -> None:
    dealt = {"attacker": 1, "trump_suit": "♥", "first_attacker_card": "7♥"}
    assert rnixik.shown_trump(dealt) == {"seat": 2, "card": "7H"}
    # No trump dealt: the engine's card is not a trump (or nobody leads): nothing is shown.
    assert rnixik.shown_trump({**dealt, "first_attacker_card": "6♠"}) is None
    assert rnixik.shown_trump({**dealt, "attacker": -1}) is None
    assert rnixik.shown_trump({**dealt, "first_attacker_card": ""}) is None  # a position


def test_rnixik_tables_the_engine_cannot_play_are_unsupported() -> None:
    for profile, options in (
        ("howto-durak", {"mode": "passing"}),
        ("howto-durak", {"throw_in": "neighbours"}),
        ("videochess", {"cheater": "on"}),
    ):
        request = start_request(profile, 3, deck=ALL_36, options=options)
        with pytest.raises(RequestRefused) as refused:
            rnixik.RnixikTable(object(), request)  # type: ignore[arg-type]
        assert refused.value.code == "unsupported"


def test_neighbours_and_cheater_tables_are_unsupported_by_feds01_and_pertsov() -> None:
    """Neither engine has a Neighbours table or cheater mode: such tables are skipped, not
    played by rules the engine does not have."""
    for rules_given in (
        rules("howto-durak", throw_in="neighbours"),
        rules("videochess", cheater="on"),
    ):
        with pytest.raises(RequestRefused) as refused:
            pertsov.engine_options(rules_given, 36)
        assert refused.value.code == "unsupported"
        request = {**start_request(rules_given["profile"], 3, deck=ALL_36), "rules": rules_given}
        with pytest.raises(RequestRefused) as refused:
            Feds01Table(object(), request)  # type: ignore[arg-type]
        assert refused.value.code == "unsupported"


def test_rnixik_plays_a_several_card_attack_only_where_the_rules_open_with_several() -> None:
    table = blank(rnixik.RnixikTable)
    table.game_id = "g1"
    table.dump = {"battleground": []}
    two = {"type": "attack", "seat": 1, "cards": ["7S", "7D"]}
    table.rules = {"opening": "single"}
    assert table._move(1, two) is None
    assert table._move(1, {"type": "attack", "seat": 1, "cards": ["7S"]}) is not None
    table.rules = {"opening": "same_rank"}
    assert table._move(1, two) == {
        "op": "act",
        "game": "g1",
        "player": 0,
        "name": "attack",
        "cards": ["7♠", "7♦"],
    }


def _feds01_dump(**players: JSON) -> JSON:
    """Durak-Engine between seat 1 (attacker), seat 2 (defender) and seat 3: 7S beaten by 8S."""
    base = {
        "seat 1": {"deck": ["9D"], "isDefending": False, "turned": False, "out": None},
        "seat 2": {"deck": ["KS"], "isDefending": True, "turned": False, "out": None},
        "seat 3": {"deck": ["QC"], "isDefending": False, "turned": False, "out": None},
    }
    for name, changes in players.items():
        base[name.replace("_", " ")] = {**base[name.replace("_", " ")], **changes}
    return {"victory": False, "state": {"players": base, "tableTop": {"7S": "8S"}}}


def test_feds01_finalises_for_attackers_who_cannot_add() -> None:
    # Everyone may still add: nobody is finalised for.
    assert feds01.forced_finalise(_feds01_dump()) is None
    # The defender beat with its last card: the bout is full, every attacker is finalised.
    assert feds01.forced_finalise(_feds01_dump(seat_2={"deck": []})) == "seat 1"
    assert (
        feds01.forced_finalise(_feds01_dump(seat_2={"deck": []}, seat_1={"turned": True}))
        == "seat 3"
    )
    # An attacker with no card left; one already done; one out.
    assert feds01.forced_finalise(_feds01_dump(seat_1={"deck": []})) == "seat 1"
    assert feds01.forced_finalise(_feds01_dump(seat_1={"deck": [], "turned": True})) is None
    assert feds01.forced_finalise(_feds01_dump(seat_1={"deck": [], "out": 5})) is None
    # A card to answer and no take: not the wrapper's business.
    unbeaten = _feds01_dump(seat_1={"deck": []})
    unbeaten["state"]["tableTop"] = {"7S": None}
    assert feds01.forced_finalise(unbeaten) is None


def test_feds01_several_card_attack_only_where_the_rules_open_with_several() -> None:
    table = blank(Feds01Table)
    table.dump = {
        "victory": False,
        "state": {
            "players": {"seat 1": {"deck": ["7S", "7D"], "isDefending": False, "canAttack": True}},
            "tableTop": {},
        },
    }
    two = {"type": "attack", "seat": 1, "cards": ["7S", "7D"]}
    table.rules = {"opening": "single"}
    assert table.calls(1, two) is None
    table.rules = {"opening": "same_rank"}
    assert table.calls(1, two) == [
        ["addCardToTableTop", "seat 1", "7S"],
        ["addCardToTableTop", "seat 1", "7D"],
    ]


def test_feds01_a_whole_deck_deal_is_unsupported() -> None:
    request = start_request("howto-durak", 6, deck=ALL_36)
    with pytest.raises(RequestRefused) as refused:
        Feds01Table(object(), request)  # type: ignore[arg-type]
    assert refused.value.code == "unsupported" and "whole deck" in refused.value.message


def _pertsov_state(limit: int = 3, **players: JSON) -> JSON:
    """durak-sockets' state: seat 1 attacked seat 2 with 7S, beaten by 8S; seat 3 may add."""
    base: dict[str, JSON] = {
        "seat 1": {"id": "seat 1", "hand": ["9D"], "attacks": [{"attack": "7S", "defense": "8S"}]},
        "seat 2": {"id": "seat 2", "hand": ["KS"], "attacks": []},
        "seat 3": {"id": "seat 3", "hand": ["QC"], "attacks": []},
    }
    for name, changes in players.items():
        key = name.replace("_", " ")
        base[key] = {**base[key], **changes}
    return {
        "players": list(base.values()),
        "attackers": ["seat 1", "seat 3"],
        "legal_attacks": {"limit": limit, "cards": []},
    }


def test_pertsov_yields_for_attackers_who_cannot_add() -> None:
    assert pertsov.forced_yield(_pertsov_state()) is None  # both may still add
    assert pertsov.forced_yield(_pertsov_state(limit=0)) == 1  # the bout is full
    done = {"state": ["yielded"]}
    assert pertsov.forced_yield(_pertsov_state(limit=0, seat_1=done)) == 3
    assert pertsov.forced_yield(_pertsov_state(seat_3={"hand": []})) == 3  # nothing to add
    unbeaten = _pertsov_state(limit=0)
    unbeaten["players"][0]["attacks"] = [{"attack": "7S", "defense": None}]
    assert pertsov.forced_yield(unbeaten) is None  # a card to answer


def test_rnixik_lists_the_several_card_openings_it_plays() -> None:
    found = rnixik.several_card_attacks(2, ["QC", "QH", "QS", "7D"], 2)
    assert found == [
        {"type": "attack", "seat": 2, "cards": ["QC", "QH"]},
        {"type": "attack", "seat": 2, "cards": ["QC", "QS"]},
        {"type": "attack", "seat": 2, "cards": ["QH", "QS"]},
    ]  # pairs only: the defender holds two cards
    assert len(rnixik.several_card_attacks(2, ["QC", "QH", "QS"], 6)) == 4
