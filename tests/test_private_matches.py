"""Private matches (issue 18): a match's address is random and is the scorer's link; only a phone that
started the match or opened that link may change it; the read-only link shows the score live and
changes nothing; the home page and the known players are this phone's and its groups' only; an old
numeric link leads only the phones that had the match, and is the plain 404 of a missing match to
anyone else."""
from __future__ import annotations

import re

import pytest

from models.match import SLUG_PATTERN
from tests.app_helpers import add_hand, create_match, hand_data, slug_in, stored_match
from tests.conftest import Client
from tests.group_helpers import create_group, group_code, group_match
from tests.test_security import snapshot

HTMX = pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])


@pytest.fixture()
def stranger(app, client) -> Client:
    """Another phone: its own session, never given the match (``client`` first, so the tables are clean)."""
    return Client(app.test_client())


def ids_of(app, slug: str) -> dict:
    with app.app_context():
        match = stored_match(slug)
        return {"id": match.id, "watch": match.watch_slug, "hands": [h.id for h in match.hands]}


def played(client, app) -> tuple[str, dict]:
    """A match started on ``client`` with two hands: its slug, and its id, read-only slug and hand ids."""
    slug = create_match(client, names=("Ann", "Bob", "Cy", "Di"))
    add_hand(client, slug, maker=1, trump="H", tricks=3)
    add_hand(client, slug, maker=0, trump="S", tricks=4)
    return slug, ids_of(app, slug)


def version_of(app, slug: str) -> str:
    with app.app_context():
        return str(stored_match(slug).version)


def answer(response) -> tuple[int, str]:
    """A response's status and body, less its CSRF token (which carries the second it was made)."""
    return response.status_code, re.sub(r'"X-CSRFToken": "[^"]+"', "", response.get_data(as_text=True))


def missing_page(phone: Client, htmx: bool) -> tuple[int, str]:
    return answer(phone.get("/matches/999999", htmx=htmx))


# -- a stranger ---------------------------------------------------------------------------------------
@HTMX
def test_a_fresh_phone_cannot_list_find_or_edit_another_phones_match(client, stranger, app, htmx):
    slug, match = played(client, app)
    before = snapshot(app)
    number = match["id"]

    home = stranger.get("/", htmx=htmx).get_data(as_text=True)
    assert slug not in home and "Ann, Bob" not in home and f"/matches/{number}" not in home
    setup = stranger.get("/matches/new?variant=euchre", htmx=htmx).get_data(as_text=True)
    assert 'data-seat-name="Ann"' not in setup, "another phone's players are offered"

    # Counting through the old numeric addresses finds nothing: the same 404 as a match that never was.
    nothing = missing_page(stranger, htmx)
    assert nothing[0] == 404
    for url in (f"/matches/{number}", f"/matches/{number}/export.json", f"/matches/{number}/hands/1/what-if",
                f"/matches/{number}/hands/{match['hands'][0]}/edit"):
        assert answer(stranger.get(url, htmx=htmx)) == nothing, url
    writes = {f"/matches/{number}/hands/{match['hands'][0]}/delete": {"version": version_of(app, slug)},
              f"/matches/{number}/undo": {"version": version_of(app, slug)},
              f"/matches/{number}/hands": {"outcome": "void", "version": version_of(app, slug), "token": "x"},
              f"/matches/{number}/rematch": {}}
    for url, data in writes.items():
        response = stranger.post(url, data, htmx=htmx)
        assert response.status_code == 404 and "Ann" not in response.get_data(as_text=True), url
    assert snapshot(app) == before


@HTMX
def test_deleting_or_undoing_anothers_hands_is_refused_even_at_the_new_address(client, stranger, app, htmx):
    """A phone that learnt the address but never opened it (a forged request) changes nothing."""
    slug, match = played(client, app)
    before = snapshot(app)
    version = version_of(app, slug)
    hand = match["hands"][0]
    writes = {f"/matches/{slug}/hands/{hand}/delete": {"version": version},
              f"/matches/{slug}/undo": {"version": version},
              f"/matches/{slug}/hands/{hand}": {"outcome": "void", "version": version, "token": "x"},
              f"/matches/{slug}/hands": {"outcome": "void", "version": version, "token": "y"},
              f"/matches/{slug}/rematch": {}}
    for url, data in writes.items():
        response = stranger.post(url, data, htmx=htmx)
        assert response.status_code == 403, url
        assert "This phone does not keep this match" in response.get_data(as_text=True), url
    assert snapshot(app) == before
    assert "Ann, Bob" not in stranger.get("/").get_data(as_text=True)


