#!/usr/bin/env python3
"""Build, serve and test Archipel with nothing but Python 3.11+ and Node 20.

    python3 build.py                 build dist/ (web + Pyodide runtime + wheel)
    python3 build.py serve           build, then serve dist/ and the tables on port 8000, to the network
    python3 build.py test            run every test (unit, Node smoke, browser)

Run ``python3 build.py COMMAND --help`` for the options of each command.

Only the standard library is imported here, so that a fresh checkout builds
without a virtual environment; ``serve`` and ``test`` create ``.venv`` for the
table server, pytest and Playwright themselves.
"""

from __future__ import annotations

import argparse
import base64
import functools
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
PACKAGE = "pygame_core"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_DIR = NODE_MODULES / "pyodide"
VENV = ROOT / ".venv"
REQUIREMENTS = ROOT / "requirements-dev.txt"
# The table server's packages (server/archipel_server), installed into the
# same .venv by `serve` and `test`.
SERVER_REQUIREMENTS = ROOT / "requirements-server.txt"
SERVER_DIR = ROOT / "server"
# Where `serve` keeps its tables unless told otherwise.
TABLES_DB = ROOT / "tables.sqlite3"
CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))

# The files Pyodide needs to boot offline, besides its standard library;
# nothing else of the npm package is shipped (no source maps, no CommonJS
# build, no consoles). The standard library shipped is not npm's zip but its
# precompiled copy (precompiled_stdlib).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide-lock.json",
)
STDLIB = "python_stdlib.zip"
PRECOMPILE_SCRIPT = ROOT / "tools" / "precompile.mjs"
# Precompiled standard libraries and package bytecode, named after what they
# are made from, so a rebuild is instant until Pyodide, a script or (for the
# package) a source changes.
STDLIB_CACHE = NODE_MODULES / ".cache" / "archipel"
# What a memory snapshot of the booted engine depends on: the worker restores
# one only if it was made from these very files (build.json's snapshot_key).
SNAPSHOT_INPUTS = (
    "pyodide/pyodide.mjs",
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm",
    "pyodide/" + STDLIB,
    "js/worker.js",
    "js/snapshot.js",
)

# Stamp written next to node_modules after a successful `npm ci`: the hash of
# the lock file it installed, so a changed lock triggers a new install.
NPM_STAMP = NODE_MODULES / ".archipel-lock.sha256"
# One stamp per requirements file in .venv: the hash of the file it installed
# (and of the Python version), so a changed file triggers a new install.
VENV_STAMPS = VENV / ".archipel-stamps"

# The placeholder in web/sw.js that the build replaces with the manifest hash.
# The browser re-installs a service worker only when its script changes byte
# for byte, so the hash must live inside sw.js itself.
SW_MARKER = re.compile(r"const BUILD_HASH = '[^']*';")

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
    policy = dict(PAGE_POLICY)
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


# A fixed timestamp for every wheel entry: the same sources give the same
# wheel bytes, hence the same manifest hash and no needless cache refresh.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


def log(message: str) -> None:
    print(f"[build] {message}", flush=True)


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# --------------------------------------------------------------------------
# npm
# --------------------------------------------------------------------------

def ensure_node_modules() -> None:
    """Run `npm ci` when node_modules is missing or older than the lock file."""
    lock = ROOT / "package-lock.json"
    wanted = sha256_file(lock)
    if NPM_STAMP.exists() and NPM_STAMP.read_text().strip() == wanted and PYODIDE_DIR.is_dir():
        return
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("[build] npm is missing: install Node.js 20 with npm (Debian: apt-get install nodejs npm)")
    log("node_modules missing or stale: running npm ci")
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    NPM_STAMP.write_text(wanted + "\n")


def pyodide_version() -> str:
    return json.loads((PYODIDE_DIR / "package.json").read_text())["version"]


def node_executable() -> str:
    node = shutil.which("node")
    if node is None:
        sys.exit("[build] node is missing: install Node.js 20 (Debian: apt-get install nodejs npm)")
    return node


