/**
 * The published packages as a user gets them. `pnpm pack` packs every publishable package (as
 * `pnpm publish` would: `workspace:` ranges become versions); each tarball must hold its README, the
 * root's LICENSE and every file its manifest points at. Then npm installs core, one provider and the mock
 * gateway from the tarballs into an empty project outside the repository (their own dependencies come
 * from the npm registry), and there an ES module and a CommonJS module load every export and make a call
 * on Node 24 and on Node 22.12, and a TypeScript file type-checks under `node16` and `bundler` resolution.
 */
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
// Also declares what `inject('runtimes')` holds.
import type { Runtimes } from '../../../config/runtimes-setup.js';
// TypeScript 7's tsc (what `npm install -D typescript` installs since 7.0): a native compiler, the same
// checks several times quicker than TypeScript 6.
// @ts-expect-error: a plain .mjs script of the repository, without types.
import { tsc7 as tsc } from '../../../scripts/typecheck.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const consumerSources = fileURLToPath(new URL('../consumer/', import.meta.url));
/** What the consumer asks for: core, one provider, and the mock gateway that answers its call. */
const wanted = ['@pdg/core', '@pdg/music-catalogstore', '@pdg/mock'];

interface WorkspacePackage {
  name: string;
  version: string;
  path: string;
  private?: boolean;
}
const workspace = JSON.parse(
  execFileSync('pnpm', ['ls', '-r', '--depth', '-1', '--json'], { cwd: root, encoding: 'utf8' }),
) as WorkspacePackage[];
const published = workspace.filter((pkg) => !pkg.private);
const versionOf = new Map(workspace.map((pkg) => [pkg.name, pkg.version]));
const manifestOf = (name: string) => {
  const pkg = workspace.find((candidate) => candidate.name === name);
  if (!pkg) throw new Error(`${name} is not a package of the workspace`);
  return JSON.parse(readFileSync(join(pkg.path, 'package.json'), 'utf8'));
};
/**
 * The wanted packages and the @pdg packages they need at run time (dependencies and peer dependencies,
 * such as the mock's @pdg/openapi), all installed from their tarballs: none is on the registry.
 */
const installed = (() => {
  const names = new Set<string>();
  const add = (name: string) => {
    if (names.has(name)) return;
    names.add(name);
    const manifest = manifestOf(name);
    for (const field of ['dependencies', 'peerDependencies']) {
      for (const dependency of Object.keys(manifest[field] ?? {})) if (dependency.startsWith('@pdg/')) add(dependency);
    }
  };
  for (const name of wanted) add(name);
  return [...names].sort();
})();

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}
function run(file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; timeout?: number }) {
  return new Promise<Result>((resolve) => {
    execFile(
      file,
      args,
      { cwd: options.cwd, env: options.env ?? process.env, timeout: options.timeout ?? 300_000, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) || 1 : 0, stdout, stderr }),
    );
  });
}
const output = (result: Result) => `exit ${result.code}\n${result.stdout}\n${result.stderr}`;

/** npm as a user runs it: without the variables pnpm sets for the scripts it runs (they would steer npm). */
function npmEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^npm_/i.test(key) || (/^npm_config_/i.test(key) && !/^npm_config_user_agent$/i.test(key)),
    ),
  );
}

/** Every file path a manifest points at: `exports` (every condition), `main`, `types`, `bin`. */
function manifestTargets(manifest: Record<string, unknown>): { field: string; target: string }[] {
  const targets: { field: string; target: string }[] = [];
  const walk = (value: unknown, field: string) => {
    if (typeof value === 'string') targets.push({ field, target: value });
    else if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, `${field}[${index}]`);
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, `${field}[${JSON.stringify(key)}]`);
    }
  };
  walk(manifest.exports, 'exports');
  walk(manifest.main, 'main');
  walk(manifest.types, 'types');
  walk(typeof manifest.bin === 'string' ? { [String(manifest.name)]: manifest.bin } : manifest.bin, 'bin');
  return targets;
}

const escapeRegExp = (text: string) => text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');

