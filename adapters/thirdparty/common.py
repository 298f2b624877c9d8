"""What every wrapper around a public Durak engine shares.

A wrapper is a small program that speaks protocol v1 on stdio and drives one engine from a
checkout the user points to.  The engine-specific part is a *table*: one running game of
that engine, seen in protocol terms (:class:`Table`).  Everything around it is here:

- finding the checkout (an option or an environment variable) and reading its commit, so the
  handshake can name the engine's provenance;
- the request loop: ids, ``malformed`` for what cannot be read, the action's shape,
  ``unknown_game``, ``unsupported`` for commands the engine lacks, ``internal`` for the
  engine's own exceptions;
- the events an action caused, read off the states before and after it (a wrapper reports
  what the engine did, it does not decide it);
- the candidate actions of a seat (every card-play the state makes thinkable), which a
  wrapper whose engine has no legal-move list filters through the engine itself.

Nothing here knows a rule of Durak beyond the shape of the protocol.
"""

from __future__ import annotations

import abc
import copy
import json
import logging
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any, TextIO

from adapters.base import PROTOCOL_VERSION, RequestRefused

JSON = dict[str, Any]
log = logging.getLogger("durak-thirdparty")

CARD_PATTERN = re.compile(r"^[2-9TJQKA][SHDC]$")
RANKS = "23456789TJQKA"

ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "attack": ("cards",),
    "defend": ("attack", "card"),
    "throw_in": ("card",),
    "transfer": ("card",),
    "take": (),
    "done": (),
    "accept": (),
}
"""The card-play actions of protocol v1 and the fields each carries besides type and seat."""

SESSION_ACTIONS = frozenset(
    {"catch", "redeal", "resign", "stand_up", "disconnect", "reconnect", "take_back_control"}
)
"""Protocol actions around the card play; none of the wrapped engines has them."""


# ---------------------------------------------------------------------- the checkout


class CheckoutError(Exception):
    """The engine's checkout is not given, not there, or not built: the message says which."""


@dataclass(frozen=True)
class Checkout:
    """Where an engine's source lives, as the user gave it, and the commit it is at."""

    path: Path
    commit: str


def find_checkout(
    given: str | None,
    env_var: str,
    *,
    engine: str,
    repository: str,
    required: Sequence[str],
    build_hint: str = "",
) -> Checkout:
    """The checkout from ``given`` (a command-line option) or else ``$env_var``.

    ``required`` lists files (relative to the checkout) that must exist: the engine's sources
    or its build output.  A missing or wrong checkout is a :class:`CheckoutError` whose
    message names the option, the variable, the repository and the missing file.
    """
    raw = given or os.environ.get(env_var, "")
    if not raw:
        raise CheckoutError(
            f"{engine}: no checkout given. Clone {repository} and point the wrapper at it "
            f"with --checkout PATH or the environment variable {env_var}."
        )
    path = Path(raw).expanduser()
    if not path.is_dir():
        raise CheckoutError(
            f"{engine}: the checkout {str(path)!r} (from "
            f"{'--checkout' if given else env_var}) is not a directory. "
            f"It should be a clone of {repository}."
        )
    for name in required:
        if not (path / name).exists():
            hint = f" {build_hint}" if build_hint else ""
            raise CheckoutError(
                f"{engine}: {str(path)!r} lacks {name}: it is not a clone of {repository}, "
                f"or not built yet.{hint}"
            )
    return Checkout(path=path.resolve(), commit=read_commit(path))


