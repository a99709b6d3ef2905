import type { PagedWalk, PdgClient } from './client.js';
import type { AnyProvider } from './contract.js';
import type { CallOptions, ItemsOptions, PagesOptions } from './options.js';

/** A client's methods with the provider id, endpoint name and params as plain runtime values. */
interface UntypedClient {
  run(provider: string, endpoint: string, params?: unknown, options?: CallOptions): Promise<unknown>;
  pages(provider: string, endpoint: string, params?: unknown, options?: PagesOptions): PagedWalk<unknown>;
  items(provider: string, endpoint: string, params?: unknown, options?: ItemsOptions): PagedWalk<unknown>;
}

/**
 * Calls an endpoint named at run time (a CLI argument, a tool call, a config file), where the typed
 * `client.run` cannot be used. The same checks apply: an unknown provider or endpoint, or params that
 * break the schema, are refused before anything is sent.
 */
export function callEndpoint<TProviders extends readonly AnyProvider[]>(
  client: PdgClient<TProviders>,
  provider: string,
  endpoint: string,
  params?: unknown,
  options?: CallOptions,
): Promise<unknown> {
  return (client as unknown as UntypedClient).run(provider, endpoint, params, options);
}

/** `client.pages` for an endpoint named at run time; see `callEndpoint`. */
export function walkEndpoint<TProviders extends readonly AnyProvider[]>(
  client: PdgClient<TProviders>,
  provider: string,
  endpoint: string,
  params?: unknown,
  options?: PagesOptions,
): PagedWalk<unknown> {
  return (client as unknown as UntypedClient).pages(provider, endpoint, params, options);
}
