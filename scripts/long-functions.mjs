#!/usr/bin/env node
/**
 * Lists the functions longer than a bound in the TypeScript sources under the given folders, read with the
 * TypeScript compiler's parser: every function declaration, method, arrow function and function expression,
 * measured from its first line to its last (comments inside count, its leading doc comment does not).
 *
 *   node scripts/long-functions.mjs [--max 120] [--all] <folder>...
 *
 * Exits 1 when a function is over the bound, naming each with its file, line and length; `--all` lists every
 * function of 60 lines or more as well, longest first.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const usage = 'Usage: node scripts/long-functions.mjs [--max 120] [--all] <folder>... (such as packages/mock/src)';

function parseArgs(argv) {
  const folders = [];
  let max = 120;
  let all = false;
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === '--all') all = true;
    else if (arg === '--max') {
      max = Number(argv[++index]);
      if (!Number.isInteger(max) || max < 1)
        throw new Error(`--max takes a whole number of lines, such as 120. ${usage}`);
    } else if (arg.startsWith('-')) throw new Error(`Unknown option ${arg}. ${usage}`);
    else folders.push(arg);
  }
  if (folders.length === 0) throw new Error(`Name at least one folder. ${usage}`);
  return { folders, max, all };
}

/** Every .ts file under a folder (declarations left out). */
function sourceFiles(folder) {
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) throw new Error(`${folder} is not a folder.`);
  const files = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(c|m)?tsx?$/.test(entry.name) && !/\.d\.(c|m)?ts$/.test(entry.name)) files.push(path);
  }
  return files;
}

/** A function's name as a reader finds it: its own, or the variable, property or method it is assigned to. */
function nameOf(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) {
    return parent.name.getText();
  }
  return '(anonymous)';
}

function isFunction(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** Every function of one source text with its first line and its length in lines. */
function functionsIn(text, fileName) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (isFunction(node) && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ path: fileName, line: first + 1, name: nameOf(node), lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every function of one file with its length in lines. */
function functionsOf(path) {
  return functionsIn(readFileSync(path, 'utf8'), path);
}

/** The functions of one source text longer than `max` lines, as `{ name, line, lines }` (for tests). */
export function longFunctions(text, fileName, max) {
  return functionsIn(text, fileName)
    .filter((fn) => fn.lines > max)
    .map(({ name, line, lines }) => ({ name, line, lines }));
}

function main() {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  const functions = args.folders.flatMap(sourceFiles).flatMap(functionsOf);
  functions.sort((a, b) => b.lines - a.lines);
  const over = functions.filter((fn) => fn.lines > args.max);
  const shown = args.all ? functions.filter((fn) => fn.lines >= 60) : over;
  for (const fn of shown) {
    console.log(`${String(fn.lines).padStart(4)} lines  ${relative(process.cwd(), fn.path)}:${fn.line}  ${fn.name}`);
  }
  const longest = functions[0];
  console.log(
    `${functions.length} functions in ${args.folders.join(', ')}; longest ${longest ? `${longest.lines} lines (${longest.name})` : 'none'}; ${over.length} over ${args.max} lines.`,
  );
  if (over.length > 0) process.exit(1);
}

// Run as a command, not when a test imports longFunctions.
if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) main();
