"""The guards of durak_conformance.limits: what they refuse, what they let through, and the
safe report names and report sets built on them."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from durak_conformance import limits
from durak_conformance.limits import LimitError, clip, decode_json, printable, safe_url
from durak_conformance.reports.atomic import write_set
from durak_conformance.reports.naming import check_name, is_safe_name, report_name


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (b'{"a": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "nested deeper than 32 levels"),
        (b'{"n": ' + b"9" * 5_000 + b"}", "an integer of 5000 digits"),
        (b'{"n": 9223372036854775808}', "beyond the 2^63 - 1 limit"),
        (b'{"n": 1e999}', "1e999 is beyond"),
        (b'{"n": -1e16}', "is beyond"),
        (b'{"n": NaN}', "NaN is not a JSON number"),
        (b'{"n": -Infinity}', "-Infinity is not a JSON number"),
        (b'{"id": "\\udc80"}', "lone surrogate (\\udc80)"),
        (b'{"id": "\\uD800x"}', "lone surrogate (\\ud800)"),
        (b'{"\\udfff": 1}', "lone surrogate (\\udfff)"),  # a key too
        (b'{"a": "\xed\xa0\x80"}', "not UTF-8"),  # an encoded surrogate
        (b'{"a": "\xff"}', "not UTF-8"),
        (b"{not json", "not JSON"),
    ],
)
def test_decode_json_refuses_what_is_beyond_the_limits(text: bytes, problem: str) -> None:
    with pytest.raises(LimitError) as info:
        decode_json(text)
    assert problem in str(info.value)


def test_decode_json_accepts_what_is_within_them() -> None:
    assert decode_json(b'{"emoji": "\\ud83d\\ude00", "n": -9223372036854775807}') == {
        "emoji": "\U0001f600",
        "n": -(2**63) + 1,
    }
    nested = "[" * 32 + "]" * 32
    assert decode_json(nested) is not None
    with pytest.raises(LimitError):
        decode_json("[" * 33 + "]" * 33)
    # brackets inside strings are not nesting
    assert decode_json(json.dumps({"text": "[" * 1000})) == {"text": "[" * 1000}
    assert decode_json(b'{"x": 1.5e3}') == {"x": 1500.0}


@given(
    st.recursive(
        st.none() | st.integers(-(2**62), 2**62) | st.text(),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
        max_leaves=30,
    )
)
def test_decode_json_reads_what_json_writes(value: object) -> None:
    text = json.dumps(value)
    if (
        "\\ud8" in text.lower()
        or "\\ud9" in text.lower()
        or any(f"\\ud{c}" in text.lower() for c in "abcdef")
    ):
        return  # hypothesis text may hold lone surrogates: refused, as tested above
    assert decode_json(text, depth=64) == value


def test_clip_says_how_much_was_cut() -> None:
    assert clip("abc", 5) == "abc"
    assert clip("x" * 10, 4) == "xxxx... [6 more characters]"


def test_printable_shows_control_characters_as_escapes() -> None:
    assert printable("a\x1b[2J\x07\x00b\u202ec\udc80") == "a\\x1b[2J\\x07\\x00b\\u202ec\\udc80"
    assert printable("line\nnext\tcell") == "line\nnext\tcell"
    assert printable("line\nnext\r", newlines=False) == "line\\nnext\\r"


@pytest.mark.parametrize(
    ("url", "safe"),
    [
        ("https://example.org/engine?x=1#y", True),
        ("http://example.org", True),
        ("javascript:alert(1)", False),
        ("data:text/html,<script>", False),
        ("https://example.org/\n- Result: **passed**", False),
        ('https://x.org/" onmouseover="alert(1)', False),
        ("https://x.org/<script>", False),
        ("ftp://example.org", False),
        ("", False),
        (None, False),
        ("https://x.org/" + "a" * 3000, False),
    ],
)
def test_only_plain_http_addresses_are_safe_links(url: str | None, safe: bool) -> None:
    assert (safe_url(url) is not None) == safe


# ------------------------------------------------------------------------------ names


@pytest.mark.parametrize(
    "name",
    [
        "x/../../../escaped",
        "/etc/passwd",
        "..",
        ".",
        "",
        "n" * 300,
        "engine\x1b[2J\x00",
        "mutants",
        "index",
        "Con",
        "a b",
        "-leading-dash",
        "trailing.",
        "имя",
    ],
)
def test_report_names_of_hostile_engine_names_are_plain_and_bounded(name: str) -> None:
    mapped = report_name(name)
    assert is_safe_name(mapped)
    assert len(mapped) <= limits.REPORT_NAME_CHARS
    assert "/" not in mapped and ".." not in mapped and mapped not in ("mutants", "index")
    assert Path(mapped).name == mapped


def test_report_names_are_stable_and_collision_free() -> None:
    assert report_name("seven-cards") == "seven-cards"  # a safe name is kept as it is
    assert report_name("My Engine") == report_name("My Engine")
    names = ["My Engine", "my-engine", "my engine", "MY ENGINE", "my_engine", "my--engine"]
    assert len({report_name(n) for n in names}) == len(names)
    long_a, long_b = "a" * 300, "a" * 299 + "b"
    assert report_name(long_a) != report_name(long_b)


@given(st.text(max_size=300))
def test_every_engine_name_maps_to_a_plain_file_name(name: str) -> None:
    mapped = report_name(name)
    assert is_safe_name(mapped) and len(mapped) <= limits.REPORT_NAME_CHARS


@pytest.mark.parametrize(
    ("name", "ok"),
    [
        ("engine", True),
        ("MyEngine-2.1", True),
        ("../outside", False),
        ("a/b", False),
        ("/abs", False),
        ("x" * 65, False),
        ("mutants", False),
        (".hidden", False),
        ("", False),
    ],
)
def test_name_option_must_be_a_plain_file_name(name: str, ok: bool) -> None:
    assert (check_name(name) is None) == ok


# -------------------------------------------------------------------------- report sets


def test_a_set_replaces_the_last_one_whole_and_removes_what_it_lacks(tmp_path: Path) -> None:
    old = {tmp_path / "r.json": "old json", tmp_path / "badges" / "r" / "badge-a.json": "a"}
    write_set(tmp_path, old)
    stale = tmp_path / "badges" / "r" / "badge-b.json"
    stale.write_text("b from an older run")
    new = {tmp_path / "r.json": "new json", tmp_path / "badges" / "r" / "badge-a.json": "A"}
    write_set(tmp_path, new, stale=[stale, tmp_path / "badges" / "r" / "badge-a.json"])
    assert (tmp_path / "r.json").read_text() == "new json"
    assert (tmp_path / "badges" / "r" / "badge-a.json").read_text() == "A"  # kept: in the set
    assert not stale.exists()
    leftovers = [p for p in tmp_path.rglob("*.tmp")]
    assert not leftovers


def test_a_set_that_cannot_be_written_leaves_the_last_one(tmp_path: Path) -> None:
    write_set(tmp_path, {tmp_path / "r.json": "old", tmp_path / "r.md": "old"})
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where a folder must go")
    with pytest.raises(OSError):
        write_set(
            tmp_path,
            {tmp_path / "r.json": "new", blocked / "r.md": "new"},
        )
    assert (tmp_path / "r.json").read_text() == "old"  # nothing replaced
    assert not list(tmp_path.rglob(".*.tmp"))


def test_a_set_is_written_with_the_usual_permissions(tmp_path: Path) -> None:
    write_set(tmp_path, {tmp_path / "r.json": "x"})
    mode = (tmp_path / "r.json").stat().st_mode & 0o777
    umask = os.umask(0)
    os.umask(umask)
    assert mode == 0o666 & ~umask


# ------------------------------------------------------------------------------ YAML


def test_yaml_anchors_within_the_limits_still_work(tmp_path: Path) -> None:
    from durak_conformance.bounded_yaml import compose, expanded_size

    node, loader = compose("base: &b {x: 1, y: [1, 2]}\ncopy: *b\n")
    try:
        assert expanded_size(node) == 1 + 2 * (1 + 2 + 2 + 1 + 2)  # aliases counted again
        assert loader.construct_document(node) == {
            "base": {"x": 1, "y": [1, 2]},
            "copy": {"x": 1, "y": [1, 2]},
        }
    finally:
        loader.dispose()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("a: &a [*a]\n", "refers to a value that contains it"),
        ("a: " + "[" * 65 + "]" * 65 + "\n", "nested deeper than 64 levels"),
        (
            "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
            + "".join(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 10)}]\n" for i in range(1, 7)),
            "more than 200,000 values",
        ),
    ],
)
def test_yaml_beyond_the_limits_is_refused(text: str, problem: str) -> None:
    import yaml

    from durak_conformance.bounded_yaml import YamlLimitError, compose

    with pytest.raises((YamlLimitError, yaml.YAMLError)) as info:
        compose(text)
    assert problem in str(info.value)


def test_a_stop_signal_waits_until_the_set_is_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A SIGTERM arriving between two renames of a set is held back until the last one."""
    import signal

    from durak_conformance import interrupts

    monkeypatch.setattr(interrupts, "_received", [])
    monkeypatch.setattr(interrupts, "forward_to_children", lambda signum: None)
    real_replace = os.replace
    renamed: list[str] = []

    def replace(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        if not renamed:  # the first rename is done, the signal comes before the second
            os.kill(os.getpid(), signal.SIGTERM)
        real_replace(src, dst)
        renamed.append(os.fspath(dst))

    monkeypatch.setattr(os, "replace", replace)
    files = {tmp_path / "r.json": "new", tmp_path / "r.md": "new"}
    with interrupts.handled(), pytest.raises(KeyboardInterrupt):
        write_set(tmp_path, files)
    assert len(renamed) == 2  # both files replaced before the interrupt
    assert (tmp_path / "r.md").read_text() == "new"
