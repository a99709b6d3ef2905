/**
 * The mock gateway under load, each server in a process of its own (`run.ts` starts this file), driven by
 * autocannon (a load generator, not the client under test) at 16 connections:
 *   node mock.ts rps      requests per second of the mock against a bare node:http server sending the same
 *                         bytes, for a listing page and a detail call: 3 rounds of 10 s each (autocannon's
 *                         `-c 16 -d 10`), interleaved, the ratio of each round pair, median reported
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

/**
 * Requests per second at 16 connections for `seconds` (`autocannon -c 16 -d <seconds>`), every answer checked
 * to be a 200; and the server's CPU time per request, where the target tells it.
 */
async function load(target: Target, seconds: number): Promise<{ rps: number; cpuPerRequest?: number }> {
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
  const rps = result.requests.average;
  if (before === undefined || after === undefined) return { rps };
  return { rps, cpuPerRequest: (after - before) / result.requests.total };
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

/**
 * Rounds of A then B (after one warm-up each), the ratio B/A of each round; the medians, and the median
 * ratio of B's CPU time per request to A's where both tell it.
 */
async function interleaved(a: Target, b: Target, rounds: number, seconds: number) {
  await load(a, 1);
  await load(b, 1);
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  const as: number[] = [];
  const bs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const first = await load(a, seconds);
    const second = await load(b, seconds);
    as.push(first.rps);
    bs.push(second.rps);
    ratios.push(second.rps / first.rps);
    if (first.cpuPerRequest && second.cpuPerRequest) cpuRatios.push(second.cpuPerRequest / first.cpuPerRequest);
  }
  return {
    a: median(as),
    b: median(bs),
    ratio: median(ratios),
    ...(cpuRatios.length > 0 ? { cpuRatio: median(cpuRatios) } : {}),
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

const [mode, kind, path] = process.argv.slice(2);
if (mode === 'serve') {
  const listingSize = largestListingSize;
  if (kind === 'mock') {
    const gateway = await startMockGateway({ providers: [jobboard], fixtures, apiKeys: [apiKey], listingSize });
    console.log(gateway.url);
    answerCpu(() => gateway.close().then(() => process.exit(0)));
  } else {
    // The bytes the mock gateway sends for the same request, sent as fast as node:http can.
    const gateway = await startMockGateway({ providers: [jobboard], fixtures, apiKeys: [apiKey], listingSize });
    const response = await fetch(gateway.url + path, { headers: { 'x-api-key': apiKey } });
    const body = Buffer.from(await response.arrayBuffer());
    const headers = { 'content-type': response.headers.get('content-type') ?? 'application/json' };
    await gateway.close();
    const bare = createServer((_request, answer) => {
      answer.writeHead(200, { ...headers, 'content-length': body.byteLength });
      answer.end(body);
    });
    bare.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${(bare.address() as AddressInfo).port}`));
    answerCpu(() => process.exit(0));
  }
} else if (mode === 'rps') {
  const pick = async (kindOf: 'mock' | 'bare', what: string) => server(kindOf, what);
  const results: Record<string, { bare: number; mock: number; ratio: number; cpuRatio?: number; bytes: number }> = {};
  // A listing page, and the detail of a job it lists.
  const mock = await pick('mock', listingPath);
  const page = (await (await fetch(mock.url + listingPath, { headers: { 'x-api-key': apiKey } })).json()) as {
    items: { jobId: string }[];
  };
  const detailPath = `/v1/jobs:jobboard/job/${page.items[1]?.jobId}`;
  for (const [name, what] of [
    ['listing', listingPath],
    ['detail', detailPath],
  ] as const) {
    const bare = await pick('bare', what);
    const bytes = (await (await fetch(bare.url + what)).arrayBuffer()).byteLength;
    const measured = await interleaved(
      { url: bare.url + what, cpu: bare.cpu },
      { url: mock.url + what, cpu: mock.cpu },
      rpsRounds,
      rpsSeconds,
    );
    results[name] = { bare: measured.a, mock: measured.b, ratio: measured.ratio, cpuRatio: measured.cpuRatio, bytes };
    bare.stop();
  }
  mock.stop();
  console.log(JSON.stringify(results));
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
