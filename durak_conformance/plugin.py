"""The pytest plugin that runs the Gherkin conformance suite against engines.

Registered once through the ``pytest11`` entry point.  It adds the ``durak-conformance``
option group, turns ``@id:`` / ``@rule:`` tags into markers, runs every scenario once per
adapter (``--durak-adapter NAME`` or ``--durak-engine "COMMAND"``), skips scenarios an engine
cannot play (profile or capability not claimed) with the reason, and records each scenario's
outcome, profile, options, clauses and transcript in ``item.user_properties`` for the reports.

A failing scenario's record also says which check failed first and why (``failure``, see
:mod:`durak_conformance.causes`), including whether it was *blocked*: failed before its
subject steps (:mod:`durak_conformance.steps.subject`).  Refusals whose reason was missing
or different are listed in ``reason_notes``; they fail the scenario only with
``--durak-strict-reasons``.
"""

from __future__ import annotations

import contextlib
import functools
import json
import re
import shlex
import sys
from collections.abc import Generator, Iterator, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest

from adapters.base import Adapter, EngineFailure
from durak_conformance import step_lookup
from durak_conformance.causes import ALWAYS_BLOCKED, CheckFailed, Failure, short, signature
from durak_conformance.reports import bounds
from durak_conformance.selection import Selection
from durak_conformance.steps.driver import JSON, TableDriver
from durak_conformance.steps.notation import ScenarioError
from durak_conformance.steps.subject import step_texts, subject_line

GROUP = "durak-conformance"


def step_modules() -> list[str]:
    """Every ``*_steps.py`` module of :mod:`durak_conformance.steps`, in name order."""
    import pkgutil

    import durak_conformance.steps as package

    return [
        f"{package.__name__}.{info.name}"
        for info in pkgutil.iter_modules(package.__path__)
        if info.name.endswith("_steps")
    ]


MARKERS = {
    "scenario_id": "scenario_id(id): the stable id of a conformance scenario (@id: tag)",
    "rule": "rule(clause): a ruleset clause the scenario exercises (@rule: tag)",
    "ambiguous": "ambiguous: the scenario tests a profile's chosen reading of an ambiguous rule",
    "reading": "reading(param=value): the scenario is played, and judged, under that reading "
    "of an ambiguous parameter (@reading: tag)",
    "dimension": "dimension(parameter): a rule dimension a comparison scenario demonstrates",
}
PROPERTY_KEY = "durak"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup(GROUP, "durak-conformance: engines and profiles to check")
    group.addoption(
        "--durak-adapter",
        action="append",
        default=[],
        metavar="NAME",
        help="run the suite against this adapter (repeatable); "
        "default: the durak_adapters ini value, else 'reference'",
    )
    group.addoption(
        "--durak-engine",
        action="append",
        default=[],
        metavar="COMMAND",
        help="run the suite against an engine program speaking the protocol "
        "over stdio, given as one shell-quoted command line (repeatable)",
    )
    group.addoption(
        "--durak-profile",
        action="append",
        default=[],
        metavar="PROFILE",
        help="run only scenarios of these profiles (repeatable)",
    )
    group.addoption(
        "--durak-option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="run only scenarios whose table options include KEY=VALUE",
    )
    group.addoption(
        "--durak-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="per-request timeout for stdio engines (default 10)",
    )
    group.addoption(
        "--durak-no-schema-check",
        action="store_true",
        default=False,
        help="do not check stdio engines' replies against the protocol schemas",
    )
    group.addoption(
        "--durak-tag",
        action="append",
        default=[],
        metavar="TAG",
        help="run only scenarios with a tag matching TAG (a glob, e.g. "
        "'rule:howto-durak.transfer.*' or 'ambiguous'); repeatable: any of them",
    )
    group.addoption(
        "--durak-reading",
        action="append",
        default=[],
        metavar="PARAM=VALUE",
        help="play this reading of an ambiguous parameter (in every profile that marks it "
        "ambiguous); scenarios written for another reading of it are skipped; repeatable",
    )
    group.addoption(
        "--durak-id",
        action="append",
        default=[],
        metavar="ID",
        help="run only scenarios whose @id matches ID (a glob); repeatable",
    )
    group.addoption(
        "--durak-strict-reasons",
        action="store_true",
        default=False,
        help="fail a scenario whose refusal gives a missing or different reason (clause); "
        "without it such a refusal is only a reason note",
    )
    group.addoption(
        "--durak-worker-signals",
        action="store_true",
        default=False,
        help="in pytest-xdist workers, let a first stop signal interrupt and ignore later "
        "ones, so each worker kills its engines (set by durak-conformance run)",
    )
    group.addoption(
        "--durak-collect-positions",
        default=None,
        metavar="FILE",
        help="do not play: write each position start of the suite to FILE (JSON lines) and "
        "skip the scenario (used by `durak-conformance derive`)",
    )
    group.addoption(
        "--durak-records",
        default=None,
        metavar="FILE",
        help="write one JSON line per scenario result to FILE",
    )
    parser.addini(
        "durak_adapters", "adapters to run the suite against", type="args", default=["reference"]
    )


