"""How feature files write cards, hands, tables and actions.

Cards are written ``10♠``, ``7♥``, ``Q♦`` or ``TS``, ``7H``; a list of cards is separated by
spaces or commas; ``nothing``, ``none``, ``-`` or ``—`` mean no cards.  A table is a list of
attacking cards, each followed by ``/`` and the card that beat it when it is beaten:
``7♠/9♠ 7♦``.  Anything that cannot be read raises :class:`ScenarioError`, which the plugin
reports with the feature file and line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from reference_engine.cards import RANKS, SUITS, parse_card
from reference_engine.errors import MalformedAction

EMPTY_WORDS = frozenset({"", "nothing", "none", "-", "—", "no cards", "empty"})
SUIT_WORDS = {
    "spades": "S",
    "hearts": "H",
    "diamonds": "D",
    "clubs": "C",
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "♣": "C",
}


class ScenarioError(Exception):
    """A problem in the feature file itself (not in the engine under test)."""


def card(text: str) -> str:
    """The protocol spelling of one card written in a feature file."""
    try:
        return parse_card(text.strip()).code
    except MalformedAction as exc:
        raise ScenarioError(str(exc)) from None


def cards(text: str) -> list[str]:
    """Protocol spellings of a list of cards (may be empty)."""
    stripped = text.strip().strip('"').strip()
    if stripped.lower() in EMPTY_WORDS:
        return []
    return [card(tok) for tok in re.split(r"[\s,]+", stripped) if tok]


def suit(text: str) -> str:
    """A suit written as a word, a symbol or a letter."""
    word = text.strip().lower()
    if word in SUIT_WORDS:
        return SUIT_WORDS[word]
    if word.upper() in SUITS and len(word) == 1:
        return word.upper()
    raise ScenarioError(f"{text!r} is not a suit: write spades, hearts, diamonds or clubs")


def table(text: str) -> list[tuple[str, str | None]]:
    """A table written as ``7♠/9♠ 7♦``: (attack, defence or None) pairs in order of play."""
    stripped = text.strip().strip('"').strip()
    if stripped.lower() in EMPTY_WORDS:
        return []
    out: list[tuple[str, str | None]] = []
    for tok in re.split(r"[\s,]+", stripped):
        if not tok:
            continue
        attack, _, defence = tok.partition("/")
        out.append((card(attack), card(defence) if defence and defence != "-" else None))
    return out


def seat_list(text: str) -> list[int]:
    """Seats written as ``1``, ``1 and 3``, ``1, 2 and 4``."""
    nums = re.findall(r"\d+", text)
    if not nums:
        raise ScenarioError(f"{text!r} names no seat")
    return [int(n) for n in nums]


def sort_key(code: str) -> tuple[str, int]:
    return (code[1], RANKS.index(code[0]))


@dataclass(frozen=True)
class ParsedAction:
    """An action read from a feature line, in protocol form."""

    seat: int
    action: dict[str, Any]


_SEAT = r"^(?:seat )?(\d+) "
_ACTION_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (
        re.compile(_SEAT + r"(?:attacks|opens|leads|attack|open|lead)(?: the bout)? with (.+)$"),
        "attack",
    ),
    (re.compile(_SEAT + r"(?:beats|covers|beat|cover) (\S+) with (\S+)$"), "defend"),
    (re.compile(_SEAT + r"(?:throws in|adds|throw in|add) (\S+)$"), "throw_in"),
    (
        re.compile(_SEAT + r"(?:transfers|passes the attack|transfer|pass the attack) with (\S+)$"),
        "transfer",
    ),
    (re.compile(_SEAT + r"(?:takes|take)(?: the cards)?$"), "take"),
    (
        re.compile(
            _SEAT + r"(?:is done|says done|passes|presses done|ends the attack|be done|"
            r"say done|pass|end the attack)$"
        ),
        "done",
    ),
    (re.compile(_SEAT + r"(?:keeps|keep) the defence$"), "done"),
    (re.compile(_SEAT + r"(?:accepts|accept) the cards anyway$"), "accept"),
    (re.compile(_SEAT + r"(?:catches|catch|calls catch on|call catch on) (\S+)$"), "catch"),
    (re.compile(_SEAT + r"(?:asks for a redeal|ask for a redeal|redeals|redeal)$"), "redeal"),
    (re.compile(_SEAT + r"(?:stands up|stand up|leaves the table|leave the table)$"), "stand_up"),
    (re.compile(_SEAT + r"(?:resigns|resign)$"), "resign"),
    (re.compile(_SEAT + r"(?:disconnects|disconnect)$"), "disconnect"),
    (re.compile(_SEAT + r"(?:reconnects|reconnect|comes back)$"), "reconnect"),
    (re.compile(_SEAT + r"(?:takes|take) back control$"), "take_back_control"),
]
"""Each action in the third person (``seat 1 throws in 7♦``) and, after ``may legally``, in
the base form (``seat 1 may legally throw in 7♦``)."""


def action(text: str) -> ParsedAction:
    """Read one action line such as ``seat 2 beats 7♠ with 9♠``."""
    line = " ".join(text.strip().split())
    for pattern, kind in _ACTION_PATTERNS:
        m = pattern.match(line)
        if not m:
            continue
        seat = int(m.group(1))
        obj: dict[str, Any] = {"type": kind, "seat": seat}
        if kind == "attack":
            obj["cards"] = cards(m.group(2))
            if not obj["cards"]:
                raise ScenarioError(f"{text!r}: an attack needs at least one card")
        elif kind == "defend":
            obj["attack"] = card(m.group(2))
            obj["card"] = card(m.group(3))
        elif kind in ("throw_in", "transfer", "catch"):
            obj["card"] = card(m.group(2))
        return ParsedAction(seat, obj)
    raise ScenarioError(
        f"cannot read the action {text!r}: write e.g. 'seat 1 attacks with 7♠', 'seat 2 beats "
        "7♠ with 9♠', 'seat 3 throws in 7♦', 'seat 2 transfers with 7♣', 'seat 2 takes', "
        "'seat 1 is done', 'seat 2 accepts the cards anyway', 'seat 2 keeps the defence', "
        "'seat 3 catches 7♠', 'seat 1 asks for a redeal', 'seat 2 stands up', 'seat 2 resigns', "
        "'seat 2 disconnects', 'seat 2 reconnects' or 'seat 2 takes back control'"
    )


ACTION_WORDS = {
    "attack": "attack",
    "open": "attack",
    "lead": "attack",
    "defend": "defend",
    "beat": "defend",
    "throw in": "throw_in",
    "throw_in": "throw_in",
    "add": "throw_in",
    "transfer": "transfer",
    "pass the attack": "transfer",
    "take": "take",
    "be done": "done",
    "say done": "done",
    "done": "done",
    "pass": "done",
    "keep the defence": "done",
    "accept": "accept",
    "accept the cards anyway": "accept",
    "catch": "catch",
    "redeal": "redeal",
    "ask for a redeal": "redeal",
}


def action_types(text: str) -> list[str]:
    """Action types written as ``defend, take or transfer``."""
    out = []
    for word in re.split(r",\s*|\s+or\s+|\s+and\s+", text.strip()):
        w = word.strip()
        if not w:
            continue
        if w not in ACTION_WORDS:
            raise ScenarioError(
                f"{w!r} is not an action: use {', '.join(sorted(set(ACTION_WORDS)))}"
            )
        out.append(ACTION_WORDS[w])
    return out


def block_locations(step_location: str, docstring: str) -> list[tuple[str, str]]:
    """``(features/...:LINE, text)`` of each non-blank line of a step's doc string.

    A doc string opens on the line after its step (the line holding the quotes), so its
    first line of text is two lines below the step.
    """
    where, _, line = step_location.rpartition(":")
    if not line.isdigit():
        return [(step_location, text) for text in docstring.splitlines() if text.strip()]
    first = int(line) + 2
    return [
        (f"{where}:{first + index}", text)
        for index, text in enumerate(docstring.splitlines())
        if text.strip()
    ]
