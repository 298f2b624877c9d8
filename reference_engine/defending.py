"""Defending: beating the attacking cards, taking them, and after a full defence the choice.

- **Beating** (clause ``defence.beat``): a bigger card of the same suit, or any trump over a
  card that is not a trump; over a trump, only a bigger trump (every document: VideoChess "The
  defender beats each card...", Durak Challenge "Rules for the Defense", How to play Durak
  "Defending", GGTables "Attacking and defending", the prototype "Attack and defense").  The
  defender beats the unbeaten cards one by one, in any order.
- **Taking** (clause ``take.when``): the defender may take while a card lies unbeaten, even
  one they could beat (GGTables); afterwards they no longer beat or transfer.  Whether the
  others may still add cards and when the bout then closes is :mod:`reference_engine.bout_end`.
- **Taking anyway** (Durak Challenge, "Playing the Game"; ``accept_after_defence``): once the
  attacker has ended a completely beaten attack, the defender keeps the defence (``done``) or
  takes the cards anyway (``accept``, clause ``accept.when``); the computer never takes
  anyway (``bot_accepts_anyway: false``, clause ``accept.computer-never``), and after taking
  anyway the attacker adds nothing to that attack (clause ``accept.no-adding``).

Transferring, the defender's other answer, is :mod:`reference_engine.transferring`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reference_engine.actions import Accept, Defend, Take
from reference_engine.cards import ALL_CARDS
from reference_engine.refusals import NOT_IN_HAND, Refusal

if TYPE_CHECKING:
    from collections.abc import Callable

    from reference_engine.cards import Card
    from reference_engine.game import Game
    from reference_engine.rules import Rules

NOT_DEFENDING = Refusal("play.turn", "seat {seat} is not defending")
NO_TRANSFER = Refusal("transfer.mode", "there is no transfer in this game")
TAKEN_OR_FINISHED = Refusal("play.turn", "the defender has already taken or finished")
NOT_AN_UNBEATEN_ATTACK = Refusal(
    "defence.beat", "{attack} is not an unbeaten attacking card on the table"
)
DOES_NOT_BEAT = Refusal("defence.beat", "{card} does not beat {attack}")
ALREADY_TAKEN = Refusal("take.when", "the defender has already taken")
NOTHING_TO_TAKE = Refusal("take.when", "every card is beaten: there is nothing to take")
ACCEPT_NOT_OFFERED = Refusal(
    "accept.when",
    "accepting anyway is offered only once the attacker has ended a completely beaten attack",
)
COMPUTER_NEVER_ACCEPTS = Refusal(
    "accept.computer-never", "the computer never gives up a successful defence"
)
ACCEPTED_NO_ADDING = Refusal(
    "accept.no-adding",
    "the defender took the cards anyway: the attacker may add nothing to that attack",
)
KEEP_ONLY_AFTER_ATTACK_ENDED = Refusal(
    "done.when",
    "the defender keeps a defence only once the attacker has ended a completely beaten attack",
)
DEFENDER_HAS_NO_DONE = Refusal(
    "throw-in.who", "the defender does not throw in, so has no done or pass of its own"
)


# ---------------------------------------------------------------------------- beating


def beats(defence: Card, attack: Card, trump: str) -> bool:
    """Whether ``defence`` beats ``attack``: a bigger card of the same suit, or any trump
    over a non-trump (over a trump, only a bigger trump)."""
    if defence.suit == attack.suit:
        return defence.rank > attack.rank
    return defence.suit == trump


def defence_beats(game: Game, defence: Card, attack: Card) -> bool:
    """Whether ``defence`` beats ``attack`` in this game (its trump suit).

    Listing reads a table of its answers built once per trump suit
    (:func:`defence_tables`), so an override must depend only on the cards and the trump.
    """
    return beats(defence, attack, game.trump)


#: (the class's defence_beats, trump suit) -> per seat: attack card -> {beater: Defend}.
_DEFENCES: dict[tuple[Callable[..., bool], str], tuple[dict[Card, dict[Card, Defend]], ...]] = {}


def defence_tables(game: Game) -> tuple[dict[Card, dict[Card, Defend]], ...]:
    """This game's shared tables of defences, per seat (filled in as cards are attacked)."""
    key = (type(game).defence_beats, game.trump)
    tables = _DEFENCES.get(key)
    if tables is None:
        tables = _DEFENCES[key] = tuple({} for _ in range(7))
    return tables


def defences_against(game: Game, seat: int, attack: Card) -> dict[Card, Defend]:
    """Every card that beats ``attack``, with the Defend of ``seat`` playing it."""
    table = game._defences[seat].get(attack)
    if table is None:
        table = {c: Defend(seat, attack, c) for c in ALL_CARDS if game.defence_beats(c, attack)}
        game._defences[seat][attack] = table
    return table


def beat_refusal(game: Game, act: Defend) -> Refusal | None:
    """Clause ``defence.beat`` for the cards of ``act`` (cheater mode waives it)."""
    return None if game.defence_beats(act.card, act.attack) else DOES_NOT_BEAT


def check_defend(game: Game, act: Defend) -> None:
    """Raise :class:`~reference_engine.errors.IllegalAction` unless ``act`` is allowed now."""
    seat = act.seat
    refusal = game.defender_refusals(seat)[BEAT]
    if refusal is None and act.card not in game.hands[seat]:
        refusal = NOT_IN_HAND
    if refusal is None and not any(
        p.attack == act.attack and p.defence is None for p in game.table
    ):
        refusal = NOT_AN_UNBEATEN_ATTACK
    if refusal is None:
        refusal = game.beat_refusal(act)
    if refusal is not None:
        raise refusal.error(game, seat, act.card, act.attack)


