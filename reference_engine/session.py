"""A table playing games under one ruleset: the game, its time, departures and the match.

:class:`Game` knows the card play.  A :class:`Session` adds what happens around it, each part
switched on by the rules (and costing nothing when off):

- virtual time (:mod:`reference_engine.clock`): per-action timers with automatic moves and a
  bot takeover, or chess clocks; the check before a bout closes in cheater mode;
- departures (:mod:`reference_engine.departures`): standing up, resigning, disconnecting
  without coming back in time, an empty chess clock;
- cheater mode (:mod:`reference_engine.cheating`): the game is a :class:`CheaterGame`;
- the deal: a redeal for a lopsided hand, the lowest trump shown to everyone;
- the match: the epaulettes of a double-six win, the tally of wins and losses, and the winner
  of the last decided game leading the next one;
- the lobby (:mod:`reference_engine.lobby`) when the game was started through it.

The protocol's ``act``, ``legal``, ``state``, ``clock`` and ``next_game`` requests map onto
:meth:`apply`, :meth:`legal_actions`, :meth:`to_json`, :meth:`advance` and :meth:`next_game`.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from reference_engine import clock, departures
from reference_engine.actions import Action, Attack, Done, ThrowIn, action_from_json
from reference_engine.cards import LOWEST_RANK_BY_DECK, RANKS, Card, deck
from reference_engine.cheating import CheaterGame
from reference_engine.errors import IllegalAction
from reference_engine.game import Event, Game
from reference_engine.lobby import Lobby
from reference_engine.outcome import Outcome, Termination
from reference_engine.rules import Rules
from reference_engine.seat_actions import (
    Catch,
    Disconnect,
    Reconnect,
    Redeal,
    Resign,
    StandUp,
    TakeBackControl,
    seat_action_from_json,
)

_EPSILON = 1e-9

#: Most moves the bots standing in for timed-out players make in one call (a bound, not a
#: rule: bots at some seats can take in turn for a long time while the seat of the one player
#: left is never asked, e.g. attackers advancing two seats a bout at six seats).
_BOT_MOVES_PER_CALL = 500


def game_class(rules: Rules, base: type[Game] = Game) -> type[Game]:
    """The game class for ``rules``: ``base`` (a variant of :class:`Game` or Game itself),
    with cheater mode mixed in when the rules switch it on."""
    if not rules.cheater_mode or issubclass(base, CheaterGame):
        return base
    if base is Game:
        return CheaterGame
    return type(f"Cheater{base.__name__}", (CheaterGame, base), {})


class Session:
    """One table: the current game plus time, departures, the match and the lobby."""

    def __init__(
        self,
        game: Game,
        *,
        seed: int = 0,
        lobby: Lobby | None = None,
        shown_by_rule: bool = True,
    ) -> None:
        """Use :meth:`start`."""
        self.game = game
        self.rules = game.rules
        self.seed = seed
        self.base_class: type[Game] = Game
        """The game class new games of this table are made of (a variant engine's own)."""
        self.lobby = lobby
        self.now = 0.0
        self.clocks = {s: clock.SeatClock() for s in range(1, game.seats + 1)}
        self.departed: set[int] = set()
        self.check_due: float | None = None
        self.redeals = 0
        self.match: dict[str, Any] = {
            "games": 0,
            "draws": 0,
            "wins": {},
            "losses": {},
            "epaulettes": {},
            "last_winner": None,
        }
        self._waiting: dict[int, clock.Role] = {}
        self._bots_playing = False
        self._play_started = False
        self._settled_result: Outcome | None = None
        self._new_game(game, shown_by_rule)

    # ------------------------------------------------------------------ starting

    @classmethod
    def start(
        cls,
        rules: Rules,
        seats: int,
        humans: Iterable[int],
        *,
        seed: int = 0,
        deck_cards: Sequence[Card | str] | None = None,
        position: Mapping[str, Any] | None = None,
        lobby: Mapping[str, Any] | None = None,
        game_class: type[Game] = Game,
    ) -> Session:
        """Start a game from a stacked deck or a position (at most one); with neither, the
        engine deals a deck shuffled from ``seed`` (the same seed, the same deal).

        With ``lobby`` (``ready``, ``chosen_by``) the table rules are checked first and an
        :class:`IllegalAction` names the one broken.
        """
        humans = frozenset(humans)
        table = None
        if lobby is not None:
            table = Lobby.from_json(rules, seats, humans, lobby)
            table.check(rules)
        if deck_cards is None and position is None:
            deck_cards = shuffled_deck(rules.deck_size, f"{seed}:deal")
        game = _make_game(game_class, rules, seats, humans, seed, deck_cards, position)
        by_rule = position is None or "attacker" not in position
        session = cls(game, seed=seed, lobby=table, shown_by_rule=by_rule)
        session.base_class = game_class
        return session

    def _new_game(self, game: Game, shown_by_rule: bool) -> None:
        self.game = game
        self._play_started = False
        self._settled_result = None
        self.shown_trump: dict[str, Any] | None = None
        if self.rules.lowest_trump_shown and shown_by_rule:
            self.shown_trump = _lowest_trump(game)
        for c in self.clocks.values():
            c.deadline = None
            c.timeouts = 0
            if self.rules.chess_clock:
                c.bank = float(self.rules.clock_total_seconds or 0)
        self._waiting = {}
        self._sync(actor=None, fresh=True)

    def next_game(
        self,
        *,
        deck_cards: Sequence[Card | str] | None = None,
        position: Mapping[str, Any] | None = None,
    ) -> None:
        """Deal the next game of the match at this table (the current one must be over); with
        neither a deck nor a position, from a deck shuffled from the seed and the game number."""
        if self.game.phase != "finished":
            raise IllegalAction(self.rules.clause("play.turn"), "the current game is not over yet")
        if deck_cards is None and position is None:
            deck_cards = shuffled_deck(
                self.rules.deck_size, f"{self.seed}:deal:{self.match['games'] + 1}"
            )
        rules, seats, humans = self._next_table()
        game = _make_game(self.base_class, rules, seats, humans, self.seed, deck_cards, position)
        if rules is not self.rules:
            self.rules = rules
        leader = self.match["last_winner"]
        by_rule = position is None or "attacker" not in position
        if self.rules.winner_leads_next_game and leader is not None and by_rule:
            _set_first_attacker(game, leader)
            by_rule = False
        self.departed = set()
        self.clocks = {s: clock.SeatClock() for s in range(1, game.seats + 1)}
        self._new_game(game, by_rule)

    def _next_table(self) -> tuple[Rules, int, frozenset[int]]:
        """The rules, seat count and people of the next game at this table.

        Without a lobby the table stays as it was.  Through the lobby, the next game is
        dealt to the seats still taken (a player who stood up left their chair), with the
        teams the lobby now shows: a pairs table that went back to every player for
        themselves (VideoChess, mode paragraph) plays solo, which needs no full table.
        Seats are numbered from 1 without gaps, so an empty seat below a taken one cannot be
        dealt around and is refused, naming the seats.
        """
        rules, game = self.rules, self.game
        if self.lobby is None:
            return rules, game.seats, game.humans
        seated = sorted(self.lobby.seated)
        if self.lobby.teams == "solo" and rules.teams == "pairs":
            rules = dataclasses.replace(rules, teams="solo", min_seats=min(rules.min_seats, 2))
        if seated != list(range(1, len(seated) + 1)):
            empty = [s for s in range(1, game.seats + 1) if s not in seated]
            raise IllegalAction(
                rules.clause("table.ready"),
                f"seat(s) {', '.join(map(str, empty))} are empty: the next game is dealt to "
                "seats 1 upwards without gaps, so an empty seat below a taken one must be "
                "taken first",
            )
        if len(seated) < rules.min_seats:
            raise IllegalAction(
                rules.clause("table.ready"),
                f"{len(seated)} seat(s) are taken; a game needs at least {rules.min_seats}",
            )
        return rules, len(seated), frozenset(s for s in game.humans if s in seated)

    # ------------------------------------------------------------------ queries

    def legal_actions(self, seat: int) -> list[Action]:
        """The moves ``seat`` may make now (departures and connection are always possible
        where the rules have them, and are not listed)."""
        actions = self.game.legal_actions(seat)
        if self._redeal_refusal(seat) is None:
            actions.append(Redeal(seat))
        return actions

    def waiting(self) -> dict[int, clock.Role]:
        """The seats the game is waiting for (see :func:`clock.waited_for`)."""
        return dict(self._waiting)

    # ------------------------------------------------------------------ actions

    def apply(self, action: Action | Mapping[str, Any]) -> list[Event]:
        """Play ``action`` (a move or a seat action); returns the events.

        Raises :class:`IllegalAction` / :class:`MalformedAction` and changes nothing then.
        """
        act = action if isinstance(action, Action) else self._parse(action)
        game = self.game
        if act.seat > game.seats:
            return game.apply(act)  # the game names the bad seat
        mark = len(game.log)
        if isinstance(act, Redeal):
            return self._redeal(act)
        if isinstance(act, StandUp | Resign):
            self._depart(act)  # logs the action itself, before the departure it causes
            self._sync(actor=None, fresh=False)
            self._settle()
            return game.events(mark)
        if isinstance(act, Disconnect):
            self._disconnect(act.seat)
        elif isinstance(act, Reconnect):
            self._reconnect(act.seat)
        elif isinstance(act, TakeBackControl):
            self._take_back_control(act.seat)
        else:
            if isinstance(act, Catch) and not self.rules.cheater_mode:
                raise IllegalAction(
                    self.rules.clause("play.turn"), "there is no cheater mode at this table"
                )
            game.apply(act)
            self._play_started = True
            own = self.clocks[act.seat]
            own.timeouts = 0
            if self.rules.chess_clock and own.bank is not None:
                own.bank += float(self.rules.clock_increment_seconds or 0)
            self._sync(actor=act.seat, fresh=not isinstance(act, Done | Catch))
            self._settle()
            return game.events(mark)
        game.log.append(act)
        self._sync(actor=None, fresh=False)
        self._settle()
        return game.events(mark)

    def _parse(self, obj: Mapping[str, Any]) -> Action:
        special = seat_action_from_json(obj)
        return special if special is not None else action_from_json(obj)

    def _illegal(self, suffix: str, message: str) -> IllegalAction:
        return IllegalAction(self.rules.clause(suffix), message)

    def _check_running(self) -> None:
        if self.game.phase == "finished":
            raise self._illegal("game.finished", "the game is over")

    def _depart(self, act: Action) -> None:
        self._check_running()
        refusal = departures.leaving_refusal(self.game, act.seat)
        if refusal is not None:
            raise self._illegal("departures.no-leaving", refusal)
        self.game.log.append(act)
        if self.lobby is not None:
            self.lobby.stand_up(self.rules, act.seat)
        reason = "stand_up" if isinstance(act, StandUp) else "resign"
        self._leave(act.seat, reason)

    def _leave(self, seat: int, reason: str) -> None:
        departures.depart(self.game, seat, self.departed, reason)
        c = self.clocks[seat]
        c.deadline = None
        c.disconnected_at = None
        c.left = True  # gone for good: a lost connection no longer pauses anyone's clock

    def _disconnect(self, seat: int) -> None:
        self._check_running()
        c = self.clocks[seat]
        if c.left:
            raise self._illegal("play.turn", f"seat {seat} has left the table")
        if not c.connected:
            raise self._illegal("play.turn", f"seat {seat} is already disconnected")
        self._run_banks(self.now)
        c.connected = False
        c.disconnected_at = self.now

    def _reconnect(self, seat: int) -> None:
        self._check_running()
        c = self.clocks[seat]
        if c.left:
            raise self._illegal("play.turn", f"seat {seat} has left the table")
        if c.connected:
            raise self._illegal("play.turn", f"seat {seat} is connected")
        c.connected = True
        c.disconnected_at = None

    def _take_back_control(self, seat: int) -> None:
        self._check_running()
        c = self.clocks[seat]
        if not c.bot:
            suffix = (
                "timers.bot-takeover"
                if self.rules.bot_takeover_after_timeouts is not None
                else "play.turn"
            )
            raise self._illegal(suffix, f"no bot is playing for seat {seat}")
        c.bot = False
        c.timeouts = 0

    # ------------------------------------------------------------------ redeal

    def _redeal_refusal(self, seat: int) -> str | None:
        need = self.rules.redeal_min_same_suit
        game = self.game
        if need is None:
            return "there is no redeal in these rules"
        if game.phase != "lead" or self._play_started or game.discard or game.bout != 1:
            return "a redeal is possible only before the first card is played"
        if not 1 <= seat <= game.seats or seat not in game.humans:
            return "only a human player may ask for a redeal"
        counts: dict[str, int] = {}
        for c in game.hands[seat]:
            counts[c.suit] = counts.get(c.suit, 0) + 1
        if max(counts.values(), default=0) < need:
            return f"a redeal needs at least {need} cards of one suit in the hand"
        return None

    def _redeal(self, act: Redeal) -> list[Event]:
        self._check_running()
        refusal = self._redeal_refusal(act.seat)
        if refusal is not None:
            suffix = "redeal.offer" if self.rules.redeal_min_same_suit is not None else "play.turn"
            raise self._illegal(suffix, refusal)
        old = self.game
        cards = deck(self.rules.deck_size)
        self.redeals += 1
        random.Random(f"{self.seed}:redeal:{self.redeals}").shuffle(cards)
        game = _make_game(
            self.base_class, self.rules, old.seats, old.humans, self.seed, cards, None
        )
        leader = self.match["last_winner"]
        by_rule = True
        if self.rules.winner_leads_next_game and leader is not None:
            _set_first_attacker(game, leader)
            by_rule = False
        self._new_game(game, by_rule)
        return [act.to_json(), *game.events(0)]

    # ------------------------------------------------------------------ time

    def advance(self, seconds: float) -> list[Event]:
        """Let ``seconds`` of virtual time pass; returns what happened meanwhile."""
        if seconds < 0:
            raise ValueError("time does not run backwards")
        mark = len(self.game.log)
        log = self.game.log
        target = self.now + seconds
        collected: list[Event] = []
        while True:
            due = self._next_due()
            if due is None or due[0] > target + _EPSILON:
                break
            when, kind, seat = due
            self._run_banks(when)
            before_game = self.game
            self._fire(kind, seat)
            if self.game is not before_game:  # pragma: no cover - nothing replaces the game here
                log = self.game.log
            self._settle()
            if self.game.phase == "finished":
                break
        self._run_banks(max(target, self.now))
        collected = [e.to_json() if isinstance(e, Action) else e for e in log[mark:]]
        return collected

    def _running_banks(self) -> list[int]:
        if not self.rules.chess_clock or self._paused():
            return []
        return [s for s in self._waiting if self.clocks[s].bank is not None]

    def _paused(self) -> bool:
        """Clocks stop while a seat that has not left is disconnected (GGTables: a brief
        disconnection pauses the clocks; once the player has left, play goes on)."""
        return self.rules.disconnect_pauses_clock and any(
            not c.connected and not c.left for c in self.clocks.values()
        )

    def _run_banks(self, until: float) -> None:
        elapsed = until - self.now
        if elapsed > 0:
            for s in self._running_banks():
                bank = self.clocks[s].bank
                assert bank is not None
                self.clocks[s].bank = max(0.0, bank - elapsed)
        self.now = max(self.now, until)

    def _next_due(self) -> tuple[float, str, int] | None:
        """The next thing time will cause: (when, kind, seat), earliest first; ties in the
        order check, disconnection, clock, timer, then by seat."""
        if self.game.phase == "finished":
            return None
        found: list[tuple[float, int, str, int]] = []
        if self.check_due is not None:
            found.append((self.check_due, 0, "check", 0))
        grace = self.rules.disconnect_grace_seconds
        for s, c in self.clocks.items():
            if grace is not None and c.disconnected_at is not None:
                found.append((c.disconnected_at + grace, 1, "disconnect", s))
        for s in self._running_banks():
            bank = self.clocks[s].bank
            assert bank is not None
            found.append((self.now + bank, 2, "bank", s))
        for s in self._waiting:
            deadline = self.clocks[s].deadline
            if deadline is not None:
                found.append((deadline, 3, "timer", s))
        if not found:
            return None
        when, _, kind, seat = min(found)
        return (max(when, self.now), kind, seat)

    def _fire(self, kind: str, seat: int) -> None:
        game = self.game
        if kind == "check":
            self.check_due = None
            if isinstance(game, CheaterGame):
                game.end_check()
            self._sync(actor=None, fresh=True)
        elif kind == "disconnect":
            game.log.append({"type": "no_return", "seat": seat})
            self._leave(seat, "disconnect")
            self._sync(actor=None, fresh=True)
        elif kind == "bank":
            game.log.append({"type": "flag_fall", "seat": seat})
            self._leave(seat, "time")
            self._sync(actor=None, fresh=True)
        else:
            self._timeout(seat)

    def _timeout(self, seat: int) -> None:
        game = self.game
        role = self._waiting[seat]
        c = self.clocks[seat]
        c.deadline = None
        game.log.append({"type": "timeout", "seat": seat, "role": role})
        if not self.rules.timeout_auto_move:
            self._sync(actor=None, fresh=False)
            return
        move = clock.automatic_move(game, seat, role)
        game.apply(move)
        self._play_started = True
        if role != "throw":
            c.timeouts += 1
            limit = self.rules.bot_takeover_after_timeouts
            if limit is not None and c.timeouts >= limit and not c.bot:
                c.bot = True
                game.log.append({"type": "bot_takeover", "seat": seat})
        self._sync(actor=seat, fresh=not isinstance(move, Done))

    def _sync(self, *, actor: int | None, fresh: bool) -> None:
        """Restart or stop the action timers after something happened."""
        game = self.game
        waiting = clock.waited_for(game) if self.rules.timed else {}
        # Bots play at once for the seats they took over while someone else still plays; at
        # a table where bots stand in for every seat still playing, always taking could pass
        # cards round for ever, so there they move as the seat's timer runs out instead.
        at_once = not self._bots_everywhere()
        for s, c in self.clocks.items():
            role = waiting.get(s)
            if role is None or (c.bot and at_once) or s in self.departed:
                c.deadline = None
                continue
            if s not in self._waiting or fresh or s == actor or c.deadline is None:
                limit = clock.limit(game, role)
                c.deadline = None if limit is None else self.now + limit
        self._waiting = {s: r for s, r in waiting.items() if not (self.clocks[s].bot and at_once)}
        checking = getattr(game, "checking", False)
        if checking and self.check_due is None:
            self.check_due = self.now + float(self.rules.catch_check_seconds or 0)
        elif not checking:
            self.check_due = None
        if len(self._waiting) < len(waiting):
            self._bots_play()

    def _bots_everywhere(self) -> bool:
        """Whether a bot stands in for every seat still playing."""
        game, clocks = self.game, self.clocks
        playing = [s for s in range(1, game.seats + 1) if not game.out[s]]
        return bool(playing) and all(clocks[s].bot for s in playing)

    def _bots_play(self) -> None:
        """A bot plays for each seat it has taken over, as soon as the game waits for that
        seat (How to play Durak, "Time to think": after two timeouts a bot plays for you).
        The document does not say how the bot plays; it makes the moves a timeout would
        (:func:`clock.automatic_move`), the only moves the document describes for a player
        who is not playing themselves.  Where bots stand in for every seat still playing they
        move as each seat's timer runs out (see :meth:`_sync`)."""
        if self._bots_playing:
            return
        self._bots_playing = True
        try:
            for _ in range(_BOT_MOVES_PER_CALL):
                game = self.game
                if game.phase == "finished" or getattr(game, "checking", False):
                    return
                waiting = clock.waited_for(game)
                bots = [s for s in sorted(waiting) if self.clocks[s].bot]
                if not bots or self._bots_everywhere():
                    return
                seat = bots[0]
                move = clock.automatic_move(game, seat, waiting[seat])
                game.apply(move)
                self._play_started = True
                self._sync(actor=seat, fresh=not isinstance(move, Done))
                self._settle()
        finally:
            self._bots_playing = False

    # ------------------------------------------------------------------ results

    def _settle(self) -> None:
        """Once the game is over: forfeits, epaulettes and the match tally, once."""
        game = self.game
        if game.phase != "finished" or game.result is None or self._settled_result is not None:
            return
        result = game.result
        if self.departed:
            result = departures.forfeit_outcome(game, self.departed, result)
        epaulettes = self.rules.epaulettes and result.termination is Termination.DURAK
        if epaulettes and _epaulettes(game, result):
            result = Outcome(
                result.termination,
                result.durak,
                result.winners,
                result.winning_pair,
                result.out_order,
                result.forfeited,
                True,
            )
        if result is not game.result:
            game.result = result
            for entry in reversed(game.log):
                if isinstance(entry, dict) and entry.get("type") == "game_over":
                    entry["result"] = result.to_json()
                    break
        self._settled_result = result
        for c in self.clocks.values():
            c.deadline = None
        self._waiting = {}
        self.check_due = None
        self._tally(result)

    def _tally(self, result: Outcome) -> None:
        m = self.match
        m["games"] += 1
        if result.is_draw:
            m["draws"] += 1
            return
        points = 2 if result.epaulettes else 1
        losers = result.losers
        for s in result.winners:
            m["wins"][str(s)] = m["wins"].get(str(s), 0) + points
        for s in losers:
            m["losses"][str(s)] = m["losses"].get(str(s), 0) + points
        if result.epaulettes:
            for s in losers:
                m["epaulettes"][str(s)] = m["epaulettes"].get(str(s), 0) + 1
            for s in result.winners:
                m["epaulettes"][str(s)] = m["epaulettes"].get(str(s), 0) - 1
        if len(result.winners) == 1:
            m["last_winner"] = result.winners[0]

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        """The protocol state: the game's, with the session's parts where the rules use them."""
        state = self.game.to_json()
        rules = self.rules
        if self._redeal_possible():
            for entry in state["seats"]:
                if self._redeal_refusal(entry["seat"]) is None:
                    entry["actions"] = sorted([*entry["actions"], "redeal"])
        timed = rules.timed or rules.disconnect_grace_seconds is not None or rules.cheater_mode
        if timed:
            state["time"] = {
                "now": self.now,
                "paused": self._paused(),
                "check": None if self.check_due is None else self.check_due - self.now,
            }
            for entry in state["seats"]:
                c = self.clocks[entry["seat"]]
                entry["timer"] = None if c.deadline is None else c.deadline - self.now
                entry["clock"] = c.bank
                entry["bot_control"] = c.bot
                entry["connected"] = c.connected
                entry["departed"] = entry["seat"] in self.departed
        if rules.lowest_trump_shown:
            state["shown_trump"] = self.shown_trump
        if rules.epaulettes or rules.winner_leads_next_game or rules.redeal_min_same_suit:
            state["match"] = {
                "games": self.match["games"],
                "draws": self.match["draws"],
                "wins": dict(self.match["wins"]),
                "losses": dict(self.match["losses"]),
                "epaulettes": dict(self.match["epaulettes"]),
                "last_winner": self.match["last_winner"],
            }
        if self.lobby is not None:
            state["lobby"] = self.lobby.to_json(self.game.phase == "finished", rules)
        return state

    def _redeal_possible(self) -> bool:
        return (
            self.rules.redeal_min_same_suit is not None
            and not self._play_started
            and self.game.phase == "lead"
        )


# ---------------------------------------------------------------------- helpers


def shuffled_deck(size: int, seed: str) -> list[Card]:
    """The ``size``-card deck shuffled by a generator seeded with ``seed``, top card first."""
    cards = deck(size)
    random.Random(seed).shuffle(cards)
    return cards


def _make_game(
    base: type[Game],
    rules: Rules,
    seats: int,
    humans: Iterable[int],
    seed: int,
    deck_cards: Sequence[Card | str] | None,
    position: Mapping[str, Any] | None,
) -> Game:
    cls = game_class(rules, base)
    if (deck_cards is None) == (position is None):
        raise ValueError("give exactly one of deck_cards or position")
    if position is not None:
        game = cls.from_position(rules, position, humans)
    else:
        assert deck_cards is not None
        game = cls.deal(rules, seats, deck_cards, humans)
    if isinstance(game, CheaterGame):
        game.seed = seed
    return game


def _set_first_attacker(game: Game, seat: int) -> None:
    """The winner of the last decided game opens the first bout of this one."""
    if seat > game.seats or game.out[seat]:
        return
    game.begin_bout(seat)
    game._state_changed()
    for entry in game.log:
        if isinstance(entry, dict) and entry.get("type") == "deal":
            entry["first_attacker"] = seat
            entry["by"] = "winner_of_last_game"


def _lowest_trump(game: Game) -> dict[str, Any] | None:
    """The lowest trump to show everyone, when it decided who attacks first."""
    lowest = game.lowest_trump()
    if lowest is None or lowest[1] != game.attacker:
        return None
    return {"seat": lowest[1], "card": lowest[0].code}


def _epaulettes(game: Game, result: Outcome) -> bool:
    """Did the winner attack the last bout and play its two final cards, both sixes (the
    lowest rank), in that bout?"""
    low = RANKS.index(LOWEST_RANK_BY_DECK[game.rules.deck_size])
    starter = 0
    played: list[Card] = []
    for entry in game.log:
        if isinstance(entry, Attack):  # a new bout
            starter = entry.seat
            played = list(entry.cards)
        elif isinstance(entry, ThrowIn) and entry.seat == starter:
            played.append(entry.card)
    if starter not in result.winners or len(played) < 2:
        return False
    return all(c.rank == low for c in played[-2:])
