"""The director's controls through their routes, with and without htmx: the number of games and ending
the night early, renaming a player, the bell's question and taking it back, "Not right" explained to
the pair that sent the result, a game total that disagrees with the hands, and the correction mark."""
from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest

from tests.app_helpers import add_hand
from tests.conftest import Client
from tests.night_helpers import Tables, check_in, confirm, create_night, send_total, start, table_codes

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
RANG = {"confirmed": "yes"}


@pytest.fixture()
def director(client) -> Client:
    return client


@pytest.fixture()
def tables(app, clean_db) -> Tables:
    return Tables(app)


def _night(app, slug: str) -> dict:
    from extensions import db
    from models import Night

    with app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        return {"games": night.games, "current_game": night.current_game, "status": night.status,
                "bell_at": night.bell_at, "bell_by": night.bell_by, "version": night.version}


def _table_game(app, slug: str, table: int, game: int | None = None) -> dict:
    from extensions import db
    from models import Night, TableGame

    with app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        tg = db.session.query(TableGame).filter_by(night_id=night.id, game=game or night.current_game,
                                                   table=table).one()
        return {"status": tg.status, "ns": tg.ns_points, "ew": tg.ew_points, "match_id": tg.match.slug,
                "dispute": tg.dispute, "corrected": tg.corrected}


def _audit(app, slug: str, action: str) -> list:
    from extensions import db
    from models import AuditEntry, Night

    with app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        return [(a.actor, a.detail, a.old, a.new) for a in db.session.query(AuditEntry)
                .filter_by(night_id=night.id, action=action).order_by(AuditEntry.id)]


def _player_id(app, slug: str, name: str) -> int:
    from extensions import db
    from models import Night, NightPlayer

    with app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        return db.session.query(NightPlayer).filter_by(night_id=night.id, name=name).one().id


def _night_of(director, slug, names=NAMES, **overrides) -> str:
    check_in(director, slug, names)
    start(director, slug)
    return slug


def _play_game(app, director, tables, slug, scores: dict[int, tuple[int, int]]) -> None:
    director.post(f"/nights/{slug}/bell", RANG)
    codes = table_codes(app, slug)
    for table, (ns, ew) in scores.items():
        phone = tables.phone(codes[table])
        assert send_total(phone, codes[table], ns, ew).status_code == 303
        assert confirm(phone, codes[table]).status_code == 303


# -- the number of games ----------------------------------------------------------------------------

@pytest.mark.parametrize("htmx", [False, True])
def test_the_night_ends_after_the_current_game(director, tables, app, htmx):
    slug = _night_of(director, create_night(director, games=10))
    _play_game(app, director, tables, slug, {1: (5, 3), 2: (2, 6)})
    assert _night(app, slug)["current_game"] == 2
    dashboard = director.get(f"/nights/{slug}").get_data(as_text=True)
    assert 'id="end-early"' in dashboard and "End the night after game 2" in dashboard
    ended = director.post(f"/nights/{slug}/games", {"games": "2", "from": "dashboard"}, htmx=htmx)
    if htmx:
        html = ended.get_data(as_text=True)
        assert ended.status_code == 200 and "<html" not in html and 'id="last-game"' in html
        assert 'id="end-early"' not in html
    else:
        assert ended.status_code == 303
    assert _night(app, slug)["games"] == 2
    _play_game(app, director, tables, slug, {1: (5, 3), 2: (2, 6)})
    assert _night(app, slug)["status"] == "finished" and _night(app, slug)["current_game"] == 2
    actor, detail, old, new = _audit(app, slug, "games")[0]
    assert actor == "director" and old == 10 and new == 2 and "ends after game 2" in detail


