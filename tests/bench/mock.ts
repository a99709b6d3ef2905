/**
 * The mock gateway under load, each server in a process of its own (`run.ts` starts this file), driven by
 * autocannon (a load generator, not the client under test) at 16 connections:
 *   node mock.ts rps      requests per second of the mock against a bare node:http server sending the same
 *                         bytes (the mock's status, headers and body for the request, captured from the mock
 *                         in the bare server's own process; only the request id's value and the date differ),
 *                         for a listing page and a detail call. Both servers are started the same way (a
 *                         process each, a mock gateway with the same fixtures in each), keep connections
 *                         alive the same way and are measured alike: 3 rounds in which each server gets 10 s
 *                         of `autocannon -c 16`, in one-second turns (A B B A A B ...), so a load on the
 *                         machine that rises or falls within a round reaches both. Per round: the ratio of
 *                         requests per second, and of the server process's CPU time per request (user and
 *                         system, `process.cpuUsage()`), which other load on the machine moves far less.
 *                         Medians of the rounds reported, each round's ratios, and the machine's load average
 *                         before and after.
 *   node mock.ts pages    page 1 against page 50 of the largest listing (100,000 items): requests per
 *                         second over HTTP, interleaved, and the time to make a page the mock has not
 *                         made before (the answer to a new request), in process
 *   node mock.ts serve <mock|bare> <path>   (the server process)
 * Each measuring mode prints one JSON line.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { startMockGateway } from '@pdg/mock';
import { createFixtureResponder, isRoute } from '@pdg/mock/responder';
import autocannon from 'autocannon';

const apiKey = 'bench-key-not-a-secret';
const listingPath = '/v1/jobs:jobboard/browse?limit=20';
const largestListingSize = 100_000;
/** The load of each `rps` round, as `autocannon -c 16 -d 10`, and the rounds. */
const rpsRounds = 3;
const rpsSeconds = 10;
const pagePath = (page: number) => `/v1/jobs:jobboard/browse?limit=20&page=${page}`;

/** A server being measured: where it listens, and (for a server in a process of its own) its CPU time so far. */
interface Target {
  readonly url: string;
  /** The server process's CPU time (user and system) so far, in µs. */
  readonly cpu?: () => Promise<number>;
}

/** A server in a process of its own; `bare` answers every request with the mock's bytes for `path`. */
async function server(kind: 'mock' | 'bare', path: string): Promise<Target & { stop: () => void }> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'serve', kind, path], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const next = () => once(lines, 'line').then(([line]) => String(line).trim());
  const url = await next();
  const cpu = async () => {
    const answer = next();
    child.stdin.write('cpu\n');
    return Number(await answer);
  };
  return { url, cpu, stop: () => child.stdin.end() };
}

/** What one run of load did: the requests answered, over how long, and the server's CPU time meanwhile. */
interface Run {
  readonly requests: number;
  readonly seconds: number;
  /** The server process's CPU time during the run, in µs, where the target tells it. */
  readonly cpuMicros?: number;
}

/**
 * Load at 16 connections for `seconds` (`autocannon -c 16 -d <seconds>`), every answer checked to be a 200,
 * with the server's CPU time meanwhile where the target tells it.
 */
