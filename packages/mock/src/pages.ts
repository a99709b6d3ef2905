import type { EndpointDefinition, Fixture, Paging } from '@pdg/core';
import { sameListing } from './answer.js';

type Body = Record<string, unknown>;

/** The payload of a fixture: the envelope's `content` where the endpoint has one. */
export function payloadOf(endpoint: EndpointDefinition, fixture: Fixture): unknown {
  return endpoint.envelope ? (fixture.response as { content?: unknown } | null)?.content : fixture.response;
}

/**
 * Every item of a listing: the items of all fixtures that are pages of it, in order, then repeated
 * with ids made unique until the listing holds `size` items, so a walk can go on for hundreds.
 */
export function listingItems(
  endpoint: EndpointDefinition & { paging: Paging },
  fixtures: readonly Fixture[],
  chosen: Fixture,
  size: number,
): unknown[] {
  const seen = new Set<string>();
  const base: unknown[] = [];
  for (const fixture of fixtures) {
    if (!sameListing(fixture, chosen)) continue;
    const items = (payloadOf(endpoint, fixture) as Body | null)?.[endpoint.paging.items];
    if (!Array.isArray(items)) continue;
    for (const item of items) {
      const key = JSON.stringify(item);
      if (!seen.has(key)) {
        seen.add(key);
        base.push(item);
      }
    }
  }
  // An empty listing stays empty: there is nothing to repeat.
  if (base.length === 0 || base.length >= size) return base;
  const all = [...base];
  for (let round = 2; all.length < size; round++) {
    for (const item of base) {
      if (all.length >= size) break;
      all.push(renumber(item, round));
    }
  }
  return all;
}

/** A copy of an item whose id fields (`id`, `…Id`) differ per round, so repeated items stay distinct. */
function renumber(item: unknown, round: number): unknown {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
  const copy: Body = { ...(item as Body) };
  for (const [key, value] of Object.entries(copy)) {
    if (!(key === 'id' || key.endsWith('Id'))) continue;
    if (typeof value === 'string') copy[key] = `${value}-${round}`;
    else if (typeof value === 'number') copy[key] = value + round * 1_000_000;
  }
  return copy;
}

export const cursorPrefix = 'mock-';

export function encodeCursor(offset: number): string {
  return `${cursorPrefix}${offset}`;
}

/** The offset a cursor stands for; undefined when it is not one of this gateway's cursors. */
export function decodeCursor(cursor: string): number | undefined {
  if (!cursor.startsWith(cursorPrefix)) return undefined;
  const offset = Number(cursor.slice(cursorPrefix.length));
  return Number.isInteger(offset) && offset >= 0 ? offset : undefined;
}

/** Builds one page from the listing, on the template of the chosen fixture's body. */
export function buildPage(
  endpoint: EndpointDefinition & { paging: Paging },
  template: Body,
  items: readonly unknown[],
  position: { offset: number; pageSize: number; page?: number },
): Body {
  const { offset, pageSize } = position;
  const slice = items.slice(offset, offset + pageSize);
  const hasMore = offset + pageSize < items.length;
  const body: Body = { ...template, [endpoint.paging.items]: slice, hasMore };
  if ('count' in template) body.count = slice.length;
  if ('limit' in template || 'perPage' in template) body['perPage' in template ? 'perPage' : 'limit'] = pageSize;
  if ('total' in template && template.total !== null) body.total = items.length;
  if ('totalPages' in template) body.totalPages = Math.ceil(items.length / pageSize);
  if (endpoint.paging.kind === 'page') {
    const page = position.page ?? 1;
    body.page = page;
    body.nextPage = hasMore ? page + 1 : null;
  } else {
    body.nextCursor = hasMore ? encodeCursor(offset + pageSize) : null;
  }
  return body;
}
