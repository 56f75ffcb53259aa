"""A table's status region, as its polls draw it, is one drawing for the table's phones: what belongs to one
phone (its CSRF token, the result form's one-time token) is drawn as a mark and filled in for each answer, so a
phone never gets another's token, and a form in it posts only with the token of the phone it was sent to."""
from __future__ import annotations

import re

from tests.conftest import Client
from tests.night_helpers import Tables, check_in, create_night, start, table_codes

NAMES = ["Ann", "Bo", "Cy", "Di"]
CSRF_FIELD = re.compile(r'name="csrf_token" value="([^"]+)"')
ONE_TIME_TOKEN = re.compile(r'name="token" value="([^"]+)"')


def test_a_polled_region_is_shared_by_the_phones_and_posts_with_each_ones_token(app, clean_db, client: Client):
    from web import shared_drawings

    slug = create_night(client)
    check_in(client, slug, NAMES)
    start(client, slug)
    code = table_codes(app, slug)[1]
    north, east = Tables(app).phone(code), Client(app.test_client())
    assert east.get(f"/t/{code}").status_code == 200
    assert north.token != east.token
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})

    regions = [phone.get(f"/t/{code}/pulse?game=1", htmx=True).get_data(as_text=True) for phone in (north, east)]
    assert 'id="send-ns"' in regions[0] and 'id="send-ns"' in regions[1]
    for mark in shared_drawings.marks(app.secret_key):
        assert mark not in regions[0] and mark not in regions[1]
    north_csrf, east_csrf = (CSRF_FIELD.findall(region) for region in regions)
    assert len(set(north_csrf)) == 1 and len(set(east_csrf)) == 1
    assert ONE_TIME_TOKEN.findall(regions[0]) != ONE_TIME_TOKEN.findall(regions[1]), "each phone its own send token"
    mask = [CSRF_FIELD.sub("", ONE_TIME_TOKEN.sub("", region)) for region in regions]
    assert mask[0] == mask[1], "one drawing: the same but for the phone's own tokens"

    headers = {"HX-Request": "true"}
    assert east.raw.post(f"/t/{code}/submit", data={"pair": "NS"}, headers=headers).status_code == 400
    forged = east.raw.post(f"/t/{code}/submit", data={"pair": "NS", "csrf_token": north_csrf[0]}, headers=headers)
    assert forged.status_code == 400  # another phone's token is refused
    sent = east.raw.post(f"/t/{code}/submit", data={"pair": "NS", "cut_winner": "NS", "csrf_token": east_csrf[0]},
                         headers=headers)
    assert sent.status_code == 200 and "is that right?" in sent.get_data(as_text=True)


def test_the_table_page_and_a_forms_answer_keep_their_csrf_field(app, clean_db, client: Client):
    """Without htmx a form posts its field: the page, and the region a form's answer draws, keep it."""
    slug = create_night(client)
    check_in(client, slug, NAMES)
    start(client, slug)
    code = table_codes(app, slug)[1]
    phone = Tables(app).phone(code)
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    page = phone.get(f"/t/{code}").get_data(as_text=True)
    assert f'name="csrf_token" value="{phone.token}"' in page
    answer = phone.post(f"/t/{code}/submit", {"pair": "NS", "cut_winner": ""}, htmx=True).get_data(as_text=True)
    assert 'name="csrf_token"' in answer


def test_a_region_drawn_for_one_table_is_never_shown_at_another_with_the_same_id(app, clean_db, client: Client):
    """Drawings are kept by table and state; a table's id can come back (the database emptied, or SQLite
    reusing the highest id after a delete), so the key names the table's code too: a region drawn for a
    night that is gone is never shown, with its links, at a new night's table."""
    from extensions import db

    def night_at_the_bell() -> tuple[str, str]:
        slug = create_night(client)
        check_in(client, slug, NAMES)
        start(client, slug)
        code = table_codes(app, slug)[1]
        client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
        region = Tables(app).phone(code).get(f"/t/{code}/pulse?game=1", htmx=True).get_data(as_text=True)
        return code, region

    first_code, first_region = night_at_the_bell()
    assert f"/t/{first_code}/total" in first_region
    with app.app_context():
        db.session.remove()
        with db.engine.begin() as conn:
            for table in reversed(db.metadata.sorted_tables):
                conn.execute(table.delete())
    second_code, second_region = night_at_the_bell()
    assert second_code != first_code
    assert f"/t/{second_code}/total" in second_region and first_code not in second_region
