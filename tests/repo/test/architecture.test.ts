/**
 * The import rules ARCHITECTURE.md states: which `@pdg` packages each package's sources may import, core's
 * folders in their order (each imports only the ones below it), and no import cycle among core's own files
 * (type imports count: a cycle of types is still a knot to a reader).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** Every `.ts` file under `folder`, as absolute paths. */
function sources(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The specifiers a file imports or re-exports, dynamic imports included. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*['"]([^'"]+)['"]/g)];
  const dynamic = [...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)];
  return [...found, ...dynamic].map((match) => match[1] as string);
}

/** The `@pdg` packages (and subpaths) each package's sources may import: ARCHITECTURE.md's table. */
const allowed: Record<string, readonly string[] | 'any'> = {
  core: [],
  provider: ['@pdg/core/provider', '@pdg/core/fixtures'],
  openapi: ['@pdg/core', '@pdg/core/describe'],
  mock: ['@pdg/core', '@pdg/core/describe', '@pdg/core/fixtures', '@pdg/openapi', '@pdg/openapi/gateway'],
  docs: ['@pdg/core', '@pdg/core/describe', '@pdg/openapi'],
  testkit: ['@pdg/core', '@pdg/core/describe', '@pdg/core/face', '@pdg/core/fixtures', '@pdg/mock/responder'],
  sandbox: ['@pdg/core', '@pdg/core/face'],
  mcp: [
    '@pdg/core',
    '@pdg/core/describe',
    '@pdg/core/face',
    '@pdg/openapi',
    '@pdg/queue',
    '@pdg/sandbox',
    '@pdg/sandbox/bounds',
  ],
  'mcp-oauth': ['@pdg/core', '@pdg/core/face', '@pdg/mcp'],
  'tanstack-query': ['@pdg/core', '@pdg/core/face'],
  queue: ['@pdg/core', '@pdg/core/face'],
  store: ['@pdg/core', '@pdg/core/describe', '@pdg/core/face'],
  cli: 'any',
};

function packagesOf(): { name: string; kind: string; src: string }[] {
  const packages = join(root, 'packages');
  const own = readdirSync(packages)
    .filter((name) => name !== 'providers')
    .map((name) => ({ name, kind: name, src: join(packages, name, 'src') }));
  const providers = readdirSync(join(packages, 'providers')).map((name) => ({
    name: `providers/${name}`,
    kind: 'provider',
    src: join(packages, 'providers', name, 'src'),
  }));
  return [...own, ...providers];
}

/** Each cycle of imports among `files` (relative module paths resolved), as `a.ts > b.ts > a.ts`. */
function cyclesAmong(files: readonly string[], base: string): string[] {
  const edges = new Map(
    files.map((file) => [
      file,
      importsOf(file)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => resolve(dirname(file), specifier.replace(/\.js$/, '.ts')))
        .filter((target) => files.includes(target)),
    ]),
  );
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, trail: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      const loop = [...trail.slice(trail.indexOf(file)), file];
      cycles.push(loop.map((path) => relative(base, path)).join(' > '));
      return;
    }
    state.set(file, 'open');
    for (const next of edges.get(file) ?? []) visit(next, [...trail, file]);
    state.set(file, 'done');
  };
  for (const file of files) visit(file, []);
  return cycles;
}

/**
 * Core's folders from the top down (ARCHITECTURE.md, "Inside core"): a folder imports only the folders on a
 * lower row, never one on its own row or above, so no import runs back up. The entries (`src/*.ts`) stand above all.
 */
const coreFolderRows: readonly (readonly string[])[] = [
  ['face'],
  ['client', 'fixtures'],
  ['layers'],
  ['walk', 'pipeline'],
  ['call', 'schema'],
  ['errors'],
  ['contract'],
];

/** The imports among core's folders that do not run down the rows, as `from/file.ts imports to/file.ts`. */
function importsAgainstRows(src: string, rows: readonly (readonly string[])[]): string[] {
  const rowOf = new Map(rows.flatMap((folders, row) => folders.map((folder) => [folder, row] as const)));
  const folderOf = (file: string) => relative(src, file).split(sep)[0] as string;
  return sources(src).flatMap((file) => {
    const from = folderOf(file);
    const fromRow = rowOf.get(from);
    if (fromRow === undefined) return []; // an entry, above every folder
    return importsOf(file)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolve(dirname(file), specifier))
      .filter((target) => {
        const to = folderOf(target);
        if (to === from) return false;
        const toRow = rowOf.get(to);
        return toRow === undefined || toRow <= fromRow;
      })
      .map((target) => `${relative(src, file)} imports ${relative(src, target)}`);
  });
}

describe('the import rules of ARCHITECTURE.md', () => {
  it.each(packagesOf())('$name imports only the @pdg packages its kind may', ({ kind, src }) => {
    const rule = allowed[kind];
    expect(rule, `ARCHITECTURE.md's table has no row for packages like ${kind}`).toBeDefined();
    if (rule === 'any') return;
    const strays = sources(src).flatMap((file) =>
      importsOf(file)
        .filter((specifier) => specifier.startsWith('@pdg/') && !rule?.includes(specifier))
        .map((specifier) => `${relative(root, file)} imports ${specifier}`),
    );
    expect(strays).toEqual([]);
  });

  it("core's source files import one another without a cycle", () => {
    const src = join(root, 'packages', 'core', 'src');
    // The fixtures folder is on its way to @pdg/mock; its one cycle (define.ts and world.ts) goes with it.
    const files = sources(src).filter((file) => !file.startsWith(join(src, 'fixtures')));
    expect(files.length).toBeGreaterThan(20);
    expect(cyclesAmong(files, src)).toEqual([]);
  });

  it("core's folders import only the folders below them", () => {
    const src = join(root, 'packages', 'core', 'src');
    const folders = readdirSync(src).filter((name) => statSync(join(src, name)).isDirectory());
    // Every folder has its row: a new folder is placed in the order, not left out of it.
    expect(folders.sort()).toEqual(coreFolderRows.flat().sort());
    expect(importsAgainstRows(src, coreFolderRows)).toEqual([]);
  });

  it('finds an import that runs back up, or sideways along a row', () => {
    const folder = mkdtempSync(join(tmpdir(), 'pdg-rows-'));
    try {
      for (const name of ['top', 'side', 'low']) mkdirSync(join(folder, name));
      writeFileSync(join(folder, 'top', 'a.ts'), "import { c } from '../low/c.js';\nexport const a = c;\n");
      writeFileSync(join(folder, 'side', 'b.ts'), "import { a } from '../top/a.js';\nexport const b = a;\n");
      writeFileSync(join(folder, 'low', 'c.ts'), "export type { B } from '../side/b.js';\nexport const c = 1;\n");
      expect(importsAgainstRows(folder, [['top', 'side'], ['low']])).toEqual([
        `low${sep}c.ts imports side${sep}b.js`,
        `side${sep}b.ts imports top${sep}a.js`,
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('finds a cycle where there is one, of types too', () => {
    const folder = mkdtempSync(join(tmpdir(), 'pdg-cycle-'));
    try {
      const files = ['a.ts', 'b.ts', 'c.ts'].map((name) => join(folder, name));
      writeFileSync(files[0] as string, "import { b } from './b.js';\nexport const a = b;\n");
      writeFileSync(files[1] as string, "import type { C } from './c.js';\nexport const b: C = 1;\n");
      writeFileSync(files[2] as string, "export type { A as C } from './a.js';\n");
      expect(cyclesAmong(files, folder)).toEqual(['a.ts > b.ts > c.ts > a.ts']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