_step_lookup_key = pytest.StashKey[bool]()
_configured: list[pytest.Config] = []
"""The session's config, for :func:`selected_feature_files` (called at module import)."""


def run_selection(config: pytest.Config) -> Selection:
    """The session's ``--durak-profile``, ``--durak-id`` and ``--durak-tag``."""
    return Selection(
        profiles=tuple(config.getoption("--durak-profile")),
        ids=tuple(config.getoption("--durak-id")),
        tags=tuple(t.lstrip("@") for t in config.getoption("--durak-tag")),
    )


def selected_feature_files(root: Path) -> list[Path]:
    """The feature files under ``root`` that this session's selection may reach (every one
    when nothing is selected, or when the selection reaches none, so that the run still
    says that nothing matched)."""
    every = Selection().feature_files(root)
    if not _configured:
        return every
    return run_selection(_configured[-1]).feature_files(root) or every


_SUITE_MODULE = Path(__file__).resolve().parent / "suite" / "test_features.py"


def _forget_suite_module() -> None:
    """Drop the suite's test module from ``sys.modules``.

    It hands pytest-bdd the feature files of the session's selection when it is imported;
    a second session in the same process (``mutants`` without ``--jobs``, a caller of
    :func:`durak_conformance.runner.run`) must import it afresh for its own selection,
    not reuse the first session's scenarios."""
    for name, module in list(sys.modules.items()):
        where = getattr(module, "__file__", None)
        if where and name.endswith("test_features") and Path(where).resolve() == _SUITE_MODULE:
            del sys.modules[name]


def pytest_configure(config: pytest.Config) -> None:
    _configured.append(config)
    config.stash[_step_lookup_key] = step_lookup.install()
    for text in MARKERS.values():
        config.addinivalue_line("markers", text)
    import importlib

    for module_name in step_modules():
        module = importlib.import_module(module_name)
        if not config.pluginmanager.is_registered(module):
            config.pluginmanager.register(module, module_name)
    if config.getoption("--durak-worker-signals") and hasattr(config, "workerinput"):
        from durak_conformance import interrupts

        interrupts.install_in_worker()
    records = config.getoption("--durak-records")
    if records:
        config.stash[_records_key] = _RecordWriter(Path(records))


def pytest_unconfigure(config: pytest.Config) -> None:
    if config in _configured:
        _configured.remove(config)
    _forget_suite_module()
    if config.stash.get(_step_lookup_key, False):
        step_lookup.uninstall()
    writer = config.stash.get(_records_key, None)
    if writer is not None:
        writer.close()


