// The page's JavaScript, type-checked from its JSDoc by the pinned
// TypeScript compiler (package.json), for `python3 build.py test`: the page's
// modules (tsconfig.json) and the engine's worker (tsconfig.worker.json).
// Prints each error, then one tally line in mypy's words, which the build's
// test runner reads; exits 1 on any error. Other configurations may be named
// (tests/test_build_suites.py checks the tally on small projects of its own).
//
//     node tools/typecheck.mjs [tsconfig.json ...]

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const configs = process.argv.length > 2 ? process.argv.slice(2) : ['tsconfig.json', 'tsconfig.worker.json'];

let checked = 0;
const broken = new Set();
let errors = 0;
const host = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => root,
  getNewLine: () => '\n',
};

for (const name of configs) {
  const file = path.resolve(root, name);
  const read = ts.readConfigFile(file, ts.sys.readFile);
  if (read.error) {
    process.stdout.write(ts.formatDiagnostic(read.error, host));
    process.exit(2);
  }
  const config = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(file), undefined, file);
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  checked += config.fileNames.length;
  for (const diagnostic of diagnostics) {
    errors += 1;
    if (diagnostic.file) broken.add(diagnostic.file.fileName);
    process.stdout.write(ts.formatDiagnostic(diagnostic, host));
  }
}

if (errors) {
  console.log(`Found ${errors} error${errors === 1 ? '' : 's'} in ${broken.size} file${broken.size === 1 ? '' : 's'} (checked ${checked} source files)`);
  process.exit(1);
}
console.log(`Success: no issues found in ${checked} source files`);
