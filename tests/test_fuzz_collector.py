"""The garbage collector's tuning for a campaign: on while a campaign plays, put back as it
was afterwards (also after an error, and once only when blocks nest), and never a reason for
an object to outlive its last reference."""

from __future__ import annotations

import gc
import weakref

import pytest

from durak_conformance.fuzzing import campaign, collector
from durak_conformance.fuzzing.campaign import EngineSpec, Settings, make_table, run_campaign


def test_the_collector_is_tuned_inside_and_put_back_after() -> None:
    before = gc.get_threshold()
    assert gc.get_freeze_count() == 0
    with collector.campaign_collector():
        assert gc.get_threshold()[0] == max(collector.YOUNG_THRESHOLD, before[0])
        assert gc.get_threshold()[1:] == before[1:]
        assert gc.get_freeze_count() > 0  # what was loaded before is out of its sight
        with collector.campaign_collector():  # nested: tuned once ...
            assert gc.get_freeze_count() > 0
        assert gc.get_threshold()[0] == max(collector.YOUNG_THRESHOLD, before[0])  # ... kept
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_the_collector_is_put_back_after_an_error() -> None:
    before = gc.get_threshold()
    with pytest.raises(RuntimeError), collector.campaign_collector():
        raise RuntimeError("a campaign that fails")
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


def test_cycles_made_during_a_campaign_are_still_collected() -> None:
    class Node:
        other: object

    with collector.campaign_collector():
        a, b = Node(), Node()
        a.other, b.other = b, a  # a cycle: only the collector frees it
        gone = weakref.ref(a)
        del a, b
        gc.collect()
        assert gone() is None


def test_a_campaign_plays_with_the_collector_tuned(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, int]] = []
    real = campaign.run_chunk

    def run_chunk(*args: object, **kwargs: object) -> campaign.ChunkResult:
        seen.append((gc.get_threshold()[0], gc.get_freeze_count()))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(campaign, "run_chunk", run_chunk)
    before = gc.get_threshold()
    table = make_table("durak-challenge", {}, 2)
    result = run_campaign(EngineSpec(adapter="reference"), table, [0, 1], Settings())
    assert result.games == 2
    assert seen and all(t >= collector.YOUNG_THRESHOLD and frozen > 0 for t, frozen in seen)
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