# --------------------------------------------------------------------------
# The precompiled standard library
# --------------------------------------------------------------------------

def precompiled_stdlib() -> Path:
    """The npm python_stdlib.zip with every module compiled to .pyc by the
    pinned Pyodide (tools/precompile.mjs, in Node): a boot then loads
    bytecode instead of compiling ~150 modules. Built once per Pyodide
    version, stock zip and script, then taken from the cache."""
    stock = PYODIDE_DIR / STDLIB
    recipe = sha256_bytes(sha256_file(stock).encode() + sha256_file(PRECOMPILE_SCRIPT).encode())
    target = STDLIB_CACHE / f"python_stdlib-{pyodide_version()}-{recipe[:16]}.zip"
    if target.exists():
        return target
    node = node_executable()
    log("precompiling the standard library (once per Pyodide version)")
    STDLIB_CACHE.mkdir(parents=True, exist_ok=True)
    for old in STDLIB_CACHE.glob("python_stdlib-*.zip"):
        old.unlink()
    partial = target.with_suffix(".partial")
    subprocess.run([node, str(PRECOMPILE_SCRIPT), "stdlib", str(stock), str(partial)], cwd=ROOT, check=True)
    partial.replace(target)  # only a complete zip ever has the final name
    return target


# --------------------------------------------------------------------------
# The wheel
# --------------------------------------------------------------------------

def package_version() -> str:
    """`__version__` read from the source, without importing the package
    (a half-written rule module must not stop the build)."""
    text = (ROOT / PACKAGE / "__init__.py").read_text(encoding="utf-8")
    match = re.search(r"^__version__\s*=\s*['\"]([^'\"]+)['\"]", text, re.M)
    if not match:
        sys.exit(f"[build] no __version__ in {PACKAGE}/__init__.py")
    return match.group(1)


def package_files() -> list[Path]:
    """Every file of the package except bytecode caches and dotfiles."""
    files = []
    for path in sorted((ROOT / PACKAGE).rglob("*")):
        rel = path.relative_to(ROOT)
        if not path.is_file() or any(part.startswith(".") or part == "__pycache__" for part in rel.parts):
            continue
        if path.suffix in (".pyc", ".pyo"):
            continue
        files.append(path)
    return files


def record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode("ascii")


def package_sources() -> list[tuple[str, bytes]]:
    """(name in the wheel, bytes) of every file of the package."""
    return [(path.relative_to(ROOT).as_posix(), path.read_bytes()) for path in package_files()]


def compiled_package(sources: list[tuple[str, bytes]], cache: Path = STDLIB_CACHE) -> list[tuple[str, bytes]]:
    """The package's modules as unchecked-hash bytecode of the pinned Pyodide
    (tools/precompile.mjs, in Node), each named where the import system
    looks for it: a fresh boot then loads the engine instead of compiling it.
    Cached under the hash of the sources and the script, so only a build
    after a change of the rules pays the second or so it takes."""
    sources_zip = zip_bytes(sources)
    recipe = sha256_bytes(sha256_bytes(sources_zip).encode() + sha256_file(PRECOMPILE_SCRIPT).encode())
    target = cache / f"{PACKAGE}-pyc-{pyodide_version()}-{recipe[:16]}.zip"
    if not target.exists():
        run_package_compiler(sources_zip, target)
    with zipfile.ZipFile(target) as compiled:
        return [(name, compiled.read(name)) for name in compiled.namelist()]


def run_package_compiler(sources_zip: bytes, target: Path) -> None:
    log(f"precompiling {PACKAGE} for Pyodide")
    target.parent.mkdir(parents=True, exist_ok=True)
    for old in target.parent.glob(f"{PACKAGE}-pyc-*.zip"):
        old.unlink()
    sources = target.with_suffix(".sources")
    partial = target.with_suffix(".partial")
    sources.write_bytes(sources_zip)
    try:
        subprocess.run([node_executable(), str(PRECOMPILE_SCRIPT), "package", str(precompiled_stdlib()), str(sources),
                        str(partial)], cwd=ROOT, check=True)
    finally:
        sources.unlink()
    partial.replace(target)  # only a complete zip ever has the final name


