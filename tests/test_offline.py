"""The installable app: the manifest and its icons, the service worker served for the whole site,
and the hand form marked for the outbox (a new hand only: an edit is never kept for later)."""
from __future__ import annotations

import json
import struct

from tests.app_helpers import add_hand, create_match
from tests.test_hand_flow import hand_ids

ICON_SIZES = {"192x192", "512x512"}


def test_every_page_links_the_manifest_and_its_icons(client):
    html = client.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/static/manifest.webmanifest">' in html
    response = client.get("/static/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.get_data(as_text=True))
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert {icon["sizes"] for icon in manifest["icons"]} >= ICON_SIZES
    assert any(icon["purpose"] == "maskable" for icon in manifest["icons"])
    for icon in manifest["icons"]:
        png = client.get(icon["src"])
        assert png.status_code == 200 and png.mimetype == "image/png"
        width, height = struct.unpack(">II", png.data[16:24])  # the PNG's own header says its size
        assert f"{width}x{height}" == icon["sizes"]


def test_the_service_worker_is_served_from_the_root_for_every_page(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response.headers["Cache-Control"]
    assert 'addEventListener("fetch"' in response.get_data(as_text=True)
    assert 'data-service-worker="/sw.js"' in client.get("/").get_data(as_text=True)


def test_only_a_new_hand_goes_to_the_outbox(client, app):
    match_id = create_match(client)
    html = client.get(f"/matches/{match_id}").get_data(as_text=True)
    assert 'id="hand-form"' in html and 'data-outbox="hand"' in html
    assert 'id="outbox"' in html
    add_hand(client, match_id, maker=1, tricks=3)
    hand_id = hand_ids(app, match_id)[0]
    for htmx in (False, True):
        edit = client.get(f"/matches/{match_id}/hands/{hand_id}/edit", htmx=htmx).get_data(as_text=True)
        assert 'id="hand-form"' in edit and "data-outbox" not in edit


def test_a_night_table_keeps_its_hands_in_the_outbox_too(client, app):
    from tests.night_helpers import check_in, create_night, start, table_codes

    slug = create_night(client)
    check_in(client, slug, ["Ann", "Bo", "Cy", "Di", "Ed"])
    start(client, slug)
    html = client.get(f"/t/{table_codes(app, slug)[1]}").get_data(as_text=True)
    assert 'id="hand-form"' in html and 'data-outbox="hand"' in html and 'id="outbox"' in html
