"""Hand-by-hand scoring at a team event's table: the table's page links its game's scoresheet, the table's
phone (and only it, or the director) enters the hands there, and the result sent from the hands is what
the referee counts, as at a night. Another table's phone, a stranger, and a phone that only saw the
scoresheet's address are refused; the table's phone gains no other match."""
from __future__ import annotations

import re

import pytest

from tests.app_helpers import add_hand, create_match, hand_data, slug_in
from tests.conftest import Client
from tests.team_helpers import Phones, add_teams, create_event, document, table_codes


@pytest.fixture()
def running(app, client):
    slug = create_event(client, rounds=2)
    add_teams(client, slug, 4)
    client.post(f"/events/{slug}/start")
    return slug


def stranger(app, address: str) -> Client:
    flask_client = app.test_client()
    flask_client.environ_base["REMOTE_ADDR"] = address
    return Client(flask_client)


def scoresheet_of(phone: Client, code: str) -> tuple[str, str]:
    """The table's game id and its scoresheet's match slug, as the table's page links them."""
    html = phone.get(f"/events/t/{code}").get_data(as_text=True)
    game = re.search(r"/games/(\d+)/send", html).group(1)
    sheet = re.search(r'id="scoresheet" href="(/matches/[^"]+)"', html) or \
        re.search(r'href="(/matches/[^"]+)"[^>]*id="scoresheet"', html)
    return game, slug_in(sheet.group(1))


def test_the_table_page_links_its_scoresheet(app, client, running):
    code = table_codes(client, running)[0]
    phone = Phones(app).phone(code)
    html = phone.get(f"/events/t/{code}").get_data(as_text=True)
    assert 'id="scoresheet"' in html and "Enter the hands" in html
    _game, match = scoresheet_of(phone, code)
    sheet = phone.get(f"/matches/{match}").get_data(as_text=True)
    # The way back to the table; no scorer's link or read-only link to pass on, no rematch.
    assert f'href="/events/t/{code}"' in sheet and 'id="share"' not in sheet


@pytest.mark.parametrize("htmx", [False, True])
def test_hands_entered_at_the_table_are_the_result_sent(app, client, running, htmx):
    code = table_codes(client, running)[0]
    phone = Phones(app).phone(code)
    game, match = scoresheet_of(phone, code)
    saved = [add_hand(phone, match, htmx=htmx, maker=0, trump="S", alone=True, tricks=5),  # N: lone march, 4
             add_hand(phone, match, htmx=htmx, maker=1, trump="H", tricks=2),              # E-W euchred: N-S 2
             add_hand(phone, match, htmx=htmx, maker=3, trump="C", tricks=5)]              # W: march, 2
    assert [r.status_code for r in saved] == ([200] * 3 if htmx else [303] * 3)
    page = phone.get(f"/events/t/{code}").get_data(as_text=True)
    assert "3 hands entered: Team" in page and 'id="send-hands"' in page
    sent = phone.post(f"/events/t/{code}/games/{game}/send-hands", {"hands-side": "away"}, htmx=htmx)
    assert sent.status_code == (200 if htmx else 303), sent.get_data(as_text=True)[:2000]
    # Sent: the scoresheet is closed to the table's phone until the other team says "Not right".
    late = add_hand(phone, match, maker=0, trump="D", tricks=3)
    assert late.status_code == 403 and "result has been sent" in late.get_data(as_text=True)
    assert phone.post(f"/events/t/{code}/games/{game}/confirm", {"side": "home"}, htmx=htmx).status_code in (200, 303)
    played = [g for g in document(client, running)["rounds"][0]["games"] if g["table"] == 1][0]
    assert (played["home_points"], played["away_points"]) == (6, 2)
    assert played["home_loners"] == 1 and played["away_loners"] == 0


def test_no_hands_no_send_from_hands(app, client, running):
    code = table_codes(client, running)[0]
    phone = Phones(app).phone(code)
    game, _match = scoresheet_of(phone, code)
    refused = phone.post(f"/events/t/{code}/games/{game}/send-hands", {"hands-side": "home"})
    assert refused.status_code == 409 and "No hands are entered" in refused.get_data(as_text=True)
    unsaid = phone.post(f"/events/t/{code}/games/{game}/send-hands", {})
    assert unsaid.status_code == 422 and "Say which team you are." in unsaid.get_data(as_text=True)


