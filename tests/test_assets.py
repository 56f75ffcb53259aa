"""Scripts and stylesheets are addressed by their content (``web.assets``): a page always names the version it was
drawn for, a phone may keep that address for good, and an updated file reaches every phone on its next page."""
from __future__ import annotations

import hashlib
import html
import re
import shutil
from pathlib import Path

import pytest
from flask import url_for

from web.assets import CHECKED_EACH_TIME, KEPT_FOR_GOOD

STATIC = Path(__file__).resolve().parent.parent / "static"
ADDRESSES = re.compile(r'<(?:script[^>]*\ssrc|link[^>]*\shref)="(/static/[^"]+)"')


def version_of(name: str) -> str:
    return hashlib.sha256((STATIC / name).read_bytes()).hexdigest()[:12]


def addresses(client, url: str) -> dict[str, str]:
    """Each static file a page names, by its path: the address it names it by."""
    page = client.get(url).get_data(as_text=True)
    return {address.partition("?")[0]: html.unescape(address) for address in ADDRESSES.findall(page)}


@pytest.fixture()
def own_static(app, tmp_path):
    """The app's static files in a folder of the test's own, which it may change."""
    folder = tmp_path / "static"
    shutil.copytree(STATIC, folder)
    before, app.static_folder = app.static_folder, str(folder)
    yield folder
    app.static_folder = before


@pytest.mark.parametrize("htmx", [False, True])
def test_every_script_and_stylesheet_is_named_by_its_content(client, htmx):
    named = addresses(client, "/")
    for name in ("app.js", "app.css", "htmx.min.js"):
        assert named[f"/static/{name}"] == f"/static/{name}?v={version_of(name)}"
    # the manifest and the icons keep their plain addresses (an installed app knows its manifest by it)
    assert named["/static/manifest.webmanifest"] == "/static/manifest.webmanifest"
    assert named["/static/icons/icon-192.png"] == "/static/icons/icon-192.png"
    answer = client.get(named["/static/app.js"], htmx=htmx)  # the same file, asked by htmx or not
    assert answer.status_code == 200 and answer.data == (STATIC / "app.js").read_bytes()


def test_a_night_page_names_its_own_stylesheets_by_their_content(client):
    from tests.night_helpers import create_night

    named = addresses(client, f"/nights/{create_night(client)}")
    assert named["/static/night.css"] == f"/static/night.css?v={version_of('night.css')}"


def test_a_changed_file_has_a_new_address(app, own_static):
    with app.test_request_context("/"):
        before = url_for("static", filename="app.js")
        assert url_for("static", filename="app.js") == before  # unchanged: the same address
        with (own_static / "app.js").open("a") as script:
            script.write("\n/* the next version */\n")
        after = url_for("static", filename="app.js")
    assert before != after
    assert after == "/static/app.js?v=" + hashlib.sha256((own_static / "app.js").read_bytes()).hexdigest()[:12]


def test_the_current_version_is_kept_for_good_and_any_other_address_is_checked_each_time(client):
    current = addresses(client, "/")["/static/app.js"]
    kept = client.get(current)
    assert kept.status_code == 200 and kept.headers["Cache-Control"] == KEPT_FOR_GOOD
    again = client.raw.get(current, headers={"If-None-Match": kept.headers["ETag"]})
    assert again.status_code == 304 and again.headers["Cache-Control"] == KEPT_FOR_GOOD
    # a page kept from before an update asks for its old version: it gets the file as it is now, not for good
    for address in ("/static/app.js", "/static/app.js?v=0123456789ab", "/static/app.js?v=" + "9" * 5000,
                    "/static/app.js?v=%00", "/static/app.js?v=%3Cscript%3E"):
        answer = client.get(address)
        assert answer.status_code == 200, address
        assert answer.headers["Cache-Control"] == CHECKED_EACH_TIME, address
        assert answer.data == kept.data
    assert client.get("/static/icons/icon-192.png").headers["Cache-Control"] == CHECKED_EACH_TIME
    part = client.raw.get(current, headers={"Range": "bytes=0-9"})  # a byte range of the same version
    assert part.status_code == 206 and part.headers["Cache-Control"] == KEPT_FOR_GOOD


@pytest.mark.parametrize("address", ["/static/no-such-file.js?v=1", "/static/../app.py", "/static/%00.js?v=1"])
def test_an_address_with_no_file_is_not_found(client, address):
    assert client.get(address).status_code == 404