def zip_bytes(entries: list[tuple[str, bytes]]) -> bytes:
    """A zip of `entries`, in that order, with fixed timestamps and modes:
    the same entries always give the same bytes."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data)
    return buffer.getvalue()


def wheel_bytes(version: str) -> bytes:
    """A py3-none-any wheel of the package, built in memory (PEP 427). Next
    to each module's source lies its bytecode for Pyodide's CPython 3.14
    (`__pycache__/*.cpython-314.pyc`); other interpreters ignore it."""
    dist_info = f"{PACKAGE}-{version}.dist-info"
    sources = package_sources()
    entries = sorted(sources + compiled_package(sources))
    metadata = (
        "Metadata-Version: 2.1\n"
        f"Name: {PACKAGE}\n"
        f"Version: {version}\n"
        "Summary: Rules of Kahuna, Kanaloa, Moai and Haleakala in pure Python\n"
        "Requires-Python: >=3.11\n"
    )
    wheel = (
        "Wheel-Version: 1.0\n"
        "Generator: archipel-build\n"
        "Root-Is-Purelib: true\n"
        "Tag: py3-none-any\n"
    )
    entries.append((f"{dist_info}/METADATA", metadata.encode()))
    entries.append((f"{dist_info}/WHEEL", wheel.encode()))
    entries.append((f"{dist_info}/top_level.txt", f"{PACKAGE}\n".encode()))
    record_lines = [f"{name},{record_hash(data)},{len(data)}" for name, data in entries]
    record_lines.append(f"{dist_info}/RECORD,,")
    entries.append((f"{dist_info}/RECORD", ("\n".join(record_lines) + "\n").encode()))
    return zip_bytes(entries)


def wheel_name(version: str) -> str:
    return f"{PACKAGE}-{version}-py3-none-any.whl"


# --------------------------------------------------------------------------
# dist/
# --------------------------------------------------------------------------

def write_if_changed(path: Path, data: bytes) -> None:
    if path.exists() and path.stat().st_size == len(data) and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def copy_if_changed(source: Path, target: Path) -> None:
    """Copy unless the target already has the same size and mtime (copy2
    keeps the mtime, so an unchanged 10 MB wasm is never copied twice)."""
    if target.exists():
        s, t = source.stat(), target.stat()
        if s.st_size == t.st_size and s.st_mtime_ns == t.st_mtime_ns:
            return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, target)


def web_files(web: Path = WEB) -> list[Path]:
    return [
        path
        for path in sorted(web.rglob("*"))
        if path.is_file() and not any(part.startswith(".") for part in path.relative_to(web).parts)
    ]


def build(quiet: bool = False, server: str | None = None, web: Path = WEB, dist: Path = DIST) -> dict:
    """Bring dist/ up to date and return its manifest. `server`: the address
    of a table server for the page's online play (see server_address).
    (Another `web` and `dist`: the same build of another copy of the front
    end, as the update test makes two builds one after the other.)"""
    started = time.perf_counter()
    ensure_node_modules()
    if not (web / "sw.js").exists():
        sys.exit("[build] web/sw.js is missing")
    dist.mkdir(exist_ok=True)
    expected: set[Path] = set()

    sw_template = None
    for source in web_files(web):
        rel = source.relative_to(web)
        if rel.as_posix() == "sw.js":
            sw_template = source.read_text(encoding="utf-8")
            continue
        if rel.as_posix() == "index.html":
            write_if_changed(dist / rel, with_policy(source.read_text(encoding="utf-8"), server).encode("utf-8"))
        else:
            copy_if_changed(source, dist / rel)
        expected.add(dist / rel)

    for name in PYODIDE_FILES:
        copy_if_changed(PYODIDE_DIR / name, dist / "pyodide" / name)
        expected.add(dist / "pyodide" / name)
    copy_if_changed(precompiled_stdlib(), dist / "pyodide" / STDLIB)
    expected.add(dist / "pyodide" / STDLIB)

    version = package_version()
    wheel = dist / "wheels" / wheel_name(version)
    write_if_changed(wheel, wheel_bytes(version))
    expected.add(wheel)

    write_if_changed(dist / ".nojekyll", b"")
    expected.add(dist / ".nojekyll")

    if not SW_MARKER.search(sw_template):
        sys.exit("[build] web/sw.js lacks the line: const BUILD_HASH = '...';")
    manifest = make_manifest(expected, version, wheel, sw_template, dist, server)
    write_if_changed(dist / "build.json", (json.dumps(manifest, indent=1) + "\n").encode())
    expected.add(dist / "build.json")

    sw = SW_MARKER.sub(f"const BUILD_HASH = '{manifest['hash']}';", sw_template, count=1)
    write_if_changed(dist / "sw.js", sw.encode("utf-8"))
    expected.add(dist / "sw.js")

    remove_stale(expected, dist)
    if not quiet:
        elapsed = time.perf_counter() - started
        log(f"dist/ ready: {len(manifest['files'])} files, build {manifest['hash']}, "
            f"wheel {wheel.name}, Pyodide {manifest['pyodide']} ({elapsed:.2f} s)")
    return manifest


def make_manifest(files: set[Path], version: str, wheel: Path, sw_template: str, dist: Path = DIST,
                  server: str | None = None) -> dict:
    """The list the service worker precaches, and the hash that names its
    cache: it covers every shipped byte, sw.js included. `files` does not
    hold build.json yet (it is this manifest)."""
    precached = sorted(
        path.relative_to(dist).as_posix()
        for path in files
        if not path.name.startswith(".")
    )
    hashes = {rel: sha256_file(dist / rel) for rel in precached}
    # Subresource Integrity for each file the service worker caches ("./" is
    # index.html): it caches a file only if it is this build's.
    integrity = {rel: "sha256-" + base64.b64encode(bytes.fromhex(hashes[rel])).decode() for rel in precached}
    if "index.html" in integrity:
        integrity["./"] = integrity["index.html"]
    digest = hashlib.sha256()
    for rel in precached:
        digest.update(f"{rel}\0{hashes[rel]}\n".encode())
    digest.update(sw_template.encode("utf-8"))
    if server:
        # Another server is another build: the service worker fetches the new
        # build.json.
        digest.update(f"server\0{server}\n".encode())
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())
    wheel_rel = wheel.relative_to(dist).as_posix()
    return {
        "hash": digest.hexdigest()[:16],
        "version": version,
        "pyodide": pyodide_version(),
        "wheel": wheel_rel,
        # The worker hands this to loadPyodide as `lockFileContents` so the
        # 119 KB lock file is never fetched: we install no Pyodide packages.
        "lock_info": lock["info"],
        # Pyodide checks only its build id when it restores a snapshot: a
        # snapshot made with another standard library or wheel would restore
        # stale code or break every later import. The worker keeps and uses a
        # snapshot only under this key.
        "snapshot_key": snapshot_key(hashes, [*SNAPSHOT_INPUTS, wheel_rel]),
        # "./" is the site root itself (a visit to /archipel/ without index.html).
        "files": ["./", "build.json", *precached],
        "integrity": integrity,
        # The table server for online play, when it is not the site's own
        # (a site on GitHub Pages); absent otherwise.
        **({"server": server} if server else {}),
    }


def server_address(url: str) -> str:
    """A table server's address as build.json holds it: http(s), a host, a
    path ending in "/", nothing else."""
    parts = urllib.parse.urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment \
            or parts.username or parts.password:
        raise ValueError(f"a server address is like https://tables.example.org/ (not {url!r})")
    path = parts.path if parts.path.endswith("/") else parts.path + "/"
    return urllib.parse.urlunsplit((parts.scheme, parts.netloc.lower(), path, "", ""))


def snapshot_key(hashes: dict, inputs: list[str]) -> str:
    digest = hashlib.sha256()
    for rel in inputs:
        digest.update(f"{rel}\0{hashes[rel]}\n".encode())
    return digest.hexdigest()[:32]


def remove_stale(expected: set[Path], dist: Path = DIST) -> None:
    """Delete what an earlier build left that this one no longer ships."""
    for path in sorted(dist.rglob("*"), reverse=True):
        if path.is_file() and path not in expected:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()


# --------------------------------------------------------------------------
# Serving
# --------------------------------------------------------------------------

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


def make_server(directory: Path = DIST, port: int = 8000, prefix: str = "/",
                host: str = "127.0.0.1", quiet: bool = False) -> http.server.ThreadingHTTPServer:
    """A threaded server for `directory` under `prefix` (port 0: any free port).
    The caller runs `serve_forever()` and later `shutdown()`."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    handler = functools.partial(SiteHandler, directory=str(directory), prefix=prefix, quiet=quiet)
    server = http.server.ThreadingHTTPServer((host, port), handler)
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


