"""The site served beside the tables: the same files with the same headers as
build.py's static server, under a sub-path too; and `python3 build.py serve`
running both on one port."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

import pytest

from online import ROOT, Client, ServerProcess, create, free_port, run

sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from archipel_site.devserver import make_server, network_addresses  # noqa: E402
from archipel_site.paths import DIST  # noqa: E402
from archipel_site.policy import connect_sources, static_headers  # noqa: E402
from archipel_site.site import build as build_site, server_address  # noqa: E402

BASE = "/archipel/"
# Headers that say when and how rather than what: they differ between any
# two servers.
PER_SERVER = {"server", "date", "content-length", "last-modified", "etag", "accept-ranges", "connection",
              "keep-alive"}


@pytest.fixture(scope="module")
def dist():
    build_site(quiet=True)
    return DIST


@pytest.fixture(scope="module")
def both(dist, tmp_path_factory):
    """build.py's static server and the table server, on the same dist/."""
    static = make_server(dist, port=0, prefix=BASE, quiet=True)
    thread = threading.Thread(target=static.serve_forever, daemon=True)
    thread.start()
    tables = ServerProcess(tmp_path_factory.mktemp("site"), "--static", str(dist), "--quiet", base=BASE).start()
    yield static.server_address[1], tables.port
    tables.stop()
    static.shutdown()
    static.server_close()


def fetch(port: int, path: str, method: str = "GET"):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    connection.request(method, path)
    answer = connection.getresponse()
    body = answer.read()
    connection.close()
    return answer.status, {name.lower(): value for name, value in answer.getheaders()}, body


def test_the_site_files_come_with_the_same_headers_from_both_servers(both, dist):
    static, tables = both
    manifest = (dist / "build.json").read_text()
    paths = ["", "index.html", "build.json", "sw.js", "pyodide/pyodide.asm.wasm", "js/worker.js",
             "i18n/fr.json", json.loads(manifest)["wheel"]]
    for path in paths:
        expected_status, expected, expected_body = fetch(static, BASE + path)
        status, headers, body = fetch(tables, BASE + path)
        assert (status, body) == (expected_status, expected_body), path
        shown = {name: value for name, value in expected.items() if name not in PER_SERVER}
        assert {name: headers.get(name) for name in shown} == shown, path
    assert fetch(tables, BASE + "pyodide/pyodide.asm.wasm", "HEAD")[1]["content-type"] == "application/wasm"


def test_paths_outside_the_site_are_not_found(both):
    static, tables = both
    assert fetch(tables, "/archipel")[0] == 301
    assert fetch(tables, "/archipel")[1]["location"] == BASE
    for path in ("/", "/index.html", BASE + "no-such-file.js", BASE + "js/", BASE + "../build.py",
                 BASE + "%2e%2e/build.py", BASE + "pyodide/"):
        assert fetch(tables, path)[0] == 404, path
        assert fetch(static, path)[0] in (404, 301), path
    assert fetch(tables, BASE + "api/info")[0] == 200


def test_build_py_serve_runs_the_site_and_the_tables_on_one_port(dist, tmp_path):
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "build.py"), "serve", "--port", str(port), "--base", BASE,
         "--db", str(tmp_path / "tables.sqlite3")],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                if fetch(port, BASE + "api/info")[0] == 200:
                    break
            except OSError:
                pass
            assert process.poll() is None and time.monotonic() < deadline, "build.py serve did not start"
            time.sleep(0.2)
        status, headers, body = fetch(port, BASE)
        assert status == 200 and b"<html" in body.lower()
        server = ServerProcess(tmp_path, base=BASE)
        server.port = port
        table = create(server, game="kahuna", seats=["h", "bot1"])

        async def hello():
            client = await Client(server).open()
            return await client.hello(table["table"], table["token"])

        assert run(hello())["type"] == "welcome"
    finally:
        process.send_signal(signal.SIGTERM)
        output = process.communicate(timeout=30)[0]
    assert "serving dist/ and the tables" in output
    # By default every interface listens: the devices of the network are told
    # where to go, and how to keep the tables to this computer.
    assert build.parse(["serve"])[0].host == "0.0.0.0"
    assert "--host 127.0.0.1: this computer only" in output
    for address in network_addresses():
        assert f"http://{address}:{port}{BASE}" in output
    # SIGTERM to build.py stops the server as well: the port is free again.
    with pytest.raises(OSError):
        fetch(port, BASE + "api/info")
    assert os.path.exists(tmp_path / "tables.sqlite3")


