"""The table a position scenario run starts from: what a derivation must reach.

A :class:`Target` is everything the harness sends in a position ``start`` request: the
profile, the table options and the resolved rules they give, the seats (which are people),
the seed, and the position itself.  Its :meth:`Target.key` is a short hash of all of that:
a derivation stored under one key is stale as soon as a feature, a profile or an option
changes what the run starts from.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]

KEY_LENGTH = 16
"""Hex digits of the staleness key (64 bits: collisions are not a concern at this size)."""


@dataclass(frozen=True)
class Target:
    """A position start: the run's profile, options, rules, seats, seed and position."""

    profile: str
    options: Mapping[str, str]
    rules: Mapping[str, Any]
    humans: tuple[bool, ...]
    """Whether each seat (1, 2, ...) is a person (False: a bot or the computer)."""
    seed: int
    position: Mapping[str, Any]

    @property
    def seats(self) -> int:
        return len(self.humans)

    @property
    def seat_list(self) -> list[JSON]:
        """The ``seats`` field of a start request."""
        return [{"seat": n, "human": h} for n, h in enumerate(self.humans, start=1)]

    @property
    def deck_size(self) -> int:
        return int(self.rules["deck_size"])

    def key(self) -> str:
        """A hash of everything the start depends on (a stale derivation has another key)."""
        text = json.dumps(self.to_json(), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:KEY_LENGTH]

    def to_json(self) -> JSON:
        return {
            "profile": self.profile,
            "options": dict(sorted(self.options.items())),
            "rules": dict(self.rules),
            "seats": self.seat_list,
            "seed": self.seed,
            "position": _plain(self.position),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Target:
        return cls(
            profile=str(data["profile"]),
            options={str(k): str(v) for k, v in dict(data.get("options", {})).items()},
            rules=dict(data["rules"]),
            humans=tuple(bool(s["human"]) for s in data["seats"]),
            seed=int(data.get("seed", 0)),
            position=_plain(data["position"]),
        )

    @classmethod
    def from_start(
        cls,
        *,
        profile: str,
        options: Mapping[str, str],
        rules: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        seed: int,
        position: Mapping[str, Any],
    ) -> Target:
        """The target of a position start request's fields."""
        return cls(
            profile=profile,
            options=dict(options),
            rules=dict(rules),
            humans=tuple(bool(s.get("human", True)) for s in seats),
            seed=seed,
            position=_plain(position),
        )


def _plain(value: Any) -> Any:
    """A deep copy as plain JSON data (dicts and lists)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
