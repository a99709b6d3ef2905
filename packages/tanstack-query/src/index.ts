/**
 * TanStack Query options for gateway endpoints, framework-agnostic: every TanStack adapter (React, Vue,
 * Solid, Svelte, Angular) and `QueryClient` itself take them as they are. The query key, the query
 * function (the query's signal passed to the call), and `staleTime` from the endpoint's documented cache
 * time: the gateway answers a repeated call within that time with the same body, so asking sooner is waste.
 */
import {
  type AnyProvider,
  type CallOptions,
  type EndpointDefinition,
  type EndpointName,
  type EndpointsOf,
  type PagedEndpointName,
  type ParamsArg,
  type PdgClient,
  type PdgError,
  type ProviderId,
  type ResultOf,
  usageError,
} from '@pdg/core';
import type { DataTag, InfiniteData } from '@tanstack/query-core';

/** The first element of every key this package makes: invalidating `['pdg']` refetches every gateway query. */
export const pdgKeyRoot = 'pdg';

/** `['pdg', provider, endpoint, params]`: a query of one call; params with their keys in order, no defaults. */
export type PdgQueryKey = readonly [typeof pdgKeyRoot, string, string, Readonly<Record<string, unknown>>];

/** `['pdg', provider, endpoint, params, 'infinite']`: an infinite query; its cache holds pages, not one result. */
export type PdgInfiniteQueryKey = readonly [
  typeof pdgKeyRoot,
  string,
  string,
  Readonly<Record<string, unknown>>,
  'infinite',
];

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
  /** From the page: `nextPage` or `nextCursor` while `hasMore` is not `false`; `undefined` at the end. */
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
  /** Every query of one endpoint, plain and infinite, whatever its params. */
  endpoint: <TId extends string, TName extends string>(
    provider: TId,
    endpoint: TName,
  ): readonly [typeof pdgKeyRoot, TId, TName] => [pdgKeyRoot, provider, endpoint],
  /** The plain query of one call, as `pdgQueryOptions` keys it. */
  query: (provider: string, endpoint: string, params?: object): PdgQueryKey => [
    pdgKeyRoot,
    provider,
    endpoint,
    canonicalParams(params),
  ],
};

/**
 * The params as a key holds them: keys in code-point order, those set to `undefined` left out (the call
 * does not send them either), defaults not applied. So `{ a, b }` and `{ b, a }` are one query.
 */
export function canonicalParams(params: object | undefined): Readonly<Record<string, unknown>> {
  const sorted: Record<string, unknown> = {};
  if (params === undefined || params === null) return sorted;
  for (const key of Object.keys(params).sort()) {
    const value = (params as Record<string, unknown>)[key];
    if (value !== undefined) sorted[key] = value;
  }
  return sorted;
}

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
  const definition = definitionOf(client, provider, endpoint);
  const staleTime = staleTimeOf(definition, config);
  const run = client.run as (p: string, e: string, params: unknown, options: CallOptions) => Promise<Result>;
  return {
    queryKey: pdgKeys.query(provider, endpoint, params) as DataTag<PdgQueryKey, Result, PdgError>,
    queryFn: ({ signal }) => run(provider, endpoint, params, { ...config.call, signal }),
    ...(staleTime !== undefined && { staleTime }),
  };
}

/**
 * Infinite query options for a paged endpoint, page-numbered or cursor: each page is one call, the next
 * page param read from the page before (`nextPage`, or `nextCursor`), until `hasMore: false`.
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
  const definition = definitionOf(client, provider, endpoint);
  const { paging } = definition;
  if (!paging) {
    throw usageError(`${provider} ${endpoint} is not paged, so it has no infinite query: use pdgQueryOptions for it.`, {
      provider,
      endpoint,
    });
  }
  const name = paging.kind === 'page' ? 'page' : 'cursor';
  const staleTime = staleTimeOf(definition, config);
  const run = client.run as (p: string, e: string, params: unknown, options: CallOptions) => Promise<Page>;
  const initial = params?.[name] ?? (paging.kind === 'page' ? 1 : undefined);
  const key = [...pdgKeys.query(provider, endpoint, params), 'infinite'] as const;
  return {
    queryKey: key as DataTag<PdgInfiniteQueryKey, InfiniteData<Page, Param>, PdgError>,
    queryFn: ({ signal, pageParam }) =>
      run(provider, endpoint, pageParam === undefined ? params : { ...params, [name]: pageParam }, {
        ...config.call,
        signal,
      }),
    initialPageParam: initial as Param,
    getNextPageParam: (lastPage, _pages, lastPageParam, allPageParams) =>
      nextPageParam(paging.kind, lastPage, lastPageParam, allPageParams) as Param | undefined,
    ...(staleTime !== undefined && { staleTime }),
  };
}

interface PageFields {
  readonly hasMore?: unknown;
  readonly nextPage?: unknown;
  readonly nextCursor?: unknown;
  readonly page?: unknown;
}

/**
 * The page after `lastPage`, or `undefined` at the end. A gateway pointing back (a page number not after
 * the current one, a cursor already fetched) ends the pages rather than loop; `pages()` in `@pdg/core`
 * throws `INVALID_RESPONSE` for it instead.
 */
export function nextPageParam(
  kind: 'page' | 'cursor',
  lastPage: unknown,
  lastPageParam: unknown,
  allPageParams: readonly unknown[],
): number | string | undefined {
  const page = (typeof lastPage === 'object' && lastPage !== null ? lastPage : {}) as PageFields;
  if (page.hasMore === false) return undefined;
  if (kind === 'cursor') {
    const cursor = page.nextCursor;
    return typeof cursor === 'string' && cursor !== '' && !allPageParams.includes(cursor) ? cursor : undefined;
  }
  const requested = typeof lastPageParam === 'number' ? lastPageParam : 1;
  const current = typeof page.page === 'number' ? Math.max(page.page, requested) : requested;
  const next =
    typeof page.nextPage === 'number'
      ? page.nextPage
      : page.hasMore === true && page.nextPage == null
        ? current + 1
        : undefined;
  return typeof next === 'number' && Number.isInteger(next) && next > current ? next : undefined;
}

/** The endpoint's definition, from the providers the client was created with. */
function definitionOf(
  client: { readonly providers: readonly AnyProvider[] },
  provider: string,
  endpoint: string,
): EndpointDefinition {
  const found = client.providers.find((candidate) => candidate.id === provider);
  const definition = found && Object.hasOwn(found.endpoints, endpoint) ? found.endpoints[endpoint] : undefined;
  if (definition) return definition;
  const known = client.providers.map((candidate) => candidate.id).join(', ');
  throw usageError(
    found
      ? `${provider} has no endpoint "${endpoint}" (it has ${Object.keys(found.endpoints).join(', ')}).`
      : `The client was created without provider ${provider} (it has ${known}): pass it to createClient({ providers }).`,
    { provider, endpoint },
  );
}

/** The endpoint's documented cache time in ms, else the config's `staleTime`. */
function staleTimeOf(definition: EndpointDefinition, config: PdgQueryConfig): number | undefined {
  return definition.cacheSeconds === undefined ? config.staleTime : definition.cacheSeconds * 1000;
}
