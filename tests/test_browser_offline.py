"""Playwright at 360x740: nothing is lost when the Wi-Fi drops. The app installs (manifest, an
active service worker); a hand saved offline waits on the phone through a reload and a closed tab,
and is stored exactly once when the connection is back."""
from __future__ import annotations

import re
import shutil

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.app_helpers import stored_hands
from tests.browser_helpers import new_match, tap, totals

pytestmark = pytest.mark.browser

KEPT_COPY = """() => caches.open('pages-v1').then(c => c.match(location.href)).then(r => !!r)"""


def wait_until(page: Page, script: str, what: str) -> None:
    """Poll an async check in the page (wait_for_function does not wait for promises)."""
    for _ in range(100):
        if page.evaluate(script):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"never happened: {what}")


# Writes a phone sends: while "offline" they are refused at the context too. Neither this nor the offline
# emulation is certain to reach the first requests of a page that a service worker controls just after a
# reload, so a test asserts what a phone may rely on: what waits is shown waiting, and is stored once.
WRITES = re.compile(r".*/(hands|submit|total)$")


def offline(context: BrowserContext) -> None:
    context.set_offline(True)
    context.route(WRITES, lambda route: route.abort("internetdisconnected"))


def online(context: BrowserContext) -> None:
    context.unroute(WRITES)
    context.set_offline(False)


def installed(page: Page) -> None:
    manifest = page.evaluate("""() => fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())""")
    assert manifest["display"] == "standalone" and manifest["icons"]
    wait_until(page, "() => navigator.serviceWorker.getRegistration().then(r => !!(r && r.active))",
               "the service worker is active")
    wait_until(page, "() => navigator.serviceWorker.controller !== null", "the service worker controls the page")
    wait_until(page, KEPT_COPY, "the phone keeps a copy of the match page")


def test_a_hand_saved_offline_survives_a_reload_and_is_stored_once(page, app, shots):
    J = "offline"
    new_match(page, None, J, "euchre", ["Ann", "Bob", "Cy", "Di"])
    match_id = page.url.rstrip("/").rsplit("/", 1)[1]  # the match's address
    installed(page)

    offline(page.context)
    tap(page, "maker", 1)
    expect(page.locator("#preview")).to_contain_text("computed when you are back online")
    tap(page, "trump", "H")
    tap(page, "tricks", 4)
    page.click("#save")
    expect(page.locator("#outbox")).to_contain_text("1 hand not sent yet")
    expect(page.locator("input[name=maker]:checked")).to_have_count(0)  # the form is ready for the next hand
    page.click("#save")  # a second tap on the emptied form keeps nothing more
    expect(page.locator("#outbox")).to_contain_text("1 hand not sent yet")
    shots(page, J, "hand-kept")

    page.reload()  # offline: the service worker's copy of the match
    expect(page.locator("#scoreboard")).to_be_visible()
    expect(page.locator("#outbox")).to_contain_text("1 hand not sent yet")

    assert stored_hands(app, match_id) in ([], [{"maker": 1, "trump": "H", "tricks": 4}])  # never twice

    # the tab is closed; a new one, opened once the connection is back, sends the kept hand once
    # (a page opened in an offline context may run before Playwright takes its network away)
    context = page.context
    page.close()
    online(context)
    page = context.new_page()
    page.goto(f"/matches/{match_id}")
    expect(page.locator("#hands .hand-row")).to_have_count(1)
    expect(page.locator("#outbox")).to_be_hidden()
    assert totals(page) == [0, 1]
    assert stored_hands(app, match_id) == [{"maker": 1, "trump": "H", "tricks": 4}]

    # offline again on the open page: the hand goes when the connection comes back by itself
    offline(context)
    tap(page, "maker", 0)
    tap(page, "tricks", 5)
    page.click("#save")
    expect(page.locator("#outbox")).to_contain_text("1 hand not sent yet")
    online(context)
    expect(page.locator("#hands .hand-row")).to_have_count(2)
    expect(page.locator("#outbox")).to_be_hidden()
    assert totals(page) == [2, 1]
    page.reload()
    expect(page.locator("#hands .hand-row")).to_have_count(2)
    assert page.evaluate("() => localStorage.getItem('euchre-scores-outbox')") == "[]"
    assert len(stored_hands(app, match_id)) == 2
    page.close()


