"""The second reading: every sentence of each document mapped in its profile, and every way
a sentence map can be wrong."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from profile_support import profile_error, raw_profile, write_profile

from durak_conformance.cli import main
from durak_conformance.profiles import list_profiles, load_profile
from durak_conformance.sentence_map import MapEntry, check_map, digest, split_document

SEED_DIR = Path(__file__).resolve().parents[2] / "shared" / "seeds"
needs_seeds = pytest.mark.skipif(
    not SEED_DIR.is_dir(), reason="the rule documents (../shared/seeds) are not beside the project"
)


# --------------------------------------------------------------------------- splitting


def test_a_line_is_cut_after_each_sentence() -> None:
    text = "Title\n\nThe deck has 36 cards. Each player gets six!  Who starts?\n"
    got = [(s.n, s.line, s.text) for s in split_document(text)]
    assert got == [
        (1, 1, "Title"),
        (2, 3, "The deck has 36 cards."),
        (3, 3, "Each player gets six!"),
        (4, 3, "Who starts?"),
    ]


def test_a_list_number_stays_with_its_sentence_and_lowercase_does_not_cut() -> None:
    text = "1. The value must match. 2. At most six.\nThe table, e.g. six cards, is full.\n"
    assert [s.text for s in split_document(text)] == [
        "1. The value must match.",
        "2. At most six.",
        "The table, e.g. six cards, is full.",
    ]


def test_quotes_and_bullets_open_a_sentence() -> None:
    text = 'Press it. "Take" ends it. • A bullet.\n'
    assert [s.text for s in split_document(text)] == ["Press it.", '"Take" ends it.', "• A bullet."]


def test_the_digest_ignores_spacing_only() -> None:
    assert digest("Two  to four\tplayers.") == digest("Two to four players.")
    assert digest("Two to four players.") != digest("Two to five players.")
    assert len(digest("x")) == 10


# --------------------------------------------------------------------------- the bundled maps


@needs_seeds
@pytest.mark.parametrize("pid", list_profiles())
def test_every_sentence_of_the_document_is_mapped_in_order(pid: str) -> None:
    profile = load_profile(pid)
    text = (SEED_DIR / profile.source["seed"]).read_text("utf-8")
    assert profile.sentence_map, f"{pid} records no second reading"
    assert check_map(profile.sentence_map, text) == []


@pytest.mark.parametrize("pid", list_profiles())
def test_every_stated_clause_and_parameter_comes_from_some_sentence(pid: str) -> None:
    """What a profile says a document states must be found on a line of the map."""
    profile = load_profile(pid)
    targets = {t for e in profile.sentence_map for t in e.maps}
    unmapped = [
        f"clause:{c.id}"
        for c in profile.clauses
        if c.provenance.kind == "stated" and f"clause:{c.id}" not in targets
    ] + [
        f"parameter:{p.name}"
        for p in profile.parameters.values()
        if p.provenance.kind == "stated" and f"parameter:{p.name}" not in targets
    ]
    assert unmapped == [], "stated, but no sentence of the document maps to it"


@pytest.mark.parametrize("pid", list_profiles())
def test_no_rule_sentences_say_why(pid: str) -> None:
    for entry in load_profile(pid).sentence_map:
        assert bool(entry.maps) != (entry.not_a_rule is not None), entry
        if entry.not_a_rule not in (None, "heading"):
            assert entry.reason, entry


# --------------------------------------------------------------------------- checking a map


def _entries(text: str) -> list[MapEntry]:
    return [
        MapEntry(s.n, s.digest, "a gist", ("clause:x.table.seats",)) for s in split_document(text)
    ]


def test_a_complete_map_has_no_problems() -> None:
    text = "Heading\nOne rule. Another rule.\n"
    assert check_map(_entries(text), text) == []


def test_a_changed_sentence_is_named_by_number_and_line() -> None:
    text = "Heading\nOne rule. Another rule.\n"
    changed = text.replace("Another", "A third")
    problems = check_map(_entries(text), changed)
    assert len(problems) == 1
    assert "sentence 3 (line 2)" in problems[0] and "A third rule." in problems[0]


def test_a_sentence_left_out_and_one_too_many_are_named() -> None:
    text = "Heading\nOne rule. Another rule.\n"
    missing = check_map(_entries(text)[:2], text)
    assert missing == [
        "1 sentence(s) not in the map, from sentence 3 (line 2, digest "
        f"{digest('Another rule.')}): 'Another rule.'"
    ]
    extra = check_map(_entries(text), "Heading\nOne rule.\n")
    assert extra == ["the map has 3 entries, the document 2 sentences"]


# --------------------------------------------------------------------------- broken maps


def _with_map(tmp_path: Path, entries: list[dict[str, Any]]) -> Path:
    data = raw_profile("videochess")
    data["sentence_map"] = entries
    return write_profile(tmp_path, data)


GOOD = {"n": 1, "digest": "0123456789", "gist": "seats", "maps": ["clause:videochess.table.seats"]}


def test_a_good_entry_loads(tmp_path: Path) -> None:
    entry = load_profile(_with_map(tmp_path, [GOOD])).sentence_map[0]
    assert entry == MapEntry(1, "0123456789", "seats", ("clause:videochess.table.seats",))


@pytest.mark.parametrize(
    ("change", "where", "message"),
    [
        ({"maps": ["clause:videochess.table.nowhere"]}, "sentence_map.0.maps.0", "names no clause"),
        ({"maps": ["parameter:deck_colour"]}, "sentence_map.0.maps.0", "names no parameter"),
        ({"maps": ["option:teams=trios"]}, "sentence_map.0.maps.0", "names no option"),
        ({"not_a_rule": "display", "reason": "how it looks"}, "sentence_map.0", "exactly one of"),
        ({"n": 2}, "sentence_map.0.n", "expected 1"),
        ({"digest": "7385365022x"}, "sentence_map.0.digest", "not well formed"),
        ({"not_a_rule": "gossip"}, "sentence_map.0.not_a_rule", "gossip"),
    ],
)
def test_a_broken_entry_is_named(
    tmp_path: Path, change: dict[str, Any], where: str, message: str
) -> None:
    text = profile_error(_with_map(tmp_path, [{**GOOD, **change}]))
    assert where in text and message in text, text


def test_a_rule_free_sentence_needs_a_reason_but_a_heading_does_not(tmp_path: Path) -> None:
    bare = {"n": 1, "digest": "0123456789", "gist": "hints"}
    text = profile_error(_with_map(tmp_path, [{**bare, "not_a_rule": "display"}]))
    assert "sentence_map.0" in text and "needs a 'reason'" in text
    heading = load_profile(_with_map(tmp_path, [{**bare, "not_a_rule": "heading"}]))
    assert heading.sentence_map[0].not_a_rule == "heading"


# --------------------------------------------------------------------------- the command


def test_the_command_checks_a_document_and_prints_a_skeleton(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    document = tmp_path / "doc.txt"
    document.write_text("Seats\nThe table has four seats.\n", "utf-8")
    profile = _with_map(tmp_path, [{**GOOD, "digest": digest("Seats"), "not_a_rule": "heading"}])
    data = yaml.safe_load(profile.read_text("utf-8"))
    del data["sentence_map"][0]["maps"]
    profile.write_text(yaml.safe_dump(data, sort_keys=False), "utf-8")

    code = main(["rules", "sentences", str(profile), "--document", str(document)])
    out, err = capsys.readouterr()
    assert code == 1
    assert "1 sentence(s) not in the map, from sentence 2 (line 2" in err

    assert (
        main(["rules", "sentences", str(profile), "--document", str(document), "--skeleton"]) == 0
    )
    out, _ = capsys.readouterr()
    skeleton = yaml.safe_load(out)
    assert skeleton == [
        {"n": 2, "digest": digest("The table has four seats."), "gist": "", "maps": []}
    ]

    assert main(["rules", "sentences", str(profile), "--skeleton"]) == 2
    assert "needs --document" in capsys.readouterr().err
    assert main(["rules", "sentences", str(profile), "--document", str(tmp_path / "no")]) == 2
    assert "--document" in capsys.readouterr().err
