// `pnpm new-provider <category>:<provider>`: scaffolds packages/providers/<category>-<provider>/ from
// scripts/provider-template/ (a package modelled on @pdg/music-catalogstore with one example endpoint),
// links it into the workspace, builds it and fills its README's endpoint block, saying each step as it
// starts (and, while a step is silent, that it is still running). CONTRIBUTING.md takes it from there.
//
// What it changes rebuilds only the new package and what depends on it (the CLI and its dependents): the
// root package.json takes the CLI as `link:packages/cli`, not `workspace:*`, so the CLI's new dependency
// on the package is not among the root's internal dependencies, which turbo folds into every task's hash.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeMetadata } from './package-metadata.mjs';
import { camelCase } from './registry.mjs';
import { runStep } from './run-step.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const templateDir = join(root, 'scripts', 'provider-template');
const expectedForm =
  'Expected: pnpm new-provider <category>:<provider>, both lowercase letters, digits and single dashes,\n' +
  "each starting with a letter, as in the spec's provider id. Example: pnpm new-provider dev-tools:captcha-sitekey";

/** One part of a provider id: what the gateway path, the package name and a JS identifier can all hold. */
const namePart = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/** Words that cannot name an exported `const` in an ES module. */
const reservedWords = new Set(
  (
    'await break case catch class const continue debugger default delete do else enum export extends false ' +
    'finally for function if implements import in instanceof interface let new null package private protected ' +
    'public return static super switch this throw true try typeof var void while with yield arguments eval'
  ).split(' '),
);

/** Exits with code 2 saying what was wrong; `showForm` adds the expected form, for a malformed argument. */
function refuse(problem, showForm = true) {
  console.error(`new-provider: ${problem}${showForm ? `\n${expectedForm}` : ''}`);
  process.exit(2);
}

/** What keeps one part of the id from matching `namePart`, in words. */
function whatIsWrong(value) {
  if (value === '') return 'is empty';
  if (/[A-Z]/.test(value)) return 'has uppercase letters';
  const stray = value.match(/[^a-z0-9-]/);
  if (stray) return `has ${JSON.stringify(stray[0])}, which is not a lowercase letter, digit or dash`;
  if (/^[0-9]/.test(value)) return 'starts with a digit';
  return 'has a dash at its start or end, or two in a row';
}

/** Every template file, as [path relative to `dir`, text]. */
function readTemplates(dir, under = '') {
  return readdirSync(join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const path = join(under, entry.name);
    return entry.isDirectory() ? readTemplates(dir, path) : [[path, readFileSync(join(dir, path), 'utf8')]];
  });
}

/**
 * The names the template code imports or declares at top level. The provider's export cannot share one,
 * or the generated files would not compile; derived from the templates so the check cannot fall behind them.
 */
function templateBindings(texts) {
  const names = new Set();
  for (const text of texts.map((raw) => raw.replace(/\{\{\w+\}\}/g, ''))) {
    for (const [, clause] of text.matchAll(/^import (?:type )?([\s\S]+?) from /gm)) {
      for (const part of clause.replace(/[{}]/g, ',').split(',')) {
        const name = part.trim().split(/\s+/).at(-1);
        if (name && /^\w+$/.test(name)) names.add(name);
      }
    }
    for (const [, name] of text.matchAll(/^(?:export )?(?:const|let|function) (\w+)/gm)) names.add(name);
  }
  return names;
}

/** Replaces each `{{token}}`; a token the script does not know is a bug in the template. */
function fill(text, tokens, where) {
  return text.replace(/\{\{(\w+)\}\}/g, (_, token) => {
    if (!Object.hasOwn(tokens, token)) throw new Error(`${where}: unknown template token {{${token}}}`);
    return tokens[token];
  });
}

// --- the argument ---

const args = process.argv.slice(2).filter((arg) => arg !== '--');
if (args.length !== 1)
  refuse(`expected one argument, got ${args.length === 0 ? 'none' : `${args.length}: ${args.join(' ')}`}.`);
const id = args[0];
const parts = id.split(':');
if (parts.length !== 2) refuse(`"${id}" is not of the form category:provider (exactly one colon).`);
const [category, provider] = parts;
for (const [role, value] of [
  ['category', category],
  ['provider', provider],
]) {
  if (!namePart.test(value)) refuse(`the ${role} "${value}" in "${id}" ${whatIsWrong(value)}.`);
}

const exportName = camelCase(provider);
const packageDirName = `${category}-${provider}`;
const packageName = `@pdg/${packageDirName}`;
const packageDir = join(root, 'packages', 'providers', packageDirName);
const changesetPath = join(root, '.changeset', `${packageDirName}-first.md`);
const packageTemplates = readTemplates(join(templateDir, 'package'));