def test_a_missing_or_malformed_address_is_a_plain_404(client):
    for url in ("/matches/abcdefghjkmnpqrstuvw", "/matches/ABCDEFGHJKMNPQRSTUVW", "/matches/short",
                "/matches/abcdefghjkmnpqrstuvw/export.json", "/watch/abcdefghjkmnpqrstuvw", "/watch/1",
                "/matches/99999999999999999999", "/matches/-1"):
        response = client.get(url)
        assert response.status_code == 404 and "There is nothing here." in response.get_data(as_text=True), url


# -- the scorer's link ----------------------------------------------------------------------------------
def test_addresses_are_random_and_not_the_id(client, app):
    slugs = {create_match(client) for _ in range(3)}
    assert len(slugs) == 3
    for slug in slugs:
        assert re.fullmatch(SLUG_PATTERN, slug) and not slug.isdigit()
        match = ids_of(app, slug)
        assert slug != str(match["id"]) and re.fullmatch(SLUG_PATTERN, match["watch"]) and match["watch"] != slug


@HTMX
def test_opening_the_scorers_link_lets_a_phone_score(client, stranger, app, htmx):
    slug, _match = played(client, app)
    page = stranger.get(f"/matches/{slug}", htmx=htmx)
    assert page.status_code == 200 and 'id="hand-form"' in page.get_data(as_text=True)
    response = stranger.post(f"/matches/{slug}/hands", hand_data(stranger, slug, outcome="void"), htmx=htmx)
    assert response.status_code == (200 if htmx else 303)
    assert len(ids_of(app, slug)["hands"]) == 3
    assert f"/matches/{slug}" in stranger.get("/").get_data(as_text=True)  # now on its home page too


@HTMX
def test_the_match_page_gives_both_links(client, app, htmx):
    slug, match = played(client, app)
    html = client.get(f"/matches/{slug}", htmx=htmx).get_data(as_text=True)
    assert f'id="watch-link" href="/watch/{match["watch"]}"' in html
    assert f'id="scorer-link" href="/matches/{slug}"' in html
    assert f"http://localhost/watch/{match['watch']}" in html  # spelt out, to copy into a message


def test_a_rematch_and_an_import_are_this_phones_to_score(client, stranger, app):
    slug, _match = played(client, app)
    stranger.get(f"/matches/{slug}")
    rematch = slug_in(stranger.post(f"/matches/{slug}/rematch").headers["Location"])
    imported = slug_in(stranger.post("/matches/import", {"document": client.get(
        f"/matches/{slug}/export.json").get_data(as_text=True)}).headers["Location"])
    for new in (rematch, imported):
        assert add_hand(stranger, new, outcome="void").status_code == 303
        assert client.post(f"/matches/{new}/undo", {"version": version_of(app, new)}).status_code == 403


# -- the read-only link ---------------------------------------------------------------------------------
def test_the_read_only_link_shows_the_score_and_offers_no_edit(client, stranger, app):
    slug, match = played(client, app)
    response = stranger.get(f"/watch/{match['watch']}")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert 'id="total-0">1<' in html and 'id="total-1">1<' in html and 'id="hand-2"' in html
    assert slug not in html, "the read-only page gives away the scorer's link"
    assert "<form" not in html and 'id="edit-1"' not in html and 'id="undo"' not in html
    assert 'id="hand-form"' not in html and "what-if" not in html
    assert stranger.post(f"/watch/{match['watch']}", {}).status_code == 405
    # the watcher's home page lists it, at its read-only link; its old number leads there too
    home = stranger.get("/").get_data(as_text=True)
    assert f"/watch/{match['watch']}" in home and slug not in home and "(watching)" in home
    old = stranger.get(f"/matches/{match['id']}")
    assert old.status_code == 302 and old.headers["Location"] == f"/watch/{match['watch']}"
    assert stranger.post(f"/matches/{slug}/undo", {"version": version_of(app, slug)}).status_code == 403


