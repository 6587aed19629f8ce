// Precompile the rules package for its wheel: read a zip of the package's
// files and write a zip holding one unchecked-hash .pyc per module, named
// where the import system looks for it (pygame_core/__pycache__/api.cpython-314.pyc).
//
//   node tools/compile_package.mjs STDLIB_ZIP SOURCES_ZIP OUT_ZIP
//
// A fresh boot would otherwise compile the whole engine, which is most of
// what importing it costs under Pyodide (about 0.1 s of the 0.12 s in Node).
// As for the standard library (tools/build_stdlib.mjs), the pinned Pyodide
// compiles, so the bytecode is exactly what its interpreter loads. STDLIB_ZIP
// is the precompiled standard library: Pyodide boots on it in a second
// rather than four. build.py runs this script and caches its output.

import { readFileSync, writeFileSync } from 'node:fs';
import { loadPyodide } from 'pyodide';

const COMPILE = `
import importlib._bootstrap_external as external
import importlib.util
import sysconfig
import zipfile

# The wheel's own fixed timestamp (build.py's ZIP_EPOCH): same sources, same bytes.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)

def compile_package(source_path, target_path):
    # Code objects carry the path of the source they come from: the one the
    # worker installs the wheel to.
    site_packages = sysconfig.get_path("purelib")
    compiled = skipped = 0
    with zipfile.ZipFile(source_path) as source, \\
         zipfile.ZipFile(target_path, "w", zipfile.ZIP_DEFLATED) as target:
        for name in sorted(source.namelist()):
            if not name.endswith(".py"):
                continue
            data = source.read(name)
            try:
                code = compile(data, f"{site_packages}/{name}", "exec", dont_inherit=True)
            except SyntaxError:
                # No bytecode: importing the module compiles its source and
                # reports the error there, as it would without this step.
                skipped += 1
                continue
            # Unchecked: the interpreter loads it without reading and hashing
            # the source, which the same wheel ships unchanged.
            pyc = external._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            target.writestr(zipfile.ZipInfo(importlib.util.cache_from_source(name), ZIP_EPOCH), pyc)
            compiled += 1
    return f"{compiled} modules compiled, {skipped} left as sources (syntax errors)"
`;

async function main() {
  const [stdlibPath, sourcesPath, outPath] = process.argv.slice(2);
  if (!stdlibPath || !sourcesPath || !outPath) {
    console.error('usage: node tools/compile_package.mjs STDLIB_ZIP SOURCES_ZIP OUT_ZIP');
    process.exit(2);
  }
  // A fixed hash seed: frozenset constants are written in hash order, and the
  // same sources must give the same bytes (the wheel's hash keys caches).
  const pyodide = await loadPyodide({ stdLibURL: stdlibPath, env: { PYTHONHASHSEED: '0' } });
  pyodide.FS.writeFile('/tmp/sources.zip', readFileSync(sourcesPath));
  pyodide.runPython(COMPILE);
  const summary = pyodide.globals.get('compile_package')('/tmp/sources.zip', '/tmp/compiled.zip');
  writeFileSync(outPath, pyodide.FS.readFile('/tmp/compiled.zip'));
  console.log(summary);
}

await main();
