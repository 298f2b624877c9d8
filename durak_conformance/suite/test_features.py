"""Every Gherkin feature under ``features/``, run once per adapter by the plugin."""

from __future__ import annotations

import pytest
from pytest_bdd import scenarios

import features
from durak_conformance.plugin import selected_feature_files

pytestmark = pytest.mark.usefixtures("durak_adapter")

# Only the files a run's selection can reach are parsed (every file when nothing is selected).
scenarios(*(str(f) for f in selected_feature_files(features.path())))
