"""Dies before the handshake, explaining why on stderr."""

from __future__ import annotations

import sys

print("crash_on_start: cannot open engine data file 'weights.bin'", file=sys.stderr, flush=True)
sys.exit(2)
