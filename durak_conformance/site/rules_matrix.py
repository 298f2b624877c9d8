"""The rules-difference matrix: one row per rule parameter, one column per profile.

Each cell shows the profile's value and its provenance: stated by the document (plain),
assumed because the document is silent (muted), or ambiguous (marked); it links to the
parameter on the profile's page, where the citation (section and phrase) is shown.  A row
*differs* when the profiles do not all give the parameter the same default value and the same
set of possible values under their table options.  Differing rows link to the comparison
scenarios tagged ``@dimension:<parameter>`` in ``features/compare/``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from durak_conformance.profiles import ENGINE_PARAMETERS, Kind, Profile
from durak_conformance.site.inventory import Inventory, Scenario
from durak_conformance.site.markup import esc, link, scroll, show_value

MATRIX_PAGE = "rules-matrix/index.md"
DIFFERENCES_PAGE = "rules-matrix/differences.md"
BY_RULE_PAGE = "rules-matrix/by-rule.md"
"""One rule at a time across the documents: value, provenance and citation side by side."""

KIND_LABELS: Mapping[Kind, str] = {
    "stated": "stated by the document",
    "assumed": "document silent: assumed",
    "ambiguous": "ambiguous: the profile picks a reading",
}


def profile_page(profile_id: str) -> str:
    """Source path of a profile's page."""
    return f"profiles/{profile_id}.md"


def param_anchor(name: str) -> str:
    """Anchor of a parameter on its profile page."""
    return f"param-{name}"


def row_anchor(name: str) -> str:
    """Anchor of a parameter's row in the matrix."""
    return f"p-{name}"


def rule_anchor(name: str) -> str:
    """Anchor of a parameter's section on the by-rule page."""
    return f"rule-{name}"


def parse_meanings(markdown: str) -> dict[str, str]:
    """Parameter name -> its meaning in plain words, from the tables of ``docs/rulesets.md``
    (rows ``| `name` | values | base | meaning |``): one description, kept with the docs."""
    meanings: dict[str, str] = {}
    for line in markdown.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
        if len(cells) >= 4 and cells[0].startswith("`") and cells[0].endswith("`"):
            name = cells[0].strip("`")
            if name.isidentifier():
                meanings.setdefault(name, cells[-1])
    return meanings


def inline_markup(text: str) -> str:
    """The meaning's Markdown (code spans, escaped pipes) as escaped HTML."""
    parts = text.replace("\\|", "|").split("`")
    return "".join(
        f"<code>{breakable(part)}</code>" if index % 2 else esc(part)
        for index, part in enumerate(parts)
    )


def column_head(profile: Profile, page: str) -> str:
    """A profile's column head: the document's title, the profile id under it."""
    href = esc(link(page, profile_page(profile.id)))
    return (
        f'<th scope="col"><a href="{href}">{esc(profile.title)}</a>'
        f'<span class="dc-doc-id">{esc(profile.id)}</span></th>'
    )


@dataclass(frozen=True, slots=True)
class Cell:
    """One profile's value for one parameter, with where it comes from."""

    profile: str
    parameter: str
    value: Any
    kind: Kind
    summary: str
    option: str | None = None
    alternatives: tuple[tuple[str, Any], ...] = ()
    """(option value, parameter value) for the option's other choices that change the value."""
    default_kind: Kind | None = None
    """For an option-governed parameter, the provenance of the option's default."""
    readings: tuple[tuple[Any, str], ...] = ()
    """For an ambiguous parameter, the other readings: (value, our sentence for it)."""

    def key(self) -> tuple[str, tuple[str, ...]]:
        """What must be equal for two profiles to agree: default value and possible values."""
        values = {json.dumps(self.value, sort_keys=True)}
        values.update(json.dumps(v, sort_keys=True) for _, v in self.alternatives)
        return json.dumps(self.value, sort_keys=True), tuple(sorted(values))


