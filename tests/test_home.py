import pytest

from tests.app_helpers import create_match


def test_home_page(client):
    response = client.get("/")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" in html and "New match" in html


def test_home_fragment_for_htmx(client):
    response = client.get("/", htmx=True)
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<html" not in html and "New match" in html
    assert "HX-Request" in response.headers.get("Vary", "")


@pytest.mark.parametrize("htmx", [False, True])
def test_home_lists_matches_loaded_by_the_view(client, htmx):
    """The rows' players come with the matches: no statement runs while the page renders (the render
    guard in conftest fails the test if one does)."""
    for names in (("Ann", "Bob", "Cy", "Di"), ("Eve", "Fay", "Gus", "Hal")):
        create_match(client, names=names)
    html = client.get("/", htmx=htmx).get_data(as_text=True)
    assert "Ann, Bob, Cy, Di" in html and "Eve, Fay, Gus, Hal" in html
