"""A table's status region, as its polls draw it, is one drawing for the table's phones: what belongs to one
phone (its CSRF token, the result form's one-time token) is drawn as a mark and filled in for each answer, so a
phone never gets another's token, and a form in it posts only with the token of the phone it was sent to."""
from __future__ import annotations

import re

import pytest

from tests.conftest import Client
from tests.night_helpers import Tables, check_in, create_night, phones_at, start, table_codes

NAMES = ["Ann", "Bo", "Cy", "Di"]
CSRF_FIELD = re.compile(r'name="csrf_token" value="([^"]+)"')
ONE_TIME_TOKEN = re.compile(r'name="token" value="([^"]+)"')


def a_phone_after_the_bell(app, client: Client) -> tuple[str, Client]:
    """Table 1's code, and a phone there, once the director has rung the bell of game 1."""
    slug = create_night(client)
    check_in(client, slug, NAMES)
    start(client, slug)
    code = table_codes(app, slug)[1]
    phone = Tables(app).phone(code)
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    return code, phone


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
    code, phone = a_phone_after_the_bell(app, client)
    page = phone.get(f"/t/{code}").get_data(as_text=True)
    # the phone's own token, signed anew with each page: the time in its signature may be a second later
    assert [field.split(".")[0] for field in CSRF_FIELD.findall(page)][:1] == [phone.token.split(".")[0]]
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


SEEN = re.compile(r'seen=([A-Za-z0-9.-]+)')


def regions_drawn(app, table: int | None = None) -> list[int]:
    """The status regions drawn from now on, of every table or of table ``table`` (a list that grows, of
    table numbers), as the ``template_rendered`` signal tells."""
    from flask import template_rendered

    drawn: list[int] = []

    def record(sender, template, context, **extra):
        if template.name == "nights/_pulse.html" and table in (None, context["table"].number):
            drawn.append(context["table"].number)

    template_rendered.connect(record, app, weak=False)
    return drawn


def poll(phone: Client, code: str, seen: str):
    return phone.get(f"/t/{code}/pulse?game=1&seen={seen}", htmx=True)


def test_a_sent_results_answer_is_the_region_its_tables_other_phones_then_get_before_flask(app, clean_db, client):
    """The phone that sends the result gets the table's new region in its answer, drawn once for the table:
    the other three phones' next polls are answered from that drawing by the quick pulse (one read, no
    drawing), each with its own tokens."""
    from tests.night_helpers import statements_sent

    slug = create_night(client)
    check_in(client, slug, NAMES)
    start(client, slug)
    code = table_codes(app, slug)[1]
    north, *others = phones_at(app, code)
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    held = SEEN.search(poll(north, code, "before-the-bell").get_data(as_text=True)).group(1)
    drawn = regions_drawn(app)
    sent = north.post(f"/t/{code}/submit", {"pair": "NS", "cut_winner": "NS"}, htmx=True)
    assert sent.status_code == 200 and len(drawn) == 1
    new_tag = SEEN.search(sent.get_data(as_text=True)).group(1)
    assert new_tag != held
    with statements_sent(app) as statements:
        answers = [poll(phone, code, held) for phone in others]
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert len(drawn) == 1, "the sender's answer was the drawing: no poll drew the region again"
    assert len(statements) == 3, "each poll one read, answered before Flask"
    for answer in answers:
        region = answer.get_data(as_text=True)
        assert f"seen={new_tag}" in region and "is that right?" in region
    assert len({CSRF_FIELD.search(a.get_data(as_text=True)).group(1) for a in answers}) == 3


