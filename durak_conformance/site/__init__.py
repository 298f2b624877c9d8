"""The published site's generated pages, built from the data at ``mkdocs build`` time.

``docs/hooks/generate.py`` calls :func:`build_site` from MkDocs' ``on_config`` and adds the
pages with ``File.generated`` in ``on_files``; nothing generated is committed.  Inputs:

- the ruleset profiles (:mod:`durak_conformance.profiles`) for the rules matrix and the
  profile pages;
- the Gherkin features (:mod:`durak_conformance.site.inventory`, parsed, not run) for the
  catalogue, clause coverage and the comparison scenarios of the rules matrix;
- the JSON reports in the reports folder for the conformance matrix.

Pages (source paths): ``rules-matrix/index.md``, ``rules-matrix/differences.md``,
``profiles/index.md`` and ``profiles/<id>.md``, ``catalogue/index.md`` and
``catalogue/<folder>.md``, ``conformance/index.md`` and ``conformance/<report>.md``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import features
from durak_conformance.profiles import Profile, list_profiles, load_profile, parameter_names
from durak_conformance.site import (
    catalogue,
    conformance_matrix,
    fuzz_pages,
    profile_pages,
    rules_matrix,
)
from durak_conformance.site.conformance_matrix import LoadedReport, load_report_folders
from durak_conformance.site.inventory import Inventory, load_inventory

REPORTS_ENV = "DURAK_CONFORMANCE_REPORTS"
"""Environment variable naming the reports folders the site reads, separated by
:data:`os.pathsep` (default: the project's ``reports/``).  A report in a later folder replaces
one of the same file name in an earlier folder."""


@dataclass(frozen=True, slots=True)
class Page:
    """A generated page: source path under ``docs/``, navigation title, Markdown."""

    src: str
    title: str
    markdown: str


@dataclass
class SiteBuild:
    """Every generated page, the navigation sections, and problems for build warnings."""

    pages: list[Page]
    sections: dict[str, list[Page]]
    """Index page source path -> the pages of its section, index first."""
    warnings: list[str] = field(default_factory=list)

    def page(self, src: str) -> Page:
        for page in self.pages:
            if page.src == src:
                return page
        raise KeyError(src)


def default_reports_dirs(project_root: Path) -> list[Path]:
    """The folders of ``$DURAK_CONFORMANCE_REPORTS`` if set, else ``[<project_root>/reports]``."""
    configured = os.environ.get(REPORTS_ENV)
    if configured:
        return [Path(part) for part in configured.split(os.pathsep) if part]
    return [project_root / "reports"]


def default_reports_dir(project_root: Path) -> Path:
    """The last of :func:`default_reports_dirs` (the one whose reports win)."""
    return default_reports_dirs(project_root)[-1]


def build_site(
    *,
    reports_dir: Path | Sequence[Path],
    features_dir: Path | None = None,
    profiles: Sequence[Profile] | None = None,
    meanings: Mapping[str, str] | None = None,
) -> SiteBuild:
    """Build every generated page from profiles, features and reports.

    ``meanings`` gives each rule parameter's meaning in plain words (from the tables of
    ``docs/rulesets.md``, :func:`~durak_conformance.site.rules_matrix.parse_meanings`).

    ``reports_dir`` is one folder or several: a report in a later folder replaces one of the
    same file name in an earlier one (a fresh local run over the published report).
    """
    chosen = list(profiles) if profiles is not None else [load_profile(p) for p in list_profiles()]
    inventory = load_inventory(features_dir or features.path())
    folders = [reports_dir] if isinstance(reports_dir, Path) else list(reports_dir)
    reports = load_report_folders(folders)
    # As for conformance reports, a campaign in a later folder replaces one of the same name.
    campaigns = {c.file: c for folder in folders for c in fuzz_pages.load_campaigns(folder)}
    return assemble(chosen, inventory, reports, meanings, list(campaigns.values()))


def assemble(
    profiles: Sequence[Profile],
    inventory: Inventory,
    reports: Sequence[LoadedReport],
    meanings: Mapping[str, str] | None = None,
    campaigns: Sequence[fuzz_pages.LoadedCampaign] = (),
) -> SiteBuild:
    """The pages from already loaded inputs (the unit tests feed synthetic ones).

    Fuzz ``campaigns`` go on the page of the engine with the same implementation name, or on
    a page of their own when the engine has no conformance report."""
    warnings: list[str] = []
    profile_ids = [p.id for p in profiles]
    rows = rules_matrix.build_rows(profiles, parameter_names(), inventory)

    matrix = [
        Page(
            rules_matrix.MATRIX_PAGE,
            "All rules",
            rules_matrix.matrix_page(rows, profiles, meanings),
        ),
        Page(
            rules_matrix.DIFFERENCES_PAGE,
            "Where profiles differ",
            rules_matrix.differences_page(rows, profiles, meanings),
        ),
        Page(
            rules_matrix.BY_RULE_PAGE,
            "One rule across documents",
            rules_matrix.by_rule_page(rows, profiles, meanings),
        ),
    ]
    profile_section = [
        Page(
            profile_pages.INDEX_PAGE, "Profiles", profile_pages.index_markdown(profiles, inventory)
        ),
        *(
            Page(
                rules_matrix.profile_page(p.id),
                p.title,
                profile_pages.profile_markdown(p, inventory),
            )
            for p in profiles
        ),
    ]

    known = catalogue.Known(
        clauses={c.id for p in profiles for c in p.clauses},
        parameters=set(parameter_names()),
        profiles=set(profile_ids),
    )
    titles = {p.id: p.title for p in profiles}
    catalogue_section = [
        Page(
            catalogue.INDEX_PAGE, "Scenario catalogue", catalogue.index_markdown(inventory, titles)
        )
    ]
    for folder in inventory.folders:
        title = "Comparisons" if folder == "compare" else folder
        catalogue_section.append(
            Page(
                catalogue.folder_page(folder),
                title,
                catalogue.folder_markdown(folder, inventory.in_folder(folder), known),
            )
        )
    warnings.extend(dict.fromkeys(known.problems))

    index = conformance_matrix.index_markdown(reports, profile_ids)
    campaign_index = fuzz_pages.index_rows(campaigns)
    if campaign_index:
        index = index.rstrip("\n") + "\n\n" + campaign_index + "\n"
    conformance_section = [Page(conformance_matrix.INDEX_PAGE, "Conformance", index)]
    for campaign in campaigns:
        if campaign.report is None:
            warnings.append(f"fuzz report not published: {campaign.error}")
    engines = {r.report.header.implementation.name for r in reports if r.report is not None}
    for loaded in reports:
        if loaded.report is None:
            warnings.append(f"report not published: {loaded.error}")
            continue
        text = conformance_matrix.report_markdown(
            loaded, inventory, set(known.clauses), profile_ids
        )
        name = loaded.report.header.implementation.name
        mine = [c for c in campaigns if c.report is not None and c.engine == name]
        if mine:
            text = text.rstrip("\n") + "\n\n" + fuzz_pages.section_markdown(mine) + "\n"
        conformance_section.append(Page(loaded.page, loaded.label, text))
    alone: dict[str, list[fuzz_pages.LoadedCampaign]] = {}
    for campaign in campaigns:
        if campaign.report is not None and campaign.engine not in engines:
            alone.setdefault(campaign.engine, []).append(campaign)
    for engine, own in sorted(alone.items()):
        conformance_section.append(
            Page(
                fuzz_pages.own_page(engine),
                f"{engine} (fuzzing)",
                fuzz_pages.engine_page_markdown(engine, own),
            )
        )

    sections = {
        rules_matrix.MATRIX_PAGE: matrix,
        profile_pages.INDEX_PAGE: profile_section,
        conformance_matrix.INDEX_PAGE: conformance_section,
        catalogue.INDEX_PAGE: catalogue_section,
    }
    pages = [page for section in sections.values() for page in section]
    return SiteBuild(pages=pages, sections=sections, warnings=warnings)


__all__ = [
    "REPORTS_ENV",
    "Page",
    "SiteBuild",
    "assemble",
    "build_site",
    "default_reports_dir",
    "default_reports_dirs",
]
