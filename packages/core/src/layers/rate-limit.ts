import type { RateLimitEvent } from '../call/hooks.js';
import type { ClientRateLimit, LayerContext } from '../call/layers.js';
import { usageError } from '../errors/error-builders.js';
import { parseRetryAfter } from '../errors/retry-policy.js';
import { createRateQueue, maxAskIntervalMs, type RateQueue } from './rate-limit-queue.js';
import { createSharedLimits, keyIdOf } from './rate-limit-redis.js';
import { checkStoreTimeout, type StoreErrorEvent } from './store-guard.js';

export interface RateLimitOptions {
  /** Requests allowed in any window of `durationSeconds`: the API key's limit. */
  readonly points: number;
  /** The window, in seconds. */
  readonly durationSeconds: number;
  /**
   * A connected Redis client (`redis` 4 or later, or `ioredis`): each API key's limit, its queue and its
   * 429 cool-downs are then shared by all processes that use the same Redis, `name` and key. Default: this
   * process only.
   */
  readonly redis?: unknown;
  /**
   * Which limit this is, in Redis, beside the key (of which Redis holds only a hash): processes that use
   * one key and one name share one limit. Default `default`.
   */
  readonly name?: string;
  /**
   * Extra ms each request counts past the window, so that requests which reach the gateway later than they
   * left (a new connection, a busy network) still fall in distinct windows there. Default 5% of the
   * window, at least 100 ms. The limit adds the lateness it sees in its own timers (a loaded machine).
   */
  readonly marginMs?: number;
  /** Longest pause, in ms, a 429's `Retry-After` imposes on every call. Default 60 000. */
  readonly maxCooldownMs?: number;
  /**
   * How long, in ms, each command to `redis` may take: past it, this process counts alone (its share of the
   * limit) until Redis answers again, probed at most a second apart. Default 250.
   */
  readonly storeTimeoutMs?: number;
  /**
   * Told once when `redis` starts failing (an error, or no answer within `storeTimeoutMs`) and once when it
   * answers again, rather than on every request. Default: one line each time on the console (`console.warn`).
   */
  readonly onStoreError?: (event: StoreErrorEvent) => void;
}

/** Headers a gateway may state its limits in. */
const limitHeader = /^(x-)?ratelimit|^retry-after$/;

const defaultStoreTimeoutMs = 250;

/**
 * The API key's rate limit for `createClient({ rateLimit })`: every request the client sends with a key
 * (retries and redirect hops to the gateway included) waits its turn, first come first served, so that no
 * more than `points` go out in any window of `durationSeconds`, wherever the window starts; a 429 with
 * `Retry-After` pauses them all once, instead of each call retrying on its own. With `redis`, all three
 * are shared across processes. Each key has its own: one key's requests and 429s never hold another's
 * (clients with different keys may share one limit object, one Redis and one `name`).
 *
 * The limit is a sliding log of departures: a request leaves when fewer than `points` left in the window
 * (plus the margin) before it, and its departure is stamped once it has been handed to fetch, so that a
 * process paused between the decision and the send never makes it look earlier than it was.
 */
