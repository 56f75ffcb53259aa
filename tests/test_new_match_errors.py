"""The new-match page's refusals are where the thumb is: summed up right above the Start button (and
scrolled to), each linking to its field, with and without htmx; start totals are the referee's to check."""
from __future__ import annotations

import re
from html import unescape

import pytest

from tests.app_helpers import setup_data


def summary(html: str) -> list[str]:
    box = re.search(r'<div class="flash setup-problems" role="alert" id="setup-problems">(.*?)</div>', html, re.S)
    assert box, "no summary by the Start button"
    return [unescape(re.sub(r"<[^>]+>", "", item)).strip() for item in re.findall(r"<li>(.*?)</li>", box.group(1), re.S)]


@pytest.mark.parametrize("htmx", [False, True])
def test_two_seats_with_one_name_and_two_empty_seats_are_summed_up_by_the_button(client, htmx):
    response = client.post("/matches/new", setup_data(names=("Ann", "", "ann", "  ")), htmx=htmx)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert summary(html) == ["Write a name for seat 2.", "ann already has a seat; give each seat its own name.",
                             "Write a name for seat 4."]
    assert html.index('id="setup-problems"') < html.index('id="start-match"')  # right above the button
    assert 'href="#name_2"' in html  # each line leads to its field
    assert 'action="/matches/new#setup-problems"' in html and 'show:#setup-problems:top' in html


@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize("variant, names, start, words", [
    ("euchre", ("Ann", "Bob", "Cy", "Di"), [10, 3], "cannot start at 10"),
    ("eau-claire-clubs", ("Ann", "Bob", "Cy", "Di"), [21, 0], "cannot start at 21"),
    ("euchre", ("Ann", "Bob", "Cy", "Di"), [4, None], "Give every side a start total"),
])
def test_start_totals_the_referee_refuses_are_summed_up_too(client, htmx, variant, names, start, words):
    response = client.post("/matches/new", setup_data(variant, names, start=start), htmx=htmx)
    assert response.status_code == 422
    assert any(words in line for line in summary(response.get_data(as_text=True)))


def test_a_good_start_shows_no_summary(client):
    response = client.get("/matches/new?variant=euchre")
    assert 'id="setup-problems"' not in response.get_data(as_text=True)
