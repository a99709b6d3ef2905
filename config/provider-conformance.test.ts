/**
 * The conformance suite, run in every provider package's tests. The package gives only data: the spec's
 * paths for it, in `package.json` under `pdg.specPaths`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyProvider, Fixture } from '@pdg/core';
import { testProviderConformance } from '@pdg/testkit/conformance';

const root = process.cwd();
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  pdg?: { id?: string; specPaths?: string[] };
};
const specPaths = manifest.pdg?.specPaths;
if (!specPaths?.length) {
  throw new Error(
    `${manifest.name}: package.json needs "pdg": { "specPaths": [...] }, the spec's paths of this provider.`,
  );
}
const module = (await import(pathToFileURL(join(root, 'src/index.ts')).href)) as Record<string, unknown>;
const providers = Object.values(module).filter(
  (value): value is AnyProvider =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AnyProvider).id === 'string' &&
    'endpoints' in value,
);
if (providers.length !== 1) throw new Error(`${manifest.name}: src/index.ts must export exactly one provider.`);
if (manifest.pdg?.id !== (providers[0] as AnyProvider).id) {
  throw new Error(
    `${manifest.name}: package.json "pdg.id" (${manifest.pdg?.id}) must be the provider's id, ${(providers[0] as AnyProvider).id}.`,
  );
}
// The version the User-Agent names is the package's own, written in by the build (config/provider-version.ts).
if ((providers[0] as AnyProvider).version !== manifest.version) {
  throw new Error(
    `${manifest.name}: the provider's version is ${(providers[0] as AnyProvider).version}, its package.json's ${manifest.version}: build with config/tsup.provider.ts.`,
  );
}
const { fixtures } = (await import(pathToFileURL(join(root, 'src/fixtures.ts')).href)) as { fixtures: Fixture[] };

testProviderConformance(providers[0] as AnyProvider, fixtures, {
  specPaths,
  readme: pathToFileURL(join(root, 'README.md')),
  fixtures: pathToFileURL(join(root, 'fixtures/')),
});
