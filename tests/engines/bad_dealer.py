"""An engine that deals its own games (capability ``deal`` only) and gets one thing wrong.

The reference engine behind the proxy of ``proxy.py``, claiming ``deal`` and ``legal``; on a
start with neither deck nor position it deals from the seed, with one of these bugs
(``--bug``):

- ``first-seat``: seat 1 always opens the first bout (the game is started from the dealt
  table with seat 1 attacking, so it plays on consistently);
- ``short-hand``: one card of seat 2's hand is shown on top of the stock instead;
- ``duplicate``: seat 2 is shown holding a copy of one of seat 1's cards;
- ``foreign``: one card is shown as a card of another deck (a two of clubs);
- ``trump-not-last``: the face-up trump card is shown on top of the stock;
- ``declines-take``: no display bug, but in a game started with an odd seed every ``take``
  is answered ``unsupported`` (a rule the engine lacks, met in the middle of a game);
- ``none``: no bug (the proxy's own deal).

Only the start reply is wrong for the display bugs: follow mode must stop there, with a
clear message, before any action is played.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from _common import answer_lines
from proxy import Proxy  # this folder is on sys.path: the script is run from it

JSON = dict[str, Any]
BUGS = (
    "first-seat",
    "short-hand",
    "duplicate",
    "foreign",
    "trump-not-last",
    "declines-take",
    "none",
)


class BadDealer(Proxy):
    def __init__(self, bug: str) -> None:
        super().__init__(None, ["deal", "legal"], name=f"bad-dealer-{bug}")
        self.bug = bug
        self.odd_games: set[str] = set()

    def handle(self, request: JSON) -> JSON:
        if self.bug == "declines-take":
            if request.get("cmd") == "start" and int(request.get("seed") or 0) % 2:
                self.odd_games.add(str(request.get("game")))
            action = request.get("action") or {}
            if request.get("game") in self.odd_games and action.get("type") == "take":
                return {
                    "id": request.get("id"),
                    "ok": False,
                    "error": {"code": "unsupported", "message": "taking is not built yet"},
                }
        reply = super().handle(request)
        dealt = (
            request.get("cmd") == "start" and "deck" not in request and "position" not in request
        )
        if not dealt or not reply.get("ok"):
            return reply
        state = reply["state"]
        if self.bug == "first-seat" and state["attacker"] != 1:
            self.server.handle_message({"id": 0, "cmd": "end", "game": request["game"]})
            position = {
                "hands": {str(s["seat"]): s["hand"] for s in state["seats"]},
                "stock": state["stock"],
                "trump": state["trump"],
                "attacker": 1,
            }
            reply = self.server.handle_message({**request, "position": position})
            return reply
        hands = {s["seat"]: s["hand"] for s in state["seats"]}
        if self.bug == "short-hand":
            state["stock"].insert(0, hands[2].pop())
        elif self.bug == "duplicate":
            hands[2][0] = hands[1][0]
        elif self.bug == "foreign":
            hands[2][0] = "2C"
        elif self.bug == "trump-not-last":
            state["stock"].insert(0, state["stock"].pop())
        return reply


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bug", choices=BUGS, required=True)
    engine = BadDealer(parser.parse_args().bug)
    return answer_lines(engine.handle)


if __name__ == "__main__":
    sys.exit(main())
