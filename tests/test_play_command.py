"""``durak-conformance play``: simulated games under any profile."""

from __future__ import annotations

import pytest

from durak_conformance.cli import main


def test_one_game_is_shown_to_its_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "videochess", "--option", "rules=transfer", "--seats", "3"]) == 0
    out = capsys.readouterr().out
    assert "videochess, 3 seats, seed 1" in out
    assert "attacks with" in out and ("durak:" in out or "draw" in out)


def test_many_games_are_summarised(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["play", "howto-durak", "--games", "20", "--seats", "4", "--option", "teams=pairs"])
        == 0
    )
    out = capsys.readouterr().out
    assert "20 games, 4 seats" in out and "pair_" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "unknown profile"),
        (["play", "videochess", "--option", "rules=blitz"], "rules"),
        (["play", "videochess", "--seats", "9"], "seats"),
        (["play", "videochess", "--option", "rules"], "KEY=VALUE"),
    ],
)
def test_bad_input_is_refused_with_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(args) == 2
    assert message in capsys.readouterr().err