@pytest.mark.parametrize("htmx", [False, True])
def test_the_number_of_games_changes_but_not_below_the_games_started(director, tables, app, htmx):
    slug = _night_of(director, create_night(director, games=2))
    _play_game(app, director, tables, slug, {1: (5, 3), 2: (2, 6)})
    page = director.get(f"/nights/{slug}/games", htmx=htmx)
    assert page.status_code == 200 and ("<html" in page.get_data(as_text=True)) is (not htmx)
    assert 'value="2"' in page.get_data(as_text=True)
    for bad, words in (("1", "Game 2 has started already"), ("31", "Between 1 and 30 games"),
                       ("x", "How many games? Give a number, like 8.")):
        refused = director.post(f"/nights/{slug}/games", {"games": bad}, htmx=htmx)
        html = refused.get_data(as_text=True)
        assert refused.status_code == 422 and words in html and 'class="field has-error"' in html
        assert ("<html" in html) is (not htmx)
    assert _night(app, slug)["games"] == 2
    longer = director.post(f"/nights/{slug}/games", {"games": "3"}, htmx=htmx)
    assert longer.status_code == (200 if htmx else 303)
    if htmx:
        assert longer.headers["HX-Redirect"] == f"/nights/{slug}"
    _play_game(app, director, tables, slug, {1: (5, 3), 2: (2, 6)})
    assert _night(app, slug)["current_game"] == 3 and _night(app, slug)["status"] == "playing"


def test_a_finished_night_keeps_its_number_of_games(director, tables, app):
    slug = _night_of(director, create_night(director, games=1), names=NAMES[:4])
    _play_game(app, director, tables, slug, {1: (5, 3)})
    assert _night(app, slug)["status"] == "finished"
    assert 'id="night-length"' not in director.get(f"/nights/{slug}").get_data(as_text=True)
    refused = director.post(f"/nights/{slug}/games", {"games": "6"})
    assert refused.status_code == 422 and "The night is over." in refused.get_data(as_text=True)
    assert _night(app, slug)["games"] == 1


# -- renaming ------------------------------------------------------------------------------------

@pytest.mark.parametrize("htmx", [False, True])
def test_a_checked_in_player_is_renamed_everywhere(director, tables, app, htmx):
    slug = _night_of(director, create_night(director, games=3))
    _play_game(app, director, tables, slug, {1: (5, 3), 2: (2, 6)})
    bo = _player_id(app, slug, "Bo")
    players = director.get(f"/nights/{slug}/players").get_data(as_text=True)
    assert f'href="/nights/{slug}/players/{bo}/rename"' in players
    form = director.get(f"/nights/{slug}/players/{bo}/rename", htmx=htmx)
    assert form.status_code == 200 and 'value="Bo"' in form.get_data(as_text=True)
    assert ("<html" in form.get_data(as_text=True)) is (not htmx)
    done = director.post(f"/nights/{slug}/players/{bo}/rename", {"name": "  Beau   Jones "}, htmx=htmx)
    assert done.status_code == (200 if htmx else 303)
    assert "Beau Jones" in director.get(f"/nights/{slug}/players").get_data(as_text=True)
    # the standings, the seating and the scoresheets of the games played all say the new name
    rows = {row["Name"] for row in csv.DictReader(io.StringIO(
        director.get(f"/nights/{slug}/results.csv").get_data(as_text=True)))}
    assert "Beau Jones" in rows and "Bo" not in rows
    assert "Beau Jones" in director.get(f"/nights/{slug}/seating").get_data(as_text=True)
    from extensions import db
    from models import Match, Night, NightSeat, TableGame
    with app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        for game in (1, 2):
            seat = db.session.query(NightSeat).filter_by(night_id=night.id, game=game, player_id=bo).one()
            tg = db.session.query(TableGame).filter_by(night_id=night.id, game=game, table=seat.table).one()
            names = [s.player.name for s in tg.match.seats]
            assert "Beau Jones" in names and "Bo" not in names, game
    actor, detail, old, new = _audit(app, slug, "rename")[0]
    assert (actor, old, new) == ("director", "Bo", "Beau Jones") and detail == "Bo is now called Beau Jones."
    audit = director.get(f"/nights/{slug}/audit").get_data(as_text=True)
    assert "Renamed" in audit and "Bo → Beau Jones" in audit


