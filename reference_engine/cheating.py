"""Cheater mode (VideoChess): any card may be played, and unfair cards can be caught.

Where a seat may play a card at all (its turn, the bout limits, transfer capacity), it may
play *any* card: a thrown-in card of a rank not on the table, a "defence" that does not beat,
a transfer of another rank.  The engine remembers which cards on the table were played
unfairly.  Any seat still in the game may *catch* a card of the current bout that is not its
own or its partner's:

- an unfair card caught: its player (the cheater) takes every card on the table and the bout
  ends -- as if the defender had taken when the defender cheated, otherwise as if the cards
  had been beaten and discarded (who draws and who attacks next follow from that);
- a fair card caught: the accuser draws a penalty card from the stock (from the discard pile,
  picked with the game's seed, once the stock is empty) and may not catch again this bout.

Before a bout closes there is a check of ``catch_check_seconds``: the table stays, nobody
plays, catching is allowed.  The game only marks the check (:attr:`CheaterGame.checking`);
the session's clock calls :meth:`CheaterGame.end_check` when the time is up.

:class:`CheaterGame` is a :class:`~reference_engine.game.Game` that overrides the places where
these rules meet the card play: the three card-fit refusals (waived), the listing of a seat's
options (any card, and catches), the check and play of an action (catching, marking unfair
cards), the closing of a bout (the check first) and the start of the next.  A game without
cheater mode pays nothing for it.  Source: VideoChess, the cheater mode paragraphs.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from reference_engine.actions import Action, Defend, ThrowIn, Transfer
from reference_engine.cards import Card, parse_card
from reference_engine.defending import BEAT
from reference_engine.defending import TRANSFER as TRANSFER_
from reference_engine.game import GAME_OVER, Game
from reference_engine.refusals import Refusal
from reference_engine.seat_actions import Catch
from reference_engine.table import THROW_IN, TRANSFER

NOT_IN_THE_GAME = Refusal("play.turn", "seat {seat} is not in the game")
CHECK_WINDOW = Refusal(
    "cheating.check-window", "the bout is being checked before it closes: only catching is allowed"
)
NO_BOUT_TO_CATCH_IN = Refusal("cheating.catch", "there is no bout to catch a card in")
BARRED = Refusal(
    "cheating.catch", "seat {seat} accused falsely this bout and may not catch again until it ends"
)
NOT_OF_THIS_BOUT = Refusal("cheating.catch", "{card} is not a card of the current bout")
OWN_CARD = Refusal("cheating.catch", "nobody catches their own card")
PARTNERS_CARD = Refusal("cheating.catch", "nobody catches their partner's card")


class CheaterGame(Game):
    """A game in cheater mode (``rules.cheater_mode``)."""

    STATE = (*Game.STATE, "unfair", "barred", "checking", "pending_close")

    seed: int = 0
    """For the random penalty card from the discard pile (set by whoever starts the game)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.unfair: set[Card] = set()
        """Cards on the table that were played against the rules."""
        self.barred: set[int] = set()
        """Seats that made a false accusation this bout."""
        self.checking = False
        """The check before the bout closes is running: only catching is allowed."""
        self.pending_close = False
        """How the bout closes after the check: True when the defender takes."""

    # ------------------------------------------------------------------ any card may be played

    # Where a card may be played at all, any card may: the card-fit clauses (defence.beat's
    # comparison, throw-in.rank, transfer.rank) are waived, and the card is marked unfair.
    def beat_refusal(self, act: Defend) -> Refusal | None:
        return None

    def throw_in_rank_refusal(self, card: Card) -> Refusal | None:
        return None

    def transfer_rank_refusal(self, card: Card) -> Refusal | None:
        return None

    def play_defend(self, act: Defend) -> None:
        if super().beat_refusal(act) is not None:  # the rules without cheater mode refuse it
            self.unfair.add(act.card)
        super().play_defend(act)

    def play_throw_in(self, act: ThrowIn) -> None:
        if super().throw_in_rank_refusal(act.card) is not None:
            self.unfair.add(act.card)
        super().play_throw_in(act)

    def play_transfer(self, act: Transfer) -> None:
        if super().transfer_rank_refusal(act.card) is not None:
            self.unfair.add(act.card)
        super().play_transfer(act)

    def legal_moves(self) -> Sequence[Action]:
        """Each seat's fair options first, then the same moves with any other card, then
        its catches; while the bout is checked, only catches."""
        if self._listed is None and self.phase == "bout":
            fair = super().legal_moves()
            listed: list[Action] = []
            for seat in range(1, self.seats + 1):
                if not self.out[seat]:
                    listed += self._with_any_card(seat, [a for a in fair if a.seat == seat])
            self._listed = tuple(listed)
        return super().legal_moves()

    def _with_any_card(self, seat: int, fair: list[Action]) -> list[Action]:
        catches: list[Action] = [
            Catch(seat, c)
            for p in self.table
            for c in (p.attack, p.defence)
            if c is not None and self.catch_refusal(seat, c) is None
        ]
        if self.checking:
            return catches
        seen = set(fair)
        return fair + [a for a in self._any_card_options(seat) if a not in seen] + catches

    def _any_card_options(self, seat: int) -> list[Action]:
        """Every card of the hand wherever ``seat`` may play a card at all."""
        hand = self.hands[seat]
        out: list[Action] = []
        if seat == self.defender:
            answers = self.defender_refusals(seat)
            if answers[BEAT] is None:
                for p in self.table:
                    if p.defence is None:
                        out.extend(Defend(seat, p.attack, c) for c in hand)
            if (
                answers[TRANSFER_]
                or self.transfer_window_refusal()
                or self.transfer_capacity_refusal(seat)
            ) is None:
                out.extend(TRANSFER[seat][c] for c in hand)
        elif self.thrower_refusals(seat)[0] is None and self.room() >= 1:
            out.extend(THROW_IN[seat][c] for c in hand)
        return out

    # ------------------------------------------------------------------ catching

    def card_owner(self, card: Card) -> int | None:
        """Who played ``card`` onto the table this bout (None: it is not on the table)."""
        for p in self.table:
            if p.attack == card:
                return p.attacker
            if p.defence == card:
                return p.defender
        return None

    def catch_refusal(self, seat: int, card: Card) -> Refusal | None:
        """Why ``seat`` may not catch ``card`` now (None: it may)."""
        if self.phase != "bout":
            return NO_BOUT_TO_CATCH_IN
        if seat in self.barred:
            return BARRED
        owner = self.card_owner(card)
        if owner is None:
            return NOT_OF_THIS_BOUT
        if owner == seat:
            return OWN_CARD
        if owner == self.partners[seat]:
            return PARTNERS_CARD
        return None

    def _check(self, act: Action) -> None:
        if isinstance(act, Catch):
            if self.phase == "finished":
                raise GAME_OVER.error(self, act.seat)
            if act.seat > self.seats or self.out[act.seat]:
                raise NOT_IN_THE_GAME.error(self, act.seat)
            refusal = self.catch_refusal(act.seat, act.card)
            if refusal is not None:
                raise refusal.error(self, act.seat, act.card)
            return
        if self.checking and self.phase != "finished":
            raise CHECK_WINDOW.error(self, act.seat)
        super()._check(act)

    PLAY_METHODS: ClassVar[dict[str, str]] = {**Game.PLAY_METHODS, "catch": "play_catch"}

    def play_catch(self, act: Catch) -> None:
        self._resolve_catch(act)

    # ------------------------------------------------------------------ the check before closing

    def close_bout(self, *, taken: bool) -> None:
        """The bout is over: first the check, while only catching is allowed."""
        if not self.checking:
            self.checking = True
            self.pending_close = taken
            self.log.append(
                {"type": "check", "seconds": self.rules.catch_check_seconds or 0, "taken": taken}
            )

    def end_check(self) -> None:
        """The check is over with nothing caught: the bout closes as it was going to."""
        if not self.checking:
            return
        self._state_changed()
        self.checking = False
        super().close_bout(taken=self.pending_close)
        self._state_changed()

    def _resolve_catch(self, act: Catch) -> None:
        owner = self.card_owner(act.card)
        assert owner is not None
        if act.card in self.unfair:
            self.log.append(
                {"type": "caught", "seat": act.seat, "card": act.card.code, "cheater": owner}
            )
            self._close_caught(owner)
            return
        penalty = self._penalty_cards(self.rules.false_catch_penalty_cards or 1)
        self.hands[act.seat].extend(penalty)
        self.barred.add(act.seat)
        self.log.append(
            {
                "type": "false_catch",
                "seat": act.seat,
                "card": act.card.code,
                "penalty": len(penalty),
            }
        )

    def _penalty_cards(self, n: int) -> list[Card]:
        cards: list[Card] = []
        for _ in range(n):
            if self.stock:
                cards.append(self.stock.pop())
            elif self.discard:
                # Seeded, and fixed by the table so far: the same game always picks the same.
                rng = random.Random(f"{self.seed}:{self.bout}:{len(self.discard)}")
                cards.append(self.discard.pop(rng.randrange(len(self.discard))))
        return cards

    def _close_caught(self, cheater: int) -> None:
        """The cheater takes the table; play goes on as if taken (the defender cheated) or
        as if beaten and discarded (an attacker or thrower cheated)."""
        cards = [c for p in self.table for c in (p.attack, p.defence) if c is not None]
        defender = self.defender
        as_taken = cheater == defender
        self.log.append(
            {
                "type": "bout_end",
                "outcome": "caught",
                "defender": defender,
                "cheater": cheater,
                "cards": [c.code for c in cards],
            }
        )
        self._clear_table()
        self.hands[cheater].extend(cards)
        if self.out[cheater]:  # went out during this bout: the cards bring them back
            self.out[cheater] = False
            self.out_log = [e for e in self.out_log if e[1] != cheater]
        self.checking = False
        self.last_close = "taken" if as_taken else "discarded"
        self.after_bout(defender, taken=as_taken)

    def begin_bout(self, attacker: int) -> None:
        super().begin_bout(attacker)
        self.unfair = set()
        self.barred = set()
        self.checking = False
        self.pending_close = False

    # ------------------------------------------------------------------ copies, JSON

    def copy(self) -> CheaterGame:
        other = super().copy()
        assert isinstance(other, CheaterGame)
        other.seed = self.seed
        return other

    def to_json(self) -> dict[str, Any]:
        state = super().to_json()
        for pair in state["table"]:
            pair["attack_unfair"] = parse_card(pair["attack"]) in self.unfair
            defence = pair["defence"]
            pair["defence_unfair"] = defence is not None and parse_card(defence) in self.unfair
        state["cheating"] = {
            "checking": self.checking,
            "barred": sorted(self.barred),
            "unfair": sorted(c.code for c in self.unfair),
        }
        return state
