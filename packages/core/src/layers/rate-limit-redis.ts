/**
 * The rate limit's shared state in Redis: one queue of tickets for every process of a limit (first come,
 * first served across processes), and one log of departures, each stamped by Redis's clock once its
 * request has been handed to fetch. Every decision is one Lua script, atomic, on Redis's clock; every
 * value read back is checked, so a forged or stray one can neither lift the limit nor stop every call.
 */
import { usageError } from '../errors/error-builders.js';
import { createStoreGuard, type StoreErrorEvent, type StoreGuard } from './store-guard.js';

/** What a process asks for its turn: its waiting requests, in its own order, and what Redis should learn. */
export interface TurnRequest {
  /** Waiting requests (their ids), oldest first: the ones not yet queued in Redis are queued, in this order. */
  readonly waiting: readonly string[];
  /** Requests that stopped waiting without a turn from Redis (aborted, or sent while Redis was out). */
  readonly gone: readonly string[];
  /** Requests this process sent while Redis was out, as ms before now: they join the log. */
  readonly pastAgesMs: readonly number[];
  /** This process's margin (its base one and the timer jitter it sees). */
  readonly marginMs: number;
  /** At most this many turns in this answer (this process's own room during a hand-over). */
  readonly maxClaims: number;
  /** During a hand-over after an outage: how long ago (ms) the outage began; -1 otherwise. */
  readonly outageAgeMs: number;
}

export interface TurnAnswer {
  /** How many of `waiting`, from the first, may leave now. */
  readonly claimed: number;
  /** When to ask again for the next one, in ms; -1: soon (requests ahead of it are leaving now). */
  readonly hintMs: number;
  /** Processes that used the limit in the last minute, this one included. */
  readonly peers: number;
  /** The largest margin among the processes using the limit now: the one every decision keeps. */
  readonly marginMs: number;
  /** What is left of a 429's cool-down, in ms. */
  readonly cooldownMs: number;
  /** With `outageAgeMs`: the processes that have asked since the outage began, this one included. */
  readonly returned: number;
}

/** The limits of every API key on one Redis client: one guard (one outage, told once) for them all. */
export interface SharedLimits {
  readonly guard: StoreGuard;
  /** The limit of one key, by its id (a hash of the key: the key itself is never in Redis). */
  forKey(keyId: string): SharedLimit;
}

export interface SharedLimit {
  /** This process's id in Redis (the prefix of its requests' ids). */
  readonly pid: string;
  readonly guard: StoreGuard;
  turn(request: TurnRequest): Promise<TurnAnswer>;
  /** The requests were handed to fetch: their departures take Redis's time now. */
  stamp(ids: readonly string[]): Promise<void>;
  /** A 429 asked every process to wait `ms`. */
  pause(ms: number): Promise<void>;
}

export interface SharedLimitOptions {
  readonly client: unknown;
  readonly name: string;
  readonly points: number;
  readonly windowMs: number;
  readonly maxCooldownMs: number;
  /** A process that stops asking holds its place in the queue this long (and an unstamped departure counts this long). */
  readonly leaseMs: number;
  /** Each command's time limit, in ms. */
  readonly timeoutMs: number;
  readonly onStoreError: ((event: StoreErrorEvent) => void) | undefined;
}

/** How long a process is counted among the users of the limit after it last asked. */
const peersHorizonMs = 60_000;

const prelude = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + tonumber(clock[2]) / 1000
`;

/**
 * KEYS: seq, queue, log, pending, alive, margins, cooldown.
 * ARGV: pid, points, windowMs, marginMs, leaseMs, horizonMs, maxCooldownMs, maxClaims, outageAgeMs, then
 * three lists, each its length first: waiting ids, gone ids, past departures (ms before now).
 * Returns {claimed, hintMs, peers, marginMs, cooldownMs, returned}.
 */
const turnScript = `${prelude}
local seqKey, queueKey, logKey, pendingKey, aliveKey, marginsKey, cooldownKey = unpack(KEYS)
local pid = ARGV[1]
local points, window, margin = tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local lease, horizon, maxCooldown = tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
local maxClaims, outageAge = tonumber(ARGV[8]), tonumber(ARGV[9])
local at = 10
local function list()
  local items = {}
  for i = 1, tonumber(ARGV[at]) do items[i] = ARGV[at + i] end
  at = at + #items + 1
  return items
