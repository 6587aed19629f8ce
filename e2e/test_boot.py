"""The built site boots under a sub-path, talks to nothing but its own server,
and plays again without any network once the service worker has cached it."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import sys
import urllib.request
import zipfile
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from archipel_site.paths import DIST  # noqa: E402
from archipel_site.site import build as build_site  # noqa: E402
from pages import BOOT_TIMEOUT_MS, status  # noqa: E402

DEEP_LINK = "play=kahuna&players=2&seats=h,h&seed=5"


def fetch(url: str) -> tuple[bytes, dict]:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read(), {name.lower(): value for name, value in response.headers.items()}


def test_the_server_sends_what_pyodide_needs(site_url):
    manifest, headers = fetch(site_url + "build.json")
    manifest = json.loads(manifest)
    expected = {
        "pyodide/pyodide.asm.wasm": "application/wasm",  # else Pyodide hangs silently
        "pyodide/pyodide.mjs": "text/javascript",
        "js/worker.js": "text/javascript",
        "pyodide/python_stdlib.zip": "application/zip",
        manifest["wheel"]: "application/zip",
        "build.json": "application/json",
    }
    for path, mime in expected.items():
        _, headers = fetch(site_url + path)
        assert headers["content-type"] == mime, path
        assert headers["cache-control"] == "no-cache", path


def test_the_manifest_lists_every_shipped_file_and_a_valid_wheel():
    manifest = build_site(quiet=True)
    shipped = {
        path.relative_to(DIST).as_posix()
        for path in DIST.rglob("*")
        if path.is_file() and path.name not in ("sw.js", ".nojekyll")
    }
    assert set(manifest["files"]) - {"./"} == shipped
    # The service worker caches a file only if it is the one of this build.
    for path in shipped - {"build.json"}:
        digest = base64.b64encode(hashlib.sha256((DIST / path).read_bytes()).digest()).decode()
        assert manifest["integrity"][path] == f"sha256-{digest}", path
    assert manifest["integrity"]["./"] == manifest["integrity"]["index.html"]
    assert f"const BUILD_HASH = '{manifest['hash']}';" in (DIST / "sw.js").read_text()

    wheel = zipfile.ZipFile(io.BytesIO((DIST / manifest["wheel"]).read_bytes()))
    dist_info = f"pygame_core-{manifest['version']}.dist-info"
    record = wheel.read(f"{dist_info}/RECORD").decode().splitlines()
    assert sorted(line.split(",")[0] for line in record) == sorted(wheel.namelist())
    for line in record:
        name, digest, size = line.rsplit(",", 2)
        if name.endswith("/RECORD"):
            continue
        data = wheel.read(name)
        encoded = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert digest == f"sha256={encoded}" and int(size) == len(data), name
    assert "Tag: py3-none-any" in wheel.read(f"{dist_info}/WHEEL").decode()
    assert f"Version: {manifest['version']}" in wheel.read(f"{dist_info}/METADATA").decode()


def test_site_boots_under_a_sub_path_and_stays_local(
    page, site_url, outside_requests, wait_for_state, play_one_turn
):
    responses = []
    page.on("response", lambda response: responses.append((response.url, response.status)))

    response = page.goto(f"{site_url}#{DEEP_LINK}")
    assert response.status == 200, f"{site_url} answered HTTP {response.status}"
    first = status(page)
    assert first is not None and first["state"] in ("loading", "playing", "over"), first
    wait_for_state(page, "playing")
    assert status(page)["toMove"] not in (None, "")

    after = play_one_turn(page)
    assert after["state"] in ("playing", "over")

    assert outside_requests == [], f"requests left localhost: {outside_requests}"
    prefix = urlparse(site_url).path
    for url, code in responses:
        path = urlparse(url).path
        if path.endswith("/favicon.ico"):
            continue  # the browser's own guess, outside the site
        assert path.startswith(prefix), f"{url} escapes the sub-path {prefix}"
        if path == prefix + "api/info":
            # The page asks its own site whether a table server is there
            # (docs/online.md, section 8); a static host has none.
            assert code == 404, f"{url} answered HTTP {code}"
            continue
        assert code < 400, f"{url} answered HTTP {code}"
    fetched = {urlparse(url).path[len(prefix):] for url, _ in responses}
    for name in ("js/worker.js", "build.json", "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"):
        assert name in fetched, f"{name} was not loaded"
    # The lock-file header travels in build.json: the lock file itself is not fetched.
    assert "pyodide/pyodide-lock.json" not in fetched


WORKER_SESSION = """async () => {
  const worker = new Worker(new URL('js/worker.js', location.href), {type: 'module'});
  const progress = [];
  let nextId = 1;
  const waiting = new Map();
  const booted = new Promise((resolve, reject) => {
    worker.onmessage = ({data}) => {
      if (data.type === 'progress') progress.push(data);
      else if (data.type === 'ready') resolve(data);
      else if (data.type === 'fatal') reject(new Error(data.message));
      else if (waiting.has(data.id)) { waiting.get(data.id)(data); waiting.delete(data.id); }
    };
  });
  const ask = (cmd, args) => new Promise((resolve) => {
    const id = nextId++;
    waiting.set(id, resolve);
    worker.postMessage({id, cmd, args});
  });
  // Sent before the boot ends: it must wait for the boot, not be lost.
  const early = ask('games', {});
  const ready = await booted;
  const answers = {
    early: await early,
    created: await ask('new', {game: 'kahuna', players: 2, seats: ['h', 'h'], seed: 5}),
    illegal: await ask('play', {seat: 0, move: 'place NOWHERE'}),
    unknown: await ask('no_such_command', {}),
  };
  answers.after = await ask('snapshot', {viewer: answers.created.data.to_move[0]});
  worker.terminate();
  return {ready, progress, answers};
}"""


def test_worker_protocol(page, site_url):
    # Any page of the site will do: the worker needs only a same-origin URL.
    page.goto(f"{site_url}build.json")
    result = page.evaluate(WORKER_SESSION)

    ready, progress, answers = result["ready"], result["progress"], result["answers"]
    assert ready["type"] == "ready"
    assert ready["build"] == json.loads(page.inner_text("body"))["hash"]
    assert {"runtime", "wheel", "rules", "total"} <= set(ready["timings"])
    fractions = [message["fraction"] for message in progress]
    assert fractions == sorted(fractions) and 0 <= fractions[0] and fractions[-1] == 1

    early = answers["early"]
    assert early["ok"] is True and any(game["id"] == "kahuna" for game in early["data"])
    created = answers["created"]
    assert created["ok"] is True and created["data"]["game"] == "kahuna"
    for bad in (answers["illegal"], answers["unknown"]):
        assert bad["ok"] is False
        assert bad["error"]["key"].startswith("error.") and bad["error"]["message"]
    # A refused request changes nothing and the worker keeps answering.
    after = answers["after"]
    assert after["ok"] is True and after["data"]["to_move"] == created["data"]["to_move"]
    assert after["data"]["legal"]


SERVICE_WORKER_READY = """async () => {
  const registration = await navigator.serviceWorker.ready;
  if (!navigator.serviceWorker.controller) return null;
  const manifest = await (await fetch('build.json')).json();
  const name = 'archipel-' + manifest.hash;
  if (!(await caches.has(name))) return null;
  const cache = await caches.open(name);
  const cached = (await cache.keys()).map((request) => request.url);
  const wanted = manifest.files.map((file) => new URL(file, registration.scope).href);
  // The types the server sent are kept: the browser compiles the wasm while
  // it streams in only when it is served as application/wasm.
  const types = {};
  for (const file of ['pyodide/pyodide.asm.wasm', 'pyodide/pyodide.asm.mjs', 'pyodide/python_stdlib.zip', 'build.json']) {
    const entry = await cache.match(new URL(file, registration.scope).href);
    types[file] = entry && entry.headers.get('Content-Type');
  }
  return {scope: registration.scope, missing: wanted.filter((url) => !cached.includes(url)), types};
}"""

# Notes what the page's first screen was when it registered its service
# worker (it precaches the whole site: not while Python boots).
WATCH_REGISTRATION = """(() => {
  const register = ServiceWorkerContainer.prototype.register;
  ServiceWorkerContainer.prototype.register = function (...args) {
    const status = document.getElementById('status');
    window.__registeredWhile = {
      state: status ? status.dataset.state : null,
      menuReady: !!document.querySelector('#play-button:not([disabled])'),
    };
    return register.apply(this, args);
  };
})();"""


def test_plays_offline_after_the_first_visit(
    make_context, site_url, outside_requests, open_game, play_one_turn
):
    context = make_context(service_workers="allow")
    context.add_init_script(WATCH_REGISTRATION)
    page = context.new_page()
    open_game(page, DEEP_LINK)

    # The first visit registers the service worker once the board is up,
    # which precaches the whole build and then takes control of the page.
    page.wait_for_function("() => !!navigator.serviceWorker.controller", polling=250)
    assert page.evaluate("window.__registeredWhile")["state"] == "playing"
    cache = page.evaluate(SERVICE_WORKER_READY)
    assert cache is not None, "the service worker did not activate with its cache"
    assert cache["scope"] == site_url
    assert cache["missing"] == [], f"not precached: {cache['missing']}"
    assert cache["types"] == {"pyodide/pyodide.asm.wasm": "application/wasm",
                              "pyodide/pyodide.asm.mjs": "text/javascript",
                              "pyodide/python_stdlib.zip": "application/zip",
                              "build.json": "application/json"}

    # Load the deep link again from scratch, with no network at all. (The page
    # may have dropped the fragment from its URL once the game started, and a
    # fragment-only change would not reload the page.)
    context.set_offline(True)
    page.goto("about:blank")
    open_game(page, DEEP_LINK)
    after = play_one_turn(page)
    assert after["state"] in ("playing", "over")
    # A query string selects nothing on a static site: the cached files answer.
    page.goto("about:blank")
    response = page.goto(f"{site_url}index.html?from=a-link#{DEEP_LINK}")
    assert response.ok and response.from_service_worker
    for path in ("build.json?v=2", "pyodide/pyodide.mjs?from=a-link"):
        assert page.evaluate("async (path) => (await fetch(path)).ok", path) is True, path
    assert outside_requests == []


def test_the_menu_registers_the_service_worker_once_ready(make_context, site_url):
    context = make_context(service_workers="allow")
    context.add_init_script(WATCH_REGISTRATION)
    page = context.new_page()
    page.goto(site_url)
    page.wait_for_function("() => !!window.__registeredWhile", polling=250, timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.__registeredWhile")["menuReady"] is True


def test_a_normal_load_logs_no_error_and_cuts_no_request_short(make_context, site_url):
    """The menu, then a game, from a static host: no console error, no
    request failed or aborted (the wasm is downloaded once; a static host is
    not asked for tables)."""
    page = make_context(service_workers="allow").new_page()
    said, failed = [], []
    page.on("console", lambda message: said.append(message.text) if message.type in ("error", "warning") else None)
    page.on("requestfailed", lambda request: failed.append(f"{request.url}: {request.failure}"))
    page.on("response", lambda response: failed.append(f"{response.url}: HTTP {response.status}") if response.status >= 400 else None)
    page.goto(site_url)
    page.wait_for_selector("#play-button:not([disabled])", timeout=BOOT_TIMEOUT_MS)
    page.click("#play-button")
    page.wait_for_selector('#status[data-state="playing"]', state="attached", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_timeout(1500)
    assert failed == []
    assert said == []