@pytest.mark.parametrize("htmx", [False, True])
def test_a_rename_has_the_check_ins_name_checks(director, app, htmx):
    slug = create_night(director)
    check_in(director, slug, NAMES[:4])
    bo = _player_id(app, slug, "Bo")
    for bad, words in (("ann", "Ann is already checked in"), ("   ", "Write the new name."),
                       ("B" * 41, "Keep names to 40 letters."), ("Bo\x07", "Names can only hold letters")):
        refused = director.post(f"/nights/{slug}/players/{bo}/rename", {"name": bad}, htmx=htmx)
        html = refused.get_data(as_text=True)
        assert refused.status_code == 422 and words in html and "has-error" in html, bad
        assert ("<html" in html) is (not htmx)
    assert _player_id(app, slug, "Bo") == bo and not _audit(app, slug, "rename")
    # a change of case only is the same player: allowed
    assert director.post(f"/nights/{slug}/players/{bo}/rename", {"name": "BO"}).status_code == 303
    assert _player_id(app, slug, "BO") == bo


def test_a_rename_of_another_nights_player_is_not_found(director, app):
    first = create_night(director)
    check_in(director, first, NAMES[:4])
    second = create_night(director)
    check_in(director, second, NAMES[4:])
    assert director.post(f"/nights/{second}/players/{_player_id(app, first, 'Bo')}/rename",
                         {"name": "Zed"}).status_code == 404


def test_a_stranger_cannot_rename_change_games_or_take_the_bell_back(director, tables, app):
    slug = _night_of(director, create_night(director), names=NAMES[:4])
    director.post(f"/nights/{slug}/bell", RANG)
    stranger = Client(app.test_client())
    bo = _player_id(app, slug, "Bo")
    before = _night(app, slug)
    for url, data in ((f"/nights/{slug}/players/{bo}/rename", {"name": "Zed"}),
                      (f"/nights/{slug}/games", {"games": "1"}), (f"/nights/{slug}/bell/undo", {})):
        assert stranger.post(url, data).status_code == 403, url
    code = table_codes(app, slug)[1]
    assert stranger.post(f"/t/{code}/bell/undo").status_code == 403
    assert _night(app, slug) == before and _player_id(app, slug, "Bo") == bo


# -- the bell ------------------------------------------------------------------------------------

@pytest.mark.parametrize("htmx", [False, True])
def test_the_directors_bell_asks_first_when_no_hand_was_played(director, app, htmx):
    slug = _night_of(director, create_night(director), names=NAMES[:4])
    asked = director.post(f"/nights/{slug}/bell", htmx=htmx)
    html = asked.get_data(as_text=True)
    assert asked.status_code == 200 and "No hand has been played at the head table yet" in html
    assert 'id="ring-bell-anyway"' in html and 'name="confirmed" value="yes"' in html
    assert 'class="poller"' not in html, "a redraw would drop the question"
    assert _night(app, slug)["bell_at"] is None
    rung = director.post(f"/nights/{slug}/bell", RANG, htmx=htmx)
    assert rung.status_code == (200 if htmx else 303) and _night(app, slug)["bell_at"] is not None


@pytest.mark.parametrize("htmx", [False, True])
def test_the_head_tables_bell_asks_first_then_rings_at_once_after_a_hand(director, tables, app, htmx):
    slug = _night_of(director, create_night(director), names=NAMES[:4])
    code = table_codes(app, slug)[1]
    phone = tables.phone(code)
    asked = phone.post(f"/t/{code}/bell", htmx=htmx)
    html = asked.get_data(as_text=True)
    assert asked.status_code == 200 and 'id="ring-bell-anyway"' in html and ("<html" in html) is (not htmx)
    assert _night(app, slug)["bell_at"] is None
    assert add_hand(phone, _table_game(app, slug, 1)["match_id"], maker=0, trump="S", tricks=3).status_code == 303
    rung = phone.post(f"/t/{code}/bell", htmx=htmx)
    assert rung.status_code == (200 if htmx else 303) and _night(app, slug)["bell_by"] == "table 1"