def test_a_kept_hand_the_referee_refuses_comes_back_into_the_form(page, app):
    new_match(page, None, "offline-refused", "euchre", ["Ann", "Bob", "Cy", "Di"])
    match_id = page.url.rstrip("/").rsplit("/", 1)[1]  # the match's address
    offline(page.context)
    tap(page, "maker", 2)
    tap(page, "trump", "S")  # and no tricks: the referee cannot score it
    page.click("#save")
    expect(page.locator("#outbox")).to_contain_text("1 hand not sent yet")
    online(page.context)
    expect(page.locator("#err-tricks")).to_be_visible()
    expect(page.locator("input[name=maker][value='2']")).to_be_checked()
    expect(page.locator("input[name=trump][value='S']")).to_be_checked()
    expect(page.locator("#outbox")).to_be_hidden()
    tap(page, "tricks", 3)
    page.click("#save")
    expect(page.locator("#hands .hand-row")).to_have_count(1)
    assert stored_hands(app, match_id) == [{"maker": 2, "trump": "S", "tricks": 3}]


def test_a_kept_hand_goes_soon_when_the_first_try_after_the_connection_returns_fails(page, app):
    """A phone says it is online a moment before its connection carries anything: the first send fails,
    and the hand goes a second or so later, not at the steady retry 20 s on."""
    new_match(page, None, "offline-retry", "euchre", ["Ann", "Bob", "Cy", "Di"])
    match_id = page.url.rstrip("/").rsplit("/", 1)[1]
    offline(page.context)
    tap(page, "maker", 1)
    tap(page, "tricks", 3)
    page.click("#save")
    expect(page.locator("#outbox")).to_contain_text("1 hand not sent yet")

    tries: list[str] = []

    def first_try_fails(route):
        tries.append(route.request.url)
        if len(tries) == 1:
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.context.unroute(WRITES)
    page.context.route(WRITES, first_try_fails)
    page.context.set_offline(False)
    expect(page.locator("#hands .hand-row")).to_have_count(1, timeout=8000)
    expect(page.locator("#outbox")).to_be_hidden()
    assert len(tries) == 2
    assert stored_hands(app, match_id) == [{"maker": 1, "tricks": 3}]


def test_changing_a_saved_hand_offline_says_it_needs_the_connection(page, app, shots):
    """Only new hands wait on the phone: an edit, a delete or an undo needs the connection, says so plainly,
    and loses nothing (the edit's taps stay in the form for a Retry)."""
    new_match(page, None, "offline-edit", "euchre", ["Ann", "Bob", "Cy", "Di"])
    match_id = page.url.rstrip("/").rsplit("/", 1)[1]
    tap(page, "maker", 1)
    tap(page, "tricks", 3)
    page.click("#save")
    expect(page.locator("#hands .hand-row")).to_have_count(1)
    page.click("#edit-1")
    expect(page.locator("#entry h2")).to_contain_text("Edit hand 1")

    offline(page.context)
    tap(page, "tricks", 5)
    expect(page.locator("#preview")).to_contain_text("changing a hand already saved needs it")
    page.click("#save")
    expect(page.locator("#netbar")).to_contain_text("changing a hand already saved needs it")
    expect(page.locator("input[name=tricks][value='5']")).to_be_checked()  # kept for the retry
    expect(page.locator("#outbox")).to_be_hidden()  # not queued: it would build on a match it cannot see
    shots(page, "offline-edit", "edit-needs-connection")
    page.click("#netbar-close")
    expect(page.locator("#netbar")).to_be_hidden()
    page.click("#undo")  # after its confirm dialog, so the bar shows again only once the undo has failed
    expect(page.locator("#netbar")).to_be_visible()
    expect(page.locator("#netbar")).to_contain_text("changing a hand already saved needs it")
    assert stored_hands(app, match_id) == [{"maker": 1, "tricks": 3}]

    online(page.context)
    page.click("#netbar-retry")
    expect(page.locator("#hands .hand-row")).to_have_count(0)  # the undo, retried, went through


