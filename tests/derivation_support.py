"""Random reachable targets for the derivation solver's tests: positions reached by play.

A random game under a profile (random options, seats and deck) is played with random legal
actions (card play only: no redeal, no catch) and stopped between two bouts; the table it
stopped at is a target that is reachable by construction.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from adapters.reference import ReferenceEngine
from durak_conformance.derivation.target import Target
from durak_conformance.profiles import list_profiles, load_profile, resolve
from reference_engine.cards import deck as full_deck

PLAYED = ("attack", "defend", "throw_in", "take", "done")
"""The moves random play makes: card play without transfers and without taking a complete
defence anyway (the solver plays neither, and some tables can only be reached through one,
e.g. at a table in pairs where nothing has been discarded)."""


def random_rules(
    rng: random.Random, profile: str | None = None, max_seats: int = 6
) -> tuple[str, dict[str, str], dict[str, Any], int]:
    """A profile, random table options, the resolved rules and a seat count they allow."""
    profile = profile or rng.choice(list_profiles())
    loaded = load_profile(profile)
    options = {key: rng.choice(list(option.values)) for key, option in loaded.options.items()}
    for _ in range(20):
        try:
            resolved = resolve(loaded, options)
            break
        except Exception:  # an inconsistent combination: draw again
            options = {
                key: rng.choice(list(option.values)) for key, option in loaded.options.items()
            }
    else:
        resolved = resolve(loaded, {})
        options = {}
    rules = dict(resolved.params)
    if rules.get("teams") == "pairs" and int(rules["pairs_seats"]) > max_seats:
        return random_rules(rng, profile, max_seats)  # a table in pairs has four seats
    low, high = int(rules["min_seats"]), int(rules["max_seats"])
    if rules.get("teams") == "pairs":
        seats = int(rules["pairs_seats"])
    else:
        top = min(high, max_seats, int(rules["deck_size"]) // int(rules["hand_size"]))
        seats = rng.randint(low, max(low, top))
    return profile, dict(resolved.options), rules, seats


def played_target(
    rng: random.Random, profile: str | None = None, bouts: int | None = None, max_seats: int = 6
) -> Target | None:
    """The table a random game reached between two bouts (None if it ended first)."""
    profile, options, rules, seats = random_rules(rng, profile, max_seats)
    engine = ReferenceEngine()
    humans = [True] + [rng.random() < 0.7 for _ in range(seats - 1)]
    seat_list = [{"seat": n, "human": h} for n, h in enumerate(humans, start=1)]
    cards = [c.code for c in full_deck(int(rules["deck_size"]))]
    rng.shuffle(cards)
    state = engine.start("g", profile=profile, rules=rules, seats=seat_list, deck=cards, seed=0)
    wanted = rng.randint(0, 14) if bouts is None else bouts
    played = 0
    for _ in range(600):
        if state["phase"] == "finished":
            return None
        if state["phase"] == "lead" and played >= wanted:
            break
        action = _choose(engine, seats, rng)
        if action is None:
            return None
        before = state["bout"]
        state, _ = engine.act("g", int(action["seat"]), action)
        if state["bout"] != before:
            played += 1
    else:
        return None
    if state["phase"] != "lead":
        return None
    position: dict[str, Any] = {
        "hands": {str(s["seat"]): list(s["hand"]) for s in state["seats"]},
        "stock": list(state["stock"]),
        "trump": state["trump"],
        "discard": list(state["discard"]),
        "out": [s["seat"] for s in state["seats"] if s["out"]],
        "attacker": state["attacker"],
        # Where nothing was discarded yet, say that bouts were played all the same (a table
        # of bout 1 would still offer a redeal, which no game offers after its first move).
        "bout": state["bout"],
        "first_bout_over": bool(state["discard"]),
    }
    return Target.from_start(
        profile=profile, options=options, rules=rules, seats=seat_list, seed=0, position=position
    )


def _choose(engine: ReferenceEngine, seats: int, rng: random.Random) -> dict[str, Any] | None:
    """A random legal action, as a player might choose: a defender who can beat a card
    beats it nine times in ten (uniform choices would take nearly every bout)."""
    by_seat = {
        s: [a for a in engine.legal("g", s) if a["type"] in PLAYED] for s in range(1, seats + 1)
    }
    acting = [s for s, actions in by_seat.items() if actions]
    if not acting:
        return None
    actions = by_seat[rng.choice(acting)]
    defences = [a for a in actions if a["type"] == "defend"]
    if defences and rng.random() < 0.9:
        return rng.choice(defences)
    return rng.choice(actions)


def describe(target: Target) -> Mapping[str, Any]:
    return target.to_json()
