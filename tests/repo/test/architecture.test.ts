/**
 * The import rules ARCHITECTURE.md states: which `@pdg` packages each package's sources may import, and no
 * import cycle among core's own files (type imports count: a cycle of types is still a knot to a reader).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
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
  provider: ['@pdg/core', '@pdg/core/fixtures'],
  openapi: ['@pdg/core', '@pdg/core/describe'],
  mock: ['@pdg/core', '@pdg/core/describe', '@pdg/core/fixtures', '@pdg/openapi', '@pdg/openapi/gateway'],
  docs: ['@pdg/core', '@pdg/core/describe', '@pdg/openapi'],
  testkit: ['@pdg/core', '@pdg/core/describe', '@pdg/core/fixtures', '@pdg/mock/responder'],
  sandbox: ['@pdg/core'],
  mcp: ['@pdg/core', '@pdg/core/describe', '@pdg/openapi', '@pdg/sandbox', '@pdg/sandbox/bounds'],
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
