// Precompile Python for the site with the pinned Pyodide itself, so that the
// bytecode is exactly what its interpreter loads. build.py runs this script
// and caches its output.
//
//   node tools/precompile.mjs stdlib STOCK_ZIP OUT_ZIP
//   node tools/precompile.mjs package STDLIB_ZIP SOURCES_ZIP OUT_ZIP
//
// stdlib: npm's python_stdlib.zip holds only sources, so every boot compiles
// the ~150 modules it imports (about three seconds in a browser). The output
// zip has every module as unchecked-hash .pyc instead. Sources are left out:
// they would add 2.5 MB to every first visit, and only standard-library frames
// of a traceback lose their source line (file names and line numbers stay).
//
// package: a fresh boot would otherwise compile the whole engine, which is
// most of what importing it costs under Pyodide (about 0.1 s of 0.12 s in
// Node). The output zip holds one .pyc per module of SOURCES_ZIP, named where
// the import system looks for it (pygame_core/__pycache__/api.cpython-314.pyc);
// the wheel ships it beside the unchanged sources. STDLIB_ZIP is the
// precompiled standard library: Pyodide boots on it in a second, not four.

import { readFileSync, writeFileSync } from 'node:fs';
import { loadPyodide } from 'pyodide';

const COMPILE = `
import importlib._bootstrap_external as external
import importlib.util
import sys
import sysconfig
import zipfile

# The wheel's own fixed timestamp (build.py's ZIP_EPOCH): same sources, same bytes.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)

def to_pyc(source, path):
    """Unchecked-hash bytecode of \`source\` (the interpreter loads it without
    reading and hashing a source), or None for a syntax error: such a module
    keeps its source, and importing it reports the error as it would anyway.
    Code objects carry \`path\`, the file a traceback names."""
    try:
        code = compile(source, path, "exec", dont_inherit=True)
    except SyntaxError:
        code = None
    if code is None:
        return None
    return external._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)

def compile_stdlib(source_path, target_path):
    mount = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
    compiled = kept = 0
    with zipfile.ZipFile(source_path) as source, \\
         zipfile.ZipFile(target_path, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data, name = source.read(info), info.filename
            pyc = to_pyc(data, f"{mount}/{name}") if name.endswith(".py") else None
            if pyc is not None:
                data, name = pyc, name[:-3] + ".pyc"
                compiled += 1
            elif name.endswith(".py"):
                kept += 1
            entry = zipfile.ZipInfo(name, date_time=info.date_time)
            entry.external_attr = info.external_attr
            entry.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
            target.writestr(entry, data)
    return f"{compiled} modules compiled, {kept} sources kept"

def compile_package(source_path, target_path):
    # The path the worker installs the wheel to.
    site_packages = sysconfig.get_path("purelib")
    compiled = skipped = 0
    with zipfile.ZipFile(source_path) as source, \\
         zipfile.ZipFile(target_path, "w", zipfile.ZIP_DEFLATED) as target:
        for name in sorted(n for n in source.namelist() if n.endswith(".py")):
            pyc = to_pyc(source.read(name), f"{site_packages}/{name}")
            if pyc is None:
                skipped += 1
                continue
            target.writestr(zipfile.ZipInfo(importlib.util.cache_from_source(name), ZIP_EPOCH), pyc)
            compiled += 1
    return f"{compiled} modules compiled, {skipped} left as sources (syntax errors)"
`;

const USAGE = `usage: node tools/precompile.mjs stdlib STOCK_ZIP OUT_ZIP
       node tools/precompile.mjs package STDLIB_ZIP SOURCES_ZIP OUT_ZIP`;

async function main() {
  const [mode, ...paths] = process.argv.slice(2);
  let options;
  let inputPath;
  let outPath;
  if (mode === 'stdlib' && paths.length === 2) {
    [inputPath, outPath] = paths;
    options = {}; // the stock standard library compiles itself
  } else if (mode === 'package' && paths.length === 3) {
    let stdlibPath;
    [stdlibPath, inputPath, outPath] = paths;
    options = { stdLibURL: stdlibPath };
  } else {
    console.error(USAGE);
    process.exit(2);
  }
  // A fixed hash seed: frozenset constants are written in hash order, and the
  // same input must give the same bytes (the site's cache keys hash them).
  const pyodide = await loadPyodide({ ...options, env: { PYTHONHASHSEED: '0' } });
  pyodide.FS.writeFile('/tmp/input.zip', readFileSync(inputPath));
  pyodide.runPython(COMPILE);
  const summary = pyodide.globals.get(`compile_${mode}`)('/tmp/input.zip', '/tmp/output.zip');
  writeFileSync(outPath, pyodide.FS.readFile('/tmp/output.zip'));
  console.log(summary);
}

await main();
