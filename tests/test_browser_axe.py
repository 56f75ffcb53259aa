"""The axe-core watch that every browser journey runs under (tests/browser_helpers.py) does find a serious
violation, on a page that loaded, on one left at once, and in content htmx swapped in later; and it is
never served to players."""
from __future__ import annotations

import pytest

from tests.browser_helpers import AccessibilityWatch

pytestmark = pytest.mark.browser

BAD = '<!doctype html><html lang="en"><head><title>x</title></head><body><main><h1>x</h1>' \
      '<button type="button"></button></main></body></html>'  # a button with no name: "critical"
GOOD = '<!doctype html><html lang="en"><head><title>x</title></head><body><main><h1>x</h1>' \
       '<a href="/elsewhere">on</a></main></body></html>'


def _context(browser, live_server, pages: dict[str, str]):
    context = browser.new_context(viewport={"width": 360, "height": 740}, base_url=live_server)
    for path, html in pages.items():
        context.route(f"**{path}", _answer(html))
    return context


def _answer(html: str):
    return lambda route, _request: route.fulfill(body=html, content_type="text/html")


def test_a_serious_violation_fails_the_journey(browser, live_server):
    context = _context(browser, live_server, {"/axe-bad": BAD})
    try:
        watch = AccessibilityWatch(context)
        context.new_page().goto("/axe-bad")
        with pytest.raises(AssertionError, match="button-name"):
            watch.finish()
    finally:
        context.close()


def test_a_page_left_before_its_audit_is_revisited(browser, live_server):
    context = _context(browser, live_server, {"/axe-bad": BAD, "/elsewhere": GOOD})
    try:
        watch = AccessibilityWatch(context)
        pg = context.new_page()
        pg.goto("/axe-bad", wait_until="commit")
        pg.goto("/elsewhere")
        watch.audited.discard(f"{live_server}/axe-bad")  # as if the audit had not ended before it was left
        with pytest.raises(AssertionError, match="/axe-bad: button-name"):
            watch.finish()
    finally:
        context.close()


def test_the_real_pages_pass_and_axe_is_not_served(browser, live_server, clean_db):
    context = _context(browser, live_server, {})
    try:
        watch = AccessibilityWatch(context)
        pg = context.new_page()
        pg.goto("/")
        assert pg.evaluate("() => typeof axe") == "object"  # the watch is on
        watch.finish()
        assert f"{live_server}/" in watch.audited
        assert pg.request.get("/static/axe.min.js").status == 404
        assert "axe" not in pg.content().split("</head>")[0]
    finally:
        context.close()
