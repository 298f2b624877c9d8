"""One page per ruleset profile, and the profiles overview.

A profile page shows the system and its source document, the table options with their
defaults, every parameter with its value, provenance and citation (anchored ``param-<name>``
for the rules matrix), and every rule clause with its paraphrase, citation and the scenarios
tagged ``@rule:<clause>`` (anchored ``clause-<area>.<name>``).  Clauses no scenario covers are
flagged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from durak_conformance.profiles import Clause, Profile, Provenance
from durak_conformance.site.inventory import Inventory, Scenario
from durak_conformance.site.markup import esc, link, scroll, show_value
from durak_conformance.site.rules_matrix import (
    MATRIX_PAGE,
    catalogue_page,
    param_anchor,
    profile_page,
    row_anchor,
)

INDEX_PAGE = "profiles/index.md"


def clause_anchor(clause_id: str) -> str:
    """Anchor of a clause on its profile page (``clause-throw-in.who``)."""
    return "clause-" + clause_id.split(".", 1)[-1]


def clause_link(from_page: str, clause_id: str) -> str:
    """URL of a clause on its profile's page, from ``from_page``."""
    profile = clause_id.split(".", 1)[0]
    return link(from_page, profile_page(profile), clause_anchor(clause_id))


@dataclass(frozen=True, slots=True)
class ClauseCoverage:
    """A clause and the scenarios tagged with it."""

    clause: Clause
    scenarios: tuple[Scenario, ...]

    @property
    def count(self) -> int:
        return len(self.scenarios)

    @property
    def area(self) -> str:
        return self.clause.suffix.split(".", 1)[0]


def coverage(profile: Profile, inventory: Inventory) -> list[ClauseCoverage]:
    """Every clause of ``profile`` in profile order, with its scenarios."""
    return [ClauseCoverage(c, inventory.by_clause.get(c.id, ())) for c in profile.clauses]


def provenance_html(prov: Provenance) -> str:
    """Provenance badge and explanation (citation, reason, readings, note)."""
    parts = [f'<span class="dc-badge dc-badge-{prov.kind}">{prov.kind}</span>']
    if prov.citation is not None:
        parts.append(
            f'<span class="dc-cite">§ {esc(prov.citation.section)}: '
            f"<q>{esc(prov.citation.point)}</q></span>"
        )
    if prov.reason:
        parts.append(f'<span class="dc-reason">{esc(prov.reason)}</span>')
    if prov.readings:
        items = "".join(f"<li>{esc(r)}</li>" for r in prov.readings)
        parts.append(f'<span class="dc-readings">readings:</span><ul>{items}</ul>')
    if prov.note:
        parts.append(f'<span class="dc-note">note: {esc(prov.note)}</span>')
    return " ".join(parts)


def _options_table(profile: Profile) -> str:
    if not profile.options:
        return "The document offers no table options."
    rows = []
    for option in profile.options.values():
        values = []
        for choice in option.values.values():
            sets = ", ".join(f"{k}={show_value(v)}" for k, v in choice.sets.items())
            mark = " <strong>(default)</strong>" if choice.name == option.default else ""
            cite = (
                f" — § {esc(choice.citation.section)}: {esc(choice.citation.point)}"
                if (choice.citation)
                else ""
            )
            values.append(
                f"<li><code>{esc(choice.name)}</code>{mark}: <small>{esc(sets)}{cite}</small></li>"
            )
        rows.append(
            f'<tr id="option-{esc(option.key)}"><th scope="row"><code>{esc(option.key)}</code></th>'
            f"<td>{esc(option.description)}<br><small>§ {esc(option.citation.section)}: "
            f"<q>{esc(option.citation.point)}</q></small></td>"
            f"<td><ul>{''.join(values)}</ul></td>"
            f"<td><code>{esc(option.default)}</code> "
            f"{provenance_html(option.default_provenance)}</td></tr>"
        )
    table = (
        '<table class="dc-table"><thead><tr><th>option</th><th>what it chooses</th>'
        "<th>values (and the parameters they set)</th><th>default</th></tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
    )
    return scroll(table, f"{profile.id} table options")


def _parameters_table(profile: Profile, page: str) -> str:
    rows = []
    for param in profile.parameters.values():
        value = f"<code>{esc(show_value(param.value))}</code>"
        if param.option is not None:
            value += f'<br><small>set by option <a href="#option-{esc(param.option)}">'
            value += f"<code>{esc(param.option)}</code></a></small>"
        base = (
            f'<br><span class="dc-reason">baseline: {esc(param.base_reason)}</span>'
            if (param.base_reason)
            else ""
        )
        matrix = link(page, MATRIX_PAGE, row_anchor(param.name))
        rows.append(
            f'<tr id="{param_anchor(param.name)}" class="dc-{param.provenance.kind}">'
            f'<th scope="row"><code>{esc(param.name)}</code> '
            f'<a class="dc-small" href="{esc(matrix)}" title="compare across profiles">⇄</a></th>'
            f"<td>{value}</td><td>{provenance_html(param.provenance)}{base}</td></tr>"
        )
    table = (
        '<table class="dc-table dc-params"><thead><tr><th>parameter</th><th>value</th>'
        "<th>provenance and citation</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
    )
    return scroll(table, f"{profile.id} parameters")