@pytest.mark.parametrize("htmx", [False, True])
def test_the_bell_is_taken_back_while_no_result_is_sent(director, tables, app, htmx):
    slug = _night_of(director, create_night(director))
    codes = table_codes(app, slug)
    director.post(f"/nights/{slug}/bell", RANG)
    dashboard = director.get(f"/nights/{slug}").get_data(as_text=True)
    assert 'id="undo-bell"' in dashboard
    taken = director.post(f"/nights/{slug}/bell/undo", htmx=htmx)
    assert taken.status_code == (200 if htmx else 303)
    assert _night(app, slug)["bell_at"] is None
    second = tables.phone(codes[2])
    pulse = second.get(f"/t/{codes[2]}/pulse?game=1", htmx=True).get_data(as_text=True)
    assert "The bell was taken back (the director): keep playing." in pulse and 'id="send-ns"' not in pulse
    assert send_total(second, codes[2], 5, 3).status_code == 422, "no result before the bell"
    # rung again, and once a table has sent its result, the bell stands
    director.post(f"/nights/{slug}/bell", RANG)
    assert send_total(second, codes[2], 5, 3).status_code == 303
    assert 'id="undo-bell"' not in director.get(f"/nights/{slug}").get_data(as_text=True)
    refused = director.post(f"/nights/{slug}/bell/undo", htmx=htmx)
    assert refused.status_code == 409 and "A table has sent its result already" in refused.get_data(as_text=True)
    assert _night(app, slug)["bell_at"] is not None
    assert [a[0] for a in _audit(app, slug, "bell-undone")] == ["director"]


@pytest.mark.parametrize("htmx", [False, True])
def test_the_head_table_takes_its_bell_back(director, tables, app, htmx):
    slug = _night_of(director, create_night(director))
    codes = table_codes(app, slug)
    head = tables.phone(codes[1])
    head.post(f"/t/{codes[1]}/bell", RANG)
    assert 'id="undo-bell"' in head.get(f"/t/{codes[1]}").get_data(as_text=True)
    assert 'id="undo-bell"' not in tables.phone(codes[2]).get(f"/t/{codes[2]}").get_data(as_text=True)
    assert tables.phone(codes[2]).post(f"/t/{codes[2]}/bell/undo").status_code == 403
    assert _night(app, slug)["bell_at"] is not None
    taken = head.post(f"/t/{codes[1]}/bell/undo", htmx=htmx)
    assert taken.status_code == (200 if htmx else 303)
    assert _night(app, slug)["bell_at"] is None
    assert "The bell was taken back (table 1)" in head.get(f"/t/{codes[1]}").get_data(as_text=True)
    again = head.post(f"/t/{codes[1]}/bell/undo", htmx=htmx)
    assert again.status_code == 409 and "nothing to take back" in again.get_data(as_text=True)


def test_a_bell_rung_by_the_timer_stands(director, tables, app):
    from extensions import db
    from models import Night
    from models.base import utcnow

    slug = _night_of(director, create_night(director, bell_minutes=5), names=NAMES[:4])
    with app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        night.game_started_at = utcnow() - timedelta(minutes=6)
        db.session.commit()
    code = table_codes(app, slug)[1]
    tables.phone(code).get(f"/t/{code}/pulse?game=1", htmx=True)
    assert _night(app, slug)["bell_by"] == "timer"
    assert 'id="undo-bell"' not in director.get(f"/nights/{slug}").get_data(as_text=True)
    refused = director.post(f"/nights/{slug}/bell/undo", htmx=True)
    assert refused.status_code == 409 and "bell timer rang it" in refused.get_data(as_text=True)


