"""The Gherkin conformance features, shipped as package data."""

from __future__ import annotations

from pathlib import Path


def path() -> Path:
    """The folder holding one sub-folder of ``.feature`` files per profile, and ``compare/``."""
    return Path(__file__).resolve().parent
