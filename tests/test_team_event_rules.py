"""House rules per team event: the game's rules (as a new match offers them, its target among them) and an
optional bell timer, chosen at setup, played by every table's match, shown on the table's page, and
reflected in the estimate; the timer rings the bell by itself."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest

from tests.team_helpers import Phones, add_teams, create_event, document, event_data, table_codes


def _estimate(client, htmx: bool = False, **overrides) -> str:
    response = client.post("/events/estimate", event_data(**overrides), htmx=htmx)
    assert response.status_code == 200, response.get_data(as_text=True)[:2000]
    return re.search(r'id="estimate"><strong>([^<]+)<', response.get_data(as_text=True)).group(1)


@pytest.mark.parametrize("htmx", [False, True])
def test_the_setup_form_offers_the_games_house_rules(client, htmx):
    html = client.get("/events/new", htmx=htmx).get_data(as_text=True)
    assert 'name="rule_target"' in html and 'value="10"' in html and 'name="rule_stick_the_dealer"' in html
    assert 'name="bell_minutes"' in html


@pytest.mark.parametrize("htmx", [False, True])
def test_the_estimate_follows_the_target_and_the_bell(app, client, htmx):
    from services import team_event as service

    def words(minutes: int) -> str:
        return service.estimate("grand-prix", 16, 4, minutes, 0, "single", 1, True).words()

    with app.app_context():
        assert _estimate(client, htmx) == words(20)
        assert _estimate(client, htmx, rule_target=5) == words(10)                 # half the usual target
        assert _estimate(client, htmx, rule_target=10, bell_minutes=15) == words(15)  # the bell ends a round


@pytest.mark.parametrize("htmx", [False, True])
def test_bad_house_rules_get_a_plain_message(client, htmx):
    for value in ("0", "2147483648", "<script>alert(1)</script>"):
        refused = client.post("/events/new", event_data(rule_target=value), htmx=htmx)
        html = refused.get_data(as_text=True)
        assert refused.status_code == 422 and "<script>alert(1)" not in html
        field = html[html.index('name="rule_target"') - 600:html.index('name="rule_target"') + 600]
        assert "has-error" in field and "Target" in field
    late = client.post("/events/new", event_data(bell_minutes="2"), htmx=htmx)
    assert late.status_code == 422 and "Between 5 and 180 minutes" in late.get_data(as_text=True)


def test_every_table_plays_by_the_events_rules_and_shows_them(app, client):
    slug = create_event(client, rule_target=5, rule_stick_the_dealer="y", bell_minutes=30)
    add_teams(client, slug, 4)
    client.post(f"/events/{slug}/start")
    doc = document(client, slug)
    assert doc["rules"]["target"] == 5 and doc["rules"]["stick_the_dealer"] is True and doc["bell_minutes"] == 30
    code = table_codes(client, slug)[0]
    page = Phones(app).phone(code).get(f"/events/t/{code}").get_data(as_text=True)
    assert "Euchre to 5 · the bell rings 30 minutes after the round starts · bell at" in page
    sheet = re.search(r'id="scoresheet" href="(/matches/[^"]+)"', page).group(1)
    assert "Playing to 5" in Phones(app).phone(code).get(sheet).get_data(as_text=True)


def test_the_bell_timer_rings_by_itself(app, client):
    from sqlalchemy import update

    from extensions import db
    from models.team_event import EventRound

    slug = create_event(client, bell_minutes=20)
    add_teams(client, slug, 4)
    client.post(f"/events/{slug}/start")
    code = table_codes(client, slug)[0]
    phone = Phones(app).phone(code)
    assert 'id="bell-rung"' not in phone.get(f"/events/t/{code}").get_data(as_text=True)
    with app.app_context():
        started = db.session.scalar(db.select(EventRound.started_at))
        db.session.execute(update(EventRound).values(started_at=started - timedelta(minutes=21)))
        db.session.commit()
        db.session.remove()
    assert 'id="bell-rung"' in phone.get(f"/events/t/{code}").get_data(as_text=True)
    log = client.get(f"/events/{slug}/log").get_data(as_text=True)
    assert log.count("The bell rang for round 1.") == 1


def test_a_fixed_number_of_hands(app, client):
    """Progressive euchre is euchre for a number of hands: chosen at setup, shown at the table, and the
    estimate scales by it (4 hands of the usual 8: half the minutes)."""
    from services import team_event as service

    with app.app_context():
        assert _estimate(client, variant="progressive-euchre", rule_hands=4) == \
            service.estimate("grand-prix", 16, 4, 10, 0, "single", 1, True).words()
    slug = create_event(client, variant="progressive-euchre", rule_hands=4)
    add_teams(client, slug, 4)
    client.post(f"/events/{slug}/start")
    assert document(client, slug)["rules"]["hands"] == 4
    code = table_codes(client, slug)[0]
    page = Phones(app).phone(code).get(f"/events/t/{code}").get_data(as_text=True)
    assert "Progressive euchre, 4 hands" in page
