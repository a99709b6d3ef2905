/**
 * `pnpm bench` for @pdg/store: 50,000 items harvested into DuckDB and into PostgreSQL, each against the same
 * walk written to an NDJSON file (the baseline, run just before and just after each store):
 * items per second as a ratio to the baseline's, and the growth of this process's RSS during the harvest. Then
 * an incremental run with nothing new, and the requests it sends. The listing is served by a local gateway of
 * 50,000 jobs (the mock's own listings hold a few hundred) in a process of its own, as the mock runs, answering
 * at once (`--latency 50` for a gateway across a network; `--in-process` serves it from this process, its CPU
 * then charged to every walk). Three rounds; the median ratio is the figure. PostgreSQL is PDG_POSTGRES_URL,
 * else a server started for the run, else skipped.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, walkEndpoint } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { type HarvestSummary, harvest, openStore, parseTarget, requestIdRecorder } from '../dist/index.js';
import { jobs, startListingGateway } from '../test/listing-gateway.ts';
import { postgresAvailable, startPostgres } from '../test/postgres-server.ts';

const itemCount = 50_000;
/** `pnpm bench -- --latency 50`: each answer after 50 ms, as a gateway across a network; at once by default. */
const latencyArg = process.argv.indexOf('--latency');
const latencyMs = latencyArg < 0 ? 0 : Number(process.argv[latencyArg + 1]);
/** `pnpm bench -- --in-process`: the gateway served from this process. */
const inProcess = process.argv.includes('--in-process');
const rounds = 3;
const walk = { provider: 'jobs:jobboard', endpoint: 'browse', params: { country: 'SG', limit: 100 } } as const;
const dir = mkdtempSync(join(tmpdir(), 'pdg-store-bench-'));
const requestIds = requestIdRecorder();
/** The listing's gateway: its URL, the requests it answered so far. */
interface BenchGateway {
  readonly url: string;
  requests(): Promise<number>;
  close(): Promise<void>;
}

async function startGateway(): Promise<BenchGateway> {
  if (inProcess) {
    const gateway = await startListingGateway(jobs(itemCount), { latencyMs });
    return { url: gateway.url, requests: async () => gateway.requests, close: () => gateway.close() };
  }
  const child = fork(new URL('./gateway-process.ts', import.meta.url), [String(itemCount), String(latencyMs)]);
  const [started] = (await once(child, 'message')) as [{ url: string }];
  return {
    url: started.url,
    async requests() {
      child.send('requests');
      const [answer] = (await once(child, 'message')) as [{ requests: number }];
      return answer.requests;
    },
    async close() {
      const exited = once(child, 'exit');
      child.send('close');
      await exited;
    },
  };
}

/** The round's gateway and client (each round starts its own). */
let gateway: BenchGateway;
let client: ReturnType<typeof createClient<[typeof jobboard]>>;

interface Measure {
  readonly items: number;
  readonly seconds: number;
  readonly rssGrowthMb: number;
  /** CPU time of this process per item (its every thread: DuckDB's are counted, PostgreSQL's server is not). */
  readonly cpuMicrosPerItem: number;
  /** Seconds of CPU by kind of thread (Linux): the walk's (`main`), the database's and the pool's, the GC's. */
  readonly threadSeconds: Readonly<Record<string, number>>;
}