@dataclass(frozen=True, slots=True)
class Row:
    """One parameter across every profile."""

    parameter: str
    engine: bool
    """Read by the reference engine (the others are recorded for later work)."""
    cells: tuple[Cell, ...]
    scenarios: tuple[Scenario, ...] = ()
    """Comparison scenarios tagged ``@dimension:<parameter>``."""

    @property
    def differs(self) -> bool:
        return len({c.key() for c in self.cells}) > 1


def build_cell(profile: Profile, name: str) -> Cell:
    """The cell of ``profile`` for parameter ``name``."""
    param = profile.parameters[name]
    prov = param.provenance
    if param.option is None:
        others = tuple((r.value, r.text) for r in prov.choices if r.value != param.value)
        return Cell(profile.id, name, param.value, prov.kind, prov.summary(), readings=others)
    option = profile.options[param.option]
    alternatives = tuple(
        (choice.name, choice.sets[name])
        for choice in option.values.values()
        if choice.name != option.default and choice.sets[name] != param.value
    )
    return Cell(
        profile.id,
        name,
        param.value,
        prov.kind,
        prov.summary(),
        option=param.option,
        alternatives=alternatives,
        default_kind=option.default_provenance.kind,
    )


def build_rows(
    profiles: Sequence[Profile], names: Sequence[str], inventory: Inventory | None = None
) -> list[Row]:
    """One row per parameter name, cells in the order of ``profiles``."""
    by_dimension = inventory.by_dimension if inventory is not None else {}
    return [
        Row(
            parameter=name,
            engine=name in ENGINE_PARAMETERS,
            cells=tuple(build_cell(p, name) for p in profiles),
            scenarios=by_dimension.get(name, ()),
        )
        for name in names
    ]


def render_cell(cell: Cell, page: str) -> str:
    """A ``<td>`` linking to the citation on the profile page."""
    href = link(page, profile_page(cell.profile), param_anchor(cell.parameter))
    title = f"{KIND_LABELS[cell.kind]}. {cell.summary}".strip()
    shown = breakable(show_value(cell.value))
    parts = [f'<a href="{esc(href)}" title="{esc(title)}">{shown}</a>']
    if cell.kind == "ambiguous":
        parts.append('<span class="dc-mark dc-mark-ambiguous" title="ambiguous">⚠ ambiguous</span>')
        for value, text in cell.readings:
            parts.append(
                f'<span class="dc-reading" title="{esc(text)}">or reading '
                f"<b>{esc(show_value(value))}</b></span>"
            )
    elif cell.kind == "assumed":
        parts.append('<span class="dc-mark dc-mark-assumed">assumed</span>')
    if cell.option is not None:
        others = sorted({show_value(v) for _, v in cell.alternatives})
        alts = "or " + ", ".join(f"<b>{esc(v)}</b>" for v in others) + " " if others else ""
        title = "; ".join(f"{c}: {show_value(v)}" for c, v in cell.alternatives)
        title += f" (default {cell.default_kind})" if cell.default_kind != "stated" else ""
        parts.append(
            f'<span class="dc-opt" title="{esc(title)}">{alts}by option '
            f"<code>{esc(cell.option)}</code></span>"
        )
    return f'<td class="dc-cell dc-{cell.kind}">{" ".join(parts)}</td>'


def render_matrix(
    rows: Sequence[Row],
    profiles: Sequence[Profile],
    page: str,
    *,
    only_differing: bool,
    meanings: Mapping[str, str] | None = None,
) -> str:
    """The matrix as an HTML table in a scrolling box (its head stays in view), with the
    filters the page script attaches to it."""
    shown = [r for r in rows if r.differs] if only_differing else list(rows)
    head = "".join(column_head(p, page) for p in profiles)
    lines = [
        '<table class="dc-matrix dc-rules-matrix" data-filters="rules">',
        f'<thead><tr><th scope="col">rule</th>{head}<th scope="col">shown by</th></tr></thead>',
        "<tbody>",
    ]
    groups = (
        ("Play rules (read by the reference engine)", True, "play"),
        ("Table, timing and other rules", False, "table"),
    )
    width = len(profiles) + 2
    for title, engine, key in groups:
        group = [r for r in shown if r.engine is engine]
        if not group:
            continue
        lines.append(
            f'<tr class="dc-group" data-group="{key}"><th colspan="{width}" '
            f'scope="colgroup">{title}</th></tr>'
        )
        for row in group:
            lines.append(render_row(row, page, key, (meanings or {}).get(row.parameter)))
    lines += ["</tbody>", "</table>"]
    label = "Rules that differ between profiles" if only_differing else "Rules by profile"
    return scroll("\n".join(lines), label)


