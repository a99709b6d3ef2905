/**
 * Core's face for what is built on the client (TanStack Query options, the queue, the CLI, MCP, code mode):
 * the rules core owns, given by name, so no package writes its own copy of them. `endpointCatalog(providers)`
 * needs only the providers (an endpoint's definition by name, the next position of a walk);
 * `endpointsOf(client)` adds what needs the client (a call's identity, redaction of its key, the untyped
 * calls and walks, the item walk with the checkpoint after each item). Imported only by the tools that use
 * it: a client that is only `run()` carries none of it.
 */

import type { CallOptions, PagesOptions } from '../call/options.js';
import { checkLimit, type WalkCheckpoint } from '../call/walk-state.js';
import type { PagedWalk, PdgClient } from '../client/client.js';
import { clientParts } from '../client/client-parts.js';
import { indexProviders, lookup, notWalkableError, type Registry } from '../client/registry.js';
import type { CallTarget } from '../contract/call-target.js';
import type { AnyProvider, EndpointDefinition, Paging } from '../contract/contract.js';
import { didYouMean } from '../errors/closest-names.js';
import { checkpointMismatchError, shownPosition, usageError, walkFaultError } from '../errors/error-builders.js';
import { isPdgError } from '../errors/errors.js';
import { type Redactor, secretsRedactor } from '../errors/redact.js';
import { buildUrl } from '../pipeline/build-url.js';
import { cacheKey, keyIdentity } from '../schema/call-identity.js';
import { type PageRule, positionAfter, revisitCheck, type WalkFaults } from '../walk/paging.js';
import { walkOf } from '../walk/walker.js';
import { callEndpoint, type ItemWalk, type ItemWalkOptions, walkEndpoint, walkEndpointItems } from './call-endpoint.js';

/** A page number, a cursor, or `undefined` for a walk's first page (or its end, as a next position). */
export type WalkPosition = number | string | undefined;

/** An endpoint's definition whose paging a walk can follow (made by pageOf() or cursorPageOf()). */
export type PagedDefinition = EndpointDefinition & { readonly paging: Paging };

/** The rules core owns that need only the providers: for a tool that has no client yet (the CLI, `enqueueWalk`). */
export interface EndpointCatalog {
  /** The providers the catalog was made from. */
  readonly providers: readonly AnyProvider[];
  /**
   * The endpoint's definition, or core's `USAGE` error naming the closest names and every one there is:
   * `Unknown endpoint "brwose" of jobs:jobboard. Did you mean browse? Endpoints: browse, job, ...`.
   */
  definition(provider: string, endpoint: string): EndpointDefinition;
  /** The definition of an endpoint a walk can follow, else the `USAGE` error `pages()` throws for it. */
  pagedDefinition(provider: string, endpoint: string): PagedDefinition;
  /**
   * Where a walk goes after `page`, fetched at `at`: the rule `pages()` and `items()` follow. The next
   * page number (never past the maximum the endpoint's `page` param accepts) or cursor, or `undefined` at
   * the end. A page whose paging fields would make a walk loop or stop silently short throws
   * `INVALID_RESPONSE` naming what the gateway did, as `pages()` does. `fetched` lists the positions of the
   * pages fetched so far, this one included (its length counts them; a cursor among them is not followed
   * again); without it, `page` is taken as the only one.
   */
  nextPosition(
    provider: string,
    endpoint: string,
    page: unknown,
    at: WalkPosition,
    fetched?: readonly WalkPosition[],
  ): WalkPosition;
  /** The item array of a page of a paged endpoint (whatever the endpoint calls it: `items`, `threads`, ...); [] without one. */
  itemsOf(provider: string, endpoint: string, page: unknown): readonly unknown[];
}

/**
 * What the cache and the sharing of requests in flight key a call on, and whose key asked: equal for the
 * same request (params in any order, defaults spelled out or not) to the same gateway with the same key.
 */
export interface CallIdentity {
  /** The request: the gateway's URL and path, and each param sorted, the documented defaults filled in. */
  readonly request: string;
  /** The key's identity (`key-` and 16 hex digits), never the key: the same key gives the same in this process. */
  readonly key: string;
}

/** One item of an item walk, with the checkpoint just past it: resumed from `after`, the walk goes on with the next item. */
export interface ItemStep {
  readonly item: unknown;
  readonly after: WalkCheckpoint;
}

/** One page of a page walk with its items, cut at `maxItems`, and the checkpoint just past them. */
export interface PageStep {
  /** The page as the gateway sent it. */
  readonly page: unknown;
  /**
   * The params the page was asked for with: the walk's own, with the `page` number or `cursor` it was at
   * (none for a fresh walk's first page), for a consumer that records each page's request.
   */
  readonly params: Readonly<Record<string, unknown>>;
  /** Its items not taken before (a resumed walk's first page) and within `maxItems`. */
  readonly items: readonly unknown[];
  /**
   * Where the walk goes on from: the next page, or `{ taken: 0, done: true }` when nothing is left (the
   * walk's last page, or `maxItems` reached). A page whose paging fields were at fault stays where it was.
   */
  readonly after: WalkCheckpoint;
}