@pytest.mark.parametrize("htmx", [False, True])
def test_a_total_that_the_hands_deny_is_flagged_then_sent_anyway(app, client, running, htmx):
    code = table_codes(client, running)[0]
    phone = Phones(app).phone(code)
    game, match = scoresheet_of(phone, code)
    add_hand(phone, match, maker=0, trump="S", tricks=3)  # N-S 1
    total = {"home_points": 10, "away_points": 4, "side": "home"}
    flagged = phone.post(f"/events/t/{code}/games/{game}/send", total, htmx=htmx)
    html = flagged.get_data(as_text=True)
    assert flagged.status_code == 409 and "add up to" in html and 'name="anyway" value="10-4"' in html
    anyway = phone.post(f"/events/t/{code}/games/{game}/send", {**total, "anyway": "10-4"}, htmx=htmx)
    assert anyway.status_code == (200 if htmx else 303)
    assert "sent anyway" in client.get(f"/events/{running}/log").get_data(as_text=True)


@pytest.mark.parametrize("htmx", [False, True])
def test_only_the_tables_phone_writes_its_scoresheet(app, client, running, htmx):
    first, second = table_codes(client, running)[:2]
    phones = Phones(app)
    mine = phones.phone(first)
    _game, match = scoresheet_of(mine, first)
    other_table = phones.phone(second)
    outsider = stranger(app, "10.0.0.21")
    for phone, words in ((other_table, "belongs to another table"), (outsider, "belongs to another table")):
        phone.get(f"/matches/{match}")  # the scoresheet's address alone gives no right to score it
        refused = add_hand(phone, match, htmx=htmx, maker=0, trump="S", tricks=3)
        assert refused.status_code == 403 and words in refused.get_data(as_text=True)
        assert phone.post(f"/matches/{match}/undo", {}, htmx=htmx).status_code == 403
        assert phone.post(f"/matches/{match}/rematch", {}).status_code == 403
    assert document(client, running)["rounds"][0]["games"][0]["home_points"] is None
    with app.app_context():
        from sqlalchemy import select

        from extensions import db
        from models import Match
        assert not db.session.scalar(select(Match).where(Match.slug == match)).hands
    # The director may; the table's own phone may.
    assert add_hand(client, match, htmx=htmx, maker=0, trump="S", tricks=3).status_code in (200, 303)
    assert add_hand(mine, match, htmx=htmx, maker=1, trump="S", tricks=3).status_code in (200, 303)


def test_a_table_phone_gains_no_other_match(app, client, running):
    code = table_codes(client, running)[0]
    phone = Phones(app).phone(code)
    owner = stranger(app, "10.0.0.22")
    other = create_match(owner)
    # The form as the owner's page draws it (opening an ordinary match's address is its scorer's link).
    refused = phone.post(f"/matches/{other}/hands", hand_data(owner, other, maker=0, trump="S", tricks=3))
    assert refused.status_code == 403 and "does not keep this match" in refused.get_data(as_text=True)


def test_a_finished_rounds_scoresheet_is_closed(app, client, running):
    phones = Phones(app)
    code = table_codes(client, running)[0]
    _game, match = scoresheet_of(phones.phone(code), code)
    import random
    phones.play_round(client, running, random.Random(3))  # round 2 is paired
    late = add_hand(phones.phone(code), match, maker=0, trump="S", tricks=3)
    assert late.status_code == 403 and "Round 1 is over" in late.get_data(as_text=True)


def test_in_a_group_event_the_table_scores_and_a_member_elsewhere_does_not(app, client):
    """A group's member may score the group's own matches, but not an event's game at another table; the
    table's phone, not a member, opens and scores its game's scoresheet."""
    from tests.group_helpers import create_group, group_code

    group_id = create_group(client)
    slug = create_event(client, rounds=1, group=group_id)
    add_teams(client, slug, 4)
    client.post(f"/events/{slug}/start")
    code = table_codes(client, slug)[0]
    phone = Phones(app).phone(code)
    _game, match = scoresheet_of(phone, code)
    assert phone.get(f"/matches/{match}").status_code == 200
    assert add_hand(phone, match, maker=0, trump="S", tricks=3).status_code == 303
    member = stranger(app, "10.0.0.23")
    assert member.get(f"/groups/join/{group_code(client, group_id)}").status_code in (200, 302, 303)
    refused = add_hand(member, match, maker=0, trump="S", tricks=3)
    assert refused.status_code == 403 and "belongs to another table" in refused.get_data(as_text=True)
    assert member.post(f"/matches/{match}/abandon", {"sure": "yes"}).status_code == 403
