"""Failure causes: signatures, the subject of a scenario, and what the step library records.

The end-to-end check of grouping (a mutant whose one bug breaks many scenarios) is in
test_fair_runs.py; here are the pieces, each shown to tell apart what must differ.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

import pytest

from durak_conformance.causes import (
    KINDS,
    CheckFailed,
    Failure,
    normalise,
    signature,
    title,
)
from durak_conformance.steps.notation import block_locations
from durak_conformance.steps.subject import step_texts, subject_line

ROOT = Path(__file__).resolve().parent.parent
STEPS = ROOT / "durak_conformance" / "steps"


# ------------------------------------------------------------------ signatures


def test_one_bug_in_different_scenarios_gives_one_signature() -> None:
    """Seats, cards and profiles differ between the scenarios; the bug does not."""
    a = signature(
        "refused",
        None,
        "seat 3 throw_in 7D to be accepted",
        "refused: illegal (howto-durak.throw-in.who)",
    )
    b = signature(
        "refused",
        None,
        "seat 4 throw_in QS to be accepted",
        "refused: illegal (videochess.throw-in.who)",
    )
    assert a == b
    assert (
        a
        == "refused | - | seat A throw_in <cards> to be accepted | refused: illegal (throw-in.who)"
    )


@pytest.mark.parametrize(
    ("one", "other"),
    [
        # another action type
        (
            ("refused", None, "seat 3 throw_in 7D to be accepted", "refused: illegal"),
            ("refused", None, "seat 3 transfer 7D to be accepted", "refused: illegal"),
        ),
        # another reason given by the engine
        (
            ("refused", None, "seat 3 throw_in 7D to be accepted", "refused: illegal (play.turn)"),
            (
                "refused",
                None,
                "seat 3 throw_in 7D to be accepted",
                "refused: illegal (throw-in.who)",
            ),
        ),
        # too many against too few
        (
            ("hand", None, "seat 2 holds 6 cards", "seat 2 holds 7 cards"),
            ("hand", None, "seat 2 holds 6 cards", "seat 2 holds 5 cards"),
        ),
        # the role moved to the next seat against a role given to the wrong pair
        (
            ("roles", None, "seat 1 attacking seat 2", "seat 2 attacking seat 3"),
            ("roles", None, "seat 1 attacking seat 2", "seat 1 attacking seat 3"),
        ),
        # another clause checked
        (
            ("accepted", "videochess.limits.six", "seat 1 attack 7S to be refused", "accepted"),
            ("accepted", "videochess.play.turn", "seat 1 attack 7S to be refused", "accepted"),
        ),
        # another kind of check
        (
            ("stock", None, "4 cards in the stock", "3 cards in the stock"),
            ("discard", None, "4 cards in the discard pile", "3 cards in the discard pile"),
        ),
    ],
)
def test_different_bugs_give_different_signatures(
    one: tuple[str, str | None, str, str], other: tuple[str, str | None, str, str]
) -> None:
    assert signature(*one) != signature(*other)


def test_seats_keep_their_relation_and_counts_their_direction() -> None:
    expected, actual = normalise("seat 3 attacking seat 4", "seat 4 attacking seat 1")
    assert (expected, actual) == ("seat A attacking seat B", "seat B attacking seat C")
    expected, actual = normalise("seats 1 and 3 are out", "seats 1, 2 and 3 are out")
    assert (expected, actual) == ("seats A and B are out", "seats A, C and B are out")
    assert normalise("8 cards in the stock", "9 cards in the stock") == (
        "n cards in the stock",
        "more cards in the stock",
    )
    assert normalise("8 cards", "8 cards") == ("n cards", "n cards")
    assert normalise("the table to be 7S/9S 10D", "missing 10♦; extra QH") == (
        "the table to be <cards>",
        "missing <cards>; extra <cards>",
    )


def test_a_reason_failure_is_one_trait_of_the_engine_whatever_the_clause() -> None:
    a = signature("reason", "howto-durak.throw-in.rank", "a refusal for its reason", "no reason")
    b = signature("reason", "videochess.limits.six", "a refusal for its reason", "no reason")
    assert a == b
    assert a != signature("reason", "videochess.limits.six", "a refusal for its reason", "another")


def test_titles_read_as_sentences() -> None:
    sig = signature("actions", None, "seat 3 may throw_in", "seat 3 may not")
    assert title(sig) == "expected seat A may throw_in; the engine says seat A may not"
    sig = signature(
        "accepted", "howto-durak.limits.six", "seat 1 attack 7S to be refused", "accepted"
    )
    assert title(sig).endswith("(limits.six)")
    assert title(signature("engine", None, "a valid reply", "did not answer within 10 s")) == (
        "the engine did not answer within n s"
    )


def test_a_failure_round_trips_through_json() -> None:
    failure = Failure(
        kind="hand",
        step="features/x.feature:12",
        text="seat 2 holds 6 cards",
        clause=None,
        expected="seat 2 holds 6 cards",
        actual="seat 2 holds 5 cards",
        signature=signature("hand", None, "seat 2 holds 6 cards", "seat 2 holds 5 cards"),
        blocked=True,
    )
    assert Failure.from_json(failure.to_json()) == failure
    assert (
        failure.title == "expected seat A holds n cards; the engine says seat A holds fewer cards"
    )


def test_a_check_needs_a_known_kind() -> None:
    with pytest.raises(ValueError, match="unknown failure kind"):
        CheckFailed("x", kind="oops", expected="a", actual="b")
    assert set(KINDS) >= {"refused", "accepted", "engine", "scenario", "harness", "reason"}


# ------------------------------------------------------------------ the subject of a scenario


@dataclass
class FakeStep:
    type: str
    name: str
    line_number: int
    docstring: str | None = None


def test_the_subject_starts_at_the_last_action() -> None:
    steps = [
        FakeStep("given", 'the "howto-durak" profile', 3),
        FakeStep("when", "seat 1 attacks with 7♠", 10),
        FakeStep("then", "it is accepted", 11),
        FakeStep("when", "seat 3 throws in 7♦", 12),
        FakeStep("then", "it is accepted", 13),
    ]
    assert subject_line(steps) == 12


def test_the_last_line_of_a_final_block_is_the_subject_the_rest_its_preamble() -> None:
    block = "seat 1 attacks with 7♠\n\nseat 2 beats 7♠ with 9♠\n"
    steps = [
        FakeStep("given", "the hands are:", 4),
        FakeStep("when", "they play:", 20, block),
        FakeStep("then", "seat 2 holds 5 cards", 26),
    ]
    # the doc string opens on line 21; its text lines are 22, 23 (blank) and 24
    assert subject_line(steps, "features/x.feature") == 24
    texts = step_texts(steps, "features/x.feature")
    assert texts[22] == "seat 1 attacks with 7♠" and texts[24] == "seat 2 beats 7♠ with 9♠"
    assert 23 not in texts


def test_checks_and_tries_of_the_same_action_just_before_it_are_part_of_the_subject() -> None:
    """``seat 1 may redeal`` then ``seat 1 asks for a redeal`` test one rule; so do a fifth
    card accepted and a sixth refused.  A check of something else stops the subject."""
    redeal = [
        FakeStep("given", "the deck starts with ...", 13),
        FakeStep("then", 'seat 1 holds exactly "7♥ 8♥ 9♥ 10♥ J♥ 6♣"', 14),
        FakeStep("then", "seat 1 may redeal", 15),
        FakeStep("when", "seat 1 asks for a redeal", 16),
        FakeStep("then", "it is accepted", 17),
    ]
    assert subject_line(redeal) == 15
    limits = [
        FakeStep("when", "they play:", 21, "seat 1 attacks with 7♠ 7♦ 7♣\nseat 3 throws in 8♣"),
        FakeStep("when", "seat 1 throws in 8♠", 26),
        FakeStep("then", "it is accepted", 27),
        FakeStep("when", "seat 1 throws in 8♦", 28),
        FakeStep("then", 'it is rejected because of rule "limits.first-bout"', 29),
    ]
    assert subject_line(limits) == 26
    other_seat = [
        FakeStep("when", "seat 2 throws in 8♠", 26),
        FakeStep("then", "it is accepted", 27),
        FakeStep("then", "seat 1 may legally throw in 8♦", 28),
        FakeStep("when", "seat 1 throws in 8♦", 29),
    ]
    assert subject_line(other_seat) == 28
    other_action = [
        FakeStep("then", "seat 1 may attack", 10),
        FakeStep("when", "seat 1 asks for a redeal", 11),
    ]
    assert subject_line(other_action) == 11


def test_a_scenario_without_an_action_has_its_checks_as_subject() -> None:
    steps = [FakeStep("given", "4 seats", 5), FakeStep("then", "the engine deals the table", 6)]
    assert subject_line(steps) == 6
    assert subject_line([]) == 0


def test_block_lines_are_located_on_the_feature_file_lines() -> None:
    """Checked on a real feature: each located line holds the text it is given."""
    feature = ROOT / "features" / "howto-durak" / "bout-limits.feature"
    lines = feature.read_text(encoding="utf-8").splitlines()
    step = next(i for i, line in enumerate(lines, start=1) if line.strip() == "When they play:")
    end = next(i for i in range(step + 1, len(lines)) if lines[i].strip() == '"""')
    docstring = "\n".join(line.strip() for line in lines[step + 1 : end])
    located = block_locations(f"features/howto-durak/bout-limits.feature:{step}", docstring)
    assert located
    for where, text in located:
        number = int(where.rsplit(":", 1)[1])
        assert lines[number - 1].strip() == text.strip()


# ------------------------------------------------------------------ the step library


def _raises_in(path: Path) -> list[tuple[int, str]]:
    """(line, exception name) of every ``raise Name(...)`` in a module."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            func = node.exc.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            found.append((node.lineno, name))
    return found


def test_no_check_of_the_step_library_fails_with_a_bare_assertion() -> None:
    """Every check gives structured failure data (a CheckFailed), never only a message."""
    bare = [
        f"{path.name}:{line}"
        for path in sorted(STEPS.glob("*.py"))
        for line, name in _raises_in(path)
        if name == "AssertionError"
    ]
    assert bare == []