# -- "Not right" -----------------------------------------------------------------------------------

@pytest.mark.parametrize("htmx", [False, True])
def test_the_pair_that_sent_sees_not_right_explained(director, tables, app, htmx):
    slug = _night_of(director, create_night(director), names=NAMES[:4])
    code = table_codes(app, slug)[1]
    phone = tables.phone(code)
    match_id = _table_game(app, slug, 1)["match_id"]
    assert add_hand(phone, match_id, maker=0, trump="S", tricks=3).status_code == 303   # N-S +1
    phone.post(f"/t/{code}/bell")
    assert phone.post(f"/t/{code}/submit", {"pair": "NS"}).status_code == 303
    rejected = phone.post(f"/t/{code}/reject", {"pair": "EW"}, htmx=htmx)
    assert rejected.status_code == (200 if htmx else 303)
    page = phone.get(f"/t/{code}").get_data(as_text=True)
    assert "East–West said “Not right”</strong> to the result North–South sent" in page
    assert "(North–South 1, East–West 0), so it was not counted." in page
    assert "edit or delete any hand entered wrong, then send again" in page
    assert _table_game(app, slug, 1)["dispute"] == {"by": "EW", "sent_by": "NS", "ns": 1, "ew": 0, "mode": "hands"}
    assert "not agreed, fixing" in director.get(f"/nights/{slug}").get_data(as_text=True)
    # a total disputed: agree on the points; sending again clears it
    assert send_total(phone, code, 1, 0).status_code == 303
    assert _table_game(app, slug, 1)["dispute"] is None
    phone.post(f"/t/{code}/reject", {"pair": "EW"})
    assert "send the game total again" in phone.get(f"/t/{code}").get_data(as_text=True)


# -- a game total that disagrees with the hands --------------------------------------------------------

@pytest.mark.parametrize("htmx", [False, True])
def test_a_total_that_disagrees_with_the_hands_needs_one_more_tap(director, tables, app, htmx):
    slug = _night_of(director, create_night(director), names=NAMES[:4])
    code = table_codes(app, slug)[1]
    phone = tables.phone(code)
    match_id = _table_game(app, slug, 1)["match_id"]
    assert add_hand(phone, match_id, maker=0, trump="S", alone=True, tricks=5).status_code == 303  # N-S 4
    assert add_hand(phone, match_id, maker=1, trump="H", tricks=2).status_code == 303              # N-S +2
    phone.post(f"/t/{code}/bell")
    data = {"ns_points": "9", "ew_points": "5", "pair": "NS", **{f"loners_{s}": "0" for s in "NESW"}}
    flagged = phone.post(f"/t/{code}/total", data, htmx=htmx)
    html = flagged.get_data(as_text=True)
    assert flagged.status_code == 409 and ("<html" in html) is (not htmx)
    assert ("The 2 hands entered at this table add up to North–South 6, East–West 0, not 9 to 5. "
            "Check the total, or send it anyway.") in html
    assert 'name="anyway" value="9-5"' in html and "North–South send anyway" in html and 'value="9"' in html
    assert _table_game(app, slug, 1)["status"] == "playing"
    # a different total sent with the old approval is checked again
    changed = phone.post(f"/t/{code}/total", {**data, "ns_points": "8", "anyway": "9-5"}, htmx=htmx)
    assert changed.status_code == 409 and _table_game(app, slug, 1)["status"] == "playing"
    sent = phone.post(f"/t/{code}/total", {**data, "anyway": "9-5"}, htmx=htmx)
    assert sent.status_code == (200 if htmx else 303)
    assert (_table_game(app, slug, 1)["ns"], _table_game(app, slug, 1)["ew"]) == (9, 5)
    assert "sent anyway: The 2 hands entered at this table add up to North–South 6" in _audit(app, slug, "submit")[0][1]


