// Precompile Pyodide's standard library: read the stock python_stdlib.zip and
// write a zip where every module is unchecked-hash bytecode (.pyc).
//
//   node tools/build_stdlib.mjs STOCK_ZIP OUT_ZIP
//
// The stock zip holds only sources, so every boot compiles the ~150 modules it
// imports (about three seconds in a browser). The compiling is done here by
// the pinned Pyodide itself, so the bytecode matches the interpreter that
// loads it exactly. build.py runs this script and caches its output.
//
// Sources are left out: they would add 2.5 MB to every first visit, and only
// standard-library frames of a traceback lose their source line (file names
// and line numbers stay). The package's own code keeps its sources.

import { readFileSync, writeFileSync } from 'node:fs';
import { loadPyodide } from 'pyodide';

const COMPILE = `
import importlib._bootstrap_external as external
import importlib.util
import sys
import zipfile

def compile_zip(source_path, target_path):
    # Code objects carry the path the module is imported from, so that a
    # traceback names the file as it does with the stock zip.
    mount = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
    compiled = kept = 0
    with zipfile.ZipFile(source_path) as source, \\
         zipfile.ZipFile(target_path, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            data = source.read(info)
            name = info.filename
            if name.endswith(".py"):
                try:
                    code = compile(data, f"{mount}/{name}", "exec", dont_inherit=True)
                except SyntaxError:
                    code = None  # not importable anyway: ship the source as it was
                if code is not None:
                    # Unchecked: the interpreter never looks for the source to
                    # validate it, which is the point (there is none).
                    data = external._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
                    name = name[:-3] + ".pyc"
                    compiled += 1
                else:
                    kept += 1
            entry = zipfile.ZipInfo(name, date_time=info.date_time)
            entry.external_attr = info.external_attr
            entry.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
            target.writestr(entry, data)
    return f"{compiled} modules compiled, {kept} sources kept"
`;

async function main() {
  const [stockPath, outPath] = process.argv.slice(2);
  if (!stockPath || !outPath) {
    console.error('usage: node tools/build_stdlib.mjs STOCK_ZIP OUT_ZIP');
    process.exit(2);
  }
  // A fixed hash seed: frozenset constants are written in hash order, and the
  // same input must give the same bytes (the site's cache keys hash them).
  const pyodide = await loadPyodide({ env: { PYTHONHASHSEED: '0' } });
  pyodide.FS.writeFile('/tmp/stock.zip', readFileSync(stockPath));
  pyodide.runPython(COMPILE);
  const summary = pyodide.globals.get('compile_zip')('/tmp/stock.zip', '/tmp/compiled.zip');
  writeFileSync(outPath, pyodide.FS.readFile('/tmp/compiled.zip'));
  console.log(summary);
}

await main();
