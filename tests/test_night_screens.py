"""The night's screens: tallies and standings with known answers, the projector pages and their
polling, the print pages, the CSV, the chart and the audit trail.

Nights are built through ``services.night`` (the same steps the pages take), with game totals
chosen per table so every tally, sit-out average and prize has a known answer.
"""
from __future__ import annotations

import csv
from html import unescape
import io
import re
import time
from datetime import date

import pytest
from sqlalchemy import event, insert, select

from extensions import db
from models import AuditEntry, Group, Match, Night, NightPlayer, NightSeat, Player, TableGame
from referee.tournament.night import TIE_RULE
from referee.tournament.prizes import PRIZE_RULES
from services.night import bell as night_bell, games as night_games, queries as night_queries
from services.night import setup as night_setup, table_game
from web.nights.standings import load_sheet, standings_tag, tallies
from tests.night_helpers import count_standings_drawings

SCRIPT = "<script>alert(1)</script>"
NINE = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy")
PAGES = ("seating", "standings", "print/tally-cards", "print/table-cards", "print/results", "chart")


# -- building nights ------------------------------------------------------------------------------
def make_night(names=NINE, *, games: int = 3, mode: str = "average", fixed: int = 0, movement: str = "winners",
               name: str = "Friday night") -> Night:
    night = night_setup.create_night(name=name, day=date(2026, 11, 27), variant="progressive-euchre", rules={},
                                       games=games, hands_per_game=8, movement=movement, sit_out_mode=mode,
                                       sit_out_points=fixed, bell_minutes=None, pin="2468")
    night_setup.check_in(night, list(names))
    db.session.commit()
    return night


def start(night: Night, game: int) -> None:
    night_games.start_game(night, game)
    db.session.commit()


def seats(night: Night, game: int) -> dict[str, tuple[int | None, str | None]]:
    """name -> (table, seat) in ``game``."""
    return {s.player.name: (s.table, s.seat) for s in night_queries.seats_of(night, game)}


def finish_game(night: Night, results: dict[int, tuple[int, int, dict[str, int]]], *, confirm: bool = True) -> None:
    """Ring the bell, and each table sends ``(ns, ew, loners)`` (game totals) and the other pair confirms."""
    night_bell.ring_bell(night, "director")
    for tg in night_queries.table_games(night, night.current_game):
        if tg.table not in results:
            continue
        ns, ew, loners = results[tg.table]
        table_game.submit(night, tg, pair="NS", actor="table", totals=(ns, ew),
                          loners={"N": 0, "E": 0, "S": 0, "W": 0, **loners}, cut_winner="NS" if ns == ew else None)
        if confirm:
            table_game.confirm(night, tg, pair="EW", actor="table")
    db.session.commit()


def by_name(night: Night) -> dict[str, object]:
    return {t.name: t for t in tallies(night)}


