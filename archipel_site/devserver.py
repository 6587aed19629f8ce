"""Serving dist/: a plain static server (for tests), and `serve`, which
runs the table server with the site on one port."""

from __future__ import annotations

import functools
import http.server
import os
import sys
import urllib.parse
from pathlib import Path

from .env import ensure_venv
from .paths import DIST, ROOT, SERVER_DIR, SERVER_REQUIREMENTS, TABLES_DB, log
from .policy import MIME_TYPES, static_headers
from .site import build


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with exact MIME types, no HTTP caching, and an optional
    URL prefix so that the site can be tried under a sub-path like GitHub
    Pages' /<repo>/."""

    # HTTP/1.1 keeps connections alive across the ~30 files of a boot.
    protocol_version = "HTTP/1.1"
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def __init__(self, *args, prefix: str = "/", quiet: bool = False, **kwargs):
        self.prefix = prefix
        self.quiet = quiet
        super().__init__(*args, **kwargs)

    def translate_path(self, path: str) -> str:
        # Only paths under the prefix exist; the rest maps to a missing file.
        bare = path.split("?", 1)[0].split("#", 1)[0]
        if not bare.startswith(self.prefix):
            return str(Path(self.directory) / ".not-under-prefix")
        return super().translate_path("/" + path[len(self.prefix):])

    def send_head(self):
        # /archipel (no slash) → /archipel/, as static hosts do.
        if self.prefix != "/" and self.path.split("?", 1)[0] == self.prefix.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        return super().send_head()

    def list_directory(self, path):
        # Static hosts list no directories; neither do we (a folder without
        # index.html is a 404, as on GitHub Pages).
        self.send_error(404, "No index.html here")
        return None

    def end_headers(self):
        bare = self.path.split("?", 1)[0].split("#", 1)[0]
        inside = bare[len(self.prefix):] if bare.startswith(self.prefix) else None
        if inside is not None:
            for name, value in static_headers(urllib.parse.unquote(inside), Path(self.directory)).items():
                self.send_header(name, value)
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(http.server.ThreadingHTTPServer):
    """One thread per connection; a browser that drops a connection (a page
    closed while it loads) is not an error worth a traceback."""

    def handle_error(self, request, client_address):
        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return
        super().handle_error(request, client_address)


def make_server(directory: Path = DIST, port: int = 8000, prefix: str = "/",
                host: str = "127.0.0.1", quiet: bool = False) -> http.server.ThreadingHTTPServer:
    """A threaded server for `directory` under `prefix` (port 0: any free port).
    The caller runs `serve_forever()` and later `shutdown()`."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = functools.partial(SiteHandler, directory=str(directory), prefix=prefix, quiet=quiet)
    server = SiteServer((host, port), handler)
    server.daemon_threads = True
    server.prefix = prefix
    return server


# `serve` listens on every interface: two people on one network play online
# with nothing to set up (the other device opens the address printed). Only
# the site's own pages may use the tables (their Origin is the Host they
# asked), and `--host 127.0.0.1` keeps everything on this computer.
SERVE_HOST = "0.0.0.0"


def network_addresses() -> list[str]:
    """This computer's IPv4 addresses on its networks: the table server's
    own list (the names it answers to), printed for the other devices."""
    sys.path.insert(0, str(SERVER_DIR))
    from archipel_server.hosts import network_addresses as addresses
    return addresses()


def serve(port: int, prefix: str, host: str = SERVE_HOST, database: Path = TABLES_DB,
          origins: tuple = (), host_names: tuple = ()) -> int:
    """Build, then run the table server (server/archipel_server, from .venv)
    serving dist/ and the tables on one port."""
    build()
    python = ensure_venv(SERVER_REQUIREMENTS)
    command = [str(python), "-m", "archipel_server", "--static", str(DIST), "--base", prefix,
               "--host", host, "--port", str(port), "--db", str(database)]
    for origin in origins:
        command += ["--origin", origin]
    for name in host_names:
        command += ["--host-name", name]
    everywhere = host in ("0.0.0.0", "::")
    shown = "localhost" if everywhere else host
    base = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    log(f"serving dist/ and the tables on http://{shown}:{port}{base}  (Ctrl-C to stop)")
    if everywhere:
        for address in network_addresses():
            log(f"  other devices of your network: http://{address}:{port}{base}")
        log("  (--host 127.0.0.1: this computer only)")
    # The server takes build.py's place: Ctrl-C, SIGTERM and even SIGKILL
    # reach it directly, and no server outlives the command that started it.
    sys.stdout.flush()
    sys.stderr.flush()
    os.chdir(ROOT)
    os.execve(str(python), command, server_env())


def server_env() -> dict:
    """The environment the table server runs in: the rules and the server
    importable from the repository."""
    paths = [str(ROOT), str(SERVER_DIR)]
    if os.environ.get("PYTHONPATH"):
        paths.append(os.environ["PYTHONPATH"])
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}

