"""The static site (``dist/``) served beside the tables, as the build's
own development server serves it.

The file types and the headers every file of the site is sent with
(caching, the security policies) are written once, in
``archipel_site.policy`` (the repository's root is on the server's path),
which the build imports too. A test compares the two servers' answers.
"""

from __future__ import annotations

from pathlib import Path

from starlette.responses import Response
from starlette.staticfiles import StaticFiles

from archipel_site.policy import MIME_TYPES, static_headers


# Sent with every file of the site, to say that this server holds tables
# too: the page then looks for them here, and a page on a static host
# (GitHub Pages) never asks its host for tables it cannot have.
TABLES_HERE = "X-Archipel-Tables"


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
        response.headers[TABLES_HERE] = "here"
        return response
