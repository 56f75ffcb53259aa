"""A night against a stranger on the venue's Wi-Fi, with a browser and a script (issue 15): no table code on
any public page in any phase, no table cards, code and PIN guesses throttled per client (also when sent
all at once), the director never locked out by someone else, no redirect off the site after the PIN, and
the command that resets a forgotten PIN."""
from __future__ import annotations

import threading
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import pytest
from sqlalchemy import select, text

from extensions import db
from models import Night, NightTable, TableGame
from tests.night_helpers import PIN, check_in, confirm, create_night, phone_at, send_total, start, table_codes

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"]
STRANGER = "192.168.1.66"
DIRECTOR = "192.168.1.7"
TABLE_PHONE = "192.168.1.20"
CODES_ALLOWED = 10  # wrong table codes a client may try in 10 minutes (access.CODE_LIMIT)
PINS_ALLOWED = 5  # wrong PINs (access.PIN_FAILURES_ALLOWED)


def night_in(app, director, phase: str) -> str:
    """A 2-game night in ``phase``: "check-in", "playing" (game 1 done, game 2 under way, the bell rung)
    or "finished"."""
    slug = create_night(director, games="2")
    check_in(director, slug, NAMES)
    if phase == "check-in":
        return slug
    start(director, slug)
    for game in (1, 2):
        assert director.post(f"/nights/{slug}/bell", {"confirmed": "yes"}).status_code == 303
        if phase == "playing" and game == 2:
            break
        for code in table_codes(app, slug).values():
            assert send_total(director, code, 5, 3).status_code == 303
            assert confirm(director, code).status_code in (200, 303)
    assert_phase(app, slug, phase)
    return slug


def assert_phase(app, slug: str, phase: str) -> None:
    with app.app_context():
        night = db.session.scalar(select(Night).where(Night.slug == slug))
        assert night.status == {"playing": "playing", "finished": "finished"}[phase], night.status


# -- the crawl ----------------------------------------------------------------------------------------
class Links(HTMLParser):
    """Every URL a page points at: links, sources, form actions and htmx's GETs (the polls)."""

    ATTRIBUTES = {"href", "src", "action", "hx-get", "data-poll-url", "formaction"}

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.urls += [value for name, value in attrs if name in self.ATTRIBUTES and value]


# The rules pages and the dispute tools have nothing of a night's, and there are hundreds of them.
NOT_A_NIGHTS = ("/static/", "/rules", "/disputes")


def crawl(client, starts: list[str], limit: int = 400) -> dict[str, str]:
    """Every page reachable by GET from ``starts`` on this site, as ``url -> headers and body``."""
    seen: dict[str, str] = {}
    queue = list(starts)
    while queue and len(seen) < limit:
        url = queue.pop(0)
        if url in seen:
            continue
        for htmx in (False, True):
            response = client.get(url, htmx=htmx)
            body = response.get_data(as_text=True)
            seen[url] = seen.get(url, "") + str(response.headers) + body
            found = [response.headers.get("Location", ""), response.headers.get("HX-Redirect", "")]
            if "html" in (response.content_type or ""):
                links = Links()
                links.feed(body)
                found += links.urls
            for link in found:
                target = urljoin("http://localhost" + url, link)
                parts = urlsplit(target)
                path = parts.path + (f"?{parts.query}" if parts.query else "")
                if parts.netloc == "localhost" and not path.startswith(NOT_A_NIGHTS) and path not in seen:
                    queue.append(path)
    assert len(seen) < limit, "the crawl did not end"
    return seen


@pytest.mark.parametrize("phase", ["check-in", "playing", "finished"])
def test_no_public_page_shows_a_table_code(app, client, phase):
    """A fresh browser with no PIN and no card, following every link from the home page and the night's
    screens, meets no table code: not on a page, a fragment, a header or a redirect."""
    slug = night_in(app, client, phase)
    codes = set(table_codes(app, slug).values())
    assert codes
    stranger = phone_at(app, STRANGER)
    with app.app_context():  # not linked, but their addresses can be guessed
        matches = [f"/matches/{m}" for m in db.session.scalars(select(TableGame.match_id))]
    pages = crawl(stranger, ["/", "/t/", f"/nights/{slug}", f"/nights/{slug}/standings", f"/nights/{slug}/seating",
                             *matches])
    assert f"/nights/{slug}/print/results" in pages  # it did look round
    assert any(url.startswith(f"/nights/{slug}/login") for url in pages)
    leaks = {url: sorted(code for code in codes if code in page) for url, page in pages.items()}
    assert not {url: found for url, found in leaks.items() if found}


