"""The built site as a reader sees it: headless Chromium renders the matrix pages.

The site is built once (with a sample report) into a temporary folder and served on
127.0.0.1.  ``--dump-dom`` checks the rows, columns and links of the matrices as the browser
built them; a probe copy of each page records, from a small script, whether the page is wider
than a phone's viewport (the matrices must scroll inside their wrapper instead).  Screenshots
of each matrix page, at desktop and phone width, are kept under ``artifacts/screenshots/``.

Chromium is Debian's ``/usr/bin/chromium``.  Without it the tests are skipped, except under CI
(``CI=true``) where they fail: CI installs it, so its absence is a broken setup.
"""

from __future__ import annotations

import functools
import html.parser
import http.server
import json
import os
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest
from test_site import sample_report

import features
from durak_conformance.cli import main
from durak_conformance.profiles import list_profiles, load_profile, parameter_names
from durak_conformance.reports import write_report
from durak_conformance.site.inventory import load_inventory
from durak_conformance.site.rules_matrix import build_rows

ROOT = Path(__file__).resolve().parent.parent
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = os.environ.get("DURAK_CHROMIUM", "/usr/bin/chromium")
PHONE = "390,844"
DESKTOP = "1400,1000"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
]
MATRIX_PAGES = [
    "rules-matrix/index.html",
    "rules-matrix/differences.html",
    "conformance/index.html",
]

PHONE_PAGES = [*MATRIX_PAGES, "conformance/toy-engine.html"]
PHONE_FRAMES = "phone-frames.html"
FAILURE_FRAME = "failure-frame.html"
"""A page showing each of PHONE_PAGES in a phone-sized iframe (headless Chromium will not make
a window narrower than 500 px).  Its script measures every frame once all have loaded and
records the result on its own ``<html>`` element, where ``--dump-dom`` shows it."""

_FRAMES_SCRIPT = """<script>
const frames = Array.from(document.querySelectorAll("iframe"));
let pending = frames.length;
function measure() {
  const result = {};
  for (const frame of frames) {
    const doc = frame.contentDocument.documentElement;
    const wrappers = Array.from(frame.contentDocument.querySelectorAll(".dc-scroll"));
    const width = frame.contentWindow.innerWidth;
    result[frame.dataset.page] = {
      scrollWidth: doc.scrollWidth,
      innerWidth: width,
      wrappersScrolling: wrappers.filter(w => w.scrollWidth > w.clientWidth).length,
      wrappersOverflowing: wrappers.filter(
        w => w.getBoundingClientRect().right > width + 1).length
    };
  }
  document.documentElement.setAttribute("data-dc-probe", JSON.stringify(result));
}
for (const frame of frames) {
  frame.addEventListener("load", () => { if (--pending === 0) setTimeout(measure, 300); });
}
</script>"""


STICKY_FRAME = "sticky-frame.html"
"""The rules matrix in a frame, scrolled down inside its box and filtered by its script; the
measurements (where the column heads are, how many rows the filter leaves) are recorded on
the frame page's ``<html>`` element."""

_STICKY_SCRIPT = """<script>
const frame = document.querySelector("iframe");
frame.addEventListener("load", () => setTimeout(() => {
  const doc = frame.contentDocument;
  const box = doc.querySelector(".dc-scroll-tall");
  const head = doc.querySelector("table.dc-rules-matrix thead th:nth-child(2)");
  const result = {box: !!box, before: head.getBoundingClientRect().top};
  box.scrollTop = 1500;
  setTimeout(() => {
    result.scrolled = box.scrollTop;
    result.boxTop = box.getBoundingClientRect().top;
    result.headTop = head.getBoundingClientRect().top;
    const form = doc.querySelector("form.dc-filters");
    result.filters = !!form;
    result.rows = doc.querySelectorAll("tr.dc-row").length;
    const differs = form.querySelector("input[name=differs]");
    differs.checked = true;
    differs.dispatchEvent(new Event("change"));
    result.differingShown = doc.querySelectorAll("tr.dc-row:not(.dc-hidden)").length;
    differs.checked = false;
    differs.dispatchEvent(new Event("change"));
    const kind = form.querySelector("select[name=kind]");
    kind.value = "ambiguous";
    kind.dispatchEvent(new Event("change"));
    result.ambiguousShown = doc.querySelectorAll("tr.dc-row:not(.dc-hidden)").length;
    const code = doc.querySelector("table.dc-rules-matrix tbody th code");
    result.wordBreak = frame.contentWindow.getComputedStyle(code).wordBreak;
    result.overflowWrap = frame.contentWindow.getComputedStyle(code).overflowWrap;
    document.documentElement.setAttribute("data-dc-sticky", JSON.stringify(result));
  }, 300);
}, 300));
</script>"""


