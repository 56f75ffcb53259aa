"""Team events through the HTTP layer: whole events of 8, 13 and 32 teams in each format (Grand Prix,
Swiss, round robin, playoffs single and double), checked after every round from the event's JSON download;
a withdrawal and a late team mid-event; the bell and the director's ruling; the estimate; a group's stats."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from referee.tournament import bracket as referee_bracket
from referee.tournament.bracket import Elimination
from referee.tournament.teams import ByeScore, Format, GameResult, TieBreak, standings
from tests.team_helpers import Phones, add_teams, create_event, document, table_codes


def pairs_of(doc: dict) -> list[frozenset]:
    return [frozenset((g["home"], g["away"])) for r in doc["rounds"] if not r["playoff"] for g in r["games"]]


def recheck(doc: dict) -> list[tuple[int, int]]:
    """The standings worked out again by the referee from nothing but the download: another program can."""
    games = [GameResult(r["number"], g["home"], g["away"], g["home_points"], g["away_points"], g["winner"],
                        g["home_loners"], g["away_loners"])
             for r in doc["rounds"] if not r["playoff"] for g in r["games"] if g["status"] == "done"]
    byes = [(r["number"], t) for r in doc["rounds"] for t in r["byes"]]
    points = TieBreak.POINT_DIFFERENCE if "point_difference" in doc["tie_breaks"] else TieBreak.POINTS
    table = standings([t["number"] for t in doc["teams"]], games, Format(doc["event_format"]), byes,
                      ByeScore(doc["bye_score"]["counts_as_win"], doc["bye_score"]["points"]), points)
    return [(row.team, row.rank) for row in table]


def check_round(doc: dict, fmt: str, active: set[int]) -> None:
    """What must hold after every round of the rounds' stage."""
    assert recheck(doc) == [(s["team"], s["rank"]) for s in doc["standings"]]
    last = [r for r in doc["rounds"] if not r["playoff"]][-1]
    seated = [t for g in last["games"] for t in (g["home"], g["away"])] + last["byes"]
    # Every team still in plays exactly once (or has the bye); nobody withdrawn is paired.
    assert sorted(seated) == sorted(active), (last["number"], seated, active)
    assert len(last["byes"]) == len(active) % 2 if fmt != "round-robin" else len(last["byes"]) <= 1
    # Byes rotate: no team has a second bye while a team still in has had none.
    byes = Counter(t for r in doc["rounds"] for t in r["byes"])
    if any(count > 1 for count in byes.values()):
        assert all(byes[t] >= 1 for t in active)
    # No repeat opponents while avoidable (every field here has more teams than rounds).
    pairs = pairs_of(doc)
    assert len(pairs) == len(set(pairs)), "a pairing was repeated"
    # The standings: every game counted once; ranks in order of the tie-breaks, each named.
    done = [g for r in doc["rounds"] if not r["playoff"] for g in r["games"] if g["status"] == "done"]
    assert sum(s["games"] for s in doc["standings"]) == 2 * len(done)
    assert sum(s["games_won"] - s["byes"] * doc["bye_score"]["counts_as_win"] for s in doc["standings"]) \
        == sum(1 for g in done if g["winner"] is not None)
    ranks = [s["rank"] for s in doc["standings"]]
    assert ranks == sorted(ranks) and ranks[0] == 1
    keys = doc["tie_breaks"]
    assert all(list(s["tie_breaks"]) == keys for s in doc["standings"])
    values = [tuple(s["tie_breaks"][k] for k in keys if k != "result_between_them") for s in doc["standings"]
              if s["team"] in active]
    if "result_between_them" not in keys:
        assert values == sorted(values, reverse=True)
    else:
        before = keys.index("result_between_them")
        heads = [v[:before] for v in values]
        assert heads == sorted(heads, reverse=True)


