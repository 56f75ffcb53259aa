"""A night that belongs to a group, through the routes (with and without htmx): chosen at check-in by a
member only, the group's players picked or matched by name, and the night's games counted in the group's
stats exactly as the same games entered as the group's matches."""
from __future__ import annotations

from dataclasses import asdict

import pytest

from tests.conftest import Client
from tests.group_helpers import create_group, group_match, play
from tests.night_helpers import Tables, check_in, confirm, create_night, phone_at, start, table_codes

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
HANDS = [  # three hands at every table: North makes 3 tricks, East is euchred, South makes a loner of 5
    {"maker": 0, "trump": "S", "tricks": 3},
    {"maker": 1, "trump": "H", "tricks": 2},
    {"maker": 2, "trump": "C", "alone": True, "tricks": 5},
]


def night_of_group(client: Client, group_name: str) -> tuple[int, str]:
    """A new group and a one-game night of 8 (3 hands at the head table) that belongs to it, game 1 seated."""
    group = create_group(client, group_name)
    slug = create_night(client, games="1", hands_per_game="3")
    client.post(f"/nights/{slug}/group", {"group": str(group)})
    check_in(client, slug, NAMES)
    start(client, slug)
    return group, slug


def table_games(app, slug: str) -> list[dict]:
    from extensions import db
    from models import Night, TableGame

    with app.app_context():
        night = db.session.query(Night).filter_by(slug=slug).one()
        out = []
        for tg in db.session.query(TableGame).filter_by(night_id=night.id).order_by(TableGame.table):
            seats = {s.seat: s.player.name for s in tg.match.seats}
            out.append({"table": tg.table, "match": tg.match.slug, "names": tuple(seats[i] for i in range(4)),
                        "group_id": tg.match.group_id})
        return out


def player_stats(app, group_id: int) -> dict[str, dict]:
    from web import stats

    with app.test_request_context():
        return {line.name: {k: v for k, v in asdict(line).items() if k not in ("key", "best_partner",
                                                                                "toughest_opponent")}
                for line in stats.players(group_id)}


@pytest.mark.parametrize("htmx", [False, True])
def test_choosing_the_group_needs_membership_and_is_before_game_1(client: Client, app, htmx):
    group = create_group(client, "Thursday club")
    slug = create_night(client)
    page = client.get(f"/nights/{slug}/group", htmx=htmx).get_data(as_text=True)
    assert "Thursday club" in page and ("<html" in page) != htmx
    stranger_group = create_group(phone_at(app, "10.0.0.9"), "Not mine")
    refused = client.post(f"/nights/{slug}/group", {"group": str(stranger_group)}, htmx=htmx)
    assert refused.status_code == 422 and "Choose one of your groups" in refused.get_data(as_text=True)
    for junk in ("<script>", str(2**40), "\x00"):
        assert client.post(f"/nights/{slug}/group", {"group": junk}, htmx=htmx).status_code == 422
    chosen = client.post(f"/nights/{slug}/group", {"group": str(group)}, htmx=htmx)
    assert chosen.status_code == 200
    assert "This night belongs to <strong>Thursday club</strong>" in chosen.get_data(as_text=True)
    check_in(client, slug, NAMES)
    start(client, slug)
    late = client.post(f"/nights/{slug}/group", {"group": "none"}, htmx=htmx)
    assert late.status_code == 422 and "before game 1" in late.get_data(as_text=True)