# --------------------------------------------------------------------------
# Testing
# --------------------------------------------------------------------------

def venv_python() -> Path:
    return VENV / "bin" / "python"


def ensure_venv(*requirements: Path) -> Path:
    """.venv with the pinned packages of `requirements` (the test tools by
    default), each file installed again only when it or the Python version
    changed."""
    requirements = requirements or (REQUIREMENTS,)
    wanted = {path: sha256_bytes(path.read_bytes() + sys.version.encode()) for path in requirements}
    python = venv_python()

    def stamp(path: Path) -> Path:
        return VENV_STAMPS / f"{path.name}.sha256"

    missing = [path for path in requirements
               if not (stamp(path).exists() and stamp(path).read_text().strip() == wanted[path])]
    if python.exists() and not missing:
        return python
    if python.exists():
        same_python = subprocess.run(
            [str(python), "-c", "import sys; print(sys.version)"], capture_output=True, text=True
        ).stdout.strip() == sys.version.strip()
        if not same_python:
            shutil.rmtree(VENV)
            missing = list(requirements)
    if not python.exists():
        log("creating .venv")
        ensure_venv_module()
        if subprocess.run([sys.executable, "-m", "venv", str(VENV)]).returncode != 0:
            shutil.rmtree(VENV, ignore_errors=True)  # never leave a venv without pip
            sys.exit("[build] could not create .venv")
    pip = [str(python), "-m", "pip", "--disable-pip-version-check", "--quiet"]
    VENV_STAMPS.mkdir(exist_ok=True)
    for path in missing:
        log(f"installing {path.name} into .venv")
        subprocess.run(pip + ["install", "-r", str(path)], check=True)
        stamp(path).write_text(wanted[path] + "\n")
    return python


