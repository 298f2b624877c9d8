"""The cyclic garbage collector's settings for a fuzzing campaign.

A lockstep game holds the reference engine's states for the requests in flight until the
engine's answers are judged, and decodes an engine's reply into a fresh tree of dicts and
lists per request: far more containers alive at once than the reference engine alone makes.
With the default settings that means a young-generation collection about every game, and a
full one, which walks every object the process holds (the modules, the schemas, the
profiles: some 36,000), every few dozen games: together about 6 % of a stdio campaign's time
(``benchmarks/fuzz_speed.py``, where the reference side alone hardly ever collects).

For the length of a campaign, :func:`campaign_collector` moves everything already loaded out
of the collector's sight (``gc.freeze``), so a full collection walks only what the campaign
made, and lets more containers be made before a young collection, most of them freed by
their reference counts before it comes.  Reference counting frees everything as before;
only cycles wait a little longer.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Iterator

YOUNG_THRESHOLD = 20_000
"""Containers allocated (net) before a young collection during a campaign (CPython's
default is 700)."""

_depth = 0


@contextlib.contextmanager
def campaign_collector() -> Iterator[None]:
    """Tune the collector for a campaign while the block runs, then put it back as it was
    (nested blocks tune it once; the outermost restores it)."""
    global _depth
    _depth += 1
    if _depth > 1:
        try:
            yield
        finally:
            _depth -= 1
        return
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(max(YOUNG_THRESHOLD, thresholds[0]), *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()
        _depth -= 1


def tune_for_good() -> None:
    """Tune the collector for the rest of this process (a campaign's worker process, which
    plays games until it ends)."""
    gc.freeze()
    threshold = gc.get_threshold()
    gc.set_threshold(max(YOUNG_THRESHOLD, threshold[0]), *threshold[1:])