async function load(target: Target, seconds: number): Promise<Run> {
  const before = await target.cpu?.();
  const result = await autocannon({
    url: target.url,
    connections: 16,
    duration: seconds,
    headers: { 'x-api-key': apiKey },
  });
  const after = await target.cpu?.();
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const run = { requests: result.requests.total, seconds: (result.finish.getTime() - result.start.getTime()) / 1000 };
  return before === undefined || after === undefined ? run : { ...run, cpuMicros: after - before };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/** A round's figures of one server: requests per second, and CPU time per request (µs) where it tells it. */
interface RoundFigures {
  readonly rps: number;
  readonly cpuPerRequest?: number;
}

/** Figures of A against B over interleaved rounds: medians of each, and of the rounds' ratios B/A. */
interface Interleaved {
  readonly a: number;
  readonly b: number;
  readonly ratio: number;
  /** CPU time per request, in µs, where both servers tell it: A's and B's medians, and of the ratios B/A. */
  readonly cpu?: { readonly a: number; readonly b: number; readonly ratio: number };
  /** Each round's ratios B/A: requests per second, and CPU time per request. */
  readonly rounds: readonly { readonly rps: number; readonly cpu?: number }[];
}

/** Adds up runs of one server into its round's figures. */
function roundFigures(runs: readonly Run[]): RoundFigures {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const rps = requests / runs.reduce((sum, run) => sum + run.seconds, 0);
  if (runs.some((run) => run.cpuMicros === undefined)) return { rps };
  return { rps, cpuPerRequest: runs.reduce((sum, run) => sum + (run.cpuMicros ?? 0), 0) / requests };
}

/**
 * Rounds in which A and B each get `seconds` of load (after one warm-up second each), in slices of one
 * second taken in turn, A B B A A B ..., so a load on the machine that rises or falls within a round reaches
 * both alike; the ratio B/A of each round, and their median.
 */
async function interleaved(a: Target, b: Target, rounds: number, seconds: number): Promise<Interleaved> {
  await load(a, 1);
  await load(b, 1);
  const figures: { a: RoundFigures; b: RoundFigures }[] = [];
  for (let round = 0; round < rounds; round++) {
    const runs = { a: [] as Run[], b: [] as Run[] };
    for (let slice = 0; slice < seconds; slice++) {
      const order = slice % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
      for (const which of order) runs[which].push(await load(which === 'a' ? a : b, 1));
    }
    figures.push({ a: roundFigures(runs.a), b: roundFigures(runs.b) });
  }
  const cpuRatios = figures.flatMap(({ a: first, b: second }) =>
    first.cpuPerRequest && second.cpuPerRequest ? [second.cpuPerRequest / first.cpuPerRequest] : [],
  );
  const cpuOf = (side: 'a' | 'b') => median(figures.map((round) => round[side].cpuPerRequest ?? 0));
  return {
    a: median(figures.map((round) => round.a.rps)),
    b: median(figures.map((round) => round.b.rps)),
    ratio: median(figures.map((round) => round.b.rps / round.a.rps)),
    ...(cpuRatios.length === rounds ? { cpu: { a: cpuOf('a'), b: cpuOf('b'), ratio: median(cpuRatios) } } : {}),
    rounds: figures.map(({ a: first, b: second }) => ({
      rps: second.rps / first.rps,
      ...(first.cpuPerRequest && second.cpuPerRequest ? { cpu: second.cpuPerRequest / first.cpuPerRequest } : {}),
    })),
  };
}

/** In a server process: its CPU time on each line asked (`cpu`), and the end when the measuring side ends. */
function answerCpu(stop: () => void): void {
  createInterface({ input: process.stdin })
    .on('line', () => {
      const used = process.cpuUsage();
      console.log(used.user + used.system);
    })
    .on('close', stop);
}

/** Headers node:http writes itself, on every answer of either server. */
const addedByNode = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The figures of one request in `rps`: requests per second, CPU time per request (µs) and the bytes sent. */
interface Rps {
  bare: number;
  mock: number;
  ratio: number;
  cpuRatio?: number;
  bareCpuMicros?: number;
  mockCpuMicros?: number;
  /** The body's bytes. */
  bytes: number;
  /** The bytes of the status line and headers the server writes (node's own included). */
  headBytes: number;
  /** Each round's ratios, mock to bare: requests per second, CPU time per request. */
  rounds: readonly { rps: number; cpu?: number }[];
}

/** The size of an answer's head as sent: status line, each header, the blank line. */
const headBytes = (response: Response) => {
  let size = `HTTP/1.1 ${response.status} ${response.statusText}\r\n\r\n`.length;
  for (const [name, value] of response.headers) size += name.length + value.length + 4;
  return size;
};

/**
 * The bare server's answer against the mock's: the same status, body and headers, the request id's value
 * and the date aside (each the same length in both); throws naming what differs.
 */
async function sameBytes(bareUrl: string, mockUrl: string): Promise<{ bytes: number; headBytes: number }> {
  const [bare, mock] = (await Promise.all(
    [bareUrl, mockUrl].map((url) => fetch(url, { headers: { 'x-api-key': apiKey } })),
  )) as [Response, Response];
  const [bareBody, mockBody] = await Promise.all([bare.arrayBuffer(), mock.arrayBuffer()]);
  const differs = (name: string) => bare.headers.get(name) !== mock.headers.get(name);
  const names = new Set([...bare.headers.keys(), ...mock.headers.keys()]);
  const differing = [...names].filter((name) => name !== 'date' && name !== 'x-request-id' && differs(name));
  if (bare.status !== mock.status || !Buffer.from(bareBody).equals(Buffer.from(mockBody)) || differing.length > 0) {
    throw new Error(
      `${bareUrl}: the bare server does not send the mock's bytes (status ${bare.status} against ${mock.status}, headers differing: ${differing.join(', ') || 'none'})`,
    );
  }
  if (headBytes(bare) !== headBytes(mock)) throw new Error(`${bareUrl}: the heads differ in length`);
  return { bytes: mockBody.byteLength, headBytes: headBytes(mock) };
}

/** What the bare server's process keeps in memory: the mock gateway it took the bytes from, as the mock's holds its own. */
const kept: unknown[] = [];

const [mode, kind, path] = process.argv.slice(2);
if (mode === 'serve') {
  const listingSize = largestListingSize;
  if (kind === 'mock') {
    const gateway = await startMockGateway({ providers: [jobboard], fixtures, apiKeys: [apiKey], listingSize });
    console.log(gateway.url);
    answerCpu(() => gateway.close().then(() => process.exit(0)));
  } else {
    // The bytes the mock gateway sends for the same request (its status, headers and body), sent as fast as
    // node:http can: one headers object, made once. Node adds the date and keep-alive headers to both alike.
    const gateway = await startMockGateway({ providers: [jobboard], fixtures, apiKeys: [apiKey], listingSize });
    const response = await fetch(gateway.url + path, { headers: { 'x-api-key': apiKey } });
    const body = Buffer.from(await response.arrayBuffer());
    const headers: Record<string, string> = {};
    for (const [name, value] of response.headers) if (!addedByNode.has(name)) headers[name] = value;
    const { status } = response;
    // It stops listening, but stays in memory, as the mock's own does in the mock's process.
    await gateway.close();
    kept.push(gateway);
    const bare = createServer((_request, answer) => {
      answer.writeHead(status, headers);
      answer.end(body);
    });
    bare.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${(bare.address() as AddressInfo).port}`));
    answerCpu(() => process.exit(0));
  }
} else if (mode === 'rps') {
  const loadBefore = loadavg()[0] as number;
  const results: Record<string, Rps> = {};
  // A listing page, and the detail of a job it lists.
  const mock = await server('mock', listingPath);
  const page = (await (await fetch(mock.url + listingPath, { headers: { 'x-api-key': apiKey } })).json()) as {
    items: { jobId: string }[];
  };
  const detailPath = `/v1/jobs:jobboard/job/${page.items[1]?.jobId}`;
  for (const [name, what] of [
    ['listing', listingPath],
    ['detail', detailPath],
  ] as const) {
    const bare = await server('bare', what);
    const bytes = await sameBytes(bare.url + what, mock.url + what);
    const measured = await interleaved(
      { url: bare.url + what, cpu: bare.cpu },
      { url: mock.url + what, cpu: mock.cpu },
      rpsRounds,
      rpsSeconds,
    );
    results[name] = {
      bare: measured.a,
      mock: measured.b,
      ratio: measured.ratio,
      ...(measured.cpu
        ? { cpuRatio: measured.cpu.ratio, bareCpuMicros: measured.cpu.a, mockCpuMicros: measured.cpu.b }
        : {}),
      rounds: measured.rounds,
      ...bytes,
    };
    bare.stop();
  }
  mock.stop();
  console.log(JSON.stringify({ ...results, load: { before: loadBefore, after: loadavg()[0] } }));
} else if (mode === 'pages') {
  const mock = await server('mock', pagePath(1));
  const http = await interleaved({ url: mock.url + pagePath(1) }, { url: mock.url + pagePath(50) }, 5, 2);
  mock.stop();
  // A page not made before: each request differs in its page size, so each is made anew from the listing.
  const responder = createFixtureResponder({ fixtures, world: true, listingSize: largestListingSize });
  const target = responder.route('/v1/jobs:jobboard/browse');
  if (!isRoute(target)) throw new Error('no route to browse');
  const sizesPerRound = 15;
  const timeNew = (page: number, from: number) => {
    const started = performance.now();
    for (let size = from; size < from + sizesPerRound; size++) {
      const answer = responder.answer(target, new URLSearchParams({ limit: String(size), page: String(page) }));
      if (answer.status !== 200) throw new Error(`page ${page} of size ${size}: ${answer.status}`);
    }
    return (performance.now() - started) / sizesPerRound;
  };
  timeNew(1, 1); // builds the listing once (sizes 1 to 15)
  const first: number[] = [];
  const fiftieth: number[] = [];
  for (let round = 1; round <= 5; round++) {
    // Which goes first alternates, so neither always meets a collection the other left.
    const from = 1 + round * sizesPerRound;
    if (round % 2 === 0) first.push(timeNew(1, from));
    fiftieth.push(timeNew(50, from));
    if (round % 2 === 1) first.push(timeNew(1, from));
  }
  console.log(
    JSON.stringify({
      httpPage1: http.a,
      httpPage50: http.b,
      httpRatio: http.ratio,
      newPage1Ms: median(first),
      newPage50Ms: median(fiftieth),
    }),
  );
} else {
  throw new Error('usage: node mock.ts rps | pages');
}