def test_a_done_tables_phones_share_one_drawing_of_how_many_tables_are_done(app, clean_db, client, monkeypatch):
    """A done table's region says how many tables are done, brought up to date at most every
    ``COUNT_REFRESH``. Its four phones poll at different seconds; they get one count between them, filled
    into the region drawn when the table was done (not drawn again), and all before Flask: the first poll
    of the period reads the table and the count, the others the table alone."""
    from types import SimpleNamespace

    from tests.night_helpers import confirm, send_total, statements_sent
    from web.nights import tables

    slug = create_night(client)
    check_in(client, slug, [f"Player {n}" for n in range(12)])
    start(client, slug)
    codes = table_codes(app, slug)
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    now = [1_000_005.0]  # the start of a COUNT_REFRESH period (15 s)
    monkeypatch.setattr(tables, "time", SimpleNamespace(time=lambda: now[0]))
    phones = phones_at(app, codes[1])
    assert send_total(phones[0], codes[1], 5, 3).status_code == 303
    assert confirm(phones[1], codes[1]).status_code == 303
    region = poll(phones[0], codes[1], "earlier").get_data(as_text=True)
    assert "1 of 3 done" in region
    held = SEEN.search(region).group(1)

    second = phones_at(app, codes[2], 2)
    assert send_total(second[0], codes[2], 6, 2).status_code == 303
    assert confirm(second[1], codes[2]).status_code == 303
    drawn = regions_drawn(app)
    now[0] += tables.COUNT_REFRESH.total_seconds() + 1
    answers, sent = [], []
    for phone in phones:
        with statements_sent(app) as statements:
            answers.append(poll(phone, codes[1], held))
        sent.append(len(statements))
        now[0] += 1.0
    assert [a.status_code for a in answers] == [200, 200, 200, 200]
    assert all("2 of 3 done" in a.get_data(as_text=True) for a in answers)
    assert len(drawn) == 0, f"the count filled into the table's drawing, not {len(drawn)} drawings"
    assert sent == [2, 1, 1, 1], "the table, and the count once a period; no request went to Flask"
    from web import shared_drawings
    assert not any(mark in a.get_data(as_text=True) for a in answers for mark in shared_drawings.marks(app.secret_key))


def test_results_coming_in_elsewhere_do_not_redraw_a_done_table_for_each_of_its_phones(app, clean_db, client,
                                                                                       monkeypatch):
    """While results come in, the count of tables done moves between one phone's poll and the next: the
    table's phones still get one drawing of the count between them in each COUNT_REFRESH period, the count
    as the first of them asked for it."""
    from types import SimpleNamespace

    from tests.night_helpers import confirm, send_total
    from web.nights import tables

    slug = create_night(client)
    check_in(client, slug, [f"Player {n}" for n in range(24)])
    start(client, slug)
    codes = table_codes(app, slug)
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    now = [1_000_005.0]
    monkeypatch.setattr(tables, "time", SimpleNamespace(time=lambda: now[0]))
    phones = phones_at(app, codes[1])
    assert send_total(phones[0], codes[1], 5, 3).status_code == 303
    assert confirm(phones[1], codes[1]).status_code == 303
    held = SEEN.search(poll(phones[0], codes[1], "earlier").get_data(as_text=True)).group(1)

    elsewhere = iter((2, 3, 4, 5))
    drawn = regions_drawn(app, table=1)
    now[0] += tables.COUNT_REFRESH.total_seconds()
    answers = []
    for phone in phones:
        other = next(elsewhere)
        pair = phones_at(app, codes[other], 2)
        assert send_total(pair[0], codes[other], 6, 2).status_code == 303
        assert confirm(pair[1], codes[other]).status_code == 303  # the count moves before each poll
        answers.append(poll(phone, codes[1], held))
        now[0] += 1.0
    assert [a.status_code for a in answers] == [200, 200, 200, 200]
    assert all("2 of 6 done" in a.get_data(as_text=True) for a in answers), "the count as first asked"
    assert len(drawn) == 0, f"the count filled into the table's drawing, not {len(drawn)} drawings"

    now[0] += tables.COUNT_REFRESH.total_seconds()
    later = SEEN.search(answers[-1].get_data(as_text=True)).group(1)
    assert "5 of 6 done" in poll(phones[0], codes[1], later).get_data(as_text=True), "the next period: the count now"