def ensure_venv_module() -> None:
    """Debian ships `venv` without `ensurepip` unless python3-venv is installed."""
    try:
        import ensurepip  # noqa: F401
        return
    except ImportError:
        pass
    package = f"python3.{sys.version_info.minor}-venv"
    apt_install(package, f"the Python venv module (Debian package {package})")


def apt_install(package: str, what: str) -> None:
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        sys.exit(f"[build] missing {what}: install it with `sudo apt-get install -y {package}`")
    log(f"installing {what} with apt-get")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", package], check=True, env=env)


def ensure_chromium() -> None:
    if CHROMIUM.exists():
        return
    apt_install("chromium", f"Chromium for the browser tests ({CHROMIUM})")
    if not CHROMIUM.exists():
        sys.exit(f"[build] apt-get installed chromium but {CHROMIUM} is still missing")


# The runners' closing tallies: pytest's "== 3 failed, 40 passed in 2.1s =="
# (without the rule under -q), node --test's TAP trailer ("# pass 3", ...),
# and mypy's last line, counted in source files ("Success: no issues found in
# 35 source files", "Found 4 errors in 2 files (checked 35 source files)").
PYTEST_SUMMARY = re.compile(r"^=*\s*(\d+ \w+.* in [\d.]+s.*?)\s*=*$")
PYTEST_COUNT = re.compile(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed)")
NODE_COUNT = re.compile(r"^# (pass|fail|cancelled|skipped|todo) (\d+)$")
MYPY_SUCCESS = re.compile(r"^Success: no issues found in (\d+) source files?$")
MYPY_FAILURE = re.compile(r"^Found \d+ errors? in (\d+) files? \(checked (\d+) source files?\)$")
# Every outcome, folded into passed / failed / skipped.
OUTCOME = {"passed": "passed", "xpassed": "passed", "pass": "passed",
           "failed": "failed", "error": "failed", "errors": "failed", "fail": "failed",
           "cancelled": "failed",
           "skipped": "skipped", "xfailed": "skipped", "todo": "skipped"}


