"""Whether a table between bouts can be reached by legal play at all.

A position scenario describes a table between bouts.  Some tables cannot come out of any
game: a player holds three cards while the stock still has cards (everyone draws back up to
a full hand after every bout while the stock lasts), the discard pile holds an odd number of
cards (beaten cards leave the table in pairs), ...  An engine that checks the positions it is
given would refuse such a table, and no deck-and-prefix derivation can reach it, so the
suite rejects it as a defect of the scenario (see ``docs/writing-features.md``).

:func:`problems` lists what is wrong, one sentence each, saying why and what to change.  The
conditions are necessary, not sufficient: the solver may still fail on a table that passes
them (it then says why).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from reference_engine.cards import SUITS, Card, deck, parse_card


def problems(
    rules: Mapping[str, Any], position: Mapping[str, Any], humans: Sequence[bool]
) -> list[str]:
    """Why the ``position`` (every card placed, as the driver sends it) cannot be reached
    under ``rules`` with these seats; an empty list when nothing is known to be wrong."""
    size = int(rules["deck_size"])
    hand_size = int(rules["hand_size"])
    hands = {int(k): [parse_card(c) for c in v] for k, v in dict(position["hands"]).items()}
    stock = [parse_card(c) for c in position.get("stock", [])]
    discard = [parse_card(c) for c in position.get("discard", [])]
    trump = parse_card(str(position["trump"]))
    out = set(position.get("out", []))
    found: list[str] = []

    placed = {c for h in hands.values() for c in h} | set(stock) | set(discard)
    missing = [c for c in deck(size) if c not in placed]
    if missing:
        found.append(
            f"{len(missing)} cards of the {size}-card deck are nowhere "
            f"({_codes(missing[:6])}{' ...' if len(missing) > 6 else ''}): every card is in "
            "a hand, the stock or the discard pile"
        )
    in_game = [s for s in sorted(hands) if s not in out]
    if stock and stock[-1] != trump:
        found.append(
            f"the stock still has cards, so the face-up trump {trump.code} lies at its bottom: "
            f"the stock must end with it"
        )
    if stock:
        short = [s for s in in_game if len(hands[s]) < hand_size]
        for s in short:
            found.append(
                f"seat {s} holds {len(hands[s])} cards while the stock still has "
                f"{len(stock)}: after every bout everyone draws back up to {hand_size} while "
                f"the stock lasts (give seat {s} at least {hand_size} cards, or empty the stock)"
            )
        if out:
            found.append(
                f"seat(s) {_seats(sorted(out))} are out while the stock still has cards: "
                "nobody goes out before the stock is used up"
            )
    # (Cheater mode can discard an unbeaten card, but a position scenario must be reachable
    # by fair play: that is what a derivation plays.)
    if len(discard) % 2:
        found.append(
            f"the discard pile holds {len(discard)} cards (cards placed nowhere else count "
            "as discarded): beaten cards go there in pairs, so it always holds an even "
            "number (place one card more or one fewer in the hands or the stock)"
        )
    elif not pairable(discard, trump.suit):
        found.append(
            f"the discard pile ({_codes(discard)}) cannot be split into pairs of an "
            "attacking card and the card that beat it: " + _pairing_reason(discard, trump.suit)
        )
    first_over = position.get("first_bout_over")
    if first_over is False and discard:
        found.append(
            f"the first bout has not been played, yet {len(discard)} cards are in the discard "
            "pile (cards placed nowhere else count as discarded: place every card in a hand "
            "or the stock, e.g. 'the rest of the deck is the stock')"
        )
    if first_over is True and not discard:
        found.append("the first bout is over, yet the discard pile is empty")
    undrawn = size - len(hands) * hand_size
    whole_stock = not discard and len(stock) == max(undrawn, 0) and not out
    if whole_stock and stock and any(len(hands[s]) > hand_size for s in hands):
        found.append(
            f"the stock still holds all {len(stock)} cards left after the deal, so no bout "
            f"has ended yet, yet a hand holds more than {hand_size} cards"
        )
    dealt_state = whole_stock and all(len(hands[s]) == hand_size for s in hands)
    attacker = position.get("attacker")
    if attacker is None and not dealt_state:
        found.append(
            "the position does not say who attacks, so the first-attack rule would decide, "
            "but that rule decides only at the deal: make it a deal (full hands, the rest of "
            "the deck in the stock, nothing discarded) or say which seat attacks"
        )
    if dealt_state and attacker is not None:
        leader = first_attacker(rules, hands, trump.suit, humans)
        if leader != attacker:
            found.append(
                f"nothing has been played yet (full hands, the whole stock, an empty discard "
                f"pile), so the first-attack rule decides who leads: seat {leader}, not seat "
                f"{attacker}"
            )
    return found


def pairable(cards: Sequence[Card], trump_suit: str) -> bool:
    """Whether ``cards`` split into pairs in which one card beats the other.

    Within a non-trump suit two cards pair (the higher beats the lower); a suit with an odd
    count needs a trump for its last card; the trumps left over pair among themselves.  So it
    is possible exactly when the count is even and there are at least as many trumps as
    non-trump suits with an odd count.
    """
    if len(cards) % 2:
        return False
    trumps = sum(1 for c in cards if c.suit == trump_suit)
    odd = sum(1 for s in SUITS if s != trump_suit and sum(1 for c in cards if c.suit == s) % 2)
    return trumps >= odd


def _pairing_reason(cards: Sequence[Card], trump_suit: str) -> str:
    trumps = sum(1 for c in cards if c.suit == trump_suit)
    odd = [s for s in SUITS if s != trump_suit and sum(1 for c in cards if c.suit == s) % 2]
    return (
        f"{len(odd)} non-trump suits have an odd number of cards there, each needing a trump "
        f"to beat (or be beaten by) one of them, but only {trumps} trumps are in the pile"
    )


def first_attacker(
    rules: Mapping[str, Any],
    hands: Mapping[int, Sequence[Card]],
    trump_suit: str,
    humans: Sequence[bool],
) -> int:
    """Who leads the first bout of a deal: the lowest trump, else the profile's fallback."""
    best: tuple[int, int] | None = None
    for s in sorted(hands):
        for c in hands[s]:
            if c.suit == trump_suit and (best is None or (c.rank, s) < best):
                best = (c.rank, s)
    if best is not None:
        return best[1]
    seats = sorted(hands)
    fallback = rules.get("first_attack_fallback")
    if fallback == "first_seat":
        return seats[0]
    if fallback == "human":
        people = [s for s in seats if humans[s - 1]]
        return people[0] if people else seats[0]
    lowest = min(((c.rank, s) for s in seats for c in hands[s]), default=(0, seats[0]))
    return lowest[1]


def _codes(cards: Sequence[Card]) -> str:
    return " ".join(c.code for c in cards)


def _seats(seats: Sequence[int]) -> str:
    return ", ".join(str(s) for s in seats)