/** `./dist/*.js` against the tarball's paths: a pattern must match at least one file. */
function inTarball(target: string, files: Set<string>): boolean {
  const path = target.replace(/^\.\//, '');
  if (!path.includes('*')) return files.has(path);
  const pattern = new RegExp(`^${path.split('*').map(escapeRegExp).join('.+')}$`);
  return [...files].some((file) => pattern.test(file));
}

let packs: string;
let consumer: string;
const tarballs = new Map<string, string>();
let runtimes: Runtimes;

beforeAll(async () => {
  packs = realpathSync(mkdtempSync(join(tmpdir(), 'pdg-packs-')));
  // An empty project outside the repository: nothing of the workspace's node_modules can be resolved from it.
  consumer = realpathSync(mkdtempSync(join(tmpdir(), 'pdg-consumer-')));
  if (consumer.startsWith(realpathSync(root))) throw new Error(`${consumer} is inside the repository`);

  const pack = await run('pnpm', ['-r', 'pack', '--pack-destination', packs, '--json'], { cwd: root });
  if (pack.code !== 0) throw new Error(`pnpm -r pack failed:\n${output(pack)}`);
  for (const { name, filename } of JSON.parse(pack.stdout) as { name: string; filename: string }[]) {
    tarballs.set(name, filename);
  }

  writeFileSync(
    join(consumer, 'package.json'),
    `${JSON.stringify({ name: 'pdg-consumer', private: true, type: 'module' }, null, 2)}\n`,
  );
  for (const file of readdirSync(consumerSources)) copyFileSync(join(consumerSources, file), join(consumer, file));
  const missing = installed.filter((name) => !tarballs.has(name));
  if (missing.length > 0) throw new Error(`pnpm -r pack made no tarball for ${missing.join(', ')}`);
  const install = await run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
      ...installed.map((name) => String(tarballs.get(name))),
      // What an app using `@pdg/core/otel` installs beside it (an optional peer dependency of core):
      // the consumer imports every export, that one included.
      '@opentelemetry/api@^1.9.0',
    ],
    { cwd: consumer, env: npmEnv(), timeout: 900_000 },
  );
  if (install.code !== 0) throw new Error(`npm install from the tarballs failed:\n${output(install)}`);

  // Node 22.12, the oldest Node the packages support: fetched before any test starts (config/runtimes-setup.ts).
  const fetched = inject('runtimes');
  if (!fetched.ok) throw new Error(fetched.error);
  runtimes = fetched.runtimes;
});

