/**
 * The mock gateway under load, each server in a process of its own (`run.ts` starts this file), driven by
 * autocannon (a load generator, not the client under test) at 16 connections:
 *   node mock.ts rps      requests per second of the mock against a bare node:http server sending the same
 *                         bytes (the mock's status, headers and body for the request, captured from the mock
 *                         in the bare server's own process; only the request id's value and the date differ),
 *                         for a listing page and a detail call. Both servers are started the same way (two
 *                         new processes for each request, each holding a mock gateway with the same
 *                         fixtures), keep connections alive the same way and are measured alike: 3 rounds in
 *                         which each server gets 10 s of `autocannon -c 16`, in one-second turns (A B B A A B
 *                         ...), so a load on the machine that rises or falls reaches both. A round's ratio is
 *                         the median of its adjacent pairs of turns: requests per second, and the server
 *                         process's CPU time per request (user and system, `process.cpuUsage()`), which other
 *                         load moves less. Then the same at a steady 1,000 requests per second (3 rounds of
 *                         6 s), where both servers get the same arrivals, for CPU time per request alone.
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
/**
 * The steady load at which CPU time per request is compared too: the same arrivals at both servers, well
 * below what either answers even on a busy machine, so neither gathers more requests per turn of its event
 * loop than the other (at full speed, a server slowed by other work finds more requests waiting at once,
 * and each then costs it less). 3 rounds of 6 s each.
 */
const steadyRate = 1_000;
const steadySeconds = 6;
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
 * Load at 16 connections for `seconds` (`autocannon -c 16 -d <seconds>`), as fast as the server answers or
 * at `rate` requests per second in all; every answer checked to be a 200, with the server's CPU time
 * meanwhile where the target tells it.
 */
