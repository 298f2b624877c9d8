"""One durakgame game seen in protocol v1 terms.

durakgame (PyPI ``durakgame`` 1.0.4, https://github.com/Artem-Goldenberg/Durak) is a
two-player, 36-card podkidnoy engine: ``Game(deck, p1, p2)`` deals, ``generateOptions()``
lists the moves of the player to act and ``process(move)`` plays one.  This module drives it
honestly and only translates:

- our stacked deck (top first, face-up trump last) becomes durakgame's deck order, which
  deals p1 ``deck[0]``, p2 ``deck[1]``, ... and then turns up ``deck[12]`` as the trump,
  moving it under the stock; the same cards reach the same seats and the same trump shows;
- seat 1 is durakgame's ``player1`` and seat 2 its ``player2``, whoever the rules would let
  lead: durakgame always lets ``player1`` open the first bout, and the suite judges that;
- moves: ``OpeningMove`` = attack, ``AttackingMove`` = throw_in, ``DefensiveMove`` = defend
  (it always beats the last attacking card), ``ForfeitingMove`` = take, ``EndingMove`` = done
  (bout discarded).  After a take, durakgame wants the attacker's extra cards and the end of
  the bout as one ``FinishingMove(cards)``: the attacker's ``throw_in`` actions are kept here
  (shown on the table, out of the attacker's hand) and handed over together on ``done``;
- a move durakgame forces (its only option is to end the bout because the bout is full, the
  defender has no cards left or the attacker has none to add) is played at once, as the
  protocol closes such a bout by itself.  A thrower who merely holds no matching card still
  says ``done``, as in the protocol;
- legality is durakgame's: an action is accepted exactly when the matching durakgame move is
  among ``generateOptions()``; the state's ``turn`` (capability ``turn``) is durakgame's player
  to move, the only seat with actions.  A refusal names the profile's clause that describes
  why durakgame refuses it.

What durakgame lacks is answered ``unsupported``, never emulated: other seat counts, decks and
hand sizes, pairs, transfer, starting from a position, accepting anyway, clocks.  Accepting
anyway is lacking twice over: the defender's ``accept`` is unsupported, and so is the move that
completes a beaten bout where the rules give the defender the choice (the attacker's ``done``,
or the defence, bout-filling card or empty hand that closes it): durakgame would discard the
table there, so the game is put back and the move answered ``unsupported``.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping, Sequence
from typing import Any

from durakgame import move as dg_move
from durakgame import player as dg_player
from durakgame import primitives as dg
from durakgame.game import Game

from adapters.base import RequestRefused

JSON = dict[str, Any]

PROFILES: tuple[str, ...] = ("videochess", "durak-challenge", "howto-durak", "prototype-build10")
"""Profiles whose two-seat game durakgame's podkidnoy could plausibly be meant to play."""

CAPABILITIES: tuple[str, ...] = ("deck", "legal", "turn")
"""A stacked deck is all durakgame can start from (no positions, no deal of its own from a
seed); ``legal`` comes straight from ``generateOptions()``; ``turn``: durakgame has one player
to move (``game.move``), which the state names, so the harness maps each scenario onto its
turns instead of the wrapper guessing; no clocks."""

ACCEPT_ANYWAY_MISSING = (
    "durakgame ends a completely beaten bout here; it has no choice for the defender to take "
    "the cards anyway or keep the defence (rules.accept_after_defence)"
)
"""Why a move that ends a complete defence is ``unsupported`` where the rules offer the
defender accept-anyway (Durak Challenge): durakgame lacks the rule, so the scenario is skipped
with this reason rather than played on by other rules."""

RANKS = "6789TJQKA"
_SUITS: dict[str, Any] = {
    "H": dg.Suit.Heart,
    "C": dg.Suit.Cross,
    "S": dg.Suit.Spade,
    "D": dg.Suit.Diamond,
}
_VALUES: dict[str, Any] = dict(zip(RANKS, dg.CardValue, strict=True))
_RANK_OF = {value: rank for rank, value in _VALUES.items()}
_SUIT_OF = {suit: code for code, suit in _SUITS.items()}
CARD_PATTERN = re.compile(r"^[2-9TJQKA][SHDC]$")
SEATS = (1, 2)


def to_durakgame(code: str) -> Any | None:
    """durakgame's Card for ``code`` (``7H``), or None for a card outside its 36-card deck."""
    if len(code) != 2 or code[0] not in _VALUES or code[1] not in _SUITS:
        return None
    return dg.Card(_VALUES[code[0]], _SUITS[code[1]])