@pytest.mark.parametrize("htmx", [False, True])
def test_the_table_cards_are_the_directors(app, client, htmx):
    """No PIN, no cards (and no QR codes, which are on them): not for a stranger, nor for a phone that
    opened one table's page."""
    slug = night_in(app, client, "playing")
    url = f"/nights/{slug}/print/table-cards"
    code = table_codes(app, slug)[1]
    table_phone = phone_at(app, TABLE_PHONE)
    assert table_phone.get(f"/t/{code}").status_code == 200
    for visitor in (phone_at(app, STRANGER), table_phone):
        refused = visitor.get(url, htmx=htmx)
        html = refused.get_data(as_text=True)
        assert refused.status_code == 403 and 'class="qr"' not in html and "<svg" not in html
        assert not any(c in html for c in table_codes(app, slug).values())
        assert "print/table-cards" not in visitor.get(f"/nights/{slug}/standings").get_data(as_text=True)
    cards = client.get(url, htmx=htmx)
    assert cards.status_code == 200 and code in cards.get_data(as_text=True)
    assert "print/table-cards" in client.get(f"/nights/{slug}/standings").get_data(as_text=True)


# -- codes ----------------------------------------------------------------------------------------
def test_codes_are_long_enough_and_easy_to_read():
    from web.nights.access import CODE_LIMIT, PIN_FAILURES_ALLOWED
    from services.night.tables import CODE_LENGTH, CODE_LETTERS, table_code

    assert (CODE_LIMIT.allowed, PIN_FAILURES_ALLOWED) == (CODES_ALLOWED, PINS_ALLOWED)
    assert len(CODE_LETTERS) ** CODE_LENGTH >= 10**9
    assert not set(CODE_LETTERS) & set("0O1IL"), "no look-alikes"
    codes = {table_code() for _ in range(200)}
    assert len(codes) == 200 and all(len(c) == CODE_LENGTH and set(c) <= set(CODE_LETTERS) for c in codes)


def test_typing_a_code_forgives_case_spaces_and_a_dash(app, client):
    slug = night_in(app, client, "check-in")
    code = table_codes(app, slug)[1]
    phone = phone_at(app, TABLE_PHONE)
    for typed in (code.lower(), f" {code[:3]} {code[3:]} ", f"{code[:3]}-{code[3:].lower()}"):
        found = phone.get("/t/", query_string={"code": typed})
        assert found.status_code == 303 and found.headers["Location"].endswith(f"/t/{code}"), typed
    assert phone.get(f"/t/{code[:3]}-{code[3:]}").headers["Location"].endswith(f"/t/{code}")


def guess_codes(app, address: str, count: int, path: str = "/t/?code={}") -> list[int]:
    phone = phone_at(app, address)
    return [phone.get(path.format(f"XXXX{n:03d}")).status_code for n in range(count)]


def test_wrong_codes_are_throttled_per_client_with_a_wait(app, client):
    slug = night_in(app, client, "playing")
    code = table_codes(app, slug)[1]
    seated = phone_at(app, STRANGER)  # a table's phone on the same address as the guesser, before the guessing
    assert seated.get(f"/t/{code}").status_code == 200

    assert guess_codes(app, STRANGER, CODES_ALLOWED) == [404] * CODES_ALLOWED
    stranger = phone_at(app, STRANGER)
    refused = stranger.get("/t/?code=XXXX999")
    html = refused.get_data(as_text=True)
    assert refused.status_code == 429 and "Too many wrong table codes" in html and "Wait 10 minutes" in html
    assert 0 < int(refused.headers["Retry-After"]) <= 600
    # over the limit, a right code gets the same answer as a wrong one, whichever route asks
    for path in (f"/t/?code={code}", f"/t/{code}", f"/t/{code}/pulse?game=2", f"/t/{code}/total"):
        assert stranger.get(path).status_code == 429, path
        assert stranger.get(path, htmx=True).status_code == 429, path
    assert stranger.post(f"/t/{code}/bell").status_code == 429
    assert stranger.post("/t/XXXX999/submit", {"pair": "NS"}).status_code == 429
    # the phone that opened its table before keeps scoring; another address is not slowed at all
    assert seated.get(f"/t/{code}").status_code == 200
    assert seated.get(f"/t/{code}/pulse?game=2", htmx=True).status_code == 200
    assert send_total(seated, code, 5, 3).status_code == 303
    assert phone_at(app, TABLE_PHONE).get(f"/t/{code}").status_code == 200