def test_the_groups_players_are_picked_and_matched_by_name(client: Client, app):
    group = create_group(client)
    old = group_match(client, group, names=("ann", "Bo", "Cy", "Di"))
    play(client, old, [HANDS[0]])
    slug = create_night(client)
    client.post(f"/nights/{slug}/group", {"group": str(group)})
    page = client.get(f"/nights/{slug}/group").get_data(as_text=True)
    from extensions import db
    from models import Player

    with app.app_context():
        ids = {p.name: p.id for p in db.session.query(Player).filter_by(group_id=group)}
    assert all(f'value="{i}"' in page for i in ids.values())
    picked = client.post(f"/nights/{slug}/group/players", {"player": [str(ids["Bo"]), str(ids["Cy"])]})
    assert picked.status_code == 200 and "Checked in: Bo, Cy." in picked.get_data(as_text=True)
    assert client.post(f"/nights/{slug}/group/players", {"player": ["junk"]}).status_code == 422
    check_in(client, slug, ["Ann", "Di", "Ed", "Flo", "Gus", "Hal"])
    start(client, slug)
    with app.app_context():
        names = sorted(p.name for p in db.session.query(Player).filter_by(group_id=group))
    assert names == ["Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "ann"], "Ann is the group's ann"
    assert all(t["group_id"] == group for t in table_games(app, slug))


def test_group_stats_after_a_night_equal_the_same_games_entered_as_matches(client: Client, app):
    night_group, slug = night_of_group(client, "Night")
    tables = Tables(app)
    codes = table_codes(app, slug)
    games = table_games(app, slug)
    for game in games:
        phone = tables.phone(codes[game["table"]])
        play(phone, game["match"], HANDS)
    client.post(f"/nights/{slug}/bell", {"confirmed": "yes"})
    for game in games:
        phone = tables.phone(codes[game["table"]])
        assert phone.post(f"/t/{codes[game['table']]}/submit", {"pair": "NS"}).status_code == 303
        assert confirm(phone, codes[game["table"]]).status_code == 303
    matches_group = create_group(client, "Matches")
    for game in games:
        entered = group_match(client, matches_group, variant="progressive-euchre", names=game["names"],
                              rules={"rule_hands": "3"})
        play(client, entered, HANDS)
    at_night, as_matches = player_stats(app, night_group), player_stats(app, matches_group)
    assert sorted(at_night) == sorted(NAMES)
    assert at_night == as_matches
    assert all(line["games"] == 1 for line in at_night.values())
    assert sum(line["wins"] for line in at_night.values()) == 4


@pytest.mark.parametrize("htmx", [False, True])
def test_a_nights_game_is_not_tidied_from_its_group(client: Client, app, htmx):
    """A group member could abandon a running night's table game, or move it out of the group, from the
    group's match page: the night's director settles its games, so the group page offers no tidying and
    refuses it, and the night keeps its games; a match of the group's own is tidied as before."""
    group, slug = night_of_group(client, "Night")
    games = table_games(app, slug)
    record = client.get(f"/groups/{group}/matches/{games[0]['match']}", htmx=htmx).get_data(as_text=True)
    assert 'id="directed"' in record and 'id="tidy"' not in record
    for game in games:
        for action in ("abandon", "move-out", "delete"):
            assert client.post(f"/groups/{group}/matches/{game['match']}/{action}", htmx=htmx).status_code == 404
        assert client.get(f"/groups/{group}/matches/{game['match']}/delete", htmx=htmx).status_code == 404
    assert table_games(app, slug) == games and all(g["group_id"] == group for g in games)
    own = group_match(client, group, names=("Ann", "Bo", "Cy", "Di"))
    assert 'id="tidy"' in client.get(f"/groups/{group}/matches/{own}", htmx=htmx).get_data(as_text=True)
    abandoned = client.post(f"/groups/{group}/matches/{own}/abandon", htmx=htmx)
    assert (abandoned.status_code, "HX-Redirect" in abandoned.headers) == ((200, True) if htmx else (303, False))
    assert "Abandoned" in client.get(f"/groups/{group}/matches/{own}").get_data(as_text=True)


@pytest.mark.parametrize("htmx", [False, True])
def test_a_group_member_follows_a_nights_game_read_only(client: Client, app, htmx):
    """A night's game is scored at its table. A group member who is not at that table gets its read-only
    scoresheet, from the group's page and from the match's own address, and no rematch of a finished one;
    the table's phones and the director keep the scoresheet they score on."""
    from tests.group_helpers import group_code

    group, slug = night_of_group(client, "Night")
    head = table_games(app, slug)[0]
    table_phone = Tables(app).phone(table_codes(app, slug)[head["table"]])
    play(table_phone, head["match"], HANDS)
    member = phone_at(app, "10.0.0.7")
    member.get(f"/groups/join/{group_code(client, group).replace('-', '')}")

    record = member.get(f"/groups/{group}/matches/{head['match']}", htmx=htmx).get_data(as_text=True)
    with app.app_context():
        from extensions import db
        from models import Match

        played = db.session.query(Match).filter_by(slug=head["match"]).one()
        watch_slug, status = played.watch_slug, played.status
    assert status == "finished", "the head table played its 3 hands"
    assert 'id="rematch"' not in record and f'href="/watch/{watch_slug}"' in record
    opened = member.get(f"/matches/{head['match']}", htmx=htmx)
    assert (opened.headers.get("HX-Redirect") if htmx else opened.headers.get("Location")) == f"/watch/{watch_slug}"
    for scorer in (table_phone, client):
        page = scorer.get(f"/matches/{head['match']}", htmx=htmx)
        assert page.status_code == 200 and "HX-Redirect" not in page.headers
    own = group_match(client, group, names=("Ann", "Bo", "Cy", "Di"), rules={"rule_target": "5"})
    play(client, own, HANDS)  # North-South reach 5: a finished match of the group's own has its rematch
    assert 'id="rematch"' in client.get(f"/groups/{group}/matches/{own}", htmx=htmx).get_data(as_text=True)
