"""The static site (``dist/``) served beside the tables, as ``build.py``'s
own static server serves it.

The headers every file of the site is sent with (caching, the security
policies) are defined once, by the site's build: ``build.static_headers``
(the repository's root is on the server's path). A test compares the two
servers' answers.
"""

from __future__ import annotations

from pathlib import Path

from starlette.responses import Response
from starlette.staticfiles import StaticFiles

from build import static_headers

# The same types as build.MIME_TYPES: anything else for .wasm makes Pyodide
# hang silently.
MIME_TYPES = {
    ".wasm": "application/wasm",
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


class SiteFiles(StaticFiles):
    """dist/ with exact MIME types and the site's headers; a folder serves
    its index.html, and no folder is ever listed (a 404, as on GitHub Pages)."""

    def __init__(self, directory: Path):
        super().__init__(directory=str(directory), html=True, check_dir=True)
        self.root = Path(directory).resolve()

    def file_response(self, full_path, stat_result, scope, status_code: int = 200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        media_type = MIME_TYPES.get(Path(full_path).suffix)
        if media_type is not None and response.status_code == 200:
            response.headers["Content-Type"] = media_type
        inside = Path(full_path).resolve().relative_to(self.root).as_posix()
        response.headers.update(static_headers(inside, self.root))
        return response