def text_of(html: str) -> str:
    """The page's words, tags dropped and spaces squeezed."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def login(client, night: Night) -> None:
    with client.raw.session_transaction() as session:
        session["director_of"] = [night.id]


def assert_csp_clean(html: str) -> None:
    assert not re.search(r"<script(?![^>]*\bsrc=)", html), "an inline script"
    assert "<style" not in html and " style=" not in html, "an inline style"


# -- tallies ------------------------------------------------------------------------------------
def test_tallies_pair_points_sit_out_average_wins_and_loners(db_session):
    night = make_night()
    assert tallies(night)[0].points == ()  # nothing seated yet
    start(night, 1)
    where = seats(night, 1)
    out = [n for n, (t, _) in where.items() if t is None]
    assert len(out) == 1
    # Table 1: N–S 7, E–W 4 (one loner by N); table 2: N–S 3, E–W 8 (two by W). Players: 7,7,4,4,3,3,8,8
    # -> 44 / 8 = 5.5, which the rule rounds half up to 6.
    finish_game(night, {1: (7, 4, {"N": 1}), 2: (3, 8, {"W": 2})})
    expect = {1: {"NS": 7, "EW": 4}, 2: {"NS": 3, "EW": 8}}
    got = by_name(night)
    for name, (table, seat) in where.items():
        t = got[name]
        if table is None:
            assert t.points == (6,) and t.sat_out == 1 and t.wins == 0 and t.loners == 0
            continue
        pair = "NS" if seat in "NS" else "EW"
        assert t.points == (expect[table][pair],), name
        assert t.wins == int((table, pair) in {(1, "NS"), (2, "EW")}), name
        assert t.loners == {(1, "N"): 1, (2, "W"): 2}.get((table, seat), 0), name
        assert t.sat_out == 0 and t.present_at_end


def test_a_game_counts_only_once_confirmed_and_sit_outs_wait_for_a_result(db_session):
    night = make_night()
    start(night, 1)
    finish_game(night, {1: (6, 2, {}), 2: (5, 5, {})}, confirm=False)
    assert all(t.points == (None,) for t in tallies(night))  # sent, not confirmed: not counted
    sheet = load_sheet(night)
    assert all(cells[0].pending for cells in sheet.cells.values())
    tg = night_queries.table_games(night, 1)[0]
    table_game.confirm(night, tg, pair="EW", actor="table")
    db.session.commit()
    where, got = seats(night, 1), by_name(night)
    for name, (table, seat) in where.items():
        if table is None:
            assert got[name].points == (4,)  # the average of the done table only: 6, 6, 2, 2
        elif table == 1:
            assert got[name].points == ((6,) if seat in "NS" else (2,))
        else:
            assert got[name].points == (None,)


def test_fixed_sit_out_late_arrival_leaver_and_return(db_session):
    night = make_night(mode="fixed", fixed=3, games=4)
    start(night, 1)
    out1 = next(n for n, (t, _) in seats(night, 1).items() if t is None)
    assert by_name(night)[out1].points == (3,)  # a fixed sit-out score needs no result to wait for
    night_setup.check_in(night, ["Jo"])  # arrives during game 1: plays from game 2
    db.session.commit()
    finish_game(night, {1: (10, 2, {}), 2: (4, 6, {})})
    start(night, 2)
    ann = db.session.scalar(select(NightPlayer).where(NightPlayer.night_id == night.id, NightPlayer.name == "Ann"))
    night_setup.leave(night, ann)  # plays game 2 out, gone from game 3
    db.session.commit()
    where1, where2 = seats(night, 1), seats(night, 2)
    assert len([n for n, (t, _) in where2.items() if t is None]) == 2  # ten players: two sit out
    results = {1: (5, 1, {}), 2: (2, 9, {})}
    finish_game(night, results)
    got = by_name(night)
    assert got["Jo"].points[0] is None and got["Jo"].games_played == 1
    assert not got["Ann"].present_at_end and got["Bo"].present_at_end
    for name, (table, seat) in where2.items():
        if table is None:
            assert got[name].points[1] == 3
        else:
            ns, ew, _ = results[table]
            assert got[name].points[1] == (ns if seat in "NS" else ew)
    ann_before = got["Ann"].points
    start(night, 3)
    assert "Ann" not in seats(night, 3)
    assert by_name(night)["Ann"].points == (*ann_before, None)
    night_setup.come_back(night, ann)  # back for game 4: her first two games still count
    db.session.commit()
    assert ann.joined_game == 4
    finish_game(night, {1: (1, 1, {}), 2: (1, 1, {})})
    start(night, 4)
    again = by_name(night)["Ann"]
    assert again.points[:3] == (*ann_before, None) and again.points[0] is not None and again.present_at_end
    assert where1["Ann"][0] is None or again.points[0] in (10, 2, 4, 6)


def test_tallies_take_three_queries_and_stay_fast_for_400_players(db_session):
    night = make_night(names=("A1", "A2", "A3", "A4"), games=10)
    players = [{"night_id": night.id, "name": f"P{i}", "name_key": f"p{i}", "position": 10 + i, "joined_game": 1}
               for i in range(400)]
    db.session.execute(insert(NightPlayer), players)
    db.session.execute(NightPlayer.__table__.delete().where(NightPlayer.name.in_(["A1", "A2", "A3", "A4"])))
    ids = db.session.scalars(select(NightPlayer.id).where(NightPlayer.night_id == night.id)
                             .order_by(NightPlayer.position)).all()
    matches = db.session.execute(insert(Match).returning(Match.id), [
        {"variant": "progressive-euchre", "rules": {}, "first_dealer": 0, "status": "active", "summary": "",
         "version": 1} for _ in range(1000)]).scalars().all()
    seat_rows, table_rows = [], []
    for game in range(1, 11):
        for i, pid in enumerate(ids):
            seat_rows.append({"night_id": night.id, "game": game, "player_id": pid, "table": i // 4 + 1,
                              "seat": "NESW"[(i + game) % 4], "since": game})
        for table in range(1, 101):
            table_rows.append({"night_id": night.id, "game": game, "table": table,
                               "match_id": matches[(game - 1) * 100 + table - 1], "status": "done", "mode": "total",
                               "ns_points": table % 13, "ew_points": game,
                               "winner": "NS" if table % 13 > game else "EW",
                               "loners": {"N": 1, "E": 0, "S": 0, "W": 0}, "closed_by_director": False, "version": 1})
    db.session.execute(insert(NightSeat), seat_rows)
    db.session.execute(insert(TableGame), table_rows)
    db.session.execute(Night.__table__.update().where(Night.id == night.id).values(current_game=10, status="playing"))
    db.session.commit()
    db.session.refresh(night)

    statements: list[str] = []

    def count(*_args) -> None:
        statements.append("x")

    event.listen(db.engine, "before_cursor_execute", count)
    try:
        got = tallies(night)
    finally:
        event.remove(db.engine, "before_cursor_execute", count)
    assert len(statements) == 3
    assert len(got) == 400 and all(len(t.points) == 10 for t in got)
    first = next(t for t in got if t.name == "P0")  # table 1: N–S 1 point, E–W the game's number
    assert first.points == tuple(1 if "NESW"[g % 4] in "NS" else g for g in range(1, 11))
    best = min(_timed(lambda: tallies(night)) for _ in range(3))
    assert best < 0.25, f"tallies took {best * 1000:.0f} ms for 400 players x 10 games"


def _timed(fn) -> float:
    began = time.perf_counter()
    fn()
    return time.perf_counter() - began


def test_standings_tag_moves_with_every_result(db_session):
    night = make_night()
    tag = standings_tag(night)
    start(night, 1)
    db.session.refresh(night)
    assert standings_tag(night) != tag
    tag = standings_tag(night)
    finish_game(night, {1: (7, 4, {}), 2: (3, 8, {})})
    db.session.refresh(night)
    assert standings_tag(night) != tag and re.fullmatch(r"[A-Za-z0-9-]+", standings_tag(night))


def _statements_to_start(names) -> int:
    """How many statements starting game 1 sends for the players and their seats."""
    night = make_night(names=names)
    statements: list[str] = []

    def count(conn, cursor, statement, *args):
        if re.search(r"\b(INTO|FROM) (player|night_seat)\b", statement):
            statements.append(statement)

    event.listen(db.engine, "before_cursor_execute", count)
    try:
        start(night, 1)
    finally:
        event.remove(db.engine, "before_cursor_execute", count)
    return len(statements)


def test_starting_a_game_finds_its_players_in_one_go(db_session):
    """The movement seats 400 players at once: their seats are inserted, and the tables' players looked
    up and added, together, not a statement per player; a known one-off player is reused, and a
    group's player of the same name is not theirs."""
    group = Group(name="Tuesday club", code="tuesday-club-code")
    db.session.add(group)
    db.session.flush()
    known = Player(name="Ann")
    theirs = Player(name="Bo", group_id=group.id)
    db.session.add_all([known, theirs])
    db.session.commit()
    small = _statements_to_start(NINE[:8])
    night = db.session.scalar(select(Night).order_by(Night.id.desc()))
    players = {seat.player.name: seat.player for tg in night_queries.table_games(night, 1) for seat in tg.match.seats}
    assert set(players) == set(NINE[:8])
    assert players["Ann"].id == known.id
    assert players["Bo"].id != theirs.id and players["Bo"].group_id is None
    large = _statements_to_start([f"Player {i}" for i in range(40)])
    assert large == small, "seating 40 players costs the same statements as seating 8"


