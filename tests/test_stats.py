"""Group stats from hand-made games with known answers (tests/group_helpers.py: GAME_1, GAME_2),
entered through the app's forms, scored by the referee, added up in SQL by web/stats.py.

Game 1 (to 5): Ann & Cy beat Bob & Di 6-1 in 3 hands: Bob made it, Cy's lone march, Di euchred.
Game 2 (to 5): Bob & Di beat Ann & Eve 6-4 in 7 hands (6 played, one thrown in): Ann marched, Bob
alone made 3, Eve euchred, Di alone euchred, Bob made it, all passed, Di marched.
"""
from __future__ import annotations

import re

import pytest
from openskill.models import PlackettLuce

from tests.app_helpers import add_hand, stored_match
from tests.group_helpers import group_match, play, thursday


@pytest.fixture()
def known(client, app):
    group_id, game_1, game_2 = thursday(client)
    return app, client, group_id, game_1, game_2


def by_name(lines):
    return {line.name: line for line in lines}


def test_what_the_referee_decided_is_kept_per_hand_and_seat(known):
    app, _client, _group_id, game_1, game_2 = known
    with app.app_context():
        one, two = stored_match(game_1), stored_match(game_2)
        assert (one.status, one.winner, one.hands_played) == ("finished", 0, 3)
        assert (two.status, two.winner, two.hands_played) == ("finished", 1, 6)
        assert [(s.side, s.points) for s in one.seats] == [(0, 6), (1, 1), (0, 6), (1, 1)]
        assert [(s.side, s.points) for s in two.seats] == [(0, 4), (1, 6), (0, 4), (1, 6)]
        assert [(h.maker_side, h.made, h.march, h.loner, h.pepper) for h in two.hands] == [
            (0, True, True, False, False), (1, True, False, True, False), (0, False, False, False, False),
            (1, False, False, True, False), (1, True, False, False, False), (None, None, False, False, False),
            (1, True, True, False, False)]


def test_player_stats(known):
    from web import stats

    app, _client, group_id, *_ = known
    with app.app_context():
        lines = by_name(stats.players(group_id))
    assert set(lines) == {"Ann", "Bob", "Cy", "Di", "Eve"}
    got = {name: (p.games, p.wins, p.maker_hands, p.made, p.euchred, p.marches, p.loners, p.loners_made,
                  p.points, p.hands) for name, p in lines.items()}
    assert got == {
        #       games wins maker made euchred marches loners made points hands
        "Ann": (2, 1, 1, 1, 0, 1, 0, 0, 10, 9),
        "Bob": (2, 1, 3, 3, 0, 0, 1, 1, 7, 9),
        "Cy": (1, 1, 1, 1, 0, 1, 1, 1, 6, 3),
        "Di": (2, 1, 3, 1, 2, 1, 1, 0, 7, 9),
        "Eve": (1, 0, 1, 0, 1, 0, 0, 0, 4, 6),
    }
    assert lines["Ann"].win_rate == 0.5 and lines["Eve"].win_rate == 0
    assert lines["Di"].make_rate == pytest.approx(1 / 3) and lines["Di"].euchred_rate == pytest.approx(2 / 3)
    assert lines["Ann"].points_per_hand == pytest.approx(10 / 9)
    assert lines["Cy"].points_per_hand == 2


def test_best_partner_and_toughest_opponent(known):
    from web import stats

    app, _client, group_id, *_ = known
    with app.app_context():
        lines = by_name(stats.players(group_id, min_games=1))
    partner = {name: (p.best_partner.name, p.best_partner.wins, p.best_partner.games) for name, p in lines.items()}
    assert partner == {"Ann": ("Cy", 1, 1), "Bob": ("Di", 1, 2), "Cy": ("Ann", 1, 1), "Di": ("Bob", 1, 2),
                       "Eve": ("Ann", 0, 1)}
    toughest = {name: (p.toughest_opponent.name, p.toughest_opponent.wins, p.toughest_opponent.games)
                for name, p in lines.items()}
    # Bob and Di never beat Cy; Ann beat Bob and Di once each in two (equal: the first name shows).
    assert toughest == {"Ann": ("Bob", 1, 2), "Bob": ("Cy", 0, 1), "Cy": ("Bob", 1, 1), "Di": ("Cy", 0, 1),
                        "Eve": ("Bob", 0, 1)}


