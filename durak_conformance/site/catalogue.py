"""The scenario catalogue: every feature and scenario, readable without knowing Python.

One page per feature folder (``catalogue/<folder>.md``: a profile, or ``compare``) showing
each feature's description, its background, and each scenario with its steps, data tables,
doc strings and Examples; tags are links (``@rule:`` to the clause on its profile page,
``@dimension:`` to the rules-matrix row).  Tags naming a clause or parameter that does not
exist are flagged on the page and reported as build warnings.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from durak_conformance.site.inventory import Examples, Feature, Inventory, Scenario, Step
from durak_conformance.site.markup import cards_in_text, esc, link, md_link, scroll, slug
from durak_conformance.site.profile_pages import clause_link
from durak_conformance.site.rules_matrix import DIFFERENCES_PAGE, MATRIX_PAGE, row_anchor

INDEX_PAGE = "catalogue/index.md"


def folder_page(folder: str) -> str:
    """Source path of a feature folder's catalogue page."""
    return f"catalogue/{folder or 'other'}.md"


def feature_anchor(feature: Feature) -> str:
    return "f-" + slug(feature.path.rsplit("/", 1)[-1].removesuffix(".feature"))


@dataclass
class Known:
    """What tags may refer to: clause ids and parameter names; problems found are collected."""

    clauses: Collection[str]
    parameters: Collection[str]
    profiles: Collection[str] = ()
    problems: list[str] = field(default_factory=list)


def tag_html(tag: str, page: str, known: Known, where: str) -> str:
    """A tag as a badge; ``@rule:`` and ``@dimension:`` tags link to what they name."""
    key, sep, value = tag.lstrip("@").partition(":")
    if sep and key == "rule":
        if value in known.clauses:
            return (
                f'<a class="dc-tag dc-tag-rule" href="{esc(clause_link(page, value))}">'
                f"{esc(tag)}</a>"
            )
        known.problems.append(f"{where}: tag {tag} names no clause of any profile")
        return f'<span class="dc-tag dc-tag-unknown" title="no such clause">{esc(tag)} ⚠</span>'
    if sep and key == "dimension":
        if value in known.parameters:
            href = link(page, MATRIX_PAGE, row_anchor(value))
            return f'<a class="dc-tag dc-tag-dimension" href="{esc(href)}">{esc(tag)}</a>'
        known.problems.append(f"{where}: tag {tag} names no rule parameter")
        return f'<span class="dc-tag dc-tag-unknown" title="no such parameter">{esc(tag)} ⚠</span>'
    kind = "id" if key == "id" and sep else ("ambiguous" if tag == "@ambiguous" else "other")
    return f'<span class="dc-tag dc-tag-{kind}">{esc(tag)}</span>'


def _table(rows: Sequence[Sequence[str]], label: str, header: bool = True) -> str:
    if not rows:
        return ""
    head = ""
    body = rows
    if header:
        head = "<thead><tr>" + "".join(f"<th>{cards_in_text(c)}</th>" for c in rows[0])
        head += "</tr></thead>"
        body = rows[1:]
    cells = "".join(
        "<tr>" + "".join(f"<td>{cards_in_text(c)}</td>" for c in row) + "</tr>" for row in body
    )
    return scroll(f'<table class="dc-datatable">{head}<tbody>{cells}</tbody></table>', label)


def steps_html(steps: Sequence[Step]) -> str:
    """Steps as a list: keyword, text with coloured cards, data table or doc string."""
    items = []
    for step in steps:
        extra = ""
        if step.table:
            extra = _table(step.table, "data table")
        elif step.docstring is not None:
            extra = f'<pre class="dc-docstring">{cards_in_text(step.docstring)}</pre>'
        keyword = step.keyword.lower()
        items.append(
            f'<li class="dc-step dc-kw-{esc(slug(keyword))}"><span class="dc-kw">'
            f"{esc(step.keyword)}</span> {cards_in_text(step.text)}{extra}</li>"
        )
    return f'<ul class="dc-steps">{"".join(items)}</ul>'


def _examples_html(examples: Examples, page: str, known: Known, where: str) -> str:
    tags = " ".join(tag_html(t, page, known, where) for t in examples.tags)
    title = f"Examples{': ' + examples.name if examples.name else ''}"
    table = _table([examples.header, *examples.rows], title)
    return f'<div class="dc-examples"><p><strong>{esc(title)}</strong> {tags}</p>{table}</div>'


