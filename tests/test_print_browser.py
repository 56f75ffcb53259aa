"""Print that respects paper: each print page of a realistic night (40 players, 10 games) printed to PDF by
the browser on A4 and on Letter, and its pages counted (the PDF's page objects; no PDF library needed).

A page that holds only a title is caught by its content: each page of the PDF must draw a fair amount of
text, not one heading. An orphan heading is caught by the size of the type a page ends with: the results'
headings are 12 pt and more (16 CSS px), their text smaller.
"""
from __future__ import annotations

import re
import zlib

import pytest

from tests.browser_helpers import AccessibilityWatch
from tests.hall_helpers import PIN, hall_night

pytestmark = pytest.mark.browser
PAPERS = ("A4", "Letter")


# -- reading a PDF with the standard library --------------------------------------------------------
def pdf_objects(pdf: bytes) -> dict[int, bytes]:
    return {int(m.group(1)): m.group(2) for m in re.finditer(rb"(\d+) 0 obj(.*?)endobj", pdf, re.S)}


def _stream_bytes(body: bytes) -> bytes:
    """The bytes of an object's stream: after "stream" and its end of line, ``/Length`` bytes when the
    length is given directly, else up to the end of line before "endstream" (never stripping more than
    that one: compressed data may itself end in a line feed)."""
    start = body.index(b"stream") + 6
    start += 2 if body[start:start + 2] == b"\r\n" else 1 if body[start:start + 1] in (b"\n", b"\r") else 0
    length = re.search(rb"/Length\s+(\d+)(?!\s+\d+\s+R)", body[:start])
    if length:
        return body[start:start + int(length.group(1))]
    end = body.rindex(b"endstream")
    end -= 2 if body[end - 2:end] == b"\r\n" else 1 if body[end - 1:end] in (b"\n", b"\r") else 0
    return body[start:end]


def pdf_pages(pdf: bytes) -> list[bytes]:
    """Each page's drawing instructions, in page order (its content streams, inflated)."""
    objects = pdf_objects(pdf)
    pages = [n for n, body in objects.items() if re.search(rb"/Type\s*/Page(?!s)\b", body)]
    count = [int(m) for m in re.findall(rb"/Type\s*/Pages\b.*?/Count\s+(\d+)", pdf, re.S)]
    assert count and max(count) == len(pages), "the page tree's count and the page objects disagree"
    kids = re.search(rb"/Type\s*/Pages\b.*?/Kids\s*\[([^\]]*)\]", pdf, re.S)
    order = [int(n) for n in re.findall(rb"(\d+) 0 R", kids.group(1))] if kids else pages
    contents = []
    for page in (order if sorted(order) == sorted(pages) else pages):
        refs = re.search(rb"/Contents\s*(\[[^\]]*\]|\d+ 0 R)", objects[page])
        streams = [int(n) for n in re.findall(rb"(\d+) 0 R", refs.group(1))] if refs else []
        drawn = b""
        for ref in streams:
            body = objects[ref]
            raw = _stream_bytes(body)
            drawn += zlib.decompress(raw) if b"FlateDecode" in body[:body.index(b"stream")] else raw
        contents.append(drawn)
    return contents


def text_runs(content: bytes) -> int:
    """How many pieces of text a page draws (its text-showing operators)."""
    return len(re.findall(rb"(?:\)|\]|>)\s*T[jJ]\b", content))


HEADING_PX = 16  # 12 pt: the results' h2; h1 is larger, the tables and prizes smaller


def last_type_size(content: bytes) -> float:
    """The size (CSS px) of the type a page's last text is drawn in."""
    return float(re.findall(rb"/F\d+ ([\d.]+) Tf", content)[-1])