/** The options of a page walk with its items: `pages()`'s, and `maxItems` to stop after that many items. */
export interface PageStepOptions extends PagesOptions {
  readonly maxItems?: number;
}

/**
 * The client's face for tools that name endpoints at run time: the catalog's rules, and what needs the
 * client. Adopt it with `const endpoints = endpointsOf(client)` and call `endpoints.run(provider, endpoint,
 * params)`, `endpoints.items(...)`, `endpoints.redact(text)`, ... in place of casts to an untyped client.
 */
export interface ClientEndpoints extends EndpointCatalog {
  /** The call's identity (see `CallIdentity`): a query cache keys on it to keep the client's own rule. */
  identity(provider: string, endpoint: string, params?: unknown): CallIdentity;
  /** `value` with the client's key (as it is, URL-encoded or base64) replaced by `[redacted]` in every string in it. */
  redact<T>(value: T): T;
  /** `client.run` with names given at run time: the same checks, nothing sent when they fail. */
  run(provider: string, endpoint: string, params?: unknown, options?: CallOptions): Promise<unknown>;
  /** `client.pages` with names given at run time. */
  pages(provider: string, endpoint: string, params?: unknown, options?: PagesOptions): PagedWalk<unknown>;
  /** `client.items` with names given at run time, with the page each item is in and the pages fetched. */
  items(provider: string, endpoint: string, params?: unknown, options?: ItemWalkOptions): ItemWalk<unknown>;
  /** The item walk as steps: each item with the checkpoint just past it, so no caller keeps one by hand. */
  itemSteps(
    provider: string,
    endpoint: string,
    params?: unknown,
    options?: ItemWalkOptions,
  ): AsyncGenerator<ItemStep, void, undefined>;
  /**
   * The page walk with each page's items, cut at `maxItems`, and the checkpoint past them (for a consumer
   * that stores pages, as the queue's workers do): `resume` skips the items a checkpoint says were taken.
   */
  pageSteps(
    provider: string,
    endpoint: string,
    params?: unknown,
    options?: PageStepOptions,
  ): AsyncGenerator<PageStep, void, undefined>;
}

/** The error builders the walk's rule raises, handed to paging.ts (which imports no code). */
const faults: WalkFaults = { walkFaultError, checkpointMismatchError, shownPosition };

/** The catalog's rules over a registry of providers. */
function catalogOver(registry: Registry, providers: readonly AnyProvider[]): EndpointCatalog {
  const definition = (provider: string, endpoint: string) => lookup(registry, { provider, endpoint }, didYouMean);
  const pagedDefinition = (provider: string, endpoint: string): PagedDefinition => {
    const found = definition(provider, endpoint);
    if (!found.paging || !walkOf(found.paging)) throw notWalkableError({ provider, endpoint }, found.paging);
    return found as PagedDefinition;
  };
  const ruleOf = (provider: string, endpoint: string): PageRule => {
    const found = pagedDefinition(provider, endpoint);
    return { provider, endpoint, definition: found, paging: found.paging, faults };
  };
  return {
    providers,
    definition,
    pagedDefinition,
    nextPosition(provider, endpoint, page, at, fetched = [at]) {
      const rule = ruleOf(provider, endpoint);
      const next = positionAfter(rule, page, at, Math.max(1, fetched.length));
      revisitCheck(rule, next, new Set(fetched), fetched.length);
      return next;
    },
    itemsOf(provider, endpoint, page) {
      const { paging } = pagedDefinition(provider, endpoint);
      const found = typeof page === 'object' && page !== null ? (page as Record<string, unknown>)[paging.items] : [];
      return Array.isArray(found) ? found : [];
    },
  };
}

/**
 * The rules core owns over a list of providers, for a tool without a client: an endpoint's definition by
 * name (with core's message and its "did you mean"), and the next position of a walk. Refuses a list
 * `createClient` would refuse, with the same `USAGE` error.
 */
export function endpointCatalog(providers: readonly AnyProvider[]): EndpointCatalog {
  return catalogOver(indexProviders(providers), providers);
}

/**
 * The face of a client made by `createClient`: the catalog of its providers, and the identity, redaction,
 * untyped calls and walks that need the client. Made once per client and kept, so call it as often as
 * convenient.
 */
