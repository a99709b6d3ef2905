// A harvest: a dozen walks of jobs:jobboard browse put on a BullMQ queue, run by four worker processes into
// one PostgreSQL table keyed by jobId (PDG_POSTGRES_URL; without it, one worker into a DuckDB file), under one
// rate limit of 10 requests a second shared through Redis. The mock gateway here enforces that same limit (429
// past it), and this process reports what reached it and what the table holds.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { startMockGateway } from '@pdg/mock';
import { enqueueWalk, walkStatus } from '@pdg/queue';
import { openStore, parseTarget, tableShape } from '@pdg/store';
import { Queue } from 'bullmq';
import pg from 'pg';
import { createClient as createRedisClient } from 'redis';

const redisUrl = process.env.PDG_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Says how to start Redis and exits with 1 when none answers at `redisUrl` within 3 s. */
async function requireRedis(): Promise<void> {
  const probe = createRedisClient({ url: redisUrl, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  probe.on('error', () => undefined);
  const silent = Symbol('no answer');
  let timer: NodeJS.Timeout | undefined;
  try {
    const connected = probe.connect();
    connected.catch(() => undefined);
    // A port that accepts and never answers would keep connect() waiting.
    const answer = await Promise.race([
      connected,
      new Promise<typeof silent>((resolve) => {
        timer = setTimeout(() => resolve(silent), 3000);
      }),
    ]);
    if (answer === silent) throw new Error('no answer within 3 s');
    await probe.quit();
  } catch (error) {
    if (probe.isOpen) probe.destroy();
    console.error(
      `No Redis at ${redisUrl} (${(error as { code?: string }).code ?? (error as Error).message}). Start one with\n` +
        `  redis-server --port 6379 --save ''\n` +
        '  or: docker run --rm -p 6379:6379 redis\n' +
        'or point PDG_REDIS_URL at yours, then run this again.',
    );
    process.exit(1);
  } finally {
    clearTimeout(timer);
  }
}

await requireRedis();
const arrivals: number[] = [];
const gateway = await startMockGateway({
  providers: [jobboard],
  fixtures,
  rateLimit: { requests: 10, windowMs: 1000 },
  onRequest: ({ receivedAt }) => void arrivals.push(receivedAt),
});
// A queue of its own for this run, so a second run starts empty.
const queueName = `harvest-${Date.now()}`;
const out = process.env.OUT ?? (await mkdtemp(join(tmpdir(), 'pdg-harvest-')));
const queue = new Queue(queueName, { connection: { url: redisUrl } });
console.log(`Mock gateway at ${gateway.url} (10 requests a second per key, then 429); Redis at ${redisUrl}`);

/** The example's own schema: its tables stay beside yours, and a later run upserts into them. */
const schema = 'pdg_harvest_example';

/** PostgreSQL's URL with the example's schema first on the search path, created where missing. */
async function intoPostgres(url: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } finally {
    await admin.end();
  }
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  return withSchema.toString();
}

const postgresUrl = process.env.PDG_POSTGRES_URL;
// A DuckDB file takes one writing process: without PostgreSQL, one worker writes it.
const workerCount = postgresUrl ? 4 : 1;
const into = postgresUrl ? await intoPostgres(postgresUrl) : `duckdb:${join(out, 'harvest.duckdb')}`;
console.log(
  postgresUrl
    ? `Into PostgreSQL at ${new URL(postgresUrl).host}, schema ${schema}.`
    : `PDG_POSTGRES_URL is not set: into ${into}, with one worker (a DuckDB file takes one writing process; set PDG_POSTGRES_URL for four workers into PostgreSQL).`,
);

// Twelve listings: Indonesia's browse newest first, oldest first, remote only, and closed ones too, each
// at 30, 40 and 50 a page; up to five pages of each (the mock's listing ends sooner).
const ids: string[] = [];
for (const variant of [{}, { sort: 'oldest' as const }, { remote: true }, { openOnly: false }]) {
  for (const limit of [30, 40, 50]) {
    ids.push(
      await enqueueWalk<readonly [typeof jobboard]>(queue, {
        provider: 'jobs:jobboard',
        endpoint: 'browse',
        params: { country: 'ID', limit, ...variant },
        maxPages: 5,
      }),
    );
  }
}

const workerFile = fileURLToPath(new URL('./worker.js', import.meta.url));

/** A worker process, and its counts once it exits (it prints them on SIGTERM). */
function startWorker(n: number) {
  const child = spawn(process.execPath, [workerFile], {
    env: {
      ...process.env,
      PDG_BASE_URL: gateway.url,
      PDG_API_KEY: 'harvest-demo-key',
      REDIS_URL: redisUrl,
      QUEUE: queueName,
      INTO: into,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const report = new Promise<Record<string, number>>((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`worker ${n} exited with ${code}`)),
    ),
  );
  return { child, report };
}

const started = Date.now();
const workers = Array.from({ length: workerCount }, (_, index) => startWorker(index + 1));
// Until every walk is done or failed (bounded: 12 walks of 5 pages at 10 a second take seconds, not minutes).
for (let polls = 0; ; polls++) {
  const status = await walkStatus(queue);
  if (status.done + status.failed === ids.length) break;
  if (polls > 3000) throw new Error(`the harvest did not finish in 5 minutes: ${JSON.stringify(status)}`);
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const seconds = (Date.now() - started) / 1000;
for (const worker of workers) worker.child.kill('SIGTERM');
const reports = await Promise.all(workers.map((worker) => worker.report));
const status = await walkStatus(queue);
await queue.obliterate({ force: true });
await queue.close();
await gateway.close();

// What the table holds, read through the store once every worker has closed it.
const table = tableShape('jobs:jobboard', 'browse', jobboard.endpoints.browse);
const store = await openStore(parseTarget(into));
const rows = await store.countRows(table).finally(() => store.close());
const total = (name: string) => reports.reduce((sum, report) => sum + (report[name] ?? 0), 0);
const perSecond = new Map<number, number>();
for (const at of arrivals) perSecond.set(Math.floor(at / 1000), (perSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
const busiest = Math.max(0, ...perSecond.values());

console.log(
  `${workerCount} worker${workerCount === 1 ? '' : 's'} ran ${ids.length} walks in ${seconds.toFixed(1)} s: ${status.done} done, ${status.failed} failed.`,
);
console.log(`Items delivered: ${status.delivered}; rows in ${table.name}: ${rows}, each job once by jobId.`);
console.log(`Walks per worker: ${reports.map((report) => report.walks).join(', ')}; pages written: ${total('pages')}.`);
console.log(`The gateway received ${arrivals.length} requests; the busiest second held ${busiest} (limit 10).`);
console.log(`429s received: ${total('refused')}.`);
if (process.env.OUT === undefined) await rm(out, { recursive: true, force: true });