def to_code(card: Any) -> str:
    """Our code (``7H``) for a durakgame Card."""
    return _RANK_OF[card.value] + _SUIT_OF[card.suit]


def durakgame_deck(stacked: Sequence[str], deal: str) -> list[str]:
    """durakgame's deck order that deals as our ``stacked`` deck does under ``deal``.

    ``one_at_a_time`` gives seat 1 cards 0, 2, ..., 10 and seat 2 cards 1, 3, ..., 11;
    ``packets`` gives seat 1 cards 0-5 and seat 2 cards 6-11.  The rest is the stock, top
    first, whose last card is the face-up trump.  durakgame deals alternately from the front,
    takes the next card as the trump and puts it under the rest, so it gets the hands
    interleaved, then the trump, then the stock without the trump.
    """
    if deal == "one_at_a_time":
        first, second = list(stacked[0:12:2]), list(stacked[1:12:2])
    elif deal == "packets":
        first, second = list(stacked[0:6]), list(stacked[6:12])
    else:
        raise RequestRefused("unsupported", f"durakgame cannot deal as rules.deal={deal!r}")
    interleaved = [card for pair in zip(first, second, strict=True) for card in pair]
    stock = list(stacked[12:])
    return [*interleaved, stock[-1], *stock[:-1]]


def check_rules(profile: str, rules: Mapping[str, Any], seat_count: int) -> None:
    """Refuse (``unsupported``) a table durakgame cannot set up at all."""
    if profile not in PROFILES:
        raise RequestRefused(
            "unsupported",
            f"profile {profile!r} is not claimed by the durakgame wrapper "
            f"(claimed: {', '.join(PROFILES)})",
        )
    if rules.get("profile") != profile:
        raise RequestRefused(
            "malformed",
            f"rules.profile is {rules.get('profile')!r} but the request's profile is {profile!r}",
        )
    if seat_count != 2:
        raise RequestRefused("unsupported", f"durakgame plays two seats only, not {seat_count}")
    fixed = {"deck_size": 36, "hand_size": 6, "teams": "solo", "transfer": False}
    for key, value in fixed.items():
        if rules.get(key, value) != value:
            raise RequestRefused(
                "unsupported",
                f"durakgame plays only {key}={value!r}, not rules.{key}={rules.get(key)!r}",
            )


def check_deck(deck: Sequence[object]) -> list[str]:
    """The deck as card codes, refused ``malformed`` unless it is the 36 cards once each."""
    codes: list[str] = []
    for index, card in enumerate(deck):
        if not isinstance(card, str) or not CARD_PATTERN.match(card):
            raise RequestRefused("malformed", f"deck[{index}]: {card!r} is not a card")
        if to_durakgame(card) is None:
            raise RequestRefused("malformed", f"deck[{index}]: {card} is not in the 36-card deck")
        if card in codes:
            raise RequestRefused("malformed", f"deck[{index}]: {card} is in the deck twice")
        codes.append(card)
    if len(codes) != 36:
        raise RequestRefused("malformed", f"deck: a stacked deck holds 36 cards, got {len(codes)}")
    return codes


