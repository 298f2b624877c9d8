"""Ruleset profiles: one YAML file per rule document, ``base.yaml`` and ``schema.json``.

This package holds data only; :mod:`durak_conformance.profiles` loads and resolves it.
"""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent


def path(name: str = "") -> Path:
    """The rulesets directory, or the file ``name`` inside it (e.g. ``path("base.yaml")``)."""
    return _HERE / name if name else _HERE