end
local waiting, gone, past = list(), list(), list()
local own = pid .. ':'
local function isOwn(id) return string.sub(id, 1, #own) == own end

-- Processes, by when they last asked; a time ahead of Redis's clock was not written by this script.
redis.call('ZREMRANGEBYSCORE', aliveKey, '(' .. (now + window), '+inf')
redis.call('ZREMRANGEBYSCORE', aliveKey, '-inf', '(' .. (now - horizon))
redis.call('ZADD', aliveKey, now, pid)
local function live(p)
  local seen = tonumber(redis.call('ZSCORE', aliveKey, p))
  return seen ~= nil and seen >= now - lease
end

-- The margin every decision keeps: the largest of the processes using the limit, never over a window.
redis.call('HSET', marginsKey, pid, margin)
local widest = 0
local margins = redis.call('HGETALL', marginsKey)
for i = 1, #margins, 2 do
  local m = tonumber(margins[i + 1])
  if m == nil or m < 0 or not redis.call('ZSCORE', aliveKey, margins[i]) then
    redis.call('HDEL', marginsKey, margins[i])
  elseif m > widest then
    widest = m
  end
end
widest = math.min(widest, window)
local span = window + widest

-- The log: departures within the span count; one more than a window ahead of now, or older, does not.
redis.call('ZREMRANGEBYSCORE', logKey, '-inf', '(' .. (now - span))
redis.call('ZREMRANGEBYSCORE', logKey, '(' .. (now + window), '(+inf')
-- A departure not yet stamped is +inf in the log and its claim time in pending. One never stamped within
-- the lease counts as sent at the lease's end; one without a claim time, or a claim time without one, is not.
local claims = redis.call('HGETALL', pendingKey)
for i = 1, #claims, 2 do
  local id, claimedAt = claims[i], tonumber(claims[i + 1])
  if redis.call('ZSCORE', logKey, id) ~= 'inf' or claimedAt == nil or claimedAt > now + window then
    redis.call('HDEL', pendingKey, id)
  elseif claimedAt < now - lease then
    redis.call('HDEL', pendingKey, id)
    redis.call('ZADD', logKey, claimedAt + lease, id)
  end
end
for _, id in ipairs(redis.call('ZRANGEBYSCORE', logKey, '+inf', '+inf')) do
  if not redis.call('HGET', pendingKey, id) then redis.call('ZREM', logKey, id) end
end

-- Requests of this process that stopped waiting: out of the queue; one already claimed left now.
for _, id in ipairs(gone) do
  if isOwn(id) then
    redis.call('ZREM', queueKey, id)
    if redis.call('HDEL', pendingKey, id) == 1 then redis.call('ZADD', logKey, now, id) end
  end
end
-- Requests this process sent while Redis was out.
for i, age in ipairs(past) do
  local a = tonumber(age)
  if a ~= nil and a >= 0 and a < span then redis.call('ZADD', logKey, now - a, own .. 'past:' .. now .. ':' .. i) end
end

-- A cool-down longer than any this limit sets was not set by it.
local cooldown = 0
local pausedUntil = redis.call('GET', cooldownKey)
if pausedUntil then
  local untilAt = tonumber(pausedUntil)
  if untilAt == nil or untilAt > now + maxCooldown then
    redis.call('DEL', cooldownKey)
  elseif untilAt > now then
    cooldown = untilAt - now
  end
end

-- Tickets: a counter that only grows. One that is not a plain count restarts after the last queued ticket.
local seq = redis.call('GET', seqKey)
if seq and (#seq > 15 or not string.match(seq, '^%d+$')) then
  local last = redis.call('ZRANGE', queueKey, -1, -1, 'WITHSCORES')[2]
  redis.call('SET', seqKey, math.max(0, math.floor(tonumber(last) or 0)))
end

-- This process's waiting requests get tickets in its own order (one dropped from the queue, a new one).
local function claimed(id) return redis.call('ZSCORE', logKey, id) ~= false end
local previous = -1
for _, id in ipairs(waiting) do
  if isOwn(id) and not claimed(id) then
    local ticket = tonumber(redis.call('ZSCORE', queueKey, id))
    if ticket == nil or ticket <= previous then
      ticket = redis.call('INCR', seqKey)
      redis.call('ZADD', queueKey, ticket, id)
    end
    previous = ticket
  end
end

-- The first ticket whose process still asks.
local function head()
  while true do
    local first = redis.call('ZRANGE', queueKey, 0, 0)[1]
    if first == nil then return nil end
    local owner = string.match(first, '^(.-):')
    if owner ~= nil and live(owner) then return first end
    redis.call('ZREM', queueKey, first)
  end
end

-- Turns, in ticket order, while the window has room and no cool-down is on.
local count = redis.call('ZCOUNT', logKey, '(' .. (now - span), '+inf')
local taken = 0
for _, id in ipairs(waiting) do
  if claimed(id) then
    -- A turn given before whose answer did not arrive.
    taken = taken + 1
  else
    if cooldown > 0 or count >= points or taken >= maxClaims or head() ~= id then break end
    redis.call('ZREM', queueKey, id)
    redis.call('ZADD', logKey, '+inf', id)
    redis.call('HSET', pendingKey, id, now)
    count = count + 1
    taken = taken + 1
  end
end

-- When the next waiting request may have its turn: the departure whose leaving the span makes room for
-- it and for every ticket ahead of it; -1 when that is now, or hangs on a departure not yet stamped.
local hint = 0
local nextId = waiting[taken + 1]
if nextId ~= nil then
  if cooldown > 0 then
    hint = cooldown
  else
    local ahead = tonumber(redis.call('ZRANK', queueKey, nextId)) or 0
    local needed = ahead + 1 - (points - count)
    if needed <= 0 then
      hint = -1
    elseif needed > count then
      hint = span
    else
      local freeing = redis.call('ZRANGEBYSCORE', logKey, '(' .. (now - span), '+inf', 'WITHSCORES', 'LIMIT', needed - 1, 1)[2]
      if freeing == nil or freeing == 'inf' then hint = -1 else hint = tonumber(freeing) + span - now end
    end
  end
end

-- A limit nobody uses leaves nothing behind (the cool-down expires on its own).
local keep = math.ceil(math.max(horizon, 2 * span))
for i = 1, 6 do redis.call('PEXPIRE', KEYS[i], keep) end
-- After an outage: how many processes have asked since it began (each told Redis what it sent without it).
local returned = 0
if outageAge >= 0 then returned = redis.call('ZCOUNT', aliveKey, now - outageAge, '+inf') end
return {taken, math.ceil(hint), redis.call('ZCARD', aliveKey), math.ceil(widest), math.ceil(cooldown), returned}
`;

/** KEYS: log, pending. ARGV: pid, then ids. Each id's departure is now. */
const stampScript = `${prelude}
local own = ARGV[1] .. ':'
for i = 2, #ARGV do
  local id = ARGV[i]
  if string.sub(id, 1, #own) == own then
    redis.call('HDEL', KEYS[2], id)
    redis.call('ZADD', KEYS[1], now, id)
  end
end
return 0
`;

/** KEYS: cooldown. ARGV: ms, maxCooldownMs. Every process waits until now + ms (a longer pause on stays). */
const pauseScript = `${prelude}
local ms = math.min(tonumber(ARGV[1]), tonumber(ARGV[2]))
local current = tonumber(redis.call('GET', KEYS[1]) or '')
if current ~= nil and current > now + ms and current <= now + tonumber(ARGV[2]) then return 0 end
redis.call('SET', KEYS[1], now + ms, 'PX', math.ceil(ms))
return 0
`;

/** A Redis client, either package: node-redis 4 or later (`sendCommand`), or ioredis (`call`). */
interface RedisCommands {
  send(args: readonly string[]): Promise<unknown>;
  /** Whether the client is connected: a command sent otherwise would wait in its offline queue. */
  ready(): boolean;
  onError(listener: (error: unknown) => void): void;
}

function redisCommands(client: unknown): RedisCommands | undefined {
  if (typeof client !== 'object' || client === null) return undefined;
  const redis = client as {
    sendCommand?: (args: string[]) => Promise<unknown>;
    call?: (command: string, ...args: string[]) => Promise<unknown>;
    isReady?: boolean;
    status?: string;
    on?: (event: 'error', listener: (error: unknown) => void) => unknown;
  };
  if (typeof redis.on !== 'function') return undefined;
  const onError = (listener: (error: unknown) => void) => void redis.on?.('error', listener);
  if (typeof redis.call === 'function' && typeof redis.status === 'string') {
    return {
      send: ([command, ...args]) => redis.call?.(command as string, ...args) as Promise<unknown>,
      ready: () => redis.status === 'ready',
      onError,
    };
  }
  if (typeof redis.sendCommand === 'function' && typeof redis.isReady === 'boolean') {
    return {
      send: (args) => redis.sendCommand?.([...args]) as Promise<unknown>,
      ready: () => redis.isReady === true,
      onError,
    };
  }
  return undefined;
}

/** Checks the client, and returns the limits' commands on it, each through one guard. */
export function createSharedLimits(options: SharedLimitOptions): SharedLimits {
  const commands = redisCommands(options.client);
  if (commands === undefined) {
    throw usageError(
      'createRateLimit: redis must be a client from the redis (4 or later) or ioredis package, such as createClient({ url }) from redis.',
    );
  }
  const { name } = options;
  const guard = createStoreGuard({
    layer: 'rate-limit',
    timeoutMs: options.timeoutMs,
    onStoreError: options.onStoreError,
    meanwhile: 'this process keeps its share of the limit on its own',
    ready: commands.ready,
  });
  // A client's `error` event is the first sign of an outage; listened to, it also never ends the process.
  commands.onError((error) => guard.failed(error));
  const pid = randomId();
  // EVAL sends the script each time (Redis keeps it compiled by its hash): a restarted Redis, which has
  // lost every loaded script, needs nothing more.
  const evaluate = (script: string, keys: readonly string[], args: readonly (string | number)[]) =>
    guard.run(() => commands.send(['EVAL', script, String(keys.length), ...keys, ...args.map(String)]));
  const limits = new Map<string, SharedLimit>();
  const forKey = (keyId: string) => {
    let limit = limits.get(keyId);
    if (limit === undefined) {
      // One hash tag: every key of a limit in one slot, as a Redis Cluster needs for a script.
      limit = sharedLimit({
        ...options,
        guard,
        pid,
        evaluate,
        key: (part) => `pdg-rate-limit:{${name}:${keyId}}:${part}`,
      });
      limits.set(keyId, limit);
    }
    return limit;
  };
  return { guard, forKey };
}

interface LimitParts extends SharedLimitOptions {
  readonly guard: StoreGuard;
  readonly pid: string;
  readonly evaluate: (script: string, keys: readonly string[], args: readonly (string | number)[]) => Promise<unknown>;
  /** The Redis key of one part of this limit. */
  readonly key: (part: string) => string;
}

/** One key's limit in Redis: its turns, stamps and pauses. */
function sharedLimit(parts: LimitParts): SharedLimit {
  const { points, windowMs, maxCooldownMs, leaseMs, guard, pid, evaluate, key } = parts;
  const turnKeys = ['seq', 'queue', 'log', 'pending', 'alive', 'margins', 'cooldown'].map(key);
  return {
    pid,
    guard,
    turn: async (request) => {
      const reply = await evaluate(turnScript, turnKeys, [
        pid,
        points,
        windowMs,
        request.marginMs,
        leaseMs,
        peersHorizonMs,
        maxCooldownMs,
        request.maxClaims,
        Math.round(request.outageAgeMs),
        request.waiting.length,
        ...request.waiting,
        request.gone.length,
        ...request.gone,
        request.pastAgesMs.length,
        ...request.pastAgesMs.map((age) => age.toFixed(3)),
      ]);
      const numbers = Array.isArray(reply) ? reply.map(Number) : [];
      if (numbers.length !== 6 || !numbers.every(Number.isFinite)) {
        throw new Error(`the rate limit's script answered ${JSON.stringify(reply)}`);
      }
      const [claimed, hintMs, peers, marginMs, cooldownMs, returned] = numbers as [
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      return { claimed, hintMs, peers, marginMs, cooldownMs, returned };
    },
    stamp: async (ids) => {
      await evaluate(stampScript, [key('log'), key('pending')], [pid, ...ids]);
    },
    pause: async (ms) => {
      await evaluate(pauseScript, [key('cooldown')], [Math.ceil(ms), maxCooldownMs]);
    },
  };
}

/** A process id: random, with no `:` (the separator of request ids). */
function randomId(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * The id of an API key's limit in Redis: a SHA-256 of the key (with this layer's name, so it matches no
 * other use of one), never the key itself.
 */
export async function keyIdOf(apiKey: string): Promise<string> {
  const bytes = new TextEncoder().encode(`pdg-rate-limit\n${apiKey}`);
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