def test_partnership_stats(known):
    from web import stats

    app, _client, group_id, *_ = known
    with app.app_context():
        pairs = by_name(stats.partnerships(group_id))
    got = {name: (p.games, p.wins, p.maker_hands, p.made, p.euchred, p.marches, p.loners, p.loners_made,
                  p.points, p.hands) for name, p in pairs.items()}
    assert got == {
        "Ann & Cy": (1, 1, 1, 1, 0, 1, 1, 1, 6, 3),
        "Bob & Di": (2, 1, 6, 4, 2, 1, 2, 1, 7, 9),
        "Ann & Eve": (1, 0, 2, 1, 1, 1, 0, 0, 4, 6),
    }


def test_leaderboard_by_win_rate_with_a_minimum(known):
    from web import stats

    app, _client, group_id, *_ = known
    with app.app_context():
        ranked, waiting = stats.leaderboard(stats.players(group_id, detail=False), 2)
        everyone, nobody = stats.leaderboard(stats.players(group_id, detail=False), 1)
    assert [p.name for p in ranked] == ["Ann", "Bob", "Di"]
    assert sorted(p.name for p in waiting) == ["Cy", "Eve"]
    assert [p.name for p in everyone] == ["Cy", "Ann", "Bob", "Di", "Eve"] and nobody == []


def test_ratings_are_openskill_over_the_games_in_order(known):
    from web import stats

    app, _client, group_id, *_ = known
    with app.app_context():
        ratings = stats.ratings(group_id)
    model = PlackettLuce()
    ann, bob, cy, di, eve = (model.rating() for _ in range(5))
    [[ann, cy], [bob, di]] = model.rate([[ann, cy], [bob, di]], ranks=[0, 1])   # game 1: Ann & Cy won
    [[ann, eve], [bob, di]] = model.rate([[ann, eve], [bob, di]], ranks=[1, 0])  # game 2: Bob & Di won
    expected = {"Ann": ann, "Bob": bob, "Cy": cy, "Di": di, "Eve": eve}
    assert ratings.matches == 2 and ratings.skipped == 0
    assert {r.name: r.games for r in ratings.players} == {"Ann": 2, "Bob": 2, "Cy": 1, "Di": 2, "Eve": 1}
    for r in ratings.players:
        assert (r.mu, r.sigma) == pytest.approx((expected[r.name].mu, expected[r.name].sigma))
    assert [r.name for r in ratings.players][0] == "Cy" and ratings.players[-1].name == "Eve"
    assert ratings.players[0].ordinal == pytest.approx(cy.mu - 3 * cy.sigma)


def test_filter_by_variant_and_pepper_bids(known):
    from web import stats

    app, client, group_id, *_ = known
    match_id = group_match(client, group_id, variant="bid-euchre", names=("Ann", "Bob", "Cy", "Di"))
    play(client, match_id, [{"maker": 0, "bid": "little-pepper", "trump": "S", "tricks": 6},
                            {"maker": 1, "bid": "big-pepper", "trump": "H", "tricks": 5}])
    with app.app_context():
        every = by_name(stats.players(group_id))
        euchre = by_name(stats.players(group_id, "euchre"))
        bid = by_name(stats.players(group_id, "bid-euchre"))
        assert stats.variants_played(group_id) == ["bid-euchre", "euchre"]
    assert (bid["Ann"].peppers, bid["Ann"].peppers_made, bid["Bob"].peppers, bid["Bob"].peppers_made) == (1, 1, 1, 0)
    assert set(bid) == {"Ann", "Bob", "Cy", "Di"} and bid["Ann"].games == 0 and bid["Ann"].matches == 1
    assert (euchre["Ann"].maker_hands, euchre["Ann"].peppers) == (1, 0)
    assert (every["Ann"].maker_hands, every["Ann"].matches, every["Ann"].games) == (2, 3, 2)

    html = client.get(f"/groups/{group_id}/stats?variant=bid-euchre").get_data(as_text=True)
    assert "Peppers" in html
    card = re.search(r'<h3>Ann</h3>.*?</li>', html, re.S).group(0)
    assert re.search(r'class="peppers">1/1<', card)
    assert "Peppers" not in client.get(f"/groups/{group_id}/stats?variant=euchre").get_data(as_text=True)


def test_stats_follow_an_edit(known):
    """Editing a hand changes what the referee decided, and so the stats."""
    from web import stats

    app, client, group_id, game_1, _ = known
    with app.app_context():
        hand_id = stored_match(game_1).hands[0].id
    page = client.get(f"/matches/{game_1}").get_data(as_text=True)
    version = re.search(r'name="version" value="(\d+)"', page).group(1)
    response = client.post(f"/matches/{game_1}/hands/{hand_id}/delete", {"version": version})
    assert response.status_code == 303
    with app.app_context():
        bob = by_name(stats.players(group_id))["Bob"]
    assert (bob.maker_hands, bob.made, bob.points) == (2, 2, 6)


