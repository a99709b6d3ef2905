import type { CallOptions, ItemsOptions, PagesOptions } from '../call/options.js';
import type { PageHooks } from '../call/walk-state.js';
import type { PagedWalk, PdgClient } from '../client/client.js';
import type { AnyProvider } from '../contract/contract.js';

/** A client's methods with the provider id, endpoint name and params as plain runtime values. */
interface UntypedClient {
  run(provider: string, endpoint: string, params?: unknown, options?: CallOptions): Promise<unknown>;
  pages(provider: string, endpoint: string, params?: unknown, options?: PagesOptions): PagedWalk<unknown>;
  items(provider: string, endpoint: string, params?: unknown, options?: ItemsOptions & PageHooks): PagedWalk<unknown>;
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

/** An item walk of an endpoint named at run time: the items, where the walk is, and the page it is in. */
export interface ItemWalk<T> extends PagedWalk<T> {
  /** The page fetched last, as the gateway sent it (its other fields besides the items); undefined before the first. */
  readonly page: unknown;
  /** Pages this walk fetched. */
  readonly pageCount: number;
}

/** What `walkEndpointItems` takes: `items()`'s options, and what to call as the walk crosses pages. */
export interface ItemWalkOptions extends ItemsOptions, PageHooks {}

/**
 * `client.items` for an endpoint named at run time (see `callEndpoint`): every item of every page, with a
 * checkpoint per item (`{ at, taken }`: resumed, the walk goes on in the middle of a page with no item
 * skipped or repeated), the page it is in and the pages fetched, and `onPage` / `onPageDone` to hear of
 * each page as it arrives and once its items are handed out (the first page's own fields, progress lines).
 */
export function walkEndpointItems<TProviders extends readonly AnyProvider[]>(
  client: PdgClient<TProviders>,
  provider: string,
  endpoint: string,
  params?: unknown,
  options: ItemWalkOptions = {},
): ItemWalk<unknown> {
  const seen: { page: unknown; pageCount: number } = { page: undefined, pageCount: 0 };
  const onPage = (page: unknown, pageCount: number) => {
    seen.page = page;
    seen.pageCount = pageCount;
    options.onPage?.(page, pageCount);
  };
  const walk = (client as unknown as UntypedClient).items(provider, endpoint, params, { ...options, onPage });
  return Object.defineProperties(walk, {
    page: { get: () => seen.page, enumerable: true },
    pageCount: { get: () => seen.pageCount, enumerable: true },
  }) as ItemWalk<unknown>;
}
