"""dist/: the front end, Pyodide, the wheel, the page's policy, and the
manifest the service worker precaches."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import sys
import time
import urllib.parse
from pathlib import Path

from .paths import DIST, PYODIDE_DIR, STDLIB, WEB, log, sha256_file
from .policy import with_policy
from .toolchain import ensure_node_modules, precompiled_stdlib, pyodide_version
from .wheel import package_version, wheel_bytes, wheel_name

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
# What a memory snapshot of the booted engine depends on: the worker restores
# one only if it was made from these very files (build.json's snapshot_key).
SNAPSHOT_INPUTS = (
    "pyodide/pyodide.mjs",
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm",
    "pyodide/" + STDLIB,
    "js/worker.js",
    "js/worker-requests.js",
    "js/snapshot.js",
)

# The placeholder in web/sw.js that the build replaces with the manifest hash.
# The browser re-installs a service worker only when its script changes byte
# for byte, so the hash must live inside sw.js itself.
SW_MARKER = re.compile(r"const BUILD_HASH = '[^']*';")


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
