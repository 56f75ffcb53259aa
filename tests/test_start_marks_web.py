"""A Midwest pepper game carried on from paper brings its hickeys with it ([003] pepper (Midwest), Points & Wins):
the new-match form offers them only where the variant counts them, the referee checks them, the match keeps and
exports them (``start_marks``), and an import reads them back. With and without htmx."""
from __future__ import annotations

import json
import re
from html import unescape

import pytest

from tests.app_helpers import create_match, setup_data, slug_in

MW = "midwest-pepper"
NAMES = ("Ann", "Bob", "Cy", "Di")


def with_marks(marks: list, variant: str = MW, **kwargs) -> dict[str, str]:
    data = setup_data(variant, NAMES, **kwargs)
    data.update({f"start_mark_{i}": str(value) for i, value in enumerate(marks)})
    return data


def started(client, data: dict, htmx: bool) -> str:
    """Start a match from ``data``: the new match's slug (a redirect, or htmx's HX-Redirect)."""
    response = client.post("/matches/new", data, htmx=htmx)
    if htmx:
        assert response.status_code == 200, response.get_data(as_text=True)
        return slug_in(response.headers["HX-Redirect"])
    assert response.status_code == 303, response.get_data(as_text=True)
    return slug_in(response.headers["Location"])


def summary(html: str) -> list[str]:
    box = re.search(r'id="setup-problems">(.*?)</div>', html, re.S)
    assert box, "no summary by the Start button"
    return [unescape(re.sub(r"<[^>]+>", "", item)).strip() for item in re.findall(r"<li>(.*?)</li>", box.group(1), re.S)]


@pytest.mark.parametrize("htmx", [False, True])
def test_the_form_offers_hickeys_only_where_the_variant_counts_them(client, htmx):
    pepper = client.get(f"/matches/new?variant={MW}", htmx=htmx).get_data(as_text=True)
    assert 'name="start_mark_0"' in pepper and 'name="start_mark_1"' in pepper and 'name="start_mark_2"' not in pepper
    assert "start totals and hickeys" in pepper
    for other in ("euchre", "grinnell-pepper", "eau-claire-clubs", "dirty-clubs"):
        html = client.get(f"/matches/new?variant={other}", htmx=htmx).get_data(as_text=True)
        assert "start_mark_" not in html and "hickey" not in html.lower(), other


@pytest.mark.parametrize("htmx", [False, True])
def test_carried_hickeys_are_kept_shown_exported_and_counted_on(client, htmx):
    slug = started(client, with_marks([2, 1], start=[20, 30]), htmx)
    doc = client.get(f"/matches/{slug}/export.json").get_json()
    assert doc["start_marks"] == [2, 1] and doc["start_totals"] == [20, 30]
    html = client.get(f"/matches/{slug}", htmx=htmx).get_data(as_text=True)
    assert "2 hickeys" in html and "1 hickey<" in html
    # a hand that fixes Ann & Cy adds one more to the two they brought ([003]: fixed, -5 and a hickey)
    from referee import score_match
    result = score_match(dict(doc, hands=[{"maker": 0, "bid": 5, "tricks": 4}])).to_json()
    assert result["marks"] == [3, 1]


@pytest.mark.parametrize("htmx", [False, True])
def test_no_hickeys_typed_means_none_carried(client, htmx):
    slug = started(client, with_marks(["", ""]), htmx)
    assert "start_marks" not in client.get(f"/matches/{slug}/export.json").get_json()
    slug = started(client, with_marks(["0", "3"]), htmx)  # an empty field next to a count is none
    assert client.get(f"/matches/{slug}/export.json").get_json()["start_marks"] == [0, 3]


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("value, words", [
    ("-1", "Hickeys go from 0 to 999."),
    ("1000", "Hickeys go from 0 to 999."),
    (str(2**31), "Hickeys go from 0 to 999."),
    ("<script>alert(1)</script>", "Hickeys go from 0 to 999."),
    ("2\x00", "Hickeys go from 0 to 999."),
])
def test_impossible_hickeys_are_refused_next_to_their_field(client, htmx, value, words):
    response = client.post("/matches/new", with_marks(["0", value]), htmx=htmx)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert f"Seat 2 & Seat 4, hickeys: {words}" in summary(html)
    assert 'href="#start_mark_1"' in html and "<script>alert" not in html
    field = html[html.index('id="start_mark_1"'):]
    assert words in unescape(field[:field.index("</div>")])  # the message sits by its field


@pytest.mark.parametrize("htmx", [False, True])
def test_hickeys_posted_for_a_game_without_them_are_ignored(client, htmx):
    slug = started(client, with_marks(["3", "1"], variant="euchre"), htmx)
    assert "start_marks" not in client.get(f"/matches/{slug}/export.json").get_json()


def document(variant: str = MW, **keys) -> str:
    return json.dumps({"format": "euchre-match/1", "variant": variant, "players": list(NAMES), "hands": [], **keys})


@pytest.mark.parametrize("htmx", [False, True])
def test_an_import_carries_its_hickeys_and_the_export_gives_them_back(client, htmx):
    response = client.post("/matches/import", {"document": document(start_marks=[4, 0])}, htmx=htmx)
    assert response.status_code == (200 if htmx else 303)
    slug = slug_in(response.headers["HX-Redirect" if htmx else "Location"])
    assert client.get(f"/matches/{slug}/export.json").get_json()["start_marks"] == [4, 0]


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("doc, words", [
    (document("euchre", start_marks=[1, 0]), "Euchre counts points only, so a match of it carries no marks over."),
    (document(start_marks=[-1, 0]), "a side only ever gains hickeys"),
    (document(start_marks=[10**12, 0]), "A side can carry at most 999 marks over."),
])
def test_an_import_with_impossible_marks_is_refused(client, app, htmx, doc, words):
    response = client.post("/matches/import", {"document": doc}, htmx=htmx)
    assert response.status_code == 422
    assert words in unescape(response.get_data(as_text=True))


def test_a_form_sent_without_the_hickey_fields_still_starts(client):
    slug = create_match(client, MW, NAMES, start=[5, 6])  # a page drawn before the fields existed
    doc = client.get(f"/matches/{slug}/export.json").get_json()
    assert doc["start_totals"] == [5, 6] and "start_marks" not in doc


@pytest.mark.parametrize("htmx", [False, True])
def test_a_group_import_keeps_the_hickeys_and_tells_matches_apart_by_them(client, htmx):
    from tests.group_helpers import create_group
    from tests.test_groups_io import import_text, jsonl

    group_id = create_group(client)
    lines = [document(start_marks=[2, 0], played="2025-03-06"), document(played="2025-03-06")]
    response = import_text(client, group_id, "\n".join(lines) + "\n", htmx=htmx)
    assert "Imported 2 matches." in response.get_data(as_text=True)  # not "the same as line 1"
    exported = [json.loads(line) for line in jsonl(client, group_id)]
    assert sorted(str(doc.get("start_marks")) for doc in exported) == ["None", "[2, 0]"]