export function endpointsOf<TProviders extends readonly AnyProvider[]>(client: PdgClient<TProviders>): ClientEndpoints {
  const known = faces.get(client);
  if (known) return known;
  const parts = clientParts.get(client);
  if (!parts) {
    throw usageError(
      'endpointsOf needs a client made by createClient of this @pdg/core (one copy of @pdg/core per app: it is a peer dependency of the packages built on it).',
    );
  }
  const { registry, settings } = parts;
  const catalog = catalogOver(registry, client.providers);
  // The key's identity is worked out once, when first asked for.
  let key: string | undefined;
  // The redactor of every form of the key (the client's own looks for the key as sent), made when first used.
  let redactor: Redactor | undefined;
  const face: ClientEndpoints = {
    ...catalog,
    identity(provider, endpoint, params) {
      const target: CallTarget = { provider, endpoint };
      const definition = catalog.definition(provider, endpoint);
      key ??= keyIdentity(settings.apiKey);
      return { request: requestOf(settings.baseUrl, target, definition, params), key };
    },
    redact: (value) => {
      redactor ??= secretsRedactor(settings.apiKey);
      return redactor.value(value);
    },
    run: (provider, endpoint, params, options) => callEndpoint(client, provider, endpoint, params, options),
    pages: (provider, endpoint, params, options) => walkEndpoint(client, provider, endpoint, params, options),
    items: (provider, endpoint, params, options) => walkEndpointItems(client, provider, endpoint, params, options),
    async *itemSteps(provider, endpoint, params, options) {
      const walk = walkEndpointItems(client, provider, endpoint, params, options);
      // The walk sets its checkpoint past each item before handing the item out.
      for await (const item of walk) yield { item, after: walk.checkpoint };
    },
    pageSteps: (provider, endpoint, params, options = {}) =>
      pageSteps({
        catalog,
        target: { provider, endpoint },
        params: (params ?? {}) as Readonly<Record<string, unknown>>,
        options,
        open: (pageOptions) => walkEndpoint(client, provider, endpoint, params, pageOptions),
      }),
  };
  faces.set(client, face);
  return face;
}

/** Each client's face, made on first use. */
const faces = new WeakMap<object, ClientEndpoints>();

/**
 * The request text of a call (`cacheKey`, as the cache keys it). Params that cannot make a URL (an empty
 * path id, which the call refuses) name the request by their JSON instead: the identity of a call that will
 * fail is still one, and asking for it is not the place to fail.
 */
function requestOf(baseUrl: string, target: CallTarget, definition: EndpointDefinition, params: unknown): string {
  const given = (typeof params === 'object' && params !== null ? params : {}) as Record<string, unknown>;
  try {
    return cacheKey({ definition, url: buildUrl({ ...target, baseUrl, definition, params: given }) });
  } catch (error) {
    if (!isPdgError(error)) throw error;
    return `${target.provider} ${target.endpoint} ${sortedJson(given)}`;
  }
}

/**
 * JSON with object keys sorted at every level and `undefined` fields left out (as a call leaves them out):
 * one text for one value, whatever order its keys were written in. What a tool keys a walk or a call on
 * where it has no client to ask for the call's identity (the queue's walk ids).
 */
export function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, field]) => `${JSON.stringify(name)}:${sortedJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a page walk with its items starts from. */
interface PageStepWalk {
  readonly catalog: EndpointCatalog;
  readonly target: CallTarget;
  /** The walk's params, as the caller gave them. */
  readonly params: Readonly<Record<string, unknown>>;
  readonly options: PageStepOptions;
  /** Starts the page walk with these options (`pages()`'s). */
  readonly open: (options: PagesOptions) => PagedWalk<unknown>;
}

async function* pageSteps(walk: PageStepWalk): AsyncGenerator<PageStep, void, undefined> {
  const { catalog, target, options } = walk;
  const { maxItems, ...pageOptions } = options;
  checkLimit('maxItems', maxItems);
  if (maxItems === 0) return;
  const pages = walk.open(pageOptions);
  // The param each page's position goes in, as the walk sends it.
  const positionParam =
    catalog.pagedDefinition(target.provider, target.endpoint).paging.kind === 'page' ? 'page' : 'cursor';
  // Items of the first page a resumed walk already handed out.
  const resumed = options.resume as WalkCheckpoint | undefined;
  let skip = resumed?.taken ?? 0;
  let left = maxItems;
  try {
    while (true) {
      const { at } = pages.checkpoint;
      const next = await pages.next();
      if (next.done) return;
      const page = next.value;
      const params = at === undefined ? walk.params : { ...walk.params, [positionParam]: at };
      const all = catalog.itemsOf(target.provider, target.endpoint, page);
      if (skip > all.length) {
        throw checkpointMismatchError(target, { at: resumed?.at, taken: skip, items: all.length });
      }
      let items = all.slice(skip);
      skip = 0;
      if (left !== undefined) items = items.slice(0, left);
      if (left !== undefined) left -= items.length;
      const end = pages.checkpoint.done === true || left === 0;
      yield { page, params, items, after: end ? { taken: 0, done: true } : pages.checkpoint };
      if (end) return;
    }
  } finally {
    await pages.return(undefined);
  }
}