def play_defend(game: Game, act: Defend) -> None:
    game.hands[act.seat].remove(act.card)
    attack = act.attack
    for p in game.table:
        if p.defence is None and (p.attack is attack or p.attack == attack):
            p.defence = act.card
            p.defender = act.seat
            game._unbeaten -= 1
            game._ranks.add(act.card.rank)
            break
    if game.goes_out_at_once:
        game.go_out_now()
    game.maybe_close_bout()


# ---------------------------------------------------------------------------- taking


def check_take(game: Game, act: Take) -> None:
    refusal = game.defender_refusals(act.seat)[TAKE]
    if refusal is not None:
        raise refusal.error(game, act.seat)


def play_take(game: Game, act: Take) -> None:
    game.taken = True
    if game.goes_out_at_once:
        game.go_out_now()
    game.maybe_close_bout()


def check_accept(game: Game, act: Accept) -> None:
    refusal = game.defender_refusals(act.seat)[ACCEPT]
    if refusal is not None:
        raise refusal.error(game, act.seat)


def play_accept(game: Game, act: Accept) -> None:
    """The defender takes the cards anyway: the bout closes as taken."""
    game.close_bout(taken=True)
    game.last_close = "accepted"


# ------------------------------------------------------------------------- the defender's answers

#: Positions in :func:`defender_refusals`.
BEAT, TAKE, TRANSFER, ACCEPT, KEEP = range(5)
Refusals = tuple[Refusal | None, Refusal | None, Refusal | None, Refusal | None, Refusal | None]


class Situations:
    """The defender's answers in each situation of a bout (see :func:`situations`).

    A class with slots rather than a named tuple: :func:`defender_refusals` reads one of
    these on every listing, and slot attributes are the cheapest to read."""

    __slots__ = (
        "all_beaten",
        "all_beaten_computer",
        "answering",
        "choosing",
        "choosing_computer",
        "not_defending",
        "taken",
    )

    def __init__(
        self,
        *,
        not_defending: Refusals,
        answering: Refusals,
        all_beaten: Refusals,
        all_beaten_computer: Refusals,
        taken: Refusals,
        choosing: Refusals,
        choosing_computer: Refusals,
    ) -> None:
        self.not_defending = not_defending
        self.answering = answering
        self.all_beaten = all_beaten
        self.all_beaten_computer = all_beaten_computer
        self.taken = taken
        self.choosing = choosing
        self.choosing_computer = choosing_computer

    not_defending: Refusals
    """The seat is not the defender of an open bout."""
    answering: Refusals
    """A card lies unbeaten and nothing is taken."""
    all_beaten: Refusals
    """Every card on the table is beaten; the throwers may still add."""
    all_beaten_computer: Refusals
    """The same, for a computer seat."""
    taken: Refusals
    """The defender has taken; the throwers may still add."""
    choosing: Refusals
    """The attacker has ended a full defence: keep it or take the cards anyway."""
    choosing_computer: Refusals
    """The same, for a computer seat."""


def situations(rules: Rules) -> Situations:
    """Under ``rules``, why the defender may not beat a card, take, transfer, take the cards
    anyway or keep the defence (say done), in each situation (None where they may; beating:
    whichever card the cards allow; transferring: the rest of its rules are in
    :mod:`reference_engine.transferring`).  Decided once per game (``game.situations``)."""
    transfer = None if rules.transfer else NO_TRANSFER  # only in games with transfer
    offered = rules.accept_after_defence  # taking anyway after a full defence (Durak Challenge)
    accept = ACCEPT_NOT_OFFERED if offered else NOTHING_TO_TAKE  # until that moment
    keep = KEEP_ONLY_AFTER_ATTACK_ENDED if offered else DEFENDER_HAS_NO_DONE
    then = None if offered else NOTHING_TO_TAKE  # once the attack on a full defence ends
    computer = COMPUTER_NEVER_ACCEPTS if offered and rules.bot_accepts_anyway is False else then
    # ``accept_when: all_beaten``: taking anyway is offered as soon as every card is beaten.
    early = offered and rules.accept_when == "all_beaten"
    beaten_accept = then if early else accept
    beaten_computer = computer if early else accept
    not_defending = NOT_DEFENDING if offered else NOTHING_TO_TAKE
    return Situations(
        not_defending=(
            NOT_DEFENDING,
            NOT_DEFENDING,
            transfer or NOT_DEFENDING,
            not_defending,
            NOT_DEFENDING,
        ),
        answering=(None, None, transfer, accept, keep),
        all_beaten=(None, NOTHING_TO_TAKE, transfer, beaten_accept, keep),
        all_beaten_computer=(None, NOTHING_TO_TAKE, transfer, beaten_computer, keep),
        taken=(TAKEN_OR_FINISHED, ALREADY_TAKEN, transfer, accept, keep),
        choosing=(TAKEN_OR_FINISHED, NOT_DEFENDING, transfer or NOT_DEFENDING, then, None),
        choosing_computer=(
            TAKEN_OR_FINISHED,
            NOT_DEFENDING,
            transfer or NOT_DEFENDING,
            computer,
            None,
        ),
    )


def defender_refusals(game: Game, seat: int) -> Refusals:
    """Why ``seat`` may not, now: beat a card, take, transfer, take the cards anyway, keep
    the defence (the answers of :func:`situations` for the situation of the bout)."""
    answers = game.situations
    if game.phase != "bout" or seat != game.defender:
        return answers.not_defending
    if game.awaiting_choice:
        return answers.choosing if seat in game.humans else answers.choosing_computer
    if game.taken:
        return answers.taken
    if not game._unbeaten:
        return answers.all_beaten if seat in game.humans else answers.all_beaten_computer
    return answers.answering
