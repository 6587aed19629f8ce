"""Which pages may use the tables: the names this server answers to, and
the origins it trusts.

A request's ``Host`` must be a name this server is reached by: one of its
own addresses (those it listens on; every address of the computer when it
listens on all of them), ``localhost``, a name given with ``--host-name``,
or the host of an ``--origin``. A page served from anywhere else -- a
DNS-rebinding page that made its own name point at this server, say -- is
refused, whatever its ``Origin``.

A page's ``Origin`` (scheme, host and port) must then be the server's own
(the scheme the request came with, and its ``Host``) or one of the
``--origin`` settings; ``*`` trusts every page (and every name).

Standard library only: ``build.py`` prints the same network addresses when
it serves the site.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")
EVERYWHERE = ("0.0.0.0", "::", "")
# The computer's addresses are looked up again at most this often (seconds)
# when a request names one not known yet (a network joined since the start).
REFRESH_EVERY = 10.0


def network_addresses() -> list[str]:
    """This computer's IPv4 addresses on its networks, as the system names
    them (no packet is sent to find them); loopback left out."""
    found: set[str] = set()
    try:
        for *_, address in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(address[0]))
    except OSError:
        pass
    if shutil.which("hostname"):
        # Linux's `hostname -I`: every address of every interface.
        try:
            listed = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=5).stdout.split()
        except (OSError, subprocess.SubprocessError):
            listed = []
        found.update(ip for ip in listed if ip.count(".") == 3)
    return sorted(ip for ip in found if not ip.startswith("127."))


def split_netloc(netloc: str, scheme: str = "http") -> tuple[str, int] | None:
    """``"Example.org:8000"`` → ``("example.org", 8000)``; the scheme's
    default port when none is written; None when it cannot be read."""
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        name, port = parts.hostname, parts.port
    except ValueError:
        return None
    if not name or parts.username is not None or parts.path or parts.query or parts.fragment:
        return None
    if ":" in name:
        name = f"[{name}]"
    return name.lower(), port if port is not None else DEFAULT_PORTS.get(scheme, 80)


def split_origin(origin: str) -> tuple[str, str, int] | None:
    """``"https://Example.org"`` → ``("https", "example.org", 443)``."""
    try:
        parts = urlsplit(origin)
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or parts.path not in ("", "/") or parts.query or parts.fragment:
        return None
    place = split_netloc(parts.netloc, scheme)
    return None if place is None else (scheme, *place)


class Hosts:
    """The names and origins of one server (``Settings``: ``host``, the
    address it listens on; ``origins``; ``host_names``)."""

    def __init__(self, listen: str, origins: tuple = (), names: tuple = ()):
        self.everywhere = listen in EVERYWHERE
        self.any_origin = "*" in origins
        self.origins = {place for place in map(split_origin, origins) if place is not None}
        self.extra = {name.lower() for name in names}
        own = {listen.lower() if ":" not in listen else f"[{listen.lower()}]"}
        if self.everywhere or listen in ("127.0.0.1", "::1", "localhost"):
            own.update(LOOPBACK_NAMES)
        if self.everywhere:
            hostname = socket.gethostname().lower()
            own.update((hostname, f"{hostname}.local"))
        self.own = own
        self.addresses: set[str] = set()
        self.looked = float("-inf")
        if self.everywhere:
            self._look_up()

    def _look_up(self) -> None:
        self.looked = time.monotonic()
        self.addresses = set(network_addresses())

    def host_allowed(self, host: str | None, scheme: str, port: int | None) -> bool:
        """Whether a request's ``Host`` header names this server: an own
        name at the port the server listens on, an ``--host-name`` at any
        port, or the host and port of an ``--origin``."""
        if self.any_origin:
            return True
        place = split_netloc(host or "", scheme)
        if place is None:
            return False
        name, asked = place
        if name in self.extra or (scheme, name, asked) in self.origins:
            return True
        if port is not None and asked != port:
            return False
        if name in self.own or name in self.addresses:
            return True
        if self.everywhere and time.monotonic() - self.looked > REFRESH_EVERY:
            self._look_up()
            return name in self.addresses
        return False

    def origin_allowed(self, origin: str | None, host: str | None, scheme: str) -> bool:
        """Whether a page of ``origin`` may use the tables: its scheme, host
        and port are the request's own, or an ``--origin``."""
        if not origin:
            return False
        if self.any_origin:
            return True
        place = split_origin(origin)
        if place is None:
            return False
        if place in self.origins:
            return True
        return place == (scheme, *(split_netloc(host or "", scheme) or ("", 0)))

    def same_site(self, origin: str | None, host: str | None, scheme: str) -> bool:
        """The page is the server's own (no CORS headers needed)."""
        place = split_origin(origin or "")
        return place is not None and place == (scheme, *(split_netloc(host or "", scheme) or ("", 0)))
