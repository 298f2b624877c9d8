"""The run's console summary fits an 80-column terminal without cutting a name, shows a
profile the engine does not claim as such, and skips are summarised by reason (console and
Markdown)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from test_reports import make_record, make_report

from durak_conformance.reports import ScenarioRecord, markdown_summary, read_report
from durak_conformance.reports.groups import skip_reasons, unclaimed_profiles
from durak_conformance.runner import describe_skips, summary_table

ROOT = Path(__file__).resolve().parent.parent
NOT_CLAIMED = "engine does not implement profile 'ggtables'"
P10 = "prototype-build10"
LONG_AREA = "first-attack-and-opening"
NO_POSITION = "engine does not claim capability 'position' (the scenario starts from a position)"


def sample() -> list[ScenarioRecord]:
    records = [
        make_record(f"prototype-build10.x.{i}", "pass", "prototype-build10", "take")
        for i in range(3)
    ]
    records += [
        make_record(
            "prototype-build10.y.1", "fail", "prototype-build10", "first-attack-and-opening"
        ),
        make_record(
            "prototype-build10.y.2", "skip", "prototype-build10", "take", message=NO_POSITION
        ),
        make_record(
            "prototype-build10.y.3", "skip", "prototype-build10", "deal", message=NO_POSITION
        ),
        make_record(
            "prototype-build10.y.4", "skip", "prototype-build10", "deal", message="declined"
        ),
    ]
    records += [
        make_record(f"ggtables.z.{i}", "skip", "ggtables", "limits", message=NOT_CLAIMED)
        for i in range(4)
    ]
    return records


def rendered(report_records: list[ScenarioRecord], width: int = 80) -> str:
    console = Console(width=width, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(summary_table(make_report(report_records)))
    return console.export_text()


def test_the_summary_fits_80_columns_and_keeps_every_name_whole() -> None:
    text = rendered(sample())
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 80
    assert "…" not in text
    for name in ("prototype-build10", "first-attack-and-opening", "ggtables"):
        assert name in text
    # Areas with nothing to look at are not listed: a green area costs no line.
    assert "  take" not in text and "  deal" not in text


def test_the_published_reports_summaries_fit_and_stay_short() -> None:
    for name in ("reference", "durakgame"):
        report = read_report(ROOT / "reports" / f"{name}.json")
        console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
        console.print(summary_table(report))
        lines = console.export_text().splitlines()
        assert max(len(line.rstrip()) for line in lines) <= 80
        assert len(lines) <= 20


def test_a_profile_not_claimed_says_so() -> None:
    records = sample()
    assert unclaimed_profiles(records) == ["ggtables"]
    line = next(x for x in rendered(records).splitlines() if "ggtables" in x)
    assert "not claimed" in line
    markdown = markdown_summary(make_report(records))
    assert "### ggtables: not claimed" in markdown
    # A profile with one real skip among passes is claimed.
    assert unclaimed_profiles([*records, make_record("ggtables.p", "pass", "ggtables")]) == []


def test_skips_are_summarised_by_reason() -> None:
    records = sample()
    assert skip_reasons(records) == [(NOT_CLAIMED, 4), (NO_POSITION, 2), ("declined", 1)]
    lines = describe_skips(make_report(records), limit=2)
    assert lines[0] == "skipped 7 scenarios, by reason:"
    assert lines[1].split()[0] == "4" and NOT_CLAIMED in lines[1]
    assert "1  in 1 other reasons" in lines[3]
    markdown = markdown_summary(make_report(records))
    assert "### Skipped, by reason" in markdown
    assert f"| 2 | {NO_POSITION} |" in markdown.replace("\\", "")
    assert describe_skips(make_report(records[:3])) == []
