"""Broken profiles for tests: a bundled profile's data, written out changed, and the error
loading it gives."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

import rulesets
from durak_conformance.profiles import ProfileError, load_profile


def raw_profile(pid: str = "videochess") -> dict[str, Any]:
    """The bundled profile ``pid`` as plain data."""
    data = yaml.safe_load(rulesets.path(f"{pid}.yaml").read_text("utf-8"))
    assert isinstance(data, dict)
    return data


def write_profile(tmp_path: Path, data: Any, name: str = "videochess.yaml") -> Path:
    """``data`` written as the profile file ``name`` in ``tmp_path``."""
    file = tmp_path / name
    file.write_text(yaml.safe_dump(data, sort_keys=False), "utf-8")
    return file


def profile_error(file: Path) -> str:
    """The message of the :class:`ProfileError` that loading ``file`` raises."""
    with pytest.raises(ProfileError) as info:
        load_profile(file)
    return str(info.value)
