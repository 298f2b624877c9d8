"""Mistakes in a feature file fail with a message naming the file and the line."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

HEADER = """\
Feature: mistakes
  @id:videochess.mistakes.x @rule:videochess.defence.beat
  Scenario: a mistake
    Source: a test of the harness.
    Given the "videochess" profile
"""


def run_feature(tmp_path: Path, body: str) -> str:
    features = tmp_path / "features" / "videochess"
    features.mkdir(parents=True)
    (features / "mistakes.feature").write_text(HEADER + textwrap.dedent(body), encoding="utf-8")
    (tmp_path / "test_mistakes.py").write_text(
        "import pytest\nfrom pytest_bdd import scenarios\n"
        "pytestmark = pytest.mark.usefixtures('durak_adapter')\n"
        "scenarios('features')\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:randomly",
            "-p",
            "no:cacheprovider",
            "--durak-adapter",
            "reference",
            "test_mistakes.py",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1, done.stdout + done.stderr
    return done.stdout + done.stderr


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("    And the moon is full\n", 'Line 6 in scenario "a mistake"'),
        (
            "    And the trump card is 1♥\n    Then seat 1 attacks next\n",
            "features/videochess/mistakes.feature:6: '1♥' is not a card",
        ),
        (
            """\
            And the trump card is 6♥
            And the hands are:
              | seat | hand  |
              | 1    | 7♠ 8♦ |
              | 2    | 7♠    |
            Then seat 1 attacks next
            """,
            "features/videochess/mistakes.feature:11: 7S is both in seat 1's hand and in "
            "seat 2's hand",
        ),
        (
            """\
            And the trump card is 6♥
            And the hands are:
              | seat | hand  |
              | 1    | 2♠    |
              | 2    | 7♠    |
            Then seat 1 attacks next
            """,
            "2S in seat 1's hand is not a card of the 36-card deck",
        ),
        ("    When seat 1 juggles 7♠\n", "cannot read the action 'seat 1 juggles 7♠'"),
    ],
)
def test_a_mistake_names_the_file_and_line(tmp_path: Path, body: str, expected: str) -> None:
    output = run_feature(tmp_path, body)
    assert expected in output, output
