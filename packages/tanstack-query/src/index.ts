/**
 * TanStack Query options for gateway endpoints, framework-agnostic: every TanStack adapter (React, Vue,
 * Solid, Svelte, Angular) and `QueryClient` itself take them as they are. The query key, the query
 * function (the query's signal passed to the call), and `staleTime` from the endpoint's documented cache
 * time: the gateway answers a repeated call within that time with the same body, so asking sooner is waste.
 * Every rule core owns comes from core's face (`@pdg/core/face`): the endpoint by name, the call's identity
 * (which the key carries, so two clients never share an answer the client's own cache would not share), and
 * the next page of an infinite query (the very rule `pages()` follows, page maximum included).
 */
import {
  type AnyProvider,
  type CallOptions,
  type EndpointDefinition,
  type EndpointName,
  type EndpointsOf,
  isPdgError,
  type PagedEndpointName,
  type ParamsArg,
  type PdgClient,
  type PdgError,
  type ProviderId,
  type ResultOf,
} from '@pdg/core';
import { type CallIdentity, endpointsOf, type WalkPosition } from '@pdg/core/face';
import type { DataTag, InfiniteData } from '@tanstack/query-core';

/** The first element of every key this package makes: invalidating `['pdg']` refetches every gateway query. */
export const pdgKeyRoot = 'pdg';

/**
 * `['pdg', provider, endpoint, { request, key }]`: a query of one call, keyed by the call's identity as the
 * client's own cache keys it: the request (the gateway's URL, each param sorted, the documented defaults
 * filled in) and the key's identity (never the key). Two clients of two gateways, or with two keys, in one
 * `QueryClient` each get their own answer.
 */
export type PdgQueryKey = readonly [typeof pdgKeyRoot, string, string, CallIdentity];

/** `['pdg', provider, endpoint, { request, key }, 'infinite']`: an infinite query; its cache holds pages, not one result. */
export type PdgInfiniteQueryKey = readonly [typeof pdgKeyRoot, string, string, CallIdentity, 'infinite'];

/** What the options take besides the params. */
export interface PdgQueryConfig {
  /**
   * `staleTime` in ms for an endpoint the gateway documents no cache time for. An endpoint with one always
   * gets that (spread your own `staleTime` after the options to override it). Without either, the property
   * is left out and TanStack's default applies (the `QueryClient`'s `defaultOptions`, else 0).
   */
  readonly staleTime?: number;
  /** Options for each call (`timeout`, `retry`, `validate`, `headers`, `cache`); the signal is the query's. */
  readonly call?: Omit<CallOptions, 'signal'>;
}

/** Query options for one call: `useQuery(pdgQueryOptions(...))`, `queryClient.fetchQuery(...)`. */
export interface PdgQueryOptions<TData> {
  /** Tagged with the data type, so `queryClient.getQueryData(options.queryKey)` is typed too. */
  readonly queryKey: DataTag<PdgQueryKey, TData, PdgError>;
  readonly queryFn: (context: { readonly signal: AbortSignal }) => Promise<TData>;
  /** The endpoint's documented cache time in ms, or the config's `staleTime`; absent without either. */
  readonly staleTime?: number;
}

/** The page param of a paged endpoint: a page number, or a cursor (`undefined` for the first page). */
export type PageParamOf<TEndpoint> = TEndpoint extends { readonly paging: { readonly kind: 'cursor' } }
  ? string | undefined
  : number;

/** Infinite query options for a paged endpoint: `useInfiniteQuery(pdgInfiniteQueryOptions(...))`. */
export interface PdgInfiniteQueryOptions<TPage, TPageParam> {
  readonly queryKey: DataTag<PdgInfiniteQueryKey, InfiniteData<TPage, TPageParam>, PdgError>;
  readonly queryFn: (context: { readonly signal: AbortSignal; readonly pageParam: TPageParam }) => Promise<TPage>;
  /** The params' own `page` (else 1) or `cursor` (else none). */
  readonly initialPageParam: TPageParam;
  /**
   * The page after the last one by the rule `pages()` follows (`nextPage` or `nextCursor` while `hasMore` is
   * not `false`, never past the endpoint's page maximum); `undefined` at the end, and where the gateway's
   * paging would make the walk loop (where `pages()` throws `INVALID_RESPONSE`, the query has no next page).
   */
  readonly getNextPageParam: (
    lastPage: TPage,
    allPages: TPage[],
    lastPageParam: TPageParam,
    allPageParams: TPageParam[],
  ) => TPageParam | undefined;
  readonly staleTime?: number;
}

