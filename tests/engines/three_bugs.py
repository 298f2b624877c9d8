"""A composite engine with three independent rule bugs, for the fuzzer's proof that a campaign
reports each distinct bug once, shrunk to a scenario about its own rule.

The bugs are three mutants of the zoo (``adapters/mutants.py``) played by one game:

- ``defender-hand-limit-ignored``: more cards may be played against the defender than they
  hold (the bout limit);
- ``any-trump-beats-trump``: any trump beats a trump, whatever the ranks (beating);
- ``computer-accepts-anyway``: a computer seat may accept the cards after a full defence
  (Durak Challenge's accept-anyway is for the human only).

Usage: ``python tests/engines/three_bugs.py [--bugs NAME,...]`` (default: all three) serves
the protocol over stdio.  It claims what the reference engine claims except ``legal``: like
many real engines, it has no legal-move list, so its bugs show in what it accepts and in
the action types of its states.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys

from adapters.base import Implementation
from adapters.mutants import get
from adapters.reference import ReferenceEngine
from durak_conformance.server import Server
from reference_engine.game import Game

BUGS = ("defender-hand-limit-ignored", "any-trump-beats-trump", "computer-accepts-anyway")


def game_class(bugs: tuple[str, ...]) -> type[Game]:
    """One Game class with every bug of ``bugs`` (mutant names)."""
    return type("ThreeBugs", tuple(get(name).game_class for name in bugs), {})


class CompositeEngine(ReferenceEngine):
    """The reference dispatcher playing a game with the chosen bugs, without ``legal``."""

    def __init__(self, bugs: tuple[str, ...] = BUGS) -> None:
        super().__init__()
        self.bugs = bugs
        self.game_class = game_class(bugs)

    def implementation(self) -> Implementation:
        base = super().implementation()
        return dataclasses.replace(
            base,
            name="three-bugs" if self.bugs == BUGS else "bugs-" + "+".join(self.bugs),
            capabilities=frozenset(base.capabilities - {"legal"}),
            profiles=("durak-challenge",),
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--bugs", default=",".join(BUGS), help="comma-separated mutant names")
    args = parser.parse_args()
    bugs = tuple(b for b in args.bugs.split(",") if b)
    engine = CompositeEngine(bugs)
    return Server(engine).serve(sys.stdin.buffer, sys.stdout.buffer)


if __name__ == "__main__":
    raise SystemExit(main())
