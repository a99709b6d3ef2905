/**
 * The providers the CLI ships with (`providers.ts`, generated from the workspace), loaded on demand: a
 * command imports only the providers it names, each once, and their fixtures only when it serves them or
 * takes an example from them. `pdg run jobs:jobboard browse --mock` loads one provider and its fixtures;
 * `pdg providers` loads none.
 */

import type { AnyProvider, Fixture } from '@pdg/core';
import { usageError } from '@pdg/core/face';
import { suggestion } from './args.js';
import { type ProviderPackage, providerPackages } from './providers.js';

export const providerIds: readonly string[] = providerPackages.map((pkg) => pkg.id);

/** Imported providers, by id. */
const loaded = new Map<string, AnyProvider>();

/** The package of a provider id; a usage error naming the closest ids, and every id, when there is none. */
export function providerPackage(id: string | undefined): ProviderPackage {
  const known = providerIds.join(', ');
  if (id === undefined) throw usageError(`Name a provider: ${known}.`);
  const pkg = providerPackages.find((candidate) => candidate.id === id);
  if (!pkg) throw usageError(`Unknown provider "${id}".${suggestion(id, providerIds)} Providers: ${known}.`);
  return pkg;
}

/** A provider by id, imported on first use. */
export async function loadProvider(id: string | undefined): Promise<AnyProvider> {
  const pkg = providerPackage(id);
  const provider = loaded.get(pkg.id) ?? (await pkg.load());
  loaded.set(pkg.id, provider);
  return provider;
}

/** Providers by id, each once, in the order given; every provider the CLI ships with when `ids` is undefined. */
export function loadProviders(ids: readonly string[] = providerIds): Promise<AnyProvider[]> {
  return Promise.all([...new Set(ids)].map((id) => loadProvider(id)));
}

/** A provider this process has already imported (an error message names one without importing it). */
export function loadedProvider(id: string | undefined): AnyProvider | undefined {
  return id === undefined ? undefined : loaded.get(id);
}

/** The fixtures of the given providers, read from disk. */
export async function fixturesOf(providers: readonly AnyProvider[]): Promise<Fixture[]> {
  const lists = await Promise.all(providers.map((provider) => providerPackage(provider.id).fixtures()));
  return lists.flat();
}