def test_where_last_games_players_went(db_session):
    """A table's page lists where each of its last game's players sits now (one query): a table and
    seat, "sits out", or "not playing" for one who left."""
    night = make_night(games=3)
    start(night, 1)
    before = seats(night, 1)
    finish_game(night, {1: (7, 4, {}), 2: (3, 8, {})})
    leaver = next(name for name, (table, _) in before.items() if table == 1)
    night_setup.leave(night, next(p for p in night.players if p.name == leaver))
    night_setup.check_in(night, ["Jo"])  # nine play game 2: one sits out
    start(night, 2)
    now = seats(night, 2)
    seat_names = {"N": "North", "E": "East", "S": "South", "W": "West"}

    def place(name: str) -> str:
        if name not in now:
            return "not playing"
        table, seat = now[name]
        return "sits out" if table is None else f"table {table}, {seat_names[seat]}"

    for table in (1, 2):
        expected = sorted((name, place(name)) for name, (t, _) in before.items() if t == table)
        assert sorted(night_queries.moves_from(night, 2, table)) == expected
    assert (leaver, "not playing") in night_queries.moves_from(night, 2, 1)
    sitter = next(name for name, (table, _) in now.items() if table is None)
    if before.get(sitter, (None,))[0] is not None:
        assert (sitter, "sits out") in night_queries.moves_from(night, 2, before[sitter][0])
    assert night_queries.moves_from(night, 1, 1) == []


def test_standings_tag_moves_only_on_what_the_standings_show(db_session):
    """A result sent, a result withdrawn and the bell change the tables' pages but not the standings:
    while 100 results come in, the standings are not redrawn for them. Everything the standings show
    moves the tag: a confirmed or closed result, a correction, players arriving, leaving or returning,
    a game started and the night's end."""
    night = make_night(games=2)
    start(night, 1)

    def moves(change) -> bool:
        db.session.refresh(night)
        before, version = standings_tag(night), night.version
        change()
        db.session.commit()
        db.session.refresh(night)
        assert night.version > version, "every change still reaches the tables' polls"
        return standings_tag(night) != before

    first, second = night_queries.table_games(night, 1)
    assert not moves(lambda: night_bell.ring_bell(night, "director"))
    assert not moves(lambda: table_game.submit(night, first, pair="NS", actor="t", totals=(7, 4), loners={}))
    assert not moves(lambda: table_game.reject(night, first, pair="EW", actor="t"))
    assert not moves(lambda: table_game.submit(night, first, pair="NS", actor="t", totals=(7, 5), loners={}))
    assert moves(lambda: table_game.confirm(night, first, pair="EW", actor="t"))
    assert moves(lambda: table_game.close_table(night, second, ns=3, ew=8, loners={}, cut_winner=None, reason=""))
    assert moves(lambda: table_game.correct(night, first, ns=7, ew=6, loners={}, cut_winner=None, reason="typo"))
    ivy = next(p for p in night.players if p.name == "Ivy")
    assert moves(lambda: night_setup.leave(night, ivy))
    assert moves(lambda: night_setup.come_back(night, ivy))
    assert moves(lambda: night_setup.check_in(night, ["Jo"]))
    assert moves(lambda: night_games.start_game(night, 2))
    assert moves(lambda: night_games.finish_night(night))


# -- the pages, both kinds of request --------------------------------------------------------------
@pytest.fixture()
def played(app, client):
    """Nine players, game 1 done (table 1 N–S 7 E–W 4, table 2 N–S 3 E–W 8), game 2 under way."""
    with app.app_context():
        night = make_night(names=NINE[:-1] + (SCRIPT,))
        start(night, 1)
        finish_game(night, {1: (7, 4, {"N": 1}), 2: (3, 8, {"W": 2})})
        start(night, 2)
        info = {"slug": night.slug, "id": night.id, "seats1": seats(night, 1), "seats2": seats(night, 2),
                "codes": {t.number: t.code for t in night.tables}}
    return info


