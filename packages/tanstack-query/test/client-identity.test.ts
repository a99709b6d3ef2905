/**
 * What one `QueryClient` holds for several pdg clients, and where an infinite query ends, tried as an app
 * would: two gateways, or two keys, each get their own answer (a key echoed in an answer is never handed to
 * another key's query), and an infinite query over `movie:filmdb chart` ends where `pages()` ends, at page 30.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { filmdb } from '@pdg/movie-filmdb';
import { fixtures as filmdbFixtures } from '@pdg/movie-filmdb/fixtures';
import { InfiniteQueryObserver, type InfiniteQueryObserverResult, QueryClient } from '@tanstack/query-core';
import { afterEach, describe, expect, it } from 'vitest';
import { pdgInfiniteQueryOptions, pdgQueryOptions } from '../src/index.js';

interface Gateway {
  readonly url: string;
  /** The path and query of every request received, in order. */
  readonly requests: string[];
}

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/** A gateway on 127.0.0.1 answering every request with `answer(request)` as JSON. */
async function gateway(answer: (request: IncomingMessage, url: URL) => unknown): Promise<Gateway> {
  const requests: string[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://gateway');
    requests.push(`${url.pathname}${url.search}`);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer(request, url)));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

/** A page of the job board's `browse` with one job titled `title`. */
const browsePage = (title: string) => ({
  page: 1,
  count: 1,
  total: 1,
  hasMore: false,
  items: [{ jobId: 'job-1', title, company: 'Harbour Works', country: 'SG' }],
});

const jobsClient = (baseUrl: string, apiKey = 'key-a-3f9b2c') =>
  createClient({ providers: [jobboard], apiKey, baseUrl, retry: 0, validate: 'off' });

describe('one QueryClient, several pdg clients', () => {
  it('two clients of two gateways each get their own answer', async () => {
    const first = await gateway(() => browsePage('from the first gateway'));
    const second = await gateway(() => browsePage('from the second gateway'));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const a = await queryClient.fetchQuery(pdgQueryOptions(jobsClient(first.url), 'jobs:jobboard', 'browse', {}));
    const b = await queryClient.fetchQuery(pdgQueryOptions(jobsClient(second.url), 'jobs:jobboard', 'browse', {}));
    expect(a.items[0]?.title).toBe('from the first gateway');
    expect(b.items[0]?.title).toBe('from the second gateway');
    expect([first.requests.length, second.requests.length]).toEqual([1, 1]);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(2);
    queryClient.clear();
  });

  it("two keys of one gateway: a key echoed in an answer never reaches the other key's query", async () => {
    const echo = await gateway((request) => browsePage(`your key is ${request.headers['x-api-key']}`));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const withA = jobsClient(echo.url, 'key-a-3f9b2c');
    const withB = jobsClient(echo.url, 'key-b-8d1e07');
    const a = await queryClient.fetchQuery(pdgQueryOptions(withA, 'jobs:jobboard', 'browse', { country: 'SG' }));
    const b = await queryClient.fetchQuery(pdgQueryOptions(withB, 'jobs:jobboard', 'browse', { country: 'SG' }));
    expect(a.items[0]?.title).toBe('your key is key-a-3f9b2c');
    expect(b.items[0]?.title).toBe('your key is key-b-8d1e07');
    expect(echo.requests).toHaveLength(2);
    // A second client with the first key shares the first key's answer, within its cache time: nothing sent.
    const again = await queryClient.fetchQuery(
      pdgQueryOptions(jobsClient(echo.url, 'key-a-3f9b2c'), 'jobs:jobboard', 'browse', { country: 'SG' }),
    );
    expect(again).toBe(a);
    expect(echo.requests).toHaveLength(2);
    queryClient.clear();
  });
});

describe('an infinite query over movie:filmdb chart (pages 1 to 30)', () => {
  // Chart rows as the fixtures have them, made distinct per page.
  const rows = filmdbFixtures.find((fixture) => fixture.endpoint === 'chart')?.response as {
    items: Record<string, unknown>[];
  };

  it('against a gateway that never says the end, stops at page 30 as pages() does, and asks for no page 31', async () => {
    const endless = await gateway((_, url) => {
      const page = Number(url.searchParams.get('page') ?? '1');
      const items = rows.items.map((row, index) => ({ ...row, id: `tt-${page}-${index}`, rank: page * 100 + index }));
      return {
        page,
        chart: 'top_movies',
        count: items.length,
        total: 10_000,
        items,
        hasMore: true,
        nextPage: page + 1,
      };
    });
    const pdg = createClient({ providers: [filmdb], apiKey: 'key-chart-51e2', baseUrl: endless.url, retry: 0 });
    const walked: number[] = [];
    for await (const page of pdg.pages('movie:filmdb', 'chart', {})) walked.push(page.page);
    const fromPages = endless.requests.splice(0);

    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new InfiniteQueryObserver(
      queryClient,
      pdgInfiniteQueryOptions(pdg, 'movie:filmdb', 'chart', {}) as never,
    );
    const stop = observer.subscribe(() => {});
    try {
      let result = (await observer.refetch()) as InfiniteQueryObserverResult;
      // Bounded by a count: 100 rounds is far past 30 pages, should the query not end.
      for (let rounds = 0; result.hasNextPage && rounds < 100; rounds++) result = await observer.fetchNextPage();
      expect(result.status).toBe('success');
      expect(result.hasNextPage).toBe(false);
      const pages = (result.data as { pages: { page: number }[] }).pages.map((page) => page.page);
      expect(pages).toEqual(walked);
      expect(pages).toHaveLength(30);
      expect(pages.at(-1)).toBe(30);
      // The same pages asked for as pages() asked for (its first without a page param): none past 30.
      const pageOf = (path: string) => Number(new URL(path, 'http://gateway').searchParams.get('page') ?? '1');
      expect(endless.requests.map(pageOf)).toEqual(fromPages.map(pageOf));
      expect(Math.max(...endless.requests.map(pageOf))).toBe(30);
    } finally {
      stop();
      queryClient.clear();
    }
  });
});