def test_a_total_that_agrees_with_the_hands_or_without_hands_goes_at_once(director, tables, app):
    slug = _night_of(director, create_night(director), names=NAMES[:4])
    code = table_codes(app, slug)[1]
    phone = tables.phone(code)
    assert add_hand(phone, _table_game(app, slug, 1)["match_id"], maker=0, trump="S", tricks=3).status_code == 303
    phone.post(f"/t/{code}/bell")
    assert send_total(phone, code, 1, 0).status_code == 303
    phone.post(f"/t/{code}/reject", {"pair": "EW"})
    assert send_total(phone, code, 1, 0, pair="EW").status_code == 303


# -- the correction mark -----------------------------------------------------------------------------

def test_a_correction_is_marked_where_the_result_is_shown(director, tables, app):
    slug = _night_of(director, create_night(director, games=2))
    _play_game(app, director, tables, slug, {1: (5, 3), 2: (2, 6)})
    body = {"ns_points": "1", "ew_points": "3", "reason": "Misread", **{f"loners_{s}": "0" for s in "NESW"}}
    assert director.post(f"/nights/{slug}/games/1/tables/2/correct", body).status_code == 303
    assert _table_game(app, slug, 2, game=1)["corrected"] and not _table_game(app, slug, 1, game=1)["corrected"]
    mark = "corrected by the director; the seating that followed was not changed"
    game_page = director.get(f"/nights/{slug}/games/1").get_data(as_text=True)
    assert game_page.count(mark) == 1
    assert director.get(f"/nights/{slug}/print/results").get_data(as_text=True).count(mark) == 1
    # the last game's correction: no seating followed it
    _play_game(app, director, tables, slug, {1: (5, 3), 2: (2, 6)})
    assert director.post(f"/nights/{slug}/games/2/tables/1/correct", body).status_code == 303
    last = director.get(f"/nights/{slug}/games/2").get_data(as_text=True)
    assert "corrected by the director</small>" in last and mark not in last


def test_a_table_sees_its_result_corrected_in_the_game_being_played(director, tables, app):
    slug = _night_of(director, create_night(director, games=2))
    _play_game(app, director, tables, slug, {1: (5, 3)})  # table 2 still playing
    body = {"ns_points": "6", "ew_points": "3", **{f"loners_{s}": "0" for s in "NESW"}}
    assert director.post(f"/nights/{slug}/games/1/tables/1/correct", body).status_code == 303
    code = table_codes(app, slug)[1]
    page = tables.phone(code).get(f"/t/{code}").get_data(as_text=True)
    assert "North–South <strong>6</strong>" in page and "(<small class=\"corrected-mark\">corrected by the director</small>)" in page


def test_the_dashboard_counts_each_tables_hands_and_scores_only_the_tables_that_changed(director, tables, app,
                                                                                        monkeypatch):
    """The dashboard keeps each table's count and score by its match's version: a hand saved at a table is on the
    next drawing, and the tables whose hands did not change are not scored again."""
    from web.nights.director import table_game

    slug = _night_of(director, create_night(director), names=NAMES[:8])
    code = table_codes(app, slug)[1]
    phone = tables.phone(code)
    scored: list[str] = []
    real = table_game.hands_result
    monkeypatch.setattr(table_game, "hands_result", lambda tg: scored.append(tg.match.slug) or real(tg))

    def table_row(number: int) -> str:
        page = director.get(f"/nights/{slug}/live", htmx=True).get_data(as_text=True)
        return page.split(f'id="table-{number}"', 1)[1].split("</li>", 1)[0]

    assert "0 hands" in table_row(1) and len(scored) == 2
    match = _table_game(app, slug, 1)["match_id"]
    assert add_hand(phone, match, maker=0, trump="S", alone=True, tricks=5).status_code == 303  # N-S 4
    row = table_row(1)
    assert "1 hand<" in row and "4–0" in row and scored[2:] == [match], "only the table that changed is scored"
    assert add_hand(phone, match, maker=1, trump="H", tricks=2).status_code == 303              # N-S +2
    assert "2 hands" in table_row(1) and "6–0" in table_row(1) and "0 hands" in table_row(2)


