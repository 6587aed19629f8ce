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

import build  # noqa: E402

# PEP 552: the flags word after the magic number; 0b01 = hash-based, unchecked.
UNCHECKED_HASH = 0b01


@pytest.fixture(scope="module")
def zips():
    if not (build.PYODIDE_DIR / build.STDLIB).exists():
        pytest.skip("node_modules is missing: run `python3 build.py` first")
    stock = zipfile.ZipFile(build.PYODIDE_DIR / build.STDLIB)
    compiled = zipfile.ZipFile(build.precompiled_stdlib())
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
    manifest = build.build(quiet=True)
    shipped = build.DIST / "pyodide" / build.STDLIB
    assert shipped.read_bytes() == build.precompiled_stdlib().read_bytes()
    assert len(manifest["snapshot_key"]) == 32
    # The key follows every file a snapshot depends on, the wheel included.
    hashes = {rel: build.sha256_file(build.DIST / rel) for rel in [*build.SNAPSHOT_INPUTS, manifest["wheel"]]}
    assert manifest["snapshot_key"] == build.snapshot_key(hashes, [*build.SNAPSHOT_INPUTS, manifest["wheel"]])
    changed = {**hashes, manifest["wheel"]: "0" * 64}
    assert build.snapshot_key(changed, [*build.SNAPSHOT_INPUTS, manifest["wheel"]]) != manifest["snapshot_key"]
