// One worker of the harvest: a pdg client whose rate limit is shared with the other workers through Redis,
// and a walk worker that runs walks from the queue page by page into NDJSON files. SIGTERM stops it after
// the page under way (its walk goes back to the queue); it prints one JSON line for the parent and exits.
import { createClient } from '@pdg/core';
import { createRateLimit } from '@pdg/core/rate-limit';
import { jobboard } from '@pdg/jobs-jobboard';
import { createWalkWorker, ndjsonSink } from '@pdg/queue';
import { createClient as createRedisClient } from 'redis';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const queueName = process.env.QUEUE ?? 'harvest';
const out = process.env.OUT ?? 'harvest-output';

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
const sink = ndjsonSink(out);
const worker = createWalkWorker({
  client,
  connection: { url: redisUrl },
  queueName,
  sink: async (page) => {
    await sink.write(page);
    counts.pages++;
    counts.items += page.items.length;
  },
  onError: (error) => console.error(`worker: ${error.message}`),
});
worker.worker.on('completed', () => {
  counts.walks++;
});

process.once('SIGTERM', async () => {
  await worker.close();
  await redis.quit();
  // Exits once the line is out: nothing else is left to wait for.
  process.stdout.write(`${JSON.stringify(counts)}\n`, () => process.exit(0));
});
