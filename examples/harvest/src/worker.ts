// One worker of the harvest: a pdg client whose rate limit is shared with the other workers through Redis,
// and a walk worker that runs walks from the queue page by page into a table (`INTO`: PostgreSQL, or a DuckDB
// file), each item upserted by its key, each walk a run in the table's ledger. SIGTERM stops it after the
// page under way (its walk goes back to the queue); it prints one JSON line for the parent and exits.
import { createClient } from '@pdg/core';
import { createRateLimit } from '@pdg/core/rate-limit';
import { jobboard } from '@pdg/jobs-jobboard';
import { createWalkWorker } from '@pdg/queue';
import { openStore, parseTarget, storeSink } from '@pdg/store';
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
// Each page carries its walk (provider, endpoint, params), so the store knows the table and the run's params;
// the worker tells the sink when a walk's job completes or fails, which ends its run in the ledger.
const sink = storeSink(store, client);
const worker = createWalkWorker({
  client,
  connection: { url: redisUrl },
  queueName,
  sink: {
    write: async (page) => {
      await sink.write(page);
      counts.pages++;
      counts.items += page.items.length;
    },
    finish: sink.finish,
  },
  onError: (error) => console.error(`worker: ${error.message}`),
});
worker.worker.on('completed', () => {
  counts.walks++;
});

process.once('SIGTERM', async () => {
  await worker.close();
  await store.close();
  await redis.quit();
  // Exits once the line is out: nothing else is left to wait for.
  process.stdout.write(`${JSON.stringify(counts)}\n`, () => process.exit(0));
});
