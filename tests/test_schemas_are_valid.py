"""Every JSON Schema we ship is a valid 2020-12 schema.

The validators are built without checking their schema at run time (that check cost most of
a second in every process); this is where it is checked instead.  The protocol's schemas are
checked in tests/test_protocol_schemas.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError

import durak_conformance
import rulesets

SCHEMAS = Path(durak_conformance.__file__).parent / "schemas"
OURS = [rulesets.path("schema.json"), *sorted(SCHEMAS.glob("*.json"))]


@pytest.mark.parametrize("path", OURS, ids=lambda p: p.name)
def test_each_schema_passes_the_metaschema(path: Path) -> None:
    Draft202012Validator.check_schema(json.loads(path.read_text(encoding="utf-8")))


def test_the_check_would_catch_a_broken_schema() -> None:
    with pytest.raises(SchemaError):
        Draft202012Validator.check_schema({"type": "no-such-type"})


def test_every_shipped_schema_is_covered() -> None:
    names = {p.name for p in OURS}
    assert {"schema.json", "report-v1.json", "expectations-v1.json", "fuzz-report-v1.json"} <= names