def run_event(app, director, *, teams: int, fmt: str, rounds: int = 4, playoff: int = 0, elimination: str = "single",
              best_of: int = 1, seed: int = 1, withdraw_after: int | None = None, htmx: bool = False) -> dict:
    slug = create_event(director, format=fmt, rounds=rounds, playoff_size=playoff, playoff_elimination=elimination,
                        playoff_best_of=best_of)
    add_teams(director, slug, teams)
    started = director.post(f"/events/{slug}/start")
    assert started.status_code == 303 and started.headers["Location"] == f"/events/{slug}"  # a reload posts nothing
    phones, rng = Phones(app), random.Random(seed)
    active = set(range(1, teams + 1))
    doc = document(director, slug)
    planned = doc["rounds_planned"]
    for number in range(1, planned + 1):
        check_round(doc, fmt, active)
        if withdraw_after == number:  # during the round: the team finishes it and is not paired again
            team_id = _team_id(director, slug, teams)
            assert director.post(f"/events/{slug}/teams/{team_id}/withdraw").status_code == 200
            assert document(director, slug)["teams"][-1]["withdrawn_after"] == number
        assert phones.play_round(director, slug, rng, htmx=htmx) >= 1
        if withdraw_after == number:
            active.discard(teams)
        doc = document(director, slug)
        assert len([r for r in doc["rounds"] if not r["playoff"]]) == min(number + 1, planned)
    if fmt == "round-robin" and not withdraw_after:
        assert len(set(pairs_of(doc))) == teams * (teams - 1) // 2, "every team meets every other once"
    if playoff:
        seeds_expected = [s["team"] for s in doc["standings"] if s["team"] in active][:playoff]
        bracket = referee_bracket.build(playoff, Elimination(elimination), best_of)
        for _ in range(len(bracket.matches) * best_of + 1):
            doc = document(director, slug)
            if doc["status"] == "finished":
                break
            assert doc["status"] == "playoff"
            assert doc["playoff"]["seeds"] == seeds_expected
            phones.play_round(director, slug, rng, htmx=htmx)
        playoff_games = [g for r in doc["rounds"] if r["playoff"] for g in r["games"]]
        assert len(playoff_games) <= len(bracket.matches) * best_of
        assert doc["playoff"]["champion"] in seeds_expected
    assert doc["status"] == "finished"
    return doc


def _team_id(director, slug: str, position: int) -> int:
    import re
    html = director.get(f"/events/{slug}/teams").get_data(as_text=True)
    return int(re.search(r'id="team-%d".*?/teams/(\d+)/withdraw' % position, html, re.S).group(1))


@pytest.mark.parametrize("teams,fmt,rounds,playoff,elimination,best_of", [
    (8, "grand-prix", 3, 4, "single", 1),
    (8, "swiss", 3, 4, "double", 3),
    (8, "round-robin", 0, 4, "double", 1),
    (13, "grand-prix", 4, 8, "double", 1),
    (13, "swiss", 4, 0, "single", 1),
    (13, "round-robin", 0, 0, "single", 1),
    (32, "grand-prix", 5, 8, "double", 1),
    (32, "swiss", 5, 8, "single", 3),
])
def test_whole_event(app, client, teams, fmt, rounds, playoff, elimination, best_of):
    doc = run_event(app, client, teams=teams, fmt=fmt, rounds=rounds or 1, playoff=playoff, elimination=elimination,
                    best_of=best_of, seed=teams)
    assert len(doc["teams"]) == teams


def test_sixteen_team_grand_prix_with_a_double_elimination_top_four_through_htmx(app, client):
    doc = run_event(app, client, teams=16, fmt="grand-prix", rounds=4, playoff=4, elimination="double", htmx=True)
    assert doc["playoff"]["elimination"] == "double"


def test_a_team_withdraws_mid_event(app, client):
    doc = run_event(app, client, teams=13, fmt="grand-prix", rounds=4, withdraw_after=2, seed=7)
    played = [t for r in doc["rounds"] if r["number"] > 2 for g in r["games"] for t in (g["home"], g["away"])]
    assert 13 not in played and 13 not in [t for r in doc["rounds"] if r["number"] > 2 for t in r["byes"]]
    withdrawn = next(s for s in doc["standings"] if s["team"] == 13)
    assert withdrawn["games"] + withdrawn["byes"] == 2  # its games still count for its opponents


def test_a_round_robin_withdrawal_gives_the_opponent_a_bye(app, client):
    doc = run_event(app, client, teams=8, fmt="round-robin", withdraw_after=3, seed=3)
    for r in doc["rounds"][3:]:
        assert len(r["byes"]) == 1 and len(r["games"]) == 3


