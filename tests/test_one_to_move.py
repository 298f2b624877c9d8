"""One player to move (capability ``turn``): the harness maps scenario steps onto the engine's
turns with a shadow reference game, skips what needs simultaneous play, and checks ``turn``."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.base import Adapter
from adapters.reference import ReferenceAdapter
from adapters.stdio import StdioAdapter
from durak_conformance.plugin import _resolve
from durak_conformance.protocol import response_problem
from durak_conformance.reports import read_report
from durak_conformance.steps import notation
from durak_conformance.steps.driver import TableDriver
from durak_conformance.steps.one_to_move import HANDOVER_NOTE

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ROOT / "tests" / "engines"
TURN_CAPABILITIES = "deck,position,legal,clock,cheating,table,match,turn"
PROXY = [
    sys.executable,
    str(ENGINES / "proxy.py"),
    "--no-reasons",
    "--capabilities",
    TURN_CAPABILITIES,
    "--name",
    "one-to-move",
]

# howto-durak, three seats: anyone but the defender throws in at any time, in any order.
HANDS = {1: "7S 7D 9H 6C", 2: "9S TS JD QD KD", 3: "7C 8H AC"}


def bad_turns(bug: str) -> list[str]:
    return [sys.executable, str(ENGINES / "bad_turns.py"), "--bug", bug]


@pytest.fixture(scope="module")
def one_to_move() -> Iterator[Adapter]:
    adapter = StdioAdapter(PROXY, checker=response_problem)
    yield adapter
    adapter.close()


def table(adapter: Adapter, options: dict[str, str] | None = None) -> TableDriver:
    driver = TableDriver(adapter, _resolve)
    driver.location = "features/test.feature:1"
    driver.set_profile("howto-durak")
    for key, value in (options or {}).items():
        driver.set_option(key, value)
    driver.setup.hands = {seat: cards.split() for seat, cards in HANDS.items()}
    driver.setup.trump = "6H"
    driver.setup.stock = ["KH", "AH", "6H"]
    driver.setup.attacker = 1
    # Short hands while the stock lasts: no game reaches this table, and these tests of the
    # turn mapping do not need one to (the engine loads it as a position).
    driver.setup.unreachable = "a test of the turn mapping, not a game"
    return driver


def play(driver: TableDriver, *lines: str) -> None:
    driver.play_all([(line, notation.action(line)) for line in lines])


def notes(driver: TableDriver) -> list[tuple[object, object]]:
    return [
        (entry["request"]["seat"], entry["request"]["action"]["type"])
        for entry in driver.transcript
        if entry.get("note") == HANDOVER_NOTE
    ]


# ---------------------------------------------------------------------- the mapping


def test_a_thrower_to_move_hands_over_when_harmless_and_the_transcript_says_so(
    one_to_move: Adapter,
) -> None:
    driver = table(one_to_move)
    play(driver, "seat 1 attacks with 7S", "seat 2 beats 7S with 9S")
    assert driver.state is not None and driver.state["turn"] == 1
    last = driver.act(notation.action("seat 3 throws in 7C"), "seat 3 throws in 7C")
    assert last.result.ok, last.result.error
    assert notes(driver) == [(1, "done")], "seat 1's done was inserted, and marked as such"
    shadow = driver.shadow()
    assert shadow is not None and shadow.history[-2:] == [
        ("act", {"type": "done", "seat": 1}),
        ("act", {"type": "throw_in", "seat": 3, "card": "7C"}),
    ]
    assert driver.state["turn"] == 2  # the defender answers the new card
    assert driver.skip_reason() is None


def test_an_action_that_needs_the_defender_to_wait_is_skipped_with_the_step_and_why(
    one_to_move: Adapter,
) -> None:
    driver = table(one_to_move)
    play(driver, "seat 1 attacks with 7S")
    driver.location = "features/test.feature:12"
    with pytest.raises(pytest.skip.Exception) as skipped:
        driver.act(notation.action("seat 3 throws in 7C"), "seat 3 throws in 7C")
    assert str(skipped.value) == (
        "one player to move: features/test.feature:12 'seat 3 throws in 7C' needs seat 3 to "
        "throw in while the defender (seat 2) is to move: simultaneous play"
    )
    assert not notes(driver)


def test_an_action_the_rules_refuse_is_sent_as_it_is_and_must_be_refused(
    one_to_move: Adapter,
) -> None:
    driver = table(one_to_move)
    play(driver, "seat 1 attacks with 7S", "seat 2 beats 7S with 9S")
    last = driver.act(notation.action("seat 3 throws in 8H"), "seat 3 throws in 8H")
    assert not last.result.ok and (last.result.error or {}).get("code") == "illegal"
    assert not notes(driver), "no hand-over for an action the rules refuse anyway"
    assert driver.state is not None and driver.state["turn"] == 1


def test_a_hand_over_that_would_end_the_bout_is_not_made(one_to_move: Adapter) -> None:
    driver = table(one_to_move)
    play(driver, "seat 1 attacks with 7S", "seat 2 beats 7S with 9S")
    with pytest.raises(pytest.skip.Exception) as skipped:
        driver.act(notation.action("seat 3 is done"), "seat 3 is done")
    # Seat 1's done and then seat 3's would end the bout; seat 3's alone does not.
    assert "its done would change what seat 3's action does" in str(skipped.value)
    assert not notes(driver)


def test_what_a_seat_not_to_move_may_do_is_not_observed_and_turns_a_pass_into_a_skip(
    one_to_move: Adapter,
) -> None:
    driver = table(one_to_move)
    play(driver, "seat 1 attacks with 7S", "seat 2 beats 7S with 9S")
    assert driver.observes(1, "seat 1 may throw in")
    assert driver.skip_reason() is None
    assert not driver.observes(3, "seat 3 may throw in")
    reason = driver.skip_reason()
    assert reason == (
        "one player to move: features/test.feature:1 'seat 3 may throw in' cannot be "
        "observed: the engine waits for seat 1"
    )


def test_time_passes_for_one_seat_only(one_to_move: Adapter) -> None:
    driver = table(one_to_move, {"speed": "normal"})
    play(driver, "seat 1 attacks with 7S")
    driver.pass_time(5)  # only the defender's timer runs
    play(driver, "seat 2 beats 7S with 9S")
    with pytest.raises(pytest.skip.Exception) as skipped:
        driver.pass_time(5)
    assert "needs the timers of seats 1 and 3 to run at once: simultaneous play" in str(
        skipped.value
    )


def test_an_engine_with_simultaneous_play_gets_a_shadow_only_when_asked() -> None:
    driver = table(ReferenceAdapter())
    play(driver, "seat 1 attacks with 7S", "seat 2 beats 7S with 9S", "seat 3 throws in 7C")
    assert driver.turns is None
    shadow = driver.shadow()
    assert shadow is not None and shadow.state["table"] == driver.state["table"]  # type: ignore[index]
    assert [kind for kind, _ in shadow.history] == ["act", "act", "act"]


# ---------------------------------------------------------------------- checks of turn


@pytest.mark.parametrize(
    ("bug", "words"),
    [
        ("no-turn", "the engine claims capability turn, but its state has no turn"),
        ("others-act", "the engine waits for seat 2 (turn), yet seat(s) 1, 3 list actions"),
        ("defender-waits", "the engine waits for seat 2 (turn), but the rules give seat 2 nothing"),
        ("attacker-never-passes", "the harness handed the turn on with seat 1's done"),
    ],
)
def test_a_broken_turn_is_a_finding(bug: str, words: str) -> None:
    adapter = StdioAdapter(bad_turns(bug), checker=response_problem)
    try:
        driver = table(adapter)
        with pytest.raises(AssertionError) as failed:
            play(driver, "seat 1 attacks with 7S", "seat 2 beats 7S with 9S")
            driver.act(notation.action("seat 3 throws in 7C"), "seat 3 throws in 7C")
        assert words in str(failed.value), str(failed.value)
    finally:
        adapter.close()


def test_the_reference_behind_a_one_player_to_move_proxy_passes_every_scenario_it_runs(
    tmp_path: Path,
) -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "durak_conformance",
            "run",
            "--no-progress",
            "--reports",
            str(tmp_path),
            "--profile",
            "videochess",
            "--profile",
            "howto-durak",
            "--engine",
            "--",
            *PROXY,
        ],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    records = read_report(tmp_path / "one-to-move.json").records
    statuses = {r.status for r in records}
    assert statuses <= {"pass", "skip"}, [(r.id, r.message) for r in records if r.status != "pass"]
    skipped = [r for r in records if r.status == "skip"]
    passed = [r for r in records if r.status == "pass"]
    assert len(passed) > 0.85 * len(records), (len(passed), len(records))
    assert skipped, "some scenarios need simultaneous play"
    for record in skipped:
        assert record.message.startswith("one player to move: features/"), record.message
        assert "simultaneous play" in record.message or "cannot be observed" in record.message


FEATURE = """\
Feature: checks that cannot be observed with one player to move

  Background:
    Given the "howto-durak" profile
    And the trump card is 6♥
    And the stock, top first, is "K♥ A♥ 6♥"
    And seat 1 attacks first
    And the hands are:
      | seat | hand           |
      | 1    | 7♠ 7♦ 9♥ 6♣    |
      | 2    | 9♠ 10♠ J♦ Q♦ K♦ |
      | 3    | 7♣ 8♥ A♣       |
    And the position cannot be reached by legal play, because it tests the turn mapping only

  @id:test.unobserved-only
  Scenario: Only a check that cannot be made
    When they play:
      \"\"\"
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      \"\"\"
    Then seat 3 may throw in
    And seat 1 may throw in

  @id:test.unobserved-then-failing
  Scenario: A check that cannot be made, then one that fails
    When they play:
      \"\"\"
      seat 1 attacks with 7♠
      seat 2 beats 7♠ with 9♠
      \"\"\"
    Then seat 3 may throw in
    And seat 1 holds 9 cards
