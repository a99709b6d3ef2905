/**
 * One worker process of a test fleet: `node walk-worker-process.ts '<json setup>'`. A pdg client for the
 * jobboard (and forum) over the mock gateway, whose rate limit lives in the test's Redis (set up as core's
 * README shows: node-redis without an offline queue, its `error` event handled), and a walk worker writing
 * to an NDJSON sink. It prints one JSON line per event: `{ ready }`, `{ page: { walkId, pageIndex } }`
 * after each page the sink took, `{ error }` for each error of the BullMQ worker; on SIGTERM it closes
 * (its walk goes back to the queue) and exits with 0.
 *
 * Each request's departure is stamped where the rate limit hands it to fetch and sent to the gateway in
 * `x-sent-at` (as tests/shared-limits does): that is the point the limit controls.
 */
import { createClient } from '@pdg/core';
import { createRateLimit } from '@pdg/core/rate-limit';
import { jobboard } from '@pdg/jobs-jobboard';
import { forum } from '@pdg/social-media-forum';
import { createClient as createRedisClient } from 'redis';
import { createWalkWorker, ndjsonSink } from '../dist/index.js';

interface Setup {
  readonly worker: number;
  readonly baseUrl: string;
  readonly redisUrl: string;
  readonly queueName: string;
  readonly dir: string;
  /** The key's limit, shared by the fleet: `points` a second. */
  readonly points: number;
  readonly lockDuration: number;
  readonly stalledInterval: number;
}

const setup = JSON.parse(process.argv[2] ?? '{}') as Setup;
const print = (line: Record<string, unknown>) =>
  process.stdout.write(`${JSON.stringify({ worker: setup.worker, ...line })}\n`);

const redis = createRedisClient({ url: setup.redisUrl, disableOfflineQueue: true });
redis.on('error', () => undefined);
await redis.connect();

const client = createClient({
  providers: [jobboard, forum],
  apiKey: 'harvest-test-key-5c1d',
  baseUrl: setup.baseUrl,
  // Redis is up, but on a machine ten times slower it may not answer in the default 250 ms.
  rateLimit: createRateLimit({
    points: setup.points,
    durationSeconds: 1,
    redis,
    name: setup.queueName,
    storeTimeoutMs: 2000,
  }),
  fetch: (input, init) => {
    const request = new Request(input, init);
    request.headers.set('x-sent-at', String(Date.now()));
    request.headers.set('x-worker', String(setup.worker));
    return fetch(request);
  },
});

const sink = ndjsonSink(setup.dir);
const walkWorker = createWalkWorker({
  client,
  connection: { url: setup.redisUrl },
  queueName: setup.queueName,
  sink: async (page) => {
    await sink.write(page);
    print({ page: { walkId: page.walkId, pageIndex: page.pageIndex, items: page.items.length } });
  },
  onError: (error) => print({ error: error.message }),
  workerOptions: { lockDuration: setup.lockDuration, stalledInterval: setup.stalledInterval, maxStalledCount: 10 },
});

process.once('SIGTERM', async () => {
  await walkWorker.close();
  if (redis.isReady) await redis.quit();
  else redis.destroy();
  print({ closed: true });
  process.exit(0);
});
await walkWorker.worker.waitUntilReady();
print({ ready: true });
