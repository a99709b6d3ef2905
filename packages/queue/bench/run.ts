/**
 * `pnpm bench` for @pdg/queue: items per second of a harvest (twelve walks of six pages) run as BullMQ jobs
 * by one worker and by four, against one process walking the same listings with `items()`, every one at the
 * same rate limit (20 requests a second, shared through Redis) over the mock gateway. The ratios should stay
 * near 1: the limit, not the queue, bounds a harvest. Then the same four workers with BullMQ's own limiter in
 * place of pdg's (20 jobs a second): the busiest second of requests it lets through, against the key's limit.
 *
 * Workers run in this process, each with its own client and Redis connections, as separate processes
 * would; a walk's time is spent waiting on the limit, not on the CPU. Redis: PDG_REDIS_URL, else a
 * redis-server started for the run.
 */
import { createClient, type PdgClient, toArray } from '@pdg/core';
import { createRateLimit } from '@pdg/core/rate-limit';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { startMockGateway } from '@pdg/mock';
import { Queue } from 'bullmq';
import { createClient as createRedisClient } from 'redis';
import { createWalkWorker, enqueueWalk, type WalkSpec, walkStatus } from '../dist/index.js';
import { busiestWindow, type OwnRedis, redisServerReason, startRedis } from '../test/fleet.ts';

const points = 20;
const walks: WalkSpec[] = Array.from({ length: 12 }, (_, i) => ({
  provider: 'jobs:jobboard',
  endpoint: 'browse',
  params: { country: 'ID', limit: 40 + i },
  maxPages: 6,
}));

let own: OwnRedis | undefined;
let redisUrl = process.env.PDG_REDIS_URL;
if (!redisUrl) {
  const reason = redisServerReason();
  if (reason) {
    console.log(`@pdg/queue bench skipped: ${reason}`);
    process.exit(0);
  }
  own = await startRedis();
  redisUrl = own.url;
}
const url = redisUrl;
const gateway = await startMockGateway({ providers: [jobboard], fixtures });
const run = Date.now();
const connections: ReturnType<typeof createRedisClient>[] = [];

/** A client as a worker process has it: its own Redis connection for the shared limit (none: no pdg limit). */
async function fleetClient(name: string | undefined, sent: number[]) {
  const redis = createRedisClient({ url, disableOfflineQueue: true });
  redis.on('error', () => undefined);
  await redis.connect();
  connections.push(redis);
  return createClient({
    providers: [jobboard],
    apiKey: 'bench-key-7e21',
    baseUrl: gateway.url,
    ...(name ? { rateLimit: createRateLimit({ points, durationSeconds: 1, redis, name, storeTimeoutMs: 2000 }) } : {}),
    fetch: (input, init) => {
      sent.push(Date.now());
      return fetch(input, init);
    },
  });
}

interface Result {
  readonly items: number;
  readonly seconds: number;
  readonly busiest: number;
}

/** One process, the walks one after the other with `items()`. */
async function singleProcess(): Promise<Result> {
  const sent: number[] = [];
  const pdg = await fleetClient(`bench-${run}-single`, sent);
  const started = performance.now();
  let items = 0;
  for (const walk of walks) {
    const params = walk.params as { country: string; limit: number };
    items += (await toArray(pdg.items('jobs:jobboard', 'browse', params, { maxPages: walk.maxPages as number })))
      .length;
  }
  return { items, seconds: (performance.now() - started) / 1000, busiest: busiestWindow(sent, 1000) };
}

/** `workers` walk workers on a queue of the walks; `limiter`: BullMQ's in place of pdg's limit. */
async function fleet(label: string, workers: number, limiter = false): Promise<Result> {
  const queueName = `bench-${run}-${label}`;
  const queue = new Queue(queueName, { connection: { url } });
  for (const walk of walks) await enqueueWalk(queue, walk);
  const sent: number[] = [];
  let items = 0;
  const sink = async ({ items: page }: { items: readonly unknown[] }) => {
    items += page.length;
  };
  const started = performance.now();
  const running = await Promise.all(
    Array.from({ length: workers }, async () =>
      createWalkWorker({
        client: (await fleetClient(limiter ? undefined : queueName, sent)) as PdgClient<readonly [typeof jobboard]>,
        connection: { url },
        queueName,
        sink,
        ...(limiter ? { workerOptions: { limiter: { max: points, duration: 1000 } } } : {}),
      }),
    ),
  );
  for (;;) {
    const status = await walkStatus(queue);
    if (status.done + status.failed === walks.length) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(running.map((worker) => worker.close()));
  await queue.obliterate({ force: true });
  await queue.close();
  return { items, seconds, busiest: busiestWindow(sent, 1000) };
}

const rate = (result: Result) => result.items / result.seconds;
const line = (name: string, result: Result, baseline?: Result) =>
  `${name.padEnd(44)} ${result.items} items in ${result.seconds.toFixed(2)} s: ${rate(result).toFixed(0).padStart(4)} items/s` +
  `${baseline ? `, ${(rate(result) / rate(baseline)).toFixed(2)}x one process` : ''}; busiest second ${result.busiest} requests (limit ${points})`;

try {
  const baseline = await singleProcess();
  const one = await fleet('one', 1);
  const four = await fleet('four', 4);
  const bullmq = await fleet('bullmq-limiter', 4, true);
  console.log(`@pdg/queue: 12 walks of 6 pages (${walks.length * 6} requests), key limit ${points} requests/s`);
  console.log(line('one process, items()', baseline));
  console.log(line('1 walk worker (pdg limit in Redis)', one, baseline));
  console.log(line('4 walk workers (pdg limit in Redis)', four, baseline));
  console.log(line(`4 walk workers (BullMQ limiter ${points} jobs/s)`, bullmq, baseline));
  console.log(
    `BullMQ's limiter counts jobs, not requests: its busiest second held ${bullmq.busiest} requests against the key's ${points}; pdg's held ${four.busiest}.`,
  );
} finally {
  for (const redis of connections) redis.destroy();
  await gateway.close();
  await own?.stop();
}
