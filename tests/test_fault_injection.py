"""The fault-injection suite: hostile engines, files, requests and signals that any release
must survive.

Each attack below runs the real program (``python -m durak_conformance``, see
``fault_support.py``) and must leave:

(a) a clear message naming what went wrong (``says``), and never a traceback;
(b) no process behind: every zoo process is gone, and nothing is left in the program's
    session;
(c) the last complete reports intact, or a complete new set, never a mix (``reports``);
(d) nothing written outside the reports folder;
(e) memory bounded (each process runs under a 1 GiB address-space limit) and time bounded
    (a generous deadline that detects a hang; no speed is asserted).

The outcome ``reports`` is one of ``intact`` (the seeded set untouched, nothing new but an
incomplete set), ``new`` (a complete new set of the name given, the rest untouched) or
``interrupted`` (intact, and what was played in ``incomplete/``, marked incomplete).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from fault_support import (
    BASELINE_NAME,
    PYTHON,
    Outcome,
    Scratch,
    check_complete_set,
    control_characters,
    engine,
    kill_left,
    make_scratch,
    processes_left,
    report_set,
    run_program,
    snapshot,
)

from durak_conformance import limits
from durak_conformance.reports.naming import report_name

ONE = "durak-challenge.take.added-card-needs-rank"
"""A scenario that plays actions: one is enough to meet a broken reply."""
TWO = f"{ONE},durak-challenge.take.with-unbeaten-card"
"""Two such scenarios: enough to see the engine restarted for the second."""
FEW = "durak-challenge.take.*"


def _run(scratch: Scratch, *args: str) -> list[str]:
    return ["run", "--no-progress", "--reports", str(scratch.reports), *args]


def _ids(selection: str) -> list[str]:
    """``--id`` options for a comma-separated selection."""
    return [arg for one in selection.split(",") for arg in ("--id", one)]


def _against(attack: str, *extra: str, selection: str = ONE) -> Callable[[Scratch], list[str]]:
    def args(scratch: Scratch) -> list[str]:
        return _run(scratch, *_ids(selection), *extra, "--engine", "--", *engine("hostile"))

    return args


@dataclass(frozen=True)
class Attack:
    """One attack and what it must lead to."""

    id: str
    args: Callable[[Scratch], list[str]]
    code: int
    says: tuple[str, ...]
    reports: str = "intact"
    name: str = BASELINE_NAME
    env: dict[str, str] = field(default_factory=dict)
    check: Callable[[Scratch, Outcome], None] | None = None
    files: Callable[[Scratch], None] | None = None
    stdin: bytes | None = None


# ------------------------------------------------------------------------ extra checks


def _no_escape(scratch: Scratch, outcome: Outcome) -> None:
    """Nothing at the places the engine's names point to (inside or outside the reports)."""
    for path in (
        Path("/tmp/durak-conformance-absolute-escape"),
        Path("/tmp/durak-conformance-absolute-escape.json"),
        scratch.reports / "badges" / BASELINE_NAME / "badge-x",
        scratch.root / "outer" / "escaped-engine.json",
        scratch.root / "escaped.json",
    ):
        assert not path.exists(), path
    for path in scratch.reports.rglob("*"):
        assert path.resolve().is_relative_to(scratch.reports.resolve()), path
        assert not path.name.startswith(("badge-x", "badge-.", "badge-badges", "badge-/")), path


def _not_linked(scratch: Scratch, outcome: Outcome) -> None:
    summary = report_set(scratch.reports, BASELINE_NAME)[".md"].read_text(encoding="utf-8")
    assert "<javascript:" not in summary and "](javascript:" not in summary
    assert "not an http(s) address: not linked" in summary


FORGED_NAME = "[click](javascript:alert(1)) <img src=x> | cell | `code`\x1b[2J\x07\x00"
"""The forged-text engine's name (see tests/engines/hostile.py)."""


