"""The reference engine's behaviour fingerprint: one hash of everything the engine decides.

Seeded random games are played for every profile, every combination of its table options and
every seat count the rules allow (and, in a third part, for rulesets with one engine parameter
set to each of its other values).  At every step the fingerprint takes in

- what every seat may do: ``legal_actions(seat)`` for each seat (and seats out of range),
  ``legal_moves()``, and the room and cap of the bout;
- refusals: a sample of actions that are *not* listed (other cards, other seats, other action
  types, seats out of range, unreadable actions) is tried, and the error's kind, clause and
  message are recorded (an action that is accepted although it was not listed is recorded
  too, with its events, and undone with ``pop``);
- the action played, the events it caused, the protocol state (``to_json``) and the whole
  state (``internal_json``); now and then a ``copy()``, a game rebuilt with
  ``from_internal_json`` and a game started ``from_position`` at the start of a bout;
- set-ups refused by ``deal`` and ``from_position``.

The session part drives whole tables through the protocol (``adapters.reference``): starts
from a deck or a position, with or without a lobby; moves, refused moves, catches in cheater
mode, standing up, resigning, disconnecting and reconnecting, redeals, taking back control,
virtual time (timers, chess clocks, the check before a bout closes), ``legal`` and ``state``
requests and the next game of a match.  Every reply is recorded whole.

Each part's digest is a SHA-256 over the per-case digests, so a change shows which part and
which profile it touched (``--cases`` prints every case's digest, to diff two commits).

    python benchmarks/engine_fingerprint.py               # print the quick and full values
    python benchmarks/engine_fingerprint.py --check       # compare with the committed file
    python benchmarks/engine_fingerprint.py --write --reason "why the rules changed"

The committed values live in ``benchmarks/engine_fingerprint.json``;
``tests/test_engine_fingerprint.py`` recomputes the quick sample on every test run.  See
docs/reference-engine.md ("The behaviour fingerprint") for when and how to update them.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import random
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, get_args, get_type_hints

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adapters.reference import ReferenceEngine
from durak_conformance.profiles import list_profiles, load_profile, resolve
from reference_engine import (
    Accept,
    Action,
    Attack,
    Card,
    Defend,
    Done,
    EngineError,
    Game,
    Rules,
    RulesError,
    Take,
    ThrowIn,
    Transfer,
    deck,
)
from reference_engine.cheating import CheaterGame
from reference_engine.seat_actions import Catch
from reference_engine.session import game_class

FINGERPRINT_FILE = Path(__file__).resolve().with_name("engine_fingerprint.json")
PARTS = ("game", "session", "variants")


@dataclass(frozen=True)
class Sample:
    """How much of each part is played."""

    games: int
    """Seeded games per case in the game part."""
    sessions: int
    """Seeded tables per case in the session part."""
    variant_games: int
    """Seeded games per case in the variants part."""


SAMPLES: dict[str, Sample] = {
    "quick": Sample(games=1, sessions=1, variant_games=1),
    "full": Sample(games=6, sessions=4, variant_games=4),
}


@dataclass(frozen=True)
class Case:
    """One table: a ruleset and a seat count."""

    key: str
    profile: str
    params: Mapping[str, Any]
    seats: int

    def rules(self) -> Rules:
        return Rules.from_mapping(self.params)


# ---------------------------------------------------------------------------- cases


def _seat_counts(rules: Rules) -> list[int]:
    counts = [n for n in range(rules.min_seats, rules.max_seats + 1)]
    counts = [n for n in counts if n * rules.hand_size <= rules.deck_size]
    if rules.teams == "pairs":
        counts = [n for n in counts if n == rules.pairs_seats]
    return counts


def profile_cases() -> list[Case]:
    """Every profile x every combination of its options x every seat count allowed."""
    out: list[Case] = []
    for profile in list_profiles():
        loaded = load_profile(profile)
        for options in loaded.option_combinations():
            params = dict(resolve(loaded, options).params)
            opts = ",".join(f"{k}={v}" for k, v in sorted(options.items()))
            for seats in _seat_counts(Rules.from_mapping(params)):
                out.append(Case(f"{profile}[{opts}]/{seats}", profile, params, seats))
    return out


#: Engine parameters whose every value the variants part plays (on each profile's defaults).
VARIED = (
    "deal",
    "first_attack_fallback",
    "opening",
    "throw_in_scope",
    "throw_in_order",
    "throw_in_timing",
    "done_resets",
    "bout_cap",
    "first_bout_cap",
    "defender_limit",
    "take_ends_bout",
    "accept_after_defence",
    "transfer",
    "transfer_rank",
    "transferrer_throws_first",
    "bot_accepts_anyway",
    "out_timing",
)


def _values(name: str, hint: Any) -> list[Any]:
    if hint is bool:
        return [False, True]
    if name == "bout_cap":
        return [4, 6]
    if name == "first_bout_cap":
        return [None, 4]
    args = get_args(hint)
    if set(args) == {bool, type(None)}:
        return [None, False, True]
    if len(args) == 2 and args[1] is type(None):
        return [None, *get_args(args[0])]
    return list(args)


def variant_cases() -> list[Case]:
    """Each profile's default ruleset with one engine parameter set to each other value,
    played with the most seats up to four that the rules allow."""
    hints = get_type_hints(Rules)
    out: list[Case] = []
    for profile in list_profiles():
        base = dict(resolve(load_profile(profile), {}).params)
        for name in VARIED:
            for value in _values(name, hints[name]):
                if base[name] == value:
                    continue
                params = {**base, name: value}
                try:
                    rules = Rules.from_mapping(params)
                except RulesError:
                    continue
                counts = _seat_counts(rules)
                seats = max(n for n in counts if n <= 4)
                out.append(Case(f"{profile}[{name}={value}]/{seats}", profile, params, seats))
    return out


# ---------------------------------------------------------------------------- recording


class Recorder:
    """A running SHA-256 of JSON values (keys sorted, so dict order never matters)."""

    _encode = json.JSONEncoder(sort_keys=True, separators=(",", ":"), default=repr).encode

    def __init__(self) -> None:
        self._hash = hashlib.sha256()

    def add(self, *values: Any) -> None:
        for value in values:
            self._hash.update(self._encode(value).encode())
            self._hash.update(b"\n")

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


def _actions(actions: Sequence[Action]) -> list[Any]:
    return [a.to_json() for a in actions]


def _outcome(call: Callable[[], Any]) -> Any:
    """What a call gave, or which refusal it raised (kind, clause, message)."""
    try:
        return ["ok", call()]
    except EngineError as exc:
        return ["refused", type(exc).__name__, getattr(exc, "clause", None), str(exc)]


# ---------------------------------------------------------------------------- the game part


def _candidates(game: Game, rng: random.Random, full: list[Card]) -> list[Action]:
    """Actions of every kind for every seat, with cards from the hand and from the deck."""
    table_cards = [p.attack for p in game.table] + [
        p.defence for p in game.table if p.defence is not None
    ]
    out: list[Action] = []
    for seat in range(1, game.seats + 1):
        hand = list(game.hands[seat])
        for card in (rng.choice(hand) if hand else rng.choice(full), rng.choice(full)):
            out += [Attack(seat, (card,)), ThrowIn(seat, card), Transfer(seat, card)]
            target = rng.choice(table_cards) if table_cards else rng.choice(full)
            out.append(Defend(seat, target, card))
            if isinstance(game, CheaterGame):
                out.append(Catch(seat, target))
            same = tuple(c for c in hand if c.rank == card.rank)
            if len(same) > 1:
                out.append(Attack(seat, same))
        if len(hand) > 1:
            out.append(Attack(seat, tuple(rng.sample(hand, 2))))
        out += [Take(seat), Done(seat), Accept(seat)]
    out.append(Take(game.seats + 1))
    return out


#: Unreadable or impossible actions tried once per game (protocol form).
_MALFORMED: tuple[Any, ...] = (
    {"type": "defend", "seat": 1, "attack": "ZZ", "card": "7H"},
    {"type": "attack", "seat": 1, "cards": []},
    {"type": "attack", "seat": 1, "cards": ["7H", "7H"]},
    {"type": "fly", "seat": 1},
    {"type": "take", "seat": 0},
    {"type": "catch", "seat": 1, "card": "7H"},
    "take",
)


def _try_refusals(rec: Recorder, game: Game, rng: random.Random, full: list[Card]) -> None:
    listed = set(game.legal_moves())
    unlisted = [a for a in _candidates(game, rng, full) if a not in listed]
    for action in rng.sample(unlisted, min(4, len(unlisted))):

        def attempt(action: Action = action) -> Any:
            events = game.push(action)
            after = game.internal_json()
            game.pop()
            return [events, after]

        rec.add(["try", action.to_json(), _outcome(attempt)])


def _position_of(game: Game, with_attacker: bool) -> dict[str, Any]:
    state = game.to_json()
    position: dict[str, Any] = {
        "hands": {str(s["seat"]): s["hand"] for s in state["seats"]},
        "stock": state["stock"],
        "discard": state["discard"],
        "trump": state["trump"],
        "out": [s["seat"] for s in state["seats"] if s["out"]],
        "first_bout_over": game.first_discard_done,
        "bout": state["bout"],
    }
    if with_attacker:
        position["attacker"] = state["attacker"]
    return position


def _bad_positions(game: Game) -> Iterator[dict[str, Any]]:
    """Impossible tables made from a real one (each is refused with a message)."""
    good = _position_of(game, True)
    hands = good["hands"]
    first = hands["1"]
    yield {**good, "hands": {**hands, "2": [*hands["2"], first[0]]}}  # a card twice
    if len(good["stock"]) > 1:  # the trump card not at the bottom of the stock
        yield {**good, "stock": list(reversed(good["stock"]))}
    yield {**good, "out": [1]}  # out but holding cards
    yield {**good, "hands": {**hands, "9": []}}
    yield {**good, "attacker": game.seats + 1}
    yield {**good, "hands": {str(s): [] for s in range(1, game.seats + 1)}}


def _state_record(game: Game) -> list[Any]:
    seats = range(0, game.seats + 2)
    return [
        [_actions(game.legal_actions(s)) for s in seats],
        _actions(game.legal_moves()),
        [game.actions_for(s) for s in range(1, game.seats + 1)],
        game.room() if game.phase != "finished" else None,
        game.cap(),
        game.to_json(),
        game.internal_json(),
    ]


def _play_game(rec: Recorder, case: Case, seed: int, cls: type[Game]) -> None:
    rules = case.rules()
    rng = random.Random(f"game:{case.key}:{seed}")
    full = deck(rules.deck_size)
    cards = list(full)
    rng.shuffle(cards)
    humans = [s for s in range(1, case.seats + 1) if rng.random() < 0.7] or [1]
    rec.add(["deal", case.key, seed, [c.code for c in cards], humans])
    if seed == 0:
        rec.add(["bad deal", _outcome(lambda: cls.deal(rules, case.seats, cards[:-1]))])
        rec.add(["bad seats", _outcome(lambda: cls.deal(rules, 7, cards))])
    game = cls.deal(rules, case.seats, cards, humans)
    if isinstance(game, CheaterGame):
        game.seed = seed
    if seed == 0:
        for bad in _bad_positions(game):
            rec.add(["bad position", _outcome(partial(cls.from_position, rules, bad))])
        for malformed in _MALFORMED:
            rec.add(["malformed", _outcome(partial(game.push, malformed))])
    step = 0
    bouts_seen = 0
    while game.phase != "finished" and step < 4000:
        rec.add(_state_record(game))
        if game.phase == "lead" and game.bout != bouts_seen:
            bouts_seen = game.bout
            if bouts_seen % 3 == 1:
                with_attacker = bouts_seen % 2 == 1
                pos = _position_of(game, with_attacker)
                rebuilt = _outcome(partial(cls.from_position, rules, pos, humans))
                if rebuilt[0] == "ok":
                    rebuilt = ["ok", _state_record(rebuilt[1])]
                rec.add(["position", with_attacker, rebuilt])
        if step % 2 == 0:
            _try_refusals(rec, game, rng, full)
        if step % 10 == 5:
            copied = game.copy()
            rec.add(["copy", _state_record(copied)])
            rebuilt_game = cls.from_internal_json(game.internal_json())
            rec.add(["rebuilt", _state_record(rebuilt_game)])
        if isinstance(game, CheaterGame) and game.checking and rng.random() < 0.6:
            mark = len(game.log)
            game.end_check()
            rec.add(["end_check", game.events(mark)])
            step += 1
            continue
        moves = game.legal_moves()
        if not moves:
            rec.add(["stuck"])
            break
        action = moves[rng.randrange(len(moves))]
        how = step % 7
        if isinstance(action, Catch):  # a session's action: the game reads only the object
            events = game.apply(action)
        elif how == 3:
            events = game.push(action.to_json())
        elif how % 2:
            events = game.apply(action.to_json())
        else:
            events = game.apply(action)
        rec.add(["played", action.to_json(), events])
        step += 1
    rec.add(["end", step, game.to_json(), game.internal_json()])


def game_case_digest(case: Case, games: int, base: type[Game] = Game) -> str:
    """The game part's digest of ``case`` over ``games`` seeded games (``base``: the engine
    class, a variant of Game to compare with the reference)."""
    rec = Recorder()
    cls = game_class(case.rules(), base)
    for seed in range(games):
        _play_game(rec, case, seed, cls)
    return rec.hexdigest()


# ---------------------------------------------------------------------------- the session part


_SEAT_ACTIONS = ("stand_up", "resign", "disconnect", "reconnect", "take_back_control", "redeal")
_SECONDS = (0.5, 1, 4, 5, 10, 15, 29.5, 30, 60, 300)


def _session_candidates(state: Mapping[str, Any], rng: random.Random, full: list[str]) -> Any:
    """A protocol action that may or may not be allowed, built from the state."""
    seats = state["seats"]
    seat = rng.randint(1, len(seats))
    hand = seats[seat - 1]["hand"]
    card = rng.choice(hand) if hand and rng.random() < 0.7 else rng.choice(full)
    table = [p["attack"] for p in state["table"]] + [
        p["defence"] for p in state["table"] if p["defence"]
    ]
    target = rng.choice(table) if table else rng.choice(full)
    kind = rng.choice(
        ["attack", "throw_in", "transfer", "defend", "take", "done", "accept", "catch"]
    )
    if kind == "attack":
        return {"type": kind, "seat": seat, "cards": [card]}
    if kind in ("throw_in", "transfer", "catch"):
        return {"type": kind, "seat": seat, "card": card if kind != "catch" else target}
    if kind == "defend":
        return {"type": kind, "seat": seat, "attack": target, "card": card}
    return {"type": kind, "seat": seat}


def _play_session(rec: Recorder, case: Case, seed: int, base: type[Game]) -> None:
    engine = ReferenceEngine()
    engine.game_class = base
    rng = random.Random(f"session:{case.key}:{seed}")
    full = [c.code for c in deck(int(case.params["deck_size"]))]
    ids = itertools.count(1)

    def ask(request: dict[str, Any]) -> dict[str, Any]:
        reply = engine.handle({"id": next(ids), "game": "g", **request})
        rec.add([request, reply])
        return reply

    def shuffled() -> list[str]:
        cards = list(full)
        rng.shuffle(cards)
        return cards

    seats = [{"seat": s, "human": rng.random() < 0.6} for s in range(1, case.seats + 1)]
    if not any(s["human"] for s in seats):
        seats[0]["human"] = True
    start: dict[str, Any] = {
        "cmd": "start",
        "profile": case.profile,
        "options": {},
        "rules": dict(case.params),
        "seats": seats,
        "seed": seed,
    }
    if rng.random() < 0.3:
        ready = [s for s in range(1, case.seats + 1) if rng.random() < 0.8]
        start["lobby"] = {"ready": ready, "chosen_by": rng.randint(1, case.seats)}
    if rng.random() < 0.2:
        cards = shuffled()
        hand = int(case.params["hand_size"])
        position: dict[str, Any] = {
            "hands": {str(s): cards[(s - 1) * hand : s * hand] for s in range(1, case.seats + 1)},
            "stock": cards[case.seats * hand :],
            "trump": cards[-1],
        }
        if rng.random() < 0.5:
            position["attacker"] = rng.randint(1, case.seats)
        start["position"] = position
    else:
        start["deck"] = shuffled()
    reply = ask(start)
    if not reply["ok"]:  # a lobby refused (or a position): start again without it
        start.pop("lobby", None)
        start.pop("position", None)
        start["deck"] = shuffled()
        reply = ask(start)
    if not reply["ok"]:
        return
    state = reply["state"]
    games = 1
    idle = 0
    for _ in range(3000):
        if state["result"] is not None:
            if games < 3 and rng.random() < 0.6:
                games += 1
                reply = ask({"cmd": "next_game", "deck": shuffled()})
                if reply["ok"]:
                    state = reply["state"]
                    continue
            break
        roll = rng.random()
        if roll < 0.06:
            reply = ask({"cmd": "clock", "seconds": rng.choice(_SECONDS)})
        elif roll < 0.075:
            seat = rng.randint(1, case.seats)
            kind = rng.choice(_SEAT_ACTIONS)
            action = {"type": kind, "seat": seat}
            reply = ask({"cmd": "act", "seat": seat, "action": action})
        elif roll < 0.16:
            action = _session_candidates(state, rng, full)
            reply = ask({"cmd": "act", "seat": action["seat"], "action": action})
        elif roll < 0.18:
            ask({"cmd": "legal", "seat": rng.randint(1, case.seats + 1)})
            reply = ask({"cmd": "state"})
        else:
            moves: list[Any] = []
            for s in range(1, case.seats + 1):
                listed = ask({"cmd": "legal", "seat": s})
                moves += listed.get("actions", [])
            if not moves:
                idle += 1
                if idle > 50:
                    rec.add(["idle"])
                    break
                reply = ask({"cmd": "clock", "seconds": rng.choice(_SECONDS)})
            else:
                idle = 0
                action = rng.choice(moves)
                reply = ask({"cmd": "act", "seat": action["seat"], "action": action})
        if reply.get("ok") and "state" in reply:
            state = reply["state"]
    ask({"cmd": "end"})


def session_case_digest(case: Case, sessions: int, base: type[Game] = Game) -> str:
    """The session part's digest of ``case`` over ``sessions`` seeded tables."""
    rec = Recorder()
    for seed in range(sessions):
        _play_session(rec, case, seed, base)
    return rec.hexdigest()