@pytest.fixture()
def memory(tmp_path, monkeypatch):
    """The machine's memory folder (``/dev/shm`` on Linux), stood in for by a folder of the test's own."""
    from web import shared_drawings

    folder = tmp_path / "shm"
    folder.mkdir()
    monkeypatch.setattr(shared_drawings, "MEMORY", str(folder))
    return folder


def test_the_drawings_are_kept_in_memory_in_a_folder_of_this_users_alone(tmp_path, memory):
    import os
    import stat

    from web import shared_drawings

    instance = tmp_path / "instance"
    folder = shared_drawings.default_folder(str(instance))
    assert os.path.dirname(folder) == str(memory)
    assert shared_drawings.default_folder(str(instance)) == folder, "every process of the app finds the same one"
    assert shared_drawings.default_folder(str(tmp_path / "another")) != folder
    assert stat.S_IMODE(os.lstat(folder).st_mode) == 0o700


def test_a_memory_folder_others_may_write_to_is_not_used(tmp_path, memory):
    import os

    from web import shared_drawings

    instance = tmp_path / "instance"
    folder = shared_drawings.default_folder(str(instance))
    os.chmod(folder, 0o777)  # as if another user had made it first, for anyone to fill
    assert shared_drawings.default_folder(str(instance)) == str(instance / "drawings")
    os.rmdir(folder)
    linked = tmp_path / "elsewhere"
    linked.mkdir(mode=0o700)
    os.symlink(linked, folder)  # a link to somewhere else is not a folder of this app's
    assert shared_drawings.default_folder(str(instance)) == str(instance / "drawings")


def test_without_a_memory_folder_the_drawings_are_kept_in_the_instance_folder(tmp_path, monkeypatch):
    from web import shared_drawings

    monkeypatch.setattr(shared_drawings, "MEMORY", str(tmp_path / "no-such-folder"))
    assert shared_drawings.default_folder(str(tmp_path / "instance")) == str(tmp_path / "instance" / "drawings")


def test_a_drawing_another_process_is_making_is_waited_for_not_drawn_again(tmp_path):
    """After the movement the four phones of a table, told when their turn comes, ask for its page together:
    one draws it, the others wait for that drawing."""
    import threading
    import time

    from web.shared_drawings import SharedDrawings

    store, drawn = SharedDrawings(str(tmp_path)), []

    def slow_draw() -> str:
        drawn.append(threading.get_ident())
        time.sleep(0.2)
        return "<p>page</p>"

    answers: list[str] = []
    phones = [threading.Thread(target=lambda: answers.append(store.get_or_draw("page-1-ABC-t1", slow_draw)))
              for _ in range(4)]
    for phone in phones:
        phone.start()
        time.sleep(0.01)
    for phone in phones:
        phone.join()
    assert answers == ["<p>page</p>"] * 4 and len(drawn) == 1
    assert not list(tmp_path.glob("*.drawing")), "the mark is taken away"


def test_a_drawing_whose_drawer_died_is_drawn_again(tmp_path, monkeypatch):
    import os
    import time

    from web import shared_drawings
    from web.shared_drawings import SharedDrawings

    store = SharedDrawings(str(tmp_path))
    stale = store.path("page-1-ABC-t2") + ".drawing"
    open(stale, "w").close()
    old = time.time() - shared_drawings.STALE_MARK - 1
    os.utime(stale, (old, old))
    monkeypatch.setattr(shared_drawings, "WAIT_FOR_DRAWING", 5)  # what waiting for it would cost
    started = time.monotonic()
    assert store.get_or_draw("page-1-ABC-t2", lambda: "<p>two</p>") == "<p>two</p>"
    assert time.monotonic() - started < 2.5, "a stale mark is not waited for"

    monkeypatch.setattr(shared_drawings, "WAIT_FOR_DRAWING", 0.2)
    open(store.path("page-1-ABC-t3") + ".drawing", "w").close()  # a fresh mark whose drawing never comes
    started = time.monotonic()
    assert store.get_or_draw("page-1-ABC-t3", lambda: "<p>three</p>") == "<p>three</p>"
    assert 0.2 <= time.monotonic() - started < 2.5, "waited for (not for ever), then drawn"