class DurakgameTable:
    """A durakgame ``Game`` started from a stacked deck, answering in protocol terms."""

    def __init__(
        self,
        profile: str,
        rules: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        deck: Sequence[object],
    ) -> None:
        check_rules(profile, rules, len(seats))
        numbers = [s.get("seat") for s in seats]
        if numbers != [1, 2]:
            raise RequestRefused(
                "malformed", f"seats must be numbered 1..2 in order, got {numbers}"
            )
        codes = check_deck(deck)
        self.profile = profile
        self.rules = dict(rules)
        self.humans = {int(s["seat"]): bool(s.get("human", True)) for s in seats}
        order = durakgame_deck(codes, str(rules.get("deal", "one_at_a_time")))
        self.game: Any = Game(
            [to_durakgame(c) for c in order], dg_player.Player(), dg_player.Player()
        )
        self.bout = 1
        self.discard: list[str] = []  # durakgame keeps a set: this is the order cards went there
        self.pending: list[str] = []  # the attacker's throw-ins after a take, not yet handed over

    # ------------------------------------------------------------------ reading

    def _player(self, seat: int) -> Any:
        return self.game.player1 if seat == 1 else self.game.player2

    @staticmethod
    def _seat_of(switch: Any) -> int:
        return 1 if switch == dg.Switch.First else 2

    @property
    def attacker(self) -> int:
        return self._seat_of(self.game.turn)

    @property
    def defender(self) -> int:
        return 3 - self.attacker

    @property
    def to_act(self) -> int:
        return self._seat_of(self.game.move)

    @property
    def finished(self) -> bool:
        return bool(self.game.isFinished)

    def hand(self, seat: int) -> list[str]:
        """The seat's hand as durakgame holds it, less the throw-ins waiting for ``done``."""
        cards = [to_code(c) for c in self._player(seat).hand]
        if seat == self.attacker:
            for code in self.pending:
                cards.remove(code)
        return cards

    def _max_cards(self) -> int:
        config = self.game.config
        return int(config.MaxTossAD if self.game.discardPile else config.MaxTossBD)

    def _finish_room(self) -> int:
        """durakgame's own count of cards the attacker may still add after a take."""
        table = self.game.table
        held = len(table.defense) + len(self._player(self.defender).hand)
        return min(held, int(self.game.config.HandCC)) - len(table.attack) - len(self.pending)

    def limit(self) -> int:
        """Most attacking cards this bout may hold, by durakgame's rules."""
        if self.finished:
            return 0
        table = self.game.table
        defender_cards = len(table.defense) + len(self._player(self.defender).hand)
        if table.isForfeited:
            return min(defender_cards, int(self.game.config.HandCC))
        return min(self._max_cards(), defender_cards)

    def result(self) -> JSON | None:
        if not self.finished:
            return None
        empty = [s for s in SEATS if not self._player(s).hand]
        if len(empty) == 2:
            return {
                "termination": "draw",
                "durak": [],
                "winners": [1, 2],
                "winning_pair": None,
                "out_order": [[1, 2]],
            }
        return {
            "termination": "durak",
            "durak": [s for s in SEATS if s not in empty],
            "winners": empty,
            "winning_pair": None,
            "out_order": [empty],
        }

    def table_pairs(self) -> list[JSON]:
        table = self.game.table
        pairs: list[JSON] = []
        for index, card in enumerate(table.attack):
            beaten = index < len(table.defense)
            pairs.append(
                {
                    "attack": to_code(card),
                    "attacker": self.attacker,
                    "defence": to_code(table.defense[index]) if beaten else None,
                    "defender": self.defender if beaten else None,
                }
            )
        pairs += [
            {"attack": c, "attacker": self.attacker, "defence": None, "defender": None}
            for c in self.pending
        ]
        return pairs

    def _discard(self) -> list[str]:
        pile = {to_code(c) for c in self.game.discardPile}
        ordered = [c for c in self.discard if c in pile]
        return ordered + sorted(pile - set(ordered))

    def state(self) -> JSON:
        """The protocol ``state`` object."""
        g = self.game
        finished = self.finished
        seats = [
            {
                "seat": s,
                "hand": self.hand(s),
                "out": finished and not self._player(s).hand,
                "human": self.humans[s],
                "actions": sorted({a["type"] for a in self.legal(s)}),
            }
            for s in SEATS
        ]
        return {
            "phase": "finished" if finished else ("bout" if g.table.attack else "lead"),
            "trump": to_code(g.trump),
            "trump_suit": _SUIT_OF[g.trump.suit],
            "stock": [to_code(c) for c in g.deck],
            "discard": self._discard(),
            "seats": seats,
            "table": self.table_pairs(),
            "bout": self.bout,
            "starter": None if finished else self.attacker,
            "attacker": None if finished else self.attacker,
            "defender": None if finished else self.defender,
            "taken": bool(g.table.isForfeited) and not finished,
            "limit": self.limit(),
            "teams": None,
            "result": self.result(),
            "turn": None if finished else self.to_act,
        }

    def legal(self, seat: int) -> list[JSON]:
        """durakgame's options for ``seat`` as protocol actions ([] unless it is to act)."""
        if self.finished or seat != self.to_act:
            return []
        options = self.game.generateOptions()
        if self.game.table.isForfeited:
            combos = {frozenset(to_code(c) for c in m.cards) for m in options}
            base = frozenset(self.pending)
            actions: list[JSON] = [
                {"type": "throw_in", "seat": seat, "card": c}
                for c in self.hand(seat)
                if base | {c} in combos and c not in base
            ]
            if base in combos:
                actions.append({"type": "done", "seat": seat})
            return actions
        return [self._action_of(seat, m) for m in options]

    def _action_of(self, seat: int, move: Any) -> JSON:
        if isinstance(move, dg_move.OpeningMove):
            return {"type": "attack", "seat": seat, "cards": [to_code(move.card)]}
        if isinstance(move, dg_move.AttackingMove):
            return {"type": "throw_in", "seat": seat, "card": to_code(move.card)}
        if isinstance(move, dg_move.DefensiveMove):
            attack = to_code(self.game.table.attack[-1])
            return {"type": "defend", "seat": seat, "attack": attack, "card": to_code(move.card)}
        if isinstance(move, dg_move.ForfeitingMove):
            return {"type": "take", "seat": seat}
        if isinstance(move, dg_move.EndingMove):
            return {"type": "done", "seat": seat}
        raise RequestRefused("internal", f"durakgame offered an unexpected move {move!r}")

    # ------------------------------------------------------------------ playing

    def act(self, seat: int, action: Mapping[str, Any]) -> list[JSON]:
        """Play ``action`` (already well formed); returns the events.

        Raises :class:`RequestRefused`: ``illegal`` (with the clause) when durakgame does not
        offer the move, leaving everything as it was; ``unsupported`` for ``accept`` where the
        rules have it, since durakgame has no such move.
        """
        kind = action["type"]
        if self.finished:
            raise self._illegal("game.finished", "the game is over")
        if kind == "accept" and self.rules.get("accept_after_defence"):
            raise RequestRefused(
                "unsupported", "durakgame has no accept-anyway move after a complete defence"
            )
        wanted = {k: (list(v) if isinstance(v, list) else v) for k, v in action.items()}
        if wanted not in self.legal(seat):
            raise self._illegal(*self._why_refused(seat, action))
        if not self.rules.get("accept_after_defence"):
            return self._play(kind, wanted, action)
        # The move may end a complete defence (see _close_bout): then the game is put back
        # as it was and the move answered ``unsupported``.
        saved = copy.deepcopy(self.__dict__)
        try:
            return self._play(kind, wanted, action)
        except RequestRefused as exc:
            if exc.code == "unsupported":
                self.__dict__.update(saved)
            raise

    def _play(self, kind: str, wanted: JSON, action: Mapping[str, Any]) -> list[JSON]:
        events: list[JSON] = [wanted]
        table = self.game.table
        if table.isForfeited:
            if kind == "throw_in":
                self.pending.append(action["card"])
                return events + self._settle()
            return events + self._close_bout(taken=True)
        if kind == "done":
            return events + self._close_bout(taken=False)
        if kind == "attack":
            self.game.process(dg_move.OpeningMove(to_durakgame(action["cards"][0])))
        elif kind == "throw_in":
            self.game.process(dg_move.AttackingMove(to_durakgame(action["card"])))
        elif kind == "defend":
            self.game.process(dg_move.DefensiveMove(to_durakgame(action["card"])))
        elif kind == "take":
            self.game.process(dg_move.ForfeitingMove())
        return events + self._settle()

    def _settle(self) -> list[JSON]:
        """Play the move durakgame forces on the attacker, if any (see the module doc)."""
        g = self.game
        if self.finished or not g.table.attack or g.turn != g.move:
            return []
        attacker_cards = self.hand(self.attacker)
        if g.table.isForfeited:
            if self._finish_room() <= 0 or not attacker_cards:
                return self._close_bout(taken=True)
            return []
        full = len(g.table.defense) == self._max_cards()
        if full or not self._player(self.defender).hand or not attacker_cards:
            return self._close_bout(taken=False)
        return []

    def _close_bout(self, *, taken: bool) -> list[JSON]:
        g = self.game
        # Durak Challenge: a complete defence is not the end of the bout; the defender chooses
        # to take the cards anyway or to keep the defence (with the stock gone and the
        # defender's hand empty there is nothing left to choose).  durakgame discards the
        # table here and has no such choice: the rule is one it lacks.
        choice = bool(self._player(self.defender).hand or g.deck)
        if not taken and self.rules.get("accept_after_defence") and choice:
            raise RequestRefused("unsupported", ACCEPT_ANYWAY_MISSING)
        attacker, defender = self.attacker, self.defender
        cards = [
            c
            for p in self.table_pairs()
            for c in ((p["attack"],) if p["defence"] is None else (p["attack"], p["defence"]))
        ]
        stock_before = [to_code(c) for c in g.deck]
        if taken:
            g.process(dg_move.FinishingMove([to_durakgame(c) for c in self.pending]))
            self.pending = []
        else:
            g.process(dg_move.EndingMove())
            self.discard += cards
        events: list[JSON] = [
            {
                "type": "bout_end",
                "outcome": "taken" if taken else "discarded",
                "defender": defender,
                "cards": cards,
            }
        ]
        drawn = set(stock_before[: len(stock_before) - len(g.deck)])
        for seat in (attacker, defender):
            count = sum(1 for c in self._player(seat).hand if to_code(c) in drawn)
            if count:
                events.append({"type": "draw", "seat": seat, "cards": count})
        result = self.result()
        if result is None:
            self.bout += 1
            return events
        events += [{"type": "out", "seat": s} for s in result["out_order"][0]]
        events.append({"type": "game_over", "result": result})
        return events

    # ------------------------------------------------------------------ refusals

    def _illegal(self, suffix: str, message: str) -> RequestRefused:
        return RequestRefused("illegal", f"durakgame: {message}", f"{self.profile}.{suffix}")

    def _why_refused(self, seat: int, action: Mapping[str, Any]) -> tuple[str, str]:
        """The clause and reason for an action durakgame does not offer now."""
        g = self.game
        kind = action["type"]
        attacker, defender = self.attacker, self.defender
        open_bout = bool(g.table.attack)
        taken = bool(g.table.isForfeited)
        defender_to_act = open_bout and not taken and self.to_act == defender
        hand = self.hand(seat)
        if kind == "attack":
            if open_bout:
                return ("play.turn", "the bout is already open: add cards with throw_in")
            if seat != attacker:
                return ("play.turn", f"seat {attacker} opens this bout, not seat {seat}")
            missing = [c for c in action["cards"] if c not in hand]
            if missing:
                return ("play.card-in-hand", f"seat {seat} does not hold {', '.join(missing)}")
            return ("attack.opening-cards", "a bout opens with exactly one card")
        if kind == "defend":
            if not open_bout or seat != defender:
                return ("play.turn", f"seat {seat} is not defending")
            if taken:
                return ("play.turn", "the defender has already taken")
            if action["card"] not in hand:
                return ("play.card-in-hand", f"seat {seat} does not hold {action['card']}")
            if not defender_to_act or action["attack"] != to_code(g.table.attack[-1]):
                return ("defence.beat", f"{action['attack']} is not an unbeaten attacking card")
            return ("defence.beat", f"{action['card']} does not beat {action['attack']}")
        if kind == "throw_in":
            return self._why_throw_in_refused(seat, action["card"], hand)
        if kind == "take":
            if not open_bout or seat != defender:
                return ("play.turn", f"seat {seat} is not defending")
            if taken:
                return ("take.when", "the defender has already taken")
            return ("take.when", "every card is beaten: there is nothing to take")
        if kind == "done":
            if not open_bout:
                if seat == attacker:
                    return ("attack.compulsory", "the attacker must open the bout with a card")
                return ("play.turn", "no bout is open")
            if seat == defender:
                if self.rules.get("accept_after_defence"):
                    return ("done.when", "the defender has no done: durakgame ends the bout")
                return ("throw-in.who", "the defender does not add cards, so has no done")
            if defender_to_act:
                return ("done.when", "done only once every card is beaten, or after take")
        if kind == "transfer":
            return ("transfer.mode", "there is no transfer in durakgame")
        if kind == "accept":
            return ("take.when", "every card is beaten: there is nothing to take")
        return ("play.turn", f"durakgame does not offer seat {seat} this {kind} now")

    def _why_throw_in_refused(self, seat: int, card: str, hand: list[str]) -> tuple[str, str]:
        g = self.game
        if not g.table.attack:
            return ("play.turn", "no bout is open: the attacker opens it with attack")
        if seat == self.defender:
            return ("throw-in.who", "the defender does not add cards")
        if card not in hand:
            return ("play.card-in-hand", f"seat {seat} does not hold {card}")
        ranks = {to_code(c)[0] for c in g.table.attack + g.table.defense}
        if card[0] not in ranks:
            return ("throw-in.rank", f"no card of {card}'s rank is on the table")
        if g.table.isForfeited:
            held = len(g.table.defense) + len(self._player(self.defender).hand)
            if held >= int(g.config.HandCC):
                return ("limits.six", f"a bout holds at most {g.config.HandCC} attacking cards")
            return ("limits.defender-hand", f"the defender held only {held} cards")
        if self.to_act == self.defender:
            clause = (
                "throw-in.after-defence"
                if self.rules.get("throw_in_timing") == "after_defence"
                else "play.turn"
            )
            return (clause, "a card is added only once every card on the table is beaten")
        if len(g.table.defense) == self._max_cards():
            if not g.discardPile and self.rules.get("first_bout_cap") is not None:
                return ("limits.first-bout", "until the first discard a bout holds 5 cards")
            return ("limits.six", f"a bout holds at most {self._max_cards()} attacking cards")
        if not self._player(self.defender).hand:
            return ("limits.defender-hand", "the defender has no cards left")
        return ("play.turn", f"durakgame does not offer seat {seat} this throw_in now")
