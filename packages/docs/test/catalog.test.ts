/**
 * The site of the whole catalog, as `pdg docs` and `pdg mock` build it: every endpoint of every provider
 * package of the workspace is an operation with its samples, its example from a fixture the gateway
 * answers, and TypeScript samples that type-check against the providers' published types (a wrong export
 * name, param or `pdg.items` on an endpoint that does not page would fail here).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyProvider, Fixture } from '@pdg/core';
import { toOpenApi } from '@pdg/openapi';
import { describe, expect, it } from 'vitest';
import { decorateDocument } from '../src/decorate.js';
import { exampleFixture } from '../src/example.js';

const packagesDir = fileURLToPath(new URL('../../', import.meta.url));
const providersDir = join(packagesDir, 'providers');

/** Each packages/providers/* package with a `pdg.id`, and its fixtures, imported from its build. */
async function workspaceCatalog(): Promise<{ providers: AnyProvider[]; fixtures: Fixture[] }> {
  const providers: AnyProvider[] = [];
  const fixtures: Fixture[] = [];
  for (const dir of readdirSync(providersDir).sort()) {
    const manifestPath = join(providersDir, dir, 'package.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { name: string; pdg?: { id?: string } };
    const id = manifest.pdg?.id;
    if (id === undefined) continue;
    const dist = join(providersDir, dir, 'dist');
    if (!existsSync(join(dist, 'fixtures.js'))) {
      throw new Error(`${manifest.name} is not built: run \`pnpm turbo run build --filter @pdg/cli...\` first.`);
    }
    const module = (await import(pathToFileURL(join(dist, 'index.js')).href)) as Record<string, unknown>;
    const provider = Object.values(module).find(
      (value): value is AnyProvider => (value as AnyProvider | undefined)?.id === id && 'endpoints' in Object(value),
    );
    if (!provider) throw new Error(`${manifest.name} exports no provider with the id ${id}.`);
    providers.push(provider);
    const own = (await import(pathToFileURL(join(dist, 'fixtures.js')).href)) as { fixtures: Fixture[] };
    fixtures.push(...own.fixtures);
  }
  return { providers, fixtures };
}

const { providers, fixtures } = await workspaceCatalog();
const document = decorateDocument(toOpenApi(providers, { unsupported: 'open' }), { providers, fixtures }) as {
  paths: Record<string, { get: Record<string, unknown> }>;
};
const operations = Object.values(document.paths).map(({ get }) => get);

describe('the site of the whole catalog', () => {
  it('has one operation per endpoint of every provider, each with an example the gateway answers', () => {
    const endpoints = providers.flatMap((provider) =>
      Object.keys(provider.endpoints).map((name) => `${provider.id} ${name}`),
    );
    expect(
      operations.map((operation) => `${operation['x-pdg-provider']} ${operation['x-pdg-endpoint']}`).sort(),
    ).toEqual(endpoints.sort());
    const withoutExample = endpoints.filter((endpoint) => {
      const [id = '', name = ''] = endpoint.split(' ');
      return exampleFixture(fixtures, id, name) === undefined;
    });
    expect(withoutExample).toEqual([]);
  });

  it("every TypeScript sample type-checks against the providers' published types", async () => {
    const dir = fileURLToPath(new URL('../.typecheck/samples/', import.meta.url));
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    let count = 0;
    for (const operation of operations) {
      const samples = operation['x-codeSamples'] as { lang: string; label: string; source: string }[];
      for (const sample of samples.filter(({ lang }) => lang === 'typescript')) {
        writeFileSync(join(dir, `${operation.operationId}-${sample.label.replace(/\W+/g, '-')}.ts`), sample.source);
        count++;
      }
    }
    // Each `@pdg/<name>` is the built package of that name: core, or the provider of packages/providers/<name>.
    const tsconfig = {
      extends: '../../../../tsconfig.base.json',
      compilerOptions: {
        noEmit: true,
        types: [],
        paths: { '@pdg/core': ['../../../core/dist/index.d.ts'], '@pdg/*': ['../../../providers/*/dist/index.d.ts'] },
      },
      include: ['*.ts'],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const result = await new Promise<{ code: number; output: string }>((resolve) =>
      execFile(process.execPath, [tsc, '-p', dir], { maxBuffer: 16 << 20 }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) || 1 : 0, output: `${stdout}${stderr}` }),
      ),
    );
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
    expect(count).toBeGreaterThanOrEqual(operations.length);
  });
});
