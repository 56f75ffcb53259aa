"""A group's data out and back in: the match documents (JSON lines) round-trip exactly, the CSV
files hold the known answers, and the import reports what it skipped; a bad file changes nothing."""
from __future__ import annotations

import csv
import io
import json
import re
from datetime import datetime, timezone
from html import unescape

import pytest

from tests.app_helpers import stored_match
from tests.group_helpers import a_year, create_group, group_match, play, thursday


def jsonl(client, group_id: int) -> list[str]:
    response = client.get(f"/groups/{group_id}/export/matches.jsonl")
    assert response.status_code == 200 and response.mimetype == "application/jsonl"
    assert f'filename="group-{group_id}-matches.jsonl"' in response.headers["Content-Disposition"]
    return response.get_data(as_text=True).splitlines()


def count_matches(app) -> int:
    from extensions import db
    from models import Match

    with app.app_context():
        return db.session.scalar(db.select(db.func.count()).select_from(Match))


def import_text(client, group_id: int, text: str | bytes, htmx: bool = False, as_file: bool = True):
    data = {"file": (io.BytesIO(text if isinstance(text, bytes) else text.encode()), "matches.jsonl")} if as_file \
        else {"document": text}
    return client.post(f"/groups/{group_id}/import", data, htmx=htmx, content_type="multipart/form-data")


def test_each_line_is_the_match_document(client):
    group_id, game_1, game_2 = thursday(client)
    lines = jsonl(client, group_id)
    assert len(lines) == 2
    for line, match_id in zip(lines, (game_1, game_2)):
        assert json.loads(line) == client.get(f"/matches/{match_id}/export.json").get_json()
    first = json.loads(lines[0])
    assert first["players"] == ["Ann", "Bob", "Cy", "Di"] and first["hands"][1] == {"maker": 2, "trump": "S",
                                                                                   "alone": True, "tricks": 5}


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_round_trip_into_a_new_group_is_equal(client, app, htmx):
    from web import stats

    group_id, _, _ = thursday(client)
    group_match(client, group_id, names=("Ann", "Bob", "Cy", "Flo"))  # one still being played, no hands
    exported = jsonl(client, group_id)
    copy = create_group(client, "Copy")
    response = import_text(client, copy, "\n".join(exported) + "\n", htmx=htmx)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "Imported 3 matches." in html and ("<html" in html) is not htmx
    assert jsonl(client, copy) == exported
    with app.app_context():
        def table(gid):
            return sorted((p.name, p.games, p.wins, p.maker_hands, p.made, p.euchred, p.marches, p.loners,
                           p.points, p.hands) for p in stats.players(gid))
        assert table(copy) == table(group_id)
        assert [(r.name, r.mu) for r in stats.ratings(copy).players] == \
            [(r.name, r.mu) for r in stats.ratings(group_id).players]


def test_importing_the_same_file_again_skips_every_match(client, app):
    group_id, game_1, _ = thursday(client)
    exported = "\n".join(jsonl(client, group_id))
    before = count_matches(app)
    response = import_text(client, group_id, exported)
    html = response.get_data(as_text=True)
    assert response.status_code == 422 and count_matches(app) == before
    assert "Line 1: This match is already in the group" in html and "Line 2: This match is already in the group" in html
    assert f'href="/groups/{group_id}/matches/{game_1}"' in html  # each line links to the match it repeats
    assert "nothing was imported" in html


def test_import_reports_each_line_it_skipped(client, app):
    group_id, game_1, _ = thursday(client)
    good = json.loads(jsonl(client, group_id)[0])
    new = dict(good, players=["Ann", "Bob", "Cy", "Gus"], played="2024-12-31T20:00:00Z")  # another evening
    lines = [
        json.dumps(new),                                                     # 1 imported
        "",                                                                  # blank: not counted
        "{not json",                                                         # 3
        "[1, 2]",                                                            # 4
        json.dumps(dict(new, variant="snap")),                               # 5
        json.dumps(dict(new, hands=[{"maker": 1, "tricks": 6}])),            # 6
        json.dumps(dict(new, players=["Ann", "Ann", "Cy", "Di"])),           # 7
        json.dumps(good),                                                    # 8 already there
        json.dumps(dict(new, hands=[{"maker": 1, "tricks": 3, "colour": "red"}])),  # 9
    ]
    before = count_matches(app)
    html = import_text(client, group_id, "\n".join(lines)).get_data(as_text=True)
    assert "Imported 1 match." in html and count_matches(app) == before + 1
    skipped = re.search(r'<ul class="skipped" id="skipped">(.*?)</ul>', html, re.S).group(1)
    reasons = {int(n): unescape(why) for n, why in re.findall(r"<li>Line (\d+): (.*?)</li>", skipped)}
    assert sorted(reasons) == [3, 4, 5, 6, 7, 8, 9]
    assert reasons[3].startswith("This line is not valid JSON")
    assert reasons[4] == "Not a match document (a JSON object, {…})"
    assert "snap" in reasons[5]
    assert reasons[6].startswith("Hand 1: ")
    assert reasons[7] == "Each player may sit at the table only once."
    assert reasons[8].startswith("This match is already in the group (the match of ")
    assert "colour" in reasons[9]
    assert "Gus" in client.get(f"/groups/{group_id}/players").get_data(as_text=True)


