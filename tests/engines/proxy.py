"""The reference engine behind a thin proxy that claims less: an engine we did not write, played
by one we trust.

Real engines claim a few profiles, lack optional capabilities and give no reasons for their
refusals. This proxy makes the reference engine look like such an engine, so that a test can
check that the harness judges it fairly: every scenario it runs must pass, and what it cannot
run must be skipped with the right reason, never failed.

Usage::

    python tests/engines/proxy.py [--profiles P,Q] [--capabilities C,D] [--no-reasons]
                                  [--name NAME] [--rule PARAM=VALUE ...]

``--profiles`` and ``--capabilities`` replace what the reference engine claims (an empty value
claims nothing, which means a game starts from a stacked deck only); ``--no-reasons`` drops
``clause`` from every refusal. ``--rule PARAM=VALUE`` (repeatable; the value is read as JSON,
else taken as a string) plays that rule whatever the start's rules say: an engine that follows
one reading of an ambiguous rule, or plays a variant, whatever it is sent;
``--unsupported ACTION`` (repeatable) answers every move of that type ``unsupported``, as an
engine that lacks the rule (accept-anyway, say) does.
``--capabilities deal,legal`` makes an engine that only deals
its own games (the reference engine's deal, shuffled from the seed). Claiming ``turn``
presents one player to move: every state names the seat to move (:func:`turn_of`, computed
from the reference engine's state), only that seat lists actions or legal moves, and a move by
any other seat is refused ``illegal`` (``play.turn``) with the game unchanged.

``PROXY_DELAY`` (seconds, in the environment) makes it think that long over every ``act``:
slower than the harness, so that the harness waits for its answers.

A request that needs a capability the proxy does not claim is answered ``unsupported`` (the
harness should never send one, so a test can notice if it does: see the ``PROXY_STRICT``
environment variable, which turns such a request into an ``internal`` error instead).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from adapters.base import start_modes
from durak_conformance.server import Server

JSON = dict[str, Any]

# What each request needs beyond the protocol's minimum, by capability.
_NEEDS = {"legal": "legal", "clock": "clock", "next_game": "match"}


def _arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profiles", default=None, help="comma-separated profile ids to claim")
    parser.add_argument("--capabilities", default=None, help="comma-separated capabilities")
    parser.add_argument("--no-reasons", action="store_true", help="drop clause from refusals")
    parser.add_argument("--name", default="reference-proxy")
    parser.add_argument(
        "--rule",
        action="append",
        default=[],
        metavar="PARAM=VALUE",
        help="play this rule whatever the start's rules say (repeatable)",
    )
    parser.add_argument(
        "--unsupported",
        action="append",
        default=[],
        metavar="ACTION",
        help="answer every act of this action type unsupported (repeatable)",
    )
    return parser.parse_args(argv)


def _rules(pairs: list[str]) -> JSON:
    forced: JSON = {}
    for pair in pairs:
        name, _, text = pair.partition("=")
        try:
            forced[name] = json.loads(text)
        except ValueError:
            forced[name] = text
    return forced


def _split(text: str | None) -> list[str] | None:
    if text is None:
        return None
    return [word for word in (w.strip() for w in text.split(",")) if word]


class Proxy:
    """Filters the handshake, refuses unclaimed requests and strips reasons."""

    def __init__(
        self,
        profiles: list[str] | None,
        capabilities: list[str] | None,
        *,
        reasons: bool = True,
        name: str = "reference-proxy",
        strict: bool = False,
        rules: JSON | None = None,
        unsupported: frozenset[str] = frozenset(),
    ) -> None:
        self.server = Server()
        self.rules = dict(rules or {})
        """Rules played whatever a start says (``--rule``)."""
        self.unsupported = unsupported
        """Action types answered ``unsupported`` (``--unsupported``): a rule it lacks."""
        self.profiles = profiles
        self.capabilities = capabilities
        self.reasons = reasons
        self.name = name
        self.strict = strict
        self.profile_of: dict[str, str] = {}
        """The profile of each game started (for the clause of an out-of-turn refusal)."""

    def claimed(self) -> frozenset[str]:
        hello = self.server.handle_message({"id": 0, "cmd": "hello", "protocol": "1"})
        own = set(hello["implementation"]["capabilities"])
        return frozenset(own if self.capabilities is None else self.capabilities)

    def handle(self, request: JSON) -> JSON:
        """Answer one decoded request."""
        if request.get("cmd") == "start" and isinstance(request.get("profile"), str):
            self.profile_of[str(request.get("game"))] = request["profile"]
        if self.rules and request.get("cmd") == "start" and isinstance(request.get("rules"), dict):
            request = {**request, "rules": {**request["rules"], **self.rules}}
        missing = self._missing_capability(request)
        if missing is not None:
            code = "internal" if self.strict else "unsupported"
            message = f"{self.name} does not claim capability {missing!r}"
            return {
                "id": request.get("id"),
                "ok": False,
                "error": {"code": code, "message": message},
            }
        action = request.get("action")
        kind = action.get("type") if isinstance(action, dict) else None
        if request.get("cmd") == "act" and kind in self.unsupported:
            error = {"code": "unsupported", "message": f"{self.name} has no {kind} move"}
            return {"id": request.get("id"), "ok": False, "error": error}
        if self.one_to_move:
            refused = self._out_of_turn(request)
            if refused is not None:
                return self._strip(refused)
        reply = self.server.handle_message(request)
        if self.one_to_move and reply.get("ok"):
            if isinstance(reply.get("state"), dict):
                one_to_move(reply["state"])
            if request.get("cmd") == "legal" and request.get("seat") != self._turn(request):
                reply["actions"] = []
        if request.get("cmd") == "hello" and reply.get("ok"):
            implementation = dict(reply["implementation"])
            implementation["name"] = self.name
            if self.profiles is not None:
                implementation["profiles"] = list(self.profiles)
            if self.capabilities is not None:
                implementation["capabilities"] = sorted(self.capabilities)
            reply["implementation"] = implementation
        return self._strip(reply)

    def _strip(self, reply: JSON) -> JSON:
        if not self.reasons and not reply.get("ok") and isinstance(reply.get("error"), dict):
            reply["error"] = {k: v for k, v in reply["error"].items() if k != "clause"}
        return reply

    @property
    def one_to_move(self) -> bool:
        return self.capabilities is not None and "turn" in self.capabilities

    def _turn(self, request: JSON) -> int | None:
        state = self.server.handle_message(
            {"id": 0, "cmd": "state", "game": request.get("game", "")}
        ).get("state")
        return turn_of(state) if isinstance(state, dict) else None

    def _out_of_turn(self, request: JSON) -> JSON | None:
        """One player to move: a move by any other seat is refused, the state unchanged."""
        if request.get("cmd") != "act" or not isinstance(request.get("action"), dict):
            return None
        if request["action"].get("type") not in TURN_MOVES:
            return None  # standing up, resigning, (dis)connecting: a person's, at any time
        state = self.server.handle_message(
            {"id": 0, "cmd": "state", "game": request.get("game", "")}
        ).get("state")
        if not isinstance(state, dict):
            return None  # let the server answer (unknown game, ...)
        turn = turn_of(state)
        if request.get("seat") == turn or turn is None:
            return None  # the seat to move; or nobody is (the game is over): the rules answer
        profile = self.profile_of.get(str(request.get("game")))
        error: JSON = {
            "code": "illegal",
            "message": f"it is seat {turn}'s turn",
        }
        if profile:
            error["clause"] = f"{profile}.play.turn"
        return {"id": request.get("id"), "ok": False, "error": error}

    def _missing_capability(self, request: JSON) -> str | None:
        if self.capabilities is None:
            return None
        claimed = set(self.capabilities)
        cmd = request.get("cmd")
        needed = _NEEDS.get(str(cmd))
        if needed is not None and needed not in claimed:
            return needed
        if cmd in ("start", "next_game"):
            # How the game starts: deck, position or the engine's own deal (neither given).
            how = "position" if "position" in request else "deck" if "deck" in request else "deal"
            if how not in start_modes(claimed):
                return how
            if "lobby" in request and "table" not in claimed:
                return "table"
        if (
            self.profiles is not None
            and cmd == "start"
            and request.get("profile") not in set(self.profiles)
        ):
            return f"profile {request.get('profile')}"
        return None


TURN_MOVES = frozenset(
    {"attack", "defend", "throw_in", "transfer", "take", "done", "accept", "catch", "redeal"}
)
"""The moves that wait for a seat's turn (the rest are a person's, at any time)."""


def turn_of(state: JSON) -> int | None:
    """The seat to move in a reference state, for an engine with one player to move.

    Nobody when nobody may act; the attacker to open a bout; the defender while a card is
    unbeaten (and not taken); else the first seat clockwise from the attacker (the one who
    transferred, after a transfer) that may act, and the defender last (its choice after a
    complete defence).  In cheater mode a seat that may only catch a card comes after every
    seat that may play one."""
    seats = state.get("seats") or []
    acting = [s["seat"] for s in seats if s.get("actions")]
    if state.get("phase") == "finished" or not acting:
        return None
    playing = [s["seat"] for s in seats if set(s.get("actions") or []) - {"catch"}]
    acting = playing or acting  # a seat that can only catch a card waits for the others
    attacker, defender = state.get("attacker"), state.get("defender")
    if state.get("phase") == "lead":
        return attacker if attacker in acting else acting[0]
    unbeaten = any(p.get("defence") is None for p in state.get("table") or [])
    if isinstance(defender, int) and defender in acting and unbeaten and not state.get("taken"):
        return defender
    count = len(seats)
    start = int(attacker or 1)
    for k in range(count):
        seat = (start - 1 + k) % count + 1
        if seat != defender and seat in acting:
            return seat
    return defender if isinstance(defender, int) and defender in acting else acting[0]


def one_to_move(state: JSON) -> None:
    """Give ``state`` its ``turn`` and clear every other seat's actions, in place."""
    turn = turn_of(state)
    state["turn"] = turn
    for seat in state.get("seats") or []:
        if seat.get("seat") != turn:
            seat["actions"] = []


def main(argv: list[str] | None = None) -> int:
    args = _arguments(sys.argv[1:] if argv is None else argv)
    proxy = Proxy(
        _split(args.profiles),
        _split(args.capabilities),
        reasons=not args.no_reasons,
        name=args.name,
        strict=bool(os.environ.get("PROXY_STRICT")),
        rules=_rules(args.rule),
        unsupported=frozenset(args.unsupported),
    )
    delay = float(os.environ.get("PROXY_DELAY") or 0)
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request: object = json.loads(line)
        except ValueError as exc:
            request = None
            reply: JSON = {
                "id": None,
                "ok": False,
                "error": {"code": "malformed", "message": str(exc)},
            }
        else:
            if isinstance(request, dict):
                if delay and request.get("cmd") == "act":
                    time.sleep(delay)
                reply = proxy.handle(request)
            else:
                reply = proxy.server.handle_message(request)
        sys.stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        sys.stdout.flush()
        if isinstance(request, dict) and request.get("cmd") == "bye" and reply.get("ok"):
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
