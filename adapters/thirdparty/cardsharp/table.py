"""One game of cardsharp's Durak (``cardsharp/durak``) seen in protocol v1 terms.

cardsharp keeps a game in frozen dataclasses (``GameState``, ``PlayerState``,
``TableState``) and plays it with the pure functions of ``StateTransitionEngine``: each takes
a state and returns the next one, or the *same object* when it refuses the move.  This
module only translates:

- seat ``n`` is ``players[n - 1]``; a card ``7H`` is ``Card(Suit.HEARTS, Rank.SEVEN)``;
- a stacked deck becomes the state's ``deck`` as it is (top first, the face-up trump last:
  cardsharp deals from the front and takes the bottom card as the trump), and
  ``deal_initial_cards`` deals it (six cards to each player in turn) and picks the first
  attacker by its own rule;
- a position becomes a ``GameState`` between bouts (stage ``ATTACK``, the given attacker to
  move, the next seat in play defending, as cardsharp's own ``end_round`` leaves it);
- actions: ``attack`` = ``play_attack_card``, ``defend`` = ``play_defense_card`` (cardsharp
  always beats the first unbeaten card, so ``attack`` must name it), ``throw_in`` =
  ``throw_in_card``, ``take`` = ``take_cards``, ``done`` = ``pass_attack``;
- whose move it is comes from the engine's ``active_player_index`` (capability ``turn``): a
  move by anyone else is refused, as cardsharp's own ``DurakEngine.execute_player_action``
  refuses it;
- a move is accepted exactly when the engine returns a new state; a refusal is ``illegal``
  without a clause (cardsharp gives no reason), and the game is left as it was;
- ``legal`` is every candidate action the engine accepts, found by trying each on the
  (immutable) state.

cardsharp has no card transfer (its ``pass_attack_to_player`` hands the defence on without
playing a card, behind ``allow_passing``), no several-card opening and no accept-anyway:
those are refused as the engine would refuse a move it does not have, and tables that need
them (``transfer: true``) are ``unsupported``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import ModuleType
from typing import Any

from adapters.base import RequestRefused
from adapters.thirdparty.common import (
    JSON,
    Table,
    action_types,
    candidate_actions,
    check_cards,
    check_deck,
    check_seats,
    events_between,
    illegal,
    refuse_unless,
    seats_out,
)

ENGINE = "cardsharp"
RANK_NAMES = {
    "2": "TWO",
    "3": "THREE",
    "4": "FOUR",
    "5": "FIVE",
    "6": "SIX",
    "7": "SEVEN",
    "8": "EIGHT",
    "9": "NINE",
    "T": "TEN",
    "J": "JACK",
    "Q": "QUEEN",
    "K": "KING",
    "A": "ACE",
}
SUIT_NAMES = {"S": "SPADES", "H": "HEARTS", "D": "DIAMONDS", "C": "CLUBS"}
DECKS = {36: "6789TJQKA", 52: "23456789TJQKA"}
"""cardsharp's deck sizes that protocol decks can be (its 20-card deck is no profile's)."""


@dataclass(frozen=True)
class Api:
    """The parts of cardsharp the wrapper calls (a fake stands in for it in tests)."""

    engine: Any  # StateTransitionEngine
    GameState: Any
    PlayerState: Any
    TableState: Any
    GameStage: Any
    DurakRules: Any
    Card: Any
    Rank: Any
    Suit: Any

    @classmethod
    def load(cls) -> Api:
        """Import cardsharp (the checkout must be on ``sys.path``)."""
        from cardsharp.common import card as card_module
        from cardsharp.durak import state as state_module
        from cardsharp.durak import transitions

        return cls.from_modules(card_module, state_module, transitions)

    @classmethod
    def from_modules(cls, cards: ModuleType, state: ModuleType, transitions: ModuleType) -> Api:
        return cls(
            engine=transitions.StateTransitionEngine,
            GameState=state.GameState,
            PlayerState=state.PlayerState,
            TableState=state.TableState,
            GameStage=state.GameStage,
            DurakRules=state.DurakRules,
            Card=cards.Card,
            Rank=cards.Rank,
            Suit=cards.Suit,
        )

    def card(self, code: str) -> Any:
        """cardsharp's Card for ``7H``."""
        return self.Card(self.Suit[SUIT_NAMES[code[1]]], self.Rank[RANK_NAMES[code[0]]])

    def code(self, card: Any) -> str:
        """Our code for one of cardsharp's Cards."""
        rank = next(r for r, name in RANK_NAMES.items() if name == card.rank.name)
        suit = next(s for s, name in SUIT_NAMES.items() if name == card.suit.name)
        return rank + suit


