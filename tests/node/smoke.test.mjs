// Smoke test of the built wheel under Pyodide, the Python the browser runs
// (3.14), next to CPython (3.11 here): every game is played to its end with
// random moves, and both interpreters must reach the very same positions.
//
// (Named *.test.mjs so that `node --test tests/node/` finds it.)
// Needs dist/ (python3 build.py) and node_modules (npm ci). Run with
//   node --test tests/node/
// `python3 build.py test` does all of that.

import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { loadPyodide } from 'pyodide';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const DIST = path.join(ROOT, 'dist');
const PYTHON = process.env.PYTHON || 'python3';
const GAMES_PER_SETUP = Number(process.env.SMOKE_GAMES || 20);
const MAX_STEPS = 20000;

// The same driver runs in both interpreters. Moves go through their text form,
// as they do between the browser and the worker; the random choices come from
// the engine's own seeded generator, so they are identical on both sides.
const DRIVER = `
import hashlib, json
from pygame_core import GAMES
from pygame_core.engine import Rng

def digest(data):
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()

def play_random(game_id, players, seed):
    state = GAMES[game_id].new(players=players, seed=seed)
    rng = Rng.from_seed(f"smoke/{game_id}/{players}/{seed}")
    steps = 0
    while not state.is_over():
        steps += 1
        if steps > ${MAX_STEPS}:
            raise AssertionError(f"{game_id} seed {seed} did not end in ${MAX_STEPS} moves")
        player = state.to_move()[0]
        move = rng.choice(state.legal_moves(player))
        state.play(player, str(move))
    result = state.result()
    return {"game": game_id, "players": players, "seed": seed, "moves": steps,
            "scores": result["scores"], "winners": result["winners"],
            "reason": result["reason"], "digest": digest(state.to_json())}

def run_all(count):
    return [play_random(game_id, players, seed)
            for game_id in sorted(GAMES)
            for players in GAMES[game_id].players
            for seed in range(count)]
`;

let pyodide;
let manifest;

function readManifest() {
  const file = path.join(DIST, 'build.json');
  if (!existsSync(file)) throw new Error('dist/ is missing: run `python3 build.py` first');
  return JSON.parse(readFileSync(file, 'utf8'));
}

before(async () => {
  manifest = readManifest();
  // The standard library the site ships: precompiled by build.py.
  pyodide = await loadPyodide({
    lockFileContents: { info: manifest.lock_info, packages: {} },
    stdLibURL: path.join(DIST, 'pyodide', 'python_stdlib.zip'),
  });
  const wheel = new Uint8Array(readFileSync(path.join(DIST, manifest.wheel)));
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  pyodide.unpackArchive(wheel, 'wheel', { extractDir: sitePackages });
  pyodide.runPython(DRIVER);
});

function pyodideRun(source) {
  return JSON.parse(pyodide.runPython(source));
}

