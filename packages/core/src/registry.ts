/** The providers a client was created with, by id, and how a call's provider id and endpoint name are found. */
import type { CallTarget } from './call-target.js';
import type { AnyProvider, EndpointDefinition } from './contract.js';
import { usageError } from './error-builders.js';

export type Registry = ReadonlyMap<string, AnyProvider>;

export function indexProviders(providers: readonly AnyProvider[]): Registry {
  if (!Array.isArray(providers)) {
    throw usageError(
      'createClient needs `providers`: an array of provider objects, such as [catalogstore] from @pdg/music-catalogstore.',
    );
  }
  const registry = new Map<string, AnyProvider>();
  for (const provider of providers) {
    if (typeof provider?.id !== 'string' || typeof provider.endpoints !== 'object') {
      throw usageError('Each entry of `providers` must be a provider object exported by a @pdg provider package.');
    }
    if (registry.has(provider.id)) throw usageError(`Provider ${provider.id} is listed twice in \`providers\`.`);
    registry.set(provider.id, provider);
  }
  return registry;
}

/** The definition of the endpoint a call names, or a `USAGE` error saying what this client has instead. */
export function lookup(registry: Registry, target: CallTarget): EndpointDefinition {
  const provider = registry.get(target.provider);
  if (!provider) {
    const known = [...registry.keys()].join(', ') || 'none';
    throw usageError(
      `Unknown provider "${target.provider}". This client has: ${known}. Install its package and pass it to createClient({ providers }).`,
      target,
    );
  }
  const definition = Object.hasOwn(provider.endpoints, target.endpoint)
    ? provider.endpoints[target.endpoint]
    : undefined;
  if (!definition) {
    throw usageError(
      `Unknown endpoint "${target.endpoint}" of ${target.provider}. Its endpoints: ${Object.keys(provider.endpoints).join(', ')}.`,
      target,
    );
  }
  return definition;
}