def test_a_killed_build_py_serve_leaves_no_server_behind(dist, tmp_path):
    # The server takes the command's place, so even SIGKILL, which build.py
    # cannot catch, stops it: the port is free for the next `serve`.
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "build.py"), "serve", "--port", str(port), "--host", "127.0.0.1",
         "--db", str(tmp_path / "tables.sqlite3")],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                if fetch(port, "/api/info")[0] == 200:
                    break
            except OSError:
                pass
            assert process.poll() is None and time.monotonic() < deadline, "build.py serve did not start"
            time.sleep(0.2)
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    deadline = time.monotonic() + 10
    while True:
        try:
            fetch(port, "/api/info")
        except OSError:
            break
        assert time.monotonic() < deadline, "a server still answers after build.py serve was killed"
        time.sleep(0.2)


def test_a_build_for_another_host_names_its_table_server(dist, tmp_path):
    assert server_address("https://Tables.Example.org") == "https://tables.example.org/"
    assert server_address(" http://10.0.0.2:8000/archipel ") == "http://10.0.0.2:8000/archipel/"
    for bad in ("ftp://tables.example.org/", "tables.example.org", "https://x.org/?a=1", "https://x.org/#t",
                "https://user:pw@x.org/", "https:///path"):
        with pytest.raises(ValueError):
            server_address(bad)
    plain = build_site(quiet=True)
    # The other build goes to a directory of its own: the other tests of the
    # module (on other workers) serve dist/ meanwhile.
    other = tmp_path / "dist"
    elsewhere = build_site(quiet=True, server="https://tables.example.org/", dist=other)
    written = json.loads((other / "build.json").read_text())
    # The page may reach that server, over HTTPS and WebSocket, whether
    # its policy comes in the page or as a header; nothing else changes.
    meta = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"',
                     (other / "index.html").read_text()).group(1)
    header = static_headers("index.html", other)["Content-Security-Policy"]
    assert meta == header
    assert "connect-src 'self' https://tables.example.org wss://tables.example.org;" in header
    assert header.replace(" https://tables.example.org wss://tables.example.org", "") == \
        static_headers("index.html", dist)["Content-Security-Policy"]
    assert connect_sources("http://192.0.2.7:8000/archipel/") == ("http://192.0.2.7:8000", "ws://192.0.2.7:8000")
    assert "server" not in plain
    assert elsewhere["server"] == written["server"] == "https://tables.example.org/"
    # Another server, another build: the service worker fetches it anew, and
    # takes only the page that names the server ("./" is index.html).
    assert elsewhere["hash"] != plain["hash"]
    page = ("./", "index.html")
    assert all(elsewhere["integrity"][path] != plain["integrity"][path] for path in page)
    assert {k: v for k, v in elsewhere["integrity"].items() if k not in page} == \
        {k: v for k, v in plain["integrity"].items() if k not in page}
    assert {k: v for k, v in elsewhere.items() if k not in ("server", "hash", "integrity")} == \
        {k: v for k, v in plain.items() if k not in ("hash", "integrity")}


@pytest.mark.parametrize("spec,said", [
    ("mysql://127.0.0.1/tables", "unknown store 'mysql://127.0.0.1/tables'"),
    ("sqlite:", "sqlite: needs the path of a file"),
])
def test_a_store_the_server_does_not_know_is_refused_at_start(spec, said):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "server")])}
    finished = subprocess.run([sys.executable, "-m", "archipel_server", "--port", "0", "--store", spec],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert finished.returncode != 0
    assert said in finished.stderr


def test_a_redis_that_does_not_answer_stops_the_server_at_start_with_its_reason():
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(ROOT / "server")])}
    finished = subprocess.run(
        [sys.executable, "-m", "archipel_server", "--port", "0", "--store", f"redis://127.0.0.1:{free_port()}/0"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert finished.returncode != 0
    assert "tables kept in redis://127.0.0.1:" in finished.stderr
    assert "Connection refused" in finished.stderr or "Error 111" in finished.stderr
