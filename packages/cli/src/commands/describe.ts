/** `pdg providers` and `pdg describe <provider> [endpoint]`: what this pdg serves, read from the providers. */
import type { AnyProvider, EndpointDefinition } from '@pdg/core';
import { checkFlags, type ParsedArgs, suggestion, UsageError } from '../args.js';
import { fixturesOf, loadProvider } from '../catalog.js';
import { exampleParams, formatEndpoint, formatProvider, formatProviders } from '../describe.js';
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

/** The endpoint of that name, or a usage error naming the closest and every one. */
export function findEndpoint(provider: AnyProvider, name: string | undefined): EndpointDefinition {
  const names = Object.keys(provider.endpoints).join(', ');
  if (name === undefined) throw new UsageError(`Name an endpoint of ${provider.id}: ${names}.`);
  const endpoint = Object.hasOwn(provider.endpoints, name) ? provider.endpoints[name] : undefined;
  if (!endpoint) {
    const close = suggestion(name, Object.keys(provider.endpoints));
    throw new UsageError(`Unknown endpoint "${name}" of ${provider.id}.${close} Endpoints: ${names}.`);
  }
  return endpoint;
}
