"""Groups: create, join by link or code, access refused without it, matches started in a group,
history with filters, a match's every hand and its chart, rename and merge. Every new route is
requested as a page and as an htmx fragment."""
from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest

from tests.app_helpers import add_hand, create_match, setup_data, slug_in, stored_match
from tests.conftest import Client
from tests.group_helpers import create_group, group_code, group_match, play, thursday

GROUP_PAGES = ["", "/matches", "/stats", "/leaderboard", "/players", "/data"]


@pytest.fixture()
def stranger(app, client) -> Client:
    """Another browser: no code, no session (``client`` first, so the tables are clean)."""
    return Client(app.test_client())


def match_ids(app, group_id=None):
    from sqlalchemy import select

    from extensions import db
    from models import Match

    with app.app_context():
        return list(db.session.scalars(select(Match.id).where(Match.group_id == group_id).order_by(Match.id)))


# -- every page, as a page and as a fragment ---------------------------------------------------
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_every_group_page_answers_a_page_or_a_fragment(client, htmx):
    group_id, game_1, _ = thursday(client)
    ann = _player_ids(client, group_id)["Ann"]
    urls = ["/groups/"] + [f"/groups/{group_id}{p}" for p in GROUP_PAGES] + [
        f"/groups/{group_id}/matches/{game_1}", f"/groups/{group_id}/stats?variant=euchre",
        f"/groups/{group_id}/leaderboard?variant=euchre&min_games=1",
        f"/groups/{group_id}/matches?variant=euchre&player={ann}", f"/matches/new?group={group_id}",
        f"/matches/new?group={group_id}&variant=euchre"]
    for url in urls:
        response = client.get(url, htmx=htmx)
        html = response.get_data(as_text=True)
        assert response.status_code == 200, url
        assert ("<html" in html) is not htmx, url
        assert "HX-Request" in response.headers.get("Vary", "")
        if url.startswith("/groups"):
            assert "/static/groups.css" in html, url  # the fragment brings its stylesheet along


def test_group_pages_keep_the_strict_csp(client):
    group_id, game_1, _ = thursday(client)
    for url in [f"/groups/{group_id}{p}" for p in GROUP_PAGES] + [f"/groups/{group_id}/matches/{game_1}", "/groups/"]:
        html = client.get(url).get_data(as_text=True)
        assert "<script>" not in html and "style=" not in html and " on" + "click=" not in html, url
        assert "https://" not in html, url
        assert 'src="/static/htmx.min.js?v=' in html


# -- the way in ---------------------------------------------------------------------------------
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_create_a_group(client, app, htmx):
    response = client.post("/groups/", {"name": "  Thursday   euchre "}, htmx=htmx)
    from extensions import db
    from models import Group

    with app.app_context():
        group = db.session.scalars(db.select(Group)).one()
        assert group.name == "Thursday euchre" and len(group.code) == 20
    location = response.headers["HX-Redirect"] if htmx else response.headers["Location"]
    assert response.status_code == (200 if htmx else 303) and location.endswith(f"/groups/{group.id}")
    html = client.get(f"/groups/{group.id}").get_data(as_text=True)
    assert f"/groups/join/{group.code}" in html and group.display_code in html
    assert re.fullmatch(r"[2-9A-Z]{5}(-[2-9A-Z]{5}){3}", group.display_code)


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_a_group_needs_a_name(client, app, htmx):
    for name, message in [("   ", "Give the group a name"), ("x" * 61, "Keep the name to 60 letters")]:
        response = client.post("/groups/", {"name": name}, htmx=htmx)
        html = response.get_data(as_text=True)
        assert response.status_code == 422 and message in html and ("<html" in html) is not htmx
    assert match_ids(app) == []
    from extensions import db
    from models import Group
    with app.app_context():
        assert db.session.scalar(db.select(db.func.count()).select_from(Group)) == 0


def test_codes_differ_and_cannot_be_listed(client, app):
    first, second = create_group(client, "A"), create_group(client, "B")
    assert group_code(client, first) != group_code(client, second)
    html = client.get("/groups/").get_data(as_text=True)
    assert "Your groups" in html  # only this browser's own groups
    assert client.get("/groups/all").status_code == 404


