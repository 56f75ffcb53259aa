"""Tidying a group's history and sharing it: delete a match (asked first, undone for a week), move one
out, abandon an unfinished one; replace the codes when they leak; a read-only link that changes nothing
and shows no code."""
from __future__ import annotations

import re

import pytest

from tests.conftest import Client
from tests.group_helpers import create_group, group_code, group_match, play, thursday


def match_ids(app, group_id: int) -> list[str]:
    """The addresses of the group's matches, oldest first."""
    from extensions import db
    from models import Match

    with app.app_context():
        db.session.remove()
        return list(db.session.scalars(db.select(Match.slug).where(Match.group_id == group_id).order_by(Match.id)))


def games_of(app, group_id: int) -> dict[str, tuple[int, int]]:
    from web import stats

    with app.app_context():
        return {p.name: (p.matches, p.games) for p in stats.players(group_id)}


def stranger(app) -> Client:
    return Client(app.test_client())


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_deleting_a_match_asks_first_and_can_be_undone(client, app, htmx):
    group_id, game_1, game_2 = thursday(client)
    before = games_of(app, group_id)
    ask = client.get(f"/groups/{group_id}/matches/{game_1}/delete", htmx=htmx).get_data(as_text=True)
    assert "Delete the Euchre of" in ask and 'id="confirm-yes"' in ask and ("<html" in ask) is not htmx
    assert match_ids(app, group_id) == [game_1, game_2]  # asking changes nothing

    response = client.post(f"/groups/{group_id}/matches/{game_1}/delete", htmx=htmx)
    assert response.status_code in (200, 303)
    assert match_ids(app, group_id) == [game_2]
    assert "Cy" not in games_of(app, group_id)  # Cy played only in the deleted match
    page = client.get(f"/groups/{group_id}").get_data(as_text=True)
    assert "Deleted the Euchre of" in page and 'id="undo-delete"' in page
    undo = re.search(r'action="(/groups/\d+/removed/\d+/restore)"', page).group(1)
    assert client.post(undo, htmx=htmx).status_code in (200, 303)
    assert len(match_ids(app, group_id)) == 2 and games_of(app, group_id) == before
    assert client.post(undo).status_code == 404  # brought back once only


def test_an_undone_match_keeps_its_date_hands_and_renamed_players(client, app):
    from extensions import db
    from models import Match, Player

    group_id, game_1, _ = thursday(client)
    with app.app_context():
        exported = db.session.scalar(db.select(Match).where(Match.slug == game_1)).document()
        ann = db.session.scalar(db.select(Player.id).where(Player.group_id == group_id, Player.name == "Ann"))
    client.post(f"/groups/{group_id}/matches/{game_1}/delete")
    client.post(f"/groups/{group_id}/players/{ann}/rename", {"name": "Annie"})
    data = client.get(f"/groups/{group_id}/data").get_data(as_text=True)
    assert "Deleted this week" in data
    client.post(re.search(r'action="(/groups/\d+/removed/\d+/restore)"', data).group(1))
    with app.app_context():
        back = db.session.scalar(db.select(Match).where(Match.group_id == group_id).order_by(Match.id.desc()))
        assert back.document() == dict(exported, players=["Annie", "Bob", "Cy", "Di"])
        assert back.slug != game_1  # a new address: the old one was given out for a deleted match
        assert db.session.scalar(db.select(db.func.count()).select_from(Player)
                                 .where(Player.group_id == group_id, Player.name == "Ann")) == 0


def test_moving_a_match_out_takes_it_out_of_the_history_and_stats(client, app):
    group_id, game_1, game_2 = thursday(client)
    assert "Move the Euchre of" in client.get(f"/groups/{group_id}/matches/{game_1}/move-out").get_data(as_text=True)
    client.post(f"/groups/{group_id}/matches/{game_1}/move-out")
    assert match_ids(app, group_id) == [game_2] and "Cy" not in games_of(app, group_id)
    assert client.get(f"/groups/{group_id}/matches/{game_1}").status_code == 404


def test_an_abandoned_match_counts_in_no_stat(client, app):
    group_id, _, _ = thursday(client)
    unfinished = group_match(client, group_id, names=("Ann", "Bob", "Cy", "Gus"))
    assert games_of(app, group_id)["Gus"] == (1, 0)
    response = client.post(f"/groups/{group_id}/matches/{unfinished}/abandon")
    assert response.status_code == 303
    assert "Gus" not in games_of(app, group_id) and games_of(app, group_id)["Ann"] == (2, 2)
    record = client.get(f"/groups/{group_id}/matches/{unfinished}").get_data(as_text=True)
    assert 'id="abandoned"' in record and 'id="abandon-match"' not in record
    play(client, unfinished, [{"maker": 0, "trump": "H", "tricks": 3}])  # carried on after all
    assert games_of(app, group_id)["Gus"] == (1, 0)


