"""Home lists ten matches at a time, with older ones a tap away (with and without htmx), and a match
nobody will finish can be abandoned: asked first, off the list in progress, kept among the recent ones."""
from __future__ import annotations

import re
from html import unescape

import pytest

from extensions import db
from tests.app_helpers import add_hand, create_match, stored_match


def listed(html: str, list_id: str) -> list[str]:
    box = re.search(rf'<ul class="match-list" id="{list_id}">(.*?)</ul>', html, re.S)
    return re.findall(r'href="/matches/([^"]+)"', box.group(1)) if box else []


def older_link(html: str, name: str) -> str | None:
    found = re.search(rf'href="([^"]+)"[^>]*\bid="{name}-older"', html, re.S)
    return unescape(found.group(1)) if found else None


@pytest.mark.parametrize("htmx", [False, True])
def test_more_than_ten_matches_in_progress_page_by_ten(client, htmx):
    started = [create_match(client) for _ in range(12)]
    first = client.get("/", htmx=htmx).get_data(as_text=True)
    assert listed(first, "active-matches") == started[::-1][:10]  # the latest first
    link = older_link(first, "active")
    assert link == "/?active=2&recent=1"
    second = client.get(link, htmx=htmx).get_data(as_text=True)
    assert listed(second, "active-matches") == started[1::-1]
    assert older_link(second, "active") is None and 'id="active-newer"' in second


def test_a_page_past_the_end_or_not_a_number_answers_plainly(client):
    create_match(client)
    assert "No more matches in progress." in client.get("/?active=5").get_data(as_text=True)
    for junk in ("-1", "x", "9" * 40, "\x00"):
        response = client.get("/", query_string={"active": junk, "recent": junk})
        assert response.status_code == 200 and listed(response.get_data(as_text=True), "active-matches")


@pytest.mark.parametrize("htmx", [False, True])
def test_abandoning_asks_first_then_moves_the_match_to_recent(client, app, htmx):
    kept, dropped = create_match(client), create_match(client)
    home = client.get("/").get_data(as_text=True)
    assert f'id="abandon-{dropped}"' in home and "hx-confirm=" in home
    # without "sure": the question, and nothing changes
    ask = client.post(f"/matches/{dropped}/abandon", htmx=htmx)
    assert ask.status_code == 200 and "Abandon this Euchre?" in unescape(ask.get_data(as_text=True))
    assert listed(client.get("/").get_data(as_text=True), "active-matches") == [dropped, kept]
    done = client.post(f"/matches/{dropped}/abandon", {"sure": "yes"}, htmx=htmx)
    assert done.status_code in (200, 303)
    home = client.get("/").get_data(as_text=True)
    assert listed(home, "active-matches") == [kept]
    assert listed(home, "recent-matches") == [dropped] and "Abandoned." in home
    with app.app_context():
        assert stored_match(dropped).status == "abandoned"
    # saving a hand carries it on
    add_hand(client, dropped, maker=1, tricks=3)
    assert dropped in listed(client.get("/").get_data(as_text=True), "active-matches")


def test_only_a_phone_that_scores_the_match_abandons_it(client, app):
    from tests.conftest import Client

    match_id = create_match(client)
    other_phone = Client(app.test_client())
    response = other_phone.post(f"/matches/{match_id}/abandon", {"sure": "yes"})
    assert response.status_code == 403
    with app.app_context():
        assert stored_match(match_id).status == "active"
        db.session.remove()
