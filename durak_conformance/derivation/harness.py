"""What the scenario driver needs to start a position scenario from a derivation.

An engine that cannot load a position (no capability ``position``) but accepts a stacked deck
gets the stored derivation of the run instead: the driver starts the game with its deck,
plays its prefix as the harness's own set-up, and checks that the engine's table is then the
scenario's position.  :func:`choose` finds the stored entry (or says why the run cannot be set
up that way); :func:`position_differences` is the check after the prefix.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import features
from adapters.base import start_modes
from durak_conformance.derivation import store
from durak_conformance.derivation.target import Target


def accepts_deck(capabilities: Iterable[str]) -> bool:
    """Whether an engine claiming ``capabilities`` can start from a stacked deck (it claims
    ``deck``, or none of the start capabilities at all, as engines before them did: see
    :func:`adapters.base.start_modes`)."""
    return "deck" in start_modes(capabilities)


@dataclass(frozen=True)
class Choice:
    """The stored derivation to play, or why there is none."""

    entry: store.Entry | None
    why_not: str = ""


def feature_file(location: str) -> Path:
    """The feature file of a step location ``features/<dir>/<name>.feature:LINE``."""
    relative = location.rsplit(":", 1)[0]
    return features.path().parent / relative


def choose(location: str, target: Target, capabilities: Iterable[str]) -> Choice:
    """The stored derivation for a run starting at ``target`` (its scenario at ``location``)."""
    caps = set(capabilities)
    try:
        entry = store.lookup(feature_file(location), target.key())
    except store.StoreError as exc:
        return Choice(None, f"its derivations file cannot be read: {exc}")
    if entry is None:
        return Choice(
            None,
            "no derivation of this position is stored (run `durak-conformance derive` after "
            "changing a position scenario)",
        )
    if entry.underivable is not None:
        return Choice(None, f"no deck-and-prefix derivation reaches it: {entry.underivable}")
    if not entry.clock_exact and "clock" in caps:
        return Choice(
            None,
            "its derivation leaves the chess clocks ahead of the position (every action adds "
            "the increment), which an engine claiming capability 'clock' would show",
        )
    if any(s.action is None for s in entry.prefix) and "clock" not in caps:
        return Choice(
            None,
            "its derivation lets virtual time pass (the cheater-mode check before a bout "
            "closes) and the engine does not claim capability 'clock'",
        )
    return Choice(entry)


def position_differences(
    position: Mapping[str, Any], state: Mapping[str, Any], entry: store.Entry
) -> list[str]:
    """How the engine's ``state`` differs from the table ``position`` describes (between
    bouts: hands and the discard pile as sets, the stock in order; the attacker and defender
    the entry stored, unless the position leaves them to the first-attack rule)."""
    found: list[str] = []
    if state.get("phase") != "lead" or state.get("table"):
        found.append(f"the table is not between bouts (phase {state.get('phase')!r})")
    seats = {int(s.get("seat", 0)): s for s in state.get("seats", []) or []}
    hands = {int(k): v for k, v in dict(position["hands"]).items()}
    for seat, hand in sorted(hands.items()):
        got = sorted((seats.get(seat) or {}).get("hand", []) or [])
        if got != sorted(hand):
            wanted = " ".join(sorted(hand)) or "nothing"
            found.append(f"seat {seat} holds {' '.join(got) or 'nothing'}, not {wanted}")
    if list(state.get("stock", []) or []) != list(position.get("stock", [])):
        found.append(
            f"the stock is {' '.join(state.get('stock', []) or []) or 'empty'}, not "
            f"{' '.join(position.get('stock', [])) or 'empty'}"
        )
    if state.get("trump") != position.get("trump"):
        found.append(f"the trump card is {state.get('trump')}, not {position.get('trump')}")
    if sorted(state.get("discard", []) or []) != sorted(position.get("discard", [])):
        found.append(
            f"the discard pile holds {len(state.get('discard', []) or [])} cards "
            f"({' '.join(sorted(state.get('discard', []) or []))}), not "
            f"{len(position.get('discard', []))}"
        )
    out = sorted(s for s, e in seats.items() if e.get("out"))
    expected_out = sorted(int(s) for s in position.get("out", []))
    empty = [s for s, h in hands.items() if not h and not position.get("stock")]
    if out != sorted(set(expected_out) | set(empty)):
        found.append(f"seats out: {out}, not {sorted(set(expected_out) | set(empty))}")
    if "attacker" not in position:
        # A deal (nothing played): the first-attack rule picks the leader, and the scenario's
        # own steps check that rule; it is not the set-up's to judge.
        return found
    if state.get("attacker") != entry.attacker:
        found.append(f"seat {state.get('attacker')} leads the bout, not seat {entry.attacker}")
    elif state.get("defender") != entry.defender:
        found.append(f"seat {state.get('defender')} defends, not seat {entry.defender}")
    return found
