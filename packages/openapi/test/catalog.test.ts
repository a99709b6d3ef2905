/**
 * The document for every provider package of the workspace (as the CLI registers them) is valid OpenAPI
 * 3.1: `@redocly/cli lint` with its recommended rules finds no error. A provider whose schemas cannot be
 * expressed fails here, with the provider, endpoint and construct in the message.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyProvider } from '@pdg/core';
import { describe, expect, it } from 'vitest';
import { type OpenApiDocument, toOpenApi } from '../src/index.js';
import { formatProblems, lint } from './redocly.js';

const providersDir = fileURLToPath(new URL('../../providers/', import.meta.url));

/** Each packages/providers/* package with a `pdg.id`, imported from its build. */
async function workspaceProviders(): Promise<AnyProvider[]> {
  const providers: AnyProvider[] = [];
  for (const dir of readdirSync(providersDir).sort()) {
    const manifestPath = join(providersDir, dir, 'package.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { name: string; pdg?: { id?: string } };
    const id = manifest.pdg?.id;
    if (id === undefined) continue;
    const entry = join(providersDir, dir, 'dist', 'index.js');
    if (!existsSync(entry)) {
      throw new Error(`${manifest.name} is not built: run \`pnpm turbo run build --filter @pdg/cli...\` first.`);
    }
    const module = (await import(pathToFileURL(entry).href)) as Record<string, unknown>;
    const provider = Object.values(module).find(
      (value): value is AnyProvider => (value as AnyProvider | undefined)?.id === id && 'endpoints' in Object(value),
    );
    if (!provider) throw new Error(`${manifest.name} exports no provider with the id ${id}.`);
    providers.push(provider);
  }
  return providers;
}

const providers = await workspaceProviders();
let built: OpenApiDocument | undefined;
/** Built in the first test that asks, so a provider that cannot be expressed fails a test, not the file. */
const documentOf = (): OpenApiDocument => {
  built ??= toOpenApi(providers);
  return built;
};

describe('the document of every registered provider', () => {
  it('has every provider of the workspace and one path per endpoint', () => {
    expect(providers.length).toBeGreaterThanOrEqual(21);
    const endpoints = providers.flatMap((provider) =>
      Object.keys(provider.endpoints).map((name) => `${provider.id} ${name}`),
    );
    const document = documentOf();
    const operations = Object.values(document.paths).map(
      (item) => `${item.get['x-pdg-provider']} ${item.get['x-pdg-endpoint']}`,
    );
    expect(operations.sort()).toEqual(endpoints.sort());
    expect(document.tags.map((tag) => tag.name)).toEqual(providers.map((provider) => provider.id));
  });

  it('describes every param, from the JSDoc text of the definitions', () => {
    const undescribed = Object.entries(documentOf().paths).flatMap(([path, item]) =>
      item.get.parameters
        .filter((parameter) => typeof parameter.description !== 'string' || parameter.description === '')
        .map((parameter) => `${path} ${String(parameter.name)}`),
    );
    expect(undescribed).toEqual([]);
  });

  it('passes `@redocly/cli lint` (recommended rules) with no error', { timeout: 300_000 }, async () => {
    const result = await lint(documentOf());
    const errors = result.problems.filter((problem) => problem.severity === 'error');
    expect(formatProblems(errors)).toBe('');
    expect(result.totals.errors).toBe(0);
  });
});

describe('the lint', () => {
  it('finds errors when there are some (a path param the operation does not declare)', {
    timeout: 300_000,
  }, async () => {
    const document = documentOf();
    const path = '/v1/jobs:jobboard/job/{jobId}';
    const item = document.paths[path];
    expect(item).toBeDefined();
    const broken = {
      ...document,
      paths: { ...document.paths, [path]: { get: { ...item?.get, parameters: [] } } },
    };
    const result = await lint(broken);
    expect(result.totals.errors).toBeGreaterThan(0);
    expect(result.problems.map((problem) => problem.ruleId)).toContain('path-parameters-defined');
  });
});