def test_the_stats_page_shows_the_known_answers(known):
    _app, client, group_id, *_ = known
    html = client.get(f"/groups/{group_id}/stats?min_games=1").get_data(as_text=True)
    di = re.search(r'<h3>Di</h3>.*?</li>', html, re.S).group(0)
    assert re.search(r'class="win-rate">50%<', di) and re.search(r'class="euchred-rate">67%<', di)
    assert re.search(r'class="loners">0/1<', di) and re.search(r'class="per-hand">\+0\.78<', di)
    assert "Best partner: <b>Bob</b> (1 of 2)" in di and "Toughest opponent: <b>Cy</b>" in di
    pair = re.search(r'<h3>Bob &amp; Di</h3>.*?</li>', html, re.S).group(0)
    assert re.search(r'class="make-rate">67%<', pair) and re.search(r'class="loners">1/2<', pair)

    board = client.get(f"/groups/{group_id}/leaderboard?min_games=2").get_data(as_text=True)
    ranked = re.search(r'id="win-rate-board">.*?</table>', board, re.S).group(0)
    assert re.findall(r'<th scope="row">(\w+)</th>', ranked) == ["Ann", "Bob", "Di"]
    assert "Not ranked yet: Cy (1), Eve (1)." in board
    assert "What the rating means" in board and "μ − 3σ" in board


def test_a_new_hand_fills_its_columns(client, app):
    """The one save path for a new hand (hands.add) records what the referee made of it."""
    from tests.group_helpers import create_group

    group_id = create_group(client)
    match_id = group_match(client, group_id)
    assert add_hand(client, match_id, maker=2, trump="S", alone=True, tricks=5, htmx=True).status_code == 200
    with app.app_context():
        hand = stored_match(match_id).hands[0]
        assert (hand.maker_side, hand.made, hand.march, hand.loner) == (0, True, True, True)


def test_a_best_partner_needs_the_minimum_of_games(client, app):
    """1 win in 1 game together does not beat 3 wins in 6: below the minimum, nobody is named."""
    from tests.group_helpers import create_group, group_match, play
    from web import stats

    group_id = create_group(client)
    march = [{"maker": 0, "trump": "H", "tricks": 5}]   # Ann & her partner win 2-0 (to 2)
    lose = [{"maker": 1, "trump": "H", "tricks": 5}]
    for result in [march] * 3 + [lose] * 3:             # Ann & Cy: 3 of 6
        play(client, group_match(client, group_id, names=("Ann", "Bob", "Cy", "Di"), rules={"rule_target": "2"}), result)
    play(client, group_match(client, group_id, names=("Ann", "Bob", "Flo", "Di"), rules={"rule_target": "2"}), march)
    with app.app_context():
        ann = by_name(stats.players(group_id))["Ann"]
        assert (ann.best_partner.name, ann.best_partner.wins, ann.best_partner.games) == ("Cy", 3, 6)
        ann = by_name(stats.players(group_id, min_games=1))["Ann"]
        assert (ann.best_partner.name, ann.best_partner.games) == ("Flo", 1)
    html = client.get(f"/groups/{group_id}/stats").get_data(as_text=True)
    assert "at least\n    3 times" in html or "at least 3 times" in " ".join(html.split())


def test_a_third_players_win_is_no_loss_between_the_other_two(client, app):
    """Three-hand euchre: when Cy wins, Ann did not lose to Bob, nor Bob to Ann."""
    from tests.group_helpers import create_group, group_match, play
    from web import stats

    group_id = create_group(client)
    for maker in (2, 2, 2, 0):  # Cy marches alone three times, then Ann once (target 5: one march each)
        play(client, group_match(client, group_id, variant="euchre-3hand", names=("Ann", "Bob", "Cy"),
                                 rules={"rule_target": "5"}), [{"maker": maker, "trump": "S", "tricks": 5}] * 2)
    with app.app_context():
        lines = by_name(stats.players(group_id, min_games=1))
    # Ann v Bob: only the game Ann won counts between them (1 of 1, not 1 of 4); v Cy: 1 of 4.
    assert (lines["Ann"].toughest_opponent.name, lines["Ann"].toughest_opponent.wins,
            lines["Ann"].toughest_opponent.games) == ("Cy", 1, 4)
    # Bob v Cy: 0 of 3; v Ann 0 of 1 (not 0 of 4, which would name Ann first by name).
    assert (lines["Bob"].toughest_opponent.name, lines["Bob"].toughest_opponent.wins,
            lines["Bob"].toughest_opponent.games) == ("Cy", 0, 3)