@pytest.mark.parametrize("body, message", [
    (b"\xff\xfe\x00garbage", "This file is not text (UTF-8)"),
    (b"", "Choose a file or paste match documents."),
    (b"\n\n  \n", "The file is empty"),
    (b"match,hand,dealer\n1,1,Ann\n", "No line of this file is a match this app can import"),
])
def test_a_bad_file_changes_nothing(client, app, body, message):
    group_id, _, _ = thursday(client)
    before = count_matches(app)
    response = import_text(client, group_id, body) if body else import_text(client, group_id, "", as_file=False)
    assert response.status_code == 422 and message in response.get_data(as_text=True)
    assert count_matches(app) == before


def test_a_failure_half_way_changes_nothing(client, app, monkeypatch):
    from sqlalchemy.exc import OperationalError

    from services import new_matches

    group_id, _, _ = thursday(client)
    exported = jsonl(client, group_id)
    copy = create_group(client, "Copy")
    real = new_matches.build_match
    calls = []

    def failing(doc, result, gid=None):
        calls.append(doc)
        if len(calls) == 2:
            raise OperationalError("INSERT", {}, Exception("disk full"))
        return real(doc, result, gid)

    monkeypatch.setattr(new_matches, "build_match", failing)
    before = count_matches(app)
    response = import_text(client, copy, "\n".join(exported))
    # a database that cannot be written (a full disk) is the app's plain 503 (issue 18)
    assert response.status_code == 503 and "nothing was changed" in response.get_data(as_text=True)
    assert count_matches(app) == before and jsonl(client, copy) == []
    assert "Ann" not in client.get(f"/groups/{copy}/players").get_data(as_text=True)


def test_paste_one_match_document_downloaded_from_its_page(client, app):
    group_id, game_1, _ = thursday(client)
    pretty = client.get(f"/matches/{game_1}/export.json").get_data(as_text=True)
    copy = create_group(client, "Copy")
    response = import_text(client, copy, pretty, as_file=False)
    assert response.status_code == 200 and "Imported 1 match." in response.get_data(as_text=True)
    assert [json.loads(line) for line in jsonl(client, copy)] == [json.loads(pretty)]


def test_a_file_over_a_megabyte_is_accepted(client, app):
    """The app refuses bodies over 1 MB; a group's whole history may be bigger."""
    group_id, _, _ = thursday(client)
    line = json.loads(jsonl(client, group_id)[0])
    big = json.dumps(dict(line, players=["Ann", "Bob", "Cy", "Hal"], played="2024-12-31")) + " " * (1024 * 1024 + 10)
    response = import_text(client, group_id, big)
    assert response.status_code == 200 and "Imported 1 match." in response.get_data(as_text=True)


def test_import_needs_the_csrf_token(client, app):
    group_id, _, _ = thursday(client)
    before = count_matches(app)
    response = client.post(f"/groups/{group_id}/import", {"document": jsonl(client, group_id)[0]}, csrf=False)
    assert response.status_code == 400 and count_matches(app) == before


def match_number(app, slug: str) -> int:
    """The match's number in the CSV files (its id: the files' own key from a hand to its match)."""
    with app.app_context():
        return stored_match(slug).id


def test_matches_csv(client, app):
    group_id, game_1, game_2 = thursday(client)
    response = client.get(f"/groups/{group_id}/export/matches.csv")
    assert response.mimetype == "text/csv"
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True))))
    assert [(r["match"], r["variant"], r["status"], r["winner"], r["total_1"], r["total_2"], r["hands"])
            for r in rows] == [(str(match_number(app, game_1)), "euchre", "finished", "Ann & Cy", "6", "1", "3"),
                               (str(match_number(app, game_2)), "euchre", "finished", "Bob & Di", "4", "6", "7")]
    assert [rows[1][f"seat_{i}"] for i in range(1, 5)] == ["Ann", "Bob", "Eve", "Di"]
    assert rows[0]["result"].startswith("Ann & Cy win 6-1")


def test_hands_csv(client, app):
    group_id, game_1, game_2 = thursday(client)
    text = client.get(f"/groups/{group_id}/export/hands.csv").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert len(rows) == 10
    second = rows[1]
    assert (second["match"], second["hand"], second["dealer"], second["maker"], second["trump"], second["alone"],
            second["tricks"], second["points_1"], second["points_2"], second["total_1"], second["total_2"],
            second["events"]) == (str(match_number(app, game_1)), "2", "Bob", "Cy", "spades", "yes", "5", "4", "0", "4", "1",
                                  "alone lone-march")
    void = rows[8]
    assert (void["hand"], void["maker"], void["events"], void["total_1"], void["total_2"]) == ("6", "", "void", "4", "4")