def test_access_without_the_code_is_refused(client, stranger, app):
    group_id, game_1, game_2 = thursday(client)
    urls = [f"/groups/{group_id}{p}" for p in GROUP_PAGES] + [
        f"/groups/{group_id}/matches/{game_1}", f"/groups/{group_id}/export/matches.csv",
        f"/groups/{group_id}/export/hands.csv", f"/groups/{group_id}/export/matches.jsonl",
        f"/matches/{game_1}", f"/matches/{game_1}/export.json", f"/matches/{game_1}/hands/1/what-if",
        f"/matches/new?group={group_id}", f"/groups/{group_id + 99}"]
    for url in urls:
        for htmx in (False, True):
            response = stranger.get(url, htmx=htmx)
            html = response.get_data(as_text=True)
            assert response.status_code == 403, url
            assert "This belongs to a group" in html and 'name="code"' in html, url
            assert "Ann" not in html and "Thursday" not in html, url
            # htmx swaps no 403: it is sent to load the page whole, which shows the code form
            assert response.headers.get("HX-Redirect") == (url if htmx else None), url
    before = match_ids(app, group_id)
    posts = [(f"/matches/{game_2}/rematch", {}), (f"/matches/{game_1}/undo", {"version": "1"}),
             (f"/matches/{game_1}/hands", {"outcome": "passed"}), (f"/matches/{game_1}/preview", {}),
             ("/matches/new", dict(setup_data(), group=str(group_id))),
             (f"/groups/{group_id}/players/merge", {"keep": "1", "merge": "2"}),
             (f"/groups/{group_id}/players/1/rename", {"name": "Zed"}),
             (f"/groups/{group_id}/import", {"document": "{}"})]
    for url, data in posts:
        assert stranger.post(url, data).status_code == 403, url
        response = stranger.raw.post(url, data=data, headers={"HX-Request": "true", "X-CSRFToken": stranger.token,
                                                              "HX-Current-URL": "http://localhost/groups/"})
        assert response.status_code == 403 and response.headers["HX-Redirect"] == "/groups/", url
    assert match_ids(app, group_id) == before and match_ids(app) == []
    # The home page lists no group match to a stranger, and the groups page no group at all.
    assert "Ann, Bob" not in stranger.get("/").get_data(as_text=True)
    assert "Your groups" not in stranger.get("/groups/").get_data(as_text=True)


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_the_join_link_opens_the_group(client, stranger, htmx):
    group_id = create_group(client, "Thursday")
    code = group_code(client, group_id).replace("-", "")
    response = stranger.get(f"/groups/join/{code}", htmx=htmx)
    location = response.headers["HX-Redirect"] if htmx else response.headers["Location"]
    assert location.endswith(f"/groups/{group_id}")
    assert stranger.get(f"/groups/{group_id}").status_code == 200
    assert "Thursday" in stranger.get("/groups/").get_data(as_text=True)

    wrong = stranger.get("/groups/join/" + "2" * 20, htmx=htmx)
    assert wrong.status_code == 404 and "This join link is not right" in wrong.get_data(as_text=True)


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_typing_the_code(client, stranger, htmx):
    group_id = create_group(client, "Thursday")
    shown = group_code(client, group_id)
    wrong = stranger.post("/groups/join", {"code": "ABCDE-FGHJK"}, htmx=htmx)
    html = wrong.get_data(as_text=True)
    assert wrong.status_code == 422 and ("<html" in html) is not htmx
    assert re.search(r'<p class="error"[^>]*>No group has this code', html)
    assert stranger.post("/groups/join", {"code": ""}, htmx=htmx).status_code == 422
    assert stranger.get(f"/groups/{group_id}").status_code == 403
    typed = " " + shown.lower().replace("-", " ") + " "  # any case, spaces for dashes
    response = stranger.post("/groups/join", {"code": typed}, htmx=htmx)
    assert response.status_code == (200 if htmx else 303)
    assert stranger.get(f"/groups/{group_id}").status_code == 200