def test_a_right_code_does_not_count_against_the_phone(app, client):
    slug = night_in(app, client, "check-in")
    code = table_codes(app, slug)[1]
    for _ in range(CODES_ALLOWED + 2):
        assert phone_at(app, TABLE_PHONE).get(f"/t/?code={code}").status_code == 303
    assert guess_codes(app, TABLE_PHONE, CODES_ALLOWED) == [404] * CODES_ALLOWED


def test_guesses_on_the_table_routes_count_too(app, client):
    """A wrong code in any table URL is a guess: the poll and the buttons cannot be used to try codes."""
    night_in(app, client, "check-in")
    statuses = guess_codes(app, STRANGER, CODES_ALLOWED + 1, "/t/{}/pulse?game=1")
    assert statuses == [404] * CODES_ALLOWED + [429]
    assert phone_at(app, STRANGER).post("/t/XXXX998/bell").status_code == 429


def at_once(count: int, guess) -> list[int]:
    """``guess()`` from ``count`` threads released together; their status codes."""
    barrier, statuses = threading.Barrier(count), []

    def run() -> None:
        barrier.wait()
        statuses.append(guess())

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return sorted(statuses)


def test_code_guesses_sent_at_once_cannot_race_past_the_limit(app, client):
    night_in(app, client, "check-in")
    phones = [phone_at(app, STRANGER) for _ in range(24)]
    calls = iter(range(24))
    lock = threading.Lock()

    def guess() -> int:
        with lock:
            n = next(calls)
        return phones[n].get(f"/t/?code=XXXX{n:03d}").status_code

    statuses = at_once(24, guess)
    assert statuses == [404] * CODES_ALLOWED + [429] * (24 - CODES_ALLOWED)


# -- the director's PIN ------------------------------------------------------------------------------
def test_a_stranger_cannot_lock_the_director_out(app, client):
    slug = create_night(client)
    stranger = phone_at(app, STRANGER)
    for n in range(8):
        stranger.post(f"/nights/{slug}/login", {"pin": f"{n:04d}"})
    assert stranger.post(f"/nights/{slug}/login", {"pin": PIN}).status_code == 429  # not even the right one
    assert stranger.get(f"/nights/{slug}").status_code == 303
    director = phone_at(app, DIRECTOR)
    wrong = director.post(f"/nights/{slug}/login", {"pin": "0000"})
    assert wrong.status_code == 422 and "4 more tries" in wrong.get_data(as_text=True)
    assert director.post(f"/nights/{slug}/login", {"pin": PIN}).status_code == 303
    assert director.get(f"/nights/{slug}").status_code == 200


def test_a_right_pin_clears_the_count_and_the_lockout_says_how_long(app, client):
    slug = create_night(client)
    director = phone_at(app, DIRECTOR)
    for n in range(4):
        assert director.post(f"/nights/{slug}/login", {"pin": f"{n:04d}"}).status_code == 422
    assert director.post(f"/nights/{slug}/login", {"pin": PIN}).status_code == 303
    again = phone_at(app, DIRECTOR)
    for n in range(5):
        assert again.post(f"/nights/{slug}/login", {"pin": f"{n:04d}"}).status_code == 422
    locked = again.post(f"/nights/{slug}/login", {"pin": PIN}, htmx=True)
    html = locked.get_data(as_text=True)
    assert locked.status_code == 429 and "Wait 10 minutes" in html and 'id="pin"' in html


def test_pin_guesses_sent_at_once_cannot_race_past_the_limit(app, client):
    slug = create_night(client)
    phones = [phone_at(app, STRANGER) for _ in range(16)]
    for phone in phones:
        assert phone.token  # each has its form token before the burst
    calls = iter(range(16))
    lock = threading.Lock()

    def guess() -> int:
        with lock:
            n = next(calls)
        return phones[n].post(f"/nights/{slug}/login", {"pin": f"{n:04d}"}).status_code

    statuses = at_once(16, guess)
    assert statuses == [422] * PINS_ALLOWED + [429] * (16 - PINS_ALLOWED)


