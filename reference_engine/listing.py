"""What every seat may do now: each seat is asked what its role allows.

The rules themselves are the refusal functions of their areas; this module only asks them,
seat by seat, and spells out the actions they allow:

- in phase "lead", the attacker's openings (:func:`attacking.openings`);
- in a bout, the defender's answers (:func:`defending.defender_refusals`: beat a card, take,
  transfer, take anyway, keep the defence) with the cards that beat (a table made from
  ``defence_beats``) and the transfers (:func:`transferring.transfer_options`), and every other
  seat's throw-ins and done (:func:`throwing_in.thrower_refusals`, ``throw_in_ranks``, the
  room of :mod:`reference_engine.limits`).

A seat outside a role is refused by that role's rules (clause ``play.turn``), so it is not
asked.  The checks of ``apply`` give the same refusals (``tests/test_engine_design.py`` plays
random games of every profile, of cheater mode and of every mutant to confirm that what is
listed is exactly what is accepted).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from reference_engine.actions import Action
from reference_engine.table import ACCEPT, DONE, TAKE, THROW_IN

if TYPE_CHECKING:
    from reference_engine.game import Game


def legal_moves(game: Game) -> Sequence[Action]:
    """Every action any seat may take now, seat by seat (a tuple, computed once per
    state): the same actions as ``legal_actions(1) + legal_actions(2) + ...``.

    Each seat is asked what its role allows, by the same refusals the checks give: in
    phase "lead" the attacker's opening (:func:`attacking.openings`); in a bout the
    defender's answers (:func:`defending.defender_refusals`: beat, take, transfer, take
    anyway, keep the defence) and every other seat's throw-in and done
    (:func:`throwing_in.thrower_refusals`).  The rules of a role refuse every seat outside
    it (clause ``play.turn``), so they are not asked for those.
    """
    listed = game._listed
    if listed is not None:
        return listed
    phase, out = game.phase, game.out
    if phase == "bout":
        found: list[Action] = []
        defender, hands = game.defender, game.hands
        room: int | None = None  # asked once, for the first seat that may throw in
        for seat in range(1, game.seats + 1):
            if out[seat]:
                continue
            if seat == defender:
                beat, take, transfer, accept, keep = game.defender_refusals(seat)
                if beat is None and game._unbeaten:  # each card that beats an unbeaten one
                    hand, defences = hands[seat], game._defences[seat]
                    for p in game.table:
                        if p.defence is None:
                            beaters = defences.get(p.attack)
                            if beaters is None:
                                beaters = game.defences_against(seat, p.attack)
                            for c in hand:
                                if c in beaters:
                                    found.append(beaters[c])
                if take is None:
                    found.append(TAKE[seat])
                if transfer is None:
                    found += game.transfer_options(seat)
                if accept is None:
                    found.append(ACCEPT[seat])
                if keep is None:
                    found.append(DONE[seat])
                continue
            block, done = game.thrower_refusals(seat)
            if block is None:
                if room is None:
                    room = game.room()
                if room >= 1:  # each card of a rank on the table
                    ranks, throw = game.throw_in_ranks(), THROW_IN[seat]
                    for c in hands[seat]:
                        if c.rank in ranks:
                            found.append(throw[c])
            if done is None:
                found.append(DONE[seat])
        listed = tuple(found)
    elif phase == "lead":
        attacker = game.attacker
        listed = () if out[attacker] else tuple(game.openings(attacker))
    else:
        listed = ()
    game._listed = listed
    return listed