# ---------------------------------------------------------------------------- the whole


@dataclass
class Fingerprint:
    """Per-part, per-case digests of one sample."""

    sample: str
    cases: dict[str, dict[str, str]]
    """part -> case key -> digest."""

    def part(self, name: str, profile: str | None = None) -> str:
        """The digest of a part (of one profile's cases only, if given)."""
        h = hashlib.sha256()
        for key, digest in self.cases[name].items():
            if profile is None or key.startswith(f"{profile}["):
                h.update(f"{key}={digest}\n".encode())
        return h.hexdigest()

    def summary(self) -> dict[str, Any]:
        """The values the committed file keeps: the total, each part, each part by profile."""
        profiles = sorted({k.split("[")[0] for part in self.cases.values() for k in part})
        parts = {name: self.part(name) for name in self.cases}
        total = hashlib.sha256("".join(f"{k}={v}\n" for k, v in parts.items()).encode())
        return {
            "total": total.hexdigest(),
            "parts": parts,
            "by_profile": {name: {p: self.part(name, p) for p in profiles} for name in self.cases},
            "cases": {name: len(keys) for name, keys in self.cases.items()},
        }


def part_cases(part: str) -> list[Case]:
    """The cases a part plays."""
    return variant_cases() if part == "variants" else profile_cases()