export function createRateLimit(options: RateLimitOptions): ClientRateLimit {
  const { points, durationSeconds, redis } = options ?? ({} as RateLimitOptions);
  if (!(Number.isInteger(points) && points >= 1)) {
    throw usageError(
      `createRateLimit: points must be a whole number of requests, 1 or more (received ${String(points)}).`,
    );
  }
  if (!(Number.isFinite(durationSeconds) && durationSeconds > 0)) {
    throw usageError(
      `createRateLimit: durationSeconds must be a number of seconds above 0 (received ${String(durationSeconds)}).`,
    );
  }
  const windowMs = durationSeconds * 1000;
  const marginMs = options.marginMs ?? Math.max(100, windowMs * 0.05);
  if (!(Number.isFinite(marginMs) && marginMs >= 0)) {
    throw usageError(`createRateLimit: marginMs must be a number of ms, 0 or more (received ${String(marginMs)}).`);
  }
  const maxCooldownMs = options.maxCooldownMs ?? 60_000;
  if (!(Number.isFinite(maxCooldownMs) && maxCooldownMs >= 0)) {
    throw usageError(
      `createRateLimit: maxCooldownMs must be a number of ms, 0 or more (received ${String(maxCooldownMs)}).`,
    );
  }
  const storeTimeoutMs = options.storeTimeoutMs ?? defaultStoreTimeoutMs;
  checkStoreTimeout('createRateLimit', storeTimeoutMs);
  const name = options.name ?? 'default';
  // A process asks at least once a second while it has requests waiting (each ask within the time limit):
  // one that stops asking for several times that has stopped, and its place is given up.
  const leaseMs = Math.max(5000, 2 * (maxAskIntervalMs + storeTimeoutMs));

  const shared =
    redis === undefined
      ? undefined
      : createSharedLimits({
          client: redis,
          name,
          points,
          windowMs,
          maxCooldownMs,
          leaseMs,
          timeoutMs: storeTimeoutMs,
          onStoreError: options.onStoreError,
        });
  // One queue per API key, made on its first request; in Redis, the key is known by its hash alone.
  const queues = new Map<string, Promise<RateQueue>>();
  const queueOf = (apiKey: string): Promise<RateQueue> => {
    let queue = queues.get(apiKey);
    if (queue === undefined) {
      queue = (async () =>
        createRateQueue({
          points,
          windowMs,
          marginMs,
          shared: shared?.forKey(await keyIdOf(apiKey)),
          // A process that still counts alone asks Redis at least once a second: two leases are ample.
          handoverMaxMs: 2 * leaseMs,
        }))();
      queues.set(apiKey, queue);
    }
    return queue;
  };

  const observe = async (response: Response, layer: LayerContext, queue: RateQueue): Promise<void> => {
    const headers: Record<string, string> = {};
    for (const [header, value] of response.headers) if (limitHeader.test(header)) headers[header] = value;
    if (Object.keys(headers).length > 0) report(layer, { type: 'headers', status: response.status, headers });
    if (response.status !== 429) return;
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    if (retryAfter === undefined || retryAfter <= 0) return;
    const seconds = Math.ceil(Math.min(retryAfter, maxCooldownMs / 1000));
    // Every caller of this key's limit (every process, with Redis) waits until the pause is over.
    await queue.pause(seconds * 1000);
    report(layer, { type: 'cooldown', seconds });
  };

  return {
    limit: (fetch, layer) => async (input, init) => {
      // ky hands fetch a Request whose signal aborts on the caller's signal and on ky's timeout alike.
      const signal = input instanceof Request ? input.signal : (init?.signal ?? undefined);
      const queue = await queueOf(apiKeyOf(input, init));
      const turn = await queue.acquire(signal);
      let sending: Promise<Response>;
      try {
        sending = fetch(input, init);
      } finally {
        // Stamped once the request is on its way: never earlier than it left.
        turn.sent();
      }
      if (turn.waitedMs >= 1) report(layer, { type: 'queued', waitedMs: turn.waitedMs });
      const response = await sending;
      await observe(response, layer, queue);
      return response;
    },
  };
}

/**
 * The API key a request carries (`x-api-key`, as the client sends it to the gateway): its limit is that
 * key's. A request without one (a redirect hop to another origin, which is sent no key) counts under ''.
 */
function apiKeyOf(input: RequestInfo | URL, init: RequestInit | undefined): string {
  const headers =
    init?.headers !== undefined ? new Headers(init.headers) : input instanceof Request ? input.headers : undefined;
  return headers?.get('x-api-key') ?? '';
}

function report(layer: LayerContext, event: RateLimitEvent): void {
  for (const hooks of layer.hooks) hooks.onRateLimit?.({ ...layer.context, ...event });
}