@pytest.hookimpl(tryfirst=True)  # before pytest-bdd's own, which marks any tag as it is
def pytest_bdd_apply_tag(tag: str, function: Any) -> bool | None:
    """``@id:x`` -> ``scenario_id("x")``, ``@rule:x`` -> ``rule("x")``, ``@ambiguous``."""
    key, sep, value = tag.partition(":")
    if sep and key == "id":
        pytest.mark.scenario_id(value)(function)
        return True
    if sep and key == "rule":
        pytest.mark.rule(value)(function)
        return True
    if sep and key == "dimension":
        pytest.mark.dimension(value)(function)
        return True
    if sep and key == "reading":
        pytest.mark.reading(value)(function)
        return True
    if tag == "ambiguous":
        pytest.mark.ambiguous(function)
        return True
    return None


# ---------------------------------------------------------------------- selection


def item_tags(item: pytest.Item) -> list[str]:
    """The scenario's Gherkin tags as written (without ``@``)."""
    tags = [f"id:{m.args[0]}" for m in item.iter_markers("scenario_id")]
    tags += [f"rule:{m.args[0]}" for m in item.iter_markers("rule")]
    tags += [f"dimension:{m.args[0]}" for m in item.iter_markers("dimension")]
    tags += [f"reading:{m.args[0]}" for m in item.iter_markers("reading")]
    if any(True for _ in item.iter_markers("ambiguous")):
        tags.append("ambiguous")
    return tags


def example_row(item: pytest.Item) -> dict[str, str]:
    """The Examples row of a Scenario Outline run (empty for a plain scenario)."""
    callspec = getattr(item, "callspec", None)
    row = callspec.params.get("_pytest_bdd_example") if callspec is not None else None
    return {str(k): str(v) for k, v in row.items()} if isinstance(row, dict) else {}


def item_profile(item: pytest.Item) -> str | None:
    """The profile a scenario plays: its outline row's ``profile``, else its id's prefix."""
    row = example_row(item)
    if "profile" in row:
        return row["profile"]
    ids = [str(m.args[0]) for m in item.iter_markers("scenario_id")]
    if ids and not ids[0].startswith("compare."):
        return ids[0].split(".", 1)[0]
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    selection = run_selection(config)
    if not selection:
        return
    keep: list[pytest.Item] = []
    dropped: list[pytest.Item] = []
    for item in items:
        kept = "durak_adapter" not in getattr(item, "fixturenames", ()) or selection.keeps(
            item_profile(item),
            [str(m.args[0]) for m in item.iter_markers("scenario_id")],
            item_tags(item),
        )
        (keep if kept else dropped).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = keep


# ---------------------------------------------------------------------- adapters


def adapter_specs(config: pytest.Config) -> list[str]:
    """Adapter names and ``engine:COMMAND`` specs, in the order given."""
    names = list(config.getoption("--durak-adapter"))
    engines = [f"engine:{cmd}" for cmd in config.getoption("--durak-engine")]
    if not names and not engines:
        names = list(config.getini("durak_adapters"))
    return names + engines


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "durak_adapter" in metafunc.fixturenames:
        specs = adapter_specs(metafunc.config)
        metafunc.parametrize(
            "durak_adapter", specs, indirect=True, scope="session", ids=[_spec_id(s) for s in specs]
        )


def _spec_id(spec: str) -> str:
    if spec.startswith("engine:"):
        words = shlex.split(spec[len("engine:") :])
        return "engine-" + Path(words[0]).name if words else "engine"
    return spec


