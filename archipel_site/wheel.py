"""The rules package as a wheel, with its bytecode for Pyodide."""

from __future__ import annotations

import base64
import hashlib
import io
import re
import subprocess
import sys
import zipfile
from pathlib import Path

from .paths import PACKAGE, PRECOMPILE_SCRIPT, ROOT, STDLIB_CACHE, log, sha256_bytes, sha256_file
from .toolchain import node_executable, precompiled_stdlib, pyodide_version

# A fixed timestamp for every wheel entry: the same sources give the same
# wheel bytes, hence the same manifest hash and no needless cache refresh.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)


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