def test_a_table_result_sent_offline_survives_a_reload_and_is_sent_once(page, app, client, shots):
    """A night's table phone: the result sent during a Wi-Fi drop waits on the phone, through a reload with
    no connection, and is stored exactly once when the connection is back."""
    from tests.night_helpers import check_in, create_night, start, table_codes
    from tests.test_night_flow import NAMES, _audit, _table_game

    slug = create_night(client, games=2)
    check_in(client, slug, NAMES)
    start(client, slug)
    code = table_codes(app, slug)[2]
    page.goto(f"/t/{code}")
    tap(page, "maker", 1)
    tap(page, "tricks", 3)
    page.click("#save")
    expect(page.locator("#hands .hand-row")).to_have_count(1)
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    page.reload()
    expect(page.locator("#send-ns")).to_be_visible()
    installed(page)

    offline(page.context)
    page.click("#send-ns")
    expect(page.locator("#outbox")).to_contain_text("1 result not sent yet")
    shots(page, "offline-table", "result-kept")
    page.reload()  # offline: the phone's copy of the table's page
    expect(page.locator("#outbox")).to_contain_text("1 result not sent yet")
    assert [action for _who, action, _what in _audit(app, slug)].count("submit") <= 1

    context = page.context
    page.close()
    online(context)
    page = context.new_page()
    page.goto(f"/t/{code}")
    expect(page.locator("#confirm")).to_be_visible()  # sent, for the other pair to confirm
    expect(page.locator("#outbox")).to_be_hidden()
    assert _table_game(app, slug, 2)["status"] == "submitted"
    assert [action for _who, action, _what in _audit(app, slug)].count("submit") == 1
    page.close()


def test_an_updated_script_reaches_a_phone_that_kept_the_old_one(page, app, tmp_path):
    """The laptop is updated between two visits: a phone whose service worker keeps the app's script runs the
    new one on its very next page (it used to get its kept copy once more), and still has it offline."""
    static = tmp_path / "static"
    shutil.copytree(app.static_folder, static)
    before, app.static_folder = app.static_folder, str(static)
    try:
        new_match(page, None, "update", "euchre", ["Ann", "Bob", "Cy", "Di"])
        installed(page)
        page.reload()  # the worker controls this page: it keeps the script the page names
        wait_until(page, KEPT_SCRIPT, "the phone keeps the app's script")
        assert page.evaluate("() => window.updatedScript") is None

        with (static / "app.js").open("a") as script:
            script.write("\nwindow.updatedScript = true;\n")
        page.reload()
        page.wait_for_function("() => window.updatedScript === true")
        wait_until(page, KEPT_SCRIPT, "the phone keeps the new script")
        assert page.evaluate(KEPT_SCRIPTS) == 1  # the old version's copy is gone
        wait_until(page, KEPT_PAGE_NAMES_SCRIPT, "the phone's copy of the page names the new script")

        offline(page.context)
        page.reload()  # the worker's copies: the page as it was last shown, and the new script
        expect(page.locator("#scoreboard")).to_be_visible()
        page.wait_for_function("() => window.updatedScript === true")

        # a page kept from before the update names a version no longer kept: offline, the newest copy of the
        # script runs, not the plain one kept when the worker was installed (the old script)
        wait_until(page, KEPT_PAGE_NAMES_SCRIPT, "the page shown offline is kept again")
        page.evaluate(NAME_A_VERSION_NOT_KEPT)
        page.reload()
        expect(page.locator("#scoreboard")).to_be_visible()
        assert page.locator('script[src="/static/app.js?v=000000000000"]').count() == 1
        page.wait_for_function("() => window.updatedScript === true")
        online(page.context)
    finally:
        app.static_folder = before


KEPT_SCRIPTS = """() => caches.open('static-v2').then(c => c.keys())
    .then(keys => keys.filter(r => new URL(r.url).pathname === '/static/app.js' && r.url.includes('?v=')).length)"""
KEPT_SCRIPT = """() => caches.open('static-v2').then(c => c.keys()).then(keys => keys.some(r => r.url.includes(
    '/static/app.js?v=' + document.querySelector('script[src^="/static/app.js"]').src.split('?v=')[1])))"""
KEPT_PAGE_NAMES_SCRIPT = """() => caches.open('pages-v1').then(c => c.match(location.href))
    .then(r => r ? r.text() : '')
    .then(t => t.includes(document.querySelector('script[src^="/static/app.js"]').getAttribute('src')))"""
NAME_A_VERSION_NOT_KEPT = """() => caches.open('pages-v1').then(c => c.match(location.href).then(r => r.text())
    .then(t => c.put(location.href, new Response(t.replace(/app[.]js[?]v=[0-9a-f]+/, 'app.js?v=000000000000'),
                                                 {headers: {'Content-Type': 'text/html; charset=utf-8'}}))))"""