def _not_forged(name: str) -> Callable[[Scratch, Outcome], None]:
    """Nothing the engine said forged a line, a heading, a link or a tag, and no control
    character reached the output or the files."""

    def check(scratch: Scratch, outcome: Outcome) -> None:
        assert control_characters(outcome.out) == []
        files = report_set(scratch.reports, name)
        for path in files.values():
            assert control_characters(path.read_text(encoding="utf-8")) == [], path
        summary = files[".md"].read_text(encoding="utf-8")
        lines = summary.splitlines()
        assert sum(line.startswith("- Result:") for line in lines) == 1, summary
        assert not any(line.startswith("## Forged") for line in lines), summary
        assert "not an http(s) address: not linked" in summary  # a homepage with line breaks
        assert "<img" not in summary
        assert not re.search(r"(?<!\\)\]\(", summary), "a Markdown link was forged"

    return check


def _bounded_records(scratch: Scratch, outcome: Outcome) -> None:
    files = report_set(scratch.reports, BASELINE_NAME)
    data = json.loads(files[".json"].read_text(encoding="utf-8"))
    assert data["records"] and all(r["status"] == "error" for r in data["records"])
    for record in data["records"]:
        assert len(record["message"]) < limits.MESSAGE_CHARS + 100
        assert len(json.dumps(record["transcript"])) < 200_000
    for path in files.values():
        assert path.stat().st_size < 2_000_000, f"{path} holds the 1 MB message"


def _restarted_each_time(fragment: str) -> Callable[[Scratch, Outcome], None]:
    def check(scratch: Scratch, outcome: Outcome) -> None:
        path = report_set(scratch.reports, BASELINE_NAME)[".json"]
        records = json.loads(path.read_text(encoding="utf-8"))["records"]
        assert len(records) > 1
        # each scenario meets the broken reply itself: the engine was restarted for it
        assert all(fragment in r["message"] for r in records), [r["message"] for r in records]

    return check


def _all_replies_json(scratch: Scratch, outcome: Outcome) -> None:
    lines = outcome.extra["stdout_lines"]
    assert isinstance(lines, list) and lines

    def refuse(name: str) -> None:
        pytest.fail(f"{name} in a reply of serve")

    for line in lines:
        json.loads(line, parse_constant=refuse)


# ------------------------------------------------------------------------------- files


def _yaml_bomb(scratch: Scratch, name: str) -> Path:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 10)]
    path = scratch.files / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _yaml_deep(scratch: Scratch, name: str) -> Path:
    path = scratch.files / name
    path.write_text("a: " + "[" * 20_000 + "]" * 20_000 + "\n", encoding="utf-8")
    return path


def _yaml_bigint(scratch: Scratch, name: str) -> Path:
    path = scratch.files / name
    path.write_text("implementation: x\nentries: []\nn: " + "9" * 5_000 + "\n", encoding="utf-8")
    return path


def _report_variant(scratch: Scratch, name: str, change: Callable[[str], str]) -> Path:
    base = report_set(scratch.reports, BASELINE_NAME)[".json"].read_text(encoding="utf-8")
    path = scratch.files / name
    path.write_text(change(base), encoding="utf-8")
    return path


def _deep_report(scratch: Scratch) -> Path:
    deep = "[" * 100_000 + "]" * 100_000
    return _report_variant(
        scratch, "deep.json", lambda t: t.replace('"transcript": []', f'"transcript": [{deep}]', 1)
    )


def _bigint_report(scratch: Scratch) -> Path:
    return _report_variant(
        scratch,
        "bigint.json",
        lambda t: re.sub(r'"line": \d+', '"line": ' + "9" * 5_000, t, count=1),
    )


def _good_report(scratch: Scratch) -> Path:
    return report_set(scratch.reports, BASELINE_NAME)[".json"]


# ------------------------------------------------------------------------------ the table

_SERVE_RULES = {
    "profile": "videochess",
    "false_catch_penalty_cards": 10**12,
}


def _line(message: object) -> bytes:
    return json.dumps(message).encode() + b"\n"


def _starts(count: int) -> bytes:
    from protocol_support import rules_for, seats, shuffled_deck

    _, rules = rules_for("durak-challenge")
    return b"".join(
        _line(
            {
                "id": n,
                "cmd": "start",
                "game": f"g{n}",
                "profile": "durak-challenge",
                "options": {},
                "rules": rules,
                "seats": seats(2),
                "seed": n,
                "deck": shuffled_deck(36, n),
            }
        )
        for n in range(count)
    )