class Suite:
    """One test run: its command, exit code, counts and the runner's own words."""

    def __init__(self, name: str):
        self.name = name
        self.code = None
        self.seconds = 0.0
        self.summary = ""
        self.counts = {"passed": 0, "failed": 0, "skipped": 0}

    def read(self, line: str) -> None:
        line = line.strip()
        pytest_summary = PYTEST_SUMMARY.match(line)
        if pytest_summary:
            self.summary = pytest_summary.group(1)
            self.counts = {"passed": 0, "failed": 0, "skipped": 0}
            for number, outcome in PYTEST_COUNT.findall(self.summary):
                self.counts[OUTCOME[outcome]] += int(number)
        node_count = NODE_COUNT.match(line)
        if node_count:
            self.counts[OUTCOME[node_count.group(1)]] += int(node_count.group(2))
            self.summary = ", ".join(f"{n} {k}" for k, n in self.counts.items())
        mypy_success = MYPY_SUCCESS.match(line)
        if mypy_success:
            self.summary = line
            self.counts = {"passed": int(mypy_success.group(1)), "failed": 0, "skipped": 0}
        mypy_failure = MYPY_FAILURE.match(line)
        if mypy_failure:
            wrong, checked = int(mypy_failure.group(1)), int(mypy_failure.group(2))
            self.summary = line
            self.counts = {"passed": checked - wrong, "failed": wrong, "skipped": 0}

    def run(self, command: list[str], env: dict) -> "Suite":
        """Run, echoing the output as it comes, and keep the tally."""
        print(f"\n===== {self.name}: {' '.join(command)}", flush=True)
        started = time.perf_counter()
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True, bufsize=1)
        for line in process.stdout:
            sys.stdout.write(line)
            self.read(line)
        self.code = process.wait()
        sys.stdout.flush()
        self.seconds = time.perf_counter() - started
        return self


def test(args: argparse.Namespace, passthrough: list[str]) -> int:
    suites = [s for s in SUITES if getattr(args, s)] or list(SUITES)
    ensure_node_modules()
    python = ensure_venv(REQUIREMENTS, SERVER_REQUIREMENTS)
    if "e2e" in suites:
        ensure_chromium()
    build()

    env = {**server_env(), "PYTHON": str(python), "PYTHONDONTWRITEBYTECODE": "1"}
    node = shutil.which("node") or "node"
    commands = {
        "types": [str(python), "-m", "mypy"],
        "unit": [str(python), "-m", "pytest", "tests", *passthrough],
        "server": [str(python), "-m", "pytest", "server/tests", *passthrough],
        "node": [node, "--test", "--test-reporter=tap", "tests/node/"],
        "e2e": [str(python), "-m", "pytest", "e2e", *passthrough],
    }
    return report([Suite(name).run(commands[name], env) for name in suites])


SUITES = ("types", "unit", "server", "node", "e2e")


def report(results: list[Suite]) -> int:
    """One line per suite, then the total on a line of its own. pytest's exit
    code 5 means it collected nothing (say, `-k` matched no test of that
    suite): not a failure by itself, but a run where no test ran fails."""
    print("\n===== summary", flush=True)
    failed = False
    total = {"passed": 0, "failed": 0, "skipped": 0}
    for suite in results:
        if suite.code == 0:
            status = "ok"
        elif suite.code == 5 and suite.name != "node":
            status = "no tests"
        else:
            status, failed = f"FAILED (exit {suite.code})", True
        for outcome, number in suite.counts.items():
            total[outcome] += number
        print(f"  {suite.name:6} {status:16} {suite.summary or '-'}  [{suite.seconds:.1f} s]")
    if total["passed"] + total["failed"] == 0:
        print("  no test ran at all")
        failed = True
    print("===== " + ("FAILED" if failed else "all suites passed"))
    print(f"total: {total['passed']} passed, {total['failed']} failed, {total['skipped']} skipped", flush=True)
    return 1 if failed else 0