def frames_page(pages: list[str], width: int, height: int) -> str:
    frames = "".join(
        f'<iframe data-page="{page}" src="{page}" width="{width}" height="{height}" '
        'style="border:1px solid #888;margin:4px;vertical-align:top"></iframe>'
        for page in pages
    )
    return (
        '<!doctype html><html><head><meta charset="utf-8"><title>phone width</title></head>'
        f'<body style="margin:0;white-space:nowrap">{frames}{_FRAMES_SCRIPT}</body></html>'
    )


def _chromium_or_skip() -> str:
    if Path(CHROMIUM).is_file() and os.access(CHROMIUM, os.X_OK):
        return CHROMIUM
    message = (
        f"Chromium not found at {CHROMIUM}: install it with "
        "`apt-get update && apt-get install -y chromium` (or set DURAK_CHROMIUM)"
    )
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message + " - CI must provide it")
    pytest.skip(message)


@dataclass(frozen=True)
class Served:
    site: Path
    url: str


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    _chromium_or_skip()
    base = tmp_path_factory.mktemp("site-browser")
    reports = base / "reports"
    reports.mkdir()
    write_report(sample_report(), reports / "toy-engine.json")
    site = base / "site"
    assert main(["site", "--reports", str(reports), "--output", str(site)]) == 0
    width, height = (int(n) for n in PHONE.split(","))
    (site / PHONE_FRAMES).write_text(frames_page(PHONE_PAGES, width, height), encoding="utf-8")
    # Chromium's headless screenshot of a page scrolled to an anchor comes out blank; the
    # same page in a frame scrolls and draws properly.
    failure = frames_page(["conformance/toy-engine.html#r-3"], 1380, 980)
    (site / FAILURE_FRAME).write_text(failure, encoding="utf-8")
    sticky = frames_page(["rules-matrix/index.html"], 1380, 700).replace(
        _FRAMES_SCRIPT, _STICKY_SCRIPT
    )
    (site / STICKY_FRAME).write_text(sticky, encoding="utf-8")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Served(site, f"http://127.0.0.1:{server.server_address[1]}")
    finally:
        server.shutdown()
        server.server_close()


def chromium(*args: str) -> str:
    """Run headless Chromium with its own throw-away profile; returns stdout."""
    profile = tempfile.mkdtemp(prefix="dc-chromium-")
    try:
        result = subprocess.run(
            [_chromium_or_skip(), *FLAGS, f"--user-data-dir={profile}", *args],
            capture_output=True,
            text=True,
            timeout=90,
        )
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def render(url: str, window: str, shot: str) -> str:
    """Load ``url`` once: keep a screenshot under artifacts/screenshots, return the DOM."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    target = SCREENSHOTS / shot
    target.unlink(missing_ok=True)
    return chromium(
        f"--window-size={window}",
        "--virtual-time-budget=3000",
        f"--screenshot={target}",
        "--dump-dom",
        url,
    )


class _Dom(html.parser.HTMLParser):
    """Rows of ``table.dc-matrix``: id, header cells, links; and the probe's measurements."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[dict[str, object]] = []
        self.head: list[str] = []
        self.probe: str | None = None
        self.sticky: str | None = None
        self._in_head = False
        self._in_th = False
        self._row: dict[str, object] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "html" and a.get("data-dc-probe"):
            self.probe = a["data-dc-probe"]
        if tag == "html" and a.get("data-dc-sticky"):
            self.sticky = a["data-dc-sticky"]
        if tag == "thead":
            self._in_head = True
        if tag == "th" and self._in_head:
            self._in_th = True
            self.head.append("")
        if tag == "tr" and not self._in_head:
            self._row = {"id": a.get("id"), "class": a.get("class") or "", "links": []}
            self.rows.append(self._row)
        if tag == "a" and self._row is not None and a.get("href"):
            links = self._row["links"]
            assert isinstance(links, list)
            links.append(a["href"])

    def handle_endtag(self, tag: str) -> None:
        if tag == "thead":
            self._in_head = False
        if tag == "th":
            self._in_th = False
        if tag == "tr":
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._in_th and self._in_head:
            self.head[-1] += data.strip()


def parse(dom: str) -> _Dom:
    parser = _Dom()
    parser.feed(dom)
    return parser


RENDERS = [
    # page, window size, screenshot file
    ("rules-matrix/index.html", DESKTOP, "rules-matrix.png"),
    ("rules-matrix/differences.html", DESKTOP, "rules-differences.png"),
    ("conformance/index.html", DESKTOP, "conformance.png"),
    (FAILURE_FRAME, DESKTOP, "conformance-failure.png"),
    (STICKY_FRAME, DESKTOP, "rules-matrix-scrolled.png"),
    (PHONE_FRAMES, f"{len(PHONE_PAGES) * 400 + 16},{int(PHONE.split(',')[1]) + 16}", "phone.png"),
]