@pytest.mark.parametrize("path", PAGES)
def test_every_page_has_a_page_and_a_fragment(client, played, path):
    login(client, _Night(played["id"]))  # the table cards are the director's
    url = f"/nights/{played['slug']}/{path}"
    page = client.get(url)
    assert page.status_code == 200, page.get_data(as_text=True)[:500]
    html = page.get_data(as_text=True)
    assert html.lstrip().lower().startswith("<!doctype html") and 'class="night-nav' in html
    assert "night-screens.css" in html
    fragment = client.get(url, htmx=True)
    assert fragment.status_code == 200
    part = fragment.get_data(as_text=True)
    assert "<html" not in part and "night-nav" not in part and part.lstrip().startswith("<section")
    for body in (html, part):
        assert SCRIPT not in body
        assert_csp_clean(body)
    assert "HX-Request" in page.headers.get("Vary", "")


def test_every_page_works_for_a_night_with_nobody_yet(app, client):
    with app.app_context():
        night = make_night(names=())
        slug = night.slug
        login(client, night)
    for path in PAGES:
        response = client.get(f"/nights/{slug}/{path}")
        assert response.status_code == 200, path
    assert "Nobody is checked in yet." in client.get(f"/nights/{slug}/standings").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(client.get(f"/nights/{slug}/results.csv").get_data().decode("utf-8-sig"))))
    assert rows == [["Rank", "Name", "Total", "Wins", "Loners", "Sat out"]]


def test_unknown_night_is_404(client):
    for path in (*PAGES, "results.csv", "audit"):
        assert client.get(f"/nights/nosuch/{path}").status_code == 404


def test_the_script_name_is_escaped_everywhere(client, played):
    login(client, _Night(played["id"]))
    for path in (*PAGES, "audit"):
        html = client.get(f"/nights/{played['slug']}/{path}").get_data(as_text=True)
        assert SCRIPT not in html, path
        if path != "print/table-cards":
            assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, path


# -- seating ------------------------------------------------------------------------------------
def test_seating_lists_everyone_by_name_with_table_and_seat(client, played):
    html = client.get(f"/nights/{played['slug']}/seating").get_data(as_text=True)
    words = text_of(html)
    assert "Game 2 of 3" in words
    names = sorted(played["seats2"], key=str.casefold)
    listed = re.findall(r'<a class="who" href="/nights/[^"]+/me/\d+/\w+">(.*?)</a>', html)  # each to its page
    assert [n.replace("&lt;", "<").replace("&gt;", ">") for n in listed] == names
    seat_names = {"N": "North", "E": "East", "S": "South", "W": "West"}
    for name, (table, seat) in played["seats2"].items():
        shown = name.replace("<", "&lt;").replace(">", "&gt;")
        if table is None:
            assert f'{shown}</a><span class="sep">: </span><span class="where">sits out</span>' in html
        else:
            where = f"table {table}, {seat_names[seat]}"
            assert f'{shown}</a><span class="sep">: </span><span class="where">{where}</span>' in html
    assert 'hx-trigger="every' in html and "seen=" in html


def test_seating_during_check_in_and_after_the_night(app, client):
    with app.app_context():
        night = make_night(names=("Ann", "Bo"))
        slug = night.slug
    words = text_of(client.get(f"/nights/{slug}/seating").get_data(as_text=True))
    assert "The seating appears here when game 1 starts." in words and "Checked in (2)" in words
    with app.app_context():
        night = db.session.scalar(select(Night).where(Night.slug == slug))
        night_games.finish_night(night)
        db.session.commit()
    html = client.get(f"/nights/{slug}/seating").get_data(as_text=True)
    assert f'href="/nights/{slug}/standings"' in html and "The night is over" in html


def test_polling_answers_304_until_something_changes(app, client, played):
    url = f"/nights/{played['slug']}/seating"
    first = client.get(url, htmx=True)
    tag = first.headers["ETag"].strip('"')
    assert f"seen={tag}" in first.get_data(as_text=True)
    assert first.headers["Cache-Control"] == "no-store"
    same = client.get(f"{url}?seen={tag}", htmx=True)
    assert same.status_code == 304 and same.get_data() == b""
    assert client.raw.get(url, headers={"HX-Request": "true", "If-None-Match": f'"{tag}"'}).status_code == 304
    standings_url = f"/nights/{played['slug']}/standings"
    s_tag = client.get(standings_url, htmx=True).headers["ETag"].strip('"')
    assert client.get(f"{standings_url}?seen={s_tag}", htmx=True).status_code == 304
    with app.app_context():
        night = db.session.get(Night, played["id"])
        night_bell.ring_bell(night, "director")
        tg = night_queries.table_games(night, 2)[0]
        table_game.submit(night, tg, pair="NS", actor="t", totals=(9, 1), loners={})
        table_game.confirm(night, tg, pair="EW", actor="t")
        db.session.commit()
    changed = client.get(f"{url}?seen={tag}", htmx=True)
    assert changed.status_code == 200 and "The bell has rung" in changed.get_data(as_text=True)
    assert changed.headers["ETag"].strip('"') != tag
    noticed = client.get(f"{standings_url}?seen={s_tag}", htmx=True)
    assert noticed.status_code == 304, "the stored drawing, behind: drawn again once this answer is sent"
    noticed.close()
    after = client.get(f"{standings_url}?seen={s_tag}", htmx=True)
    assert after.status_code == 200 and 'id="night-standings"' in after.get_data(as_text=True)