def test_csv_cells_are_never_formulas(client):
    group_id = create_group(client)
    match_id = group_match(client, group_id, names=("=1+1", "@Bob", "Cy", "-Di"))
    play(client, match_id, [{"maker": 0, "trump": "H", "tricks": 3}])
    rows = list(csv.reader(io.StringIO(client.get(f"/groups/{group_id}/export/hands.csv").get_data(as_text=True))))
    assert rows[1][2:4] == ["'=1+1", "'=1+1"]
    matches = list(csv.reader(io.StringIO(client.get(f"/groups/{group_id}/export/matches.csv").get_data(as_text=True))))
    assert matches[1][5:9] == ["'=1+1", "'@Bob", "Cy", "'-Di"]


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
def test_downloads_are_files_either_way(client, htmx):
    group_id, _, _ = thursday(client)
    for name in ("matches.csv", "hands.csv", "matches.jsonl"):
        response = client.get(f"/groups/{group_id}/export/{name}", htmx=htmx)
        assert response.status_code == 200 and "attachment" in response.headers["Content-Disposition"]


def test_export_dates_every_match_and_the_import_keeps_the_dates(client, app):
    from extensions import db
    from models import Match

    group_id, game_1, game_2 = thursday(client)
    with app.app_context():  # played on two evenings last winter
        by_slug = {m.slug: m for m in db.session.scalars(db.select(Match))}
        by_slug[game_1].created_at = datetime(2025, 3, 6, 19, 30, tzinfo=timezone.utc)
        by_slug[game_2].created_at = datetime(2025, 3, 13, 20, 15, 5, tzinfo=timezone.utc)
        db.session.commit()
    lines = jsonl(client, group_id)
    assert [json.loads(line)["played"] for line in lines] == ["2025-03-06T19:30:00Z", "2025-03-13T20:15:05Z"]
    copy = create_group(client, "Copy")
    assert import_text(client, copy, "\n".join(lines)).status_code == 200
    assert jsonl(client, copy) == lines
    march = client.get(f"/groups/{copy}/matches?since=2025-03-01&until=2025-03-31").get_data(as_text=True)
    assert "2 matches" in march
    assert "1 match" in client.get(f"/groups/{copy}/matches?since=2025-03-10").get_data(as_text=True)


def test_a_match_is_recognised_after_its_players_are_renamed_or_merged(client, app):
    group_id, _, _ = thursday(client)
    exported = "\n".join(jsonl(client, group_id))
    players = {name: pid for pid, name in _players(app, group_id)}
    assert client.post(f"/groups/{group_id}/players/{players['Ann']}/rename", {"name": "Annie"}).status_code == 303
    assert client.post(f"/groups/{group_id}/players/merge",
                       {"keep": players["Bob"], "merge": players["Eve"]}).status_code in (303, 422)
    before = count_matches(app)
    html = import_text(client, group_id, exported).get_data(as_text=True)
    assert count_matches(app) == before and "nothing was imported" in html
    assert "Ann" not in [name for _, name in _players(app, group_id)]  # the old name is not brought back


def test_a_line_repeated_in_one_file_is_imported_once(client, app):
    group_id, _, _ = thursday(client)
    line = jsonl(client, group_id)[0]
    copy = create_group(client, "Copy")
    html = import_text(client, copy, "\n".join([line, line, line])).get_data(as_text=True)
    assert "Imported 1 match." in html and count_matches_in(app, copy) == 1
    assert "Line 2: This match is the same as line 1" in html and "Line 3: This match is the same as line 1" in html


def test_a_played_key_that_is_not_a_date_is_refused(client):
    group_id, _, _ = thursday(client)
    line = json.loads(jsonl(client, group_id)[0])
    copy = create_group(client, "Copy")
    html = import_text(client, copy, json.dumps(dict(line, played="last Thursday"))).get_data(as_text=True)
    assert "Line 1: The date it was played is not a date" in html


def _players(app, group_id: int) -> list[tuple[int, str]]:
    from extensions import db
    from models import Player

    with app.app_context():
        return [(p.id, p.name) for p in db.session.query(Player).filter_by(group_id=group_id)]


def count_matches_in(app, group_id: int) -> int:
    from extensions import db
    from models import Match

    with app.app_context():
        return db.session.query(Match).filter_by(group_id=group_id).count()


def test_the_matches_csv_dates_each_game_by_its_evening_in_the_groups_time_zone(client, app):
    """New York: game 1 at 19:30 and game 2 at 00:30 the next morning are one evening, Wednesday 12
    November, as the group's pages say, though both were played on the 13th in UTC."""
    group_id, _ = a_year(client, app)
    rows = list(csv.DictReader(io.StringIO(client.get(f"/groups/{group_id}/export/matches.csv").get_data(as_text=True))))
    assert [r["date"] for r in rows] == ["2025-11-12", "2025-11-12", "2025-11-19"]
    history = client.get(f"/groups/{group_id}/evenings").get_data(as_text=True)
    assert 'id="evening-2025-11-12"' in history and 'id="evening-2025-11-19"' in history
