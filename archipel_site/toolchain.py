"""Node, npm and Pyodide: the packages of package-lock.json, and the
standard library precompiled by the pinned Pyodide."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from .paths import NPM_STAMP, PRECOMPILE_SCRIPT, PYODIDE_DIR, ROOT, STDLIB, STDLIB_CACHE, log, sha256_bytes, sha256_file


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
