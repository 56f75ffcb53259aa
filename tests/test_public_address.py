"""The address phones open (web/public_address.py): PUBLIC_URL, the laptop's address on the local network
when the director's page was opened at localhost, a warning when there is none, and what `make serve`
prints (`flask address`)."""
from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.night_helpers import PIN, check_in, create_night, table_codes
from web import public_address
from web.nights.printouts import qr_svg

EIGHT = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


@pytest.fixture()
def night(app, client) -> dict:
    """A night with two tables; ``client`` is its director (cards are the director's)."""
    slug = create_night(client)
    check_in(client, slug, EIGHT)
    return {"slug": slug, "codes": table_codes(app, slug)}


def cards_page(client, night, **kwargs) -> str:
    """The cards, as the director sees them at ``base_url`` (a browser keeps a session per host, so the
    director types the PIN there first: the cards are the director's)."""
    if "base_url" in kwargs:
        url = f"/nights/{night['slug']}/login"
        form = client.raw.get(url, base_url=kwargs["base_url"]).get_data(as_text=True)
        token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"|name="csrf_token" value="([^"]+)"', form)
        login = client.raw.post(url, base_url=kwargs["base_url"],
                                data={"pin": PIN, "csrf_token": token.group(1) or token.group(2)})
        assert login.status_code in (200, 303), login.status_code
    response = client.get(f"/nights/{night['slug']}/print/table-cards", **kwargs)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def card_urls(html: str) -> list[str]:
    return re.findall(r'<p class="table-url">([^<]*)</p>', html)


def finder_never_asked():
    raise AssertionError("the network address was looked up although it was not needed")


# -- which address -------------------------------------------------------------------------------
def test_opened_at_localhost_the_cards_use_the_laptops_network_address_and_say_so(app, client, night, monkeypatch):
    monkeypatch.setitem(app.config, "LAN_ADDRESS_FINDER", lambda: "10.0.0.7")
    html = cards_page(client, night, base_url="http://localhost:5000")
    codes = night["codes"]
    assert card_urls(html) == [f"http://10.0.0.7:5000/t/{codes[n]}" for n in sorted(codes)]
    for number, code in codes.items():  # the QR code holds the same address as the words under it
        assert str(qr_svg(f"http://10.0.0.7:5000/t/{code}", f"QR code for table {number}")) in html
    note = re.search(r'<p class="note no-print" id="address-note">(.*?)</p>', html, re.S).group(1)
    assert "http://10.0.0.7:5000" in note and "http://localhost:5000" in note and "same Wi-Fi" in note
    assert "http://10.0.0.7:5000/t" in html  # where to type a code, too


@pytest.mark.parametrize("opened_at", ["http://127.0.0.1:5000", "http://[::1]:5000", "http://0.0.0.0:5000"])
def test_every_loopback_address_counts_as_the_laptop(app, client, night, monkeypatch, opened_at):
    monkeypatch.setitem(app.config, "LAN_ADDRESS_FINDER", lambda: "10.0.0.7")
    assert all(url.startswith("http://10.0.0.7:5000/t/") for url in card_urls(cards_page(client, night, base_url=opened_at)))


def test_no_network_address_means_a_warning_and_no_cards(app, client, night, monkeypatch):
    monkeypatch.setitem(app.config, "LAN_ADDRESS_FINDER", lambda: None)
    html = cards_page(client, night, base_url="http://localhost:5000")
    assert "<svg" not in html and 'class="print-card table-card' not in html
    assert not any(code in html for code in night["codes"].values())
    warning = re.search(r'id="address-warning" role="alert">(.*?)</p>', html, re.S).group(1)
    assert "http://localhost:5000" in warning and "venue's Wi-Fi" in warning
    assert "Print with your browser" not in html


def test_opened_at_the_network_address_the_cards_use_it(app, client, night, monkeypatch):
    monkeypatch.setitem(app.config, "LAN_ADDRESS_FINDER", finder_never_asked)
    html = cards_page(client, night, base_url="http://192.168.4.2:8000")
    assert card_urls(html) == [f"http://192.168.4.2:8000/t/{night['codes'][n]}" for n in sorted(night["codes"])]
    assert 'id="address-note"' not in html and 'id="address-warning"' not in html


def test_public_url_wins_wherever_the_page_was_opened(app, client, night, monkeypatch):
    monkeypatch.setitem(app.config, "PUBLIC_URL", "https://euchre.example.org")
    monkeypatch.setitem(app.config, "LAN_ADDRESS_FINDER", finder_never_asked)
    for opened_at in ("http://localhost:5000", "http://192.168.4.2:5000"):
        html = cards_page(client, night, base_url=opened_at)
        assert card_urls(html) == [f"https://euchre.example.org/t/{night['codes'][n]}" for n in sorted(night["codes"])]
        assert 'id="address-note"' not in html
    fragment = cards_page(client, night, base_url="http://localhost:5000", htmx=True)
    assert "<html" not in fragment and len(card_urls(fragment)) == 2


def test_the_group_join_link_uses_public_url(app, client, monkeypatch):
    from tests.group_helpers import create_group

    group_id = create_group(client)
    monkeypatch.setitem(app.config, "PUBLIC_URL", "https://euchre.example.org")
    html = client.get(f"/groups/{group_id}").get_data(as_text=True)
    assert re.search(r'id="join-url">https://euchre\.example\.org/groups/join/[^<]+<', html)


# -- the pieces -----------------------------------------------------------------------------------
@pytest.mark.parametrize("host, local", [
    ("localhost", True), ("LOCALHOST", True), ("app.localhost", True), ("127.0.0.1", True), ("127.8.9.1", True),
    ("::1", True), ("[::1]", True), ("0.0.0.0", True), ("192.168.1.23", False), ("10.0.0.7", False),
    ("scores.local", False), ("euchre.example.org", False), ("fe80::1", False)])
def test_which_hosts_only_the_laptop_can_open(host, local):
    assert public_address.is_local_only(host) is local


@pytest.mark.parametrize("value, expected", [
    (None, None), ("", None), ("  ", None), ("http://192.168.1.23:5000", "http://192.168.1.23:5000"),
    ("https://euchre.example.org/", "https://euchre.example.org")])
def test_public_url_accepted(value, expected):
    assert public_address.check_public_url(value) == expected


@pytest.mark.parametrize("value", ["192.168.1.23:5000", "ftp://x.org", "http://", "http://x.org/?a=1", "javascript:x",
                                   "http://x.org/euchre", "http://user:pw@x.org"])
def test_public_url_refused_with_a_plain_reason(value):
    with pytest.raises(ValueError, match="PUBLIC_URL must be the address phones open"):
        public_address.check_public_url(value)


class FakeSocket:
    """Records what is done with the socket: the finder may connect (UDP: nothing is sent), never send."""

    def __init__(self, answer: str | None, calls: list) -> None:
        self.answer, self.calls = answer, calls

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.calls.append("close")

    def connect(self, address) -> None:
        self.calls.append(("connect", address))
        if self.answer is None:
            raise OSError(101, "Network is unreachable")

    def getsockname(self):
        return (self.answer, 54321)

    def __getattr__(self, name):  # send, sendto, ...: anything else fails the test
        raise AssertionError(f"the finder called socket.{name}")


@pytest.mark.parametrize("answer, found", [("192.168.1.23", "192.168.1.23"), ("127.0.1.1", None),
                                           ("0.0.0.0", None), (None, None)])
def test_the_finder_asks_the_route_and_sends_nothing(monkeypatch, answer, found):
    calls: list = []
    kinds: list = []

    def fake_socket(family, kind):
        kinds.append((family, kind))
        return FakeSocket(answer, calls)

    monkeypatch.setattr(public_address.socket, "socket", fake_socket)
    assert public_address.lan_address() == found
    assert kinds == [(socket.AF_INET, socket.SOCK_DGRAM)]
    assert calls[0] == ("connect", public_address.ROUTE_PROBE) and calls[-1] == "close"


def test_the_real_finder_answers_an_address_or_none():
    address = public_address.lan_address()
    assert address is None or (socket.inet_aton(address) and not public_address.is_local_only(address))


# -- make serve: flask address ----------------------------------------------------------------------
def run_address(app, *args: str) -> str:
    result = app.test_cli_runner().invoke(args=["address", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_make_serve_prints_the_address_and_its_qr_code(app, monkeypatch):
    monkeypatch.setitem(app.config, "LAN_ADDRESS_FINDER", lambda: "192.168.1.23")
    output = run_address(app, "--port", "8000")
    assert "Phones on the same Wi-Fi open:  http://192.168.1.23:8000" in output
    assert public_address.terminal_qr("http://192.168.1.23:8000") in output
    assert "█" in output and output.count("\n") > 15  # a QR code drawn in blocks, line by line
    assert "http://192.168.1.23:5000" in run_address(app)  # the default port


def test_make_serve_prints_public_url_when_set(app, monkeypatch):
    monkeypatch.setitem(app.config, "PUBLIC_URL", "https://euchre.example.org")
    monkeypatch.setitem(app.config, "LAN_ADDRESS_FINDER", finder_never_asked)
    output = run_address(app)
    assert "open:  https://euchre.example.org\n" in output
    assert public_address.terminal_qr("https://euchre.example.org") in output


def test_make_serve_says_when_phones_cannot_reach_the_laptop(app, monkeypatch):
    monkeypatch.setitem(app.config, "LAN_ADDRESS_FINDER", lambda: None)
    output = run_address(app, "--port", "8000")
    assert "No network address found" in output and "venue's Wi-Fi" in output
    assert "http://127.0.0.1:8000" in output and "█" not in output


def test_a_bad_public_url_stops_the_app_at_start(monkeypatch):
    from app import create_app

    with pytest.raises(ValueError, match="PUBLIC_URL"):
        create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": "sqlite://",
                    "PUBLIC_URL": "192.168.1.23:5000"})


ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(not shutil.which("make"), reason="needs make")
def test_make_serve_prints_the_address_before_it_serves():
    dry_run = subprocess.run(["make", "-n", "serve", "PORT=8123"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.splitlines()
    address = dry_run.index(".venv/bin/flask address --port 8123")
    assert "gunicorn" in dry_run[address + 1]


def test_flask_address_from_the_command_line(tmp_path):
    """The command as `make serve` runs it: a fresh process, PUBLIC_URL from the environment."""
    env = {**os.environ, "FLASK_APP": "app", "PUBLIC_URL": "http://scores.local:5000/", "SECRET_KEY": "x",
           "DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite'}"}
    done = subprocess.run([sys.executable, "-m", "flask", "address"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Phones on the same Wi-Fi open:  http://scores.local:5000\n" in done.stdout and "█" in done.stdout
    env["PUBLIC_URL"] = "scores.local"
    refused = subprocess.run([sys.executable, "-m", "flask", "address"], cwd=ROOT, env=env, capture_output=True,
                             text=True, timeout=60)
    assert refused.returncode != 0 and "PUBLIC_URL must be the address phones open" in refused.stderr