def _serve_attack(lines: bytes) -> bytes:
    return lines + _line({"id": "last", "cmd": "bye"})


ATTACKS: list[Attack] = [
    # ---- 1. names from the engine are data, never paths
    Attack(
        "profile-paths",
        _against("profile-paths"),
        0,
        ("claims profiles this suite does not have", "x/../../../escaped"),
        "new",
        env={"HOSTILE_ATTACK": "profile-paths"},
        check=_no_escape,
    ),
    Attack(
        "profile-300-characters",
        _against("profile-long"),
        3,
        ("handshake beyond the limits", "a name of 300 characters"),
        env={"HOSTILE_ATTACK": "profile-long"},
    ),
    Attack(
        "profiles-20000",
        _against("profiles-many"),
        3,
        ("handshake beyond the limits", "profiles lists 20,005 names (at most 64)"),
        env={"HOSTILE_ATTACK": "profiles-many"},
    ),
    Attack(
        "name-300-characters",
        _against("name-long"),
        3,
        ("name has 300 characters (at most 200)",),
        env={"HOSTILE_ATTACK": "name-long"},
    ),
    Attack(
        "name-with-a-path",
        _against("name-path"),
        0,
        (f"{report_name('../../../escaped-engine')}.json",),
        "new",
        name=report_name("../../../escaped-engine"),
        env={"HOSTILE_ATTACK": "name-path"},
        check=_no_escape,
    ),
    Attack(
        "name-of-another-report",
        _against("name-reserved"),
        0,
        (f"{report_name('mutants')}.json",),
        "new",
        name=report_name("mutants"),
        env={"HOSTILE_ATTACK": "name-reserved"},
    ),
    Attack(
        "hello-extra-fields-100k",
        _against("hello-huge-extra"),
        3,
        ("the extra fields take",),
        env={"HOSTILE_ATTACK": "hello-huge-extra"},
    ),
    # ---- 4. text from the engine never breaks or forges output
    Attack(
        "text-that-would-forge-output",
        _against("forged-text"),
        0,
        ("1 passed",),
        "new",
        name=report_name(FORGED_NAME),
        env={"HOSTILE_ATTACK": "forged-text"},
        check=_not_forged(report_name(FORGED_NAME)),
    ),
    Attack(
        "homepage-javascript",
        _against("homepage-javascript"),
        0,
        ("1 passed",),
        "new",
        env={"HOSTILE_ATTACK": "homepage-javascript"},
        check=_not_linked,
    ),
    Attack(
        "lone-surrogate-in-hello",
        _against("hello-surrogate"),
        3,
        ("lone surrogate (\\udc80)",),
        env={"HOSTILE_ATTACK": "hello-surrogate"},
    ),
    Attack(
        "lone-surrogate-in-a-reply",
        _against("surrogate-reply", selection=TWO),
        1,
        ("lone surrogate (\\udc80)",),
        "new",
        env={"HOSTILE_ATTACK": "surrogate-reply"},
        check=_restarted_each_time("lone surrogate"),
    ),
    Attack(
        "error-message-of-1-MB",
        _against("huge-error", selection=TWO),
        1,
        ("refused act with 'internal'", "more characters]"),
        "new",
        env={"HOSTILE_ATTACK": "huge-error"},
        check=_bounded_records,
    ),
    Attack(
        "start-refusal-of-1-MB",
        _against("huge-refusal", selection=TWO),
        1,
        ("refused start with 'internal'",),
        "new",
        env={"HOSTILE_ATTACK": "huge-refusal"},
        check=_bounded_records,
    ),
    # ---- 5. deep nesting and huge numbers
    Attack(
        "reply-nested-100000-deep",
        _against("deep-reply", selection=TWO),
        1,
        ("nested deeper than 32 levels",),
        "new",
        env={"HOSTILE_ATTACK": "deep-reply"},
        check=_restarted_each_time("nested deeper than 32 levels"),
    ),
    Attack(
        "reply-with-a-5000-digit-integer",
        _against("bigint-reply"),
        1,
        ("an integer of 5000 digits",),
        "new",
        env={"HOSTILE_ATTACK": "bigint-reply"},
    ),
    Attack(
        "reply-with-1e999",
        _against("infinity-reply"),
        1,
        ("1e999 is beyond",),
        "new",
        env={"HOSTILE_ATTACK": "infinity-reply"},
    ),
    # ---- 8. smaller
    Attack(
        "invented-card-in-the-deal",
        _against("invented-card"),
        1,
        ("2C in seat 1's hand, which is not a card of this game's 36-card deck",),
        "new",
        env={"HOSTILE_ATTACK": "invented-card"},
    ),
    Attack(
        "wrong-shape-without-schema-checks",
        _against("wrong-shape", "--no-schema-check"),
        1,
        ("replied with a message of the wrong shape",),
        "new",
        env={"HOSTILE_ATTACK": "wrong-shape"},
    ),
    Attack(
        "option-no-profile-offers",
        lambda s: _run(s, "--option", "deck=0"),
        2,
        ("--option deck=0: no profile offers that value",),
    ),
    Attack("timeout-nan", lambda s: _run(s, "--timeout", "nan"), 2, ("a timeout is a number",)),
    Attack("timeout-zero", lambda s: _run(s, "--timeout", "0"), 2, ("a timeout is a number",)),
    Attack(
        "name-with-a-folder",
        lambda s: _run(s, "--name", "../outside", "--id", ONE),
        2,
        ("a report name is a plain file name",),
    ),
    Attack(
        "nothing-selected",
        lambda s: _run(s, "--id", "no.such.scenario"),
        2,
        ("matched no scenario", "no report was written"),
    ),
    # ---- smoke and fuzz against broken replies
    Attack(
        "smoke-lone-surrogate",
        lambda s: ["smoke", "--", *engine("hostile")],
        1,
        ("lone surrogate",),
        env={"HOSTILE_ATTACK": "surrogate-reply"},
    ),
    Attack(
        "smoke-reply-nested-100000-deep",
        lambda s: ["smoke", "--", *engine("hostile")],
        1,
        ("nested deeper than 32 levels",),
        env={"HOSTILE_ATTACK": "deep-reply"},
    ),
    *(
        Attack(
            f"smoke-wrong-shape-{shape}",
            lambda s: ["smoke", "--no-schema-check", "--", *engine("hostile")],
            1,
            ("[FAIL] play a short game to the end",),
            env={"HOSTILE_ATTACK": "wrong-shape", "HOSTILE_SHAPE": shape},
        )
        for shape in ("state", "cards")
    ),
    Attack(
        "fuzz-lone-surrogate",
        lambda s: [
            "fuzz",
            *("--profile", "durak-challenge", "--games", "2", "--no-shrink"),
            *("--out", str(s.reports / "fuzz"), "--engine", "--", *engine("hostile")),
        ],
        1,
        ("lone surrogate",),
        env={"HOSTILE_ATTACK": "surrogate-reply"},
    ),
    Attack(
        "fuzz-reply-nested-100000-deep",
        lambda s: [
            "fuzz",
            *("--profile", "durak-challenge", "--games", "2", "--no-shrink"),
            *("--out", str(s.reports / "fuzz"), "--engine", "--", *engine("hostile")),
        ],
        1,
        ("nested deeper than 32 levels",),
        env={"HOSTILE_ATTACK": "deep-reply"},
    ),
    *(
        Attack(
            f"fuzz-wrong-shape-{shape}",
            lambda s: [
                "fuzz",
                *("--profile", "durak-challenge", "--games", "2", "--no-shrink"),
                "--no-schema-check",
                *("--out", str(s.reports / "fuzz"), "--engine", "--", *engine("hostile")),
            ],
            1,
            ("DIVERGENCE",),
            env={"HOSTILE_ATTACK": "wrong-shape", "HOSTILE_SHAPE": shape},
        )
        for shape in ("cards",)
    ),
    # ---- 3. a child holding the engine's stdout; processes it starts
    *(
        Attack(
            f"child-holds-stdout-{label}",
            lambda s: _run(
                s, *_ids(TWO), "--timeout", "60", "--engine", "--", *engine("holds_stdout")
            ),
            1,
            ("a process it started still held its stdout open",),
            "new",
            env={"HOSTILE_ATTACK": "", "HOLDS_STDOUT_MODE": "exit", "BROKEN_TRIGGER": "", **env},
        )
        for label, env in (
            ("same-group", {}),
            ("own-session", {"HOLDS_STDOUT_SESSION": "1"}),
            ("daemon", {"HOLDS_STDOUT_SESSION": "1", "HOLDS_STDOUT_DAEMON": "1"}),
        )
    ),
    Attack(
        "child-holds-stdout-and-the-engine-hangs",
        lambda s: _run(s, "--id", ONE, "--timeout", "2", "--engine", "--", *engine("holds_stdout")),
        1,
        ("did not answer within 2 s (killed)",),
        "new",
        env={"HOLDS_STDOUT_MODE": "hang", "HOLDS_STDOUT_SESSION": "1", "BROKEN_TRIGGER": ""},
    ),
    Attack(
        "smoke-child-holds-stdout",
        lambda s: ["smoke", "--timeout", "60", "--", *engine("holds_stdout")],
        1,
        ("a process it started still held its stdout open",),
        env={"HOLDS_STDOUT_SESSION": "1", "BROKEN_TRIGGER": ""},
    ),
    # ---- 6. files that exhaust memory
    Attack(
        "expectations-alias-bomb",
        lambda s: _run(s, "--id", ONE, "--expectations", str(_yaml_bomb(s, "bomb.yaml"))),
        2,
        ("beyond the limits", "an alias bomb"),
    ),
    Attack(
        "expectations-nested-20000-deep",
        lambda s: _run(s, "--id", ONE, "--expectations", str(_yaml_deep(s, "deep.yaml"))),
        2,
        ("nested deeper than 64 levels",),
    ),
    Attack(
        "expectations-5000-digit-integer",
        lambda s: _run(s, "--id", ONE, "--expectations", str(_yaml_bigint(s, "big.yaml"))),
        2,
        ("5000 digits",),
    ),
    Attack(
        "profile-alias-bomb",
        lambda s: ["rules", "check", str(_yaml_bomb(s, "bomb-profile.yaml"))],
        2,
        ("beyond the limits", "an alias bomb"),
    ),
    Attack(
        "profile-nested-20000-deep",
        lambda s: ["rules", "check", str(_yaml_deep(s, "deep-profile.yaml"))],
        2,
        ("nested deeper than 64 levels",),
    ),
    Attack(
        "diff-report-nested-100000-deep",
        lambda s: ["diff", str(_good_report(s)), str(_deep_report(s))],
        2,
        ("not a report within the limits", "nested deeper than 64 levels"),
    ),
    Attack(
        "diff-report-with-a-5000-digit-integer",
        lambda s: ["diff", str(_bigint_report(s)), str(_good_report(s))],
        2,
        ("not a report within the limits", "5000 digits"),
    ),
    # ---- 7. the server
    Attack(
        "serve-hostile-requests",
        lambda s: ["serve"],
        0,
        (
            "rules.false_catch_penalty_cards is 1000000000000",
            "the number 1e999 is beyond",
            "lone surrogate",
            "line longer than 65536 bytes (",
            "nested deeper than 32 levels",
            "an integer of 5000 digits",
        ),
        stdin=_serve_attack(
            _line(
                {
                    "id": 1,
                    "cmd": "start",
                    "game": "g",
                    "profile": "videochess",
                    "options": {},
                    "rules": _SERVE_RULES,
                    "seats": [{"seat": 1, "human": True}, {"seat": 2, "human": True}],
                    "seed": 1,
                    "deck": ["7H"],
                }
            )
            + b'{"id": 2, "cmd": "clock", "game": "g", "seconds": 1e999}\n'
            + b'{"id": "\\ud800", "cmd": "bye"}\n'
            + b'{"id": 3, "cmd": "start", "deck": ['
            + b'"7H", ' * 150_000
            + b'"7H"]}\n'
            + b'{"id": 4, "cmd": "state", "game": '
            + b"[" * 30_000
            + b"]" * 30_000
            + b"}\n"
            + b'{"id": 5, "cmd": "state", "game": "g", "n": '
            + b"9" * 5_000
            + b"}\n"
        ),
        check=_all_replies_json,
    ),
    Attack(
        "serve-1001-games",
        lambda s: ["serve"],
        0,
        ("1000 games are running on this connection", '"id":1000,"ok":false'),
        stdin=_serve_attack(_starts(1001)),
        check=_all_replies_json,
    ),
]