def test_a_late_team_plays_from_the_next_round(app, client):
    slug = create_event(client, rounds=3)
    add_teams(client, slug, 6)
    client.post(f"/events/{slug}/start")
    add_teams(client, slug, 1, start=7)
    doc = document(client, slug)
    assert doc["teams"][-1]["joined_round"] == 2
    assert 7 not in [t for g in doc["rounds"][0]["games"] for t in (g["home"], g["away"])]
    Phones(client.raw.application).play_round(client, slug, random.Random(2))
    doc = document(client, slug)
    seated = [t for g in doc["rounds"][1]["games"] for t in (g["home"], g["away"])] + doc["rounds"][1]["byes"]
    assert 7 in seated


def test_teams_drawn_at_random_from_individuals(client):
    slug = create_event(client)
    names = "\n".join(f"Player {n}" for n in range(1, 11))
    response = client.post(f"/events/{slug}/draw", {"names": names})
    assert response.status_code == 200 and "5 teams drawn" in response.get_data(as_text=True)
    doc = document(client, slug)
    players = sorted(p for t in doc["teams"] for p in t["players"])
    assert players == sorted(f"Player {n}" for n in range(1, 11))
    odd = client.post(f"/events/{slug}/draw", {"names": "Ann\nBo\nCy"})
    assert odd.status_code == 422 and "cannot all be drawn into pairs" in odd.get_data(as_text=True)


def test_a_directors_step_redirects_a_plain_post_and_redraws_for_htmx(client):
    slug = create_event(client, rounds=2)
    add_teams(client, slug, 4)
    started = client.post(f"/events/{slug}/start")
    assert started.status_code == 303 and started.headers["Location"] == f"/events/{slug}"
    again = client.post(f"/events/{slug}/start")  # refused: the message on the whole page, where the form was sent
    assert again.status_code == 409 and "<html" in again.get_data(as_text=True)
    assert "The event has already started." in again.get_data(as_text=True)
    rung = client.post(f"/events/{slug}/bell", htmx=True)
    assert rung.status_code == 200 and 'id="dashboard"' in rung.get_data(as_text=True)
    assert "<html" not in rung.get_data(as_text=True)


def test_the_bell_and_the_directors_ruling_are_logged(app, client):
    slug = create_event(client, rounds=2)
    add_teams(client, slug, 4)
    client.post(f"/events/{slug}/start")
    code = table_codes(client, slug)[0]
    phone = Phones(app).phone(code)
    assert "The bell has rung" not in phone.get(f"/events/t/{code}").get_data(as_text=True)
    assert client.post(f"/events/{slug}/bell", htmx=True).status_code == 200
    html = phone.get(f"/events/t/{code}").get_data(as_text=True)
    assert "The bell has rung" in html
    import re
    game = re.search(r"/games/(\d+)/send", html).group(1)
    tie = client.post(f"/events/{slug}/games/{game}/ruling", {"home_points": 7, "away_points": 7, "reason": "time"})
    assert tie.status_code == 422 and "choose the pair that takes the game" in tie.get_data(as_text=True)
    ruled = client.post(f"/events/{slug}/games/{game}/ruling", {"home_points": 8, "away_points": 6,
                                                               "reason": "Out of time at the bell"})
    assert ruled.status_code == 303
    log = client.get(f"/events/{slug}/log").get_data(as_text=True)
    assert "The bell rang for round 1" in log and "closed by the director" in log and "Out of time at the bell" in log
    doc = document(client, slug)
    assert doc["rounds"][0]["games"][0]["ruled_by_director"] is True
    corrected = client.post(f"/events/{slug}/games/{game}/ruling", {"home_points": 9, "away_points": 6, "reason": "typo"})
    assert corrected.status_code == 303
    assert "corrected" in client.get(f"/events/{slug}/log").get_data(as_text=True)