def test_pasting_the_whole_join_link_works_too(client, stranger):
    group_id = create_group(client)
    link = re.search(r'id="join-url">([^<]+)<', client.get(f"/groups/{group_id}").get_data(as_text=True)).group(1)
    assert stranger.post("/groups/join", {"code": link}).status_code == 303
    assert stranger.get(f"/groups/{group_id}").status_code == 200


def test_after_the_code_back_to_the_page_asked_for(client, stranger):
    group_id, game_1, _ = thursday(client)
    locked = stranger.get(f"/matches/{game_1}").get_data(as_text=True)
    assert f'name="next" value="/matches/{game_1}"' in locked
    response = stranger.post("/groups/join", {"code": group_code(client, group_id), "next": f"/matches/{game_1}"})
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/matches/{game_1}")
    assert stranger.get(f"/matches/{game_1}").status_code == 200


def test_next_never_leaves_the_site(client, stranger):
    group_id = create_group(client)
    for evil in ("//evil.example/x", "https://evil.example/", "/\\evil.example"):
        response = stranger.post("/groups/join", {"code": group_code(client, group_id), "next": evil})
        assert response.headers["Location"].endswith(f"/groups/{group_id}"), evil


def test_home_lists_your_matches_and_your_groups_only(client, stranger, app):
    group_id, game_1, _ = thursday(client)
    one_off = create_match(client, names=("Zoe", "Yan", "Xia", "Wil"))
    mine, theirs = client.get("/").get_data(as_text=True), stranger.get("/").get_data(as_text=True)
    assert f"/matches/{game_1}" in mine and f"/groups/{group_id}" in mine
    assert f"/matches/{game_1}" not in theirs and f"/groups/{group_id}" not in theirs
    assert f"/matches/{one_off}" in mine and f"/matches/{one_off}" not in theirs
    assert 'id="groups-link"' in theirs


# -- matches in a group ---------------------------------------------------------------------------
def test_a_match_started_in_a_group_belongs_to_it(client, app):
    from extensions import db
    from models import Player

    create_match(client, names=("Ann", "Bob", "Cy", "Di"))  # one-off players, the same names
    group_id = create_group(client)
    setup = client.get(f"/matches/new?group={group_id}&variant=euchre").get_data(as_text=True)
    assert f'name="group" type="hidden" value="{group_id}"' in setup or \
        re.search(rf'name="group"[^>]*value="{group_id}"', setup)
    assert 'data-seat-name="Ann"' not in setup  # the one-off players are not this group's
    match_id = group_match(client, group_id)
    with app.app_context():
        match = stored_match(match_id)
        assert match.group_id == group_id
        assert {s.player.group_id for s in match.seats} == {group_id}
        one_off_ann = Player.get_or_create("Ann")
        assert one_off_ann.group_id is None and one_off_ann.id != match.seats[0].player_id
        assert Player.get_or_create("Ann", group_id).id == match.seats[0].player_id
        assert db.session.scalar(db.select(db.func.count()).select_from(Player)) == 8
    setup = client.get(f"/matches/new?group={group_id}&variant=euchre").get_data(as_text=True)
    assert 'data-seat-name="Ann"' in setup
    one_off_setup = client.get("/matches/new?variant=euchre").get_data(as_text=True)
    assert 'data-seat-name="Ann"' in one_off_setup


def test_a_bad_group_in_the_setup_form_is_refused(client, app):
    for value, status in (("abc", 404), ("999", 403)):
        assert client.post("/matches/new", dict(setup_data(), group=value)).status_code == status
        assert client.get(f"/matches/new?group={value}").status_code == status
    assert match_ids(app) == []


def test_names_are_unique_per_group_in_the_database(client, app):
    from sqlalchemy.exc import IntegrityError

    from extensions import db
    from models import Group, Player

    with app.app_context():
        one, two = Group.create("One"), Group.create("Two")
        db.session.add_all([Player(name="Ann", group_id=one.id), Player(name="Ann", group_id=two.id),
                            Player(name="Ann")])
        db.session.commit()
        for duplicate in (Player(name="Ann", group_id=one.id), Player(name="Ann")):
            db.session.add(duplicate)
            with pytest.raises(IntegrityError):
                db.session.commit()
            db.session.rollback()


