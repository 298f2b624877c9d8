"""The engine's provenance (``implementation.source``: repository and commit) in every report.

A wrapper around a public engine names the code it runs in its handshake; the JSON report,
the JUnit properties, the Markdown header and the site's engine page must all show it, and a
handshake whose ``source`` is not two pieces of text must not break a report.
"""

from __future__ import annotations

import dataclasses
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from durak_conformance import limits
from durak_conformance.protocol import response_problem
from durak_conformance.reports import (
    Implementation,
    Machine,
    RunHeader,
    RunReport,
    ScenarioRecord,
    Source,
    markdown_summary,
    read_report,
    write_report,
)
from durak_conformance.reports.junit import junit_xml
from durak_conformance.site import assemble
from durak_conformance.site.conformance_matrix import load_reports
from durak_conformance.site.inventory import build_inventory

REPOSITORY = "https://github.com/example/durak-engine"
COMMIT = "0123456789abcdef0123456789abcdef01234567"

HELLO: dict[str, Any] = {
    "name": "example-engine",
    "version": COMMIT[:12],
    "language": "go",
    "homepage": REPOSITORY,
    "protocol": "1",
    "profiles": ["howto-durak"],
    "capabilities": ["deck"],
    "source": {"repository": REPOSITORY, "commit": COMMIT},
}


def report_for(hello: dict[str, Any]) -> RunReport:
    header = RunHeader(
        implementation=Implementation.from_hello(hello),
        adapter="example",
        suite_version="1",
        tool_version="0.1.0",
        suite_revision="abc123",
        profiles=["howto-durak"],
        options={},
        started_at="2026-12-01T23:00:00Z",
        machine=Machine(platform="Linux", python="3.11.9", cpu_count=2),
        command=["durak-conformance", "run"],
    )
    record = ScenarioRecord(
        id="howto-durak.deal.six-each",
        profile="howto-durak",
        options={},
        feature="features/howto-durak/deal-and-trump.feature",
        area="deal-and-trump",
        name="six each",
        line=5,
        clauses=["howto-durak.deal.hand-size"],
        status="pass",
        message="",
        transcript=[],
        duration=0.1,
        adapter="example",
    )
    return RunReport.build(header, [record], duration=1.0)


def test_the_handshake_source_is_kept_and_written_to_the_json_report(tmp_path: Path) -> None:
    report = report_for(HELLO)
    assert report.header.implementation.source == Source(REPOSITORY, COMMIT)
    write_report(report, tmp_path / "example.json")
    data = json.loads((tmp_path / "example.json").read_text("utf-8"))
    assert data["header"]["implementation"]["source"] == {
        "repository": REPOSITORY,
        "commit": COMMIT,
    }
    again = read_report(tmp_path / "example.json")
    assert again.header.implementation.source == Source(REPOSITORY, COMMIT)


def test_a_report_without_a_source_reads_and_writes_as_before(tmp_path: Path) -> None:
    hello = {k: v for k, v in HELLO.items() if k != "source"}
    report = report_for(hello)
    assert report.header.implementation.source is None
    write_report(report, tmp_path / "plain.json")
    data = json.loads((tmp_path / "plain.json").read_text("utf-8"))
    assert "source" not in data["header"]["implementation"]
    assert read_report(tmp_path / "plain.json").header.implementation.source is None


@pytest.mark.parametrize(
    "source",
    [
        "https://github.com/example/durak-engine",
        {"repository": REPOSITORY},
        {"repository": REPOSITORY, "commit": 12},
        {"repository": "", "commit": COMMIT},
        {"repository": "x" * (limits.HELLO_URL_CHARS + 1), "commit": COMMIT},
        {"repository": REPOSITORY, "commit": "c" * (limits.HELLO_TEXT_CHARS + 1)},
    ],
)
def test_a_source_that_is_not_two_texts_is_left_out_not_a_crash(source: object) -> None:
    report = report_for({**HELLO, "source": source})
    assert report.header.implementation.source is None


def test_the_hello_schema_checks_the_source() -> None:
    good = {"id": 1, "ok": True, "implementation": HELLO}
    assert response_problem("hello", good) is None
    bad = {"id": 1, "ok": True, "implementation": {**HELLO, "source": {"repository": REPOSITORY}}}
    problem = response_problem("hello", bad)
    assert problem is not None and "commit" in problem


def test_markdown_junit_and_site_show_repository_and_commit(tmp_path: Path) -> None:
    report = report_for(HELLO)
    text = markdown_summary(report)
    assert f"- Source: <{REPOSITORY}> at commit `{COMMIT}`" in text
    root = ET.fromstring(junit_xml(report, strict=False))
    properties = {p.attrib["name"]: p.attrib["value"] for p in root.iter("property")}
    assert properties["implementation.repository"] == REPOSITORY
    assert properties["implementation.commit"] == COMMIT
    write_report(report, tmp_path / "example.json")
    site = assemble([], build_inventory([]), load_reports(tmp_path))
    page = site.page("conformance/example.md").markdown
    assert f'<dt>Source</dt><dd><a href="{REPOSITORY}">{REPOSITORY}</a> at commit' in page
    assert f"<code>{COMMIT}</code>" in page


def test_a_repository_that_is_not_http_is_shown_but_never_linked() -> None:
    hello = {**HELLO, "source": {"repository": "javascript:alert(1)", "commit": COMMIT}}
    report = report_for(hello)
    text = markdown_summary(report)
    assert "- Source: javascript:alert(1) at commit" in text
    assert "<javascript:" not in text
    plain = dataclasses.replace(report.header.implementation, source=None)
    no_source = dataclasses.replace(
        report, header=dataclasses.replace(report.header, implementation=plain)
    )
    assert "- Source:" not in markdown_summary(no_source)
