"""Every Gherkin feature under ``features/``, run once per adapter by the plugin."""

from __future__ import annotations

import pytest
from pytest_bdd import scenarios

import features

pytestmark = pytest.mark.usefixtures("durak_adapter")

scenarios(str(features.path()))