def test_a_poll_fragment_is_drawn_once_per_state(app, client, played, monkeypatch):
    calls = count_standings_drawings(monkeypatch)
    url = f"/nights/{played['slug']}/standings"
    first = client.get(url, htmx=True).get_data(as_text=True)
    assert client.get(url, htmx=True).get_data(as_text=True) == first
    page = client.get(url).get_data(as_text=True)  # the page wraps the same fragment
    assert first.strip() in page and len(calls) == 1
    with app.app_context():
        night = db.session.get(Night, played["id"])
        night_setup.check_in(night, ["Zed"])
        db.session.commit()
    noticed = client.get(url, htmx=True)  # the change was made outside a request: this poll has it drawn
    assert "Zed" not in noticed.get_data(as_text=True) and len(calls) == 1
    noticed.close()
    assert "Zed" in client.get(url, htmx=True).get_data(as_text=True) and len(calls) == 2


def test_a_fragment_being_drawn_is_drawn_once_for_every_thread_asking():
    """When a result comes in, the projector and the phones watching ask at once: the threads of one
    server process wait for the one drawing, instead of each drawing 400 rows."""
    import threading

    from web.fragment_cache import FragmentCache

    cache = FragmentCache()
    drawing, release, calls = threading.Event(), threading.Event(), []

    def draw() -> str:
        calls.append(1)
        drawing.set()
        release.wait(5)
        return "<p>standings</p>"

    got: list[str] = []
    first = threading.Thread(target=lambda: got.append(cache.get_or_draw(("s", 1, "tag"), draw)))
    first.start()
    assert drawing.wait(5)
    others = [threading.Thread(target=lambda: got.append(cache.get_or_draw(("s", 1, "tag"), draw)))
              for _ in range(3)]
    for thread in others:
        thread.start()
    time.sleep(0.05)  # the others are waiting on the first's drawing, not drawing their own
    assert len(calls) == 1
    release.set()
    for thread in (first, *others):
        thread.join(5)
    assert got == ["<p>standings</p>"] * 4 and len(calls) == 1
    assert cache.drawing == {}, "no lock is left behind"


def test_a_failed_drawing_leaves_nothing_behind():
    from web.fragment_cache import FragmentCache

    cache = FragmentCache()

    def broken() -> str:
        raise RuntimeError("database gone")

    with pytest.raises(RuntimeError):
        cache.get_or_draw(("s", 1, "tag"), broken)
    assert cache.drawing == {} and cache.get(("s", 1, "tag")) is None
    assert cache.get_or_draw(("s", 1, "tag"), lambda: "drawn") == "drawn"


@pytest.mark.browser
def test_the_projector_seating_updates_itself_at_360px(app, page, monkeypatch):
    from playwright.sync_api import expect

    monkeypatch.setitem(app.config, "NIGHT_POLL_SECONDS", 1)
    with app.app_context():
        night = make_night(names=NINE[:8])
        slug = night.slug
    page.goto(f"/nights/{slug}/seating")
    expect(page.locator("#night-seating")).to_contain_text("The seating appears here when game 1 starts.")
    with app.app_context():
        start(db.session.get(Night, night.id), 1)
    expect(page.locator("#seating-list li")).to_have_count(8)
    expect(page.locator("#night-seating h1")).to_contain_text("Game 1 of 3")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


# -- standings ----------------------------------------------------------------------------------
def test_standings_show_points_prizes_and_rules(app, client, played):
    html = client.get(f"/nights/{played['slug']}/standings").get_data(as_text=True)
    words = text_of(html)
    rows = re.findall(r'<tr class="[^"]*">\s*<td class="st-rank">(.*?)</td>\s*'
                      r'<th scope="row" class="st-name">(.*?)</th>\s*<td class="st-total">(-?\d+)</td>', html, re.S)
    assert len(rows) == 9
    totals = [int(r[2]) for r in rows]
    assert totals == sorted(totals, reverse=True) and totals[0] == 8
    by = {name: int(total) for _, name, total in rows}
    for name, (table, seat) in played["seats1"].items():
        shown = name.replace("<", "&lt;").replace(">", "&gt;")
        expected = 6 if table is None else {(1, "NS"): 7, (1, "EW"): 4, (2, "NS"): 3, (2, "EW"): 8}[
            (table, "NS" if seat in "NS" else "EW")]
        assert by[shown] == expected, name
    # 8 with two loners, 8 with none, 7 with a loner, 7, the sit-out's 6, then two pairs tied on all counts
    assert [text_of(r[0]) for r in rows] == ["1", "2", "3", "4", "5", "tied for T6", "tied for T6",
                                             "tied for T8", "tied for T8"]
    for key in ("high", "low", "loners"):
        assert PRIZE_RULES[key] in words
    assert PRIZE_RULES["standings"] in words and TIE_RULE in words
    assert "average of every playing player's points" in words
    assert "Decided by:" in words and "Most loners" in words and "High score" in words
    two = played["seats1"]
    loner_w = next(n for n, (t, s) in two.items() if (t, s) == (2, "W")).replace("<", "&lt;").replace(">", "&gt;")
    assert re.search(r'prize-loners.*?' + re.escape(loner_w), html, re.S)
    assert "…" in html  # game 2 is under way
    assert "standings-rest" not in html  # up to a hundred players, nothing is folded


