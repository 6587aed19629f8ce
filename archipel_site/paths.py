"""Where everything is, and the small helpers every step of the build shares."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
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
REDIS_SERVER = Path("/usr/bin/redis-server")
NGINX = Path("/usr/sbin/nginx")
STDLIB = "python_stdlib.zip"
PRECOMPILE_SCRIPT = ROOT / "tools" / "precompile.mjs"
# Precompiled standard libraries and package bytecode, named after what they
# are made from, so a rebuild is instant until Pyodide, a script or (for the
# package) a source changes.
STDLIB_CACHE = NODE_MODULES / ".cache" / "archipel"

# Stamp written next to node_modules after a successful `npm ci`: the hash of
# the lock file it installed, so a changed lock triggers a new install.
NPM_STAMP = NODE_MODULES / ".archipel-lock.sha256"
# One stamp per requirements file in .venv: the hash of the file it installed
# (and of the Python version), so a changed file triggers a new install.
VENV_STAMPS = VENV / ".archipel-stamps"


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

