"""The load benchmark's phones poll as the app's pages tell them to: the intervals are read from the pages
the app draws in each phase of a night (as htmx reads ``hx-trigger="every Ns"``) and from the bench's own
reading of the same pages, and must agree, so a faster figure can only come from a faster app."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from tests.conftest import Client
from tests.night_helpers import Tables, check_in, confirm, create_night, send_total, start, table_codes
from web.nights.pulse import POLL_BY_PHASE

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import load_night  # noqa: E402

NAMES = ["Ann", "Bo", "Cy", "Di"]
TRIGGER = re.compile(r'<span class="poller"[^>]*hx-trigger="every (\d+)s"')


@pytest.fixture()
def adaptive(app, monkeypatch):
    """The app's own intervals (NIGHT_POLL_SECONDS, set by some tests, fixes one for every phase)."""
    monkeypatch.delitem(app.config, "NIGHT_POLL_SECONDS", raising=False)


def intervals(page: str) -> tuple[int, float | None, float | None]:
    """The page's interval as htmx reads it, as the bench reads it, and as the bench's poller keeps it."""
    htmx_seconds = TRIGGER.findall(page)
    assert len(htmx_seconds) == 1, "one poller on the page"
    poller = load_night.Poller.from_page(page)
    return int(htmx_seconds[0]), load_night.poll_interval(page), poller.seconds if poller else None


def assert_polls_every(page: str, seconds: int) -> None:
    htmx_seconds, bench_seconds, poller_seconds = intervals(page)
    assert htmx_seconds == seconds
    assert bench_seconds == poller_seconds == float(seconds), "the bench polls at the page's interval"


def a_table_playing(app, director: Client) -> tuple[str, str, Client]:
    """A two-game night in its first game: its address, table 1's code, and a phone that holds the table."""
    slug = create_night(director, games=2)
    check_in(director, slug, NAMES)
    start(director, slug)
    code = table_codes(app, slug)[1]
    return slug, code, Tables(app).phone(code)


def test_the_bell_reaches_every_table_within_5_seconds():
    """While a game is played a phone learns of the bell at its next poll: at most one interval later, plus
    the age of the tables' states a server answers unchanged polls from (``quick_pulse.TableStates``)."""
    from app import TABLE_STATES_FRESH_FOR

    assert POLL_BY_PHASE["playing"] + TABLE_STATES_FRESH_FOR < 5
    assert POLL_BY_PHASE["sent"] < POLL_BY_PHASE["playing"] < POLL_BY_PHASE["over"]


def test_a_table_polls_faster_only_while_the_other_pair_has_a_result_to_answer(app, clean_db, client: Client,
                                                                              adaptive):
    """From the bell until its result is sent a table finishes its hand: the news is what its own phones enter,
    as while it played. Once one pair has sent the result the other pair waits at its phone to confirm it."""
    slug, code, phone = a_table_playing(app, client)
    director = client
    assert_polls_every(phone.get(f"/t/{code}").get_data(as_text=True), POLL_BY_PHASE["playing"])
    assert_polls_every(phone.get(f"/t/{code}/pulse?game=1", htmx=True).get_data(as_text=True),
                       POLL_BY_PHASE["playing"])

    director.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    rung = phone.get(f"/t/{code}/pulse?game=1", htmx=True)
    assert "The bell has rung" in rung.get_data(as_text=True)
    assert_polls_every(rung.get_data(as_text=True), POLL_BY_PHASE["playing"])
    assert_polls_every(phone.get(f"/t/{code}").get_data(as_text=True), POLL_BY_PHASE["playing"])

    assert send_total(phone, code, 10, 4).status_code in (200, 303)
    sent = phone.get(f"/t/{code}/pulse?game=1", htmx=True).get_data(as_text=True)
    assert "is that right?" in sent
    assert_polls_every(sent, POLL_BY_PHASE["sent"])
    assert_polls_every(phone.get(f"/t/{code}").get_data(as_text=True), POLL_BY_PHASE["sent"])

    assert phone.post(f"/t/{code}/reject", {"pair": "EW"}, htmx=True).status_code == 200
    rejected = phone.get(f"/t/{code}/pulse?game=1", htmx=True).get_data(as_text=True)
    assert "did not agree" in rejected or "Not right" in rejected
    assert_polls_every(rejected, POLL_BY_PHASE["playing"])  # the table fixes its hands, and sends again
    assert send_total(phone, code, 10, 4).status_code in (200, 303)

    confirm(phone, code)  # the last table's result: game 2 is seated
    assert_polls_every(phone.get(f"/t/{code}").get_data(as_text=True), POLL_BY_PHASE["playing"])


