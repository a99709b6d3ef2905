/**
 * The fixture gateway through both of its transports: nock's interceptor (`@pdg/testkit/nock`) and its own
 * `fetch` (`mockFetch`), which must answer every case the same way.
 */
import { createClient } from '@pdg/core';
import nock from 'nock';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type MockGateway, type MockGatewayOptions, mockFetch, pdgErrorOf } from '../src/index.js';
import { mockGateway as nockGateway } from '../src/nock.js';
import { books, fixtures } from './provider.js';

const baseUrl = 'https://gateway.pdg.test';
let gateway: MockGateway | undefined;

beforeAll(() => nock.disableNetConnect());
afterEach(() => gateway?.close());

describe.each([
  { transport: 'nock (@pdg/testkit/nock)', useFetch: false },
  { transport: 'mockFetch (@pdg/testkit)', useFetch: true },
])('the fixture gateway through $transport', ({ useFetch }) => {
  let last: { fetch?: typeof globalThis.fetch } = {};
  const mockGateway = (options: MockGatewayOptions): MockGateway => {
    if (!useFetch) {
      last = {};
      return nockGateway(options);
    }
    const made = mockFetch(options);
    last = { fetch: made.fetch };
    return made;
  };
  // The client of each test: with mockFetch, it is given the gateway's fetch (late-bound: the gateway is made in the test).
  const clientFor = (url: string) =>
    createClient({
      providers: [books],
      apiKey: 'made-up-key',
      baseUrl: url,
      retry: 0,
      ...(useFetch
        ? { fetch: (input: RequestInfo | URL, init?: RequestInit) => (last.fetch as typeof fetch)(input, init) }
        : {}),
    });
  const pdg = clientFor(baseUrl);

  it('answers each endpoint from the fixture recorded for the same request', async () => {
    gateway = mockGateway({ fixtures, baseUrl });
    const result = await pdg.run('books:shelf', 'search', { q: 'tides', limit: 2 });
    expect(result.items.map((item) => item.id)).toEqual(['b1', 'b2']);
    const book = await pdg.run('books:shelf', 'book', { bookId: 'b1' });
    expect(book.title).toBe('Tides of Glass');
    expect(gateway.requests).toEqual([
      { path: '/v1/books:shelf/search', query: { q: 'tides', limit: '2' } },
      { path: '/v1/books:shelf/book/b1', query: {} },
    ]);
  });

  it('a base URL given with its /v1 serves the same paths the client calls', async () => {
    gateway = mockGateway({ fixtures, baseUrl: `${baseUrl}/v1/` });
    const client = clientFor(`${baseUrl}/v1`);
    const book = await client.run('books:shelf', 'book', { bookId: 'b1' });
    expect(book.title).toBe('Tides of Glass');
    expect(gateway.requests).toEqual([{ path: '/v1/books:shelf/book/b1', query: {} }]);
  });

  it('a request that matches nothing fails with a message showing the request and the closest fixtures', async () => {
    gateway = mockGateway({ fixtures, baseUrl });
    const error = await pdgErrorOf(pdg.run('books:shelf', 'search', { q: 'storms', limit: 2 }));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toContain('No fixture matches GET /v1/books:shelf/search?q=storms&limit=2');
    expect(error.message).toContain('search/tides: GET /v1/books:shelf/search?q=tides&limit=2 (differs in q)');
    expect(error.message).toContain('search/tides-newest');
    expect(gateway.unmatched).toEqual([{ path: '/v1/books:shelf/search', query: { q: 'storms', limit: '2' } }]);
  });

  it('another page or page size of a recorded listing is cut from the listing its fixtures make', async () => {
    gateway = mockGateway({ fixtures, baseUrl, listingSize: 5 });
    const second = await pdg.run('books:shelf', 'search', { q: 'tides', limit: 2, page: 2 });
    expect(second.items.map((item) => item.id)).toEqual(['b102', 'b202']);
    expect(gateway.unmatched).toEqual([]);
  });

  it('reply() answers with a body the test supplies, limited to a query and a number of times', async () => {
    gateway = mockGateway({ fixtures, baseUrl }).reply(
      'books:shelf',
      'search',
      { body: { page: 1, items: [{ id: 'x', title: 'Supplied' }] } },
      { query: { q: 'tides' }, times: 1 },
    );
    const first = await pdg.run('books:shelf', 'search', { q: 'tides', limit: 2 });
    expect(first.items[0]?.title).toBe('Supplied');
    const second = await pdg.run('books:shelf', 'search', { q: 'tides', limit: 2 });
    expect(second.items[0]?.title).toBe('Tides of Glass');
  });

  it('fail() answers with the error envelope, status and Retry-After the test supplies', async () => {
    gateway = mockGateway({ baseUrl }).fail('books:shelf', 'book', {
      status: 429,
      message: 'Rate limit exceeded',
      retryAfter: 30,
    });
    const error = await pdgErrorOf(pdg.run('books:shelf', 'book', { bookId: 'b1' }));
    expect([error.code, error.gatewayMessage, error.retryAfter]).toEqual(['RATE_LIMITED', 'Rate limit exceeded', 30]);
  });

  it('with apiKey set, a request with another key gets 401', async () => {
    gateway = mockGateway({ fixtures, baseUrl, apiKey: 'the-right-key' });
    const error = await pdgErrorOf(pdg.run('books:shelf', 'book', { bookId: 'b1' }));
    expect(error.code).toBe('AUTH');
  });

  it('close() stops answering and leaves the test with no mock', async () => {
    gateway = mockGateway({ fixtures, baseUrl });
    gateway.close();
    const error = await pdgErrorOf(pdg.run('books:shelf', 'book', { bookId: 'b1' }));
    if (useFetch) expect(error.code).toBe('NETWORK');
    // nock's own answer once no interceptor of this host is left; mockFetch's refusal.
    expect(error.message).toContain(useFetch ? 'requested after close()' : 'Nock: No match for request');
    expect(error.message).not.toContain('made-up-key');
  });
});

describe('mockFetch', () => {
  it('refuses a request to any other URL, so nothing reaches the network', async () => {
    const made = mockFetch({ fixtures, baseUrl });
    gateway = made;
    const elsewhere = createClient({
      providers: [books],
      apiKey: 'made-up-key',
      baseUrl: 'https://elsewhere.example.test',
      retry: 0,
      fetch: made.fetch,
    });
    const error = await pdgErrorOf(elsewhere.run('books:shelf', 'book', { bookId: 'b1' }));
    expect(error.code).toBe('NETWORK');
    expect(error.message).toContain('only https://gateway.pdg.test is answered');
    expect(made.requests).toEqual([]);
  });
});