def render_row(row: Row, page: str, group: str = "", meaning: str | None = None) -> str:
    cells = [render_cell(cell, page) for cell in row.cells]
    classes = "dc-row dc-differs" if row.differs else "dc-row"
    anchor = row_anchor(row.parameter)
    kinds = " ".join(sorted({c.kind for c in row.cells}))
    about = f'<span class="dc-meaning">{inline_markup(meaning)}</span>' if meaning else ""
    across = link(page, BY_RULE_PAGE, rule_anchor(row.parameter))
    return (
        f'<tr id="{esc(anchor)}" class="{classes}" data-parameter="{esc(row.parameter)}" '
        f'data-group="{esc(group)}" data-kinds="{esc(kinds)}" '
        f'data-differs="{"yes" if row.differs else "no"}">'
        f'<th scope="row"><code>{breakable(row.parameter)}</code>{about}'
        f'<a class="dc-across" href="{esc(across)}" title="this rule in every document, '
        f'with the citations side by side">across documents</a></th>'
        f'{"".join(cells)}<td class="dc-shown-by">{render_scenarios(row, page)}</td></tr>'
    )


def breakable(name: str) -> str:
    """A name that may wrap after its underscores (narrow screens), never inside a word."""
    return esc(name).replace("_", "_<wbr>")


def render_scenarios(row: Row, page: str) -> str:
    if row.scenarios:
        return "<br>".join(
            f'<a class="dc-compare-link" href="{esc(link(page, catalogue_page(s), s.anchor))}">'
            f"{esc(s.name)}</a>"
            for s in row.scenarios
        )
    if row.differs and not row.engine:
        # Recorded for the reader, but the reference engine does not play it (Rules.extra):
        # no scenario run through an engine can show the difference.
        return '<span class="dc-muted">not played by the reference engine: nothing to run</span>'
    if row.differs:
        return '<span class="dc-missing">no comparison scenario yet</span>'
    return '<span class="dc-muted">same everywhere</span>'


def catalogue_page(scenario: Scenario) -> str:
    """Source path of the catalogue page holding ``scenario``."""
    return f"catalogue/{scenario.folder or 'other'}.md"


WIDE_PAGE = "---\nhide:\n  - toc\n---"
"""Front matter giving a matrix page the table-of-contents column's width."""

LEGEND = (
    '<p class="dc-legend">'
    '<span class="dc-cell dc-stated">stated</span> the document says so · '
    '<span class="dc-cell dc-assumed">assumed</span> the document is silent; the value comes '
    "from the baseline · "
    '<span class="dc-cell dc-ambiguous">⚠ ambiguous</span> the document can be read more than '
    "one way; the profile picks a reading. Each value links to its citation on the profile page."
    "</p>"
)


FILTERS_NOTE = (
    '<p class="dc-muted dc-filters-note">Filters (rules that differ, rule group, '
    "provenance, a name) appear above the table when the page's script runs.</p>"
)


def matrix_page(
    rows: Sequence[Row], profiles: Sequence[Profile], meanings: Mapping[str, str] | None = None
) -> str:
    """Markdown of the full matrix page."""
    differing = sum(r.differs for r in rows)
    return "\n\n".join(
        [
            WIDE_PAGE,
            "# Rules matrix",
            f"Every rule parameter ({len(rows)}) of the {len(profiles)} profiles, with each "
            "value's provenance. "
            f"[Show only the {differing} rules where the profiles differ]"
            "(differences.md).",
            LEGEND,
            FILTERS_NOTE,
            render_matrix(rows, profiles, MATRIX_PAGE, only_differing=False, meanings=meanings),
            "Values are each profile's defaults; where a table option changes a value, the "
            "cell names the option and the other values it can give.",
        ]
    )


