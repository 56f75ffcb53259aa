"""Page weight on the venue's Wi-Fi: the first load of a match page, as a phone fetches it (the HTML,
every stylesheet and script it references, and the favicon a browser asks for), is at most 60 KB
over the wire, htmx included; each fragment htmx fetches from it is at most 8 KB.

"Over the wire" is the status line, the headers and the body as sent, gzip included: the test
client does not decode, so ``response.data`` is what was sent.
"""
from __future__ import annotations

import gzip
import html as html_module
import json
import re

import pytest
import referee

from tests.app_helpers import create_match, form_state, slug_in

PAGE_BUDGET = 60_000
FRAGMENT_BUDGET = 8_000
GZIP = {"Accept-Encoding": "gzip"}
NAMES = ("Margaret", "Bartholomew", "Christabel", "Maximilian", "Evangeline", "Florentina")


def transferred(response) -> int:
    head = f"HTTP/1.1 {response.status}\r\n" + "".join(f"{k}: {v}\r\n" for k, v in response.headers.items()) + "\r\n"
    return len(head.encode("latin-1")) + len(response.data)


def body(response) -> bytes:
    return gzip.decompress(response.data) if response.headers.get("Content-Encoding") == "gzip" else response.data


def first_load(client, url: str) -> dict[str, int]:
    """Bytes over the wire for each request a browser makes to show ``url`` the first time."""
    page = client.raw.get(url, headers=GZIP)
    assert page.status_code == 200 and page.headers["Content-Encoding"] == "gzip"
    html = body(page).decode()
    named = re.findall(r'<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+)"', html)
    assets = [html_module.unescape(address) for address in named]
    paths = [asset.partition("?")[0] for asset in assets]  # scripts and stylesheets: "?v=" and their version
    assert "/static/htmx.min.js" in paths and "/static/app.css" in paths and "/static/app.js" in paths
    sizes = {url: transferred(page)}
    for asset, path in [*zip(assets, paths), ("/favicon.ico", "/favicon.ico")]:  # no <link rel=icon>: a browser asks
        response = client.raw.get(asset, headers=GZIP)
        if asset != "/favicon.ico":
            assert response.status_code == 200, asset
            assert body(response) == client.raw.get(asset).data  # the gzip is the real file
        sizes[path] = transferred(response)
    return sizes


def long_euchre(client) -> int:
    """A close game of euchre near its end: 18 hands at 9-9, and two thrown in."""
    hands = [{"maker": i % 4, "trump": "HSDC"[i % 4], "tricks": 3} for i in range(18)] + [{"void": True}] * 2
    doc = {"variant": "euchre", "players": list(NAMES[:4]), "first_dealer": 0, "rules": {"target": 10},
           "hands": hands}
    response = client.post("/matches/import", {"document": json.dumps(doc)})
    assert response.status_code == 303, response.get_data(as_text=True)
    return slug_in(response.headers["Location"])


def test_first_load_of_a_long_match_page(client):
    match_id = long_euchre(client)
    sizes = first_load(client, f"/matches/{match_id}")
    html = body(client.raw.get(f"/matches/{match_id}", headers=GZIP)).decode()
    assert 'id="total-0">9<' in html and 'id="total-1">9<' in html and "Hands <small>20<" in html
    assert sum(sizes.values()) <= PAGE_BUDGET, sizes
    assert sizes["/static/htmx.min.js"] < 52_000  # compressed: the file itself is 52 KB


@pytest.mark.parametrize("key", sorted(referee.VARIANTS))
def test_first_load_of_every_game(client, key):
    variant = referee.get_variant(key)
    match_id = create_match(client, variant=key, names=NAMES[:variant.default_players])
    sizes = first_load(client, f"/matches/{match_id}")
    assert sum(sizes.values()) <= PAGE_BUDGET, sizes


def htmx_post(client, url: str, data: dict):
    return client.raw.post(url, data=data, headers={**GZIP, "HX-Request": "true", "X-CSRFToken": client.token})


def htmx_get(client, url: str):
    return client.raw.get(url, headers={**GZIP, "HX-Request": "true"})


def test_every_fragment_of_a_long_match(client):
    match_id = long_euchre(client)
    base = f"/matches/{match_id}"
    state = form_state(client.get(base).get_data(as_text=True))
    hand = dict(state, outcome="played", maker="1", trump="H", tricks="3")
    hand_id = re.search(r'/hands/(\d+)/edit"[^>]*id="edit-1"', client.get(base).get_data(as_text=True)).group(1)
    fragments = {
        "preview": (htmx_post(client, f"{base}/preview", hand), 200),
        "refused hand": (htmx_post(client, f"{base}/hands", dict(hand, tricks="9")), 422),
        "hand saved": (htmx_post(client, f"{base}/hands", hand), 200),
        "stale hand": (htmx_post(client, f"{base}/hands", dict(hand, token="another-token-1")), 409),
        "edit form": (htmx_get(client, f"{base}/hands/{hand_id}/edit"), 200),
        "stale edit": (htmx_post(client, f"{base}/hands/{hand_id}", hand), 409),
        "stale delete": (htmx_post(client, f"{base}/hands/{hand_id}/delete", {"version": "1"}), 409),
        "stale undo": (htmx_post(client, f"{base}/undo", {"version": "1"}), 409),
        "cancel": (htmx_get(client, base), 200),
        "what if": (htmx_get(client, f"{base}/hands/3/what-if?change=more"), 200),
    }
    version = form_state(body(fragments["cancel"][0]).decode())["version"]
    fragments["edit saved"] = (htmx_post(client, f"{base}/hands/{hand_id}", dict(
        hand, version=version, maker="0", trump="S")), 200)
    version = form_state(body(fragments["edit saved"][0]).decode())["version"]
    fragments["undo"] = (htmx_post(client, f"{base}/undo", {"version": version}), 200)
    for name, (response, status) in fragments.items():
        assert response.status_code == status, (name, response.status_code)
        assert "<html" not in body(response).decode(), name  # a fragment, not the page
    sizes = {name: transferred(response) for name, (response, _) in fragments.items()}
    assert max(sizes.values()) <= FRAGMENT_BUDGET, sizes
    # the big ones count because they are compressed: the whole scoresheet is far over the budget raw
    assert len(body(fragments["hand saved"][0])) > FRAGMENT_BUDGET


@pytest.mark.parametrize("key", sorted(referee.VARIANTS))
def test_hand_form_fragments_of_every_game(client, key):
    variant = referee.get_variant(key)
    match_id = create_match(client, variant=key, names=NAMES[:variant.default_players])
    base = f"/matches/{match_id}"
    state = form_state(client.get(base).get_data(as_text=True))
    responses = [htmx_post(client, f"{base}/preview", dict(state, outcome="played", maker="0")),
                 htmx_post(client, f"{base}/hands", dict(state, outcome="played", maker="0", trump="bogus")),
                 htmx_post(client, f"{base}/hands", dict(state, outcome="void"))]
    assert [r.status_code for r in responses] == [200, 422, 200]
    assert max(transferred(r) for r in responses) <= FRAGMENT_BUDGET


def test_static_files_revalidate_without_resending(client):
    first = client.raw.get("/static/htmx.min.js", headers=GZIP)
    etag = first.headers["ETag"]
    assert etag.startswith('W/"')  # the gzip form of the file: a weak validator
    again = client.raw.get("/static/htmx.min.js", headers={**GZIP, "If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    assert "Accept-Encoding" in first.headers["Vary"]


def test_no_gzip_for_a_phone_that_does_not_ask(client):
    response = client.raw.get("/static/htmx.min.js", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in response.headers and len(response.data) > 50_000