def test_a_poll_handed_to_the_app_to_draw_is_not_read_again(app, clean_db, client: Client):
    """The poll's table row, read before Flask (``quick_pulse``) when nothing was drawn to send, is the row the
    app answers from: a region drawn after the bell sends no second read of it."""
    from sqlalchemy import event

    from extensions import db

    slug = create_night(client)
    check_in(client, slug, NAMES)
    start(client, slug)
    code = table_codes(app, slug)[1]
    north = Tables(app).phone(code)
    tag = north.get(f"/t/{code}/pulse?game=1", htmx=True).headers["ETag"].strip('"')
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    statements: list[str] = []
    with app.app_context():
        listener = lambda *call: statements.append(call[2])  # noqa: E731
        event.listen(db.engine, "before_cursor_execute", listener)
        try:
            redrawn = north.get(f"/t/{code}/pulse?game=1&seen={tag}", htmx=True)
        finally:
            event.remove(db.engine, "before_cursor_execute", listener)
    assert redrawn.status_code == 200 and "The bell has rung" in redrawn.get_data(as_text=True)
    assert statements and not [sql for sql in statements if "tg_version" in sql]


def test_a_refused_send_shows_each_message_next_to_its_own_field(app, clean_db, client: Client):
    """The region drawn for every phone has no errors; a send the form refuses is drawn for its phone alone, with
    each message in its field (no pair said; a tie's cut naming no pair)."""
    code, phone = a_phone_after_the_bell(app, client)
    region = phone.get(f"/t/{code}/pulse?game=1", htmx=True).get_data(as_text=True)
    assert 'id="f-cut_winner"' in region and "has-error" not in region and 'class="error"' not in region

    no_pair = phone.post(f"/t/{code}/submit", {"cut_winner": "NS"}, htmx=True)
    html = no_pair.get_data(as_text=True)
    assert no_pair.status_code == 422 and html.count('class="error"') == 1
    assert re.search(r'<p class="error">Say which pair is sending the result\.</p>\s*<div class="pair-buttons">', html)

    bad_cut = phone.post(f"/t/{code}/submit", {"pair": "NS", "cut_winner": "XX"}, htmx=True)
    html = bad_cut.get_data(as_text=True)
    assert bad_cut.status_code == 422 and 'class="field has-error" id="f-cut_winner"' in html
    assert re.search(r'id="f-cut_winner">.*<p class="error">Choose the pair that won the cut\.</p>\s*</fieldset>',
                     html, re.S)


@pytest.mark.parametrize("time_limit", [None, 3600])
def test_the_token_signed_before_flask_is_the_phones_own(app, time_limit):
    """A poll answered before Flask fills in the phone's CSRF token, signed by the app's secret: it is valid
    for that phone's session, and for no other's, whether the tokens expire or not (then it is kept signed)."""
    from flask_wtf.csrf import validate_csrf
    from wtforms import ValidationError

    from web.shared_drawings import csrf_token_of

    sessions = [{"csrf_token": "a" * 40}, {"csrf_token": "b" * 40}]
    assert csrf_token_of({}, app.secret_key, time_limit) is None
    for _ in range(2):  # the second time from what was kept
        tokens = [csrf_token_of(session, app.secret_key, time_limit) for session in sessions]
        assert tokens[0] != tokens[1]
        for session, token, other in zip(sessions, tokens, reversed(tokens)):
            with app.test_request_context():
                from flask import session as flask_session
                flask_session.update(session)
                validate_csrf(token)
                with pytest.raises(ValidationError):
                    validate_csrf(other)
