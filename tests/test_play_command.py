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


def test_output_is_plain_text_not_python(capsys: pytest.CaptureFixture[str]) -> None:
    """Counts read as English ("1 card"), summaries as listings, never Python dicts."""
    assert main(["play", "howto-durak", "--games", "6"]) == 0
    summary = capsys.readouterr().out
    assert "{" not in summary and "'" not in summary
    assert "games lost (durak), by seat: seat 1:" in summary
    for seed in range(1, 6):
        assert main(["play", "howto-durak", "--seed", str(seed)]) == 0
        assert " 1 cards " not in capsys.readouterr().out