/** Each thread of this process and its CPU seconds so far, by its name (Linux's `/proc`; none elsewhere). */
function threadCpu(): Map<string, { name: string; seconds: number }> {
  const threads = new Map<string, { name: string; seconds: number }>();
  let ids: string[] = [];
  try {
    ids = readdirSync('/proc/self/task');
  } catch {
    return threads;
  }
  for (const id of ids) {
    try {
      const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, in clock ticks of 1/100 s.
      threads.set(id, { name, seconds: (Number(fields[11]) + Number(fields[12])) / 100 });
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return threads;
}

/** The CPU seconds each kind of thread spent between two `threadCpu()` readings. */
function threadSpent(
  before: Map<string, { name: string; seconds: number }>,
  after: Map<string, { name: string; seconds: number }>,
) {
  const kind = (name: string) =>
    name === 'MainThread'
      ? 'main'
      : name.startsWith('libuv')
        ? 'database and pool'
        : name === 'V8Worker'
          ? 'GC'
          : 'other';
  const spent: Record<string, number> = {};
  for (const [id, thread] of after) {
    const seconds = thread.seconds - (before.get(id)?.seconds ?? 0);
    if (seconds > 0) spent[kind(thread.name)] = (spent[kind(thread.name)] ?? 0) + seconds;
  }
  return spent;
}

/** Runs `work`, sampling RSS every 50 ms: its duration and the largest RSS over the one before it. */
async function measured(work: () => Promise<number>): Promise<Measure> {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const threadsBefore = threadCpu();
  try {
    const items = await work();
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    return {
      items,
      seconds,
      rssGrowthMb: (Math.max(peak, process.memoryUsage().rss) - before) / 2 ** 20,
      cpuMicrosPerItem: (cpu.user + cpu.system) / items,
      threadSeconds: threadSpent(threadsBefore, threadCpu()),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** The baseline: the same walk, each page's items appended to an NDJSON file. */
async function intoNdjson(): Promise<number> {
  const out = createWriteStream(join(dir, `walk-${Date.now()}.ndjson`));
  let items = 0;
  for await (const page of walkEndpoint(client, walk.provider, walk.endpoint, walk.params)) {
    const list = (page as { items: unknown[] }).items;
    items += list.length;
    if (!out.write(list.map((item) => `${JSON.stringify(item)}\n`).join(''))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return items;
}

async function intoStore(target: string): Promise<HarvestSummary> {
  const store = await openStore(parseTarget(target));
  try {
    return await harvest(client, walk, store, { requestIds });
  } finally {
    await store.close();
  }
}

const rate = (measure: Measure) => measure.items / measure.seconds;
/** The machine's load average over 1, 5 and 15 minutes: the ratios are measured on whatever else it runs. */
const loadText = () =>
  loadavg()
    .map((load) => load.toFixed(1))
    .join(' ');
const lines: string[] = [];

/** One round's figures: items per second of each store as a ratio to NDJSON's, RSS growth, requests of a run with nothing new. */
interface Round {
  readonly ratio: Record<string, number>;
  readonly rssGrowthMb: Record<string, number>;
  /** The store's CPU µs per item as a multiple of NDJSON's (the mean of the runs either side). */
  readonly cpuRatio: Record<string, number>;
  readonly nothingNewRequests: Record<string, number>;
}

async function round(index: number): Promise<Round> {
  gateway = await startGateway();
  client = createClient({
    providers: [jobboard],
    baseUrl: gateway.url,
    apiKey: 'bench-key',
    hooks: [requestIds.hooks],
  });
  const result: Round = { ratio: {}, rssGrowthMb: {}, cpuRatio: {}, nothingNewRequests: {} };
  try {
    if (index === 0) await intoNdjson(); // warms the gateway, the client and the JIT
    const stores: [string, string][] = [['DuckDB', `duckdb:${join(dir, `bench-${index}.duckdb`)}`]];
    if (postgresUrl !== undefined) stores.push(['PostgreSQL', postgresUrl]);
    lines.push(`round ${index + 1}:`);
    // Each store between two baseline runs, its ratio to their mean: a machine whose load drifts during the
    // round weighs on both sides.
    let before = await measured(intoNdjson);
    for (const [name, target] of stores) {
      if (name === 'PostgreSQL') await dropTables(target);
      const measure = await measured(async () => (await intoStore(target)).inserted);
      const after = await measured(intoNdjson);
      const baseline = (rate(before) + rate(after)) / 2;
      const sent = await gateway.requests();
      const again = await intoStore(target);
      if (again.rows !== itemCount) throw new Error(`${name}: ${again.rows} rows after the run with nothing new`);
      result.nothingNewRequests[name] = (await gateway.requests()) - sent;
      result.ratio[name] = rate(measure) / baseline;
      result.rssGrowthMb[name] = measure.rssGrowthMb;
      result.cpuRatio[name] = (2 * measure.cpuMicrosPerItem) / (before.cpuMicrosPerItem + after.cpuMicrosPerItem);
      lines.push(
        `  ${name.padEnd(10)} ${measure.items} items ${rate(measure).toFixed(0).padStart(6)} items/s, NDJSON ${rate(before).toFixed(0)} and ${rate(after).toFixed(0)}: ${(rate(measure) / baseline).toFixed(2)}x  CPU ${measure.cpuMicrosPerItem.toFixed(0)} µs/item (NDJSON ${before.cpuMicrosPerItem.toFixed(0)} and ${after.cpuMicrosPerItem.toFixed(0)})  RSS +${measure.rssGrowthMb.toFixed(0)} MB  nothing new: ${result.nothingNewRequests[name]} requests`,
      );
      const threads = Object.entries(measure.threadSeconds).map(([kind, seconds]) => `${kind} ${seconds.toFixed(2)}`);
      const baseThreads = Object.entries(before.threadSeconds).map(
        ([kind, seconds]) => `${kind} ${seconds.toFixed(2)}`,
      );
      if (threads.length > 0)
        lines.push(
          `             CPU seconds by thread: ${threads.join(', ')} (NDJSON before it: ${baseThreads.join(', ')}); wall ${measure.seconds.toFixed(2)} s`,
        );
      before = after;
    }
  } finally {
    await gateway.close();
  }
  return result;
}

/** The bench's tables, dropped so the next round starts empty. */
async function dropTables(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  const connection = new pg.Client({ connectionString: url });
  await connection.connect();
  await connection.query('DROP TABLE IF EXISTS jobs_jobboard_browse, _pdg_runs, _pdg_changes, _pdg_state');
  await connection.end();
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

const server = postgresAvailable ? await startPostgres() : undefined;
const postgresUrl = server?.url;
try {
  // The drivers' code is loaded before anything is measured: the RSS growth is the harvests' own.
  await (await openStore(parseTarget(`duckdb:${join(dir, 'warm.duckdb')}`))).close();
  if (postgresUrl !== undefined) await (await openStore(parseTarget(postgresUrl))).close();
  lines.push(
    `${itemCount} jobs, 100 a page, from a gateway ${inProcess ? 'in this process' : 'in a process of its own'}, each answer after ${latencyMs} ms; ${rounds} rounds; ${cpus().length} cores, load average ${loadText()} at the start`,
  );
  if (postgresUrl === undefined) lines.push('PostgreSQL: skipped (no PDG_POSTGRES_URL and no initdb)');
  const results: Round[] = [];
  for (let index = 0; index < rounds; index++) results.push(await round(index));
  lines.push(
    `median of ${rounds} rounds (target: at least 0.80x NDJSON, RSS growth under 100 MB, at most 2 requests with nothing new):`,
  );
  for (const name of Object.keys(results[0]?.ratio ?? {})) {
    const ratio = median(results.map((result) => result.ratio[name] as number));
    const rss = results.map((result) => result.rssGrowthMb[name] as number);
    const requests = Math.max(...results.map((result) => result.nothingNewRequests[name] as number));
    const cpuRatio = median(results.map((result) => result.cpuRatio[name] as number));
    lines.push(
      `  ${name.padEnd(10)} ${ratio.toFixed(2)}x NDJSON  CPU per item ${cpuRatio.toFixed(1)}x NDJSON's  RSS +${median(rss).toFixed(0)} MB (largest +${Math.max(...rss).toFixed(0)} MB)  nothing new: at most ${requests} requests`,
    );
  }
  lines.push(`load average ${loadText()} at the end: a machine busy with other work slows every walk, NDJSON's too`);
  console.log(`@pdg/store bench\n${lines.join('\n')}`);
} finally {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
}