def test_rematch_stays_in_the_group(client, app):
    group_id, _game_1, game_2 = thursday(client)
    response = client.post(f"/matches/{game_2}/rematch", {})
    with app.app_context():
        assert stored_match(slug_in(response.headers["Location"])).group_id == group_id


# -- history ------------------------------------------------------------------------------------
def _date(app, match_id, when):
    from extensions import db

    with app.app_context():
        stored_match(match_id).created_at = when
        db.session.commit()


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_history_filters(client, app, htmx):
    group_id, game_1, game_2 = thursday(client)
    pepper = group_match(client, group_id, variant="bid-euchre", names=("Ann", "Bob", "Cy", "Flo"))
    _date(app, game_1, datetime(2025, 3, 6, 20, tzinfo=timezone.utc))
    _date(app, game_2, datetime(2025, 3, 13, 20, tzinfo=timezone.utc))
    _date(app, pepper, datetime(2025, 3, 20, 20, tzinfo=timezone.utc))
    players = dict(re.findall(r'<option value="(\d+)">(\w+)</option>',
                              client.get(f"/groups/{group_id}/matches").get_data(as_text=True)))
    ids = {name: pid for pid, name in players.items()}

    def listed(query):
        response = client.get(f"/groups/{group_id}/matches?{query}", htmx=htmx)
        assert response.status_code == 200, query
        return re.findall(r'id="match-([a-z0-9]{20})"', response.get_data(as_text=True))

    assert listed("") == [pepper, game_2, game_1]  # newest first
    assert listed("variant=euchre") == [game_2, game_1]
    assert listed("variant=bid-euchre") == [pepper]
    assert listed(f"player={ids['Eve']}") == [game_2]
    assert listed(f"player={ids['Cy']}") == [pepper, game_1]
    assert listed(f"player={ids['Cy']}&variant=euchre") == [game_1]
    assert listed("since=2025-03-13") == [pepper, game_2]
    assert listed("until=2025-03-13") == [game_2, game_1]
    assert listed("since=2025-03-07&until=2025-03-19") == [game_2]
    assert "No match fits these filters" in client.get(f"/groups/{group_id}/matches?since=2030-01-01").get_data(as_text=True)

    bad = client.get(f"/groups/{group_id}/matches?since=2025-03-20&until=2025-03-01", htmx=htmx)
    assert bad.status_code == 422 and "The end date comes before the start date." in bad.get_data(as_text=True)
    bad = client.get(f"/groups/{group_id}/matches?since=yesterday&variant=nope", htmx=htmx)
    html = bad.get_data(as_text=True)
    assert bad.status_code == 422 and "Not a valid date value." in html and "Not a valid choice" in html


def test_history_pages(client, monkeypatch):
    from web import groups

    monkeypatch.setattr(groups, "PAGE_SIZE", 2)
    group_id = create_group(client)
    made = [group_match(client, group_id) for _ in range(5)]
    first = client.get(f"/groups/{group_id}/matches?variant=euchre").get_data(as_text=True)
    assert re.findall(r'id="match-([a-z0-9]{20})"', first) == made[::-1][:2]
    more = re.search(r'href="([^"]+)"[^>]*id="page-more"', first).group(1).replace("&amp;", "&")
    assert "variant=euchre" in more and "page=2" in more
    third = client.get(f"/groups/{group_id}/matches?page=3").get_data(as_text=True)
    assert re.findall(r'id="match-([a-z0-9]{20})"', third) == [made[0]] and 'id="page-more"' not in third
    assert 'id="page-back"' in third
    odd = client.get(f"/groups/{group_id}/matches?group_id=5&page=1&x=y")  # unknown arguments are ignored
    assert odd.status_code == 200 and "group_id=5" not in odd.get_data(as_text=True)
    beyond = client.get(f"/groups/{group_id}/matches?page=99").get_data(as_text=True)
    assert re.findall(r'id="match-([a-z0-9]{20})"', beyond) == [made[0]]