@pytest.fixture(scope="module")
def doms(served: Served) -> dict[str, str]:
    """Each page as Chromium built it (screenshots kept on the way), loaded in parallel."""
    with ThreadPoolExecutor(max_workers=3) as pool:
        dumps = pool.map(lambda r: render(f"{served.url}/{r[0]}", r[1], r[2]), RENDERS)
        return {page: dom for (page, _, _), dom in zip(RENDERS, dumps, strict=True)}


def test_rules_matrix_shows_every_parameter_and_profile_with_citation_links(
    doms: dict[str, str],
) -> None:
    dom = parse(doms["rules-matrix/index.html"])
    profiles = list_profiles()
    # Columns name the documents (their titles), with the profile id under each title.
    titles = [load_profile(p).title + p for p in profiles]
    assert dom.head == ["rule", *titles, "shown by"]
    rows = [r for r in dom.rows if str(r["id"] or "").startswith("p-")]
    assert [r["id"] for r in rows] == [f"p-{n}" for n in parameter_names()]
    for row in rows:
        name = str(row["id"])[2:]
        links = [str(h) for h in row["links"]]  # type: ignore[attr-defined]
        for profile in profiles:
            assert f"../profiles/{profile}.html#param-{name}" in links, (name, profile)


def test_differences_view_shows_exactly_the_differing_rows(doms: dict[str, str]) -> None:
    profiles = [load_profile(p) for p in list_profiles()]
    rows = build_rows(profiles, parameter_names(), load_inventory(features.path()))
    expected = [f"p-{r.parameter}" for r in rows if r.differs]
    assert expected, "the five profiles differ somewhere"
    dom = parse(doms["rules-matrix/differences.html"])
    shown = [r for r in dom.rows if str(r["id"] or "").startswith("p-")]
    assert [r["id"] for r in shown] == expected
    assert all("dc-differs" in str(r["class"]) for r in shown)
    for row, model in zip(shown, [r for r in rows if r.differs], strict=True):
        links = [str(h) for h in row["links"]]  # type: ignore[attr-defined]
        compare = [h for h in links if h.startswith("../catalogue/compare.html#")]
        assert len(compare) == len(model.scenarios)


def test_conformance_matrix_shows_the_run_and_drills_down(doms: dict[str, str]) -> None:
    dom = parse(doms["conformance/index.html"])
    assert dom.head == ["implementation", "toy-engine 1.2.3"]
    text = doms["conformance/index.html"]
    assert "0123456789ab" in text and "engine:toy" in text
    links = [str(h) for r in dom.rows for h in r["links"]]  # type: ignore[attr-defined]
    assert "toy-engine.html#videochess--attack-and-defence" in links
    assert "toy-engine.html#videochess--take" in links


def test_matrix_heads_stay_in_view_and_filters_work(doms: dict[str, str]) -> None:
    """Scrolled down 1,500 px inside its box, the matrix's column heads are still at the top
    of the box (the sticky head works); the filters leave the differing or the ambiguous
    rows; identifiers are never broken inside a word."""
    sticky = parse(doms[STICKY_FRAME]).sticky
    assert sticky is not None, "the measuring script did not run"
    measured = json.loads(sticky)
    assert measured["box"] and measured["scrolled"] > 1000, measured
    assert abs(measured["headTop"] - measured["boxTop"]) <= 2, measured
    profiles = [load_profile(p) for p in list_profiles()]
    rows = build_rows(profiles, parameter_names(), load_inventory(features.path()))
    assert measured["filters"] and measured["rows"] == len(rows)
    assert measured["differingShown"] == sum(r.differs for r in rows)
    ambiguous = sum(any(c.kind == "ambiguous" for c in r.cells) for r in rows)
    assert 0 < measured["ambiguousShown"] == ambiguous
    assert measured["wordBreak"] == "normal" and measured["overflowWrap"] == "normal"


@pytest.mark.parametrize("page", PHONE_PAGES)
def test_pages_do_not_overflow_a_phone_screen(doms: dict[str, str], page: str) -> None:
    probe = parse(doms[PHONE_FRAMES]).probe
    assert probe is not None, "the measuring script did not run"
    measured = json.loads(probe)[page]
    assert measured["innerWidth"] == int(PHONE.split(",")[0])
    assert measured["scrollWidth"] <= measured["innerWidth"], measured
    assert measured["wrappersOverflowing"] == 0, measured
    if page.startswith("rules-matrix/"):
        # the matrix is wider than a phone: it scrolls inside its wrapper
        assert measured["wrappersScrolling"] >= 1, measured


def test_screenshots_are_kept(doms: dict[str, str]) -> None:
    for _, _, name in RENDERS:
        file = SCREENSHOTS / name
        assert file.is_file() and file.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", file
        assert file.stat().st_size > 10_000, f"{file} looks blank"
