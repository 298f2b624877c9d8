"""A per-session cache of pytest-bdd's step-definition lookup.

For every step of every scenario, pytest-bdd 9 finds the definitions that can parse the step by
asking pytest, for each of the session's fixture names, which definitions of it are visible
to the item (``pytest_bdd.scenario.find_fixturedefs_for_step``).  With our ~65 fixture names
that is about 1.8 ms a step: a third of the harness's time in a run.

The answer depends only on the step's type and text and on which fixtures the item can see.
Every step definition of the suite is registered by the plugin before collection, and fixture
visibility in pytest is decided by the definition's ``baseid`` against the item's parents,
so items of one module see the same definitions.  The lookup is therefore cached per
(fixture manager, module, step type, step text).  Only fixtures that are step definitions are
ever returned, so fixtures injected while a scenario runs (a ``target_fixture``) do not change
the answer.

:func:`install` is called from the plugin's ``pytest_configure``; :func:`uninstall` restores
pytest-bdd's function.  Should pytest-bdd's internals change (the name is not public API), the
cache is simply not installed and pytest-bdd's own lookup is used.
"""

from __future__ import annotations

import importlib
import weakref
from collections.abc import Callable, Iterable
from typing import Any, cast

# The module, not the function of the same name that the package exports.
bdd_scenario = importlib.import_module("pytest_bdd.scenario")

_Lookup = Callable[..., Iterable[Any]]
_original: _Lookup | None = None
_sessions = 0
"""Sessions that installed the cache and have not ended (a run's pytest may nest in ours)."""
_cache: weakref.WeakKeyDictionary[Any, dict[tuple[str, str, str], tuple[Any, ...]]] = (
    weakref.WeakKeyDictionary()
)
"""Per fixture manager (one per session): (module, step type, step text) -> definitions."""


def _module_of(node: Any) -> Any:
    """The item's enclosing module (or the node itself when it has none)."""
    current = node
    while current is not None and type(current).__name__ not in ("Module", "Package"):
        current = getattr(current, "parent", None)
    return current if current is not None else node


def _cached(step: Any, fixturemanager: Any, node: Any) -> Iterable[Any]:
    assert _original is not None
    known = _cache.setdefault(fixturemanager, {})
    key = (_module_of(node).nodeid, str(step.type), str(step.name))
    found = known.get(key)
    if found is None:
        found = tuple(_original(step=step, fixturemanager=fixturemanager, node=node))
        known[key] = found
    return iter(found)


def install() -> bool:
    """Cache the lookup until the matching :func:`uninstall`; False when pytest-bdd has no
    such function."""
    global _original, _sessions
    if _original is None:
        original = getattr(bdd_scenario, "find_fixturedefs_for_step", None)
        if original is None:
            return False
        _original = original
        setattr(bdd_scenario, "find_fixturedefs_for_step", _cached)  # noqa: B010 (mypy: a module function)
    _sessions += 1
    return True


def uninstall() -> None:
    """End one session's use; the last one restores pytest-bdd's own lookup."""
    global _original, _sessions
    if _original is None:
        return
    _sessions -= 1
    if _sessions <= 0:
        setattr(bdd_scenario, "find_fixturedefs_for_step", _original)  # noqa: B010
        _original = None
        _sessions = 0
        _cache.clear()


def original() -> _Lookup:
    """pytest-bdd's own lookup (for tests that compare the two)."""
    return _original or cast(_Lookup, bdd_scenario.find_fixturedefs_for_step)
