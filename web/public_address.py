"""The address phones open: the links and QR codes on the table cards, and what ``make serve`` prints
(``flask address``).

``PUBLIC_URL`` (the app's config, or the environment) wins when it is set. Otherwise the address the
page was opened at, unless that is the laptop itself (localhost, 127.0.0.1, ::1), which no phone can
open: then the laptop's address on the local network, or nothing (and the page says so) when it has
none. The finder sends no packet: ``connect()`` on a UDP socket only asks the system which interface a
packet to that address would leave by. Tests replace it with the ``LAN_ADDRESS_FINDER`` config key.
"""
from __future__ import annotations

import ipaddress
import io
import socket
from typing import Callable, NamedTuple
from urllib.parse import urlsplit

import click
import segno
from flask import Flask, current_app, request, url_for
from flask.cli import with_appcontext

# TEST-NET-1 (RFC 5737): documentation-only, never routed; any off-laptop address picks the same route.
ROUTE_PROBE = ("192.0.2.1", 9)
LOOPBACK_NAMES = ("localhost", "localhost.localdomain")


def lan_address() -> str | None:
    """This laptop's IPv4 address on the network its default route leaves by, or None without one."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(ROUTE_PROBE)  # UDP: nothing is sent, the system only chooses the interface
            address = probe.getsockname()[0]
    except OSError:  # no network at all ("Network is unreachable")
        return None
    return None if is_local_only(address) else address


def is_local_only(host: str) -> bool:
    """True for a host name or address that only this machine can open (a phone cannot)."""
    name = host.strip("[]").rstrip(".").lower()
    if name in LOOPBACK_NAMES or name.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def check_public_url(value: str | None) -> str | None:
    """``PUBLIC_URL`` without its trailing slash, or None when unset; a clear error when it is not an
    http(s) origin (found at start-up, before any card is printed with it). No path: the links add the
    app's own (``url_for``), which includes any prefix a proxy passes as SCRIPT_NAME."""
    value = (value or "").strip().rstrip("/")
    if not value:
        return None
    parts = urlsplit(value)
    if (parts.scheme not in ("http", "https") or not parts.hostname or parts.path or parts.query
            or parts.fragment or parts.username or parts.password):
        raise ValueError(f"PUBLIC_URL must be the address phones open, such as http://192.168.1.23:5000 "
                         f"(got {value!r}).")
    return value


class PublicBase(NamedTuple):
    """Where links point (``url``, None when no phone could open any), and why: "configured"
    (PUBLIC_URL), "as-opened" (the page's own address), "lan" (the laptop's network address instead of
    ``opened_at``), or "none"."""

    url: str | None
    how: str
    opened_at: str = ""


def finder() -> Callable[[], str | None]:
    return current_app.config.get("LAN_ADDRESS_FINDER") or lan_address


def public_base() -> PublicBase:
    """The address to print for phones, for the page being drawn."""
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return PublicBase(configured, "configured")
    opened_at = request.host_url.rstrip("/")
    hostname = urlsplit(opened_at).hostname or ""
    if not is_local_only(hostname):
        return PublicBase(opened_at, "as-opened")
    address = finder()()
    if not address:
        return PublicBase(None, "none", opened_at)
    port = urlsplit(opened_at).port
    return PublicBase(f"{request.scheme}://{address}{f':{port}' if port else ''}", "lan", opened_at)


def public_url_for(endpoint: str, base: PublicBase | None = None, **values) -> str | None:
    """``url_for`` at the address phones open (None when there is none)."""
    base = base or public_base()
    return None if base.url is None else base.url + url_for(endpoint, **values)


def serve_address(port: int) -> str | None:
    """The address ``make serve`` announces: PUBLIC_URL, else the laptop's on the local network."""
    configured = current_app.config.get("PUBLIC_URL")
    if configured:
        return configured
    address = finder()()
    return f"http://{address}:{port}" if address else None


def terminal_qr(url: str) -> str:
    out = io.StringIO()
    segno.make(url, error="m", micro=False).terminal(out=out, compact=True)
    return out.getvalue()


@click.command("address")
@click.option("--port", type=int, default=5000, show_default=True, help="The port the server listens on.")
@with_appcontext
def address_command(port: int) -> None:
    """Print the address phones open, and its QR code (``make serve`` runs this first)."""
    url = serve_address(port)
    if url is None:
        click.echo("No network address found for this laptop: phones cannot reach it yet.\n"
                   "Connect it to the venue's Wi-Fi and run `make serve` again, or set PUBLIC_URL.\n"
                   f"On this laptop only: http://127.0.0.1:{port}")
        return
    click.echo(f"\nPhones on the same Wi-Fi open:  {url}\n")
    click.echo(terminal_qr(url), nl=False)
    click.echo("The director opens it too; the table cards and their QR codes point there.\n")


def init_app(app: Flask) -> None:
    app.config["PUBLIC_URL"] = check_public_url(app.config.get("PUBLIC_URL"))
    app.cli.add_command(address_command)
