"""MkDocs hook: generate the data pages (matrices, profiles, catalogue, conformance).

Registered in ``mkdocs.yml`` under ``hooks:``.  ``on_config`` builds every page from the
rulesets, the features and the reports folders (``$DURAK_CONFORMANCE_REPORTS``, default
``reports/`` next to ``mkdocs.yml``) and expands the navigation: a nav entry naming a section
index (``profiles/index.md``) becomes that section with every generated page under it.
``on_files`` adds the pages as generated files.  Snippet lines (``--8<--``) are read relative
to ``mkdocs.yml``'s folder, wherever the build is started.  Problems in the data (a feature
that does not parse, a tag naming no clause, an unreadable report) are logged as warnings,
which fail a ``--strict`` build.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.livereload import LiveReloadServer
from mkdocs.structure.files import File, Files

import features
import rulesets
from durak_conformance import coverage
from durak_conformance.site import (
    Page,
    SiteBuild,
    build_site,
    default_reports_dirs,
    derivations_page,
    mutants_page,
    rules_matrix,
)
from durak_conformance.site.schemas import schema_pages

log = logging.getLogger("mkdocs.hooks.durak_conformance")

_state: dict[str, SiteBuild] = {}


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    root = Path(config.config_file_path).parent
    # Snippet paths are relative to the project (mkdocs.yml's folder), not to wherever the
    # build was started: `durak-conformance site` runs from any folder.
    snippets = config.mdx_configs.get("pymdownx.snippets")
    if isinstance(snippets, dict):
        snippets["base_path"] = [str(root)]
    reports = default_reports_dirs(root)
    rulesets_page = Path(config.docs_dir) / "rulesets.md"
    meanings = (
        rules_matrix.parse_meanings(rulesets_page.read_text(encoding="utf-8"))
        if rulesets_page.is_file()
        else {}
    )
    site = build_site(reports_dir=reports, meanings=meanings)
    site.pages += schema_pages()
    site.pages.append(Page(mutants_page.PAGE, "Mutant kill rate", mutants_page.markdown(reports)))
    site.pages.append(Page(derivations_page.PAGE, "Derived set-ups", derivations_page.markdown()))
    found = coverage.cells()
    site.pages.append(Page("coverage.md", "Option coverage", coverage.markdown(found)))
    for cell in coverage.holes(found):
        log.warning(f"coverage: {cell.profile} {cell.value} in {cell.area}: no scenario, no reason")
    _state["site"] = site
    for warning in site.warnings:
        log.warning(warning)
    docs = Path(config.docs_dir)
    generated = {page.src for page in site.pages}
    config.nav = expand_nav(
        config.nav, site, lambda src: src in generated or (docs / src).is_file()
    )
    return config


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for page in _state["site"].pages:
        files.append(File.generated(config, page.src, content=page.markdown))
    return files


def on_serve(server: LiveReloadServer, config: MkDocsConfig, builder: Any) -> LiveReloadServer:
    root = Path(config.config_file_path).parent
    for path in (features.path(), rulesets.path(), *default_reports_dirs(root)):
        if path.exists():
            server.watch(str(path))
    return server


def expand_nav(nav: Any, site: SiteBuild, exists: Callable[[str], bool]) -> Any:
    """The nav with generated sections filled in and pages not written yet left out."""
    if isinstance(nav, list):
        items = [expand_nav(item, site, exists) for item in nav]
        return [item for item in items if item is not None]
    if isinstance(nav, dict):
        out = {}
        for title, value in nav.items():
            expanded = expand_nav(value, site, exists)
            if expanded is not None and expanded != []:
                out[title] = expanded
        return out or None
    if isinstance(nav, str):
        if nav in site.sections:
            pages = site.sections[nav]
            return [pages[0].src, *({page.title: page.src} for page in pages[1:])]
        if nav.endswith(".md") and not exists(nav):
            # Pages written by other issues arrive over time; leave them out until they exist.
            log.info("nav: %s is not written yet; left out of the navigation", nav)
            return None
    return nav
