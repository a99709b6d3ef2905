/**
 * `pnpm bench` for @pdg/store: 50,000 items harvested into DuckDB and into PostgreSQL, each against the same
 * walk written to an NDJSON file (the baseline, measured in the same run): items per second and their ratio,
 * and the growth of this process's RSS during the harvest. Then an incremental run with nothing new, and the
 * requests it sends. The listing is served by a local gateway of 50,000 jobs (the mock's own listings hold a
 * few hundred), in two rounds: answering at once (the database's cost alone) and after 50 ms (a gateway
 * across a network). PostgreSQL is PDG_POSTGRES_URL, else a server started for the run, else skipped.
 */
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, walkEndpoint } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { type HarvestSummary, harvest, openStore, parseTarget, requestIdRecorder } from '../dist/index.js';
import { jobs, startListingGateway } from '../test/listing-gateway.ts';
import { postgresAvailable, startPostgres } from '../test/postgres-server.ts';

const itemCount = 50_000;
const walk = { provider: 'jobs:jobboard', endpoint: 'browse', params: { country: 'SG', limit: 100 } } as const;
const dir = mkdtempSync(join(tmpdir(), 'pdg-store-bench-'));
const requestIds = requestIdRecorder();
/** The round's gateway and client (each round starts its own). */
let gateway: Awaited<ReturnType<typeof startListingGateway>>;
let client: ReturnType<typeof createClient<[typeof jobboard]>>;

interface Measure {
  readonly items: number;
  readonly seconds: number;
  readonly rssGrowthMb: number;
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
  try {
    const items = await work();
    const seconds = (performance.now() - started) / 1000;
    return { items, seconds, rssGrowthMb: (Math.max(peak, process.memoryUsage().rss) - before) / 2 ** 20 };
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

async function intoStore(target: string, options: { fullRefresh?: boolean } = {}): Promise<HarvestSummary> {
  const store = await openStore(parseTarget(target));
  try {
    return await harvest(client, walk, store, { requestIds, ...options });
  } finally {
    await store.close();
  }
}

const rate = (measure: Measure) => measure.items / measure.seconds;
const lines: string[] = [];
const report = (name: string, measure: Measure, baseline?: Measure) =>
  lines.push(
    `${name.padEnd(34)} ${String(measure.items).padStart(6)} items  ${rate(measure).toFixed(0).padStart(7)} items/s` +
      `${baseline ? `  ${(rate(measure) / rate(baseline)).toFixed(2)}x NDJSON` : ''}  RSS +${measure.rssGrowthMb.toFixed(0)} MB`,
  );

async function round(latencyMs: number): Promise<void> {
  gateway = await startListingGateway(jobs(itemCount), { latencyMs });
  client = createClient({
    providers: [jobboard],
    baseUrl: gateway.url,
    apiKey: 'bench-key',
    hooks: [requestIds.hooks],
  });
  lines.push(`\n${itemCount} jobs, 100 a page, each answer after ${latencyMs} ms:`);
  try {
    if (latencyMs === 0) await intoNdjson(); // warms the gateway, the client and the JIT
    const baseline = await measured(intoNdjson);
    report('NDJSON (baseline)', baseline);
    const duckdb = `duckdb:${join(dir, `bench-${latencyMs}.duckdb`)}`;
    const intoDuckdb = await measured(async () => (await intoStore(duckdb)).inserted);
    report('DuckDB, first run', intoDuckdb, baseline);
    const before = gateway.requests;
    const nothingNew = await intoStore(duckdb);
    lines.push(
      `DuckDB, nothing new                ${gateway.requests - before} requests (mode ${nothingNew.mode}, ${nothingNew.rows} rows)`,
    );
    if (postgresUrl !== undefined) {
      const intoPostgres = await measured(async () => (await intoStore(postgresUrl as string)).inserted);
      report('PostgreSQL, first run', intoPostgres, baseline);
      const sent = gateway.requests;
      const again = await intoStore(postgresUrl);
      lines.push(
        `PostgreSQL, nothing new            ${gateway.requests - sent} requests (mode ${again.mode}, ${again.rows} rows)`,
      );
      await dropTables(postgresUrl);
    } else {
      lines.push('PostgreSQL: skipped (no PDG_POSTGRES_URL and no initdb)');
    }
    report('NDJSON (baseline, again)', await measured(intoNdjson));
  } finally {
    await gateway.close();
  }
}

/** The bench's tables, dropped so the next round starts empty. */
async function dropTables(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  const connection = new pg.Client({ connectionString: url });
  await connection.connect();
  await connection.query('DROP TABLE IF EXISTS jobs_jobboard_browse, _pdg_runs, _pdg_changes, _pdg_state');
  await connection.end();
}

const server = postgresAvailable ? await startPostgres() : undefined;
const postgresUrl = server?.url;
try {
  if (postgresUrl !== undefined) await dropTables(postgresUrl);
  await round(0);
  await round(50);
  console.log(`@pdg/store bench${lines.join('\n')}`);
} finally {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
}