def _scenario_links(scenarios: Sequence[Scenario], page: str) -> str:
    items = "".join(
        f'<li><a href="{esc(link(page, catalogue_page(s), s.anchor))}">{esc(s.name)}</a></li>'
        for s in scenarios
    )
    return f'<ul class="dc-scenario-list">{items}</ul>'


def _clauses_section(profile: Profile, inventory: Inventory, page: str) -> str:
    covered = coverage(profile, inventory)
    missing = [c for c in covered if c.count == 0]
    parts = [
        f"{len(covered) - len(missing)} of {len(covered)} clauses are exercised by at least one "
        f"scenario ({sum(c.count for c in covered)} scenario tags in all)."
    ]
    if missing:
        names = ", ".join(
            f'<a href="#{esc(clause_anchor(c.clause.id))}"><code>{esc(c.clause.suffix)}</code></a>'
            for c in missing
        )
        parts.append(
            f'<p class="dc-uncovered-list"><strong>⚠ {len(missing)} clause'
            f"{'s' if len(missing) != 1 else ''} with no scenario:</strong> {names}</p>"
        )
    areas: dict[str, list[ClauseCoverage]] = {}
    for c in covered:
        areas.setdefault(c.area, []).append(c)
    for area, items in areas.items():
        rows = []
        for c in items:
            if c.count:
                count = f'<span class="dc-count">{c.count}</span>'
                cell = f"{count} {_scenario_links(c.scenarios, page)}"
            else:
                cell = '<span class="dc-count dc-count-zero">0</span> no scenario'
            rows.append(
                f'<tr id="{esc(clause_anchor(c.clause.id))}" class="dc-clause'
                f'{" dc-uncovered" if c.count == 0 else ""}"><th scope="row">'
                f"<code>{esc(c.clause.suffix)}</code></th><td>{esc(c.clause.text)}<br>"
                f"<small>{provenance_html(c.clause.provenance)}</small></td>"
                f"<td>{cell}</td></tr>"
            )
        table = (
            '<table class="dc-table dc-clauses"><thead><tr><th>clause</th>'
            "<th>paraphrase and citation</th><th>scenarios</th></tr></thead><tbody>"
            + "".join(rows)
            + "</tbody></table>"
        )
        parts.append(f"### {area}\n\n" + scroll(table, f"{profile.id} {area} clauses"))
    return "\n\n".join(parts)


def profile_markdown(profile: Profile, inventory: Inventory) -> str:
    """Markdown of ``profiles/<id>.md``."""
    page = profile_page(profile.id)
    source = profile.source
    lines = [
        f"# {esc(profile.title)}",
        f"`{profile.id}` · {esc(profile.description)}",
        '<dl class="dc-facts">'
        f"<dt>System</dt><dd>{esc(source.get('system', ''))}</dd>"
        f"<dt>Document</dt><dd>{esc(source.get('document', ''))}</dd>"
        f"<dt>Source file</dt><dd><code>{esc(source.get('seed', ''))}</code></dd>"
        f"<dt>Profile file</dt><dd><code>rulesets/{esc(profile.file.name)}</code></dd>"
        "</dl>",
        "## Table options",
        _options_table(profile),
        "## Parameters",
        "Values with the default options. **stated**: the document says so (section and phrase "
        "cited); **assumed**: the document is silent and the value comes from the baseline; "
        "**ambiguous**: the document can be read more than one way and the profile picks a "
        "reading.",
        _parameters_table(profile, page),
        "## Rule clauses",
        _clauses_section(profile, inventory, page),
    ]
    return "\n\n".join(lines) + "\n"


def index_markdown(profiles: Sequence[Profile], inventory: Inventory) -> str:
    """Markdown of ``profiles/index.md``: one row per profile."""
    rows = []
    for p in profiles:
        kinds = [param.provenance.kind for param in p.parameters.values()]
        covered = coverage(p, inventory)
        missing = sum(c.count == 0 for c in covered)
        flag = f' <span class="dc-missing">{missing} uncovered</span>' if missing else ""
        rows.append(
            f'<tr><th scope="row"><a href="{esc(link(INDEX_PAGE, profile_page(p.id)))}">'
            f"{esc(p.id)}</a></th><td>{esc(p.title)}</td><td>{esc(p.source.get('system', ''))}"
            f"</td><td>{len(p.options)}</td><td>{kinds.count('stated')}</td>"
            f"<td>{kinds.count('assumed')}</td><td>{kinds.count('ambiguous')}</td>"
            f"<td>{len(covered) - missing}/{len(covered)}{flag}</td></tr>"
        )
    table = (
        '<table class="dc-table"><thead><tr><th>profile</th><th>title</th><th>system</th>'
        "<th>options</th><th>stated</th><th>assumed</th><th>ambiguous</th>"
        "<th>clauses covered</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
    )
    return (
        "\n\n".join(
            [
                "# Profiles",
                "Each profile is written from one published rule document. Its page lists "
                "the table options, every parameter with its provenance and citation, and "
                "every rule clause with the scenarios that exercise it.",
                scroll(table, "profiles"),
            ]
        )
        + "\n"
    )