def test_replacing_the_codes_locks_out_every_old_link_and_grant(client, app):
    group_id, game_1, _ = thursday(client)
    old_code = group_code(client, group_id)
    friend = stranger(app)
    assert friend.get(f"/groups/join/{old_code.replace('-', '')}").status_code == 303
    assert friend.get(f"/groups/{group_id}/stats").status_code == 200
    assert "Every join link" in client.get(f"/groups/{group_id}/codes").get_data(as_text=True)
    assert client.post(f"/groups/{group_id}/codes").status_code == 303

    new_code = group_code(client, group_id)  # the phone that replaced them keeps the group
    assert new_code != old_code
    assert friend.get(f"/groups/{group_id}/stats").status_code == 403
    assert friend.get(f"/matches/{game_1}").status_code == 403
    late = stranger(app)
    assert late.get(f"/groups/join/{old_code.replace('-', '')}").status_code == 404
    assert late.get(f"/groups/join/{new_code.replace('-', '')}").status_code == 303


def test_a_stranger_can_do_none_of_it(client, app):
    group_id, game_1, _ = thursday(client)
    outsider = stranger(app)
    for url in (f"/groups/{group_id}/matches/{game_1}/delete", f"/groups/{group_id}/matches/{game_1}/move-out",
                f"/groups/{group_id}/matches/{game_1}/abandon", f"/groups/{group_id}/codes"):
        assert outsider.post(url).status_code == 403
    assert len(match_ids(app, group_id)) == 2


def view_url(client, group_id: int) -> str:
    html = client.get(f"/groups/{group_id}").get_data(as_text=True)
    return re.search(r'id="view-url">https?://[^/]+(/groups/view/[^<]+)<', html).group(1)


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_the_read_only_link_shows_everything_and_changes_nothing(client, app, htmx):
    group_id, game_1, _ = thursday(client)
    link = view_url(client, group_id)
    viewer = stranger(app)
    assert viewer.get(link).status_code == 303
    home = viewer.get(f"/groups/{group_id}", htmx=htmx).get_data(as_text=True)
    assert 'id="read-only"' in home and group_code(client, group_id) not in home and "/groups/join/" not in home
    assert 'id="group-new-match"' not in home and 'id="nav-data"' not in home and "/groups/view/" not in home
    for page in ("matches", f"matches/{game_1}", "stats", "leaderboard", "players"):
        response = viewer.get(f"/groups/{group_id}/{page}", htmx=htmx)
        assert response.status_code == 200, page
        assert 'id="tidy"' not in response.get_data(as_text=True) and "rename-form" not in response.get_data(as_text=True)
    players = dict((name, pid) for pid, name in _players(app, group_id))
    refused = [viewer.post(f"/groups/{group_id}/players/{players['Ann']}/rename", {"name": "X"}, htmx=htmx),
               viewer.post(f"/groups/{group_id}/players/merge", {"keep": players["Ann"], "merge": players["Eve"]}),
               viewer.post(f"/groups/{group_id}/matches/{game_1}/delete"),
               viewer.post(f"/groups/{group_id}/codes"),
               viewer.get(f"/groups/{group_id}/data"),
               viewer.get(f"/groups/{group_id}/export/matches.jsonl"),
               viewer.get(f"/matches/{game_1}"),
               viewer.get(f"/matches/new?group={group_id}")]
    assert [r.status_code for r in refused] == [403] * len(refused)
    assert sorted(name for _, name in _players(app, group_id)) == ["Ann", "Bob", "Cy", "Di", "Eve"]
    assert len(match_ids(app, group_id)) == 2


def test_replacing_the_codes_also_ends_the_read_only_link(client, app):
    group_id, _, _ = thursday(client)
    link = view_url(client, group_id)
    viewer = stranger(app)
    viewer.get(link)
    client.post(f"/groups/{group_id}/codes")
    assert viewer.get(f"/groups/{group_id}").status_code == 403
    assert stranger(app).get(link).status_code == 404


def _players(app, group_id: int) -> list[tuple[int, str]]:
    from extensions import db
    from models import Player

    with app.app_context():
        return [(p.id, p.name) for p in db.session.query(Player).filter_by(group_id=group_id)]
