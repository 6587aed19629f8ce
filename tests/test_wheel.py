"""The rules wheel build.py ships: every module's source with, next to it, the
bytecode Pyodide loads instead of compiling the source on every fresh boot."""

from __future__ import annotations

import io
import json
import os
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from archipel_site.paths import PACKAGE, PYODIDE_DIR, STDLIB  # noqa: E402
from archipel_site.toolchain import precompiled_stdlib  # noqa: E402
from archipel_site.wheel import compiled_package, package_sources, package_version, record_hash, wheel_bytes  # noqa: E402

# PEP 552: the flags word after the magic number; 0b01 = hash-based, unchecked.
UNCHECKED_HASH = 0b01


@pytest.fixture(scope="module")
def wheel():
    if not (PYODIDE_DIR / STDLIB).exists():
        pytest.skip("node_modules is missing: run `python3 build.py` first")
    with zipfile.ZipFile(io.BytesIO(wheel_bytes(package_version()))) as archive:
        yield archive


def pyodide_cache_tag() -> str:
    """`sys.implementation.cache_tag` of the pinned Pyodide's Python."""
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())
    major, minor = lock["info"]["python"].split(".")[:2]
    return f"cpython-{major}{minor}"


def bytecode_path(source: str) -> str:
    """Where Pyodide's import system looks for the bytecode of `source`."""
    folder, _, name = source.rpartition("/")
    return f"{folder}/__pycache__/{name[:-3]}.{pyodide_cache_tag()}.pyc"


def test_every_module_has_its_bytecode_next_to_its_source(wheel):
    names = set(wheel.namelist())
    sources = {name for name in names if name.endswith(".py")}
    compiled = {name for name in names if name.endswith(".pyc")}
    assert {f"{PACKAGE}/api.py", f"{PACKAGE}/games/kahuna/state.py"} <= sources
    assert compiled == {bytecode_path(source) for source in sources}


def test_the_wheel_holds_the_package_and_nothing_else(wheel):
    """The modules, their bytecode, the PEP 561 marker ``py.typed`` and the
    wheel's own metadata: no cache of a type checker or a test run."""
    modules = {path.relative_to(ROOT).as_posix() for path in (ROOT / PACKAGE).rglob("*.py")
               if "__pycache__" not in path.parts}
    info = f"{PACKAGE}-{package_version()}.dist-info"
    expected = (modules | {bytecode_path(module) for module in modules} | {f"{PACKAGE}/py.typed"}
                | {f"{info}/{name}" for name in ("METADATA", "WHEEL", "top_level.txt", "RECORD")})
    assert set(wheel.namelist()) == expected


def test_the_bytecode_is_unchecked_and_of_the_stdlib_interpreter(wheel):
    with zipfile.ZipFile(precompiled_stdlib()) as stdlib:
        stdlib_magic = stdlib.read("json/__init__.pyc")[:4]
    for name in wheel.namelist():
        if name.endswith(".pyc"):
            header = wheel.read(name)[:16]
            assert header[:4] == stdlib_magic, name
            assert struct.unpack("<I", header[4:8])[0] == UNCHECKED_HASH, name


def test_the_record_lists_the_bytecode_with_its_hash(wheel):
    record_name = next(name for name in wheel.namelist() if name.endswith(".dist-info/RECORD"))
    lines = wheel.read(record_name).decode().splitlines()
    record = {line.split(",")[0]: line.split(",")[1] for line in lines}
    for name in wheel.namelist():
        if name.endswith(".pyc"):
            assert record[name] == record_hash(wheel.read(name)), name


def test_another_python_runs_the_unpacked_wheel(wheel, tmp_path):
    # A CPython of another version (the tests' 3.11) looks for bytecode of its
    # own cache tag only: it runs the sources that lie next to Pyodide's.
    wheel.extractall(tmp_path)
    check = ("import json, pygame_core.api; request = json.dumps({'cmd': 'games'}); "
             "print(json.dumps([pygame_core.__file__, json.loads(pygame_core.api.handle(request))]))")
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    run = subprocess.run([sys.executable, "-B", "-c", check], cwd=tmp_path, env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    location, answer = json.loads(run.stdout)
    assert Path(location).is_relative_to(tmp_path)
    assert answer["ok"] and answer["data"], answer


def test_the_same_sources_give_the_same_wheel(tmp_path):
    if not (PYODIDE_DIR / STDLIB).exists():
        pytest.skip("node_modules is missing: run `python3 build.py` first")
    version = package_version()
    assert wheel_bytes(version) == wheel_bytes(version)
    # Compiled afresh, not taken from the cache: the bytes must not change,
    # since the wheel's hash keys the stored memory snapshots.
    sources = package_sources()
    assert compiled_package(sources, cache=tmp_path) == compiled_package(sources)