@pytest.fixture(scope="session")
def baseline(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A last complete report set (and a file another command wrote) to keep intact."""
    root = tmp_path_factory.mktemp("baseline")
    scratch = make_scratch(root, None)
    reports = root / "reports"
    outcome = run_program(
        scratch,
        [
            "run",
            "--no-progress",
            "--reports",
            str(reports),
            "--id",
            FEW,
            "--engine",
            "--",
            PYTHON,
            "-m",
            "durak_conformance",
            "serve",
        ],
    )
    assert outcome.code == 0, outcome.out
    (reports / "mutants.json").write_text('{"written by": "durak-conformance mutants"}\n')
    return reports


def _judge(
    attack: Attack,
    scratch: Scratch,
    outcome: Outcome,
    before: dict[str, str],
    outside: dict[str, str],
) -> None:
    text = outcome.out
    assert "Traceback" not in text, text
    assert outcome.code == attack.code, text
    for fragment in attack.says:
        assert fragment in text, f"{fragment!r} not in:\n{text}"
    left = processes_left(scratch, outcome)
    assert not left, left
    skip = [scratch.reports, scratch.pids]
    assert snapshot(scratch.root, skip=skip) == outside, "something was written outside"
    after = snapshot(scratch.reports)
    if attack.reports == "intact":
        assert {
            k: v for k, v in after.items() if not k.startswith(("incomplete/", "fuzz/"))
        } == before
    elif attack.reports == "new":
        check_complete_set(scratch.reports, attack.name)
        kept = {k: v for k, v in before.items() if not _of_set(k, attack.name)}
        assert {k: after.get(k) for k in kept} == kept, "another report set was touched"
        stray = set(after) - set(before) - {k for k in after if _of_set(k, attack.name)}
        assert not stray, stray
    if attack.check is not None:
        attack.check(scratch, outcome)


def _of_set(path: str, name: str) -> bool:
    return path in (f"{name}.json", f"{name}.junit.xml", f"{name}.md") or path.startswith(
        f"badges/{name}/"
    )


@pytest.mark.parametrize("attack", ATTACKS, ids=[a.id for a in ATTACKS])
def test_attack(attack: Attack, baseline: Path, tmp_path: Path) -> None:
    scratch = make_scratch(tmp_path, baseline)
    before = snapshot(scratch.reports)
    args = attack.args(scratch)  # may write the attack's input files
    outside = snapshot(scratch.root, skip=[scratch.reports, scratch.pids])
    try:
        outcome = run_program(scratch, args, env=attack.env, stdin=attack.stdin)
        if attack.stdin is not None:
            outcome.extra["stdout_lines"] = [
                line for line in outcome.out.splitlines() if line.startswith("{")
            ]
        _judge(attack, scratch, outcome, before, outside)
    finally:
        kill_left(scratch)


# ---------------------------------------------------------------------------- signals


def _actions_answered(scratch: Scratch, count: int) -> Callable[[], bool]:
    def enough() -> bool:
        path = scratch.pids / "actions"
        return path.exists() and path.stat().st_size >= count

    return enough


def _ctrl_c(process: subprocess.Popen[bytes]) -> None:
    """What a terminal does on Ctrl-C: SIGINT to the whole foreground group -- twice."""
    os.killpg(process.pid, signal.SIGINT)
    os.killpg(process.pid, signal.SIGINT)


def _sigterm(process: subprocess.Popen[bytes]) -> None:
    """What a CI runner does when a job is cancelled: SIGTERM to the main process only."""
    process.send_signal(signal.SIGTERM)


SIGNALS = [
    ("ctrl-c", _ctrl_c, 130, "SIGINT", "1"),
    ("sigterm", _sigterm, 143, "SIGTERM", "1"),
    ("ctrl-c-jobs-2", _ctrl_c, 130, "SIGINT", "2"),
    ("sigterm-jobs-2", _sigterm, 143, "SIGTERM", "2"),
]


@pytest.mark.parametrize(
    ("send", "code", "name", "jobs"), [s[1:] for s in SIGNALS], ids=[s[0] for s in SIGNALS]
)
def test_an_interrupted_run_is_not_a_result(
    send: Callable[[subprocess.Popen[bytes]], None],
    code: int,
    name: str,
    jobs: str,
    baseline: Path,
    tmp_path: Path,
) -> None:
    """Interrupted half way, a run exits 128 + N, says so, leaves the last complete reports
    as they were and what it played in incomplete/ (marked incomplete, never passed), and
    leaves no engine or worker behind."""
    scratch = make_scratch(tmp_path, baseline)
    before = snapshot(scratch.reports)
    outside = snapshot(scratch.root, skip=[scratch.reports, scratch.pids])
    args = _run(
        scratch, "--profile", "durak-challenge", "--jobs", jobs, "--engine", "--", *engine("slow")
    )
    try:
        outcome = run_program(
            scratch,
            args,
            env={"BROKEN_TRIGGER": "", "SLOW_SECONDS": "0.05"},
            signal_when=_actions_answered(scratch, 30),
            send=send,
        )
        assert "Traceback" not in outcome.out, outcome.out
        assert outcome.code == code, outcome.out
        assert name in outcome.out and ("INCOMPLETE" in outcome.out or "interrupted" in outcome.out)
        assert not processes_left(scratch, outcome)
        assert snapshot(scratch.root, skip=[scratch.reports, scratch.pids]) == outside
        after = snapshot(scratch.reports)
        assert {k: v for k, v in after.items() if not k.startswith("incomplete/")} == before
        partial = report_set(scratch.reports / "incomplete", BASELINE_NAME)
        if partial[".json"].exists():  # what was played, clearly marked
            data = check_incomplete(partial)
            assert data["footer"]["exit_code"] == code
    finally:
        kill_left(scratch)


def check_incomplete(files: dict[str, Path]) -> Any:
    data = json.loads(files[".json"].read_text(encoding="utf-8"))
    footer = data["footer"]
    assert footer["stopped_early"] and footer["stop_reason"].startswith("interrupted by")
    summary = files[".md"].read_text(encoding="utf-8")
    assert "- Result: **INCOMPLETE**" in summary
    assert "**passed**" not in summary
    assert files[".junit.xml"].is_file()
    return data


def test_a_stopped_smoke_or_fuzz_leaves_no_process(baseline: Path, tmp_path: Path) -> None:
    for n, args in enumerate(
        (
            ["smoke", "--", *engine("slow")],
            [
                "fuzz",
                "--profile",
                "durak-challenge",
                "--games",
                "400",
                "--jobs",
                "2",
                "--out",
                "REPORTS/fuzz",
                "--engine",
                "--",
                *engine("slow"),
            ],
        )
    ):
        scratch = make_scratch(tmp_path / str(n), baseline)
        args = [a.replace("REPORTS", str(scratch.reports)) for a in args]
        try:
            outcome = run_program(
                scratch,
                args,
                env={"BROKEN_TRIGGER": "", "SLOW_SECONDS": "0.05"},
                signal_when=_actions_answered(scratch, 10),
                send=_sigterm,
            )
            assert outcome.code == 143, outcome.out
            assert "Traceback" not in outcome.out, outcome.out
            assert not processes_left(scratch, outcome)
        finally:
            kill_left(scratch)


def test_two_runs_into_one_folder_leave_one_whole_set(baseline: Path, tmp_path: Path) -> None:
    """Two runs writing the same report set at the same time: the folder ends with one run's
    JSON, JUnit, Markdown and badges, never parts of both."""
    scratch = make_scratch(tmp_path, baseline)
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parent.parent))
    serve = ["--engine", "--", PYTHON, "-m", "durak_conformance", "serve"]
    runs = [
        subprocess.Popen(
            [PYTHON, "-m", "durak_conformance", *_run(scratch, "--id", selection, *serve)],
            cwd=scratch.work,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for selection in (FEW, "durak-challenge.throw-in.*")
    ]
    assert [p.wait(timeout=300) for p in runs] == [0, 0]
    check_complete_set(scratch.reports, BASELINE_NAME)