@pytest.fixture()
def print_page(request, browser, live_server, clean_db):
    """A desktop browser logged in as the night's director (the cards are the director's). The pages are
    audited with axe-core once: on A4 (the same pages on Letter paper would take as long again)."""
    context = browser.new_context(viewport={"width": 1200, "height": 900}, base_url=live_server)
    context.set_default_timeout(20_000)
    paper = getattr(request.node, "callspec", None) and request.node.callspec.params.get("paper")
    # a night of 40: audited at the end
    accessibility = AccessibilityWatch(context, as_it_goes=False) if paper != "Letter" else None
    pg = context.new_page()
    yield pg
    try:
        if accessibility is not None:
            accessibility.finish()
    finally:
        context.close()


def login(pg, slug: str) -> None:
    pg.goto(f"/nights/{slug}/login")
    pg.fill("#pin", PIN)
    pg.click("#login")
    pg.wait_for_url(re.compile(rf"/nights/{slug}$"))  # the dashboard, not the login page itself


def print_to_pdf(pg, path: str, paper: str) -> list[bytes]:
    pg.goto(path)
    pg.emulate_media(media="print")
    return pdf_pages(pg.pdf(format=paper, print_background=False))


@pytest.fixture()
def forty(app):
    with app.app_context():
        return hall_night(40, 10)


@pytest.mark.parametrize("paper", PAPERS)
def test_a_ten_game_night_prints_on_a_few_pages(app, print_page, forty, paper):
    login(print_page, forty)
    base = f"/nights/{forty}/print"

    results = print_to_pdf(print_page, f"{base}/results", paper)
    # the standings of 40 (a page), the prizes and rules, and ten games of ten tables: five or six sheets
    assert 3 <= len(results) <= 6, len(results)
    runs = [text_runs(p) for p in results]
    assert min(runs) >= 40, f"a page with almost nothing on it (a lone title?): text runs per page {runs}"
    endings = [last_type_size(p) for p in results]
    assert max(endings) < HEADING_PX, f"a page ends with a heading: the last type size of each page {endings}"

    tally = print_to_pdf(print_page, f"{base}/tally-cards", paper)
    assert len(tally) == 14, len(tally)  # three cards to a page: 40 players on 14 pages
    assert all(text_runs(p) >= 3 * 40 for p in tally[:-1]), [text_runs(p) for p in tally]

    tables = print_to_pdf(print_page, f"{base}/table-cards", paper)
    assert len(tables) == 5, len(tables)  # ten tables, two to a page
    runs = [text_runs(p) for p in tables]
    assert min(runs) >= 0.8 * max(runs), runs  # every page holds two cards, the last one too  # two QR codes on every page (drawn as squares)


def test_the_pdf_reader_counts_what_it_should(app, print_page, clean_db):
    """A page forced to break in two prints on two pages, each of which draws its text; a heading left at
    the foot of a page, or alone on one, is seen by the size of the type the page ends with."""
    print_page.set_content("<p>one</p><p style='break-before: page'>two</p>")
    pages = pdf_pages(print_page.pdf(format="A4"))
    assert len(pages) == 2 and [text_runs(p) for p in pages] == [1, 1]
    print_page.set_content("<p style='font: 9pt serif'>games</p><h2 style='font: 12pt serif'>Game 9</h2>"
                           "<p style='font: 9pt serif; break-before: page'>its tables</p>"
                           "<h2 style='font: 12pt serif; break-before: page'>Game 10</h2>")
    pages = pdf_pages(print_page.pdf(format="Letter"))
    assert [last_type_size(p) >= HEADING_PX for p in pages] == [True, False, True]


def test_the_print_pages_fit_a_phone(app, page):
    """Before printing, the director sees each print page on a phone at 360x740, nothing wider than it."""
    with app.app_context():
        slug = hall_night(12, 3, played=2)
    login(page, slug)
    for path in ("results", "tally-cards", "table-cards"):
        page.goto(f"/nights/{slug}/print/{path}")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360, path
    assert page.locator(".table-card").count() == 3
    assert "this laptop's address on the local network" in page.locator("#address-note").inner_text()
