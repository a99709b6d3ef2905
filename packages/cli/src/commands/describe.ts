/** `pdg providers` and `pdg describe <provider> [endpoint]`: what this pdg serves, read from the providers. */
import type { AnyProvider, EndpointDefinition } from '@pdg/core';
import { endpointCatalog, type PagedDefinition, usageError } from '@pdg/core/face';
import { checkFlags, type ParsedArgs } from '../args.js';
import { fixturesOf, loadProvider } from '../catalog.js';
import { exampleParams, formatEndpoint, formatProvider, formatProviders } from '../endpoint-text.js';
import { flagsOf } from '../flags.js';
import { write } from '../io.js';
import { providerPackages } from '../providers.js';

export async function providersCommand(args: ParsedArgs): Promise<number> {
  checkFlags('providers', flagsOf('providers'), args);
  await write(process.stdout, formatProviders(providerPackages));
  return 0;
}

export async function describeCommand(args: ParsedArgs): Promise<number> {
  checkFlags('describe', flagsOf('describe'), args);
  const provider = await loadProvider(args.positionals[1]);
  const name = args.positionals[2];
  await write(process.stdout, name === undefined ? formatProvider(provider) : await describeEndpoint(provider, name));
  return 0;
}

/** `pdg describe <provider> <endpoint>`: the endpoint's params, with an example the mock gateway answers. */
export async function describeEndpoint(provider: AnyProvider, name: string): Promise<string> {
  const endpoint = findEndpoint(provider, name);
  return formatEndpoint(provider.id, name, endpoint, exampleParams(await fixturesOf([provider]), provider.id, name));
}

/**
 * The endpoint of that name, by core's lookup: an unknown name is core's message (`Unknown endpoint "hott"
 * of social-media:forum. Did you mean hot? Endpoints: ...`), as a usage error (exit 2).
 */
export function findEndpoint(provider: AnyProvider, name: string | undefined): EndpointDefinition {
  return lookedUp(provider, name, (catalog, endpoint) => catalog.definition(provider.id, endpoint));
}

/** The endpoint of that name and its definition, for a walk: also core's usage error when it is not paged. */
export function findPagedEndpoint(
  provider: AnyProvider,
  name: string | undefined,
): { readonly name: string; readonly definition: PagedDefinition } {
  return lookedUp(provider, name, (catalog, endpoint) => ({
    name: endpoint,
    definition: catalog.pagedDefinition(provider.id, endpoint),
  }));
}

function lookedUp<T>(
  provider: AnyProvider,
  name: string | undefined,
  find: (catalog: ReturnType<typeof endpointCatalog>, name: string) => T,
): T {
  if (name === undefined) {
    throw usageError(`Name an endpoint of ${provider.id}: ${Object.keys(provider.endpoints).join(', ')}.`);
  }
  // A wrong name is core's USAGE error, with its "did you mean": exit 2, as every usage error.
  return find(endpointCatalog([provider]), name);
}
