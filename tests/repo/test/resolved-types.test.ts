/**
 * Each provider's published declarations carry every endpoint's params and result types written out
 * (config/resolved-types.ts, the last step of a provider's build), which `ParamsOf` and `ResultOf` read
 * instead of inferring them from the valibot schemas. Here, for every endpoint of every provider, those
 * written-out types must be the very types inferred from the package's sources: `tsc` checks
 * `expectTypeOf<from dist>().toEqualTypeOf<from src>()` for each (both read one
 * object type per level), and a difference fails naming the endpoint.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of the repository, without types.
import { providerPackages } from '../../../scripts/registry.mjs';
// @ts-expect-error: a plain .mjs script of the repository, without types.
import { tsc7 } from '../../../scripts/typecheck.mjs';

interface Pkg {
  readonly dir: string;
  readonly id: string;
  readonly exportName: string;
}

const root = fileURLToPath(new URL('../../..', import.meta.url));
const work = join(root, 'tests', 'repo', '.resolved-types');
const packages: Pkg[] = providerPackages();

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The endpoint names of a provider, from its built module. */
async function endpointsOf(pkg: Pkg): Promise<string[]> {
  const dist = join(root, 'packages', 'providers', pkg.dir, 'dist', 'index.js');
  const module = await import(pathToFileURL(dist).href);
  return Object.keys(module[pkg.exportName].endpoints);
}

it('every endpoint of every provider has its params and result types written out in its declarations', async () => {
  for (const pkg of packages) {
    const declarations = readFileSync(join(root, 'packages', 'providers', pkg.dir, 'dist', 'index.d.ts'), 'utf8');
    const written = declarations.match(/^ {4}readonly [\w'-]+: typeof [\w$]+ & _pdg_core_provider\.Resolved</gm) ?? [];
    // One short is an endpoint whose type refers to itself: the build says which, and it stays inferred.
    expect(written.length, `${pkg.id}: endpoints with written-out types in dist/index.d.ts`).toBe(
      (await endpointsOf(pkg)).length,
    );
  }
});

it('the written-out types are the types inferred from the sources, for every endpoint', async () => {
  mkdirSync(work, { recursive: true });
  const lines = [
    "import type { ParamsOf, ResultOf } from '@pdg/core';",
    "import { expectTypeOf } from 'vitest';",
    // Both sides as one object type per level: `{ a: A } & { [key: string]: unknown }` as inferred and the
    // same written out are one type to the compiler, but not to expect-type's comparison of their forms.
    // Optional, readonly and every property type still have to match, and `any` still fails.
    '// biome-ignore lint/suspicious/noExplicitAny: any function, kept as it is.',
    'type Normal<T> = T extends (...args: any[]) => unknown ? T : T extends readonly unknown[] ? { [K in keyof T]: Normal<T[K]> } : T extends object ? { [K in keyof T]: Normal<T[K]> } : T;',
  ];
  let checks = 0;
  for (const [index, pkg] of packages.entries()) {
    const base = relative(work, join(root, 'packages', 'providers', pkg.dir));
    lines.push(
      `import type { ${pkg.exportName} as src${index} } from '${base}/src/index.js';`,
      `import type { ${pkg.exportName} as dist${index} } from '${base}/dist/index.js';`,
      `type S${index} = (typeof src${index})['endpoints'];`,
      `type D${index} = (typeof dist${index})['endpoints'];`,
    );
    for (const endpoint of await endpointsOf(pkg)) {
      const at = `['${endpoint}']`;
      lines.push(
        `// ${pkg.id} ${endpoint}`,
        `expectTypeOf<Normal<ParamsOf<D${index}${at}>>>().toEqualTypeOf<Normal<ParamsOf<S${index}${at}>>>();`,
        `expectTypeOf<Normal<ResultOf<D${index}${at}>>>().toEqualTypeOf<Normal<ResultOf<S${index}${at}>>>();`,
      );
      checks += 2;
    }
  }
  writeFileSync(join(work, 'check.ts'), `${lines.join('\n')}\n`);
  writeFileSync(
    join(work, 'tsconfig.json'),
    JSON.stringify({
      extends: '../../../tsconfig.base.json',
      compilerOptions: { noEmit: true, declaration: false, types: [], skipLibCheck: true },
      files: ['check.ts'],
    }),
  );
  let output = '';
  try {
    // TypeScript 7, as the packages' type checks (scripts/typecheck.mjs): the same checks, several times faster.
    execFileSync(process.execPath, [tsc7, '-p', 'tsconfig.json', '--pretty', 'false', '--singleThreaded'], {
      cwd: work,
      encoding: 'utf8',
    });
  } catch (error) {
    output = (error as { stdout?: string }).stdout ?? String(error);
  }
  // Each error names a line of check.ts; the nearest comment above it names the endpoint.
  const failures = [...output.matchAll(/^check\.ts\((\d+),\d+\): (.*)$/gm)].map(([, line, message]) => {
    const at = Number(line) - 1;
    const endpoint = lines
      .slice(0, at)
      .findLast((text) => text.startsWith('// '))
      ?.slice(3);
    return `${endpoint}: ${lines[at]}\n  ${message}`;
  });
  expect(failures, output).toEqual([]);
  expect(output).toBe('');
  expect(checks).toBeGreaterThanOrEqual(2 * packages.length);
}, 120_000);