def test_the_read_only_poll_is_a_304_until_the_match_changes(client, stranger, app):
    slug, match = played(client, app)
    page = stranger.get(f"/watch/{match['watch']}").get_data(as_text=True)
    poll = re.search(r'hx-get="([^"]+)"', page).group(1).replace("&amp;", "&")
    assert poll.startswith(f"/watch/{match['watch']}?seen=")
    tag = re.search(r"seen=([\w-]+)", poll).group(1)
    unchanged = stranger.get(poll, htmx=True)
    assert unchanged.status_code == 304 and unchanged.get_data() == b""
    assert stranger.raw.get(f"/watch/{match['watch']}", headers={
        "HX-Request": "true", "If-None-Match": f'"{tag}"'}).status_code == 304
    add_hand(client, slug, maker=1, trump="D", tricks=5)  # Bob & Di march: 1-3
    changed = stranger.get(poll, htmx=True)
    fragment = changed.get_data(as_text=True)
    assert changed.status_code == 200 and 'id="watch"' in fragment and "<html" not in fragment
    assert 'id="total-1">3<' in fragment and 'id="hand-3"' in fragment and "<form" not in fragment


# -- old numeric links ----------------------------------------------------------------------------------
def test_an_old_numeric_link_leads_the_phone_that_had_the_match_to_its_address(client, app):
    slug, match = played(client, app)
    number = match["id"]
    for old, new in ((f"/matches/{number}", f"/matches/{slug}"),
                     (f"/matches/{number}/export.json", f"/matches/{slug}/export.json"),
                     (f"/matches/{number}?edit={match['hands'][0]}", f"/matches/{slug}?edit={match['hands'][0]}")):
        response = client.get(old)
        assert response.status_code == 302 and response.headers["Location"] == new, old
    # a form sent from a page drawn before the change goes on to the new address, and is saved there
    data = hand_data(client, slug, outcome="void")
    response = client.post(f"/matches/{number}/hands", data)
    assert response.status_code == 307 and response.headers["Location"] == f"/matches/{slug}/hands"
    assert client.post(response.headers["Location"], data).status_code == 303
    assert len(ids_of(app, slug)["hands"]) == 3


@HTMX
def test_a_group_match_and_a_missing_match_answer_the_same_to_a_stranger(client, stranger, app, htmx):
    group_id = create_group(client)
    in_group = ids_of(app, group_match(client, group_id))["id"]
    one_off = ids_of(app, create_match(client, names=("Wu", "Xi", "Yo", "Zed")))["id"]
    nothing = missing_page(stranger, htmx)
    for number in (in_group, one_off):
        assert answer(stranger.get(f"/matches/{number}", htmx=htmx)) == nothing, number
    # a member of the group (a phone that did not start the match) is led to it
    stranger.post("/groups/join", {"code": group_code(client, group_id)})
    led = stranger.get(f"/matches/{in_group}")
    assert led.status_code == 302 and led.headers["Location"].startswith("/matches/")
    assert stranger.get(led.headers["Location"]).status_code == 200
    assert stranger.get(f"/matches/{one_off}", htmx=htmx).status_code == 404


# -- the home page and the known players ----------------------------------------------------------------
def test_home_and_known_players_are_this_phones_and_its_groups(client, stranger, app):
    create_match(client, names=("Ann", "Bob", "Cy", "Di"))
    group_id = create_group(client)
    group_match(client, group_id, names=("Gus", "Hal", "Ivy", "Jo"))
    other = create_match(stranger, names=("Kay", "Lu", "Mo", "Ned"))

    setup = client.get("/matches/new?variant=euchre").get_data(as_text=True)
    offered = set(re.findall(r'data-seat-name="([^"]+)"', setup))
    assert offered == {"Ann", "Bob", "Cy", "Di", "Gus", "Hal", "Ivy", "Jo"}
    theirs = stranger.get("/matches/new?variant=euchre").get_data(as_text=True)
    assert set(re.findall(r'data-seat-name="([^"]+)"', theirs)) == {"Kay", "Lu", "Mo", "Ned"}
    assert f"/matches/{other}" not in client.get("/").get_data(as_text=True)

    stranger.post("/groups/join", {"code": group_code(client, group_id)})  # now a member: its matches and players
    home = stranger.get("/").get_data(as_text=True)
    assert "Gus, Hal" in home and "Ann, Bob" not in home
    theirs = stranger.get("/matches/new?variant=euchre").get_data(as_text=True)
    assert set(re.findall(r'data-seat-name="([^"]+)"', theirs)) == {"Kay", "Lu", "Mo", "Ned", "Gus", "Hal", "Ivy", "Jo"}


