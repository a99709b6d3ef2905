/** The providers a client was created with, by id, and how a call's provider id and endpoint name are found. */
import type { CallTarget } from '../contract/call-target.js';
import type { AnyProvider, EndpointDefinition, Paging } from '../contract/contract.js';
import { shortText, usageError } from '../errors/error-builders.js';
import type { PdgError } from '../errors/errors.js';

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

/**
 * Says which names are close to a mistyped one (` Did you mean browse?`, or ''): closest-names.ts's
 * `didYouMean`, which the face (face.ts) hands in. `run()` goes without it: a typed call cannot misspell a
 * name, and the one-call client stays within its size budget.
 */
export type NameHint = (word: unknown, names: readonly string[]) => string;

/**
 * The definition of the endpoint a call names, or a `USAGE` error naming what there is instead (an unknown
 * name quoted as `shortText` quotes a value, so a name megabytes long does not make the message as long):
 * `Unknown endpoint "brwose" of jobs:jobboard. Did you mean browse? Endpoints: browse, job, ...` (the
 * hint where one is handed in). The one lookup by name: `run()`, the walks, and every tool built on the
 * client (through the face, `endpointsOf` and `endpointCatalog`).
 */
export function lookup(registry: Registry, target: CallTarget, hint?: NameHint): EndpointDefinition {
  const provider = registry.get(target.provider);
  if (!provider) {
    const ids = [...registry.keys()];
    throw usageError(
      `Unknown provider ${shortText(String(target.provider), true)}.${hint?.(target.provider, ids) ?? ''} This client has: ${ids.join(', ') || 'none'}. Install its package and pass it to createClient({ providers }).`,
      target,
    );
  }
  const definition = Object.hasOwn(provider.endpoints, target.endpoint)
    ? provider.endpoints[target.endpoint]
    : undefined;
  if (!definition) {
    const names = Object.keys(provider.endpoints);
    throw usageError(
      `Unknown endpoint ${shortText(String(target.endpoint), true)} of ${target.provider}.${hint?.(target.endpoint, names) ?? ''} Endpoints: ${names.join(', ')}.`,
      target,
    );
  }
  return definition;
}

/**
 * The `USAGE` error for a walk of an endpoint that cannot be walked: one with no paging, or with paging
 * written by hand rather than made by pageOf() or cursorPageOf() (it has no walk to follow).
 */
export function notWalkableError(target: CallTarget, paging: Paging | undefined): PdgError {
  const fix = paging
    ? 'has paging written by hand, which cannot be walked: make it with pageOf() or cursorPageOf()'
    : 'is not a paged endpoint; call it with run()';
  return usageError(`${target.provider} ${target.endpoint} ${fix}.`, target);
}