# --------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------

def parse(argv: list[str]) -> tuple[argparse.Namespace, list[str]]:
    parser = argparse.ArgumentParser(
        prog="build.py",
        description="Build, serve and test Archipel. With no command: build dist/.",
    )
    commands = parser.add_subparsers(dest="command")
    parser.add_argument("--server", dest="server_url", metavar="URL",
                        help="the table server the built site plays online with, e.g. "
                             "https://tables.example.org/ (written into build.json)")
    commands.add_parser("build", help="build dist/ (the default)")

    serve_parser = commands.add_parser("serve", help="build, then serve dist/ locally")
    serve_parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    serve_parser.add_argument("--base", default="/",
                              help="URL prefix, e.g. /archipel/ to mimic GitHub Pages (default /)")
    serve_parser.add_argument("--host", default=SERVE_HOST,
                              help="address to listen on (default 0.0.0.0: the devices of your network "
                                   "can play too; 127.0.0.1: this computer only)")
    serve_parser.add_argument("--db", type=Path, default=TABLES_DB,
                              help=f"the SQLite file of the tables (default {TABLES_DB.name})")
    serve_parser.add_argument("--origin", action="append", default=[], metavar="URL",
                              help="another site whose pages may play at these tables, e.g. "
                                   "https://you.github.io (repeatable)")
    serve_parser.add_argument("--host-name", action="append", default=[], metavar="NAME",
                              help="another name the devices reach this computer by, e.g. mypc.lan "
                                   "(its addresses, localhost and its own name need none; repeatable)")

    test_parser = commands.add_parser(
        "test",
        help="run every test suite",
        description=(
            "Create/refresh .venv, install Chromium if missing (as root), build dist/, then run "
            "the suites: types (mypy over pygame_core, configured in pyproject.toml), unit "
            "(pytest tests/), server (pytest server/tests/, the table server over real sockets), "
            "node (node --test tests/node/) and e2e (pytest e2e/, Playwright in headless "
            "Chromium). Select suites with --types/--unit/--server/--node/--e2e "
            "(default: all). Every other argument goes to every pytest run, e.g. "
            "`python3 build.py test -k kahuna` or `python3 build.py test --e2e -x -v`."
        ),
    )
    test_parser.add_argument("--types", action="store_true",
                             help="check the types of pygame_core (mypy, its files counted)")
    test_parser.add_argument("--unit", action="store_true", help="run the unit tests (pytest tests/)")
    test_parser.add_argument("--server", action="store_true",
                             help="run the table server's tests (pytest server/tests/)")
    test_parser.add_argument("--node", action="store_true", help="run the Node smoke test")
    test_parser.add_argument("--e2e", action="store_true", help="run the browser tests (pytest e2e/)")

    args, rest = parser.parse_known_args(argv)
    if rest[:1] == ["--"]:
        rest = rest[1:]
    if rest and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    return args, rest


def main(argv: list[str] | None = None) -> int:
    if sys.version_info < (3, 11):
        sys.exit("[build] Python 3.11 or newer is needed")
    args, rest = parse(sys.argv[1:] if argv is None else argv)
    if args.server_url and args.command in ("serve", "test"):
        sys.exit("[build] --server is for a build to host elsewhere; `serve` serves the tables itself")
    if args.command == "serve":
        return serve(args.port, args.base, args.host, args.db, tuple(args.origin), tuple(args.host_name))
    if args.command == "test":
        return test(args, rest)
    server = None
    if args.server_url:
        try:
            server = server_address(args.server_url)
        except ValueError as exc:
            sys.exit(f"[build] {exc}")
    build(server=server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
