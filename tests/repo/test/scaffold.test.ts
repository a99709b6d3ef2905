/**
 * `pnpm new-provider` on a temporary copy of the repository, so the template cannot drift from the
 * pattern: the new package must build, pass its tests and type tests, and be listed by the CLI at once;
 * the scaffold says each step as it starts, ends with the one-package test loop, and rebuilds only the new
 * package and what depends on it (the copy shares this repository's turbo cache, so everything else is a
 * cache hit). The same copy shows that a provider package the registry does not list fails the check,
 * naming the command that fixes it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
let copy: string;
/** The task hashes of `turbo run build` in the copy before the scaffold. */
let hashesBefore: Map<string, string>;
/**
 * The copy builds with this repository's turbo cache (turbo's default, `.turbo/cache`, unless
 * TURBO_CACHE_DIR names another), so what the scaffold does not change is not built again.
 */
const turboCache = process.env.TURBO_CACHE_DIR ?? join(root, '.turbo', 'cache');

/** Runs a command in the copy; the output is kept for the assertion message. */
function run(command: string, args: string[]) {
  const result = spawnSync(command, args, {
    cwd: copy,
    encoding: 'utf8',
    env: { ...process.env, CI: 'true', TURBO_CACHE_DIR: turboCache },
  });
  // Colour codes stripped, so assertions read the text a user sees.
  const output = stripVTControlCharacters(`${result.stdout}\n${result.stderr}`);
  return { code: result.status, output, stdout: result.stdout };
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'pdg-scaffold-'));
  // The tracked files and the untracked ones git does not ignore: the repository as a commit would hold it.
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    try {
      cpSync(join(root, file), join(copy, file));
    } catch (error) {
      // A file gone since git listed it was a tool's temporary file (pnpm writes `_tmp_<pid>_<hex>` beside a file
      // it replaces, as other tasks of the same run do): not part of the repository.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const install = run('pnpm', ['install', '--offline', '--frozen-lockfile']);
  if (install.code !== 0) throw new Error(`pnpm install in the copy failed:\n${install.output}`);
  hashesBefore = new Map([...buildPlan().values()].map((task) => [task.taskId, task.hash]));
});

interface PlannedTask {
  readonly taskId: string;
  readonly package: string;
  readonly hash: string;
  readonly dependencies: readonly string[];
  /** Each file the task's hash reads, relative to its package, and the file's hash. */
  readonly inputs: Readonly<Record<string, string>>;
}

/** Every `build` task of the workspace, its hash and the tasks it needs, as turbo would run it in the copy now. */
function buildPlan(): Map<string, PlannedTask> {
  const dry = run('pnpm', ['exec', 'turbo', 'run', 'build', '--dry=json']);
  if (dry.code !== 0) throw new Error(`turbo run build --dry=json failed:\n${dry.output}`);
  const plan = JSON.parse(dry.stdout) as { tasks: PlannedTask[] };
  return new Map(plan.tasks.map((task) => [task.taskId, task]));
}

/**
 * The copy's tsconfig.json (what `pnpm typecheck-providers` checks) narrowed to one provider package: its
 * `packages/providers/*` entries for that package only, the same settings. Returns its path in the copy.
 */