/** Keys for `invalidateQueries`, `removeQueries`, `cancelQueries`: each a prefix of the keys below it. */
export const pdgKeys = {
  /** Every query this package made. */
  all: (): readonly [typeof pdgKeyRoot] => [pdgKeyRoot],
  /** Every query of one provider: `pdgKeys.provider('jobs:jobboard')`. */
  provider: <TId extends string>(provider: TId): readonly [typeof pdgKeyRoot, TId] => [pdgKeyRoot, provider],
  /** Every query of one endpoint, plain and infinite, whatever its params and whichever client made it. */
  endpoint: <TId extends string, TName extends string>(
    provider: TId,
    endpoint: TName,
  ): readonly [typeof pdgKeyRoot, TId, TName] => [pdgKeyRoot, provider, endpoint],
  /** The plain query of one call of this client, as `pdgQueryOptions` keys it. */
  query: <TProviders extends readonly AnyProvider[]>(
    client: PdgClient<TProviders>,
    provider: string,
    endpoint: string,
    params?: object,
  ): PdgQueryKey => [pdgKeyRoot, provider, endpoint, endpointsOf(client).identity(provider, endpoint, params)],
};

/**
 * Query options for one endpoint call, typed from the client: the data is the endpoint's result.
 * `staleTime` is the endpoint's documented cache time (`jobs:jobboard browse`: 10 minutes).
 */
export function pdgQueryOptions<
  const TProviders extends readonly AnyProvider[],
  TId extends ProviderId<TProviders>,
  TName extends EndpointName<TProviders, TId>,
>(
  client: PdgClient<TProviders>,
  provider: TId,
  endpoint: TName,
  ...args: ParamsArg<EndpointsOf<TProviders, TId>[TName], PdgQueryConfig>
): PdgQueryOptions<ResultOf<EndpointsOf<TProviders, TId>[TName]>> {
  type Result = ResultOf<EndpointsOf<TProviders, TId>[TName]>;
  const [params, config = {}] = args as [object | undefined, PdgQueryConfig | undefined];
  const endpoints = endpointsOf(client);
  const staleTime = staleTimeOf(endpoints.definition(provider, endpoint), config);
  return {
    queryKey: pdgKeys.query(client, provider, endpoint, params) as DataTag<PdgQueryKey, Result, PdgError>,
    queryFn: ({ signal }) => endpoints.run(provider, endpoint, params, { ...config.call, signal }) as Promise<Result>,
    ...(staleTime !== undefined && { staleTime }),
  };
}

/**
 * Infinite query options for a paged endpoint, page-numbered or cursor: each page is one call, the next
 * page param the one `pages()` would fetch next, until there is none.
 */
export function pdgInfiniteQueryOptions<
  const TProviders extends readonly AnyProvider[],
  TId extends ProviderId<TProviders>,
  TName extends PagedEndpointName<TProviders, TId>,
>(
  client: PdgClient<TProviders>,
  provider: TId,
  endpoint: TName,
  ...args: ParamsArg<EndpointsOf<TProviders, TId>[TName], PdgQueryConfig>
): PdgInfiniteQueryOptions<
  ResultOf<EndpointsOf<TProviders, TId>[TName]>,
  PageParamOf<EndpointsOf<TProviders, TId>[TName]>
> {
  type Page = ResultOf<EndpointsOf<TProviders, TId>[TName]>;
  type Param = PageParamOf<EndpointsOf<TProviders, TId>[TName]>;
  const [params, config = {}] = args as [Record<string, unknown> | undefined, PdgQueryConfig | undefined];
  const endpoints = endpointsOf(client);
  const definition = endpoints.pagedDefinition(provider, endpoint);
  const name = definition.paging.kind === 'page' ? 'page' : 'cursor';
  const staleTime = staleTimeOf(definition, config);
  const initial = params?.[name] ?? (name === 'page' ? 1 : undefined);
  const key = [...pdgKeys.query(client, provider, endpoint, params), 'infinite'] as const;
  return {
    queryKey: key as DataTag<PdgInfiniteQueryKey, InfiniteData<Page, Param>, PdgError>,
    queryFn: ({ signal, pageParam }) =>
      endpoints.run(provider, endpoint, pageParam === undefined ? params : { ...params, [name]: pageParam }, {
        ...config.call,
        signal,
      }) as Promise<Page>,
    initialPageParam: initial as Param,
    getNextPageParam: (lastPage, _pages, lastPageParam, allPageParams) => {
      try {
        return endpoints.nextPosition(
          provider,
          endpoint,
          lastPage,
          lastPageParam as WalkPosition,
          allPageParams as WalkPosition[],
        ) as Param | undefined;
      } catch (error) {
        // TanStack asks for the next page param while rendering, where a throw would break the page: a gateway
        // that would make the walk loop (core's INVALID_RESPONSE) ends the pages instead.
        if (isPdgError(error) && error.code === 'INVALID_RESPONSE') return undefined;
        throw error;
      }
    },
    ...(staleTime !== undefined && { staleTime }),
  };
}

/** The endpoint's documented cache time in ms, else the config's `staleTime`. */
function staleTimeOf(definition: EndpointDefinition, config: PdgQueryConfig): number | undefined {
  return definition.cacheSeconds === undefined ? config.staleTime : definition.cacheSeconds * 1000;
}