def case_digest(part: str, case: Case, sample: str, base: type[Game] = Game) -> str:
    """One case's digest in ``part`` for ``sample``."""
    size = SAMPLES[sample]
    if part == "session":
        return session_case_digest(case, size.sessions, base)
    games = size.variant_games if part == "variants" else size.games
    return game_case_digest(case, games, base)


def profile_digest(part: str, profile: str, sample: str) -> str:
    """The digest of one part's cases of one profile (``by_profile`` in the summary)."""
    cases = {c.key: case_digest(part, c, sample) for c in part_cases(part) if c.profile == profile}
    return Fingerprint(sample, {part: cases}).part(part, profile)


def fingerprint(
    sample: str = "quick", progress: Callable[[str], None] | None = None
) -> Fingerprint:
    """Play ``sample`` ("quick" or "full") and return its digests."""
    cases: dict[str, dict[str, str]] = {}
    for part in PARTS:
        began = time.perf_counter()
        found = part_cases(part)
        cases[part] = {case.key: case_digest(part, case, sample) for case in found}
        if progress is not None:
            seconds = time.perf_counter() - began
            progress(f"{sample}/{part}: {len(found)} cases, {seconds:.1f}s")
    return Fingerprint(sample, cases)


def committed() -> dict[str, Any]:
    """The committed values (``benchmarks/engine_fingerprint.json``)."""
    data: dict[str, Any] = json.loads(FINGERPRINT_FILE.read_text(encoding="utf-8"))
    return data