"""


def test_an_unobserved_check_skips_a_scenario_at_its_end_but_never_hides_a_failure(
    tmp_path: Path,
) -> None:
    (tmp_path / "checks.feature").write_text(FEATURE, encoding="utf-8")
    (tmp_path / "test_checks.py").write_text(
        "import pytest\nfrom pytest_bdd import scenarios\n\n"
        'pytestmark = pytest.mark.usefixtures("durak_adapter")\n'
        'scenarios("checks.feature")\n',
        encoding="utf-8",
    )
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    records = tmp_path / "records.jsonl"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            str(tmp_path),
            "-c",
            str(tmp_path / "pytest.ini"),
            "--rootdir",
            str(tmp_path),
            "-q",
            "-p",
            "no:cacheprovider",
            "--durak-engine",
            " ".join(PROXY),
            "--durak-records",
            str(records),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    results = {
        r["id"]: r for r in map(json.loads, records.read_text(encoding="utf-8").splitlines())
    }
    only = results["test.unobserved-only"]
    assert only["status"] == "skip", only
    assert (
        "'seat 3 may throw in' cannot be observed: the engine waits for seat 1" in (only["message"])
    )
    failing = results["test.unobserved-then-failing"]
    assert failing["status"] == "fail", failing
    assert "expected seat 1 to hold 9 cards" in failing["message"]


def test_a_refusal_after_the_engine_left_the_rules_says_so(one_to_move: Adapter) -> None:
    driver = table(one_to_move)
    play(driver, "seat 1 attacks with 7S", "seat 2 beats 7S with 9S")
    assert driver.turns is not None and driver.turns.shadow is not None
    # As if the engine had gone its own way: the rules' game has another card on the table.
    driver.turns.shadow.act({"type": "throw_in", "seat": 1, "card": "7D"})
    driver.location = "features/test.feature:20"
    with pytest.raises(AssertionError) as failed:
        play(driver, "seat 3 throws in 7C")
    message = str(failed.value)
    assert "'seat 3 throws in 7C' was refused by the engine" in message
    assert (
        "(one player to move: the engine's game differs from the rules' since "
        "features/test.feature:20 (table: the rules" in message
    ), message
    assert "so the step was sent as it is while the engine waits for seat 1)" in message
    assert not notes(driver)
