"""The resolved ruleset: the flat set of parameters the engine plays by.

A ruleset profile (``rulesets/*.yaml``) plus the table options chosen for a game resolve to a
flat mapping of parameter name to value.  :meth:`Rules.from_mapping` checks the parameters the
engine reads and keeps every other parameter in :attr:`Rules.extra`, so a profile can record
rules that a later part of the engine (clocks, cheater mode, the lobby) reads.

Every parameter below is documented in ``docs/rulesets.md``; the names are the contract between
profiles, the engine and the protocol.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, get_args, get_type_hints

from reference_engine.errors import RulesError

Teams = Literal["solo", "pairs"]
Deal = Literal["one_at_a_time", "packets"]
FirstAttack = Literal["lowest_trump"]
FirstAttackFallback = Literal["lowest_card", "first_seat", "human"]
Opening = Literal["single", "same_rank"]
ThrowInScope = Literal["all", "neighbours"]
ThrowInOrder = Literal["free", "starter_first", "rounds"]
ThrowInTiming = Literal["any_time", "after_defence"]
RoundRestart = Literal["principal_attacker", "after_adder"]
FirstToDraw = Literal["starter", "attacker"]
DepartureNextAttacker = Literal["bout_starter", "usual"]
AcceptWhen = Literal["attack_ended", "all_beaten"]
DefenderLimit = Literal["hand_at_start", "unbeaten_in_hand"]
TransferRank = Literal["table_rank", "every_attack_card"]
OutTiming = Literal["immediate", "bout_end"]
TimeoutLeadCard = Literal["lowest_non_trump"]
OptionsChosenBy = Literal["lowest_human_seat", "table_creator"]


@dataclass(frozen=True, slots=True)
class Rules:
    """Parameters of one game.  Build it with :meth:`from_mapping`."""

    profile: str
    """Profile id; rule clause ids are ``<profile>.<area>.<name>``."""
    deck_size: Literal[24, 36, 52] = 36
    hand_size: int = 6
    min_seats: int = 2
    max_seats: int = 6
    teams: Teams = "solo"
    pairs_seats: int = 4
    """Pairs are played with exactly this many seats, partners opposite each other."""
    deal: Deal = "one_at_a_time"
    """``one_at_a_time`` deals one card to each seat in turn from seat 1; ``packets`` deals a
    whole hand to seat 1, then seat 2, ..."""
    first_attack: FirstAttack = "lowest_trump"
    first_attack_fallback: FirstAttackFallback = "lowest_card"
    """Who leads when nobody holds a trump: the lowest card (ties to the lower seat), the
    first seat, or the first human seat."""
    opening: Opening = "single"
    """``single``: the bout opens with one card; ``same_rank``: with one or more of one rank."""
    throw_in_scope: ThrowInScope = "all"
    """Who may throw in besides the attacker: everyone but the defender, or only the
    defender's neighbours.  In pairs the defender's partner never throws in."""
    throw_in_order: ThrowInOrder = "free"
    """``free``: any eligible seat at any time; ``starter_first``: the bout's starter (or the
    last transferrer) alone until they are done or have nothing to throw; ``rounds``: the
    principal attacker then the others clockwise each add one card or pass."""
    throw_in_timing: ThrowInTiming = "any_time"
    """``after_defence``: a new card only when every card on the table is beaten (or after a
    take); ``any_time``: while unbeaten cards lie on the table too."""
    done_resets: bool = True
    """A new card on the table cancels the ``done`` of every thrower (False: a done holds for
    the rest of the bout)."""
    round_restart: RoundRestart = "principal_attacker"
    """``rounds``: after a new card (and the defender's answer) asking starts again from the
    principal attacker, or (``after_adder``) carries on from the seat after the one who
    added it."""
    bout_cap: int = 6
    """Most attacking cards in one bout."""
    first_bout_cap: int | None = None
    """Lower cap in force until the first cards go to the discard pile (None: no such cap)."""
    defender_limit: DefenderLimit = "hand_at_start"
    """``hand_at_start``: attacking cards never exceed the defender's hand when they became
    the defender; ``unbeaten_in_hand``: unbeaten cards never exceed the defender's hand."""
    take_ends_bout: bool = False
    accept_after_defence: bool = False
    """After a complete defence the defender may still take the cards (Durak Challenge)."""
    accept_when: AcceptWhen = "attack_ended"
    """When taking anyway is offered: once the attacker has ended a fully beaten attack, or
    (``all_beaten``) as soon as every card on the table is beaten."""
    transfer: bool = False
    transfer_rank: TransferRank = "table_rank"
    transferrer_throws_first: bool = False
    first_to_draw: FirstToDraw = "starter"
    """Who draws first after a bout: the seat that opened it (``starter``), or the seat that
    attacks at its end (``attacker``: after a transfer, the one who transferred last).  The
    defender draws last either way, so in a duel the two agree."""
    transfer_by_showing_trump: bool = False
    bot_accepts_anyway: bool | None = None
    """False: a bot (computer) seat never takes the cards after a complete defence; None: the
    rules say nothing about bots."""
    out_timing: OutTiming = "immediate"
    """When a seat with no cards and an empty stock leaves: at once, or when the bout ends."""

    # --- the table: seats, bots, the ready check, who chooses the mode (capability table)
    max_bots: int | None = None
    """Most bot (computer) seats at a table; None: no bound."""
    min_humans: int = 1
    max_humans: int | None = None
    start_when_all_ready: bool = False
    """A game starts only once every seated player is ready (bots always are)."""
    seats_closed_during_game: bool = True
    options_chosen_by: OptionsChosenBy | None = None
    """``lowest_human_seat``: the table options are set by the human in the lowest seat."""
    pairs_revert_to_solo_on_leave: bool = False
    """Someone standing up switches a pairs table back to every player for themselves."""
    lowest_trump_shown: bool = False
    """The lowest trump that decides the first attack is shown to everyone (state
    ``shown_trump``)."""

    # --- a series of games at one table (capability match)
    redeal_min_same_suit: int | None = None
    """A human dealt this many cards of one suit may ask for a redeal before play starts."""
    winner_leads_next_game: bool = False
    """The winner of the last decided game attacks first in the next one."""
    epaulettes: bool = False
    """A win by an attacker whose two final cards of the last bout are both of the lowest rank
    is an epaulettes win: it counts double."""

    # --- time (capability clock): per-action timers or chess clocks
    action_seconds: int | None = None
    """Seconds to open a bout or to defend (and, without throw_in_seconds, for anything)."""
    throw_in_seconds: int | None = None
    """Seconds a thrower has to add a card or say done once it is their decision."""
    timeout_auto_move: bool = False
    """Out of time: the defender takes, a thrower is done, the starter leads a card."""
    timeout_lead_card: TimeoutLeadCard | None = None
    bot_takeover_after_timeouts: int | None = None
    """After this many timeouts in a row while attacking or defending, a bot plays the seat."""
    chess_clock: bool = False
    """Each player has a total thinking time (plus an increment after each action)."""
    clock_total_seconds: int | None = None
    clock_increment_seconds: int | None = None

    # --- departures
    leaving_loses: bool = True
    leave_blocked_with_cards: bool = False
    """Nobody holding cards may leave a table where other people play."""
    departure_ends_game: bool = True
    """A departure ends the game; False: with two or more players left, play goes on."""
    departure_next_attacker: DepartureNextAttacker = "bout_starter"
    """Play going on after a departure: the removed bout is opened again by its starter
    (the next seat still playing if the starter left), or ``usual``: the next bout is opened
    as after a bout beaten off (by the defender, or the next seat still playing); before the
    bout's first card its starter keeps the lead either way."""
    disconnect_grace_seconds: int | None = None
    """A disconnected player not back within this many seconds has left; None: no limit."""
    disconnect_pauses_clock: bool = False

    # --- cheater mode (capability cheating)
    cheater_mode: bool = False
    """Any card may be played where a card may be played at all; unfair cards can be caught."""
    catch_check_seconds: int | None = None
    """Length of the check before a bout closes, when only catching is allowed."""
    false_catch_penalty_cards: int | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Parameters this part of the engine does not read, kept as given."""

    @classmethod
    def from_mapping(cls, params: Mapping[str, Any]) -> Rules:
        """Check ``params`` and build the ruleset.

        Raises :class:`RulesError` naming the parameter and what was expected.
        """
        if "profile" not in params or not isinstance(params["profile"], str):
            raise RulesError("rules: 'profile' must be given as a string")
        hints = _field_types(cls)
        known: dict[str, Any] = {}
        extra: dict[str, Any] = {}
        for key, value in params.items():
            if key == "extra":
                raise RulesError("rules: 'extra' is reserved")
            if key not in hints:
                extra[key] = value
                continue
            _check(key, value, hints[key])
            known[key] = value
        rules = cls(**known, extra=extra)
        rules._check_consistency()
        return rules

    def to_mapping(self) -> dict[str, Any]:
        """The flat parameter mapping, extras included."""
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "extra"}
        out.update(self.extra)
        return out

    def clause(self, suffix: str) -> str:
        """Full clause id for a clause suffix such as ``limits.six``."""
        return f"{self.profile}.{suffix}"

    def _check_consistency(self) -> None:
        if not 2 <= self.min_seats <= self.max_seats <= 6:
            raise RulesError(
                f"rules: seats must satisfy 2 <= min_seats <= max_seats <= 6, "
                f"got {self.min_seats}..{self.max_seats}"
            )
        if self.hand_size < 1 or self.bout_cap < 1:
            raise RulesError("rules: hand_size and bout_cap must be at least 1")
        if self.first_bout_cap is not None and not 1 <= self.first_bout_cap <= self.bout_cap:
            raise RulesError("rules: first_bout_cap must lie between 1 and bout_cap")
        if self.transfer_by_showing_trump:
            raise RulesError("rules: transfer_by_showing_trump is not implemented by this engine")
        if self.chess_clock and self.clock_total_seconds is None:
            raise RulesError("rules: chess_clock needs clock_total_seconds")

    @property
    def timed(self) -> bool:
        """Whether any clock runs in this game (per-action timers or chess clocks)."""
        return self.chess_clock or self.action_seconds is not None


def _check(key: str, value: Any, hint: Any) -> None:
    args = get_args(hint)
    if hint is bool:
        ok = isinstance(value, bool)
        expected = "true or false"
    elif hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        expected = "an integer"
    elif hint is str:
        ok = isinstance(value, str)
        expected = "a string"
    elif args and all(isinstance(a, str | int) and not isinstance(a, bool) for a in args):
        ok = value in args and type(value) is type(args[0])
        expected = "one of " + ", ".join(repr(a) for a in args)
    elif args and set(args) == {bool, type(None)}:
        ok = value is None or isinstance(value, bool)
        expected = "true, false or null"
    elif len(args) == 2 and args[1] is type(None) and get_args(args[0]):  # Literal[...] | None
        choices = get_args(args[0])
        ok = value is None or value in choices
        expected = "null or one of " + ", ".join(repr(a) for a in choices)
    elif args and type(None) in args:  # int | None
        ok = value is None or (isinstance(value, int) and not isinstance(value, bool))
        expected = "an integer or null"
    else:  # pragma: no cover - a new field type without a checker
        raise RulesError(f"rules: no checker for parameter {key!r}")
    if not ok:
        raise RulesError(f"rules: parameter {key!r} must be {expected}, got {value!r}")


_FIELD_TYPES: dict[type, dict[str, Any]] = {}


def _field_types(cls: type) -> dict[str, Any]:
    """The evaluated field annotations (evaluating them is slow: once per class)."""
    hints = _FIELD_TYPES.get(cls)
    if hints is None:
        hints = _FIELD_TYPES[cls] = get_type_hints(cls)
    return hints
