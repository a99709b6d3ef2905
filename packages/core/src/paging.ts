import type { CallOptions, ItemsOptions, PagesOptions } from './client.js';
import type { EndpointDefinition, Paging } from './contract.js';
import { PdgError } from './errors.js';

type Call = (provider: string, endpoint: string, params: unknown, options?: CallOptions) => Promise<unknown>;

interface PageFields {
  readonly hasMore?: boolean | null;
  readonly nextPage?: number | null;
  readonly nextCursor?: string | null;
  readonly page?: number | null;
}

/**
 * Pages of a paged endpoint, fetched one at a time as the caller asks for them. Page-numbered endpoints
 * send `page` and follow `nextPage`; cursor endpoints send `cursor` and follow `nextCursor`. The walk
 * ends at `hasMore: false`, at `maxPages`, or when the gateway gives no way forward. A gateway that
 * points back to a page or cursor already fetched would make the walk endless: that throws
 * `INVALID_RESPONSE` naming the repeated position, rather than ending quietly with a truncated walk.
 */
export async function* walkPages(
  call: Call,
  providerId: string,
  endpointName: string,
  endpoint: EndpointDefinition,
  params: Readonly<Record<string, unknown>> = {},
  options: PagesOptions = {},
): AsyncGenerator<unknown, void, undefined> {
  const paging = requirePaging(providerId, endpointName, endpoint);
  const { maxPages, ...callOptions } = options;
  checkLimit('maxPages', maxPages);
  const param = paging.kind === 'page' ? 'page' : 'cursor';
  let position: unknown = params[param];
  // Every position fetched so far: one number or cursor per page, not the pages themselves.
  const visited = new Set<unknown>();
  for (let fetched = 0; maxPages === undefined || fetched < maxPages; fetched++) {
    const pageParams = position === undefined ? params : { ...params, [param]: position };
    const page = await call(providerId, endpointName, pageParams, callOptions);
    visited.add(position);
    const reported = (page as PageFields | null)?.page;
    if (paging.kind === 'page' && typeof reported === 'number') visited.add(reported);
    yield page;
    const next = nextPosition(paging, page as PageFields, position);
    if (next === undefined) return;
    if (visited.has(next)) throw cycleError(providerId, endpointName, param, next, fetched + 1);
    position = next;
  }
}

function cycleError(providerId: string, endpointName: string, param: string, next: unknown, fetched: number): PdgError {
  const shown =
    typeof next === 'string' && next.length > 80 ? `${JSON.stringify(next.slice(0, 80))}…` : JSON.stringify(next);
  return new PdgError({
    code: 'INVALID_RESPONSE',
    provider: providerId,
    endpoint: endpointName,
    issues: [
      {
        path: param === 'page' ? 'nextPage' : 'nextCursor',
        message: `points back to ${param} ${shown}, already fetched`,
      },
    ],
    message: `${providerId} ${endpointName}: after ${fetched} page(s) the gateway pointed back to ${param} ${shown}, which was already fetched; following it would never end. This is a gateway bug; the pages so far were delivered.`,
  });
}

/** Items of a paged endpoint, across pages, from the item array the endpoint declares. */
export async function* walkItems(
  call: Call,
  providerId: string,
  endpointName: string,
  endpoint: EndpointDefinition,
  params: Readonly<Record<string, unknown>> = {},
  options: ItemsOptions = {},
): AsyncGenerator<unknown, void, undefined> {
  const { maxItems, ...pagesOptions } = options;
  checkLimit('maxItems', maxItems);
  if (maxItems === 0) return;
  const paging = requirePaging(providerId, endpointName, endpoint);
  let yielded = 0;
  for await (const page of walkPages(call, providerId, endpointName, endpoint, params, pagesOptions)) {
    const items = (page as Record<string, unknown> | null)?.[paging.items];
    if (!Array.isArray(items)) return;
    for (const item of items) {
      yield item;
      yielded++;
      // Returning here, before the page walk is resumed, is what keeps the next page unfetched.
      if (maxItems !== undefined && yielded >= maxItems) return;
    }
  }
}

function nextPosition(paging: Paging, page: PageFields, position: unknown): unknown {
  if (page === null || typeof page !== 'object' || page.hasMore === false) return undefined;
  if (paging.kind === 'cursor') return page.nextCursor ?? undefined;
  if (page.nextPage !== undefined && page.nextPage !== null) return page.nextPage;
  // Without `nextPage`, only an explicit `hasMore: true` moves on, to the page after this one.
  if (page.hasMore !== true) return undefined;
  const current = typeof page.page === 'number' ? page.page : typeof position === 'number' ? position : 1;
  return current + 1;
}

function requirePaging(providerId: string, endpointName: string, endpoint: EndpointDefinition): Paging {
  if (!endpoint.paging) {
    throw new TypeError(`${providerId} ${endpointName} is not a paged endpoint; call it with run().`);
  }
  return endpoint.paging;
}

function checkLimit(name: string, value: number | undefined): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= 0)) {
    throw new TypeError(`${name} must be a whole number >= 0 (received ${value}).`);
  }
}
