"""The match flow at the table: double taps, stale phones, edits, forced bids, game over."""
from __future__ import annotations

import io
import json
import threading

from tests.app_helpers import add_hand, create_match, form_state, hand_data, slug_in, stored_hands, stored_match


def page(client, match_id: str) -> str:
    return client.get(f"/matches/{match_id}").get_data(as_text=True)


def hand_ids(app, match_id: str) -> list[int]:
    with app.app_context():
        return [h.id for h in stored_match(match_id).hands]


def test_double_tap_stores_one_hand(client, app):
    match_id = create_match(client)
    data = hand_data(client, match_id, maker=1, trump="H", tricks=3)
    first = client.post(f"/matches/{match_id}/hands", data, htmx=True)
    again = client.post(f"/matches/{match_id}/hands", data, htmx=True)  # the retry after a timeout
    assert first.status_code == 200 and again.status_code == 200
    assert "Bob &amp; Di +1 (made)" in again.get_data(as_text=True)
    assert stored_hands(app, match_id) == [{"maker": 1, "trump": "H", "tricks": 3}]


def test_concurrent_double_tap_stores_one_hand(client, app):
    match_id = create_match(client)
    data = hand_data(client, match_id, maker=1, trump="H", tricks=3)
    token = client.token
    statuses: list[int] = []

    def tap() -> None:
        with app.test_client() as other:
            other.set_cookie("session", client.raw.get_cookie("session").value)
            response = other.post(f"/matches/{match_id}/hands", data=data,
                                  headers={"HX-Request": "true", "X-CSRFToken": token})
            statuses.append(response.status_code)

    threads = [threading.Thread(target=tap) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses == [200] * 4
    assert stored_hands(app, match_id) == [{"maker": 1, "trump": "H", "tricks": 3}]


def test_token_is_unique_per_match_in_the_database(app, db_session):
    import pytest
    from sqlalchemy.exc import IntegrityError

    from models import Hand, Match

    match = Match(variant="euchre", rules={}, first_dealer=0)
    db_session.add(match)
    db_session.flush()
    db_session.add_all([Hand(match_id=match.id, position=1, token="same-token"),
                        Hand(match_id=match.id, position=2, token="same-token")])
    with pytest.raises(IntegrityError):
        db_session.flush()
    db_session.rollback()


def test_stale_page_cannot_add_or_edit(client, app):
    match_id = create_match(client)
    add_hand(client, match_id, maker=1, trump="H", tricks=3)
    stale = page(client, match_id)  # phone B draws the page...
    add_hand(client, match_id, maker=0, trump="S", tricks=4)  # ...phone A saves a hand
    hand_id = hand_ids(app, match_id)[0]
    data = dict(form_state(stale), outcome="played", maker="1", trump="H", tricks="5")
    for url in (f"/matches/{match_id}/hands", f"/matches/{match_id}/hands/{hand_id}"):
        for htmx in (False, True):
            response = client.post(url, data, htmx=htmx)
            assert response.status_code == 409
            html = response.get_data(as_text=True)
            assert "Another phone changed this match" in html and "Reload match" in html
            assert 'value="5"' in html  # what was entered is kept
    version = form_state(stale)["version"]
    for url in (f"/matches/{match_id}/undo", f"/matches/{match_id}/hands/{hand_id}/delete"):
        response = client.post(url, {"version": version}, htmx=True)
        assert response.status_code == 409
    assert stored_hands(app, match_id) == [{"maker": 1, "trump": "H", "tricks": 3},
                                           {"maker": 0, "trump": "S", "tricks": 4}]


def test_a_change_from_an_older_version_of_the_match_fails(app, db_session):
    """The match's version is SQLAlchemy's version counter: an UPDATE made from a copy read before
    another change was committed changes nothing and fails."""
    import pytest
    from sqlalchemy.orm.exc import StaleDataError

    from extensions import db
    from models import Match

    match = Match(variant="euchre", rules={}, first_dealer=0)
    db_session.add(match)
    db_session.commit()
    assert match.version == 1
    with db.engine.connect() as other:  # another phone's change, committed meanwhile
        other.execute(Match.__table__.update().where(Match.__table__.c.id == match.id).values(version=2))
        other.commit()
    match.summary = "changed"
    with pytest.raises(StaleDataError):
        db_session.commit()
    db_session.rollback()
    assert db_session.get(Match, match.id).version == 2


def test_edit_recomputes_everything_after(client, app):
    match_id = create_match(client, rules={"rule_target": "3"})
    add_hand(client, match_id, maker=1, trump="H", tricks=3)  # Bob & Di 1
    add_hand(client, match_id, maker=0, trump="S", tricks=3)  # Ann & Cy 1
    html = page(client, match_id)
    assert 'id="total-0">1<' in html and 'id="total-1">1<' in html
    first = hand_ids(app, match_id)[0]
    data = hand_data(client, match_id, maker=1, trump="H", tricks=5)
    assert client.post(f"/matches/{match_id}/hands/{first}", data, htmx=True).status_code == 200
    html = page(client, match_id)
    assert 'id="total-0">1<' in html and 'id="total-1">2<' in html
    # an edit that would end the game before the later hand is refused, in words
    data = hand_data(client, match_id, maker=1, trump="H", tricks=5, alone=True)
    response = client.post(f"/matches/{match_id}/hands/{first}", data, htmx=True)
    assert response.status_code == 422
    assert "Hand 2 would no longer be right" in response.get_data(as_text=True)
    assert stored_hands(app, match_id)[0] == {"maker": 1, "trump": "H", "tricks": 5}


def test_delete_and_undo_recompute(client, app):
    match_id = create_match(client)
    for maker, tricks in ((1, 3), (0, 5), (1, 4)):
        add_hand(client, match_id, maker=maker, trump="H", tricks=tricks)
    html = page(client, match_id)
    assert 'id="total-0">2<' in html and 'id="total-1">2<' in html
    version = form_state(html)["version"]
    response = client.post(f"/matches/{match_id}/hands/{hand_ids(app, match_id)[1]}/delete", {"version": version},
                           htmx=True)
    html = response.get_data(as_text=True)
    assert 'id="total-0">0<' in html and 'id="total-1">2<' in html
    response = client.post(f"/matches/{match_id}/undo", {"version": form_state(html)["version"]}, htmx=True)
    html = response.get_data(as_text=True)
    assert 'id="total-1">1<' in html and "Undo hand 1" in html
    assert stored_hands(app, match_id) == [{"maker": 1, "trump": "H", "tricks": 3}]


def test_game_over_banner_and_rematch(client, app):
    match_id = create_match(client, rules={"rule_target": "4"}, first_dealer=3)
    add_hand(client, match_id, maker=0, trump="S", tricks=5)
    response = add_hand(client, match_id, htmx=True, maker=2, trump="C", tricks=5)
    html = response.get_data(as_text=True)
    assert 'id="banner"' in html and "Game over" in html and 'id="hand-form"' not in html
    assert "Ann &amp; Cy" in html.split('class="result"')[1].split("</p>")[0]
    # no hand after the end
    response = client.post(f"/matches/{match_id}/hands", dict(form_state(html), outcome="void"))
    assert response.status_code in (409, 422)
    assert len(stored_hands(app, match_id)) == 2
    # the last hand can still be edited or undone
    assert 'id="edit-2"' in html and "Undo hand 2" in html
    response = client.post(f"/matches/{match_id}/rematch", {})
    rematch = client.get(response.headers["Location"]).get_data(as_text=True)
    assert 'id="dealer">Bob<' in rematch  # Di and Ann dealt the two hands: the deal moves on to Bob
    home = client.get("/").get_data(as_text=True)
    assert "recent-matches" in home and "active-matches" in home


# -- all passed: what the rules force --------------------------------------------------------------
def test_all_passed_in_euchre_is_a_void_hand(client, app):
    match_id = create_match(client)
    html = page(client, match_id)
    assert "Nobody made trump: the hand is void and the deal passes to the left." in html
    response = add_hand(client, match_id, htmx=True, outcome="passed")
    assert response.status_code == 200
    assert stored_hands(app, match_id) == [{"void": True}]
    assert 'id="dealer">Bob<' in response.get_data(as_text=True)


def test_stick_the_dealer_makes_the_dealer_the_forced_maker(client, app):
    match_id = create_match(client, rules={"rule_stick_the_dealer": "y"}, first_dealer=1)
    assert "the dealer is stuck" in page(client, match_id)
    data = hand_data(client, match_id, outcome="passed", trump="C", tricks=3)
    preview = client.post(f"/matches/{match_id}/preview", data, htmx=True).get_data(as_text=True)
    assert "Bob &amp; Di +1" in preview and "forced" in preview
    assert client.post(f"/matches/{match_id}/hands", data).status_code == 303
    assert stored_hands(app, match_id) == [{"forced": True, "maker": 1, "trump": "C", "tricks": 3}]


def test_the_stuck_dealer_is_the_one_whose_deal_it_is_now(client, app):
    """The sent form works out who deals only for a hand in which everybody passed: after a hand, the next."""
    match_id = create_match(client, rules={"rule_stick_the_dealer": "y"}, first_dealer=1)
    add_hand(client, match_id, maker=0, trump="S", tricks=3)
    data = hand_data(client, match_id, outcome="passed", trump="C", tricks=3)
    assert client.post(f"/matches/{match_id}/hands", data).status_code == 303
    assert stored_hands(app, match_id)[1] == {"forced": True, "maker": 2, "trump": "C", "tricks": 3}


def test_a_hand_edited_to_all_passed_is_forced_on_its_own_dealer(client, app):
    """Editing hand 2 (Cy dealt) to "all passed" with the dealer stuck: Cy made it, not whoever deals next."""
    match_id = create_match(client, rules={"rule_stick_the_dealer": "y"}, first_dealer=1)
    add_hand(client, match_id, maker=0, trump="S", tricks=3)
    add_hand(client, match_id, maker=0, trump="S", tricks=3)
    second = hand_ids(app, match_id)[1]
    data = hand_data(client, match_id, outcome="passed", trump="C", tricks=3)
    preview = client.post(f"/matches/{match_id}/preview?hand={second}", data, htmx=True).get_data(as_text=True)
    assert "Ann &amp; Cy +1" in preview and "forced" in preview
    assert client.post(f"/matches/{match_id}/hands/{second}", data).status_code == 303
    assert stored_hands(app, match_id)[1] == {"forced": True, "maker": 2, "trump": "C", "tricks": 3}


def test_a_saved_hand_is_scored_once(client, app, monkeypatch):
    """The sent form needs only the match's table, not its score: the referee scores the match once, with
    the new hand, and the answer is drawn from that result."""
    from services import scoresheet

    match_id = create_match(client)
    add_hand(client, match_id, maker=0, trump="S", tricks=3)
    data = hand_data(client, match_id, maker=1, trump="H", tricks=3)
    scored: list[int] = []
    real = scoresheet.referee.score_match
    monkeypatch.setattr(scoresheet.referee, "score_match", lambda doc: scored.append(len(doc["hands"])) or real(doc))
    assert client.post(f"/matches/{match_id}/hands", data, htmx=True).status_code == 200
    assert scored == [2]


def test_hasenpfeffer_joker_holder_must_bid_three(client, app):
    match_id = create_match(client, variant="hasenpfeffer")
    assert "Who holds the joker? They must bid 3." in page(client, match_id)
    data = hand_data(client, match_id, outcome="passed", maker=2, trump="S", tricks=2)
    preview = client.post(f"/matches/{match_id}/preview", data, htmx=True).get_data(as_text=True)
    assert "forced" in preview and "Ann &amp; Cy −3" in preview
    assert client.post(f"/matches/{match_id}/hands", data).status_code == 303
    add_hand(client, match_id, outcome="void")  # the joker in the widow
    assert stored_hands(app, match_id) == [{"forced": True, "maker": 2, "bid": 3, "trump": "S", "tricks": 2},
                                           {"void": True}]


def test_bacon_acquitted_same_dealer_deals_again(client, app):
    match_id = create_match(client, variant="bacon")
    assert "the same dealer deals again" in page(client, match_id)
    response = add_hand(client, match_id, htmx=True, outcome="passed")
    assert stored_hands(app, match_id) == [{"void": True}]
    assert 'id="dealer">Ann<' in response.get_data(as_text=True)


def test_buck_euchre_all_passed_is_played_with_no_maker(client, app):
    match_id = create_match(client, variant="buck-euchre")
    data = hand_data(client, match_id, outcome="passed", maker=1, trump="S", tricks_0=2, tricks_1=1, tricks_2=1,
                     tricks_3=1, dropped=[3])
    assert client.post(f"/matches/{match_id}/hands", data).status_code == 303
    assert stored_hands(app, match_id) == [{"tricks": [2, 1, 1, 1]}]


def test_never_passed_out_has_no_all_passed_button(client):
    match_id = create_match(client, variant="double-deck-bid-euchre")
    html = page(client, match_id)
    assert 'value="passed"' not in html and 'value="void"' in html


# -- names are always escaped ----------------------------------------------------------------------
def test_names_are_escaped_everywhere(client):
    evil = ('<script>alert(1)</script>', 'Bob "the" <marquee>', "Cy & Co", "Di\'s")
    match_id = create_match(client, names=evil)
    add_hand(client, match_id, maker=0, trump="H", tricks=3)
    pages = [page(client, match_id), client.get("/").get_data(as_text=True),
             client.get("/matches/new?variant=euchre").get_data(as_text=True),
             client.post(f"/matches/{match_id}/preview", hand_data(client, match_id, maker=1, trump="S", tricks=5),
                         htmx=True).get_data(as_text=True)]
    for html in pages:
        assert "<script>alert(1)</script>" not in html
        assert "<marquee>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in pages[0]
    assert "Bob &#34;the&#34; &lt;marquee&gt;" in pages[0]


# -- export and import ------------------------------------------------------------------------------
def test_export_import_round_trip(client):
    match_id = create_match(client, variant="call-ace-euchre", names=("A", "B", "C", "D", "E"), start=[1, 2, 0, 0, 3])
    add_hand(client, match_id, maker=0, trump="H", partner="none", tricks=3)
    add_hand(client, match_id, maker=1, trump="S", partner=3, tricks=5)
    add_hand(client, match_id, outcome="void")
    exported = client.get(f"/matches/{match_id}/export.json").get_json()
    assert exported["hands"][0] == {"maker": 0, "trump": "H", "partner": None, "tricks": 3}
    response = client.post("/matches/import", {"file": (io.BytesIO(json.dumps(exported).encode()), "m.json")},
                           content_type="multipart/form-data")
    assert response.status_code == 303, response.get_data(as_text=True)
    new_id = slug_in(response.headers["Location"])
    assert new_id != match_id
    assert client.get(f"/matches/{new_id}/export.json").get_json() == exported


def test_import_a_finished_match(client):
    doc = {"variant": "euchre", "rules": {"target": 2}, "players": ["Ann", "Bob", "Cy", "Di"], "first_dealer": 1,
           "hands": [{"maker": 0, "trump": "H", "tricks": 5}]}
    response = client.post("/matches/import", {"document": json.dumps(doc)})
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert 'id="banner"' in html