# -- night table games ----------------------------------------------------------------------------------
def test_a_night_table_game_is_scored_by_its_table_as_before(app, client):
    from tests.night_helpers import check_in, create_night, start, table_codes

    night = create_night(client)
    check_in(client, night, ["Ann", "Bo", "Cy", "Di"])
    start(client, night)
    code = table_codes(app, night)[1]
    table_phone = Client(app.test_client())
    page = table_phone.get(f"/t/{code}").get_data(as_text=True)
    slug = re.search(r'action="/matches/(' + SLUG_PATTERN + ')/hands"', page).group(1)
    assert 'id="share"' not in page  # the table's card opens its game, not a link to pass round
    assert add_hand(table_phone, slug, maker=0, trump="S", tricks=3).status_code == 303
    number = ids_of(app, slug)["id"]
    assert table_phone.get(f"/matches/{number}").headers["Location"] == f"/matches/{slug}"
    # a phone that opens the game's page is not its table's: it may look (the read-only scoresheet), not write
    passer_by = Client(app.test_client())
    assert passer_by.get(f"/matches/{number}").status_code == 404
    looked = passer_by.get(f"/matches/{slug}")
    assert looked.status_code == 302 and looked.headers["Location"].startswith("/watch/")
    assert passer_by.get(looked.headers["Location"]).status_code == 200
    refused = add_hand(passer_by, slug, maker=1, trump="H", tricks=3)
    assert refused.status_code == 403 and "belongs to another table" in refused.get_data(as_text=True)
    assert len(ids_of(app, slug)["hands"]) == 1


# -- the migration ------------------------------------------------------------------------------------
def test_the_migration_gives_each_saved_match_its_addresses_and_keeps_everything(app, clean_db):
    """0007 on the test database itself (SQLite, or PostgreSQL with DATABASE_URL): matches saved before it,
    with their seats and hands, come through whole, each with two new random slugs;
    and back down, nothing is lost either."""
    from flask_migrate import downgrade, upgrade
    from sqlalchemy import text

    from extensions import db

    def rows(sql: str) -> list[tuple]:
        found = [tuple(r) for r in db.session.execute(text(sql)).all()]
        db.session.rollback()  # end the read: PostgreSQL's ALTER TABLE would wait for it
        return found

    kept = ("SELECT m.id, m.variant, m.version, s.seat, p.name, h.position, h.maker, h.tricks FROM match m "
            "JOIN match_seat s ON s.match_id = m.id JOIN player p ON p.id = s.player_id "
            "LEFT JOIN hand h ON h.match_id = m.id ORDER BY m.id, s.seat, h.position")
    with app.app_context():
        db.session.remove()
        downgrade(revision="0004")
        try:
            db.session.execute(text("INSERT INTO player (name, created_at) VALUES ('Ann', :t), ('Bob', :t)"),
                               {"t": "2026-11-01 19:00:00"})
            for variant in ("euchre", "pepper"):
                db.session.execute(text(
                    "INSERT INTO match (variant, rules, first_dealer, status, summary, version, created_at, updated_at) "
                    "VALUES (:v, '{}', 0, 'active', '', 3, :t, :t)"), {"v": variant, "t": "2026-11-01 19:00:00"})
            db.session.execute(text(
                "INSERT INTO match_seat (match_id, seat, player_id) SELECT m.id, p.id - (SELECT min(id) FROM player), "
                "p.id FROM match m, player p"))
            db.session.execute(text(
                "INSERT INTO hand (match_id, position, token, maker, tricks, partner_none, created_at) "
                "SELECT id, 1, 'a', 1, '3', :no, :t FROM match"), {"no": False, "t": "2026-11-01 19:00:00"})
            db.session.commit()
            before = rows(kept)
            assert len(before) == 4

            upgrade()
            assert rows(kept) == before
            slugs = rows("SELECT slug, watch_slug FROM match")
            every = [s for pair in slugs for s in pair]
            assert len(set(every)) == 4 and all(re.fullmatch(SLUG_PATTERN, s) for s in every)

            downgrade(revision="0004")
            assert rows(kept) == before
        finally:
            db.session.remove()
            upgrade()


def test_the_links_of_a_match_can_be_looked_up_on_the_server(client, app):
    slug, match = played(client, app)
    result = app.test_cli_runner().invoke(args=["matches", "links", str(match["id"])])
    assert result.exit_code == 0, result.output
    assert f"Scorer's link:  /matches/{slug}" in result.output
    assert f"Read-only link: /watch/{match['watch']}" in result.output
    missing = app.test_cli_runner().invoke(args=["matches", "links", "999999"])
    assert missing.exit_code != 0 and "There is no match 999999." in missing.output