function newPackageTsconfig(dir: string): string {
  const tsconfig = JSON.parse(readFileSync(join(copy, 'tsconfig.json'), 'utf8')) as { include: string[] };
  const include = tsconfig.include
    .filter((entry) => entry.startsWith('packages/providers/*/'))
    .map((entry) => entry.replace('packages/providers/*/', `packages/providers/${dir}/`));
  expect(include, 'tsconfig.json includes no packages/providers/*/ folder').not.toEqual([]);
  const path = `tsconfig.${dir}.json`;
  writeFileSync(join(copy, path), `${JSON.stringify({ ...tsconfig, include }, null, 2)}\n`);
  return path;
}

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('pnpm new-provider demo:sample, on a copy of the repository', () => {
  it('scaffolds a package that builds, is registered, and passes its tests and type tests', () => {
    const scaffold = run('node', ['scripts/new-provider.mjs', 'demo:sample']);
    expect(scaffold.code, scaffold.output).toBe(0);
    // Each step said as it starts, in order, and the one-package loop last.
    const steps = [...scaffold.output.matchAll(/^\[(\d)\/5\] /gm)].map((match) => Number(match[1]));
    expect(steps, scaffold.output).toEqual([1, 2, 3, 4, 5]);
    expect(stripVTControlCharacters(scaffold.stdout).trimEnd().split('\n').at(-1)?.trim()).toBe(
      'pnpm test --filter @pdg/demo-sample',
    );
    const check = run('node', ['scripts/registry.mjs', '--check']);
    expect(check.code, check.output).toBe(0);
    // Published like every other package: repository, homepage and bugs, and the root's LICENSE.
    const metadata = run('node', ['scripts/package-metadata.mjs', '--check']);
    expect(metadata.code, metadata.output).toBe(0);
    const dir = join(copy, 'packages', 'providers', 'demo-sample');
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).repository.directory).toBe(
      'packages/providers/demo-sample',
    );
    expect(readFileSync(join(dir, 'LICENSE'), 'utf8')).toBe(readFileSync(join(root, 'LICENSE'), 'utf8'));
    const test = run('pnpm', ['--filter', '@pdg/demo-sample', 'test']);
    expect(test.code, test.output).toBe(0);
    expect(test.output).toMatch(/Tests\s+\d+ passed \(\d+\)/);
    // `pnpm typecheck-providers` (tsconfig.json) for the new package alone: the other providers are unchanged,
    // and the repository's own type check covers them.
    const tsconfig = newPackageTsconfig('demo-sample');
    const types = run('node', ['scripts/typecheck.mjs', '-p', tsconfig]);
    // Gone again before the next test reads the build hashes: a file of the scaffold's making only.
    rmSync(join(copy, tsconfig));
    expect(types.code, types.output).toBe(0);
    const lint = run('pnpm', ['exec', 'biome', 'check', 'packages/providers/demo-sample', 'packages/cli', 'README.md']);
    expect(lint.code, lint.output).toBe(0);
  });

  it('changes the hash of no build but the new package and what depends on it (the CLI and its dependents)', () => {
    const after = buildPlan();
    // What may rebuild: the new package, every build that reads its files (the docs site takes each provider's
    // README), and every build that needs one of those (the CLI, and what builds on the CLI).
    const touched = new Set(
      [...after.values()]
        .filter(
          (task) =>
            task.package === '@pdg/demo-sample' ||
            Object.keys(task.inputs).some((file) => file.includes('providers/demo-sample/')),
        )
        .map((task) => task.taskId),
    );
    expect(touched).toContain('@pdg/demo-sample#build');
    for (let grew = true; grew; ) {
      grew = false;
      for (const [taskId, task] of after) {
        if (touched.has(taskId) || !task.dependencies.some((dependency) => touched.has(dependency))) continue;
        touched.add(taskId);
        grew = true;
      }
    }
    expect(touched).toContain('@pdg/cli#build');
    const rebuilt = [...after.values()].filter((task) => hashesBefore.get(task.taskId) !== task.hash);
    expect(rebuilt.map((task) => task.taskId)).toContain('@pdg/cli#build');
    expect(rebuilt.map((task) => task.taskId).filter((taskId) => !touched.has(taskId))).toEqual([]);
    // Core, testkit, the mock and the other providers keep their hashes: turbo's cache answers for them.
    for (const taskId of ['@pdg/core#build', '@pdg/testkit#build', '@pdg/mock#build', '@pdg/jobs-jobboard#build'])
      expect(touched.has(taskId), taskId).toBe(false);
  });

  it('the CLI lists the new provider and answers its endpoint from the mock gateway', () => {
    const build = run('pnpm', ['exec', 'turbo', 'run', 'build', '--filter=@pdg/cli...', '--output-logs=errors-only']);
    expect(build.code, build.output).toBe(0);
    const providers = run('node', ['packages/cli/dist/cli.js', 'providers']);
    expect(providers.output).toContain('demo:sample');
    const call = run('node', [
      'packages/cli/dist/cli.js',
      'run',
      'demo:sample',
      'search',
      '--q',
      'harbour',
      '--limit',
      '2',
      '--mock',
    ]);
    expect(call.code, call.output).toBe(0);
    expect(call.output).toContain('Harbour Lights');
  });

  it('a provider package the registry does not list fails the check, naming the command that fixes it', () => {
    const dir = join(copy, 'packages', 'providers', 'demo-unlisted');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        name: '@pdg/demo-unlisted',
        description: 'pdg provider: demo:unlisted',
        pdg: { id: 'demo:unlisted' },
      }),
    );
    const check = run('node', ['scripts/registry.mjs', '--check']);
    expect(check.code).toBe(1);
    expect(check.output).toContain('Run `pnpm registry`');
    expect(check.output).toContain('packages/cli/src/providers.ts');
  });
});
