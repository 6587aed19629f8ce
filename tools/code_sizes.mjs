// The page's modules and functions by their length in lines, for the
// layout test (tests/test_web_layout.py): every module of web/js with its
// line count, and every function (declaration, expression, arrow, method)
// longer than the limit given, with where it starts. Prints JSON.
//
//     node tools/code_sizes.mjs [LIMIT]

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'web', 'js');
const limit = Number(process.argv[2] || 200);

/** @param {string} dir @returns {string[]} */
function modules(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return modules(full);
    return entry.name.endsWith('.js') ? [full] : [];
  });
}

const lines = {};
const functions = [];
for (const file of modules(web).sort()) {
  const text = fs.readFileSync(file, 'utf8');
  const name = path.relative(root, file).split(path.sep).join('/');
  lines[name] = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const length = last - first + 1;
      if (length > limit) {
        const called = 'name' in node && node.name ? node.name.getText() : '(anonymous)';
        functions.push({ module: name, line: first + 1, name: called, lines: length });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
console.log(JSON.stringify({ lines, functions }, null, 1));