async function load(target: Target, seconds: number, rate?: number): Promise<Run> {
  const before = await target.cpu?.();
  const result = await autocannon({
    url: target.url,
    connections: 16,
    duration: seconds,
    headers: { 'x-api-key': apiKey },
    ...(rate === undefined ? {} : { overallRate: rate }),
  });
  const after = await target.cpu?.();
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${target.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  const run = { requests: result.requests.total, seconds: (result.finish.getTime() - result.start.getTime()) / 1000 };
  return before === undefined || after === undefined ? run : { ...run, cpuMicros: after - before };
}

/** The middle value; for an even count (the pairs of a round), the mean of the two middle ones. */
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** Figures of A against B over interleaved rounds: medians of each, and of the rounds' ratios B/A. */
interface Interleaved {
  /** Requests per second: A's and B's medians over the rounds. */
  readonly a: number;
  readonly b: number;
  /** The median of the rounds' ratios B/A of requests per second. */
  readonly ratio: number;
  /** CPU time per request, in µs, where both servers tell it: A's and B's medians, and of the ratios B/A. */
  readonly cpu?: { readonly a: number; readonly b: number; readonly ratio: number };
  /** Each round's ratios B/A: requests per second, and CPU time per request. */
  readonly rounds: readonly { readonly rps: number; readonly cpu?: number }[];
}

/** Requests per second of runs together. */
const rpsOf = (runs: readonly Run[]) =>
  runs.reduce((sum, run) => sum + run.requests, 0) / runs.reduce((sum, run) => sum + run.seconds, 0);

/** CPU time per request of runs together, in µs, where each run tells it. */
const cpuOf = (runs: readonly Run[]) =>
  runs.every((run) => run.cpuMicros !== undefined)
    ? runs.reduce((sum, run) => sum + (run.cpuMicros ?? 0), 0) / runs.reduce((sum, run) => sum + run.requests, 0)
    : undefined;

/**
 * Rounds in which A and B each get `seconds` of load (after two warm-up seconds each), in one-second turns,
 * A B B A A B ..., so the turns of a pair are next to each other in time. A round's ratio B/A is the median
 * of its pairs' ratios: a burst of other work on the machine, which lengthens the CPU time of every request
 * as well as slowing it, then moves one pair rather than the round.
 */
async function interleaved(a: Target, b: Target, rounds: number, seconds: number, rate?: number): Promise<Interleaved> {
  for (let warm = 0; warm < 2; warm++) {
    await load(a, 1, rate);
    await load(b, 1, rate);
  }
  const figures: { a: Run[]; b: Run[] }[] = [];
  for (let round = 0; round < rounds; round++) {
    const runs = { a: [] as Run[], b: [] as Run[] };
    for (let turn = 0; turn < seconds; turn++) {
      const order = turn % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
      for (const which of order) runs[which].push(await load(which === 'a' ? a : b, 1, rate));
    }
    figures.push(runs);
  }
  const pairRatios = (runs: { a: Run[]; b: Run[] }, of: (run: readonly Run[]) => number | undefined) => {
    const ratios = runs.a.map((first, turn) => {
      const [x, y] = [of([first]), of([runs.b[turn] as Run])];
      return x === undefined || y === undefined ? undefined : y / x;
    });
    return ratios.every((ratio) => ratio !== undefined) ? median(ratios as number[]) : undefined;
  };
  const perRound = figures.map((runs) => {
    const cpu = pairRatios(runs, cpuOf);
    return { rps: pairRatios(runs, rpsOf) as number, ...(cpu === undefined ? {} : { cpu }) };
  });
  const cpuRatios = perRound.flatMap((round) => (round.cpu === undefined ? [] : [round.cpu]));
  const cpuMedian = (side: 'a' | 'b') => median(figures.map((runs) => cpuOf(runs[side]) ?? 0));
  return {
    a: median(figures.map((runs) => rpsOf(runs.a))),
    b: median(figures.map((runs) => rpsOf(runs.b))),
    ratio: median(perRound.map((round) => round.rps)),
    ...(cpuRatios.length === rounds ? { cpu: { a: cpuMedian('a'), b: cpuMedian('b'), ratio: median(cpuRatios) } } : {}),
    rounds: perRound,
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
export interface Rps {
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
  /** The ratio of CPU time per request at the steady load, mock to bare: the median, and each round's. */
  steadyCpuRatio?: number;
  steadyRounds?: readonly number[];
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
    // Idle connections kept as long as the mock keeps them (its `Keep-Alive: timeout`, a minute by default, where
    // Node's own is 5 s): the same header, and the same work for connections.
    const keepAlive = /timeout=(\d+)/.exec(response.headers.get('keep-alive') ?? '')?.[1];
    if (keepAlive !== undefined) bare.keepAliveTimeout = Number(keepAlive) * 1000;
    bare.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${(bare.address() as AddressInfo).port}`));
    answerCpu(() => process.exit(0));
  }
} else if (mode === 'rps') {
  const loadBefore = loadavg()[0] as number;
  const results: Record<string, Rps> = {};
  // A listing page, and the detail of a job it lists.
  const first = await server('mock', listingPath);
  const page = (await (await fetch(first.url + listingPath, { headers: { 'x-api-key': apiKey } })).json()) as {
    items: { jobId: string }[];
  };
  first.stop();
  const detailPath = `/v1/jobs:jobboard/job/${page.items[1]?.jobId}`;
  for (const [name, what] of [
    ['listing', listingPath],
    ['detail', detailPath],
  ] as const) {
    // Two new processes for each request, so neither has served more than the other before.
    const mock = await server('mock', what);
    const bare = await server('bare', what);
    const bytes = await sameBytes(bare.url + what, mock.url + what);
    const targets = [
      { url: bare.url + what, cpu: bare.cpu },
      { url: mock.url + what, cpu: mock.cpu },
    ] as const;
    const measured = await interleaved(...targets, rpsRounds, rpsSeconds);
    const steady = await interleaved(...targets, rpsRounds, steadySeconds, steadyRate);
    results[name] = {
      bare: measured.a,
      mock: measured.b,
      ratio: measured.ratio,
      ...(measured.cpu
        ? { cpuRatio: measured.cpu.ratio, bareCpuMicros: measured.cpu.a, mockCpuMicros: measured.cpu.b }
        : {}),
      rounds: measured.rounds,
      ...(steady.cpu
        ? { steadyCpuRatio: steady.cpu.ratio, steadyRounds: steady.rounds.map((round) => round.cpu ?? 0) }
        : {}),
      ...bytes,
    };
    bare.stop();
    mock.stop();
  }
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