def engine_rules(api: Api, rules: Mapping[str, Any], deck_size: int) -> Any:
    """cardsharp's ``DurakRules`` closest to the resolved ``rules``.

    The bout cap (``bout_cap``) becomes ``max_attack_cards``; the defender's hand always
    limits an attack (``attack_limit_by_hand_size``), the lowest trump leads the first bout
    (``lowest_card_starts``) and hands are refilled to ``hand_size``.  What cardsharp cannot
    set (the first-bout cap, who may throw in, when) it plays its own way and the suite judges.
    """
    refuse_unless(rules, {"transfer": False, "teams": "solo"}, ENGINE)
    cap = rules.get("bout_cap")
    return api.DurakRules(
        deck_size=deck_size,
        allow_passing=False,
        allow_throwing_in=True,
        max_attack_cards=int(cap) if isinstance(cap, int) else -1,
        attack_limit_by_hand_size=True,
        trump_selection_method="bottom_card",
        lowest_card_starts=True,
        refill_hands_threshold=int(rules.get("hand_size", 6)),
    )


class CardsharpTable(Table):
    """A cardsharp game started from a stacked deck or a position."""

    def __init__(self, api: Api, request: Mapping[str, Any]) -> None:
        self.api = api
        rules = request["rules"]
        self.rules = dict(rules)
        seats = check_seats(request["seats"], 2, 6, ENGINE)
        self.humans = {s["seat"]: bool(s.get("human", True)) for s in seats}
        self.attackers: list[int] = []  # who played each attacking card now on the table
        self.out_order: list[list[int]] = []
        if "deck" in request:
            deck = check_deck(request["deck"], DECKS, ENGINE)
            if int(rules.get("deck_size", len(deck))) != len(deck):
                raise RequestRefused(
                    "malformed",
                    f"the deck has {len(deck)} cards but rules.deck_size says "
                    f"{rules.get('deck_size')}",
                )
            self.state_ = self._deal(rules, len(seats), deck, int(request.get("seed", 0)))
        elif "position" not in request:  # capability deal: cardsharp shuffles and deals itself
            self.state_ = self._deal(rules, len(seats), None, int(request.get("seed", 0)))
        else:
            self.state_ = self._position(rules, len(seats), request["position"])
        self._note_out(self.state_)

    # ------------------------------------------------------------------ starting

    def _deal(self, rules: Mapping[str, Any], count: int, deck: list[str] | None, seed: int) -> Any:
        """cardsharp's deal of the stacked ``deck``, or (``None``) of its own shuffle, seeded
        from the request so that the same seed deals the same game."""
        api = self.api
        size = len(deck) if deck is not None else int(rules.get("deck_size", 36))
        if size not in DECKS:
            raise RequestRefused("unsupported", f"cardsharp plays no {size}-card deck")
        state = api.GameState(rules=engine_rules(api, rules, size))
        for seat in range(1, count + 1):
            state = api.engine.add_player(state, f"seat {seat}")
        random.seed(seed)  # initialize_game shuffles with the random module
        state = api.engine.initialize_game(state)
        if deck is not None:  # its shuffle replaced by the stacked deck
            trump = api.card(deck[-1])
            state = replace(
                state, deck=[api.card(c) for c in deck], trump_card=trump, trump_suit=trump.suit
            )
        dealt = api.engine.deal_initial_cards(state)
        if dealt is state:
            raise RequestRefused("internal", "cardsharp did not deal the stacked deck")
        return dealt

    def _position(self, rules: Mapping[str, Any], count: int, position: Any) -> Any:
        api = self.api
        if not isinstance(position, dict):
            raise RequestRefused("malformed", "position must be an object")
        attacker = position.get("attacker")
        if attacker is None:
            raise RequestRefused(
                "unsupported",
                "cardsharp picks the first attacker only when it deals; a position must say "
                "who attacks",
            )
        hands_given = position.get("hands")
        if not isinstance(hands_given, dict):
            raise RequestRefused("malformed", "position.hands must map seats to cards")
        out = seats_out(position, count)
        stock = check_cards(position.get("stock", []), "position.stock")
        discard = check_cards(position.get("discard", []), "position.discard")
        trump_code = position.get("trump")
        trump = api.card(check_cards([trump_code], "position.trump")[0])
        seen = list(stock) + list(discard)
        hands_cards: dict[int, list[str]] = {}
        for seat in range(1, count + 1):
            hand = check_cards(hands_given.get(str(seat), []), f"position.hands.{seat}")
            hands_cards[seat] = hand
            seen += hand
        if len(set(seen)) != len(seen):
            raise RequestRefused("malformed", "position: a card is in two places")
        deck_size = int(rules.get("deck_size", 36))
        if deck_size not in DECKS:
            raise RequestRefused("unsupported", f"cardsharp plays no {deck_size}-card deck")
        if not isinstance(attacker, int) or not 1 <= attacker <= count or attacker in out:
            raise RequestRefused("malformed", f"position.attacker {attacker!r} is not in play")
        in_play = [s for s in range(1, count + 1) if s not in out]
        after = in_play[(in_play.index(attacker) + 1) % len(in_play)]
        players = [
            api.PlayerState(
                name=f"seat {seat}",
                hand=[api.card(c) for c in hands_cards[seat]],
                is_attacker=seat == attacker,
                is_defender=seat == after,
                is_out=seat in out,
            )
            for seat in range(1, count + 1)
        ]
        bout = position.get("bout", 1)
        return api.GameState(
            players=players,
            stage=api.GameStage.ATTACK,
            trump_suit=trump.suit,
            trump_card=trump,
            attacker_index=attacker - 1,
            defender_index=after - 1,
            active_player_index=attacker - 1,
            table=api.TableState(),
            deck=[api.card(c) for c in stock],
            discard_pile=[api.card(c) for c in discard],
            rules=engine_rules(api, rules, deck_size),
            current_round=int(bout) - 1 if isinstance(bout, int) and bout >= 1 else 0,
        )

    # ------------------------------------------------------------------ reading

    def finished(self, state: Any | None = None) -> bool:
        return bool((state or self.state_).stage == self.api.GameStage.GAME_END)

    def _hand(self, state: Any, seat: int) -> list[str]:
        return [self.api.code(c) for c in state.players[seat - 1].hand]

    def _limit(self, state: Any) -> int:
        """The most attacking cards this bout may hold, by cardsharp's own two checks: its
        ``max_attack_cards`` and no more unbeaten cards than the defender holds."""
        if self.finished(state) or state.defender_index is None:
            return 0
        table = state.table
        defender = state.players[state.defender_index]
        room = (
            len(table.attack_cards)
            + len(defender.hand)
            - (len(table.attack_cards) - len(table.defense_cards))
        )
        cap = state.rules.max_attack_cards
        return max(0, min(room, cap) if cap > 0 else room)

    def _result(self, state: Any) -> JSON | None:
        if not self.finished(state):
            return None
        seats = range(1, len(state.players) + 1)
        loser = next((s for s in seats if state.players[s - 1].id == state.loser_id), None)
        if loser is None:
            return {
                "termination": "draw",
                "durak": [],
                "winners": list(seats),
                "winning_pair": None,
                "out_order": self.out_order,
            }
        return {
            "termination": "durak",
            "durak": [loser],
            "winners": [s for s in seats if s != loser],
            "winning_pair": None,
            "out_order": self.out_order,
        }

    def _note_out(self, state: Any) -> None:
        already = {s for group in self.out_order for s in group}
        newly = [i + 1 for i, p in enumerate(state.players) if p.is_out and i + 1 not in already]
        if newly:
            self.out_order.append(newly)

    def build_state(self) -> JSON:
        state = self.state_
        api = self.api
        finished = self.finished(state)
        table = state.table
        pairs = [
            {
                "attack": api.code(card),
                "attacker": self.attackers[i] if i < len(self.attackers) else None,
                "defence": api.code(table.defense_cards[i])
                if i < len(table.defense_cards)
                else None,
                "defender": state.defender_index + 1 if i < len(table.defense_cards) else None,
            }
            for i, card in enumerate(table.attack_cards)
        ]
        seats = [
            {
                "seat": seat,
                "hand": self._hand(state, seat),
                "out": bool(state.players[seat - 1].is_out),
                "human": self.humans[seat],
                "actions": action_types(self.legal(seat)),
            }
            for seat in range(1, len(state.players) + 1)
        ]
        attacker = None if finished else state.attacker_index + 1
        defender = None if finished or state.defender_index is None else state.defender_index + 1
        trump = state.trump_card
        return {
            "phase": "finished" if finished else ("bout" if table.attack_cards else "lead"),
            "trump": api.code(trump) if trump is not None else None,
            "trump_suit": api.code(trump)[1] if trump is not None else None,
            "stock": [api.code(c) for c in state.deck],
            "discard": [api.code(c) for c in state.discard_pile],
            "seats": seats,
            "table": pairs,
            "bout": int(state.current_round) + 1,
            "starter": attacker,
            "attacker": attacker,
            "defender": defender,
            "taken": False,
            "limit": self._limit(state),
            "teams": None,
            "result": self._result(state),
            "turn": None
            if finished or state.active_player_index is None
            else state.active_player_index + 1,
        }

    # ------------------------------------------------------------------ playing

    def _try(self, seat: int, action: Mapping[str, Any]) -> Any | None:
        """The engine's next state after ``action``, or None when it refuses it."""
        state = self.state_
        api = self.api
        if self.finished(state) or state.active_player_index != seat - 1:
            return None
        player = state.players[seat - 1]
        hand = self._hand(state, seat)
        kind = action["type"]
        engine = api.engine
        if kind in ("attack", "throw_in", "defend"):
            card = action["cards"][0] if kind == "attack" else action["card"]
            if kind == "attack" and len(action["cards"]) != 1:
                return None  # cardsharp plays one card per move
            if card not in hand:
                return None
            index = hand.index(card)
            if kind == "attack":
                after = engine.play_attack_card(state, player.id, index)
            elif kind == "throw_in":
                after = engine.throw_in_card(state, player.id, index)
            else:
                first_unbeaten = state.table.get_undefended_card()
                if first_unbeaten is None or api.code(first_unbeaten) != action["attack"]:
                    return None
                after = engine.play_defense_card(state, player.id, index)
        elif kind == "take":
            after = engine.take_cards(state, player.id)
        elif kind == "done":
            after = engine.pass_attack(state, player.id)
        else:  # transfer, accept: cardsharp has no such move
            return None
        return None if after is state else after

    def legal(self, seat: int) -> list[JSON]:
        if self.finished():
            return []
        found: list[JSON] = []
        for action in self._candidates(seat):
            if self._try(seat, action) is not None and action not in found:
                found.append(action)
        return found

    def _candidates(self, seat: int) -> list[JSON]:
        state = self.state_
        table = state.table
        unbeaten = [
            {"attack": self.api.code(c), "defence": None}
            for c in table.attack_cards[len(table.defense_cards) :]
        ]
        view = {"seats": [{"seat": seat, "hand": self._hand(state, seat)}], "table": unbeaten}
        return candidate_actions(view, seat, several=False)

    def act(self, seat: int, action: Mapping[str, Any]) -> list[JSON]:
        if self.finished():
            raise illegal(ENGINE, "the game is over")
        if action["type"] == "accept" and self.rules.get("accept_after_defence"):
            raise RequestRefused("unsupported", "cardsharp has no accept-anyway move")
        after = self._try(seat, action)
        if after is None:
            turn = self.state_.active_player_index
            who = "" if turn == seat - 1 else f" (it waits for seat {turn + 1})"
            raise illegal(ENGINE, f"the engine refuses this {action['type']}{who}")
        before = self.state()
        kind = action["type"]
        if kind in ("attack", "throw_in"):
            self.attackers.append(seat)
        self.state_ = self._close_if_nothing_can_follow(after)
        self.revision += 1
        if not self.state_.table.attack_cards:
            self.attackers = []
        self._note_out(self.state_)
        return events_between(action, before, self.state())

    def _close_if_nothing_can_follow(self, state: Any) -> Any:
        """Play the passes cardsharp waits for when nobody can add a card to a beaten table.

        cardsharp ends a beaten bout only once every thrower has passed (``pass_attack``),
        even when none can throw in: the defender has no cards left, the bout is full, or
        the thrower to move holds no card.  Then a pass is that seat's only move, and the
        protocol closes such a bout by itself (the reference engine's ``maybe_close_bout``),
        so the wrapper plays those passes; a thrower who holds cards, even none that fit,
        still says ``done`` itself.
        """
        api = self.api
        for _ in range(len(state.players) + 1):  # at most one pass per seat
            if self.finished(state) or state.stage != api.GameStage.THROWING_IN:
                return state
            if state.active_player_index is None or state.defender_index is None:
                return state
            mover = state.players[state.active_player_index]
            defender = state.players[state.defender_index]
            full = len(state.table.attack_cards) >= self._limit(state)
            if defender.hand and not full and mover.hand:
                return state  # the seat to move may still throw in
            passed = api.engine.pass_attack(state, mover.id)
            if passed is state:
                return state
            state = passed
        return state


def start(api: Api, request: Mapping[str, Any]) -> CardsharpTable:
    """A table for a start request (already checked for its profile and how it starts)."""
    return CardsharpTable(api, request)


def card_codes(api: Api, cards: Sequence[Any]) -> list[str]:
    """Codes for a list of cardsharp Cards."""
    return [api.code(c) for c in cards]