const renameByHand = 'Scaffold under another name, then rename the directory, package, id and export by hand.';
if (reservedWords.has(exportName)) {
  refuse(
    `the provider's export would be named \`${exportName}\`, a reserved word in JavaScript.\n${renameByHand}`,
    false,
  );
}
if (templateBindings(packageTemplates.map(([, text]) => text)).has(exportName)) {
  refuse(
    `the provider's export would be named \`${exportName}\`, a name the generated code already uses.\n${renameByHand}`,
    false,
  );
}
if (existsSync(packageDir)) {
  refuse(`${relative(root, packageDir)} already exists: that provider has a package. Delete it to start over.`, false);
}
if (existsSync(changesetPath)) {
  refuse(
    `${relative(root, changesetPath)} already exists, left from an earlier scaffold. Delete it to start over.`,
    false,
  );
}

// --- the files ---

const tokens = { id, category, provider, exportName, packageName };
const written = [];
for (const [templatePath, text] of packageTemplates) {
  const target = join(packageDir, fill(templatePath, tokens, templatePath).replace(/\.tmpl$/, ''));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, fill(text, tokens, templatePath));
  written.push(target);
}
// Where the package comes from (repository, homepage, bugs) and its LICENSE, as every published package has them.
written.push(
  ...writeMetadata(relative(root, packageDir).split(sep).join('/')).filter((path) => !written.includes(path)),
);
writeFileSync(changesetPath, fill(readFileSync(join(templateDir, 'changeset.md.tmpl'), 'utf8'), tokens, 'changeset'));
written.push(changesetPath);
console.log(`Wrote ${packageName} (exports \`${exportName}\`):`);
for (const path of written) console.log(`  ${relative(root, path)}`);

// --- link, format, build, document ---

const dir = relative(root, packageDir);
const steps = [
  {
    // The CLI, its mock gateway and the README list every provider package: add this one.
    what: "Adding the package to the CLI's provider list and the README's table",
    command: 'node',
    args: ['scripts/registry.mjs'],
  },
  {
    // --offline links from the local store without the network; the fallback fetches what the store lacks.
    // The lockfile gains the new package, so it may not be frozen (pnpm freezes it by default under CI).
    what: 'Linking the package into the workspace',
    command: 'pnpm',
    args: ['install', '--offline', '--no-frozen-lockfile'],
    fallback: ['install', '--prefer-offline', '--no-frozen-lockfile'],
  },
  {
    // A long name can push a generated line past the formatter's width: format, so lint passes as generated.
    what: 'Formatting the generated files',
    command: 'pnpm',
    args: ['exec', 'biome', 'check', '--write', dir],
  },
  {
    // The trailing `...` builds its workspace dependencies (@pdg/core, @pdg/testkit) first if they are not
    // yet (turbo's cache hits when they are); each task's output is shown as it runs.
    what: `Building ${packageName} (and @pdg/core, @pdg/testkit unless built)`,
    command: 'pnpm',
    args: ['exec', 'turbo', 'run', 'build', `--filter=${packageName}...`, '--output-logs=new-only', '--ui=stream'],
  },
  {
    what: "Writing the README's endpoint block from the built definitions",
    command: 'pnpm',
    args: ['--filter', packageName, 'readme'],
  },
];
const commandLine = (step) => [step.command, ...step.args].join(' ');
for (const [index, step] of steps.entries()) {
  const label = `[${index + 1}/${steps.length}] ${step.what}`;
  let ok = await runStep({ label, command: step.command, args: step.args, cwd: root });
  if (!ok && step.fallback)
    ok = await runStep({ label: `${label}, again`, command: step.command, args: step.fallback, cwd: root });
  if (!ok) {
    const left = steps.slice(index).map((pending) => `  ${commandLine(pending)}`);
    console.error(
      `\nnew-provider: \`${commandLine(step)}\` failed; the files are written in ${dir}.\n` +
        `Fix the problem shown above, then run what is left:\n${left.join('\n')}\n` +
        `Or delete ${dir} and ${relative(root, changesetPath)} and scaffold again.`,
    );
    process.exit(1);
  }
}

console.log(`
${packageName} is scaffolded, linked and built, with one EXAMPLE endpoint. Next (CONTRIBUTING.md has the details):
  1. Transcribe the spec's section for ${id} into ${dir}/src/: one file per endpoint (or per resource),
     records in src/records.ts, assembled in src/index.ts; every TODO(spec) marks a place to fill.
  2. Set "pdg": { "specPaths": [...] } in ${dir}/package.json to every path the spec gives for ${id}.
  3. Write fixtures as JSON, ${dir}/fixtures/<endpoint>/<name>.json, and replace the example tests in
     ${dir}/test/ (${provider}.test.ts and types.test-d.ts).
  4. pnpm readme      regenerates the README's endpoint block; then finish the README's intro.
  5. Say what the first release holds in ${relative(root, changesetPath)}.
The CLI (pdg providers, describe, run --mock, mock) and the README's package table already list it.
The loop while you work on it (builds what it needs, type-checks, lints, runs its tests and the conformance suite):
  pnpm test --filter ${packageName}`);
