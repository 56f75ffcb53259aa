"""Every variant at every head-count, played from the new-match form to the game-over banner
through the hand form, exactly as a phone posts it (the referee decides every score)."""
from __future__ import annotations

import pytest
import referee
from referee.entry import entry_choices

from tests.app_helpers import add_hand, create_match

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo")
CASES = [(key, n) for key, variant in referee.VARIANTS.items() for n in sorted(variant.players)]


def sweep_by_seat_zero(variant, n: int) -> dict:
    """A hand where seat 0 makes the highest plain bid that all the tricks can cover and takes them all."""
    tricks = variant.tricks_for(n)
    fields: dict = {"maker": 0}
    entry = variant.tricks_entry(n)
    if "trump" in variant.hand_fields:
        fields["trump"] = next(t for t in variant.trumps if t != "NT")
    bids = [b for b in variant.bids_for(n, {}) if isinstance(b, int) and b <= tricks]
    if "bid" in variant.hand_fields and bids:
        fields["bid"] = max(bids)
    if "partner" in variant.hand_fields:
        fields["partner"] = "none"
    if entry == "maker":
        fields["tricks"] = tricks
    else:
        sides = 2 if entry == "team" else n
        for i in range(sides):
            fields[f"tricks_{i}"] = tricks if i == 0 else 0
    return fields


@pytest.mark.parametrize("key, n", CASES, ids=[f"{k}-{n}" for k, n in CASES])
def test_play_to_the_banner(client, key, n):
    variant = referee.get_variant(key)
    match_id = create_match(client, variant=key, names=NAMES[:n])
    page = client.get(f"/matches/{match_id}").get_data(as_text=True)
    offered = entry_choices(variant, n, {}).fields  # only what can happen at this table
    for field in ("maker", "trump", "bid", "partner", "dropped", "upcard", "sat_out", "alone", "defender_alone"):
        shown = f'name="{field}"' in page
        expected = field in offered and (field != "bid" or bool(variant.bids_for(n, {})))
        if field == "alone" and "partner" in offered:
            expected = False  # "Alone" is one of the partner answers
        assert shown == expected, field
    hand = sweep_by_seat_zero(variant, n)
    for number in range(1, 41):
        response = add_hand(client, match_id, **hand)
        assert response.status_code == 303, (number, response.get_data(as_text=True)[:4000])
        page = client.get(f"/matches/{match_id}").get_data(as_text=True)
        if 'id="banner"' in page:
            break
    else:
        pytest.fail(f"{key} with {n} players did not finish in 40 hands")
    assert "Game over" in page and 'id="rematch"' in page and 'id="hand-form"' not in page
    assert 'class="side team-0 winner"' in page or 'class="side solo winner"' in page
