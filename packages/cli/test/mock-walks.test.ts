/**
 * Every paged endpoint of every provider, walked through the mock gateway as a client walks it (nextPage or
 * nextCursor until hasMore is false), with two page sizes: both walks yield the same items in the same
 * order, every page's count, total and hasMore agree with what the walk yields, and no rank or id repeats.
 */
import { type AnyProvider, buildUrl, contentOf, type EndpointDefinition } from '@pdg/core';
import { describeParams } from '@pdg/core/describe';
import { startMockGateway } from '@pdg/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesOf, loadProviders } from '../src/catalog.js';

const providers = await loadProviders();
const fixtures = await fixturesOf(providers);
// Listings the fixtures leave open are made this long, so every walk ends within a few dozen pages.
const listingSize = 60;
let gateway: Awaited<ReturnType<typeof startMockGateway>>;
beforeAll(async () => {
  gateway = await startMockGateway({ providers, fixtures, listingSize });
});
afterAll(() => gateway.close());

type Page = Record<string, unknown>;

async function fetchPage(provider: AnyProvider, name: string, params: Record<string, unknown>): Promise<Page> {
  const endpoint = provider.endpoints[name] as EndpointDefinition;
  const url = buildUrl({ baseUrl: gateway.url, provider: provider.id, endpoint: name, definition: endpoint, params });
  const response = await fetch(url, {
    headers: { 'x-api-key': 'test-key-not-a-secret' },
  });
  if (response.status !== 200) throw new Error(`${provider.id} ${name} ${JSON.stringify(params)}: ${response.status}`);
  return contentOf(endpoint, await response.json()) as Page;
}

/** A walk from the first page: its pages, and what is wrong with any of them on its own. */
async function walk(provider: AnyProvider, name: string, params: Record<string, unknown>) {
  const endpoint = provider.endpoints[name] as EndpointDefinition;
  const field = endpoint.paging?.items as string;
  const pages: Page[] = [];
  const problems: string[] = [];
  let next: Record<string, unknown> | undefined = params;
  while (next && pages.length < 200) {
    const page = await fetchPage(provider, name, next);
    pages.push(page);
    const items = page[field] as unknown[];
    if (typeof page.count === 'number' && page.count !== items.length) {
      problems.push(`page ${pages.length}: count ${page.count} beside ${items.length} items`);
    }
    if (endpoint.paging?.kind === 'page') {
      next = page.hasMore ? { ...next, page: page.nextPage } : undefined;
      if (page.hasMore && page.nextPage !== (Number(next?.page ?? 1) as number)) problems.push('nextPage');
      if (!page.hasMore && page.nextPage !== null && page.nextPage !== undefined) {
        problems.push(`page ${pages.length}: hasMore false beside nextPage ${String(page.nextPage)}`);
      }
    } else {
      next = page.hasMore ? { ...next, cursor: page.nextCursor } : undefined;
      if (page.hasMore && typeof page.nextCursor !== 'string') problems.push(`page ${pages.length}: no nextCursor`);
    }
  }
  const items = pages.flatMap((page) => page[field] as unknown[]);
  for (const [index, page] of pages.entries()) {
    if (typeof page.total === 'number' && page.total !== items.length) {
      problems.push(`page ${index + 1}: total ${page.total}, the walk yields ${items.length}`);
    }
    if (index < pages.length - 1 && (page[field] as unknown[]).length === 0) problems.push(`page ${index + 1} empty`);
  }
  return { items, problems, pages: pages.length };
}

const isIdField = (field: string) => field === 'id' || field === 'rank' || field.endsWith('Id');

/**
 * The id and rank fields (`id`, `…Id`, `rank`) an endpoint's items hold distinct in its fixtures: a record's
 * own, where a field that repeats there (`authorId`, `communityId`) refers to another record.
 */
function ownIdFields(provider: AnyProvider, name: string): Set<string> {
  const endpoint = provider.endpoints[name] as EndpointDefinition;
  const field = endpoint.paging?.items as string;
  const items = fixtures
    .filter(
      (fixture) => fixture.provider === provider.id && fixture.endpoint === name && (fixture.status ?? 200) === 200,
    )
    .flatMap((fixture) => ((contentOf(endpoint, fixture.response) as Page)?.[field] as Page[] | undefined) ?? []);
  const unique = [...new Map(items.map((item) => [JSON.stringify(item), item])).values()];
  const fields = new Set(unique.flatMap((item) => Object.keys(item).filter(isIdField)));
  return new Set(
    [...fields].filter((key) => {
      const values = unique.map((item) => item[key]).filter((value) => value !== null && value !== undefined);
      return values.length > 1 && new Set(values.map(String)).size === values.length;
    }),
  );
}

/** The values of these fields that occur on two items or more. */
function repeated(items: readonly unknown[], fields: ReadonlySet<string>): string[] {
  const seen = new Map<string, number>();
  for (const item of items as Page[]) {
    for (const field of fields) {
      const value = item?.[field];
      if (value === null || value === undefined) continue;
      const key = `${field}=${String(value)}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
  }
  return [...seen].filter(([, count]) => count > 1).map(([key]) => key);
}

const position = new Set(['page', 'cursor']);

describe('every paged endpoint, walked with two page sizes', () => {
  for (const provider of providers) {
    const paged = Object.entries(provider.endpoints).filter(([, endpoint]) => endpoint.paging);
    if (paged.length === 0) continue;
    it(`${provider.id}: ${paged.map(([name]) => name).join(', ')}`, async () => {
      const failures: string[] = [];
      let walks = 0;
      for (const [name, endpoint] of paged as [string, EndpointDefinition][]) {
        const size = describeParams(endpoint).find((param) =>
          ['limit', 'count', 'perPage', 'pageSize'].includes(param.name),
        );
        const own = ownIdFields(provider, name);
        const questions = new Map<string, Record<string, unknown>>();
        for (const fixture of fixtures) {
          if (fixture.provider !== provider.id || fixture.endpoint !== name || (fixture.status ?? 200) !== 200)
            continue;
          const asked = Object.fromEntries(
            Object.entries(fixture.params).filter(([param]) => !position.has(param) && param !== size?.name),
          );
          questions.set(JSON.stringify(asked), asked);
        }
        for (const asked of questions.values()) {
          const small = Math.min(5, size?.max ?? 5);
          const sizes = size ? [small, Math.min(small * 2, size.max ?? small * 2)] : [undefined];
          const walked = [];
          for (const pageSize of sizes) {
            const params = pageSize === undefined ? asked : { ...asked, [size?.name as string]: pageSize };
            const result = await walk(provider, name, params);
            walks++;
            for (const problem of result.problems) failures.push(`${name} ${JSON.stringify(params)}: ${problem}`);
            const twice = repeated(result.items, own);
            if (twice.length > 0)
              failures.push(`${name} ${JSON.stringify(params)}: repeats ${twice.slice(0, 3).join(', ')}`);
            walked.push(result);
          }
          const [first, second] = walked;
          if (first && second && JSON.stringify(first.items) !== JSON.stringify(second.items)) {
            failures.push(
              `${name} ${JSON.stringify(asked)}: pages of ${sizes[0]} yield ${first.items.length} items, pages of ${sizes[1]} ${second.items.length}, or not the same`,
            );
          }
        }
      }
      expect(failures).toEqual([]);
      expect(walks).toBeGreaterThan(0);
    });
  }
});