def test_the_other_team_confirms_or_rejects(app, client):
    slug = create_event(client, rounds=2)
    add_teams(client, slug, 2)
    client.post(f"/events/{slug}/start")
    code = table_codes(client, slug)[0]
    phone = Phones(app).phone(code)
    import re
    game = re.search(r"/games/(\d+)/send", phone.get(f"/events/t/{code}").get_data(as_text=True)).group(1)
    phone.post(f"/events/t/{code}/games/{game}/send", {"home_points": 10, "away_points": 4, "side": "home"})
    waiting = phone.get(f"/events/t/{code}").get_data(as_text=True)
    assert 'id="confirm"' in waiting and 'id="reject"' in waiting and "Team 1 sent: Team 1 10, Team 2 4" in waiting
    assert "waiting for the other team" in client.get(f"/events/{slug}").get_data(as_text=True)
    same = phone.post(f"/events/t/{code}/games/{game}/confirm", {"side": "home"})
    assert same.status_code == 409 and "the other pair confirms it" in same.get_data(as_text=True)
    assert phone.post(f"/events/t/{code}/games/{game}/reject", {"side": "away"}).status_code == 303
    again = phone.get(f"/events/t/{code}").get_data(as_text=True)
    assert "Send the result" in again and "Team 2 said the result sent (Team 1 10, Team 2 4) was not right" in again
    assert "did not agree" in client.get(f"/events/{slug}/log").get_data(as_text=True)


def test_the_estimate_before_the_event(client):
    page = client.get("/events/new").get_data(as_text=True)
    assert "About 2 h 00 min: 5 rounds." in page  # the defaults: 5 rounds of 20 minutes, 4 changes of 5
    answer = client.post("/events/estimate", {"format": "grand-prix", "rounds": "4", "minutes_per_game": "20",
                                              "playoff_size": "4", "playoff_elimination": "double",
                                              "playoff_best_of": "1", "playoff_reset": "yes", "expected_teams": "16"},
                         htmx=True)
    html = answer.get_data(as_text=True)
    # 4 rounds and 5 playoff rounds of 20 minutes, 8 changes of 5 minutes: 220 minutes.
    assert answer.status_code == 200 and "About 3 h 40 min: 4 rounds and 5 playoff rounds." in html
    assert "<html" not in html
    bad = client.post("/events/estimate", {"format": "grand-prix", "rounds": "99", "minutes_per_game": "20",
                                           "playoff_size": "0", "playoff_elimination": "single",
                                           "playoff_best_of": "1", "playoff_reset": "yes"})
    assert bad.status_code == 422 and "Between 1 and 20 rounds." in bad.get_data(as_text=True)


def test_an_event_in_a_group_feeds_its_stats(app, client):
    from extensions import db
    from tests.group_helpers import create_group
    from web import stats

    group_id = create_group(client)
    slug = create_event(client, rounds=1, group=group_id)
    add_teams(client, slug, 2)
    client.post(f"/events/{slug}/start")
    Phones(app).play_round(client, slug, random.Random(4))
    with app.app_context():
        lines = {line.name: line for line in stats.players(group_id)}
        assert lines["Ann 1"].games == 1 and lines["Ann 2"].games == 1
        assert lines["Ann 1"].wins + lines["Ann 2"].wins == 1
        db.session.remove()


def test_an_events_game_is_not_tidied_from_its_group(app, client):
    """Its director settles an event's games: the group's match page offers no tidying and refuses it."""
    from extensions import db
    from models import EventGame
    from tests.group_helpers import create_group

    group_id = create_group(client)
    slug = create_event(client, rounds=1, group=group_id)
    add_teams(client, slug, 2)
    client.post(f"/events/{slug}/start")
    with app.app_context():
        match_slug = db.session.query(EventGame).one().match.slug
        db.session.remove()
    assert 'id="directed"' in client.get(f"/groups/{group_id}/matches/{match_slug}").get_data(as_text=True)
    for action in ("abandon", "move-out", "delete"):
        assert client.post(f"/groups/{group_id}/matches/{match_slug}/{action}").status_code == 404
    with app.app_context():
        game = db.session.query(EventGame).one()
        assert (game.match.group_id, game.match.status) == (group_id, "active")
        db.session.remove()


def test_an_event_joins_only_a_group_of_this_phone(app, client):
    from tests.conftest import Client
    from tests.group_helpers import create_group

    group_id = create_group(client)
    stranger = Client(app.test_client())
    response = stranger.post("/events/new", {**__import__("tests.team_helpers", fromlist=["event_data"])
                                             .event_data(group=group_id)})
    assert response.status_code == 422