# -- one match: every hand and the chart -------------------------------------------------------------
@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_a_match_page_shows_every_hand_and_the_chart(client, htmx):
    group_id, game_1, game_2 = thursday(client)
    html = client.get(f"/groups/{group_id}/matches/{game_2}", htmx=htmx).get_data(as_text=True)
    rows = {int(n): re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)).strip()
            for n, body in re.findall(r'<tr id="hand-(\d+)"[^>]*>(.*?)</tr>', html, re.S)}
    assert len(rows) == 7
    # number; the hand (maker, bid, trump, alone; who dealt, events); tricks; points; score
    assert rows[1] == "1 Ann ♦ dealt by Ann · march 5 +2 ±0 2 to 0"
    assert rows[2] == "2 Bob ♥ · alone dealt by Bob · alone, made 3 ±0 +1 2 to 1"
    assert rows[4] == "4 Di ♣ · alone dealt by Di · alone, euchred 2 +2 ±0 4 to 3"
    assert rows[6] == "6 Nobody made trump dealt by Bob · void – ±0 ±0 4 to 4"
    assert rows[7] == "7 Di ♦ dealt by Eve · march, game over 5 ±0 +2 4 to 6"
    assert "Bob &amp; Di win 6-4" in html and 'id="rematch"' in html
    svg = re.search(r"<svg.*?</svg>", html, re.S).group(0)
    assert svg.count("<polyline") == 2 and svg.count("<circle") == 14
    assert "Score after each of 7 hands: Ann &amp; Eve 4, Bob &amp; Di 6." in svg
    assert "5 to win" in svg


def test_bid_and_tricks_show_in_the_hand_table(client):
    group_id = create_group(client)
    match_id = group_match(client, group_id, variant="bid-euchre")
    play(client, match_id, [{"maker": 0, "bid": "little-pepper", "trump": "S", "tricks": 6}])
    html = client.get(f"/groups/{group_id}/matches/{match_id}").get_data(as_text=True)
    row = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", re.search(r'<tr id="hand-1"[^>]*>(.*?)</tr>', html, re.S)
                                     .group(1))).strip()
    assert row.startswith("1 Ann · Little pepper ♠ dealt by Ann") and "little pepper" in row and " 6 " in row


def test_a_match_of_another_group_is_not_found_here(client):
    group_id, game_1, _ = thursday(client)
    other = create_group(client, "Other")
    assert client.get(f"/groups/{other}/matches/{game_1}").status_code == 404
    one_off = create_match(client, names=("Zoe", "Yan", "Xia", "Wil"))
    assert client.get(f"/groups/{group_id}/matches/{one_off}").status_code == 404


def test_the_scoresheet_of_a_group_match_links_to_its_page(client):
    group_id, game_1, _ = thursday(client)
    html = client.get(f"/matches/{game_1}").get_data(as_text=True)
    assert f'href="/groups/{group_id}/matches/{game_1}"' in html


def test_chart_geometry():
    from web.charts import nice_step, progression

    assert [nice_step(s, 5) for s in (0, 3, 5, 12, 30, 42, 100)] == [1, 1, 1, 5, 10, 10, 20]
    chart = progression(["Us", "Them"], [0, 0], [[0, 1], [4, 1], [6, 1]], goal=5, goal_label="5 to win")
    us, them = chart.series
    assert [label for _y, label in chart.y_ticks] == ["0", "2", "4", "6"]
    assert [label for _x, label in chart.x_ticks] == ["0", "1", "2", "3"]
    ys = [float(p.split(",")[1]) for p in us.points.split()]
    assert ys[0] == chart.bottom and ys[-1] == chart.top  # 0 at the bottom, 6 at the top
    assert ys[1] > ys[2] > ys[3]
    assert us.total == 6 and them.total == 1 and len(us.dots) == 3
    assert chart.goal[1] == "5 to win" and chart.top < chart.goal[0] < chart.bottom
    down = progression(["A", "B", "C"], [25, 25, 25], [[22, 30, 25], [10, 2, 30]])
    assert down.zero is None and [s.total for s in down.series] == [10, 2, 30]
    negative = progression(["A", "B"], [0, 0], [[-4, 2]])
    assert negative.zero is not None


