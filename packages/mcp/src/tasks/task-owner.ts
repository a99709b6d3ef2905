/**
 * Whose a task is: the identity of the key the caller's calls spend (core's `identity().key`, `key-` and 16
 * hex digits, salted per process), never the key. A caller with no key of its own spends the server's, and
 * shares the server's tasks with every other such caller.
 */
import type { AnyProvider, EndpointDefinition, PdgClient } from '@pdg/core';
import { endpointsOf } from '@pdg/core/face';

export function taskOwner(client: PdgClient<readonly AnyProvider[]>): string {
  // The key's identity is the same for every call of the client: any endpoint of it names it.
  const provider = client.providers.find((each) => Object.keys(each.endpoints).length > 0);
  const endpoint = provider && Object.keys(provider.endpoints as Record<string, EndpointDefinition>)[0];
  if (!provider || endpoint === undefined) throw new TypeError('A server with no endpoints has no tasks.');
  return endpointsOf(client).identity(provider.id, endpoint).key;
}