def test_a_done_table_polls_no_faster_than_the_next_pages_come(app, clean_db, client: Client, adaptive):
    """Once its game is done a table waits for the movement, whose pages reach the tables over RELOAD_STAGGER:
    its phones poll at that pace, not at the bell's."""
    from web.nights.tables import RELOAD_STAGGER

    assert POLL_BY_PHASE["sent"] < POLL_BY_PHASE["done"] <= RELOAD_STAGGER.total_seconds()
    director = client
    slug = create_night(director, games=2)
    check_in(director, slug, NAMES + ["Ed", "Flo", "Gus", "Hal"])
    start(director, slug)
    codes = table_codes(app, slug)
    phone, other = Tables(app).phone(codes[1]), Tables(app).phone(codes[2])
    director.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    send_total(phone, codes[1], 10, 4)
    assert_polls_every(phone.get(f"/t/{codes[1]}/pulse?game=1", htmx=True).get_data(as_text=True),
                       POLL_BY_PHASE["sent"])  # sent: the other pair's word comes next
    confirm(phone, codes[1])
    done = phone.get(f"/t/{codes[1]}/pulse?game=1", htmx=True).get_data(as_text=True)
    assert "1 of 2" in done
    assert_polls_every(done, POLL_BY_PHASE["done"])
    assert_polls_every(phone.get(f"/t/{codes[1]}").get_data(as_text=True), POLL_BY_PHASE["done"])
    assert_polls_every(other.get(f"/t/{codes[2]}/pulse?game=1", htmx=True).get_data(as_text=True),
                       POLL_BY_PHASE["playing"])  # the table still playing out its last hand


def test_a_table_page_starts_its_poller_at_a_random_moment_and_the_bench_does_too(app, clean_db, client: Client,
                                                                                  adaptive):
    """Every phone gets the next game's page at about the same moment, so a page's poller starts at a random
    moment within its first interval (static/app.js), not in step with the others; so does the region that
    tells of the bell (a turn's phones hear of it together, ``tables.bell_turn_in``). A region's poller drawn
    when its own poll brought it starts as usual. The bench's phones read the same mark."""
    slug, code, phone = a_table_playing(app, client)
    director = client
    page = phone.get(f"/t/{code}").get_data(as_text=True)
    assert re.search(r'<span class="poller"[^>]* data-poll-spread>', page)
    assert load_night.poll_spread(page) and load_night.Poller.from_page(page).spread
    region = phone.get(f"/t/{code}/pulse?game=1", htmx=True).get_data(as_text=True)
    assert "Playing game 1" in region and "data-poll-spread" not in region
    assert not load_night.poll_spread(region)

    director.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    region = phone.get(f"/t/{code}/pulse?game=1", htmx=True).get_data(as_text=True)
    assert "The bell has rung" in region and load_night.poll_spread(region)
    send_total(phone, code, 10, 4)
    region = phone.get(f"/t/{code}/pulse?game=1", htmx=True).get_data(as_text=True)
    assert "is that right?" in region and not load_night.poll_spread(region)

    send_total(phone, code, 10, 4)
    confirm(phone, code)  # the last table's result: game 2 is seated
    next_page = phone.get(f"/t/{code}/pulse?game=1", htmx=True)
    assert next_page.headers.get("HX-Retarget") == "#table-page"
    assert load_night.poll_spread(next_page.get_data(as_text=True))