# -- players: rename and merge ----------------------------------------------------------------------
def _player_ids(client, group_id):
    html = client.get(f"/groups/{group_id}/players").get_data(as_text=True)
    return {name: int(pid) for pid, name in re.findall(r'<option value="(\d+)">([^<]+)</option>', html)}


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_rename_a_player(client, app, htmx):
    group_id, game_1, game_2 = thursday(client)
    ids = _player_ids(client, group_id)
    response = client.post(f"/groups/{group_id}/players/{ids['Eve']}/rename", {"name": " Evelyn "}, htmx=htmx)
    if htmx:
        assert response.status_code == 200 and "Eve is now Evelyn, in every match." in response.get_data(as_text=True)
    else:
        assert response.status_code == 303
    assert "Ann, Bob, Evelyn, Di" in client.get(f"/groups/{group_id}/matches").get_data(as_text=True)
    assert client.get(f"/matches/{game_2}/export.json").get_json()["players"] == ["Ann", "Bob", "Evelyn", "Di"]

    taken = client.post(f"/groups/{group_id}/players/{ids['Eve']}/rename", {"name": "Ann"}, htmx=htmx)
    html = taken.get_data(as_text=True)
    assert taken.status_code == 422 and f'id="err-name-{ids["Eve"]}"' in html
    assert "Ann is already a player here. If they are the same person, merge them below." in html
    empty = client.post(f"/groups/{group_id}/players/{ids['Eve']}/rename", {"name": ""}, htmx=htmx)
    assert empty.status_code == 422 and "Write the new name." in empty.get_data(as_text=True)
    assert sorted(_player_ids(client, group_id)) == ["Ann", "Bob", "Cy", "Di", "Evelyn"]
    other = create_group(client, "Other")
    assert client.post(f"/groups/{other}/players/{ids['Ann']}/rename", {"name": "X"}).status_code == 404


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_merge_two_spellings(client, app, htmx):
    from web import stats

    group_id, _game_1, _game_2 = thursday(client)
    anne = group_match(client, group_id, names=("Anne", "Bob", "Cy", "Di"), rules={"rule_target": "5"})
    play(client, anne, [{"maker": 0, "trump": "S", "alone": True, "tricks": 5},
                        {"maker": 2, "trump": "S", "tricks": 5}])
    ids = _player_ids(client, group_id)
    response = client.post(f"/groups/{group_id}/players/merge", {"keep": ids["Ann"], "merge": ids["Anne"]}, htmx=htmx)
    assert response.status_code == (200 if htmx else 303)
    if htmx:
        assert "Anne is merged into Ann" in response.get_data(as_text=True)
    assert "Anne" not in _player_ids(client, group_id)
    with app.app_context():
        ann = {line.name: line for line in stats.players(group_id)}["Ann"]
    assert (ann.games, ann.wins, ann.maker_hands, ann.loners) == (3, 2, 2, 1)


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_merge_is_refused_for_two_people_at_one_table(client, app, htmx):
    group_id, _game_1, _game_2 = thursday(client)
    ids = _player_ids(client, group_id)
    for data, message in [({"keep": ids["Ann"], "merge": ids["Eve"]},
                           "Ann and Eve sat at the same table in 1 match, so they are two people"),
                          ({"keep": ids["Bob"], "merge": ids["Di"]}, "in 2 matches"),
                          ({"keep": ids["Ann"], "merge": ids["Ann"]}, "Choose two different players"),
                          ({"keep": ids["Ann"], "merge": "12345"}, "Choose one of the group&#39;s players."),
                          ({"keep": ids["Ann"]}, "Choose one of the group&#39;s players.")]:
        response = client.post(f"/groups/{group_id}/players/merge", data, htmx=htmx)
        html = response.get_data(as_text=True)
        assert response.status_code == 422 and message in html, data
        assert ("<html" in html) is not htmx
    assert sorted(_player_ids(client, group_id)) == ["Ann", "Bob", "Cy", "Di", "Eve"]


def test_a_group_match_is_played_like_any_other(client):
    """The hand form, preview, edit and undo work on a group match for whoever has the code."""
    group_id = create_group(client)
    match_id = group_match(client, group_id)
    assert add_hand(client, match_id, maker=1, trump="H", tricks=3).status_code == 303
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    assert client.post(f"/matches/{match_id}/undo", {"version": version}).status_code == 303
    assert client.post(f"/matches/{match_id}/preview", {"maker": "1"}, htmx=True).status_code == 200
