// Random Kahuna games per second under Pyodide (Node 20, the browser's Python)
// and under CPython, with the same driver and the same seeds.
//
//   python3 build.py            # dist/ holds the wheel
//   node bench/pyodide_speed.mjs [--seconds 10] [--game kahuna]
//
// Prints figures only; nothing here is a test.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadPyodide } from 'pyodide';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PYTHON = process.env.PYTHON || 'python3';

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

const SECONDS = Number(option('seconds', 10));
const GAME = option('game', 'kahuna');

// Plays random games for `seconds` and reports what it did as JSON.
const DRIVER = `
import json, sys, time
from pygame_core import GAMES
from pygame_core.engine import Rng

def random_game(game, seed):
    state = game.new(players=min(game.players), seed=seed)
    rng = Rng.from_seed(seed)
    moves = 0
    while not state.is_over():
        player = state.to_move()[0]
        state.play(player, rng.choice(state.legal_moves(player)))
        moves += 1
    return moves

def bench(game_id, seconds):
    game = GAMES[game_id]
    random_game(game, -1)  # warm-up: imports, first-call costs
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        moves += random_game(game, games)
        games += 1
    elapsed = time.perf_counter() - start
    return json.dumps({"python": sys.version.split()[0], "games": games, "moves": moves,
                       "seconds": elapsed})
`;

async function inPyodide() {
  const manifestFile = path.join(ROOT, 'dist', 'build.json');
  if (!existsSync(manifestFile)) throw new Error('dist/ is missing: run `python3 build.py` first');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const started = performance.now();
  const pyodide = await loadPyodide({ lockFileContents: { info: manifest.lock_info, packages: {} } });
  const booted = performance.now();
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  pyodide.unpackArchive(new Uint8Array(readFileSync(path.join(ROOT, 'dist', manifest.wheel))), 'wheel', {
    extractDir: sitePackages,
  });
  pyodide.runPython(DRIVER);
  const result = JSON.parse(pyodide.runPython(`bench(${JSON.stringify(GAME)}, ${SECONDS})`));
  return { ...result, bootMs: booted - started };
}

function inCPython() {
  const run = spawnSync(PYTHON, ['-c', `${DRIVER}\nprint(bench(${JSON.stringify(GAME)}, ${SECONDS}))`], {
    cwd: ROOT,
    env: { ...process.env, PYTHONPATH: ROOT, PYTHONDONTWRITEBYTECODE: '1' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`CPython failed:\n${run.stderr}`);
  return JSON.parse(run.stdout);
}

function line(label, result) {
  const perSecond = result.games / result.seconds;
  const movesPerSecond = result.moves / result.seconds;
  return `${label.padEnd(22)} ${perSecond.toFixed(1).padStart(9)} games/s ${movesPerSecond.toFixed(0).padStart(9)} moves/s  (${result.games} games, ${result.moves / result.games | 0} moves each)`;
}

const pyodideResult = await inPyodide();
const cpythonResult = inCPython();
const ratio = cpythonResult.games / cpythonResult.seconds / (pyodideResult.games / pyodideResult.seconds);

console.log(`random ${GAME} games with the fewest players, ${SECONDS} s in each interpreter`);
console.log(line(`Pyodide ${pyodideResult.python}`, pyodideResult));
console.log(line(`CPython ${cpythonResult.python}`, cpythonResult));
console.log(`CPython is ${ratio.toFixed(2)}x faster; Pyodide boot in Node: ${(pyodideResult.bootMs / 1000).toFixed(2)} s`);

const engineSpeed = path.join(ROOT, 'bench', 'engine_speed.py');
if (existsSync(engineSpeed)) {
  console.log('\nbench/engine_speed.py (CPython):');
  const run = spawnSync(PYTHON, [engineSpeed], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  process.stdout.write(run.stdout || '');
}

