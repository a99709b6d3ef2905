/**
 * One worker process of a fleet: a pdg client for jobs:jobboard whose rate limit (and, when asked, cache)
 * lives in the Redis server the test gives, set up as the README shows (one node-redis client without an
 * offline queue, its `error` event handled, shared by Keyv and the rate limit). Run as
 * `node worker.ts '<json setup>'`; it prints `{"ready":true}`, then reads one JSON command a line on stdin:
 * - `{ "phase", "calls": [{ "params", "cache"?, "timeout"? }], "concurrent"? }`: makes the calls (one after
 *   the other, or all at once), printing one line for each, then `{ "phase", "done": true }`; commands run
 *   side by side (a phase need not end before the next is given);
 * - `{ "quit": true }`: waits for the phases under way, prints what its hooks saw (`{ "events" }`), closes
 *   its connections and exits.
 * Each store outage its layers report (`onStoreError`) is also printed as it happens: `{ "store": ... }`.
 *
 * Each request's departure is stamped where the rate limit hands it to fetch (`sentAt`, ms since the
 * epoch, this machine's clock) and sent along to the gateway (`x-sent-at`): that is the point the limit
 * controls; the gateway's own arrival times also carry its process's scheduling.
 */
import { createInterface } from 'node:readline';
import KeyvRedis from '@keyv/redis';
import { createClient, isPdgError } from '@pdg/core';
import { createCache } from '@pdg/core/cache';
import { createRateLimit } from '@pdg/core/rate-limit';
import { jobboard } from '@pdg/jobs-jobboard';
import Keyv from 'keyv';
import { createClient as createRedisClient } from 'redis';

interface Setup {
  readonly worker: number;
  readonly baseUrl: string;
  readonly redisUrl: string;
  /** The shared limit: `points` per `seconds` (1 by default). */
  readonly points?: number;
  readonly seconds?: number;
  readonly name?: string;
  readonly cache?: boolean;
  readonly retry?: number;
  /** The API key (fleet.ts's `fleetKey` when not given). */
  readonly apiKey?: string;
  /** Each Redis command's time limit (the layers' default, 250 ms, when not given). */
  readonly storeTimeoutMs?: number;
}

interface Call {
  readonly params: Record<string, unknown>;
  readonly cache?: false;
  readonly timeout?: number;
}

interface Command {
  readonly phase?: string;
  readonly calls?: readonly Call[];
  readonly concurrent?: boolean;
  readonly quit?: boolean;
}

const setup = JSON.parse(process.argv[2] ?? '{}') as Setup;
const print = (line: Record<string, unknown>) => console.log(JSON.stringify({ worker: setup.worker, ...line }));

const events: Record<string, unknown>[] = [];
// As the README: no offline queue (a command while Redis is out fails at once), and the client's `error`
// event handled (unhandled, a Redis restart would end the process).
const redis = createRedisClient({ url: setup.redisUrl, disableOfflineQueue: true });
redis.on('error', () => undefined);
await redis.connect();
const store = setup.cache ? new Keyv(new KeyvRedis(redis)) : undefined;
const onStoreError = (event: { layer: string; state: string }) =>
  print({ store: { layer: event.layer, state: event.state, at: Date.now() } });
const storeTimeout = setup.storeTimeoutMs === undefined ? {} : { storeTimeoutMs: setup.storeTimeoutMs };

/** Each call's requests, by the call's id (sent in the `x-call` header). */
const departures = new Map<string, number[]>();
let calls = 0;

const pdg = createClient({
  providers: [jobboard],
  apiKey: setup.apiKey ?? 'fleet-key-0b5e2d',
  baseUrl: setup.baseUrl,
  retry: setup.retry ?? 3,
  ...(setup.points === undefined
    ? {}
    : {
        rateLimit: createRateLimit({
          points: setup.points,
          durationSeconds: setup.seconds ?? 1,
          redis,
          name: setup.name ?? 'fleet',
          onStoreError,
          ...storeTimeout,
        }),
      }),
  ...(store ? { cache: createCache({ store, onStoreError, ...storeTimeout }) } : {}),
  // Called by the rate limit when the request may leave: stamped here, and told to the gateway.
  fetch: (input, init) => {
    // The wall clock, read each time: every process of the machine reads the same one (a process's
    // `performance.timeOrigin` is fixed once, when it starts).
    const sentAt = Date.now();
    const request = new Request(input, init);
    request.headers.set('x-sent-at', String(sentAt));
    departures.get(request.headers.get('x-call') ?? '')?.push(sentAt);
    return fetch(request);
  },
  hooks: {
    onCache: ({ outcome, reason }) => void events.push({ kind: 'cache', outcome, ...(reason ? { reason } : {}) }),
    onRateLimit: (event) => void events.push({ kind: 'rate-limit', type: event.type, at: Date.now() }),
  },
});

async function call(phase: string, spec: Call): Promise<void> {
  const id = `${setup.worker}-${calls++}`;
  const sent: number[] = [];
  departures.set(id, sent);
  const madeAt = Date.now();
  try {
    const { data, response } = await pdg.runWithResponse('jobs:jobboard', 'browse', spec.params, {
      headers: { 'x-call': id, 'x-worker': String(setup.worker) },
      ...(spec.cache === false ? { cache: false } : {}),
      ...(spec.timeout === undefined ? {} : { timeout: spec.timeout }),
    });
    print({ phase, call: id, ok: true, items: data.items.length, cache: response.cache, madeAt, sent });
  } catch (error) {
    const code = isPdgError(error) ? error.code : String(error);
    print({ phase, call: id, ok: false, code, message: String(error), madeAt, sent });
  }
}

async function run(command: Command): Promise<void> {
  const phase = command.phase ?? '';
  const list = command.calls ?? [];
  if (command.concurrent) await Promise.all(list.map((spec) => call(phase, spec)));
  else for (const spec of list) await call(phase, spec);
  print({ phase, done: true });
}

print({ ready: true });
const underway: Promise<void>[] = [];
for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line) as Command;
  if (command.quit) break;
  underway.push(run(command));
}
await Promise.all(underway);
print({ events });
// Redis may be out by now: closing must not wait on it.
if (redis.isReady) await (store ? store.disconnect() : redis.quit());
else redis.destroy();
process.exit(0);
