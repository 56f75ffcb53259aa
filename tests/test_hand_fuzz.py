"""Whatever a phone sends to the hand form, the app answers in words and never half-saves:
either the hand is stored (and the referee accepts the whole match) or nothing changes."""
from __future__ import annotations

import referee
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.app_helpers import create_match, hand_data, stored_hands

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo")
VARIANTS = sorted(referee.VARIANTS)

small = st.one_of(st.integers(-2, 9).map(str), st.sampled_from(["", "none", "x", "NT", "S", "H", "C", "D"]))
fields = st.fixed_dictionaries({}, optional={
    "outcome": st.sampled_from(["played", "passed", "void", "bogus"]),
    "maker": small, "bid": st.one_of(small, st.sampled_from(["little-pepper", "big-pepper", "4NT", "5NT"])),
    "trump": small, "upcard": small, "partner": small, "renege": small,
    "alone": st.booleans(), "defender_alone": st.booleans(), "sat_out": st.booleans(),
    "dropped": st.lists(st.integers(-1, 6), max_size=3),
    "tricks": small, "tricks_0": small, "tricks_1": small, "tricks_2": small,
})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(VARIANTS), entry=fields, htmx=st.booleans())
def test_any_hand_form_is_saved_whole_or_refused_in_words(client, app, key, entry, htmx):
    variant = referee.get_variant(key)
    n = variant.default_players
    match_id = create_match(client, variant=key, names=NAMES[:n])
    data = hand_data(client, match_id, **entry)
    response = client.post(f"/matches/{match_id}/hands", data, htmx=htmx)
    hands = stored_hands(app, match_id)
    if response.status_code in (200, 303) and hands:
        doc = client.get(f"/matches/{match_id}/export.json").get_json()
        referee.score_match(doc)  # the stored match is one the referee accepts
        assert len(hands) == 1
    else:
        assert response.status_code == 422, response.status_code
        assert hands == []
        assert 'class="error' in response.get_data(as_text=True)
