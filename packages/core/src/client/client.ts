import type { ResponseMeta } from '../call/call-result.js';
import type { CallOptions, ClientOptions, ItemsOptions, PagesOptions } from '../call/options.js';
import { resolveSettings } from '../call/settings.js';
import { checkLimit, type WalkCheckpoint, type WalkState } from '../call/walk-state.js';
import type { CallTarget } from '../contract/call-target.js';
import type { AnyProvider, Paging } from '../contract/contract.js';
import type {
  EndpointName,
  EndpointsOf,
  ItemOf,
  PagedEndpointName,
  ParamsArg,
  ProviderId,
  ResultOf,
} from '../contract/types.js';
import { type Call, runCall } from '../pipeline/run-call.js';
import { walkOf } from '../walk/walker.js';
import { clientParts } from './client-parts.js';
import { indexProviders, lookup, notWalkableError } from './registry.js';

/** A walk from `pages()` or `items()`: an async generator that also says where it is. */
export interface PagedWalk<T> extends AsyncGenerator<T, void, undefined> {
  /** Where the walk is, as plain JSON: pass it as `resume` to continue from there. */
  readonly checkpoint: WalkCheckpoint;
}

export interface PdgClient<TProviders extends readonly AnyProvider[]> {
  /** The providers this client was created with. */
  readonly providers: TProviders;
  /** Calls one endpoint: `run('music:catalogstore', 'search', { q: 'daft punk' })`. */
  run<TId extends ProviderId<TProviders>, TName extends EndpointName<TProviders, TId>>(
    provider: TId,
    endpoint: TName,
    ...args: ParamsArg<EndpointsOf<TProviders, TId>[TName], CallOptions>
  ): Promise<ResultOf<EndpointsOf<TProviders, TId>[TName]>>;
  /** Like `run`, with what the response said besides its body: `{ data, response: { status, headers, ... } }`. */
  runWithResponse<TId extends ProviderId<TProviders>, TName extends EndpointName<TProviders, TId>>(
    provider: TId,
    endpoint: TName,
    ...args: ParamsArg<EndpointsOf<TProviders, TId>[TName], CallOptions>
  ): Promise<{ readonly data: ResultOf<EndpointsOf<TProviders, TId>[TName]>; readonly response: ResponseMeta }>;
  /** Walks a paged endpoint page by page, fetching each only when asked for. */
  pages<TId extends ProviderId<TProviders>, TName extends PagedEndpointName<TProviders, TId>>(
    provider: TId,
    endpoint: TName,
    ...args: ParamsArg<EndpointsOf<TProviders, TId>[TName], PagesOptions>
  ): PagedWalk<ResultOf<EndpointsOf<TProviders, TId>[TName]>>;
  /** Walks a paged endpoint item by item, across pages. */
  items<TId extends ProviderId<TProviders>, TName extends PagedEndpointName<TProviders, TId>>(
    provider: TId,
    endpoint: TName,
    ...args: ParamsArg<EndpointsOf<TProviders, TId>[TName], ItemsOptions>
  ): PagedWalk<ItemOf<EndpointsOf<TProviders, TId>[TName]>>;
}

/**
 * Checks `createClient` options as `createClient` does, in the same order, and throws the same `USAGE` error
 * for the first bad one, without making a client: for a tool that takes the options before it has a key (a
 * server whose callers each bring their own). The API key (given, or `PDG_API_KEY`) is checked when there is one.
 */
export function checkClientOptions(options: ClientOptions<readonly AnyProvider[]>): void {
  resolveSettings(options, false);
  indexProviders(options.providers);
}

/** Creates a client for the given providers. `apiKey` and `baseUrl` default to `PDG_API_KEY` / `PDG_BASE_URL`. */
export function createClient<const TProviders extends readonly AnyProvider[]>(
  options: ClientOptions<TProviders>,
): PdgClient<TProviders> {
  const settings = resolveSettings(options);
  const registry = indexProviders(options.providers);

  const call = (target: CallTarget, params: unknown, callOptions: CallOptions = {}) =>
    runCall(settings, { ...target, definition: lookup(registry, target), params, options: callOptions } satisfies Call);
  const run = async (provider: string, endpoint: string, params?: unknown, callOptions?: CallOptions) =>
    (await call({ provider, endpoint }, params, callOptions)).data;

  // pages() and items() differ only in the walk they run over the same call.
  const walk =
    (yields: 'pages' | 'items') =>
    (provider: string, endpoint: string, params?: Record<string, unknown>, walkOptions: ItemsOptions = {}) => {
      const target = { provider, endpoint };
      const definition = lookup(registry, target);
      const { paging } = definition;
      // The walk's checks and code came with pageOf() (walker.ts): `resume` is checked now, before any request.
      const kit = paging && walkOf(paging);
      const state: WalkState = kit ? kit.start(walkOptions.resume) : { checkpoint: { taken: 0 } };
      async function* walking() {
        try {
          // The checks before the first page, in this order; `maxItems: 0` takes nothing and is never an error.
          if (yields === 'items') {
            checkLimit('maxItems', walkOptions.maxItems);
            if (walkOptions.maxItems === 0) return;
          }
          if (!kit) throw notWalkableError(target, paging);
          kit.checkLimits(walkOptions);
          const { walkItems, walkPages } = await kit.load();
          const walker = yields === 'items' ? walkItems : walkPages;
          const fetchPage = (pageParams: unknown, pageOptions: CallOptions) =>
            run(provider, endpoint, pageParams, pageOptions);
          yield* walker({
            ...target,
            definition,
            paging: paging as Paging,
            params: params ?? {},
            options: walkOptions,
            state,
            fetchPage,
            faults: kit.faults,
          });
        } catch (error) {
          // The walk's own errors (a paging cycle naming a cursor) leave through the same outlet as a call's.
          throw settings.outlets.walkFailed(error);
        }
      }
      return Object.defineProperty(walking(), 'checkpoint', {
        get: () => ({ ...state.checkpoint }),
        enumerable: true,
      }) as PagedWalk<unknown>;
    };

  const client: PdgClient<TProviders> = {
    providers: options.providers,
    run: run as PdgClient<TProviders>['run'],
    runWithResponse: (async (provider: string, endpoint: string, params?: unknown, callOptions?: CallOptions) => {
      const result = await call({ provider, endpoint }, params, callOptions);
      return { data: result.data, response: result.meta() };
    }) as PdgClient<TProviders>['runWithResponse'],
    pages: walk('pages') as PdgClient<TProviders>['pages'],
    items: walk('items') as PdgClient<TProviders>['items'],
  };
  // What the face (face.ts, `endpointsOf`) reads of this client: kept beside it, not on it.
  clientParts.set(client, { registry, settings });
  return client;
}
