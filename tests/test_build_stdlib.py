"""The precompiled standard library that build.py ships in place of the npm
one: every module of the stock zip, as bytecode the interpreter loads without
looking for a source."""

from __future__ import annotations

import struct
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from archipel_site.paths import DIST, PYODIDE_DIR, STDLIB, sha256_file  # noqa: E402
from archipel_site.site import SNAPSHOT_INPUTS, build as build_site, snapshot_key  # noqa: E402
from archipel_site.toolchain import precompiled_stdlib  # noqa: E402

# PEP 552: the flags word after the magic number; 0b01 = hash-based, unchecked.
UNCHECKED_HASH = 0b01


@pytest.fixture(scope="module")
def zips():
    if not (PYODIDE_DIR / STDLIB).exists():
        pytest.skip("node_modules is missing: run `python3 build.py` first")
    stock = zipfile.ZipFile(PYODIDE_DIR / STDLIB)
    compiled = zipfile.ZipFile(precompiled_stdlib())
    yield stock, compiled
    stock.close()
    compiled.close()


def test_every_stock_module_is_there_as_bytecode(zips):
    stock, compiled = zips
    expected = {name[:-3] + ".pyc" if name.endswith(".py") else name for name in stock.namelist()}
    assert set(compiled.namelist()) == expected
    assert not [name for name in compiled.namelist() if name.endswith(".py")]


def test_the_bytecode_is_unchecked_and_of_one_interpreter(zips):
    _, compiled = zips
    magics = set()
    for name in compiled.namelist():
        if not name.endswith(".pyc"):
            continue
        header = compiled.read(name)[:16]
        magic, flags = header[:4], struct.unpack("<I", header[4:8])[0]
        magics.add(magic)
        assert flags == UNCHECKED_HASH, name
    assert len(magics) == 1 and magics.pop()[2:] == b"\r\n"


def test_the_build_ships_it_and_keys_snapshots_on_it(zips):
    manifest = build_site(quiet=True)
    shipped = DIST / "pyodide" / STDLIB
    assert shipped.read_bytes() == precompiled_stdlib().read_bytes()
    assert len(manifest["snapshot_key"]) == 32
    # The key follows every file a snapshot depends on, the wheel included.
    hashes = {rel: sha256_file(DIST / rel) for rel in [*SNAPSHOT_INPUTS, manifest["wheel"]]}
    assert manifest["snapshot_key"] == snapshot_key(hashes, [*SNAPSHOT_INPUTS, manifest["wheel"]])
    changed = {**hashes, manifest["wheel"]: "0" * 64}
    assert snapshot_key(changed, [*SNAPSHOT_INPUTS, manifest["wheel"]]) != manifest["snapshot_key"]