RANKS = re.compile(r'<td class="st-rank">(.*?)</td>', re.S)


def test_a_big_nights_standings_show_the_first_players_and_fold_the_rest(app, client, played, monkeypatch):
    """A phone laid out the 4,000 players of a 1,000-table night in seconds, again at every change: the screen
    shows the first ``STANDINGS_SHOWN_FIRST`` players (a hundred), the rest folded until asked for, in order."""
    monkeypatch.setitem(app.config, "STANDINGS_SHOWN_FIRST", 4)
    url = f"/nights/{played['slug']}/standings"
    for html in (client.get(url).get_data(as_text=True), client.get(url, htmx=True).get_data(as_text=True)):
        first, folded, rest = html.partition('<details class="st-rest" id="standings-rest" data-keep-open>')
        assert folded, "the players after the first four are folded"
        assert [text_of(rank) for rank in RANKS.findall(first)] == ["1", "2", "3", "4"]
        assert [text_of(rank) for rank in RANKS.findall(rest)] == ["5", "tied for T6", "tied for T6", "tied for T8",
                                                                  "tied for T8"]
        assert text_of(rest).startswith("Show all 9 players")
        assert 'aria-label="Standings from place 5"' in rest


# -- print pages ------------------------------------------------------------------------------------
def test_tally_cards_one_per_player_filled_and_blank(client, played):
    html = client.get(f"/nights/{played['slug']}/print/tally-cards").get_data(as_text=True)
    cards = html.split('<article class="print-card tally-card">')[1:]
    assert len(cards) == 9
    for name in played["seats1"]:
        assert f'<h2 class="card-name">{name.replace("<", "&lt;").replace(">", "&gt;")}</h2>' in html
    for card in cards:
        assert card.count("<tr") == 4  # header + three games
        assert card.count('class="to-come"') == 1  # game 3 is still to come
    ann = next(c for c in cards if '<h2 class="card-name">Ann</h2>' in c)
    table, seat = played["seats1"]["Ann"]
    if table is not None:
        points = {(1, "NS"): 7, (1, "EW"): 4, (2, "NS"): 3, (2, "EW"): 8}[(table, "NS" if seat in "NS" else "EW")]
        assert f"<td>{points}</td><td>{points}</td>" in ann
    else:
        assert "sits out" in ann and "<td>6</td><td>6</td>" in ann
    assert "@media print" in open("static/night-screens.css").read()


def test_table_cards_have_number_code_url_and_qr(client, played):
    login(client, _Night(played["id"]))
    response = client.get(f"/nights/{played['slug']}/print/table-cards")
    html = response.get_data(as_text=True)
    assert html.count('<article class="print-card table-card') == len(played["codes"]) == 2
    assert html.count('<svg viewBox=') == 2 and 'class="qr"' in html
    assert "Head table" in html and html.count("Head table") == 1
    for number, code in played["codes"].items():
        assert f"<strong>{code}</strong>" in html and f"http://192.168.1.23/t/{code}" in html
    assert "Scan to score this table" in html
    svg = re.search(r"<svg.*?</svg>", html, re.S).group(0)
    assert " style=" not in svg and "<style" not in svg
    assert_csp_clean(html)


def test_table_cards_come_with_check_in(app, client):
    """Cards can be printed before the night starts: one table for every four players checked in."""
    with app.app_context():
        night = make_night(names=NINE[:3])
        slug = night.slug
        login(client, night)
    html = client.get(f"/nights/{slug}/print/table-cards").get_data(as_text=True)
    assert "appear as players check in" in html and "<svg" not in html
    with app.app_context():
        night = db.session.scalar(select(Night).where(Night.slug == slug))
        night_setup.check_in(night, list(NINE[3:]))
        db.session.commit()
    html = client.get(f"/nights/{slug}/print/table-cards").get_data(as_text=True)
    assert html.count("<svg") == 2 and "Head table" in html


@pytest.mark.browser
def test_the_folded_standings_open_and_stay_open_as_results_come_at_360px(app, page, monkeypatch, shots):
    from playwright.sync_api import expect

    monkeypatch.setitem(app.config, "NIGHT_POLL_SECONDS", 1)
    monkeypatch.setitem(app.config, "STANDINGS_SHOWN_FIRST", 4)
    with app.app_context():
        night = make_night()
        start(night, 1)
        finish_game(night, {1: (7, 4, {"N": 1}), 2: (3, 8, {"W": 2})})
        start(night, 2)
        night_id, slug = night.id, night.slug
    page.goto(f"/nights/{slug}/standings")
    expect(page.locator("#standings-table tbody tr")).to_have_count(4)
    expect(page.locator("#standings-table-rest")).to_be_hidden()
    shots(page, "big-night-standings", "the-first-players")
    page.get_by_text("Show all 9 players").click()
    expect(page.locator("#standings-table-rest tbody tr")).to_have_count(5)
    expect(page.locator("#standings-table-rest")).to_be_visible()
    expect(page.get_by_text("Show the first 4 only")).to_be_visible()
    expect(page.get_by_text("Show all 9 players")).to_be_hidden()
    pending = page.locator("#night-standings .pending").count()
    with app.app_context():  # a result of game 2 comes in: the standings are drawn again
        finish_game(db.session.get(Night, night_id), {1: (9, 2, {})})
    expect(page.locator("#night-standings .pending")).not_to_have_count(pending, timeout=15_000)
    expect(page.locator("#standings-table-rest")).to_be_visible()  # still open
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shots(page, "big-night-standings", "all-of-them-open", full_page=True)


