"""The JSON Schemas, published with the site: the protocol's (normative), the report's, the
expectations file's and the ruleset profile's.

:func:`schema_pages` gives each schema as a file of the site (``schemas/<path>.json``, byte
for byte the package's) and an index page, ``schemas/index.md``, listing them with their
titles, so the protocol page's "normative" schemas can be read and fetched from the site.
"""

from __future__ import annotations

import json
from importlib import resources
from importlib.resources.abc import Traversable

import rulesets
from durak_conformance.site import Page
from durak_conformance.site.markup import esc

INDEX_PAGE = "schemas/index.md"


def _package_schemas() -> list[tuple[str, str]]:
    """(path under schemas/, text) of every schema the package ships, sorted by path."""
    found: list[tuple[str, str]] = []
    root = resources.files("durak_conformance") / "schemas"

    def walk(folder: Traversable, prefix: str) -> None:
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.is_dir():
                walk(entry, f"{prefix}{entry.name}/")
            elif entry.name.endswith(".json"):
                found.append((f"{prefix}{entry.name}", entry.read_text(encoding="utf-8")))

    walk(root, "")
    ruleset_schema = rulesets.path() / "schema.json"
    found.append(("ruleset-profile.json", ruleset_schema.read_text(encoding="utf-8")))
    return sorted(found)


def _title(text: str) -> str:
    try:
        data = json.loads(text)
    except ValueError:
        return ""
    title = data.get("title") if isinstance(data, dict) else None
    return str(title) if title else ""


def schema_pages() -> list[Page]:
    """The schema files (``schemas/<path>``) and their index page."""
    schemas = _package_schemas()
    rows = []
    for path, text in schemas:
        rows.append(
            f'<tr><td><a href="{esc(path)}"><code>{esc(path)}</code>'
            f"</a></td><td>{esc(_title(text))}</td></tr>"
        )
    index = "\n\n".join(
        [
            "# JSON Schemas",
            "Every schema the tool checks against (JSON Schema, draft 2020-12), as the "
            "package ships it. The `protocol-v1/` schemas are the protocol's normative "
            "reference ([Protocol reference](../protocol.md)): one per request and per reply, "
            "plus shared definitions. `report-v1.json` is the JSON report "
            "([Reports](../reports.md)), `expectations-v1.json` an expectations file, "
            "`ruleset-profile.json` a ruleset profile ([Rulesets](../rulesets.md)).",
            '<table class="dc-table"><thead><tr><th>schema</th><th>title</th></tr></thead>'
            "<tbody>" + "".join(rows) + "</tbody></table>",
        ]
    )
    pages = [Page(INDEX_PAGE, "JSON Schemas", index)]
    pages += [Page(f"schemas/{path}", path, text) for path, text in schemas]
    return pages
