"""A night's table phone during a Wi-Fi drop: a result or a game total sent again from the phone's outbox
(the same idempotency token) is stored once, with and without htmx; the table's forms carry a token each."""
from __future__ import annotations

import re

import pytest

from tests.night_helpers import Tables, check_in, create_night, start, table_codes
from tests.test_night_flow import NAMES, _audit, _table_game


@pytest.fixture()
def night(client, app, clean_db):
    slug = create_night(client, games=2)
    check_in(client, slug, NAMES)
    start(client, slug)
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    return slug, table_codes(app, slug), Tables(app)


def sends(app, slug: str) -> list[str]:
    return [detail for _actor, action, detail in _audit(app, slug) if action == "submit"]


def token_in(html: str) -> str:
    return re.search(r'name="token" value="([^"]+)"', html).group(1)


@pytest.mark.parametrize("htmx", [False, True])
def test_a_game_total_sent_twice_with_one_token_is_stored_once(app, night, htmx):
    slug, codes, tables = night
    phone = tables.phone(codes[1])
    page = phone.get(f"/t/{codes[1]}/total").get_data(as_text=True)
    assert 'data-outbox="result"' in page
    data = {"ns_points": "7", "ew_points": "4", "pair": "NS", "token": token_in(page),
            **{f"loners_{seat}": "0" for seat in "NESW"}}
    first = phone.post(f"/t/{codes[1]}/total", data, htmx=htmx)
    again = phone.post(f"/t/{codes[1]}/total", data, htmx=htmx)  # the outbox resends: its answer was lost
    assert first.status_code in (200, 303) and again.status_code in (200, 303)
    assert len(sends(app, slug)) == 1
    assert _table_game(app, slug, 1)["status"] == "submitted"
    # another send, with another token, is a second send: refused as before
    other = phone.post(f"/t/{codes[1]}/total", {**data, "token": "another-token-1"}, htmx=htmx)
    assert other.status_code == 422 and "already been sent" in other.get_data(as_text=True)


@pytest.mark.parametrize("htmx", [False, True])
def test_a_result_sent_twice_with_one_token_is_stored_once(app, night, htmx):
    slug, codes, tables = night
    phone = tables.phone(codes[2])
    page = phone.get(f"/t/{codes[2]}").get_data(as_text=True)
    form = re.search(r'<form[^>]*action="/t/[^"]+/submit".*?</form>', page, re.S).group(0)
    assert 'data-outbox="result"' in form
    data = {"pair": "EW", "cut_winner": "NS", "token": token_in(form)}  # no hands, 0 to 0: the cut decides
    for _ in range(2):
        assert phone.post(f"/t/{codes[2]}/submit", data, htmx=htmx).status_code in (200, 303)
    assert len(sends(app, slug)) == 1 and _table_game(app, slug, 2)["status"] == "submitted"


@pytest.mark.parametrize("token", ["", "x", "<script>", "a" * 65, "\x00" * 10])
def test_a_token_that_is_no_token_is_ignored(app, night, token):
    slug, codes, tables = night
    phone = tables.phone(codes[1])
    data = {"ns_points": "7", "ew_points": "4", "pair": "NS", "token": token,
            **{f"loners_{seat}": "0" for seat in "NESW"}}
    assert phone.post(f"/t/{codes[1]}/total", data).status_code in (303, 400)
    assert phone.post(f"/t/{codes[1]}/total", data).status_code in (422, 400)  # no token: a second send, refused
    assert len(sends(app, slug)) <= 1