def test_results_print_has_standings_prizes_and_each_game(client, played):
    html = client.get(f"/nights/{played['slug']}/print/results").get_data(as_text=True)
    words = text_of(html)
    assert "Game 1" in words and "Game 2" in words and 'id="results-standings"' in html
    assert "High score" in words and "Low score" in words
    game1 = html.split('id="game-1"')[1].split("</article>")[0]
    assert "North–South" in game1 and re.search(r">7</td>.*?>4</td>", game1, re.S)
    assert "Sat out:" in game1 and "(6 points each)" in game1
    game2 = html.split('id="game-2"')[1].split("</article>")[0]
    assert "not in yet" in game2


# -- CSV ----------------------------------------------------------------------------------------
def test_csv_rows_quoting_and_formula_neutralising(app, client):
    names = ("=HYPERLINK(\"http://x\",\"y\")", "+1 Bo", "-Cy", "@Di", 'Ed "the" Ace, Jr', "Flo", "Gus", "Hal")
    with app.app_context():
        night = make_night(names=names, games=2)
        start(night, 1)
        finish_game(night, {1: (7, 4, {"N": 1}), 2: (3, 8, {})})
        where = seats(night, 1)
        slug = night.slug
    response = client.get(f"/nights/{slug}/results.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert "attachment" in response.headers["Content-Disposition"] and ".csv" in response.headers["Content-Disposition"]
    assert response.get_data().startswith(b"\xef\xbb\xbf")  # the BOM: spreadsheets then read the names as UTF-8
    text = response.get_data().decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["Rank", "Name", "Game 1", "Total", "Wins", "Loners", "Sat out"]
    assert len(rows) == 9
    got = {r[1]: r for r in rows[1:]}
    assert "'=HYPERLINK(\"http://x\",\"y\")" in got and "'+1 Bo" in got and "'-Cy" in got and "'@Di" in got
    assert 'Ed "the" Ace, Jr' in got
    assert '"Ed ""the"" Ace, Jr"' in text  # quoted the csv way
    for r in rows[1:]:
        assert r[1][0] not in "=+-@"
    points = {(1, "NS"): 7, (1, "EW"): 4, (2, "NS"): 3, (2, "EW"): 8}
    for name, (table, seat) in where.items():
        key = "'" + name if name[0] in "=+-@" else name
        value = points[(table, "NS" if seat in "NS" else "EW")]
        wins = int((table, "NS" if seat in "NS" else "EW") in {(1, "NS"), (2, "EW")})
        loners = int((table, seat) == (1, "N"))
        assert got[key][2:] == [str(value), str(value), str(wins), str(loners), "0"], name
    ranks = [int(r[0]) for r in rows[1:]]
    assert ranks == sorted(ranks) and ranks[0] == 1


# -- the chart ----------------------------------------------------------------------------------
def test_chart_for_a_winners_night_says_so_and_shows_the_games(client, app):
    with app.app_context():
        slug = make_night(names=NINE[:8], games=4).slug
    html = client.get(f"/nights/{slug}/chart").get_data(as_text=True)
    words = text_of(html)
    assert "only used by the rotation-chart movement" in words
    assert words.count("Table 1:") == 4 and "Game 4" in words
    assert "The partner optimum is reached" in words
    assert "Partners: nobody partners the same player twice." in words
    assert "Sit-outs: everybody plays every game." in words
    for name in NINE[:8]:
        assert name in words
    assert re.search(r"Table 1: \w+ & \w+ v \w+ & \w+", words)


def test_chart_in_use_on_a_chart_night(client, app):
    with app.app_context():
        night = make_night(names=NINE, games=3, movement="chart")
        start(night, 1)
        where = seats(night, 1)
        slug = night.slug
    html = client.get(f"/nights/{slug}/chart").get_data(as_text=True)
    words = text_of(html)
    assert "only used by" not in words and "The chart in use: 9 players, games 1 to 3" in words
    game1 = html.split("Game 1")[1].split("</article>")[0]
    for table in (1, 2):
        at = {s: n for n, (t, s) in where.items() if t == table}
        assert f"{at['N']} &amp; {at['S']}" in game1 and f"{at['E']} &amp; {at['W']}" in game1
    out = next(n for n, (t, _) in where.items() if t is None)
    assert f"Sitting out: {out}" in text_of(game1) and "(played)" in game1
    assert "Sit-outs: as even as they can be; each player sits out 0 or 1 games." in words


def test_chart_says_when_it_is_the_best_possible_and_the_gap_when_it_is_not(client, app):
    thirteen = tuple(f"P{i:02}" for i in range(13))
    with app.app_context():
        whist = make_night(names=thirteen, games=13, movement="chart").slug
        ten = make_night(names=thirteen[:10], games=10, movement="chart").slug
    words = text_of(client.get(f"/nights/{whist}/chart").get_data(as_text=True))
    assert "Best possible: no chart for 13 players over 13 games can have fewer repeats." in words
    assert "Opponents: no two players meet as opponents more than twice." in words
    fragment = client.get(f"/nights/{ten}/chart", htmx=True).get_data(as_text=True)
    assert "<html" not in fragment
    words = text_of(fragment)
    assert "Best possible" not in words
    assert re.search(r"Gap to the best possible: \d+ repeat meetings? of opponents above the lower bound", words)


def test_chart_after_a_roster_change_says_what_the_change_cost(client, app):
    with app.app_context():
        night = make_night(names=NINE[:8], games=4, movement="chart")
        start(night, 1)
        finish_game(night, {1: (7, 4, {}), 2: (3, 8, {})})
        night_setup.check_in(night, ["Ivy", "Jo", "Kit", "Lou"])
        db.session.commit()
        start(night, 2)
        slug = night.slug
    words = text_of(client.get(f"/nights/{slug}/chart").get_data(as_text=True))
    assert "The chart in use: 12 players, games 2 to 4" in words
    cost = re.search(r"The roster changed, so this chart starts at game 2; joined to the games before it, "
                     r"it costs (no repeat partner and no extra repeat opponent|\d+ more repeat partnerships? "
                     r"and \d+ more meetings? beyond the second between the same two opponents)\.", words)
    assert cost, words


def test_chart_with_too_few_players(client, app):
    with app.app_context():
        slug = make_night(names=("Ann", "Bo", "Cy")).slug
    assert "A chart needs at least 4 players; 3 are checked in" in text_of(
        client.get(f"/nights/{slug}/chart").get_data(as_text=True))


# -- the audit trail ----------------------------------------------------------------------------
def test_audit_is_for_the_director_only(client, played):
    url = f"/nights/{played['slug']}/audit"
    assert client.get(url).status_code == 403
    assert client.get(url, htmx=True).status_code == 403
    html = client.get(f"/nights/{played['slug']}/standings").get_data(as_text=True)
    assert "Audit trail" not in html
    login(client, _Night(played["id"]))
    page = client.get(url)
    assert page.status_code == 200
    fragment = client.get(url, htmx=True)
    assert fragment.status_code == 200 and "<html" not in fragment.get_data(as_text=True)
    assert "Audit trail" in client.get(f"/nights/{played['slug']}/standings").get_data(as_text=True)


class _Night:
    def __init__(self, night_id: int) -> None:
        self.id = night_id


def test_audit_newest_first_with_old_and_new_values(app, client, played):
    with app.app_context():
        night = db.session.get(Night, played["id"])
        tg = night_queries.table_games(night, 1)[0]
        table_game.correct(night, tg, ns=9, ew=4, loners={"N": 1, "E": 0, "S": 0, "W": 0}, cut_winner=None,
                           reason="misread card")
        db.session.commit()
        count = db.session.query(AuditEntry).filter_by(night_id=night.id).count()
    login(client, _Night(played["id"]))
    html = client.get(f"/nights/{played['slug']}/audit").get_data(as_text=True)
    entries = html.split('<li class="audit-entry">')[1:]
    assert len(entries) == count
    assert "Correction" in entries[0] and "misread card" in entries[0]
    assert "N–S: 7 → 9" in entries[0] and "E–W" not in entries[0].split("audit-changes")[1]
    assert "Set up" in entries[-1]
    times = re.findall(r'<time datetime="[^"]+">(\d\d:\d\d)</time>', html)
    assert len(times) == count
    assert "Result confirmed" in html and "Game started" in html


def test_audit_after_pin_login(app, client, played):
    response = client.post(f"/nights/{played['slug']}/login", {"pin": "2468"})
    assert response.status_code in (302, 303), response.status_code
    assert client.get(f"/nights/{played['slug']}/audit").status_code == 200


def test_the_standings_draw_again_only_the_lines_of_players_whose_results_changed(app, client, monkeypatch):
    """Each player's line (after the rank) is kept as drawn, by everything it shows: once table 2's result is
    in, only its four players' lines are drawn again, and the standings show the new points and ranks."""
    from web.nights import screens
    from web.fragment_cache import FragmentCache

    with app.app_context():
        night = make_night(names=NINE[:8])
        start(night, 1)
        finish_game(night, {1: (7, 4, {})})
        slug, night_id = night.slug, night.id
    drawn: list[str] = []
    real = screens.draw_line
    monkeypatch.setattr(screens, "draw_line", lambda row: drawn.append(row.name) or real(row))
    monkeypatch.setattr(screens, "drawn_lines", FragmentCache(size=64))  # kept by what they show: other tests' too

    def standings() -> str:
        response = client.get(f"/nights/{slug}/standings", htmx=True)
        html = response.get_data(as_text=True)
        response.close()  # a poll that finds the stored drawing behind has it drawn once its answer is sent
        return html

    before = standings()
    assert sorted(drawn) == sorted(NINE[:8]) and before.count('title="not in yet"') == 4
    with app.app_context():
        night = db.session.get(Night, night_id)
        table_2 = [name for name, (table, _) in seats(night, 1).items() if table == 2]
        tg = [t for t in night_queries.table_games(night, 1) if t.table == 2][0]
        table_game.submit(night, tg, pair="NS", actor="table", totals=(9, 2), loners={s: 0 for s in "NESW"})
        table_game.confirm(night, tg, pair="EW", actor="table")
        db.session.commit()
    standings()
    after = standings()
    assert sorted(drawn[8:]) == sorted(table_2), "only the players of the table whose result came in"
    assert 'title="not in yet"' not in after and ">9</td>" in after
    first = re.search(r'<td class="st-rank">(.*?)</td>\s*<th scope="row" class="st-name">(.*?)</th>', after)
    assert first.group(1) in ("1", '<span class="sr-only">tied for </span>T1') and unescape(first.group(2)) in table_2