def scenario_html(scenario: Scenario, page: str, known: Known) -> str:
    """One scenario block with its anchor."""
    where = f"features/{scenario.feature}:{scenario.line}"
    tags = " ".join(tag_html(t, page, known, where) for t in scenario.own_tags)
    description = (
        f'<p class="dc-description">{esc(scenario.description)}</p>' if scenario.description else ""
    )
    examples = "".join(_examples_html(e, page, known, where) for e in scenario.examples)
    cases = f" · {scenario.pickles} examples" if scenario.examples else ""
    return (
        f'<section class="dc-scenario" id="{esc(scenario.anchor)}">'
        f'<h3 class="dc-scenario-title"><span class="dc-kw">{esc(scenario.keyword)}:</span> '
        f"{cards_in_text(scenario.name)}</h3>"
        f'<p class="dc-tags">{tags}<span class="dc-where">{esc(where)}{cases}</span></p>'
        f"{description}{steps_html(scenario.steps)}{examples}</section>"
    )


def _heading_text(text: str) -> str:
    escaped = esc(text)
    for char in "\\`*_[]{}#+!|":
        escaped = escaped.replace(char, "\\" + char)
    return escaped


def folder_markdown(folder: str, features: Sequence[Feature], known: Known) -> str:
    """Markdown of one folder's catalogue page."""
    page = folder_page(folder)
    title = "Comparison features" if folder == "compare" else f"Features: {folder}"
    parts = [f"# {_heading_text(title)}"]
    if folder == "compare":
        parts.append(
            "Scenario outlines whose Examples rows are profiles: the rules differences as "
            "executable examples. Each is tagged `@dimension:<parameter>` with the rule it "
            f"demonstrates (see the [rules matrix]({md_link(page, DIFFERENCES_PAGE)}))."
        )
    elif folder in known.profiles:
        parts.append(
            f"Rules of this profile: [{esc(folder)}]({md_link(page, f'profiles/{folder}.md')})."
        )
    for feature in features:
        if feature.error is not None:
            known.problems.append(feature.error)
            parts.append(
                f'<div class="dc-error"><strong>features/{esc(feature.path)} could not be read'
                f"</strong><pre>{esc(feature.error)}</pre></div>"
            )
            continue
        parts.append(f"## {_heading_text(feature.name)} {{#{feature_anchor(feature)}}}")
        where = f"features/{feature.path}"
        tags = " ".join(tag_html(t, page, known, where) for t in feature.tags)
        parts.append(
            f'<p class="dc-tags">{tags}<span class="dc-where">{esc(where)} · '
            f"{len(feature.scenarios)} scenarios</span></p>"
        )
        if feature.description:
            parts.append(f'<p class="dc-description">{esc(feature.description)}</p>')
        if feature.background:
            parts.append(
                '<div class="dc-background"><p><strong>Background</strong> (before every '
                f"scenario)</p>{steps_html(feature.background)}</div>"
            )
        parts.extend(scenario_html(s, page, known) for s in feature.scenarios)
    return "\n\n".join(parts) + "\n"


def index_markdown(inventory: Inventory, profile_titles: Mapping[str, str]) -> str:
    """Markdown of ``catalogue/index.md``: every folder and feature with scenario counts."""
    parts = [
        "# Scenario catalogue",
        f"{len(inventory.scenarios)} scenarios in {len(inventory.features)} feature files. "
        "Each scenario sets up a table, plays actions and states what the rules require; "
        "its tags link to the rule clauses it exercises.",
    ]
    for folder in inventory.folders:
        page = folder_page(folder)
        features = inventory.in_folder(folder)
        title = profile_titles.get(folder, "Comparison features" if folder == "compare" else "")
        count = sum(len(f.scenarios) for f in features)
        parts.append(
            f"## [{_heading_text(folder)}]({md_link(INDEX_PAGE, page)})\n\n"
            f"{esc(title)} · {count} scenarios"
        )
        lines = []
        for feature in features:
            name = feature.name or feature.path
            mark = " ⚠ could not be read" if feature.error else ""
            lines.append(
                f"- [{_heading_text(name)}]({md_link(INDEX_PAGE, page, feature_anchor(feature))})"
                f" ({len(feature.scenarios)}){mark}"
            )
        parts.append("\n".join(lines))
    if not inventory.features:
        parts.append("No feature files yet.")
    return "\n\n".join(parts) + "\n"