afterAll(() => {
  for (const dir of [packs, consumer]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * A tarball unpacked once (by the tar a user has) into a folder of its own: its entries, without npm's
 * `package/` prefix, and each file's text.
 */
const unpacked = new Map<string, { files: Set<string>; text(file: string): string }>();
function unpack(tarball: string) {
  const known = unpacked.get(tarball);
  if (known) return known;
  const into = mkdtempSync(join(packs, 'unpacked-'));
  const entries = execFileSync('tar', ['-xvzf', tarball, '-C', into], { encoding: 'utf8' });
  const files = new Set(
    entries
      .split('\n')
      .filter((entry) => entry !== '' && !entry.endsWith('/'))
      .map((entry) => entry.replace(/^package\//, '')),
  );
  const contents = { files, text: (file: string) => readFileSync(join(into, 'package', file), 'utf8') };
  unpacked.set(tarball, contents);
  return contents;
}
const tarballFiles = (tarball: string) => unpack(tarball).files;
const tarballText = (tarball: string, file: string) => unpack(tarball).text(file);

describe.each(published.map((pkg) => [pkg.name] as const))('the tarball of %s', (name) => {
  const tarball = () => {
    const path = tarballs.get(name);
    if (!path) throw new Error(`pnpm -r pack made no tarball for ${name}`);
    return path;
  };

  it("holds its README, the root's LICENSE and every file its manifest points at", () => {
    const files = tarballFiles(tarball());
    expect(files.has('README.md'), `${name}: README.md is not in the tarball`).toBe(true);
    expect(tarballText(tarball(), 'LICENSE')).toBe(readFileSync(join(root, 'LICENSE'), 'utf8'));
    const manifest = JSON.parse(tarballText(tarball(), 'package.json'));
    const targets = manifestTargets(manifest);
    expect(targets.length, `${name}: its manifest points at no file`).toBeGreaterThan(0);
    const missing = targets
      .filter(({ target }) => !inTarball(target, files))
      .map(({ field, target }) => `${field} -> ${target}`);
    expect(missing, `${name}: files its package.json points at are not in the tarball`).toEqual([]);
  });

  it("names each @pdg dependency by its workspace version, as the registry will have it (no 'workspace:')", () => {
    const manifest = JSON.parse(tarballText(tarball(), 'package.json'));
    for (const field of ['dependencies', 'peerDependencies', 'optionalDependencies']) {
      for (const [dependency, range] of Object.entries<string>(manifest[field] ?? {})) {
        expect(range, `${name} ${field}.${dependency}`).not.toMatch(/^workspace:/);
        if (dependency.startsWith('@pdg/')) expect(range).toBe(`^${versionOf.get(dependency)}`);
      }
    }
  });
});

describe(`${wanted.join(', ')} installed with npm from the tarballs, outside the repository`, () => {
  /** The specifiers a consumer can import: one per subpath in the packages' `exports`. */
  const exported = installed.flatMap((name) =>
    Object.keys(manifestOf(name).exports)
      .filter((subpath) => subpath !== './package.json')
      .map((subpath) => (subpath === '.' ? name : `${name}${subpath.slice(1)}`)),
  );
  const fixture = JSON.parse(
    readFileSync(join(root, 'packages/providers/music-catalogstore/fixtures/search/velvet-orbit.json'), 'utf8'),
  );
  const recordedTitles = fixture.response.content.items.map((track: { title: string }) => track.title);

  it('takes every @pdg package from its tarball (none is on the registry) and holds one copy of core', () => {
    const lock = JSON.parse(readFileSync(join(consumer, 'package-lock.json'), 'utf8'));
    const pdgEntries = Object.entries<{ version: string; resolved?: string }>(lock.packages).filter(([path]) =>
      /(^|\/)node_modules\/@pdg\//.test(path),
    );
    expect(pdgEntries.map(([path]) => path).sort()).toEqual(installed.map((name) => `node_modules/${name}`));
    for (const [path, entry] of pdgEntries) {
      const name = path.replace(/^node_modules\//, '');
      expect(entry.resolved, `${name} in package-lock.json`).toMatch(/^file:.*\.tgz$/);
      expect(join(consumer, String(entry.resolved).slice('file:'.length))).toBe(tarballs.get(name));
      expect(entry.version).toBe(versionOf.get(name));
    }
  });

  it.each([
    ['Node 24 (this one)', () => process.execPath],
    ['Node 22.12', () => runtimes.node22],
  ])('an ES module imports every export and calls the mock gateway on %s', async (_, node) => {
    const result = await run(node(), ['call.mjs'], { cwd: consumer });
    expect(result.code, output(result)).toBe(0);
    const printed = JSON.parse(result.stdout);
    expect(printed.loaded).toEqual(exported);
    expect(printed.titles).toEqual(recordedTitles);
    expect(printed.core).toBe(`file://${consumer}/node_modules/@pdg/core/dist/index.js`);
  });

  it.each([
    ['Node 24 (this one)', () => process.execPath],
    ['Node 22.12', () => runtimes.node22],
  ])('require() loads every export (ES modules) and the same call works on %s', async (_, node) => {
    const result = await run(node(), ['--no-warnings', 'require.cjs'], { cwd: consumer });
    expect(result.code, output(result)).toBe(0);
    const printed = JSON.parse(result.stdout);
    expect(printed.node).toMatch(node() === process.execPath ? process.version : /^v22\.12\./);
    expect(printed.loaded).toEqual(exported);
    expect(printed.sameCore, 'require() and import() gave different copies of core').toBe(true);
    expect(printed.titles).toEqual(recordedTitles);
    expect(printed.core).toBe(join(consumer, 'node_modules', '@pdg', 'core', 'dist', `index.js`).split(sep).join('/'));
  });

  it('a TypeScript file using the call result type-checks under node16 and bundler resolution', async () => {
    const typecheck = (config: string) =>
      run(process.execPath, [tsc, '-p', `tsconfig.${config}.json`, '--singleThreaded'], {
        cwd: consumer,
        timeout: 600_000,
      });
    const [node16, bundler] = await Promise.all([typecheck('node16'), typecheck('bundler')]);
    // tsc prints nothing when the program type-checks; its errors name the file, line and rule otherwise.
    expect(output(node16)).toBe(output({ code: 0, stdout: '', stderr: '' }));
    expect(output(bundler)).toBe(output({ code: 0, stdout: '', stderr: '' }));
  });
});
