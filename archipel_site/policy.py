"""The site's headers, file types and security policies, written once.

The build writes the page's policy into dist/index.html; the development
server (``devserver``) and the table server (``archipel_server.site``) send
the same headers with every file of dist/. Standard library only, and
nothing else of the build imported: the table server imports this module
alone.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import sys
import urllib.parse
from pathlib import Path

# The Content-Security-Policy, written here once. The page carries it as a
# <meta> tag in dist/index.html (all GitHub Pages can deliver), and
# `serve` sends the same text as a header. A worker is governed by the
# policy its own script arrives with, not by the page's: `serve` sends
# WORKER_POLICY with js/worker.js and sw.js (Pyodide compiles WebAssembly,
# which needs 'wasm-unsafe-eval' and nothing looser).
#
# The page's scripts are its own files and the one inline script of
# index.html (allowed by its hash, computed at build time); styles are its
# own stylesheets only (no style attributes: the renderers set colours as
# SVG attributes, and positions through the CSSOM, which CSP leaves alone).
# connect-src lists where the page may send requests: its own origin (a
# table server served with the site is covered), plus any address given to
# page_policy(connect=...).
PAGE_POLICY = {
    "default-src": ("'self'",),
    "script-src": ("'self'",),
    "style-src": ("'self'",),
    "connect-src": ("'self'",),
    "object-src": ("'none'",),
    "base-uri": ("'self'",),
}
WORKER_POLICY = {
    "default-src": ("'self'",),
    "script-src": ("'self'", "'wasm-unsafe-eval'"),
    "connect-src": ("'self'",),
    "object-src": ("'none'",),
    "base-uri": ("'self'",),
}
# The placeholder in web/index.html that the build fills with PAGE_POLICY.
CSP_META = re.compile(r'(<meta http-equiv="Content-Security-Policy" content=")[^"]*(">)')
INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.S)


def policy_text(policy: dict) -> str:
    return "; ".join(f"{directive} {' '.join(sources)}" for directive, sources in policy.items())


def page_policy(html: str, connect: tuple = ()) -> str:
    """PAGE_POLICY for this page: each inline script allowed by its hash,
    and `connect` (addresses) added to connect-src."""
    hashes = tuple(
        "'sha256-" + base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode() + "'"
        for script in INLINE_SCRIPT.findall(html)
    )
    policy: dict[str, tuple[str, ...]] = dict(PAGE_POLICY)
    policy["script-src"] = PAGE_POLICY["script-src"] + hashes
    policy["connect-src"] = PAGE_POLICY["connect-src"] + tuple(connect)
    return policy_text(policy)


def connect_sources(server: str | None) -> tuple:
    """What connect-src must add for a table server elsewhere (build.json's
    `server`): its origin over HTTP(S) and over WebSocket. A server served
    with the site needs nothing: 'self' covers its requests and sockets."""
    if not server:
        return ()
    parts = urllib.parse.urlsplit(server)
    socket_scheme = "wss" if parts.scheme == "https" else "ws"
    return (f"{parts.scheme}://{parts.netloc}", f"{socket_scheme}://{parts.netloc}")


def built_server(directory: Path) -> str | None:
    """The table server a built site plays online with (its build.json's)."""
    try:
        server = json.loads((directory / "build.json").read_text(encoding="utf-8")).get("server")
    except (OSError, ValueError, AttributeError):
        return None
    return server if isinstance(server, str) else None


def with_policy(html: str, server: str | None = None) -> str:
    """index.html with its policy written into its <meta> tag."""
    if not CSP_META.search(html):
        sys.exit('[build] web/index.html lacks <meta http-equiv="Content-Security-Policy" content="...">')
    policy = page_policy(html, connect=connect_sources(server))
    return CSP_META.sub(lambda m: m.group(1) + policy + m.group(2), html, count=1)


MIME_TYPES = {
    ".wasm": "application/wasm",  # anything else makes Pyodide hang silently
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".webmanifest": "application/manifest+json",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
}


def static_headers(path: str, directory: Path) -> dict:
    """The headers every static file of the site is served with, besides
    its type and length: in one place, for `serve` and for any other server
    of dist/. `path` is the request's path inside the site ("index.html",
    "js/worker.js", "" for the site root)."""
    headers = {
        # The browser may keep a copy but must revalidate it, so a rebuilt
        # file is always seen; offline play is the service worker's job.
        "Cache-Control": "no-cache",
    }
    if path == "" or path.endswith("/") or path.endswith(".html"):
        page = (directory / (path + "index.html" if path == "" or path.endswith("/") else path)).resolve()
        if page.is_relative_to(directory.resolve()) and page.is_file():
            headers["Content-Security-Policy"] = page_policy(page.read_text(encoding="utf-8"),
                                                             connect=connect_sources(built_server(directory)))
    elif path in ("js/worker.js", "sw.js"):
        headers["Content-Security-Policy"] = policy_text(WORKER_POLICY)
    return headers
