import RateLimiterMemory from 'rate-limiter-flexible/lib/RateLimiterMemory.js';
import RateLimiterRedis from 'rate-limiter-flexible/lib/RateLimiterRedis.js';
import RateLimiterRes from 'rate-limiter-flexible/lib/RateLimiterRes.js';
import { usageError } from './error-builders.js';
import type { RateLimitEvent } from './hooks.js';
import type { ClientRateLimit, LayerContext } from './layers.js';
import { parseRetryAfter } from './pipeline/retry.js';

export interface RateLimitOptions {
  /** Requests allowed in any window of `durationSeconds`: the API key's limit. */
  readonly points: number;
  /** The window, in seconds (a whole number with `redis`). */
  readonly durationSeconds: number;
  /**
   * A connected Redis client (`redis` 4 or later, or `ioredis`): the limit and every 429 cool-down are then
   * shared by all processes that use the same Redis and `name`. Default: this process only.
   */
  readonly redis?: unknown;
  /** Which limit this is, in Redis: processes sharing one API key share one name. Default `default`. */
  readonly name?: string;
  /**
   * Extra ms a request slot stays taken past the window, so that requests which reach the gateway later
   * than they left (a new connection, a busy network) still fall in distinct windows there. Default 5% of
   * the window, at least 100 ms.
   */
  readonly marginMs?: number;
  /** Longest pause, in ms, a 429's `Retry-After` imposes on every call. Default 60 000. */
  readonly maxCooldownMs?: number;
}

/** Headers a gateway may state its limits in. */
const limitHeader = /^(x-)?ratelimit|^retry-after$/;

/**
 * The API key's rate limit for `createClient({ rateLimit })`: every request the client sends (retries
 * and redirect hops included) waits its turn, so that no more than `points` go out in any window of
 * `durationSeconds`, wherever the window starts; a 429 with `Retry-After` pauses them all once, instead of
 * each call retrying on its own. With `redis`, both are shared across processes.
 *
 * The counting is `rate-limiter-flexible`'s (atomic in Redis, with an in-memory fallback while Redis is out
 * of reach). A fixed window of `points` could let twice that through across a window's edge, so the limit
 * is kept as `points` slots of one request each: a request takes the slot its ticket names, and a slot
 * frees one window after it was taken.
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
  if (redis !== undefined && (typeof redis !== 'object' || redis === null)) {
    throw usageError('createRateLimit: redis must be a connected client from the redis or ioredis package.');
  }
  if (redis !== undefined && !Number.isInteger(durationSeconds)) {
    throw usageError(
      `createRateLimit: with redis, durationSeconds must be a whole number of seconds (received ${durationSeconds}).`,
    );
  }
  const marginMs = options.marginMs ?? Math.max(100, durationSeconds * 50);
  if (!(Number.isFinite(marginMs) && marginMs >= 0)) {
    throw usageError(`createRateLimit: marginMs must be a number of ms, 0 or more (received ${String(marginMs)}).`);
  }
  const name = options.name ?? 'default';
  const maxCooldownMs = options.maxCooldownMs ?? 60_000;

  const margin = Math.ceil(marginMs);
  const limiter = (limits: { points: number; duration: number; keyPrefix: string }, script?: string) =>
    redis === undefined
      ? new RateLimiterMemory(limits)
      : new RateLimiterRedis({
          ...limits,
          storeClient: redis,
          // node-redis 4+ (`isOpen`) speaks a different command API from ioredis.
          useRedisPackage: 'isOpen' in redis,
          // Redis out of reach: each process keeps the limit on its own until it is back.
          insuranceLimiter: new RateLimiterMemory(limits),
          ...(script === undefined ? {} : { customIncrTtlLuaScript: script }),
        });
  // Tickets: a counter that never resets, shared like the slots. Ticket k takes slot k mod points.
  // (Made before the slots: with ioredis, each limiter defines the client's one rlflxIncr command.)
  const tickets = limiter({ points: Number.MAX_SAFE_INTEGER, duration: 0, keyPrefix: `pdg-rate-limit:${name}` });
  // One request per slot, held one window plus the margin. Redis windows are whole seconds in
  // rate-limiter-flexible's own script; this one is its script with the expiry in ms, margin added.
  const slots = limiter(
    {
      points: 1,
      duration: redis === undefined ? durationSeconds + margin / 1000 : durationSeconds,
      keyPrefix: `pdg-rate-limit:${name}:slot`,
    },
    `local hold = ARGV[2] * 1000 + ${margin}
redis.call('set', KEYS[1], 0, 'PX', hold, 'NX')
local consumed = redis.call('incrby', KEYS[1], ARGV[1])
local ttl = redis.call('pttl', KEYS[1])
if ttl == -1 then
  redis.call('pexpire', KEYS[1], hold)
  ttl = hold
end
return {consumed, ttl}`,
  );
  const cooldownKey = 'cooldown';

  const waitForCooldown = async (signal: AbortSignal): Promise<void> => {
    const pause = await slots.get(cooldownKey);
    if (pause !== null && pause.consumedPoints > 1 && pause.msBeforeNext > 0) {
      await sleep(pause.msBeforeNext, signal);
    }
  };

  const acquire = async (signal: AbortSignal, layer: LayerContext): Promise<void> => {
    const queued = performance.now();
    signal.throwIfAborted();
    await waitForCooldown(signal);
    const ticket = (await tickets.consume('tickets')).consumedPoints;
    const slot = `${ticket % points}`;
    for (;;) {
      signal.throwIfAborted();
      try {
        await slots.consume(slot);
        break;
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        await sleep(refusal.msBeforeNext + 1, signal);
      }
    }
    // A 429 may have paused everything while this request waited for its slot.
    await waitForCooldown(signal);
    const waitedMs = performance.now() - queued;
    if (waitedMs >= 1) report(layer, { type: 'queued', waitedMs });
  };

  const observe = async (response: Response, layer: LayerContext): Promise<void> => {
    const headers: Record<string, string> = {};
    for (const [header, value] of response.headers) if (limitHeader.test(header)) headers[header] = value;
    if (Object.keys(headers).length > 0) report(layer, { type: 'headers', status: response.status, headers });
    if (response.status !== 429) return;
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    if (retryAfter === undefined || retryAfter <= 0) return;
    const seconds = Math.ceil(Math.min(retryAfter, maxCooldownMs / 1000));
    // Every caller of this limit (every process, with Redis) waits until the pause is over.
    await slots.block(cooldownKey, seconds);
    report(layer, { type: 'cooldown', seconds });
  };

  return {
    limit: (fetch, layer) => async (input, init) => {
      // ky hands fetch a Request whose signal aborts on the caller's signal and on ky's timeout alike.
      await acquire((input as Request).signal, layer);
      const response = await fetch(input, init);
      await observe(response, layer);
      return response;
    },
  };
}

function report(layer: LayerContext, event: RateLimitEvent): void {
  for (const hooks of layer.hooks) hooks.onRateLimit?.({ ...layer.context, ...event });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  // A signal that aborted while the limiter was asked would never fire its event again: give up at once.
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const done = () => {
      signal.removeEventListener('abort', aborted);
      resolve();
    };
    const aborted = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', aborted, { once: true });
  });
}
