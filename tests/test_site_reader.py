"""The site for a reader asking how the documents differ, and how an engine did: rows say
what a rule means, columns name the documents, one rule can be read across the documents,
the JSON Schemas are published, and an engine page starts with its failures and tells a
profile it does not claim from one it failed."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

from test_reports import make_header, make_record
from test_site import sample_report

import features
from durak_conformance.profiles import Profile, list_profiles, load_profile, parameter_names
from durak_conformance.reports import RunReport
from durak_conformance.site import assemble
from durak_conformance.site.conformance_matrix import (
    LoadedReport,
    index_markdown,
    report_markdown,
)
from durak_conformance.site.inventory import load_inventory
from durak_conformance.site.rules_matrix import (
    Row,
    build_rows,
    by_rule_page,
    matrix_page,
    parse_meanings,
)
from durak_conformance.site.schemas import INDEX_PAGE, schema_pages

ROOT = Path(__file__).resolve().parent.parent
MEANINGS = parse_meanings((ROOT / "docs" / "rulesets.md").read_text(encoding="utf-8"))


def profiles_and_rows() -> tuple[list[Profile], list[Row]]:
    profiles = [load_profile(p) for p in list_profiles()]
    return profiles, build_rows(profiles, parameter_names(), load_inventory(features.path()))


def test_every_rule_has_a_plain_language_meaning() -> None:
    missing = [name for name in parameter_names() if name not in MEANINGS]
    assert not missing, f"docs/rulesets.md has no meaning for {missing}"
    assert "defender" in MEANINGS["defender_limit"]


def test_matrix_rows_say_what_the_rule_means_and_columns_name_the_documents() -> None:
    profiles, rows = profiles_and_rows()
    page = matrix_page(rows, profiles, MEANINGS)
    for profile in profiles:
        assert f">{profile.title}</a>" in page
    assert 'class="dc-meaning"' in page
    assert page.count('class="dc-meaning"') == len(rows)
    # A value may wrap after an underscore, never inside a word.
    assert "unbeaten_<wbr>in_<wbr>hand" in page
    assert 'data-differs="yes"' in page and 'data-kinds="' in page


def test_one_rule_across_the_documents_shows_each_citation() -> None:
    profiles, rows = profiles_and_rows()
    page = by_rule_page(rows, profiles, MEANINGS)
    assert page.count('<section class="dc-rule"') == len(rows)
    section = page[page.index('id="rule-defender_limit"') :]
    section = section[: section.index("</section>")]
    for profile in profiles:
        assert profile.title in section
        prov = profile.parameters["defender_limit"].provenance
        if prov.citation is not None:
            assert prov.citation.point.replace("'", "&#x27;") in section
    site = assemble(profiles, load_inventory(features.path()), [], MEANINGS)
    assert site.page("rules-matrix/by-rule.md").markdown == page


def test_the_json_schemas_are_published_as_shipped() -> None:
    pages = {page.src: page for page in schema_pages()}
    index = pages.pop(INDEX_PAGE).markdown
    shipped = resources.files("durak_conformance") / "schemas"
    for name in ("report-v1.json", "protocol-v1/act.request.json", "protocol-v1/state.json"):
        page = pages[f"schemas/{name}"]
        assert page.markdown == (shipped / name).read_text(encoding="utf-8")
        assert f'href="{name}"' in index
        json.loads(page.markdown)
    assert "schemas/ruleset-profile.json" in pages


NOT_CLAIMED = "engine does not implement profile 'ggtables'"


def unclaimed_report() -> RunReport:
    records = [
        make_record(f"ggtables.a{i}", "skip", "ggtables", "limits", message=NOT_CLAIMED)
        for i in range(3)
    ]
    records += [
        make_record("videochess.a", "pass", "videochess", "take"),
        make_record("videochess.b", "fail", "videochess", "take", message="boom"),
    ]
    return RunReport.build(make_header(), records, duration=1.0)


def test_a_profile_not_claimed_is_not_shown_as_skips() -> None:
    report = unclaimed_report()
    loaded = LoadedReport("toy.json", "toy", report=report)
    index = index_markdown([loaded], ["ggtables", "videochess"])
    row = index[index.index('id="ggtables"') :]
    row = row[: row.index("</tr>")]
    assert "not claimed" in row and "skip" not in row
    page = report_markdown(loaded, load_inventory(features.path()), set(), ["ggtables"])
    assert "not claimed" in page and "ggtables.a1" not in page


def test_an_engine_page_starts_with_its_failures() -> None:
    report = sample_report()
    loaded = LoadedReport("toy-engine.json", "toy-engine", report=report)
    page = report_markdown(loaded, load_inventory(features.path()), set(), ["videochess"])
    summary = page.index('class="dc-summary"')
    assert summary < page.index("## Scenarios")
    assert "unexpected failure" in page[summary : summary + 400]
    assert 'href="#causes"' in page[summary : summary + 600]
