"""The site shows fuzz campaign reports (``<reports>/fuzz/*.json``) per engine, beside its
conformance results; an engine with campaigns and no conformance report gets its own page;
an unreadable campaign report is listed with its error."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from durak_conformance.cli import main
from durak_conformance.reports.model import ReportError
from durak_conformance.site import build_site

ROOT = Path(__file__).resolve().parent.parent


def _campaign(reports: Path, name: str, *argv: str) -> None:
    main(
        [
            "fuzz",
            "--no-progress",
            "--no-shrink",
            *("--profile", "durak-challenge", "--games", "4"),
            *("--out", str(reports.parent / "findings"), "--report", str(reports / "fuzz" / name)),
            *argv,
        ]
    )


def test_campaigns_are_shown_beside_the_engines_conformance_results(tmp_path: Path) -> None:
    reports = tmp_path / "reports"
    reports.mkdir()
    shutil.copy(ROOT / "reports" / "reference.json", reports / "reference.json")
    _campaign(reports, "reference.json", "--adapter", "reference")
    _campaign(reports, "mutant.json", "--adapter", "mutant:trump-not-beating-plain")
    (reports / "fuzz" / "broken.json").write_text('{"report_format": "durak-conf', "utf-8")
    site = build_site(reports_dir=reports)
    pages = {page.src: page.markdown for page in site.pages}
    reference = next(text for src, text in pages.items() if src == "conformance/reference.md")
    assert "## Fuzzing" in reference
    assert "durak-challenge, 2 seats" in reference and "**Findings:** 0 new, 0 known" in reference
    (mutant_page,) = [src for src in pages if src.startswith("conformance/fuzz-")]
    mutant = pages[mutant_page]
    assert "trump-not-beating-plain" in mutant and "| new |" in mutant
    assert "durak-conformance fuzz --adapter mutant:trump-not-beating-plain" in mutant
    index = pages["conformance/index.md"]
    assert "## Fuzz campaigns" in index and "fuzz/broken.json" in index
    assert any("fuzz report not published" in w and "broken.json" in w for w in site.warnings)


def test_a_campaign_names_the_engines_repository_and_commit(tmp_path: Path) -> None:
    """A wrapper's handshake names the engine's repository and commit: the campaign report
    keeps them (schema-checked when read back) and the site shows them in its facts."""
    import json

    from adapters.base import Implementation
    from durak_conformance.commands.fuzz import _campaign_engine
    from durak_conformance.fuzzing.report import read
    from durak_conformance.site.fuzz_pages import LoadedCampaign, campaign_markdown

    source = {"repository": "https://example.org/engine", "commit": "0123456789abcdef"}
    hello = Implementation(
        "engine", "1.0", "go", "https://example.org", "1", ("durak-challenge",),
        frozenset({"deck"}), {"source": source},
    )  # fmt: skip
    assert _campaign_engine(hello) == {
        "name": "engine",
        "version": "1.0",
        "language": "go",
        "homepage": "https://example.org",
        "source": source,
    }
    bare = Implementation("engine", "1.0", "", "", "1", (), frozenset(), {})
    assert _campaign_engine(bare) == {"name": "engine", "version": "1.0"}
    reports = tmp_path / "reports"
    _campaign(reports, "reference.json", "--adapter", "reference")
    path = reports / "fuzz" / "reference.json"
    data = json.loads(path.read_text("utf-8"))
    assert "source" not in data["implementation"]  # the reference engine names none
    data["implementation"] = _campaign_engine(hello)
    path.write_text(json.dumps(data), "utf-8")
    page = campaign_markdown(LoadedCampaign("fuzz/reference.json", report=read(path)))
    assert "https://example.org/engine at commit <code>0123456789abcdef</code>" in page
    data["implementation"]["source"] = {"repository": ""}
    path.write_text(json.dumps(data), "utf-8")
    with pytest.raises(ReportError, match="source"):  # the schema refuses a half-named one
        read(path)


def test_a_campaign_with_known_findings_is_read_back_and_shown_with_their_reasons(
    tmp_path: Path,
) -> None:
    """A committed campaign run with the engine's expectations holds known findings; reading
    it back (the site, ``fuzz merge``) crashed with a TypeError on the known finding's
    signature, so no public engine's campaign could be published."""
    import json

    from durak_conformance.fuzzing.report import read
    from durak_conformance.site.fuzz_pages import LoadedCampaign, campaign_markdown

    reports = tmp_path / "reports"
    _campaign(reports, "first.json", "--adapter", "mutant:trump-not-beating-plain")
    first = json.loads((reports / "fuzz" / "first.json").read_text("utf-8"))
    signature = first["findings"][0]["signature"]
    expectations = tmp_path / "e.yaml"
    expectations.write_text(
        "version: 1\nimplementation: mutant\nentries: []\nfuzz:\n"
        f"  - signature: {json.dumps(signature)}\n"
        "    reason: 'bug: trumps do not beat plain cards'\n"
        "    link: features/durak-challenge/attack-and-defence.feature:84\n",
        "utf-8",
    )
    _campaign(
        reports,
        "known.json",
        *("--adapter", "mutant:trump-not-beating-plain", "--expectations", str(expectations)),
    )
    path = reports / "fuzz" / "known.json"
    report = read(path)
    (known,) = [f for f in report.findings if f.known is not None]
    assert known.signature == signature and known.known is not None
    assert known.known.reason == "bug: trumps do not beat plain cards"
    page = campaign_markdown(LoadedCampaign("fuzz/known.json", report=report))
    assert "known: bug: trumps do not beat plain cards" in page
    site = build_site(reports_dir=reports)
    assert not [w for w in site.warnings if "known.json" in w]