def differences_page(
    rows: Sequence[Row], profiles: Sequence[Profile], meanings: Mapping[str, str] | None = None
) -> str:
    """Markdown of the page showing only the rows where profiles differ."""
    differing = [r for r in rows if r.differs]
    shown = sum(bool(r.scenarios) for r in differing)
    return "\n\n".join(
        [
            WIDE_PAGE,
            "# Where the profiles differ",
            f"{len(differing)} of {len(rows)} rule parameters differ between the profiles; "
            f"{shown} of them are demonstrated by a comparison scenario "
            "(`features/compare/`, tagged `@dimension:<parameter>`). "
            "[See every rule](index.md).",
            LEGEND,
            FILTERS_NOTE,
            render_matrix(rows, profiles, DIFFERENCES_PAGE, only_differing=True, meanings=meanings),
        ]
    )


def by_rule_page(
    rows: Sequence[Row], profiles: Sequence[Profile], meanings: Mapping[str, str] | None = None
) -> str:
    """Markdown of the page showing one rule at a time across every document: each
    document's value, whether it states it, where (section and our locating phrase), and
    the readings of an ambiguous passage, side by side."""
    meanings = meanings or {}
    parts = [
        "# One rule across the documents",
        "Each rule parameter with every document's value and where it comes from: the section "
        "of the document that states it (with a short locating phrase of ours, never the "
        "document's words), why a value was assumed where the document is silent, and the "
        "readings of an ambiguous passage. [Back to the matrix](index.md).",
    ]
    by_id = {p.id: p for p in profiles}
    page = BY_RULE_PAGE
    for row in rows:
        meaning = meanings.get(row.parameter)
        lines = [
            f'<section class="dc-rule" id="{esc(rule_anchor(row.parameter))}">',
            f"<h2><code>{breakable(row.parameter)}</code></h2>",
        ]
        if meaning:
            lines.append(f'<p class="dc-meaning">{inline_markup(meaning)}</p>')
        verdict = "The documents differ here." if row.differs else "Every document agrees."
        matrix = link(page, MATRIX_PAGE, row_anchor(row.parameter))
        lines.append(f'<p>{verdict} <a href="{esc(matrix)}">Its row in the matrix</a>.</p>')
        body = []
        for cell in row.cells:
            profile = by_id[cell.profile]
            prov = profile.parameters[row.parameter].provenance
            where = (
                f"§ {esc(prov.citation.section)}: <q>{esc(prov.citation.point)}</q>"
                if prov.citation is not None
                else '<span class="dc-muted">not stated</span>'
            )
            why = esc(prov.reason or "")
            if prov.readings:
                why += (
                    (" " if why else "") + "Readings: " + " | ".join(esc(r) for r in prov.readings)
                )
            option = (
                f'<span class="dc-opt">by option <code>{esc(cell.option)}</code></span>'
                if cell.option
                else ""
            )
            href = esc(link(page, profile_page(profile.id), param_anchor(row.parameter)))
            body.append(
                f'<tr><th scope="row"><a href="{href}">{esc(profile.title)}</a>'
                f'<span class="dc-doc-id">{esc(profile.id)}</span></th>'
                f'<td class="dc-cell dc-{cell.kind}">{breakable(show_value(cell.value))}'
                f"{option}</td><td>{esc(KIND_LABELS[cell.kind])}</td>"
                f'<td class="dc-cite">{where}</td><td>{why}</td></tr>'
            )
        table = (
            '<table class="dc-table dc-by-rule"><thead><tr><th scope="col">document</th>'
            '<th scope="col">value</th><th scope="col">provenance</th>'
            '<th scope="col">where the document says it</th><th scope="col">why, readings'
            "</th></tr></thead><tbody>" + "".join(body) + "</tbody></table>"
        )
        lines += [scroll(table, f"{row.parameter} across the documents"), "</section>"]
        parts.append("\n".join(lines))
    return "\n\n".join(parts)
