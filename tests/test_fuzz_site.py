"""The site shows fuzz campaign reports (``<reports>/fuzz/*.json``) per engine, beside its
conformance results; an engine with campaigns and no conformance report gets its own page;
an unreadable campaign report is listed with its error."""

from __future__ import annotations

import shutil
from pathlib import Path

from durak_conformance.cli import main
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
