"""A table's status region, as its polls draw it, is one drawing for the table's phones: it holds nothing of
one phone's session (no CSRF field: htmx sends each phone's own token in a header), so a phone never gets
another's token, and a form in it still posts only with the token of the phone that sends it."""
from __future__ import annotations

from tests.conftest import Client
from tests.night_helpers import Tables, check_in, create_night, start, table_codes

NAMES = ["Ann", "Bo", "Cy", "Di"]


def test_a_polled_region_is_shared_by_the_phones_and_posts_with_each_ones_token(app, clean_db, client: Client):
    slug = create_night(client)
    check_in(client, slug, NAMES)
    start(client, slug)
    code = table_codes(app, slug)[1]
    north, east = Tables(app).phone(code), Client(app.test_client())
    assert east.get(f"/t/{code}").status_code == 200
    assert north.token != east.token
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})

    regions = [phone.get(f"/t/{code}/pulse?game=1", htmx=True).get_data(as_text=True) for phone in (north, east)]
    assert regions[0] == regions[1] and 'id="send-ns"' in regions[0]
    assert 'name="csrf_token"' not in regions[0] and north.token not in regions[0] and east.token not in regions[0]

    headers = {"HX-Request": "true"}
    assert east.raw.post(f"/t/{code}/submit", data={"pair": "NS"}, headers=headers).status_code == 400
    forged = east.raw.post(f"/t/{code}/submit", data={"pair": "NS"}, headers=dict(headers, **{"X-CSRFToken": north.token}))
    assert forged.status_code == 400  # another phone's token is refused
    sent = east.raw.post(f"/t/{code}/submit", data={"pair": "NS", "cut_winner": "NS"}, headers=dict(headers, **{"X-CSRFToken": east.token}))
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
