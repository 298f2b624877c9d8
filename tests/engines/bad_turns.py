"""An engine with one player to move (capability ``turn``) that gets its turns wrong.

The reference engine behind ``proxy.py``'s one-player-to-move proxy, with one bug (``--bug``):

- ``no-turn``: the states carry no ``turn`` at all;
- ``others-act``: the state names the seat to move but other seats still list actions;
- ``defender-waits``: during a bout the state always names the defender, even once every
  card is beaten and the defender has nothing to do;
- ``attacker-never-passes``: the attacker's ``done`` is refused while another seat could
  still throw in (so a hand-over by the harness is refused);
- ``none``: no bug.

Refusals carry no clause (as in most real engines).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from _common import answer_lines
from proxy import TURN_MOVES, Proxy, turn_of  # this folder is on sys.path: the script runs here

JSON = dict[str, Any]
BUGS = ("no-turn", "others-act", "defender-waits", "attacker-never-passes", "none")
CAPABILITIES = ["deck", "position", "legal", "clock", "cheating", "table", "match", "turn"]


class BadTurns(Proxy):
    def __init__(self, bug: str) -> None:
        super().__init__(None, CAPABILITIES, reasons=False, name=f"bad-turns-{bug}")
        self.bug = bug

    def handle(self, request: JSON) -> JSON:
        if self.bug == "attacker-never-passes":
            refused = self._no_pass(request)
            if refused is not None:
                return refused
        if self.bug in ("no-turn", "others-act") and request.get("cmd") != "hello":
            reply = self.server.handle_message(request)  # the reference's own state
            state = reply.get("state")
            if isinstance(state, dict) and self.bug == "others-act":
                state["turn"] = turn_of(state)
            if not reply.get("ok") and isinstance(reply.get("error"), dict):
                reply["error"].pop("clause", None)
            return reply
        reply = super().handle(request)
        state = reply.get("state")
        if self.bug == "defender-waits" and isinstance(state, dict) and state["phase"] == "bout":
            state["turn"] = state["defender"]
            for seat in state["seats"]:
                if seat["seat"] != state["defender"]:
                    seat["actions"] = []
        return reply

    def _no_pass(self, request: JSON) -> JSON | None:
        action = request.get("action")
        if request.get("cmd") != "act" or not isinstance(action, dict):
            return None
        if action.get("type") != "done" or action.get("type") not in TURN_MOVES:
            return None
        state = self.server.handle_message(
            {"id": 0, "cmd": "state", "game": request.get("game", "")}
        ).get("state")
        if not isinstance(state, dict) or action.get("seat") != state.get("attacker"):
            return None
        others = [
            s["seat"]
            for s in state["seats"]
            if "throw_in" in s["actions"] and s["seat"] != state["attacker"]
        ]
        if not others:
            return None
        message = "the attacker may not pass while others can still throw in"
        return {
            "id": request.get("id"),
            "ok": False,
            "error": {"code": "illegal", "message": message},
        }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bug", choices=BUGS, required=True)
    engine = BadTurns(parser.parse_args().bug)
    return answer_lines(engine.handle)


if __name__ == "__main__":
    sys.exit(main())
