#!/usr/bin/env node
/**
 * Lists every function (declaration, expression, arrow, method, accessor, constructor) longer than a limit in
 * the TypeScript sources of the given folders, counted from its first line to its last:
 * `node scripts/long-functions.mjs [--max 120] packages/core/src ...` (folders or files). Exits 1 when it finds any.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** The functions of one source text longer than `max` lines, as `{ name, line, lines }`. */
export function longFunctions(text, fileName, max) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      if (last - first + 1 > max) found.push({ name: nameOf(node, source), line: first, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function nameOf(node, source) {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  return '(anonymous)';
}

function* sourceFiles(folder) {
  if (!statSync(folder).isDirectory()) {
    yield folder;
    return;
  }
  for (const entry of readdirSync(folder)) {
    const path = join(folder, entry);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|mts|tsx)$/.test(entry) && !entry.endsWith('.d.ts')) yield path;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--max');
  const max = at === -1 ? 120 : Number(args.splice(at, 2)[1]);
  if (!Number.isInteger(max) || max < 1 || args.length === 0) {
    console.error('usage: node scripts/long-functions.mjs [--max <lines>] <folder>...  (such as packages/core/src)');
    process.exit(2);
  }
  let count = 0;
  for (const folder of args) {
    for (const file of sourceFiles(folder)) {
      for (const found of longFunctions(readFileSync(file, 'utf8'), file, max)) {
        console.log(`${file}:${found.line} ${found.name}: ${found.lines} lines`);
        count++;
      }
    }
  }
  console.log(count === 0 ? `no function over ${max} lines` : `${count} function(s) over ${max} lines`);
  process.exit(count === 0 ? 0 : 1);
}
