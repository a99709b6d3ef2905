// A gateway whose jobs:jobboard browse listing is an array the test changes between runs: newest first, paged
// by `page` and `limit`, a request id on every answer, and a count of the requests it answered.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Job {
  jobId: string;
  title: string;
  isRemote: boolean;
  location: { city: string; region: string };
  createdAt: string;
  salary: { min: number; max: number; currency: string };
  /** A field the schema does not document: kept in `_pdg_extra`. */
  boardRank?: number;
}

export interface ListingGateway {
  readonly url: string;
  /** The listing, newest first: change it between runs. */
  jobs: Job[];
  /** Requests answered so far. */
  requests: number;
  /** Pages asked for and never answered (the connection held open until close): a walk stuck mid-way. */
  heldPages: ReadonlySet<number>;
  /** Resolves once a held page is asked for. */
  held(): Promise<number>;
  close(): Promise<void>;
}

/** Job number `n`, created `n` minutes after a fixed moment (a larger number is newer). */
export function job(n: number): Job {
  return {
    jobId: `job-${String(n).padStart(5, '0')}`,
    title: `Engineer ${n}`,
    isRemote: n % 3 === 0,
    location: { city: n % 2 === 0 ? 'Singapore' : 'Jurong', region: 'SG' },
    createdAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    salary: { min: 1000 + n, max: 2000 + n, currency: 'SGD' },
    boardRank: n,
  };
}

/** `count` jobs, newest first: numbers count down to 1. */
export function jobs(count: number, from = 1): Job[] {
  return Array.from({ length: count }, (_, index) => job(from + count - 1 - index));
}

/** `latencyMs`: how long each answer takes, as a gateway across a network would. */
export async function startListingGateway(initial: Job[], { latencyMs = 0 } = {}): Promise<ListingGateway> {
  const state = { jobs: initial, requests: 0, heldPages: new Set<number>() as ReadonlySet<number> };
  const waiting: ((page: number) => void)[] = [];
  const server: Server = createServer((request, response) => {
    state.requests++;
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const asked = Number(url.searchParams.get('page') ?? 1);
    if (state.heldPages.has(asked)) {
      for (const resolve of waiting.splice(0)) resolve(asked);
      return;
    }
    if (url.pathname !== '/v1/jobs:jobboard/browse') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'error', message: `no route ${url.pathname}` }));
      return;
    }
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const items = state.jobs.slice((page - 1) * limit, page * limit);
    const hasMore = page * limit < state.jobs.length;
    const body = JSON.stringify({
      page,
      hasMore,
      ...(hasMore ? { nextPage: page + 1 } : {}),
      count: items.length,
      limit,
      total: state.jobs.length,
      items,
    });
    const requestId = `req-${state.requests}`;
    const send = () => {
      response.writeHead(200, { 'content-type': 'application/json', 'x-request-id': requestId });
      response.end(body);
    };
    if (latencyMs > 0) setTimeout(send, latencyMs);
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get jobs() {
      return state.jobs;
    },
    set jobs(next) {
      state.jobs = next;
    },
    get requests() {
      return state.requests;
    },
    set requests(next) {
      state.requests = next;
    },
    get heldPages() {
      return state.heldPages;
    },
    set heldPages(next) {
      state.heldPages = next;
    },
    held: () => new Promise<number>((resolve) => waiting.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