function cpythonRun(source) {
  const run = spawnSync(PYTHON, ['-c', source], {
    cwd: ROOT,
    env: { ...process.env, PYTHONPATH: ROOT, PYTHONDONTWRITEBYTECODE: '1' },
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  assert.equal(run.status, 0, `CPython failed:\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

test('the wheel runs under the Python of the browser', () => {
  const info = pyodideRun(
    'import json, sys, pygame_core; json.dumps([list(sys.version_info[:2]), pygame_core.__version__, pygame_core.__file__])',
  );
  assert.deepEqual(info[0], manifest.lock_info.python.split('.').slice(0, 2).map(Number));
  assert.equal(info[1], manifest.version);
  assert.match(info[2], /site-packages\/pygame_core\/__init__\.py$/);
});

// The wheel carries bytecode so that a fresh boot does not compile the engine:
// Pyodide must accept every module's .pyc (right cache tag, magic number and
// flags), or it would silently fall back to compiling the source.
const LOAD_WITHOUT_COMPILING = `
import importlib.machinery, importlib.util, json, pkgutil, pygame_core

class NoCompiling(importlib.machinery.SourceFileLoader):
    def source_to_code(self, data, path, **kwargs):
        raise AssertionError(f"{path}: its bytecode was not used")

modules = pkgutil.walk_packages(pygame_core.__path__, "pygame_core.")
names = ["pygame_core"] + [module.name for module in modules]
for name in names:
    NoCompiling(name, importlib.util.find_spec(name).origin).get_code(name)
json.dumps(names)
`;

test('every module of the wheel loads from its bytecode, without compiling', () => {
  const loaded = pyodideRun(LOAD_WITHOUT_COMPILING);
  assert.ok(loaded.includes('pygame_core.api') && loaded.includes('pygame_core.games.kahuna'), loaded.join(' '));
});

test('random games of every game end with a result, identically in Pyodide and CPython', () => {
  const call = `json.dumps(run_all(${GAMES_PER_SETUP}))`;
  const inPyodide = pyodideRun(call);
  const games = pyodideRun('import json; json.dumps(sorted(GAMES))');
  assert.ok(games.length >= 1);
  for (const id of games) assert.ok(inPyodide.some((record) => record.game === id), `no game of ${id} played`);
  for (const record of inPyodide) {
    const where = `${record.game}/${record.players}p/seed ${record.seed}`;
    assert.ok(record.moves > 0, `${where}: no move played`);
    assert.equal(record.scores.length, record.players, `${where}: one score per player`);
    assert.ok(record.winners.length >= 1, `${where}: nobody won`);
    for (const winner of record.winners) {
      assert.ok(Number.isInteger(winner) && winner >= 0 && winner < record.players, `${where}: winner ${winner}`);
    }
    assert.equal(typeof record.reason, 'string');
    assert.match(record.digest, /^[0-9a-f]{64}$/);
  }
  // Same seeds, same moves: the same final positions, byte for byte.
  const inCPython = cpythonRun(`${DRIVER}\nimport json\nprint(${call})`);
  assert.deepEqual(inPyodide, inCPython);
});

test('the JSON facade answers games and new, and plays a game to its end', () => {
  const api = pyodide.pyimport('pygame_core.api');
  const ask = (cmd, args = {}) => JSON.parse(api.handle(JSON.stringify({ cmd, args })));

  const games = ask('games');
  assert.equal(games.ok, true);
  const ids = pyodideRun('import json; json.dumps(sorted(GAMES))');
  assert.deepEqual(games.data.map((game) => game.id).sort(), ids);
  for (const game of games.data) {
    assert.ok(game.title.fr && game.title.en, `${game.id} has French and English titles`);
    assert.ok(game.players.length >= 1);
  }

  let snapshot = ask('new', { game: 'kahuna', players: 2, seats: ['h', 'h'], seed: 5 });
  assert.equal(snapshot.ok, true, JSON.stringify(snapshot.error));
  assert.equal(snapshot.data.game, 'kahuna');
  assert.equal(snapshot.data.over, false);
  assert.equal(snapshot.data.to_move.length, 1);
  assert.equal(snapshot.data.viewer, snapshot.data.to_move[0]);
  assert.ok(snapshot.data.legal.length > 0);

  const bad = ask('play', { seat: 0, move: 'not a move' });
  assert.equal(bad.ok, false);
  assert.equal(typeof bad.error.key, 'string');

  let steps = 0;
  while (!snapshot.data.over) {
    assert.ok(++steps <= MAX_STEPS, 'the game through the facade did not end');
    const seat = snapshot.data.to_move[0];
    const view = ask('snapshot', { viewer: seat });
    assert.equal(view.ok, true);
    const legal = view.data.legal;
    snapshot = ask('play', { seat, move: legal[steps % legal.length].text });
    assert.equal(snapshot.ok, true, JSON.stringify(snapshot.error));
  }
  assert.ok(snapshot.data.result.winners.length >= 1);

  const saved = ask('save');
  assert.equal(saved.ok, true);
  const loaded = ask('load', { record: saved.data });
  assert.equal(loaded.ok, true, JSON.stringify(loaded.error));
  assert.deepEqual(loaded.data.result, snapshot.data.result);
});
