"""``python -m durak_conformance``."""

from __future__ import annotations

import sys

from durak_conformance.cli import entry

sys.exit(entry())
