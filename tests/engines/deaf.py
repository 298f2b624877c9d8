"""Answers the handshake, then never reads its stdin again (nor answers): a harness that
writes a long batch of requests to it must not block on the full pipe."""

from __future__ import annotations

import json
import sys
import time

from _common import register_pid

from adapters.reference import ReferenceEngine

register_pid()
request = json.loads(sys.stdin.readline())
sys.stdout.write(json.dumps(ReferenceEngine().handle(request)) + "\n")
sys.stdout.flush()
time.sleep(3600)