def test_the_dashboard_draws_again_only_the_rows_of_the_tables_that_changed(director, tables, app, monkeypatch):
    """Each table's row is kept as drawn, by everything it shows: after a hand at table 1 only table 1's row
    is drawn again, and every row still shows the table as it is (the page the director sees is unchanged)."""
    from web.nights import director as dashboard

    slug = _night_of(director, create_night(director), names=NAMES[:8])
    code = table_codes(app, slug)[1]
    phone = tables.phone(code)
    drawn: list[int] = []
    real = dashboard.draw_row
    monkeypatch.setattr(dashboard, "draw_row", lambda night, t: drawn.append(t["tg"].table) or real(night, t))

    def live() -> str:
        return director.get(f"/nights/{slug}/live", htmx=True).get_data(as_text=True)

    first = live()
    assert sorted(drawn) == [1, 2] and first.count('class="table-row') == 2
    match = _table_game(app, slug, 1)["match_id"]
    assert add_hand(phone, match, maker=0, trump="S", alone=True, tricks=5).status_code == 303
    page = live()
    assert drawn[2:] == [1], "only the table that saved a hand is drawn again"
    row_1 = page.split('id="table-1"', 1)[1].split("</li>", 1)[0]
    assert "1 hand<" in row_1 and "4–0" in row_1 and "Close</a>" in row_1
    assert page.split('id="table-2"', 1)[1].split("</li>", 1)[0] == first.split('id="table-2"', 1)[1].split("</li>", 1)[0]
    whole = director.get(f"/nights/{slug}").get_data(as_text=True)  # the whole page shows the same rows
    assert whole.split('id="tables"', 1)[1].split("</ul>", 1)[0] == page.split('id="tables"', 1)[1].split("</ul>", 1)[0]
    assert drawn[3:] == []


def test_what_one_server_process_counted_and_drew_for_the_dashboard_serves_the_others(director, tables, app,
                                                                                      monkeypatch):
    """gunicorn gives the director's polls to any of its processes: a process that did not draw the dashboard
    before finds what another one counted and drew (in the shared drawings), and counts and draws only the
    table that changed since."""
    from web.nights import director as dashboard
    from web.fragment_cache import FragmentCache

    slug = _night_of(director, create_night(director), names=NAMES[:8])
    code = table_codes(app, slug)[1]
    phone = tables.phone(code)
    drawn: list[int] = []
    scored: list[str] = []
    real_row, real_count = dashboard.draw_row, dashboard.table_game.hands_result
    monkeypatch.setattr(dashboard, "draw_row", lambda night, t: drawn.append(t["tg"].table) or real_row(night, t))
    monkeypatch.setattr(dashboard.table_game, "hands_result", lambda tg: scored.append(tg.table) or real_count(tg))

    def live_in_another_process() -> str:
        monkeypatch.setattr(dashboard, "table_counts", FragmentCache(size=8192))  # this process has counted
        monkeypatch.setattr(dashboard, "drawn_rows", FragmentCache(size=8192))    # and drawn nothing yet
        return director.get(f"/nights/{slug}/live", htmx=True).get_data(as_text=True)

    live_in_another_process()
    assert sorted(drawn) == [1, 2] and sorted(scored) == [1, 2]
    match = _table_game(app, slug, 1)["match_id"]
    assert add_hand(phone, match, maker=0, trump="S", alone=True, tricks=5).status_code == 303
    page = live_in_another_process()
    assert drawn[2:] == [1] and scored[2:] == [1], "only the table that changed, though this process drew nothing"
    assert "1 hand<" in page.split('id="table-1"', 1)[1].split("</li>", 1)[0]
    assert "0 hands" in page.split('id="table-2"', 1)[1].split("</li>", 1)[0]