@pytest.mark.parametrize("htmx", [False, True])
def test_every_page_with_and_without_htmx(app, client, htmx):
    slug = create_event(client, rounds=2, playoff_size=4)
    add_teams(client, slug, 5)
    client.post(f"/events/{slug}/start")
    code = table_codes(client, slug)[0]
    phone = Phones(app).phone(code)
    pages = [(client, f"/events/{slug}"), (client, f"/events/{slug}/teams"), (client, f"/events/{slug}/log"),
             (client, f"/events/{slug}/cards"), (client, f"/events/{slug}/standings"),
             (client, f"/events/{slug}/bracket"), (client, f"/events/{slug}/screen"),
             (client, f"/events/{slug}/print"), (phone, f"/events/t/{code}"), (client, "/events/new"),
             (client, f"/events/{slug}/login")]
    for who, url in pages:
        response = who.get(url, htmx=htmx)
        assert response.status_code == 200, url
        assert ("<html" in response.get_data(as_text=True)) is not htmx, url


def test_csv_and_json_downloads(app, client):
    slug = create_event(client, rounds=1)
    client.post(f"/events/{slug}/teams", {"player_one": "=cmd", "player_two": "Bo", "name": "=HYPERLINK()"})
    add_teams(client, slug, 1, start=2)
    client.post(f"/events/{slug}/start")
    Phones(app).play_round(client, slug, random.Random(5))
    text = client.get(f"/events/{slug}/standings.csv").get_data(as_text=True)
    assert text.splitlines()[0].startswith("Rank,Team,Players,Games,Games won")
    assert "'=HYPERLINK()" in text and ",=HYPERLINK" not in text
    doc = document(client, slug)
    assert doc["format"] == "euchre-team-event/1" and doc["status"] == "finished"
    assert set(doc) >= {"teams", "rounds", "standings", "tie_breaks", "bye_score"}
    assert doc["standings"][0]["tie_breaks"]["games_won"] == 1


def test_the_json_download_is_documented():
    from pathlib import Path
    text = (Path(__file__).resolve().parents[1] / "docs" / "team-event-json.md").read_text()
    for key in ("teams", "rounds", "byes", "games", "standings", "tie_breaks", "playoff", "games_won", "points",
                "point_difference", "loners_made", "result_between_them", "opponents_wins", "champion", "seeds"):
        assert f"`{key}`" in text, key


def test_a_tables_page_is_redrawn_only_by_its_own_changes(app, client):
    import re
    slug = create_event(client, rounds=2)
    add_teams(client, slug, 4)
    client.post(f"/events/{slug}/start")
    first, second = table_codes(client, slug)[:2]
    phones = Phones(app)
    html = phones.phone(first).get(f"/events/t/{first}").get_data(as_text=True)
    tag = re.search(r'seen=([\w-]+)', html).group(1)
    other = phones.phone(second)
    game = re.search(r"/games/(\d+)/send", other.get(f"/events/t/{second}").get_data(as_text=True)).group(1)
    other.post(f"/events/t/{second}/games/{game}/send", {"home_points": 10, "away_points": 3, "side": "home"})
    # Another table's result: this table's poll stays a 304, so a score being typed here is kept.
    assert phones.phone(first).get(f"/events/t/{first}/live?seen={tag}", htmx=True).status_code == 304
    client.post(f"/events/{slug}/bell")
    rung = phones.phone(first).get(f"/events/t/{first}/live?seen={tag}", htmx=True)
    assert rung.status_code == 200 and "The bell has rung" in rung.get_data(as_text=True)


def test_home_lists_the_event_not_its_table_games(app, client):
    from tests.group_helpers import create_group

    group_id = create_group(client)
    slug = create_event(client, name="Charity partners", rounds=2, group=group_id)
    add_teams(client, slug, 2)
    client.post(f"/events/{slug}/start")
    home = client.get("/").get_data(as_text=True)
    assert "Charity partners" in home and f"/events/{slug}" in home
    assert "Ann 1" not in home  # the table games live on the event's pages, not in the group's matches here


def test_a_round_robin_prints_its_whole_schedule_before_play(client):
    slug = create_event(client, format="round-robin")
    add_teams(client, slug, 5)
    html = client.get(f"/events/{slug}/print").get_data(as_text=True)
    assert html.count("bye: Team") == 5  # five rounds, each with one team sitting out
    assert "Team 1 v" in html or "v Team 1" in html
