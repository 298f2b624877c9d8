"""Small HTML helpers shared by the page builders: escaping, links between pages, cards.

Generated pages are Markdown files whose tables are raw HTML blocks (Markdown tables cannot
carry the classes the matrices need), so links inside them are written as final ``.html``
URLs.  The site is built with ``use_directory_urls: false``; a page ``profiles/x.md`` is served
as ``profiles/x.html``, which also keeps a downloaded CI artifact browsable from disk.
"""

from __future__ import annotations

import html
import json
import posixpath
import re
from typing import Any

from durak_conformance.limits import printable

SUITS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
"""Protocol suit letters and their symbols."""
RED_SUITS = frozenset("HD")
_SYMBOL_TO_SUIT = {symbol: letter for letter, symbol in SUITS.items()}
_CARD_CODE = re.compile(r"^(10|[2-9TJQKA])([SHDC])$")
_CARD_IN_TEXT = re.compile(r"(?<![\w])(10|[2-9TJQKA])([♠♥♦♣])")


def esc(value: Any) -> str:
    """Text made safe for HTML content and quoted attributes (control characters and lone
    surrogates from an engine shown as visible escapes)."""
    return html.escape(printable(str(value)), quote=True)


def page_url(src: str) -> str:
    """The served URL of a Markdown source path (``a/b.md`` -> ``a/b.html``)."""
    return src[: -len(".md")] + ".html" if src.endswith(".md") else src


def link(from_src: str, to_src: str, anchor: str = "") -> str:
    """A relative URL from page ``from_src`` to page ``to_src`` (and ``#anchor``)."""
    target = page_url(to_src)
    here = posixpath.dirname(page_url(from_src)) or "."
    url = "" if to_src == from_src else posixpath.relpath(target, here)
    return f"{url}#{anchor}" if anchor else url or page_url(posixpath.basename(to_src))


def slug(text: str) -> str:
    """A lower-case id fragment: letters, digits, dots, dashes and underscores kept."""
    return re.sub(r"[^a-z0-9._-]+", "-", text.lower()).strip("-") or "x"


def show_value(value: Any) -> str:
    """A parameter value as a reader would say it (``yes``/``no``, ``none``, plain text)."""
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "none"
    if isinstance(value, (list, dict)):
        return json.dumps(value)
    return str(value)


def card(code: Any) -> str:
    """One card as a coloured chip; anything that is not a card code is shown, escaped, as is."""
    text = str(code)
    match = _CARD_CODE.match(text)
    if match is None:
        return f'<span class="dc-card dc-unknown" title="not a card code">{esc(text)}</span>'
    rank, suit = match.groups()
    shown = "10" if rank in ("T", "10") else rank
    colour = "dc-red" if suit in RED_SUITS else "dc-black"
    return (
        f'<span class="dc-card {colour}" title="{esc(text)}">'
        f'<span class="dc-rank">{shown}</span><span class="dc-suit">{SUITS[suit]}</span></span>'
    )


def cards_in_text(text: str) -> str:
    """Escape ``text`` and colour the cards written in Gherkin notation (``7♥``, ``10♠``)."""
    out: list[str] = []
    last = 0
    for match in _CARD_IN_TEXT.finditer(text):
        out.append(esc(text[last : match.start()]))
        rank, symbol = match.groups()
        colour = "dc-red" if _SYMBOL_TO_SUIT[symbol] in RED_SUITS else "dc-black"
        out.append(f'<span class="dc-cardtext {colour}">{esc(rank + symbol)}</span>')
        last = match.end()
    out.append(esc(text[last:]))
    return "".join(out)


def scroll(table_html: str, label: str) -> str:
    """Wrap a wide table so it scrolls sideways inside the page instead of widening it.

    A matrix (``class="dc-matrix``) gets a box of its own height that also scrolls down, so
    its sticky column heads stay in view however long it is.
    """
    tall = " dc-scroll-tall" if 'class="dc-matrix' in table_html.split(">", 1)[0] else ""
    return (
        f'<div class="dc-scroll{tall}" role="region" aria-label="{esc(label)}" tabindex="0">\n'
        f"{table_html}\n</div>"
    )


def md_link(from_src: str, to_src: str, anchor: str = "") -> str:
    """A relative link to a Markdown source, for Markdown text (MkDocs checks and rewrites it)."""
    here = posixpath.dirname(from_src) or "."
    url = posixpath.relpath(to_src, here)
    return f"{url}#{anchor}" if anchor else url
