"""The cache of pytest-bdd's step lookup finds exactly what pytest-bdd finds."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

from suite_support import run_suite_with_plugin

from durak_conformance import step_lookup

bdd_scenario = importlib.import_module("pytest_bdd.scenario")

# Loaded after the durak plugin has installed the cache: every lookup is made both ways.
COMPARE = """
import importlib, json, os
import pytest
from durak_conformance import step_lookup

bdd = importlib.import_module("pytest_bdd.scenario")
seen = {"lookups": 0, "cached": 0, "different": []}

@pytest.hookimpl(trylast=True)
def pytest_configure(config):
    cached = bdd.find_fixturedefs_for_step
    seen["cached"] = int(cached is not step_lookup.original())

    def both(step, fixturemanager, node):
        fast = list(cached(step=step, fixturemanager=fixturemanager, node=node))
        slow = list(step_lookup.original()(step=step, fixturemanager=fixturemanager, node=node))
        seen["lookups"] += 1
        if fast != slow:
            seen["different"].append(step.name)
        return iter(fast)

    bdd.find_fixturedefs_for_step = both

def pytest_unconfigure(config):
    with open(os.environ["COMPARE_TO"], "w", encoding="utf-8") as f:
        json.dump(seen, f)
"""


def test_cached_lookups_equal_pytest_bdds_own(tmp_path: Path) -> None:
    out = tmp_path / "seen.json"
    run_suite_with_plugin(
        tmp_path,
        "compare_lookups",
        COMPARE,
        *("--durak-id", "howto-durak.throw-in.*", "--durak-id", "compare.first-bout*"),
        env={"COMPARE_TO": str(out)},
    )
    seen = json.loads(out.read_text(encoding="utf-8"))
    assert seen["cached"] == 1, "the plugin did not install the cache"
    assert seen["lookups"] > 100
    assert seen["different"] == []


def test_a_nested_session_leaves_the_outer_sessions_cache_in_place() -> None:
    own = bdd_scenario.find_fixturedefs_for_step
    was_installed = own is not step_lookup.original()
    assert step_lookup.install() and step_lookup.install()
    cached = bdd_scenario.find_fixturedefs_for_step
    assert cached is not step_lookup.original()
    step_lookup.uninstall()  # the nested session ends
    assert bdd_scenario.find_fixturedefs_for_step is cached
    step_lookup.uninstall()  # and the outer one
    if not was_installed:
        assert bdd_scenario.find_fixturedefs_for_step is own
    else:  # this test session's own plugin installed it: still in place
        assert bdd_scenario.find_fixturedefs_for_step is cached
