// One worker of the harvest: a pdg client whose rate limit is shared with the other workers through Redis,
// and a walk worker that runs walks from the queue page by page into a table (`INTO`: PostgreSQL, or a DuckDB
// file), each item upserted by its key, each walk a run in the table's ledger. SIGTERM stops it after the
// page under way (its walk goes back to the queue); it prints one JSON line for the parent and exits.
import { createClient } from '@pdg/core';
import { createRateLimit } from '@pdg/core/rate-limit';
import { jobboard } from '@pdg/jobs-jobboard';
import { createWalkWorker, type WalkSpec } from '@pdg/queue';
import { type HarvestWalk, openStore, parseTarget, storeSink } from '@pdg/store';
import { Queue } from 'bullmq';
import { createClient as createRedisClient } from 'redis';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const queueName = process.env.QUEUE ?? 'harvest';
const into = process.env.INTO ?? 'duckdb:harvest.duckdb';

// The limit's connection, as core's README sets it up: no offline queue, its `error` event handled.
const redis = createRedisClient({ url: redisUrl, disableOfflineQueue: true });
redis.on('error', () => undefined);
await redis.connect();

const counts = { walks: 0, pages: 0, items: 0, refused: 0 };
const client = createClient({
  providers: [jobboard],
  // The API key's limit, kept by the whole fleet: 10 requests in any second.
  rateLimit: createRateLimit({ points: 10, durationSeconds: 1, redis, name: queueName }),
  hooks: {
    onRateLimit: (event) => {
      if (event.type === 'cooldown') counts.refused++;
    },
  },
});
const store = await openStore(parseTarget(into));
const sink = storeSink(store, client);
// The walk of a page, from its job: its params go to the run's row in the ledger.
const queue = new Queue<WalkSpec>(queueName, { connection: { url: redisUrl } });
const walks = new Map<string, HarvestWalk>();
async function walkOf(walkId: string): Promise<HarvestWalk> {
  const known = walks.get(walkId);
  if (known) return known;
  const job = await queue.getJob(walkId);
  if (!job) throw new Error(`no job ${walkId} on ${queueName}`);
  const walk = { provider: job.data.provider, endpoint: job.data.endpoint, params: job.data.params ?? {} };
  walks.set(walkId, walk);
  return walk;
}
// One store connection: pages and the ends of runs are written one after another.
let writes: Promise<unknown> = Promise.resolve();
const inTurn = <T>(write: () => Promise<T>): Promise<T> => {
  const turn = writes.then(write);
  writes = turn.catch(() => undefined);
  return turn;
};
const worker = createWalkWorker({
  client,
  connection: { url: redisUrl },
  queueName,
  sink: async (page) => {
    const walk = await walkOf(page.walkId);
    await inTurn(() => sink.write({ ...page, walk }));
    counts.pages++;
    counts.items += page.items.length;
  },
  onError: (error) => console.error(`worker: ${error.message}`),
});
worker.worker.on('completed', (job) => {
  counts.walks++;
  void inTurn(() => sink.finish(job.id as string, 'completed'));
});
worker.worker.on('failed', (job, error) => {
  if (job?.id !== undefined) void inTurn(() => sink.finish(job.id as string, 'failed', error.message));
});

process.once('SIGTERM', async () => {
  await worker.close();
  await writes;
  await store.close();
  await queue.close();
  await redis.quit();
  // Exits once the line is out: nothing else is left to wait for.
  process.stdout.write(`${JSON.stringify(counts)}\n`, () => process.exit(0));
});
