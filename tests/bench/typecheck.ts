/**
 * Type-check cost of a consumer that passes every registered provider to `createClient` and calls `run()`
 * on every endpoint (params from each endpoint's first fixture), against a one-provider consumer
 * (jobs:jobboard, every endpoint) and a consumer of every provider that makes no call, in the same run: `tsc --extendedDiagnostics` instantiations, check time
 * and memory, plus the time the language service takes to list endpoint names for completion.
 * Prints one JSON line. With `--declarations`, type-checks the all-provider consumer with
 * `skipLibCheck: false` instead, and fails naming each error.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
// @ts-expect-error: a plain .mjs script of the repository, without types.
import { providerPackages } from '../../scripts/registry.mjs';
// @ts-expect-error: a plain .mjs script of the repository, without types.
import { tsc7 } from '../../scripts/typecheck.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..');
const work = join(here, '.typecheck');

interface Pkg {
  readonly dir: string;
  readonly id: string;
  readonly exportName: string;
}

/**
 * Each endpoint of a provider package (from its built definition) with the params of its first recorded
 * 200 answer, or `{}` where it has no fixture.
 */
async function calls(pkg: Pkg): Promise<{ endpoint: string; params: unknown }[]> {
  const dir = join(root, 'packages', 'providers', pkg.dir);
  const module = await import(pathToFileURL(join(dir, 'dist', 'index.js')).href);
  return Object.keys(module[pkg.exportName].endpoints).map((endpoint) => {
    const fixturesDir = join(dir, 'fixtures', endpoint);
    const files = existsSync(fixturesDir) ? readdirSync(fixturesDir).filter((file) => file.endsWith('.json')) : [];
    const answered = files
      .sort()
      .map((file) => JSON.parse(readFileSync(join(fixturesDir, file), 'utf8')))
      .find((fixture) => (fixture.status ?? 200) === 200);
    return { endpoint, params: answered?.params ?? {} };
  });
}

async function consumer(packages: readonly Pkg[], withCalls: boolean): Promise<{ text: string; calls: number }> {
  const lines = ["import { createClient } from '@pdg/core';"];
  for (const pkg of packages) {
    const entry = relative(work, join(root, 'packages', 'providers', pkg.dir, 'dist', 'index.js'));
    lines.push(`import { ${pkg.exportName} } from '${entry.startsWith('.') ? entry : `./${entry}`}';`);
  }
  lines.push(
    `const pdg = createClient({ providers: [${packages.map((pkg) => pkg.exportName).join(', ')}], apiKey: 'k', baseUrl: 'http://127.0.0.1:4010' });`,
    'export async function all() {',
  );
  let count = 0;
  for (const pkg of withCalls ? packages : []) {
    for (const call of await calls(pkg)) {
      lines.push(`  await pdg.run('${pkg.id}', '${call.endpoint}', ${JSON.stringify(call.params)});`);
      count++;
    }
  }
  lines.push('}', '');
  return { text: lines.join('\n'), calls: count };
}

interface Figures {
  readonly providers: number;
  readonly calls: number;
  readonly instantiations: number;
  readonly checkSeconds: number;
  readonly memoryKb: number;
}

/** TypeScript 6's tsc, which the figures are measured with; the declarations check takes TypeScript 7's. */
const tsc6 = createRequire(import.meta.url).resolve('typescript/bin/tsc');

async function check(
  name: string,
  packages: readonly Pkg[],
  withCalls = true,
  skipLibCheck = true,
  tsc = tsc6,
): Promise<Figures> {
  const { text, calls: count } = await consumer(packages, withCalls);
  writeFileSync(join(work, `${name}.ts`), text);
  writeFileSync(
    join(work, `tsconfig.${name}.json`),
    JSON.stringify({
      extends: '../../../tsconfig.base.json',
      compilerOptions: { noEmit: true, declaration: false, types: [], skipLibCheck },
      files: [`${name}.ts`],
    }),
  );
  let output: string;
  try {
    output = execFileSync(process.execPath, [tsc, '-p', `tsconfig.${name}.json`, '--extendedDiagnostics'], {
      cwd: work,
      encoding: 'utf8',
    });
  } catch (error) {
    if (!process.env.KEEP) rmSync(work, { recursive: true, force: true });
    throw new Error(`the generated ${name} consumer does not type-check:\n${(error as { stdout?: string }).stdout}`);
  }
  const figure = (label: string) => Number(new RegExp(`^${label}:\\s+([\\d.]+)`, 'm').exec(output)?.[1]);
  return {
    providers: packages.length,
    calls: count,
    instantiations: figure('Instantiations'),
    checkSeconds: figure('Check time'),
    memoryKb: figure('Memory used'),
  };
}

/** Milliseconds for the language service to list the endpoint names after `pdg.run('jobs:jobboard', '`. */
function completionMs(name: string): { ms: number; entries: number } {
  const file = join(work, `${name}.ts`);
  const marker = "pdg.run('jobs:jobboard', '";
  const text = `${readFileSync(file, 'utf8')}\nexport const probe = () => ${marker}');\n`;
  const config = ts.getParsedCommandLineOfConfigFile(
    join(work, `tsconfig.${name}.json`),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  ) as ts.ParsedCommandLine;
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [file],
    getScriptVersion: () => '1',
    getScriptSnapshot: (path) =>
      path === file
        ? ts.ScriptSnapshot.fromString(text)
        : existsSync(path)
          ? ts.ScriptSnapshot.fromString(readFileSync(path, 'utf8'))
          : undefined,
    getCurrentDirectory: () => work,
    getCompilationSettings: () => config.options,
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (path) => path === file || ts.sys.fileExists(path),
    readFile: (path) => (path === file ? text : ts.sys.readFile(path)),
    readDirectory: ts.sys.readDirectory,
    directoryExists: ts.sys.directoryExists,
    getDirectories: ts.sys.getDirectories,
    realpath: ts.sys.realpath,
  };
  const service = ts.createLanguageService(host);
  // The first request builds the program, as opening the file in an editor does; completion is what follows.
  service.getSemanticDiagnostics(file);
  const position = text.lastIndexOf(marker) + marker.length;
  const started = performance.now();
  const completions = service.getCompletionsAtPosition(file, position, {});
  return { ms: performance.now() - started, entries: completions?.entries.length ?? 0 };
}

rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
const packages: Pkg[] = providerPackages();
if (process.argv.includes('--declarations')) {
  // The check `tests/repo` runs: every provider's emitted declarations, and core's, type-check in a
  // consumer that checks libraries too (skipLibCheck: false), calling every endpoint. With TypeScript 7, as the
  // packages' type checks (scripts/typecheck.mjs): the same checks, several times faster.
  const figures = await check('declarations', packages, true, false, tsc7);
  rmSync(work, { recursive: true, force: true });
  console.log(JSON.stringify(figures));
} else {
  const one = await check(
    'one-provider',
    packages.filter((pkg) => pkg.id === 'jobs:jobboard'),
  );
  const all = await check('all-providers', packages);
  const noCalls = await check('no-calls', packages, false);
  const completion = completionMs('all-providers');
  if (!process.env.KEEP) rmSync(work, { recursive: true, force: true });
  console.log(JSON.stringify({ one, all, noCalls, completion }));
}