# -- next ----------------------------------------------------------------------------------------
OFF_SITE = ["https://evil.example/", "//evil.example/", "/\\evil.example/", "\\\\evil.example", "/\t/evil.example",
            "http:evil.example", "javascript:alert(1)", " //evil.example", "evil.example", "///evil.example"]


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("target", OFF_SITE)
def test_the_pin_page_never_sends_the_director_off_the_site(app, client, target, htmx):
    slug = create_night(client)
    director = phone_at(app, DIRECTOR)
    right = director.post(f"/nights/{slug}/login", {"pin": PIN}, htmx=htmx, query_string={"next": target})
    where = right.headers["HX-Redirect" if htmx else "Location"]
    landed = urlsplit(urljoin("http://localhost/nights/", where))
    assert landed.netloc == "localhost" and landed.path == f"/nights/{slug}", where


def test_the_pin_page_goes_on_to_a_page_of_this_site(app, client):
    slug = create_night(client)
    director = phone_at(app, DIRECTOR)
    back = f"/nights/{slug}/print/table-cards"
    assert director.get(back).status_code == 403
    login = director.post(f"/nights/{slug}/login", {"pin": PIN}, query_string={"next": back})
    assert login.headers["Location"] == back
    assert director.get(back).status_code == 200


def test_next_keeps_a_path_of_this_site_with_its_query():
    from web.nights.access import safe_next

    assert safe_next("/nights/abc/players?x=1", "/fallback") == "/nights/abc/players?x=1"
    assert safe_next(None, "/fallback") == safe_next("", "/fallback") == "/fallback"


# -- the client's address ----------------------------------------------------------------------------
@pytest.mark.parametrize("remote, forwarded, client", [
    ("192.168.1.66", None, "192.168.1.66"),
    ("192.168.1.66", "10.9.9.9", "192.168.1.66"),  # only a proxy on this machine is believed
    ("127.0.0.1", "6.6.6.6, 192.168.1.66", "192.168.1.66"),  # the entry the proxy added, not the client's
    ("127.0.0.1", None, "127.0.0.1"),
    ("2001:db8:1:2:aaaa::1", None, "2001:db8:1:2::/64"),  # one phone, any address of its network
    ("2001:db8:1:2:bbbb::9", None, "2001:db8:1:2::/64"),
    ("::ffff:192.168.1.66", None, "192.168.1.66"),
    ("127.0.0.1", "not an address", "not an address"),
])
def test_clients_are_told_apart_by_address(app, remote, forwarded, client):
    from web.nights.throttle import client as client_key

    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    with app.test_request_context("/", environ_base={"REMOTE_ADDR": remote}, headers=headers):
        assert client_key() == client


def test_a_proxy_named_in_forwarded_allow_ips_is_believed(app, monkeypatch):
    """Two servers behind one proxy on another machine (docs/two-servers.md): that proxy, and only it."""
    from web.nights.throttle import client as client_key

    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "10.0.0.2, 127.0.0.1")
    for remote, expected in (("10.0.0.2", "192.168.1.66"), ("10.0.0.3", "10.0.0.3")):
        with app.test_request_context("/", environ_base={"REMOTE_ADDR": remote},
                                      headers={"X-Forwarded-For": "6.6.6.6, 192.168.1.66"}):
            assert client_key() == expected
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", "*")
    with app.test_request_context("/", environ_base={"REMOTE_ADDR": "10.0.0.2"},
                                  headers={"X-Forwarded-For": "6.6.6.6"}):
        assert client_key() == "10.0.0.2"


# -- the reset-PIN command -------------------------------------------------------------------------
def test_reset_pin_with_an_option(app, client):
    slug = create_night(client, name="Thursday night")
    director = phone_at(app, DIRECTOR)
    for n in range(6):
        director.post(f"/nights/{slug}/login", {"pin": f"{n:04d}"})
    assert director.post(f"/nights/{slug}/login", {"pin": PIN}).status_code == 429
    result = app.test_cli_runner().invoke(args=["nights", "reset-pin", slug, "--pin", "97531"])
    assert result.exit_code == 0, result.output
    assert "Thursday night" in result.output and slug in result.output
    assert director.post(f"/nights/{slug}/login", {"pin": PIN}).status_code == 422  # the old PIN is gone
    assert director.post(f"/nights/{slug}/login", {"pin": "97531"}).status_code == 303
    audit = director.get(f"/nights/{slug}/audit").get_data(as_text=True)
    assert "PIN changed" in audit and "the server&#39;s command line" in audit


