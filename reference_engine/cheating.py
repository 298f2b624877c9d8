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

:class:`CheaterGame` is a :class:`~reference_engine.game.Game` with these hooks overridden, so
a game without cheater mode pays nothing for it.
"""

from __future__ import annotations

import random
from typing import Any

from reference_engine.actions import Action, Defend, ThrowIn, Transfer
from reference_engine.cards import Card, parse_card
from reference_engine.errors import IllegalAction
from reference_engine.game import Game, beats
from reference_engine.seat_actions import Catch


class CheaterGame(Game):
    """A game in cheater mode (``rules.cheater_mode``)."""

    _STATE = (*Game._STATE, "unfair", "barred", "checking", "pending_close")

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

    # ------------------------------------------------------------------ queries

    def card_owner(self, card: Card) -> int | None:
        """Who played ``card`` onto the table this bout (None: it is not on the table)."""
        for p in self.table:
            if p.attack == card:
                return p.attacker
            if p.defence == card:
                return p.defender
        return None

    def _catch_refusal(self, seat: int, card: Card) -> str | None:
        if self.phase != "bout":
            return "there is no bout to catch a card in"
        if seat in self.barred:
            return f"seat {seat} accused falsely this bout and may not catch again until it ends"
        owner = self.card_owner(card)
        if owner is None:
            return f"{card} is not a card of the current bout"
        if owner == seat:
            return "nobody catches their own card"
        if owner == self.partner(seat):
            return "nobody catches their partner's card"
        return None

    def _generate_legal(self, seat: int) -> list[Action]:
        if self.phase != "bout" or self.out[seat] or not 1 <= seat <= self.seats:
            return super()._generate_legal(seat)
        catches: list[Action] = [
            Catch(seat, c)
            for p in self.table
            for c in (p.attack, p.defence)
            if c is not None and self._catch_refusal(seat, c) is None
        ]
        if self.checking:
            return catches
        fair = super()._generate_legal(seat)
        seen = set(fair)
        extra: list[Action] = []
        hand = self.hands[seat]
        types = {a.type for a in fair}
        if seat == self.defender and not self.taken and not self.awaiting_choice:
            for p in self.table:
                if p.defence is None:
                    extra.extend(Defend(seat, p.attack, c) for c in hand)
            if self.rules.transfer and self.table:
                probe = Card(self.table[0].attack.rank, "S")
                if self._transfer_refusal(seat, probe) is None:
                    extra.extend(Transfer(seat, c) for c in hand)
        elif "throw_in" in types or (
            seat != self.defender and self._throw_in_block(seat) is None and self.room() >= 1
        ):
            extra.extend(ThrowIn(seat, c) for c in hand)
        return fair + [a for a in extra if a not in seen] + catches

    # ------------------------------------------------------------------ checks

    def _check(self, act: Action) -> None:
        if isinstance(act, Catch):
            if self.phase == "finished":
                raise self._illegal("game.finished", "the game is over")
            if act.seat > self.seats or self.out[act.seat]:
                raise self._illegal("play.turn", f"seat {act.seat} is not in the game")
            refusal = self._catch_refusal(act.seat, act.card)
            if refusal is not None:
                raise self._illegal("cheating.catch", refusal)
            return
        if self.checking and self.phase != "finished":
            raise self._illegal(
                "cheating.check-window",
                "the bout is being checked before it closes: only catching is allowed",
            )
        super()._check(act)

    def _check_defend(self, act: Defend) -> None:
        try:
            super()._check_defend(act)
        except IllegalAction as exc:
            # Only the card comparison is waived: the attack card must still lie unbeaten.
            if exc.clause != self.rules.clause("defence.beat") or not any(
                p.attack == act.attack and p.defence is None for p in self.table
            ):
                raise

    def _check_throw_in(self, act: ThrowIn) -> None:
        try:
            super()._check_throw_in(act)
        except IllegalAction as exc:
            if exc.clause != self.rules.clause("throw-in.rank"):
                raise
            self._check_room(1)

    def _check_transfer(self, act: Transfer) -> None:
        try:
            super()._check_transfer(act)
        except IllegalAction as exc:
            if exc.clause != self.rules.clause("transfer.rank"):
                raise
            # The turn and capacity rules still hold: check them with a card of the right rank.
            probe = Card(self.table[0].attack.rank, act.card.suit)
            refusal = self._transfer_refusal(act.seat, probe)
            if refusal is not None:
                raise self._illegal(*refusal) from None

    # ------------------------------------------------------------------ playing

    def _play_action(self, act: Action) -> None:
        if isinstance(act, Catch):
            self.log.append(act)
            self._resolve_catch(act)
            return
        if isinstance(act, Defend):
            if not beats(act.card, act.attack, self.trump):
                self.unfair.add(act.card)
        elif isinstance(act, ThrowIn):
            if act.card.rank not in self.table_ranks():
                self.unfair.add(act.card)
        elif isinstance(act, Transfer) and act.card.rank not in {p.attack.rank for p in self.table}:
            self.unfair.add(act.card)
        super()._play_action(act)

    def _close_bout(self, *, taken: bool) -> None:
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
        Game._close_bout(self, taken=self.pending_close)
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
        self.table = []
        self.hands[cheater].extend(cards)
        if self.out[cheater]:  # went out during this bout: the cards bring them back
            self.out[cheater] = False
            self.out_log = [e for e in self.out_log if e[1] != cheater]
        self.checking = False
        self.last_close = "taken" if as_taken else "discarded"
        self._after_bout(defender, taken=as_taken)

    def _begin_bout(self, attacker: int) -> None:
        super()._begin_bout(attacker)
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
