"""Thumb-sized helpers for the Playwright journeys: tap what a player would tap."""
from __future__ import annotations

from pathlib import Path

from playwright.sync_api import BrowserContext, Page, expect

AXE = Path(__file__).parent / "vendor" / "axe.min.js"  # axe-core, for the tests only (tests/vendor/README.md)
# Every rule axe runs by default, and label-content-name-mismatch too (an experimental rule, off by default: a
# button whose spoken name leaves out the words it shows). Run after each page load and after each htmx swap has settled (a little later, past the .15s transitions
# that would otherwise be caught half-painted); one audit at a time, each reported to the test.
AXE_RUNNER = """
(() => {
  if (window.top !== window || !window.axe) return;
  let running = null, again = false, timer = null, seen = null;
  const serious = v => v.impact === 'serious' || v.impact === 'critical';
  function audit(onlyIfChanged) {
    if (running) { again = true; return running; }
    const now = document.body ? document.body.innerHTML : '';
    if (onlyIfChanged && now === seen) return Promise.resolve();  /* a poll that changed nothing */
    seen = now;
    running = quiet().then(() => axe.run(document, {resultTypes: ['violations'], rules: {'label-content-name-mismatch': {enabled: true}}})).then(result => {
      const found = result.violations.filter(serious).map(v => ({
        rule: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' ' + n.html.slice(0, 120)),
      }));
      return window.__axeReport(location.href, found);
    }).catch(() => null).finally(() => {
      running = null;
      if (again) { again = false; audit(); }
    });
    return running;
  }
  /* not while a request is in flight: its button is dimmed for a moment on purpose */
  function quiet() {
    return new Promise(done => {
      let waited = 0;
      (function look() {
        if (!document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling') || waited > 5000) return done();
        waited += 100;
        setTimeout(look, 100);
      })();
    });
  }
  window.__axeAuditNow = () => (running || Promise.resolve()).then(audit);
  /* a projector's screen turns its own pages on a timer: audited when the journey ends, not while it is timed */
  const timed = () => window.__axeLater || !!document.querySelector('[data-rotate]');
  addEventListener('load', () => { if (!timed()) audit(); });
  document.addEventListener('htmx:afterSettle', () => { clearTimeout(timer); timer = setTimeout(() => { if (!timed()) audit(true); }, 300); });
})();
"""


class AccessibilityWatch:
    """axe-core on every page a browser context visits: 0 serious or critical violations.

    Each page is audited when it loads and after each htmx swap; ``finish`` audits the pages still open
    and revisits any address that was left before its audit ended (a journey taps on quickly), then fails
    with every violation found, the page and the elements named."""

    def __init__(self, context: BrowserContext, as_it_goes: bool = True) -> None:
        """``as_it_goes=False``: audit only when the journey ends (each address visited, revisited), for
        journeys whose pages are so large that an audit in passing would hold up their next navigation."""
        self.context = context
        context.accessibility = self  # type: ignore[attr-defined]  (for the journeys that open their own phones)
        self.visited: list[str] = []
        self.audited: set[str] = set()
        self.violations: list[str] = []
        context.expose_binding("__axeReport", self._report)
        later = "" if as_it_goes else "window.__axeLater = true;\n"
        context.add_init_script(script=later + AXE.read_text(encoding="utf-8") + AXE_RUNNER)
        context.on("page", self._follow)
        for pg in context.pages:
            self._follow(pg)

    def _follow(self, pg: Page) -> None:
        def navigated(frame) -> None:
            if frame == pg.main_frame and frame.url.startswith("http"):
                self.visited.append(frame.url.split("#")[0])
        pg.on("framenavigated", navigated)

    def _report(self, _source, url: str, found: list[dict]) -> None:
        url = url.split("#")[0]
        self.audited.add(url)
        for v in found:
            self.violations.append(f"{url}: {v['rule']} ({v['impact']}): {v['help']} -> " + " | ".join(v["nodes"]))

    def finish(self) -> None:
        for pg in self.context.pages:
            if not pg.is_closed() and pg.url.startswith("http"):
                _audit_now(pg)
        missed = [url for url in dict.fromkeys(self.visited) if url not in self.audited]
        if missed:
            self.context.set_offline(False)
            pg = self.context.new_page()
            for url in missed:
                response = pg.goto(url)
                if response is not None and response.headers.get("content-type", "").startswith("text/html"):
                    _audit_now(pg)
            pg.close()
        problems = list(dict.fromkeys(self.violations))
        assert not problems, "axe-core found serious or critical violations:\n" + "\n".join(problems)


def _audit_now(pg: Page) -> None:
    if pg.evaluate("() => typeof window.__axeAuditNow === 'function'"):
        pg.evaluate("() => window.__axeAuditNow()")


def settled(page: Page) -> None:
    """Wait until htmx has no request in flight and has finished swapping in new content (and bound its
    triggers to it): a tap on content that an answer still on its way is about to replace would be lost
    with it."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling, .htmx-added')")


def tap(page: Page, name: str, value: object) -> None:
    """Tap the button (a label round a radio or checkbox) for ``name`` = ``value``."""
    settled(page)
    page.locator(f"label:has(> input[name='{name}'][value='{value}'])").click()


def switch(page: Page, name: str) -> None:
    settled(page)
    page.locator(f"label.switch:has(input[name='{name}'])").click()


def set_tricks(page: Page, field: str, value: int) -> None:
    """Tap ``value`` in the row of trick buttons for ``field`` (one tap, whatever the count)."""
    tap(page, field, value)


step = set_tricks  # the journeys written for the old stepper counted up from blank: the same one tap


def expect_preview(page: Page, text: str) -> None:
    expect(page.locator("#preview-line")).to_have_text(text)


def save(page: Page, rows: int) -> None:
    """Save the hand and wait until the hand list shows ``rows`` hands."""
    settled(page)
    page.click("#save")
    expect(page.locator("#hands .hand-row")).to_have_count(rows)


def totals(page: Page) -> list[int]:
    return [int(t) for t in page.locator("#scoreboard .total").all_inner_texts()]


def new_match(page: Page, shots, journey: str, key: str, names: list[str], players: int | None = None,
              first_dealer: int = 0) -> None:
    """Home -> New match -> the game -> names round the table -> Start (``shots=None``: no screenshots)."""
    if shots is None:
        def shots(*_args, **_kwargs):
            return None
    page.goto("/")
    expect(page.get_by_role("link", name="New match")).to_be_visible()
    shots(page, journey, "home")
    page.get_by_role("link", name="New match").click()
    expect(page.locator(f"#v-{key}")).to_be_visible()
    page.locator(f"#v-{key}").scroll_into_view_if_needed()
    shots(page, journey, "choose-game")
    page.click(f"#v-{key}")
    expect(page.locator("#setup-form")).to_be_visible()
    if players:
        page.click(f"#players-{players}")
        expect(page.locator(f"#name_{players - 1}")).to_be_visible()
        expect(page.locator(f"#name_{players}")).to_have_count(0)
    for seat, name in enumerate(names):
        page.fill(f"#name_{seat}", name)
    tap(page, "first_dealer", first_dealer)
    shots(page, journey, "seats", full_page=True)
    page.click("text=Start match")
    expect(page.locator("#scoreboard")).to_be_visible()
    expect(page.locator("#hand-form")).to_be_visible()
    shots(page, journey, "match")