class _AdapterPool:
    """One live adapter per spec for the whole session."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.adapters: dict[str, Adapter] = {}
        self.broken: dict[str, str] = {}

    def get(self, spec: str) -> Adapter:
        if spec in self.broken:
            pytest.fail(self.broken[spec], pytrace=False)
        if spec not in self.adapters:
            try:
                self.adapters[spec] = self._open(spec)
                self.adapters[spec].hello()
            except EngineFailure as exc:
                self.broken[spec] = f"engine could not be started: {exc}"
                self.adapters.pop(spec, None)
                pytest.fail(self.broken[spec], pytrace=False)
        return self.adapters[spec]

    def _open(self, spec: str) -> Adapter:
        from adapters.registry import AdapterOptions, open_adapter
        from durak_conformance.protocol import response_problem

        checker = None if self.config.getoption("--durak-no-schema-check") else response_problem
        options = AdapterOptions(checker=checker, timeout=self.config.getoption("--durak-timeout"))
        if spec.startswith("engine:"):
            return open_adapter(command=shlex.split(spec[len("engine:") :]), options=options)
        return open_adapter(name=spec, options=options)

    def close(self) -> None:
        for adapter in self.adapters.values():
            with contextlib.suppress(Exception):  # closing must not mask results
                adapter.close()
        self.adapters.clear()


_pool_key = pytest.StashKey[_AdapterPool]()


@pytest.fixture(scope="session")
def durak_adapter(request: pytest.FixtureRequest) -> Iterator[Adapter]:
    """The adapter this run of the scenario plays against."""
    config = request.config
    pool = config.stash.get(_pool_key, None)
    if pool is None:
        pool = config.stash[_pool_key] = _AdapterPool(config)
    spec: str = getattr(request, "param", None) or adapter_specs(config)[0]
    yield pool.get(spec)


def pytest_sessionfinish(session: pytest.Session) -> None:
    pool = session.config.stash.get(_pool_key, None)
    if pool is not None:
        pool.close()


def _resolve(
    profile: str, options: Mapping[str, str], readings: Mapping[str, str] | None = None
) -> tuple[JSON, dict[str, str]]:
    params, chosen = _resolved(
        profile, tuple(sorted(options.items())), tuple(sorted((readings or {}).items()))
    )
    return dict(params), dict(chosen)


@functools.cache
def _resolved(
    profile: str, options: tuple[tuple[str, str], ...], readings: tuple[tuple[str, str], ...]
) -> tuple[Mapping[str, Any], Mapping[str, str]]:
    """Profiles do not change during a run: each (profile, options, readings) is resolved
    once.

    Reading and checking a profile (YAML and its JSON Schema) costs far more than playing a
    scenario, so without this the run's time goes into re-reading the same five files.
    ``readings`` are ``PARAM=VALUE`` labels; those of parameters the profile does not mark
    ambiguous are left out (a run's ``--reading`` names profiles where it applies).
    """
    from durak_conformance.profiles import (
        ProfileError,
        ambiguous_parameters,
        load_profile,
        parse_reading,
        resolve,
    )

    try:
        loaded = load_profile(profile)
        ambiguous = ambiguous_parameters(loaded)
        values = dict(parse_reading(loaded, f"{k}={v}") for k, v in readings if k in ambiguous)
        resolved = resolve(loaded, dict(options), values)
    except ProfileError as exc:
        raise ScenarioError(str(exc)) from None
    return MappingProxyType(dict(resolved.params)), MappingProxyType(dict(resolved.options))


def scenario_readings(item: pytest.Item) -> dict[str, str]:
    """The readings a scenario is written for (its ``@reading:PARAM=VALUE`` tags)."""
    out: dict[str, str] = {}
    for marker in item.iter_markers("reading"):
        name, sep, value = str(marker.args[0]).partition("=")
        if not sep:
            raise ScenarioError(f"@reading:{marker.args[0]}: expected @reading:PARAM=VALUE")
        out[name] = value
    return out


def reading_pairs(items: Sequence[str], flag: str = "--durak-reading") -> dict[str, str]:
    """``PARAM=VALUE`` command-line items as a mapping (a usage error names a bad one)."""
    out: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise pytest.UsageError(f"{flag} {item!r}: expected PARAM=VALUE")
        out[name.strip()] = value.strip()
    return out


@pytest.fixture
def durak_table(request: pytest.FixtureRequest, durak_adapter: Adapter) -> Iterator[TableDriver]:
    """The table the scenario sets up and plays."""
    config = request.config
    profiles = config.getoption("--durak-profile")
    selected_options: dict[str, str] = {}
    for item in config.getoption("--durak-option"):
        key, sep, value = item.partition("=")
        if not sep:
            raise pytest.UsageError(f"--durak-option {item!r}: expected KEY=VALUE")
        selected_options[key.strip()] = value.strip()
    selected_readings = reading_pairs(config.getoption("--durak-reading"))
    written_for = scenario_readings(request.node)
    readings = {**selected_readings, **written_for}
    driver = TableDriver(
        durak_adapter,
        lambda profile, options: _resolve(profile, options, readings),
        frozenset(profiles) if profiles else None,
        selected_options,
        strict_reasons=bool(config.getoption("--durak-strict-reasons")),
        selected_readings=selected_readings,
        written_for=written_for,
    )
    request.node.stash[_driver_key] = driver
    collect_to = config.getoption("--durak-collect-positions")
    if collect_to:
        driver.collect = functools.partial(_collect_position, request.node, Path(collect_to))
    yield driver
    driver.close()


def _collect_position(item: pytest.Item, path: Path, driver: TableDriver, position: JSON) -> None:
    """Append one position start of the suite to ``path`` (see ``derive``)."""
    assert driver.rules is not None
    target = driver.target(driver.rules, driver.effective_options, position)
    ids = [str(m.args[0]) for m in item.iter_markers("scenario_id")]
    feature, name, line = item.stash.get(_scenario_key, ("", item.name, 0))
    steps = item.stash.get(_steps_key, None)
    record = {
        "feature": feature,
        "scenario": ids[0] if ids else item.name,
        "name": name,
        "line": line,
        "row": example_row(item),
        "steps": [text for _, text in sorted(steps.texts.items())] if steps else [],
        "problems": list(driver.position_problems),
        "marked": driver.setup.unreachable,
        "target": target.to_json(),
    }
    with path.open("a", encoding="utf-8") as handle:
        handle.write(json.dumps(record, ensure_ascii=False) + "\n")


_driver_key = pytest.StashKey[TableDriver]()


def pytest_bdd_before_scenario(request: pytest.FixtureRequest, feature: Any, scenario: Any) -> None:
    path = _feature_path(feature)
    request.node.stash[_scenario_key] = (
        path,
        str(scenario.name),
        int(getattr(scenario, "line_number", 0)),
    )
    steps = list(getattr(scenario, "steps", []) or [])
    request.node.stash[_steps_key] = ScenarioSteps(
        subject=subject_line(steps, path), texts=step_texts(steps, path)
    )


_scenario_key = pytest.StashKey[tuple[str, str, int]]()


class ScenarioSteps:
    """Where a scenario's subject starts, and the text of each of its lines with a step."""

    def __init__(self, subject: int, texts: Mapping[int, str]) -> None:
        self.subject = subject
        self.texts = dict(texts)


_steps_key = pytest.StashKey[ScenarioSteps]()


def _line_of(location: str) -> int:
    _, _, line = location.rpartition(":")
    return int(line) if line.isdigit() else 0


def pytest_bdd_before_step(
    request: pytest.FixtureRequest, feature: Any, scenario: Any, step: Any, step_func: Any
) -> None:
    driver = request.node.stash.get(_driver_key, None)
    if driver is None and "durak_table" in request.fixturenames:
        driver = request.getfixturevalue("durak_table")
    if driver is not None:
        driver.location = f"{_feature_path(feature)}:{step.line_number}"


def pytest_bdd_after_step(
    request: pytest.FixtureRequest,
    feature: Any,
    scenario: Any,
    step: Any,
    step_func: Any,
    step_func_args: Any,
) -> None:
    """Every state the engine reports must hold each card once: no card appears twice, and
    no card comes out of nowhere (a rule may take cards out of play, never add them, and
    every card belongs to the game's deck).

    Every state the engine sent during the step is checked, in order -- also the state of
    the deal when the same step deals and plays (a card invented in the deal must not be
    hidden by the next reply).  A new game (``start``, ``next_game``) is counted afresh.
    """
    driver = request.node.stash.get(_driver_key, None)
    if driver is None or driver.state is None:
        return
    driver.take_new_deal()  # the transcript says where a new deal starts
    size = (driver.rules or {}).get("deck_size")
    deck_size = size if isinstance(size, int) else None
    previous = request.node.stash.get(_card_count_key, None)
    checked = request.node.stash.get(_checked_key, 0)
    states: list[tuple[str, JSON]] = []
    for entry in driver.transcript[checked:]:
        sent = entry.get("request") if isinstance(entry, dict) else None
        reply = entry.get("reply") if isinstance(entry, dict) else None
        state = reply.get("state") if isinstance(reply, dict) else None
        if isinstance(state, dict):
            states.append((str((sent or {}).get("cmd", "")), state))
    if not states:
        states.append(("", driver.state))
    for cmd, state in states:
        if cmd in ("start", "next_game"):
            previous = None
        problem = card_problem(state, previous, deck_size=deck_size)
        if problem is not None:
            where = f" (in the reply to {cmd})" if cmd else ""
            raise CheckFailed(
                f"{driver.location}: {problem}{where}",
                kind="cards",
                expected="each card once, none from nowhere",
                actual="a card twice" if "twice" in problem else "cards from nowhere",
                where=driver.location,
            )
        previous = _card_total(state)
    request.node.stash[_checked_key] = len(driver.transcript)
    if previous is not None:
        request.node.stash[_card_count_key] = previous
    if step is scenario.steps[-1]:
        # Nothing failed; a check that could not be made (one player to move) is no pass.
        reason = driver.skip_reason()
        if reason is not None:
            pytest.skip(reason)


_checked_key = pytest.StashKey[int]()
_card_count_key = pytest.StashKey[int]()


def _card_places(state: JSON) -> list[tuple[str, str]]:
    places: list[tuple[str, str]] = []
    for seat in state.get("seats", []) or []:
        places += [(str(c), f"seat {seat.get('seat')}'s hand") for c in seat.get("hand", [])]
    places += [(str(c), "the stock") for c in state.get("stock", []) or []]
    places += [(str(c), "the discard pile") for c in state.get("discard", []) or []]
    for pair in state.get("table", []) or []:
        places.append((str(pair.get("attack")), "the table"))
        if pair.get("defence"):
            places.append((str(pair.get("defence")), "the table"))
    return places


def _card_total(state: JSON) -> int:
    return len(_card_places(state))


@functools.cache
def _deck_codes(size: int) -> frozenset[str]:
    from reference_engine.cards import deck

    try:
        return frozenset(c.code for c in deck(size))
    except (KeyError, ValueError):
        return frozenset()


def card_problem(
    state: JSON, previous_total: int | None, *, deck_size: int | None = None
) -> str | None:
    """What is wrong with the cards of ``state`` (None when nothing is).

    No card may be in two places, no step may add cards, and with ``deck_size`` every card
    must belong to the game's deck (a ``2C`` in a 36-card game came out of nowhere, even in
    the state that deals the first hands).
    """
    codes = _deck_codes(deck_size) if deck_size is not None else frozenset()
    seen: dict[str, str] = {}
    for card, place in _card_places(state):
        if codes and card not in codes:
            return (
                f"the engine's state holds {card} in {place}, which is not a card of this "
                f"game's {deck_size}-card deck (a card came out of nowhere)"
            )
        if card in seen:
            return (
                f"the engine's state holds {card} twice: in {seen[card]} and in {place} "
                "(a card was duplicated)"
            )
        seen[card] = place
    if previous_total is not None and len(seen) > previous_total:
        return (
            f"the engine's state holds {len(seen)} cards, {len(seen) - previous_total} "
            f"more than before this step (cards came out of nowhere)"
        )
    return None


def _feature_path(feature: Any) -> str:
    text = str(getattr(feature, "filename", None) or "?").replace("\\", "/")
    marker = "/features/"
    return text[text.rindex(marker) + 1 :] if marker in text else text


# ---------------------------------------------------------------------- results


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report: pytest.TestReport = yield
    driver = item.stash.get(_driver_key, None)
    if driver is None:
        return report
    if report.when == "call" or (report.when == "setup" and not report.passed):
        record = _record(item, driver, report, call)
        item.user_properties.append((PROPERTY_KEY, record))
        report.user_properties = list(item.user_properties)
        if report.failed:
            exc = call.excinfo.value if call.excinfo is not None else None
            if isinstance(exc, CheckFailed | ScenarioError | EngineFailure):
                # The step's own message says what was expected and what the engine said;
                # the harness's traceback would only bury it.
                report.longrepr = record["message"]
            if driver.transcript:
                report.sections.append(("durak-conformance", _failure_text(record)))
        writer = item.config.stash.get(_records_key, None)
        if writer is not None:
            writer.write(record)
    return report


def _status(report: pytest.TestReport, call: pytest.CallInfo[None]) -> str:
    if report.skipped:
        return "skip"
    if report.passed:
        return "pass"
    exc = call.excinfo.value if call.excinfo is not None else None
    # A check that failed is the engine's; any other exception (a bare assert included) means
    # the scenario could not be judged.
    if isinstance(exc, CheckFailed):
        return "fail"
    return "error"


def _record(
    item: pytest.Item, driver: TableDriver, report: pytest.TestReport, call: pytest.CallInfo[None]
) -> JSON:
    status = _status(report, call)
    message = ""
    if call.excinfo is not None:
        exc = call.excinfo.value
        if status == "skip":
            message = str(getattr(exc, "msg", exc))
        elif isinstance(exc, ScenarioError):
            text = str(exc)
            where = driver.location
            message = (
                f"scenario error: {text}"
                if text.startswith(where)
                else f"scenario error: {where}: {text}"
            )
        elif isinstance(exc, EngineFailure):
            message = f"engine failure at {driver.location}: {exc}"
        elif isinstance(exc, CheckFailed | pytest.fail.Exception):
            message = str(getattr(exc, "msg", exc))
        else:  # our own bug, not the engine's: say so
            message = (
                f"harness error at {driver.location}: {type(exc).__name__}: {exc} "
                "(a bug in durak-conformance, not in the engine: please report it)"
            )
    ids = [m.args[0] for m in item.iter_markers("scenario_id")]
    # Sorted: pytest-bdd keeps tags in a set, whose order changes from run to run.
    clauses = sorted({str(m.args[0]) for m in item.iter_markers("rule")})
    feature, name, line = item.stash.get(_scenario_key, ("", item.name, 0))
    row = {k: v for k, v in example_row(item).items() if k not in ("profile", "options")}
    base_id = ids[0] if ids else item.name
    if row:  # an outline row: the row's values keep the record's key unique and stable
        values = ",".join(f"{_token(k)}={_token(v)}" for k, v in row.items())
        base_id += f"[{values}]"
    return {
        "id": base_id,
        "nodeid": item.nodeid,
        "name": name,
        "feature": feature,
        "line": line,
        "area": Path(feature).stem if feature else "",
        # A scenario that broke before naming its profile is still filed under one.
        "profile": driver.setup.profile or item_profile(item) or "(no profile)",
        "options": driver.record_options(),
        "adapter": _adapter_of(item),
        "clauses": clauses,
        "ambiguous": any(True for _ in item.iter_markers("ambiguous")),
        "status": status,
        "message": bounds.message(message),
        "location": driver.location,
        # Passing scenarios need no transcript; it is the bulk of a record (and of xdist traffic).
        "transcript": bounds.transcript(driver.transcript) if status in ("fail", "error") else [],
        "duration": report.duration,
        "failure": _failure(item, driver, status, call),
        "reason_notes": [dict(note) for note in driver.reason_notes],
    }


_ENGINE_NAME = re.compile(r"^engine (?:'[^']*'|\"[^\"]*\") ")


def _failure(
    item: pytest.Item, driver: TableDriver, status: str, call: pytest.CallInfo[None]
) -> JSON | None:
    """The record's ``failure``: the first failed check, its signature, and whether it
    came before the scenario's subject (blocked)."""
    exc = call.excinfo.value if call.excinfo is not None else None
    if status not in ("fail", "error") or exc is None:
        return None
    where = driver.location
    clause: str | None = None
    if isinstance(exc, CheckFailed):
        kind, expected, actual, clause = exc.kind, exc.expected, exc.actual, exc.clause
        where = exc.where or where
    elif isinstance(exc, EngineFailure):
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        kind, expected, actual = "engine", "a valid reply", short(_ENGINE_NAME.sub("", first))
    elif isinstance(exc, ScenarioError):
        text = str(exc)
        text = text[len(where) + 2 :] if text.startswith(where + ": ") else text
        kind, expected, actual = "scenario", "a scenario the harness can play", short(text)
    elif isinstance(exc, pytest.fail.Exception):  # the engine could not be started
        kind, expected, actual = "engine", "a running engine", short(str(exc.msg))
    else:
        kind, expected, actual = "harness", "no error", short(f"{type(exc).__name__}: {exc}")
    steps = item.stash.get(_steps_key, None)
    line = _line_of(where)
    clauses = {str(m.args[0]) for m in item.iter_markers("rule")}
    if kind in ALWAYS_BLOCKED or driver.failed_in_setup:
        blocked = True  # (a derived set-up that failed: before the scenario's own steps)
    elif clause is not None and clause in clauses:
        blocked = False  # an earlier check about the scenario's own rule
    else:
        blocked = steps is not None and 0 < line < steps.subject
    text = steps.texts.get(line, "") if steps is not None else ""
    return Failure(
        kind=kind,
        step=where,
        text=text,
        clause=clause,
        expected=expected,
        actual=actual,
        signature=signature(kind, clause, expected, actual),
        blocked=blocked,
    ).to_json()


def _token(text: str) -> str:
    """Text without spaces, for ids: ``has not been played`` -> ``has-not-been-played``."""
    return "-".join(str(text).split()) or "-"


def _adapter_of(item: pytest.Item) -> str:
    callspec = getattr(item, "callspec", None)
    spec = callspec.params.get("durak_adapter", "") if callspec is not None else ""
    return _spec_id(str(spec)) if spec else ""


def _failure_text(record: JSON) -> str:
    lines = [
        f"scenario: {record['name']} ({record['id']})",
        f"profile: {record['profile']}  options: {record['options']}",
        f"failed at: {record['location']}",
        "transcript:",
    ]
    for entry in record["transcript"]:
        lines.append("  -> " + json.dumps(entry["request"], ensure_ascii=False))
        reply = entry.get("reply", {})
        if "state" in reply and len(reply) == 1:
            lines.append("  <- state " + _brief_state(reply["state"]))
        else:
            lines.append("  <- " + json.dumps(reply, ensure_ascii=False)[:400])
    return "\n".join(lines)


def _brief_state(state: JSON) -> str:
    hands = " | ".join(
        f"{s['seat']}: {' '.join(s.get('hand', []))}" for s in state.get("seats", [])
    )
    table = " ".join(
        p["attack"] + ("/" + p["defence"] if p.get("defence") else "")
        for p in state.get("table", [])
    )
    return (
        f"phase={state.get('phase')} attacker={state.get('attacker')} "
        f"defender={state.get('defender')} table=[{table}] hands=[{hands}]"
    )


class _RecordWriter:
    """Appends one JSON line per result (safe under xdist: each worker writes its own file)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.handle = self.path.open("a", encoding="utf-8")

    def write(self, record: JSON) -> None:
        self.handle.write(json.dumps(record, ensure_ascii=False) + "\n")
        self.handle.flush()

    def close(self) -> None:
        self.handle.close()


_records_key = pytest.StashKey[_RecordWriter]()
