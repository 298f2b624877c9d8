"""A finding written out: a ready-to-paste Gherkin scenario and a protocol transcript.

The scenario uses the step library's phrasing (``durak_conformance/steps``): the table as a
position (or a stacked deck), the actions before the divergence in ``When they play:`` blocks,
the diverging action on its own, and ``Then`` steps stating what the reference engine decides
there -- so the scenario passes against the reference engine and fails against the engine that
diverged.  Its ``@rule`` tag is a best guess from the divergence: check it against the profile
before adding the scenario to ``features/``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from adapters.base import JSON
from durak_conformance.derivation import reachability
from durak_conformance.fuzzing.lockstep import Divergence, Lockstep, Trial, reference_game

_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_TYPE_WORDS = {
    "attack": "attack",
    "defend": "defend",
    "throw_in": "throw in",
    "transfer": "transfer",
    "take": "take",
    "done": "be done",
    "accept": "accept",
    "catch": "catch",
    "redeal": "redeal",
}
#: A clause to tag a scenario with, by the field that diverged.
_FIELD_CLAUSES = {
    "hands": "drawing.order",
    "stock": "drawing.order",
    "discard": "bout.discard",
    "out": "end.going-out",
    "actions": "play.turn",
    "attacker": "next-attacker.after-defence",
    "defender": "attack.target",
    "result": "end.durak",
    "phase": "play.turn",
    "table": "play.turn",
    "legal": "play.turn",
}


def card(code: str) -> str:
    """``TS`` -> ``10♠`` (the features' spelling)."""
    rank = "10" if code[0] == "T" else code[0]
    return rank + _SYMBOLS.get(code[1], code[1])


def cards(codes: Sequence[str]) -> str:
    return " ".join(card(c) for c in codes)


def action_text(action: Mapping[str, Any], *, base: bool = False, keep: bool = False) -> str:
    """``seat 2 beats 7♠ with 9♠`` (or the base form after ``may legally``: ``beat 7♠ ...``)."""
    kind = action.get("type")
    if kind == "attack":
        text = ("attack with " if base else "attacks with ") + cards(action.get("cards") or [])
    elif kind == "defend":
        verb = "beat" if base else "beats"
        text = f"{verb} {card(action['attack'])} with {card(action['card'])}"
    elif kind == "throw_in":
        text = ("throw in " if base else "throws in ") + card(action["card"])
    elif kind == "transfer":
        text = ("transfer with " if base else "transfers with ") + card(action["card"])
    elif kind == "take":
        text = "take" if base else "takes"
    elif kind == "done":
        if keep:
            text = "keep the defence" if base else "keeps the defence"
        else:
            text = "be done" if base else "is done"
    elif kind == "accept":
        text = "accept the cards anyway" if base else "accepts the cards anyway"
    else:
        text = str(kind)
    return text if base else f"seat {action.get('seat')} {text}"


def _table_text(table: Sequence[Sequence[Any]]) -> str:
    parts = [card(a) if d is None else f"{card(a)}/{card(d)}" for a, _, d, _ in table]
    return " ".join(parts) or "empty"


def _seats(seats: Sequence[int]) -> str:
    return " and ".join(str(s) for s in seats)


def _canonical_to_action(item: Sequence[Any]) -> JSON:
    kind, seat, attack, card_code, card_list = item
    action: JSON = {"type": kind, "seat": seat}
    if attack is not None:
        action["attack"] = attack
    if card_code is not None:
        action["card"] = card_code
    if card_list is not None:
        action["cards"] = list(card_list)
    return action


class _Replay:
    """The reference engine's view of the final trial, step by step."""

    def __init__(self, lockstep: Lockstep, trial: Trial) -> None:
        self.ref = reference_game(lockstep.table, trial.reference_start)
        self.refusals: list[str | None] = []
        self.keeps: list[bool] = []
        for action in trial.actions:
            state = self.ref.state
            keep = (
                action.get("type") == "done"
                and action.get("seat") == state.get("defender")
                and bool(getattr(self.ref.game, "awaiting_choice", False))
            )
            self.keeps.append(keep)
            self.refusals.append(self.ref.act(action))

    @property
    def events(self) -> list[JSON]:
        return self.ref.events


def _suffix(clause: str, profile: str) -> str:
    return clause[len(profile) + 1 :] if clause.startswith(profile + ".") else clause


def expectation_steps(lockstep: Lockstep, trial: Trial, replay: _Replay) -> list[str]:
    """``Then`` steps (without keyword) stating what the reference engine decides."""
    div = trial.divergence
    assert div is not None
    profile = lockstep.table.profile
    steps: list[str] = []
    if div.kind == "acceptance":
        clause = replay.refusals[-1] if replay.refusals else None
        if clause is not None:
            steps.append(f'it is rejected because of rule "{_suffix(clause, profile)}"')
        else:
            steps.append("it is accepted")
        return steps
    if div.step >= 0:
        steps.append("it is accepted")
    state = replay.ref.state
    for name, want, have in div.fields:
        root, _, seat_text = name.partition(".")
        if root == "phase":
            ends = (
                [e for e in replay.events if e.get("type") == "bout_end"] if div.step >= 0 else []
            )
            if want == "finished":
                steps.append("the game is over")
            elif want == "bout":
                steps.append("the bout is still open")
            elif ends and ends[-1].get("outcome") == "taken":
                steps.append(f"the bout ends with seat {ends[-1]['defender']} taking the cards")
            elif ends:
                steps.append("the bout ends with the cards discarded")
            else:
                steps.append("the game is not over")
        elif root == "table":
            steps.append(f'the table is "{_table_text(want)}"')
        elif root == "hands":
            steps.append(
                f'seat {seat_text} holds exactly "{cards(want)}"'
                if want
                else f"seat {seat_text} has no cards"
            )
        elif root == "stock":
            steps.append(
                f'the stock, top first, is "{cards(want)}"' if want else "the stock holds 0 cards"
            )
        elif root == "discard":
            if len(want or []) != len(have or []):
                steps.append(f"the discard pile holds {len(want or [])} cards")
            else:
                missing = [c for c in want if c not in (have or [])]
                steps.append(f'the discard pile includes "{cards(missing)}"')
        elif root == "out":
            steps.append(
                f"seat {seat_text} is out of the game"
                if want
                else f"seat {seat_text} is still in the game"
            )
        elif root == "actions":
            want_types, have_types = list(want or []), list(have or [])
            missing = [t for t in want_types if t not in have_types]
            extra = [t for t in have_types if t not in want_types]
            if missing:
                words = type_words(missing)
                steps.append(f"seat {seat_text} may {words}")
            if extra:
                if want_types:
                    words = type_words(extra)
                    steps.append(f"seat {seat_text} may not {words}")
                else:
                    steps.append(f"seat {seat_text} may not act")
        elif root in ("attacker", "defender"):
            if state.get("attacker") is not None and state.get("defender") is not None:
                steps.append(f"seat {state['attacker']} attacks seat {state['defender']}")
            else:
                steps.append("the game is over")
        elif root == "result":
            steps.extend(_result_steps(want))
        elif root == "legal":
            for item in want or []:
                steps.append(
                    f"seat {seat_text} may legally "
                    f"{action_text(_canonical_to_action(item), base=True)}"
                )
            for item in have or []:
                steps.append(
                    f"seat {seat_text} may not legally "
                    f"{action_text(_canonical_to_action(item), base=True)}"
                )
    out: list[str] = []
    for step in steps:
        if step not in out:
            out.append(step)
    return out


def type_words(types: Sequence[str]) -> str:
    """Action types as a step writes them (``throw in, be done``); a type the steps have no
    word for is written as it is, so an engine's unexpected type never breaks a finding's
    report."""
    return ", ".join(_TYPE_WORDS.get(t, str(t).replace("_", " ")) for t in types)


def _result_steps(result: Any) -> list[str]:
    if not isinstance(result, Mapping):
        return ["the game is not over"]
    termination = result.get("termination")
    if termination == "durak":
        durak = list(result.get("durak") or [])
        return [
            f"seat{'s' if len(durak) > 1 else ''} {_seats(durak)} "
            f"{'are' if len(durak) > 1 else 'is'} the durak"
        ]
    if termination == "draw":
        return ["the game is a draw"]
    if termination == "pair_draw":
        return ["the game is a draw between the pairs"]
    pair = list(result.get("winning_pair") or [])
    if len(pair) == 2:
        return [f"the pair of seats {pair[0]} and {pair[1]} wins"]
    return ["the game is over"]


def rule_tag(lockstep: Lockstep, trial: Trial, replay: _Replay) -> str:
    """A best-guess ``@rule`` tag for the scenario."""
    profile = lockstep.table.profile
    div = trial.divergence
    assert div is not None
    if div.kind == "acceptance" and replay.refusals and replay.refusals[-1]:
        return str(replay.refusals[-1])
    engine_clause = (div.refusal or {}).get("clause") if div.kind == "acceptance" else None
    if isinstance(engine_clause, str) and engine_clause.startswith(profile + "."):
        return engine_clause  # the rule the engine applied where the reference does not
    if div.kind in ("first_attack", "deal") and div.clause:
        return div.clause
    roots = [f[0].split(".")[0] for f in div.fields]
    for root in roots:
        if root in _FIELD_CLAUSES:
            return f"{profile}.{_FIELD_CLAUSES[root]}"
    return f"{profile}.play.turn"


def scenario(
    lockstep: Lockstep,
    trial: Trial,
    *,
    scenario_id: str,
    title: str,
    source: str,
) -> str:
    """The finding as a Gherkin scenario (indented for pasting into a feature)."""
    replay = _Replay(lockstep, trial)
    table = lockstep.table
    lines = [
        f"  @id:{scenario_id} @rule:{rule_tag(lockstep, trial, replay)}",
        f"  Scenario: {title}",
        f"    Source: {source}",
        f'    Given the "{table.profile}" profile',
    ]
    for key, value in sorted(table.options.items()):
        lines.append(f'    And the option "{key}" is "{value}"')
    for bot in trial.start.bots:
        lines.append(f"    And seat {bot} is the computer")
    start = trial.reference_start  # the engine's own deal, for a game it dealt itself
    if start.position is not None:
        pos = start.position
        lines.append(f"    And the trump card is {card(pos['trump'])}")
        stock = list(pos.get("stock") or [])
        lines.append(
            f'    And the stock, top first, is "{cards(stock)}"'
            if stock
            else "    And the stock is empty"
        )
        discard = list(pos.get("discard") or [])
        lines.append(
            f'    And the discard pile holds "{cards(discard)}"'
            if discard
            else "    And the discard pile is empty"
        )
        if "first_bout_over" in pos:
            lines.append(
                "    And the first bout is over"
                if pos["first_bout_over"]
                else "    And the first bout has not been played"
            )
        lines.append("    And the hands are:")
        hands = pos["hands"]
        width = max([len(cards(h)) for h in hands.values()] + [4])
        lines.append(f"      | seat | {'hand'.ljust(width)} |")
        for seat in sorted(hands, key=int):
            text = cards(hands[seat]) or "nothing"
            lines.append(f"      | {seat.ljust(4)} | {text.ljust(width)} |")
        if pos.get("out"):
            out = list(pos["out"])
            lines.append(
                f"    And seat{'s' if len(out) > 1 else ''} {_seats(out)} "
                f"{'are' if len(out) > 1 else 'is'} out"
            )
        if pos.get("attacker") is not None:
            lines.append(f"    And seat {pos['attacker']} attacks first")
        # A shrunk game may start from a table no deal reaches; the suite refuses such a
        # position unless the scenario says why (and deck-only engines then skip it).
        humans = [n not in trial.start.bots for n in range(1, len(pos["hands"]) + 1)]
        if reachability.problems(table.rules, pos, humans):
            lines.append(
                "    And the position cannot be reached by legal play, because the fuzzer "
                "shrank the game that found this to a smaller table"
            )
    else:
        lines.append(f"    And {table.seats} seats")
        lines.append("    And the stacked deck, top card first, is:")
        lines.append('      """')
        deck = list(start.deck or ())
        for i in range(0, len(deck), 12):
            lines.append("      " + cards(deck[i : i + 12]))
        lines.append('      """')
    actions = trial.actions
    div = trial.divergence
    assert div is not None
    last = len(actions) - 1 if div.step >= 0 else -1
    block: list[str] = []
    keyword = "When"

    def flush() -> None:
        nonlocal keyword
        if block:
            lines.append(f"    {keyword} they play:")
            lines.append('      """')
            lines.extend(f"      {b}" for b in block)
            lines.append('      """')
            block.clear()
            keyword = "And"

    for i, action in enumerate(actions[: last if last >= 0 else 0]):
        text = action_text(action, keep=replay.keeps[i])
        clause = replay.refusals[i]
        if clause is None:
            block.append(text)
            continue
        flush()
        lines.append(f"    When {text}")
        lines.append(f'    Then it is rejected because of rule "{_suffix(clause, table.profile)}"')
        keyword = "When"
    flush()
    if last >= 0:
        lines.append(
            f"    {'When' if keyword == 'When' else 'And'} "
            f"{action_text(actions[last], keep=replay.keeps[last])}"
        )
    then = expectation_steps(lockstep, trial, replay)
    for i, step in enumerate(then):
        lines.append(f"    {'Then' if i == 0 else 'And'} {step}")
    return "\n".join(lines) + "\n"


def feature(text: str, profile: str) -> str:
    """A whole feature file around one or more scenarios (so it parses on its own)."""
    return (
        f"Feature: Fuzz findings against {profile}\n"
        "  Shrunk reproductions of divergences found by differential testing.\n\n" + text
    )


def transcript(trial: Trial) -> str:
    """The recorded protocol exchange as JSON Lines: request, the engine's reply, and what
    the reference engine answered."""
    return "".join(json.dumps(entry, separators=(",", ":")) + "\n" for entry in trial.transcript)


def short_transcript(trial: Trial) -> str:
    """The exchange for a terminal: each request, and the two answers where they differ."""
    lines = []
    for entry in trial.transcript:
        request = dict(entry["request"])
        if request.get("cmd") == "start":
            request["rules"] = "..."
        lines.append("> " + json.dumps(request, separators=(",", ":")))
        reply, reference = entry["reply"], entry["reference"]
        ok = reply.get("ok", "state" in reply)
        if ok != reference.get("ok", True) or not ok:
            lines.append(f"< {json.dumps(reply.get('error') or {'ok': ok})}")
            lines.append(f"= {json.dumps({k: v for k, v in reference.items() if k != 'state'})}")
    return "\n".join(lines) + "\n"


def describe(divergence: Divergence) -> str:
    where = "after start" if divergence.step < 0 else f"at action {divergence.step + 1}"
    return f"{divergence.kind} divergence {where}: {divergence.message}"


def rule_tag_of(lockstep: Lockstep, trial: Trial) -> str:
    """The ``@rule`` tag :func:`scenario` gives ``trial``'s scenario."""
    return rule_tag(lockstep, trial, _Replay(lockstep, trial))