def read_commit(path: Path) -> str:
    """The commit the checkout's HEAD points to, or ``"unknown"`` when it is not a git tree."""
    try:
        done = subprocess.run(
            ["git", "-C", str(path), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    commit = done.stdout.strip()
    return commit if done.returncode == 0 and re.fullmatch(r"[0-9a-f]{40}", commit) else "unknown"


def implementation(
    *,
    name: str,
    version: str,
    language: str,
    repository: str,
    commit: str,
    profiles: Sequence[str],
    capabilities: Iterable[str],
    wrapper: str,
) -> JSON:
    """The handshake's ``implementation``, with the engine's provenance as ``source``."""
    return {
        "name": name,
        "version": version,
        "language": language,
        "homepage": repository,
        "issues": f"{repository}/issues",
        "protocol": PROTOCOL_VERSION,
        "profiles": list(profiles),
        "capabilities": sorted(set(capabilities)),
        "source": {"repository": repository, "commit": commit},
        "wrapper": f"{wrapper} (durak-conformance)",
    }


# ---------------------------------------------------------------------- requests


def field(request: Mapping[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    """``request[key]`` if it is of ``kind``; ``malformed`` otherwise (bools are not ints)."""
    value = request.get(key)
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        names = " or ".join(k.__name__ for k in kinds)
        raise RequestRefused("malformed", f"{request.get('cmd')} request: {key} must be {names}")
    return value


def check_card(card: object, where: str) -> str:
    """``card`` if it is a card code; ``malformed`` otherwise."""
    if not isinstance(card, str) or not CARD_PATTERN.match(card):
        raise RequestRefused("malformed", f"{where}: {card!r} is not a card")
    return card


def check_cards(cards: object, where: str) -> list[str]:
    """A list of distinct card codes; ``malformed`` otherwise."""
    if not isinstance(cards, list):
        raise RequestRefused("malformed", f"{where} must be a list of cards")
    checked = [check_card(c, f"{where}[{i}]") for i, c in enumerate(cards)]
    if len(set(checked)) != len(checked):
        raise RequestRefused("malformed", f"{where}: a card is listed twice")
    return checked


def check_action(action: object, seat: int, engine: str) -> JSON:
    """The action if it is well formed for ``seat``; ``malformed`` or ``unsupported`` else."""
    if not isinstance(action, dict):
        raise RequestRefused("malformed", "action must be an object")
    kind = action.get("type")
    if kind in SESSION_ACTIONS:
        raise RequestRefused("unsupported", f"{engine} has no {kind!r} action")
    if kind not in ACTION_FIELDS:
        raise RequestRefused("malformed", f"action.type {kind!r} is not an action type")
    if action.get("seat") != seat or isinstance(action.get("seat"), bool):
        raise RequestRefused(
            "malformed", f"the request is for seat {seat} but action.seat is {action.get('seat')!r}"
        )
    expected = {"type", "seat", *ACTION_FIELDS[kind]}
    if set(action) != expected:
        raise RequestRefused(
            "malformed", f"a {kind} action has the fields {sorted(expected)}, got {sorted(action)}"
        )
    if kind == "attack":
        cards = check_cards(action["cards"], "action.cards")
        if not 1 <= len(cards) <= 6:
            raise RequestRefused("malformed", "action.cards must list 1 to 6 cards")
    for key in ("attack", "card"):
        if key in action:
            check_card(action[key], f"action.{key}")
    return dict(action)


def check_seats(seats: object, low: int, high: int, engine: str) -> list[JSON]:
    """The start request's seats, numbered 1..n in order; ``unsupported`` outside low..high."""
    if not isinstance(seats, list) or not all(
        isinstance(s, dict) and isinstance(s.get("seat"), int) for s in seats
    ):
        raise RequestRefused("malformed", "start request: seats must be {seat, human} objects")
    numbers = [s["seat"] for s in seats]
    if numbers != list(range(1, len(seats) + 1)):
        raise RequestRefused("malformed", f"seats must be numbered 1..n in order, got {numbers}")
    if not low <= len(seats) <= high:
        span = str(low) if low == high else f"{low} to {high}"
        raise RequestRefused("unsupported", f"{engine} plays {span} seats, not {len(seats)}")
    return [dict(s) for s in seats]


def check_deck(deck: object, sizes: Mapping[int, str], engine: str) -> list[str]:
    """The stacked deck as codes: distinct cards, a size the engine plays, every card in it.

    ``sizes`` maps a deck size to the ranks it holds (``"6789TJQKA"`` for 36).
    """
    cards = check_cards(deck, "deck")
    if len(cards) not in sizes:
        known = ", ".join(str(n) for n in sorted(sizes))
        raise RequestRefused("unsupported", f"{engine} plays decks of {known}, not {len(cards)}")
    ranks = sizes[len(cards)]
    for index, card in enumerate(cards):
        if card[0] not in ranks:
            raise RequestRefused(
                "malformed", f"deck[{index}]: {card} is not in the {len(cards)}-card deck"
            )
    return cards


def seats_out(position: Mapping[str, Any], count: int) -> set[int]:
    """The seats of a ``position`` that are out of the game.

    Those it lists as ``out``, and every seat holding no card while the stock is empty: such
    a seat has gone out, as the reference engine reads a position (a harness may well leave
    it out of ``out``).
    """
    out = set(position.get("out", []))
    hands = position.get("hands")
    if isinstance(hands, Mapping) and position.get("stock", []) == []:
        out |= {s for s in range(1, count + 1) if not hands.get(str(s))}
    return out


def refuse_unless(rules: Mapping[str, Any], fixed: Mapping[str, Any], engine: str) -> None:
    """``unsupported`` when a rule the engine cannot play differs from the one it plays."""
    for key, value in fixed.items():
        if key in rules and rules[key] != value:
            raise RequestRefused(
                "unsupported",
                f"{engine} plays only {key}={value!r}, not rules.{key}={rules[key]!r}",
            )


# ---------------------------------------------------------------------- tables and games


class Table(abc.ABC):
    """One running game of the wrapped engine, in protocol terms.

    A subclass builds the state in :meth:`build_state` and bumps :attr:`revision` whenever
    the engine's game changes; :meth:`state` reuses the last state built for the same
    revision (a state lists every seat's actions, which can take many engine calls).
    """

    revision = 0
    _cached: tuple[int, JSON] | None = None

    def state(self) -> JSON:
        """The protocol ``state`` object (a fresh copy the caller may keep)."""
        if self._cached is None or self._cached[0] != self.revision:
            self._cached = (self.revision, self.build_state())
        return copy.deepcopy(self._cached[1])

    @abc.abstractmethod
    def build_state(self) -> JSON:
        """The protocol ``state`` object, read from the engine now."""

    @abc.abstractmethod
    def act(self, seat: int, action: Mapping[str, Any]) -> list[JSON]:
        """Play a well-formed ``action``; the events.  Refusals raise :class:`RequestRefused`
        (``illegal`` leaves the game as it was)."""

    def legal(self, seat: int) -> list[JSON]:
        """Every action the engine would accept from ``seat`` now (capability ``legal``)."""
        raise RequestRefused("unsupported", "this engine lists no legal actions")


StartTable = Callable[[Mapping[str, Any]], Table]


class WrapperEngine:
    """Answers protocol requests for one wrapped engine; many games at once."""

    def __init__(self, hello: JSON, start: StartTable, engine: str) -> None:
        self.hello = hello
        self.start_table = start
        self.engine = engine
        self.capabilities = frozenset(hello["capabilities"])
        self.games: dict[str, Table] = {}

    def handle(self, message: object) -> JSON:
        """The reply to one decoded request (never raises)."""
        request_id = message.get("id") if isinstance(message, dict) else None
        try:
            if not isinstance(message, dict):
                raise RequestRefused("malformed", "a request is a JSON object")
            if not isinstance(request_id, int | str) or isinstance(request_id, bool):
                raise RequestRefused("malformed", "a request needs an id (integer or string)")
            body = self._dispatch(message)
        except RequestRefused as exc:
            return {"id": request_id, "ok": False, "error": exc.to_json()}
        except Exception as exc:  # the engine's own failure: report it, keep serving
            log.exception("internal error")
            error = {"code": "internal", "message": f"{self.engine}: {type(exc).__name__}: {exc}"}
            return {"id": request_id, "ok": False, "error": error}
        return {"id": request_id, "ok": True, **body}

    def _dispatch(self, request: Mapping[str, Any]) -> JSON:
        cmd = request.get("cmd")
        if cmd == "hello":
            protocol = field(request, "protocol", str)
            if protocol.split(".")[0] != PROTOCOL_VERSION:
                raise RequestRefused("unsupported", f"protocol {protocol!r} is not spoken here")
            return {"implementation": self.hello}
        if cmd == "bye":
            return {}
        if cmd == "start":
            return {"state": self._start(request)}
        if cmd not in ("act", "legal", "state", "clock", "end", "next_game"):
            raise RequestRefused("malformed", f"unknown command {cmd!r}")
        game_id = field(request, "game", str)
        if game_id not in self.games:
            raise RequestRefused("unknown_game", f"no game {game_id!r} is running")
        table = self.games[game_id]
        if cmd == "state":
            return {"state": table.state()}
        if cmd == "end":
            del self.games[game_id]
            return {}
        if cmd == "clock":
            raise RequestRefused("unsupported", f"{self.engine} has no clocks")
        if cmd == "next_game":
            raise RequestRefused("unsupported", f"{self.engine} plays no matches")
        seat = field(request, "seat", int)
        if seat not in {s["seat"] for s in table.state()["seats"]}:
            raise RequestRefused("malformed", f"seat {seat} is not at this table")
        if cmd == "legal":
            if "legal" not in self.capabilities:
                raise RequestRefused("unsupported", f"{self.engine} lists no legal actions")
            return {"actions": table.legal(seat)}
        action = check_action(request.get("action"), seat, self.engine)
        events = table.act(seat, action)
        return {"state": table.state(), "events": events}

    def _start(self, request: Mapping[str, Any]) -> JSON:
        game_id = field(request, "game", str)
        if game_id in self.games:
            raise RequestRefused("malformed", f"game {game_id!r} is already running; end it first")
        field(request, "profile", str)
        rules = field(request, "rules", dict)
        if rules.get("profile") != request.get("profile"):
            raise RequestRefused(
                "malformed",
                f"rules.profile is {rules.get('profile')!r} but the request's profile is "
                f"{request.get('profile')!r}",
            )
        field(request, "seats", list)
        if "lobby" in request:
            raise RequestRefused("unsupported", f"{self.engine} has no lobby")
        if request.get("profile") not in self.hello["profiles"]:
            raise RequestRefused(
                "unsupported",
                f"profile {request.get('profile')!r} is not claimed by the {self.engine} "
                f"wrapper (claimed: {', '.join(self.hello['profiles'])})",
            )
        has_deck, has_position = "deck" in request, "position" in request
        if has_deck and has_position:
            raise RequestRefused("malformed", "start request: give a deck or a position, not both")
        how = "deck" if has_deck else "position" if has_position else "deal"
        if how not in self.capabilities:
            raise RequestRefused("unsupported", f"{self.engine} cannot start a game by {how}")
        table = self.start_table(request)
        self.games[game_id] = table
        return table.state()


def serve(engine: WrapperEngine, stdin: TextIO, stdout: TextIO) -> int:
    """Answer lines until ``bye`` or end of input; returns the exit status."""
    for line in stdin:
        if not line.strip():
            continue
        message: object = None
        try:
            message = json.loads(line)
        except ValueError as exc:
            reply: JSON = {
                "id": None,
                "ok": False,
                "error": {"code": "malformed", "message": f"line is not JSON ({exc})"},
            }
        else:
            reply = engine.handle(message)
        stdout.write(json.dumps(reply, separators=(",", ":")) + "\n")
        stdout.flush()
        if reply["ok"] and isinstance(message, dict) and message.get("cmd") == "bye":
            break
    return 0


def run_main(make_engine: Callable[[str | None], WrapperEngine], argv: Sequence[str]) -> int:
    """The body of a wrapper's ``main``: ``--checkout PATH`` and then serve stdio.

    A checkout that is missing or wrong is reported on stderr and ends the program with
    status 3 before the handshake, so the harness says the engine could not be started and
    shows that message.
    """
    logging.basicConfig(stream=sys.stderr, level=logging.WARNING)
    args = list(argv)
    given: str | None = None
    if args and args[0] in ("-h", "--help"):
        print("usage: [--checkout PATH]   (or set the environment variable)", file=sys.stderr)
        return 0
    if args and args[0].startswith("--checkout"):
        if "=" in args[0]:
            given = args[0].split("=", 1)[1]
        elif len(args) > 1:
            given = args[1]
        else:
            print("--checkout needs a path", file=sys.stderr)
            return 2
    elif args:
        print(f"unknown argument {args[0]!r}; usage: [--checkout PATH]", file=sys.stderr)
        return 2
    # Engines print diagnostics of their own (one prints every illegal move): from here on
    # print() goes to stderr, and only the protocol lines go to the real stdout.
    protocol_out = sys.stdout
    sys.stdout = sys.stderr
    try:
        engine = make_engine(given)
    except CheckoutError as exc:
        print(str(exc), file=sys.stderr)
        return 3
    return serve(engine, sys.stdin, protocol_out)


# ---------------------------------------------------------------------- reading states


def table_cards(state: Mapping[str, Any]) -> list[str]:
    """Every card on the table, attack before its defence, pair by pair."""
    cards: list[str] = []
    for pair in state["table"]:
        cards.append(pair["attack"])
        if pair["defence"] is not None:
            cards.append(pair["defence"])
    return cards


def hands(state: Mapping[str, Any]) -> dict[int, list[str]]:
    """Seat number -> hand."""
    return {s["seat"]: list(s["hand"]) for s in state["seats"]}


def played_cards(action: Mapping[str, Any]) -> list[str]:
    """The cards ``action`` puts on the table."""
    if action["type"] == "attack":
        return list(action["cards"])
    if action["type"] in ("throw_in", "transfer", "defend"):
        return [action["card"]]
    return []


def newly_discarded(
    before: Mapping[str, Any], action: Mapping[str, Any], still_in_play: set[str]
) -> list[str]:
    """The cards that left the table for the discard pile with ``action``.

    For an engine that keeps no discard pile: the cards on the table before the action and
    those it played, less every card still in a hand, on the table or in the stock after it
    (``still_in_play``) and those already discarded.
    """
    known = set(before["discard"])
    return [
        c
        for c in [*table_cards(before), *played_cards(action)]
        if c not in still_in_play and c not in known
    ]


def events_between(action: Mapping[str, Any], before: JSON, after: JSON) -> list[JSON]:
    """The events of ``action``, read off the states before and after the engine played it.

    The action itself; ``transferred`` when the defender changed inside a bout;
    ``bout_end`` when the table emptied (``taken`` when its cards went to the defender's
    hand, ``discarded`` when to the discard pile); a ``draw`` per seat that took cards from
    the stock; ``out`` for each seat newly out; ``game_over`` with the result.
    """
    events: list[JSON] = [dict(action)]
    old_hands, new_hands = hands(before), hands(after)
    if (
        before["table"]
        and after["table"]
        and before["defender"] is not None
        and after["defender"] is not None
        and before["defender"] != after["defender"]
    ):
        events.append({"type": "transferred", "from": before["defender"], "to": after["defender"]})
    on_table = table_cards(before) + played_cards(action)
    if on_table and not after["table"]:
        defender = before["defender"]
        taken = defender is not None and all(c in new_hands.get(defender, []) for c in on_table)
        discarded = all(c in after["discard"] for c in on_table)
        outcome = "taken" if taken and not discarded else "discarded"
        events.append(
            {"type": "bout_end", "outcome": outcome, "defender": defender, "cards": on_table}
        )
    drawn = set(before["stock"]) - set(after["stock"])
    if drawn:
        for seat in sorted(new_hands):
            count = sum(
                1 for c in new_hands[seat] if c in drawn and c not in old_hands.get(seat, [])
            )
            if count:
                events.append({"type": "draw", "seat": seat, "cards": count})
    was_out = {s["seat"] for s in before["seats"] if s["out"]}
    for seat in after["seats"]:
        if seat["out"] and seat["seat"] not in was_out:
            events.append({"type": "out", "seat": seat["seat"]})
    if after["result"] is not None and before["result"] is None:
        events.append({"type": "game_over", "result": after["result"]})
    return events


def candidate_actions(state: Mapping[str, Any], seat: int, *, several: bool) -> list[JSON]:
    """Every card-play of ``seat`` that the state makes thinkable, for an engine to sift.

    For each card in the hand: ``attack`` with it (and, with ``several``, with every set of
    same-rank cards), ``throw_in`` and ``transfer`` it, and ``defend`` every unbeaten table
    card with it; plus ``take``, ``done`` and ``accept``.  This is a superset of what any
    rules allow: the wrapper keeps those its engine accepts.
    """
    hand = next(s["hand"] for s in state["seats"] if s["seat"] == seat)
    actions: list[JSON] = []
    by_rank: dict[str, list[str]] = {}
    for card in hand:
        by_rank.setdefault(card[0], []).append(card)
    for card in hand:
        actions.append({"type": "attack", "seat": seat, "cards": [card]})
    if several:
        for group in by_rank.values():
            for size in range(2, len(group) + 1):
                for combo in combinations(group, size):
                    actions.append({"type": "attack", "seat": seat, "cards": list(combo)})
    unbeaten = [p["attack"] for p in state["table"] if p["defence"] is None]
    for card in hand:
        for attack in unbeaten:
            actions.append({"type": "defend", "seat": seat, "attack": attack, "card": card})
    for card in hand:
        actions.append({"type": "throw_in", "seat": seat, "card": card})
    for card in hand:
        actions.append({"type": "transfer", "seat": seat, "card": card})
    for kind in ("take", "done", "accept"):
        actions.append({"type": kind, "seat": seat})
    return actions


def action_types(actions: Iterable[Mapping[str, Any]]) -> list[str]:
    """The distinct action types of ``actions``, sorted (a seat's ``actions`` field)."""
    return sorted({a["type"] for a in actions})


def illegal(engine: str, message: str) -> RequestRefused:
    """An ``illegal`` refusal without a clause: the engine gives no reason we could map."""
    return RequestRefused("illegal", f"{engine}: {message}")
