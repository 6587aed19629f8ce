// The rules engine: Pyodide and the `pygame_core` wheel, in a module worker so
// that neither the boot nor a thinking bot ever freezes the page.
//
// Protocol (docs/protocol.md, section 4):
//   page → worker   {id, cmd, args}
//   worker → page   {id, ok: true, data} | {id, ok: false, error: {key, message}}
//   while booting   {type: 'progress', step, fraction}, then
//                   {type: 'ready', timings} or {type: 'fatal', message}
//
// Every URL is resolved against this file's own URL (web/js/worker.js in the
// built site), so the site works under any sub-path such as /archipel/.

const SITE = new URL('../', import.meta.url);
const started = performance.now();
const timings = {};

function progress(step, fraction) {
  self.postMessage({ type: 'progress', step, fraction });
}

// Measure one boot phase in milliseconds, under `timings[name]`.
async function timed(name, work) {
  const t0 = performance.now();
  try {
    return await work();
  } finally {
    timings[name] = Math.round(performance.now() - t0);
  }
}

async function fetchOk(url, as) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return as === 'json' ? response.json() : response.arrayBuffer();
}

async function boot() {
  progress('manifest', 0);
  // build.json names the wheel (its version is not known here) and carries
  // the Pyodide lock-file header, so the lock file itself is never fetched.
  const manifest = await timed('manifest', () => fetchOk(new URL('build.json', SITE), 'json'));
  // Start downloading the wheel now; it is installed once Python runs.
  const wheel = fetchOk(new URL(manifest.wheel, SITE), 'bytes');
  wheel.catch(() => {}); // a failure is raised where it is awaited, not reported early

  progress('runtime', 0.05);
  const indexURL = new URL('pyodide/', SITE).href;
  const { loadPyodide } = await timed('import', () => import(new URL('pyodide.mjs', indexURL).href));
  const pyodide = await timed('runtime', () =>
    loadPyodide({
      indexURL,
      lockFileContents: { info: manifest.lock_info, packages: {} },
      packageBaseUrl: indexURL,
      stdout: (line) => console.log(line),
      stderr: (line) => console.warn(line),
    }),
  );

  progress('wheel', 0.8);
  await timed('wheel', async () => {
    // Into site-packages, not the working directory (the default), so the
    // import does not depend on the current directory.
    const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
    pyodide.unpackArchive(await wheel, 'wheel', { extractDir: sitePackages });
  });

  progress('rules', 0.9);
  const handle = await timed('rules', () => pyodide.pyimport('pygame_core.api').handle);
  timings.total = Math.round(performance.now() - started);
  progress('ready', 1);
  return { handle, version: manifest.version, build: manifest.hash };
}

function internalError(error) {
  // A PythonError's message is the whole traceback; its last line is the
  // sentence worth showing, the rest is for the console.
  const text = String((error && error.message) || error);
  console.error(text);
  const lines = text.trim().split('\n');
  return { key: 'error.internal', message: lines[lines.length - 1] || text };
}

// One call into Python. `api.handle` turns every error it expects into an
// `{ok: false}` answer; anything escaping it is reported, never thrown.
function call(engine, id, cmd, args) {
  try {
    const answer = JSON.parse(engine.handle(JSON.stringify({ cmd, args: args ?? {} })));
    return answer.ok
      ? { id, ok: true, data: answer.data }
      : { id, ok: false, error: answer.error ?? { key: 'error.internal', message: 'no error given' } };
  } catch (error) {
    return { id, ok: false, error: internalError(error) };
  }
}

const ready = boot();

ready.then(
  (engine) => self.postMessage({ type: 'ready', timings, version: engine.version, build: engine.build }),
  (error) => {
    console.error(error);
    self.postMessage({ type: 'fatal', message: String((error && error.message) || error) });
  },
);

// Requests that arrive during the boot wait for it, and are answered in the
// order they came: they all wait on the same promise.
self.onmessage = async (event) => {
  const { id, cmd, args } = event.data ?? {};
  if (id === undefined || typeof cmd !== 'string') return;
  let engine;
  try {
    engine = await ready;
  } catch (error) {
    self.postMessage({ id, ok: false, error: { key: 'error.boot', message: String(error.message || error) } });
    return;
  }
  self.postMessage(call(engine, id, cmd, args));
};