def differences(expected: Mapping[str, Any], got: Mapping[str, Any]) -> list[str]:
    """Which parts and profiles differ between two summaries, in words."""
    out: list[str] = []
    for part, by_profile in expected["by_profile"].items():
        for profile, digest in by_profile.items():
            if got["by_profile"].get(part, {}).get(profile) != digest:
                out.append(f"{part} / {profile}")
    if not out and expected["total"] != got["total"]:
        out.append("the set of cases")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--sample", choices=[*SAMPLES, "both"], default="both", help="which sample to play"
    )
    parser.add_argument("--check", action="store_true", help="compare with the committed file")
    parser.add_argument(
        "--write",
        action="store_true",
        help="write the values into benchmarks/engine_fingerprint.json (needs --reason)",
    )
    parser.add_argument("--reason", help="why the engine's behaviour changed (kept in history)")
    parser.add_argument("--cases", action="store_true", help="print every case's digest")
    args = parser.parse_args(argv)
    if args.write and not args.reason:
        parser.error("--write needs --reason: say which rule changed and why")
    if args.write and args.sample != "both":
        parser.error("--write records both samples: leave out --sample")
    names = list(SAMPLES) if args.sample == "both" else [args.sample]

    def say(line: str) -> None:
        print(line, file=sys.stderr)

    results = {name: fingerprint(name, say) for name in names}
    status = 0
    saved = committed() if FINGERPRINT_FILE.exists() else {}
    for name, fp in results.items():
        summary = fp.summary()
        print(f"{name}: {summary['total']}")
        for part, digest in summary["parts"].items():
            print(f"  {part:9} {digest}  ({summary['cases'][part]} cases)")
        if args.cases:
            for part, keys in fp.cases.items():
                for key, digest in keys.items():
                    print(f"    {part} {key} {digest}")
        if args.check:
            expected = saved.get(name)
            if expected is None:
                print(f"  no committed {name} value to compare with")
                status = 1
            elif expected["total"] == summary["total"]:
                print("  same as committed")
            else:
                print("  DIFFERENT from committed: " + "; ".join(differences(expected, summary)))
                status = 1
    if args.write:
        data = dict(saved)
        data.setdefault(
            "about",
            "Behaviour fingerprint of the reference engine (benchmarks/engine_fingerprint.py). "
            "Regenerate only when a rule changes on purpose, and say why in history.",
        )
        for name, fp in results.items():
            data[name] = fp.summary()
        history = list(data.get("history", []))
        history.append(
            {
                "reason": args.reason,
                **{name: fp.summary()["total"] for name, fp in results.items()},
            }
        )
        data["history"] = history
        ordered = {k: data[k] for k in ("about", *SAMPLES, "history") if k in data}
        FINGERPRINT_FILE.write_text(json.dumps(ordered, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {FINGERPRINT_FILE}")
    return status


if __name__ == "__main__":
    sys.exit(main())