def test_a_finished_night_polls_seldom(app, clean_db, client: Client, adaptive):
    director = client
    slug = create_night(director, games=1)
    check_in(director, slug, NAMES)
    start(director, slug)
    code = table_codes(app, slug)[1]
    phone = Tables(app).phone(code)
    director.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    send_total(phone, code, 10, 4)
    confirm(phone, code)
    page = phone.get(f"/t/{code}").get_data(as_text=True)
    assert "The night is over" in page
    assert_polls_every(page, POLL_BY_PHASE["over"])


def test_the_projector_and_the_dashboard_poll_as_their_pages_say(app, clean_db, client: Client, adaptive):
    director = client
    slug = create_night(director)
    check_in(director, slug, NAMES)
    start(director, slug)
    for path in (f"/nights/{slug}/standings", f"/nights/{slug}/live"):
        assert_polls_every(director.get(path, htmx=True).get_data(as_text=True), POLL_BY_PHASE["screen"])


def test_a_fixed_interval_still_applies_to_every_phase(app, clean_db, client: Client, monkeypatch):
    """NIGHT_POLL_SECONDS (the browser tests set 1 s) is one interval for every phase."""
    monkeypatch.setitem(app.config, "NIGHT_POLL_SECONDS", 1)
    slug = create_night(client)
    check_in(client, slug, NAMES)
    start(client, slug)
    code = table_codes(app, slug)[1]
    assert_polls_every(Tables(app).phone(code).get(f"/t/{code}").get_data(as_text=True), 1)


def test_a_poll_told_when_its_turn_comes_asks_again_then_in_the_app_and_in_the_bench():
    """After the movement a phone that polls before its table's turn is told when it comes (``POLL_AFTER``):
    app.js and the bench's phones both ask once more then, the poller's timer running on meanwhile."""
    import asyncio
    import threading
    import time

    from web.nights.tables import POLL_AFTER

    assert load_night.POLL_AFTER == POLL_AFTER
    app_js = (Path(__file__).resolve().parents[1] / "static" / "app.js").read_text()
    assert f'getResponseHeader("{POLL_AFTER}")' in app_js

    def answer(headers: dict[str, str]) -> load_night.Answer:
        return load_night.Answer(304, load_night.Headers(list(headers.items())), b"", 1.0, 0.0)

    class Phone:
        """Answers its first poll with the turn 0.2 s away, and the others with a plain 304."""

        def __init__(self) -> None:
            self.asked: list[float] = []
            self.stop: asyncio.Event | None = None

        async def get(self, path: str, endpoint: str, **options) -> load_night.Answer:
            self.asked.append(time.monotonic())
            if len(self.asked) == 3:
                self.stop.set()
            return answer({POLL_AFTER: "0.2"} if len(self.asked) == 1 else {})

    phone = Phone()
    poller = load_night.Poller("/t/ABC/pulse?game=1", "t1", seconds=10)

    async def run() -> None:
        phone.stop = asyncio.Event()
        try:
            await asyncio.wait_for(load_night.polling(lambda: poller, phone.stop,
                                                      lambda due: poller.ask(phone, "pulse", due), time.monotonic()),
                                   timeout=2)
        except asyncio.TimeoutError:
            pass

    bench = threading.Thread(target=asyncio.run, args=(run(),))  # its own event loop, whatever runs in this one
    bench.start()
    bench.join()
    assert len(phone.asked) == 2, "the second poll at the turn; the timer's next, 10 s on, not yet"
    assert 0.15 < phone.asked[1] - phone.asked[0] < 1.5, "at the turn, not at the timer's 10 s"
    assert poller.again_at is None, "once"
    assert load_night.poll_after(answer({POLL_AFTER: "1.3"})) == 1.3
    assert load_night.poll_after(answer({})) is None and load_night.poll_after(answer({POLL_AFTER: "soon"})) is None