def test_reset_pin_asks_twice(app, client):
    slug = create_night(client)
    runner = app.test_cli_runner()
    result = runner.invoke(args=["nights", "reset-pin", slug], input="12\n12\n2468\n1357\n2468\n2468\n")
    assert result.exit_code == 0, result.output
    assert "The PIN is 4 to 8 digits." in result.output and "do not match" in result.output
    assert phone_at(app, DIRECTOR).post(f"/nights/{slug}/login", {"pin": "2468"}).status_code == 303


@pytest.mark.parametrize("args, message", [
    (["nosuch", "--pin", "1234"], "There is no night"),
    (["{slug}", "--pin", "12ab"], "4 to 8 digits"),
])
def test_reset_pin_refuses(app, client, args, message):
    slug = create_night(client)
    result = app.test_cli_runner().invoke(args=["nights", "reset-pin", *[a.format(slug=slug) for a in args]])
    assert result.exit_code != 0 and message in result.output
    assert phone_at(app, DIRECTOR).post(f"/nights/{slug}/login", {"pin": PIN}).status_code == 303


# -- the migration ------------------------------------------------------------------------------------
def test_the_migration_gives_existing_tables_new_codes(tmp_path):
    """Tables made before 0005 get new 7-character codes; nothing else about them changes."""
    from flask_migrate import downgrade, upgrade

    from app import create_app
    from services.night.tables import CODE_LENGTH, CODE_LETTERS

    app = create_app({"TESTING": True, "SECRET_KEY": "migration-test",
                      "SQLALCHEMY_DATABASE_URI": "sqlite:///" + str(tmp_path / "old.sqlite")})
    with app.app_context():
        upgrade(revision="0004")
        db.session.execute(text(
            "INSERT INTO night (slug, name, day, variant, rules, games, hands_per_game, movement, sit_out_mode, "
            "sit_out_points, pin_hash, seed, status, current_game, version, standings_version, created_at) "
            "VALUES ('old-night', 'Old', '2026-11-01', 'progressive-euchre', '{}', 10, 8, 'winners', 'average', "
            "0, 'x', 'seed', 'checkin', 0, 3, 1, '2026-11-01 19:00:00')"))
        night_id = db.session.execute(text("SELECT id FROM night")).scalar_one()
        for number, code in ((1, "ACDE"), (2, "FHJK"), (3, "MNPQ")):
            db.session.execute(text("INSERT INTO night_table (night_id, number, code) VALUES (:n, :number, :code)"),
                               {"n": night_id, "number": number, "code": code})
        db.session.execute(text("INSERT INTO pin_attempt (night_id, at, ok) VALUES (:n, '2026-11-01 19:00:00', 0)"),
                           {"n": night_id})
        db.session.commit()
        before = db.session.execute(text("SELECT id, night_id, number FROM night_table ORDER BY id")).all()
        upgrade()
        tables = db.session.scalars(select(NightTable).order_by(NightTable.id)).all()
        assert [(t.id, t.night_id, t.number) for t in tables] == [tuple(row) for row in before]
        codes = [t.code for t in tables]
        assert len(set(codes)) == 3 and not {"ACDE", "FHJK", "MNPQ"} & set(codes)
        assert all(len(c) == CODE_LENGTH and set(c) <= set(CODE_LETTERS) for c in codes)
        assert "pin_attempt" not in db.inspect(db.engine).get_table_names()
        downgrade(revision="0004")
        assert "access_attempt" not in db.inspect(db.engine).get_table_names()
        assert db.session.execute(text("SELECT code FROM night_table ORDER BY id")).scalars().all() == codes
        db.session.remove()
        db.engine.dispose()


def test_night_addresses_never_start_like_an_option():
    """``flask nights reset-pin SLUG`` must not take a night's address for an option."""
    from services.night.setup import new_night_slug

    assert all(new_night_slug()[0].isalnum() for _ in range(2000))
