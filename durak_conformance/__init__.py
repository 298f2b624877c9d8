"""durak-conformance: the harness that checks Durak engines against their published rules."""

from __future__ import annotations

__version__ = "0.1.0"
SUITE_VERSION = "1"
"""Version of the conformance suite (features + profiles); reports of different suite versions
are not compared without ``--force``."""
