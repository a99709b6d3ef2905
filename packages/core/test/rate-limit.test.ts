import { EventEmitter } from 'node:events';
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createClient,
  defineEndpoint,
  defineProvider,
  type HookContext,
  isPdgError,
  type RateLimitEvent,
  stringParam,
} from '../src/index.js';
import { createRateLimit, type StoreErrorEvent } from '../src/rate-limit-entry.js';
import { json, type Loopback, loopback } from './loopback.js';

const quotes = defineProvider({
  id: 'finance:quotes',
  description: 'Quotes, one symbol at a time.',
  endpoints: {
    quote: defineEndpoint({
      description: 'The last price of a symbol.',
      params: v.strictObject({ symbol: stringParam('ticker') }),
      response: v.looseObject({ symbol: v.string(), price: v.number() }),
    }),
  },
});

let server: Loopback | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Arrival times at the gateway, in ms since the first. */
function offsets(times: number[]): number[] {
  const first = times[0] ?? 0;
  return times.map((time) => time - first);
}

/** The most requests in any window of `ms` (sliding), from sorted arrival times. */
function busiestWindow(times: number[], ms: number): number {
  let most = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while ((times[end] ?? 0) - (times[start] ?? 0) >= ms) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

describe('createRateLimit (one process)', () => {
  it('queues calls so no more than points go out in a window, and reports the time queued', async () => {
    const arrivals: number[] = [];
    server = await loopback((request, response) => {
      arrivals.push(performance.now());
      json(response, 200, { symbol: new URL(request.url ?? '/', 'http://x').searchParams.get('symbol'), price: 1 });
    });
    const queued: (HookContext & RateLimitEvent)[] = [];
    const sent: number[] = [];
    const pdg = createClient({
      providers: [quotes],
      apiKey: 'limit-test-key-3e9a',
      baseUrl: server.url,
      rateLimit: createRateLimit({ points: 3, durationSeconds: 0.5 }),
      hooks: { onRateLimit: (event) => void queued.push(event) },
      // When each request left: what the limit decides. (Arrival stamps at a server sharing a loaded
      // machine can bunch when that process stalls.)
      fetch: (input, init) => {
        sent.push(performance.now());
        return globalThis.fetch(input, init);
      },
    });
    const symbols = ['AAA', 'BBB', 'CCC', 'DDD', 'EEE', 'FFF', 'GGG'];
    const results = await Promise.all(symbols.map((symbol) => pdg.run('finance:quotes', 'quote', { symbol })));
    expect(results.map((result) => result.symbol)).toEqual(symbols);
    expect(arrivals).toHaveLength(7);
    expect(sent).toHaveLength(7);
    expect(busiestWindow(sent, 500)).toBeLessThanOrEqual(3);
    // 7 requests at 3 per 0.5 s need three windows: the last cannot go before 1 s.
    expect(offsets(sent).at(-1)).toBeGreaterThanOrEqual(1000);
    const waits = queued.filter((event) => event.type === 'queued');
    expect(waits.length).toBeGreaterThanOrEqual(4);
    expect(waits.every((event) => event.provider === 'finance:quotes' && event.endpoint === 'quote')).toBe(true);
  });

  it('a 429 with Retry-After pauses every call of the client once, then all go on', async () => {
    const arrivals: { at: number; symbol: string | null }[] = [];
    let refused = false;
    server = await loopback((request, response) => {
      const symbol = new URL(request.url ?? '/', 'http://x').searchParams.get('symbol');
      arrivals.push({ at: performance.now(), symbol });
      if (!refused) {
        refused = true;
        return json(response, 429, { status: 'error', message: 'Rate limit exceeded.' }, { 'retry-after': '1' });
      }
      json(response, 200, { symbol, price: 2 });
    });
    const events: RateLimitEvent[] = [];
    let cooling: () => void = () => {};
    const cooldownStarted = new Promise<void>((resolve) => {
      cooling = resolve;
    });
    const pdg = createClient({
      providers: [quotes],
      apiKey: 'limit-test-key-3e9a',
      baseUrl: server.url,
      retry: 2,
      rateLimit: createRateLimit({ points: 100, durationSeconds: 1 }),
      hooks: {
        onRateLimit: (event) => {
          events.push(event);
          if (event.type === 'cooldown') cooling();
        },
      },
    });
    const first = pdg.run('finance:quotes', 'quote', { symbol: 'AAA' });
    // The others are called once the client has seen the 429 (on a loaded machine its answer may take longer
    // than any fixed wait): from then on, every call waits out the cool-down.
    await cooldownStarted;
    const others = ['BBB', 'CCC', 'DDD'].map((symbol) => pdg.run('finance:quotes', 'quote', { symbol }));
    const results = await Promise.all([first, ...others]);
    expect(results.map((result) => result.symbol)).toEqual(['AAA', 'BBB', 'CCC', 'DDD']);
    const refusedAt = arrivals[0]?.at ?? 0;
    // Nothing reached the gateway during the pause: the retry of AAA and the three others came after it.
    expect(arrivals.slice(1).every((arrival) => arrival.at - refusedAt >= 950)).toBe(true);
    expect(arrivals).toHaveLength(5);
    expect(events).toContainEqual(expect.objectContaining({ type: 'cooldown', seconds: 1 }));
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'headers', status: 429, headers: { 'retry-after': '1' } }),
    );
  });

  it("a caller's abort while queued ends its wait at once and takes no place from the others", async () => {
    // The limit's clock (performance.now) and timers are the test's, and the gateway is a fetch that answers
    // at once: the windows are counted as the clock is moved, however slow the machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      // The symbols in the order the limit handed their requests to fetch.
      const sent: string[] = [];
      const pdg = createClient({
        providers: [quotes],
        apiKey: 'limit-test-key-3e9a',
        baseUrl: 'http://gateway.test',
        retry: 0,
        rateLimit: createRateLimit({ points: 1, durationSeconds: 2 }),
        fetch: async (input) => {
          const symbol = new URL((input as Request).url).searchParams.get('symbol') ?? '';
          sent.push(symbol);
          return new Response(JSON.stringify({ symbol, price: 1 }), {
            headers: { 'content-type': 'application/json' },
          });
        },
      });
      await pdg.run('finance:quotes', 'quote', { symbol: 'AAA' });
      const leaving = new AbortController();
      const abandoned = pdg.run('finance:quotes', 'quote', { symbol: 'BBB' }, { signal: leaving.signal });
      const next = pdg.run('finance:quotes', 'quote', { symbol: 'CCC' });
      await vi.advanceTimersByTimeAsync(50);
      leaving.abort(new Error('no longer needed'));
      await expect(abandoned).rejects.toThrow('no longer needed');
      // BBB gave up before the next window opened: the abort, not the window, ended its wait.
      expect(sent).toEqual(['AAA']);
      const after = pdg.run('finance:quotes', 'quote', { symbol: 'DDD' });
      // Past one window after AAA (2 s and the limit's margin, under 2.5 s): CCC has gone, in the place BBB
      // left (had BBB kept it, CCC would wait a second window); DDD waits one window more.
      await vi.advanceTimersByTimeAsync(2_450);
      expect(sent).toEqual(['AAA', 'CCC']);
      await vi.advanceTimersByTimeAsync(2_500);
      expect(sent).toEqual(['AAA', 'CCC', 'DDD']);
      expect((await Promise.all([next, after])).map((quote) => quote.symbol)).toEqual(['CCC', 'DDD']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses bad options with what to pass', () => {
    expect(() => createRateLimit({ points: 0, durationSeconds: 1 })).toThrow(
      'points must be a whole number of requests, 1 or more (received 0)',
    );
    expect(() => createRateLimit({ points: 10, durationSeconds: 0 })).toThrow('durationSeconds must be a number');
    for (const redis of ['redis://127.0.0.1', {}, { on: () => undefined }]) {
      expect(() => createRateLimit({ points: 10, durationSeconds: 1, redis })).toThrow(
        'redis must be a client from the redis (4 or later) or ioredis package',
      );
    }
    expect(() => createRateLimit({ points: 10, durationSeconds: 1, storeTimeoutMs: 0.5 })).toThrow(
      'storeTimeoutMs must be a whole number of ms, 1 or more (received 0.5)',
    );
    try {
      createRateLimit({ points: 1.5, durationSeconds: 1 });
    } catch (error) {
      expect(isPdgError(error) && error.code).toBe('USAGE');
    }
  });
});

/**
 * Blocks this process's event loop now and then (30 to 120 ms, every 40 ms), as a loaded machine does: the
 * limit's timers fire late, and requests and answers come in bunches. Returns what ends it.
 */
function stallNowAndThen(): () => void {
  const lengths = [30, 90, 60, 120];
  let turn = 0;
  const timer = setInterval(() => {
    const until = performance.now() + (lengths[turn++ % lengths.length] as number);
    while (performance.now() < until) {
      // Busy: nothing else runs in this process meanwhile.
    }
  }, 40);
  return () => clearInterval(timer);
}

/**
 * Callers that each call again as soon as they are answered; every call's symbol names it. `made` is the
 * order the calls were made in, `departed` the order their requests were handed to fetch, and `sent` when.
 */
async function callers(options: {
  rateLimit: ReturnType<typeof createRateLimit>;
  count: number;
  calls: number;
  timeout?: number;
}) {
  const made: string[] = [];
  const departed: string[] = [];
  const sent: number[] = [];
  const pdg = createClient({
    providers: [quotes],
    apiKey: 'limit-test-key-3e9a',
    baseUrl: server?.url ?? '',
    retry: 0,
    rateLimit: options.rateLimit,
    // Called when the limit lets a request go: the point the limit controls.
    fetch: (input, init) => {
      departed.push(new URL((input as Request).url).searchParams.get('symbol') ?? '');
      sent.push(performance.now());
      return globalThis.fetch(input, init);
    },
  });
  const failures: unknown[] = [];
  await Promise.all(
    Array.from({ length: options.count }, async (_, caller) => {
      for (let call = 0; call < options.calls; call++) {
        const symbol = `C${caller}-${call}`;
        made.push(symbol);
        await pdg
          .run('finance:quotes', 'quote', { symbol }, options.timeout ? { timeout: options.timeout } : {})
          .catch((error: unknown) => void failures.push(error));
      }
    }),
  );
  return { made, departed, sent: [...sent].sort((a, b) => a - b), failures };
}

const answerQuotes = () =>
  loopback((request, response) =>
    json(response, 200, { symbol: new URL(request.url ?? '/', 'http://x').searchParams.get('symbol'), price: 1 }),
  );

describe('createRateLimit: first come, first served, and exact under stalls', () => {
  it('30 callers at 10 per 250 ms leave in the order they called, never more than 10 in a window, on 3 runs', async () => {
    server = await answerQuotes();
    const resume = stallNowAndThen();
    try {
      for (let run = 1; run <= 3; run++) {
        const { made, departed, sent, failures } = await callers({
          rateLimit: createRateLimit({ points: 10, durationSeconds: 0.25 }),
          count: 30,
          calls: 2,
        });
        expect(failures).toEqual([]);
        expect(departed).toEqual(made);
        expect(busiestWindow(sent, 250)).toBeLessThanOrEqual(10);
        // 60 requests at 10 a window need six windows: the limit was at work.
        expect(offsets(sent).at(-1)).toBeGreaterThanOrEqual(5 * 250);
      }
    } finally {
      resume();
    }
  });
});

/** A node-redis-like client that the test controls: whether it is connected, and what its commands do. */
class FakeRedis extends EventEmitter {
  isReady = true;
  commands = 0;
  constructor(private readonly answer: () => Promise<unknown>) {
    super();
  }
  sendCommand(): Promise<unknown> {
    this.commands++;
    return this.answer();
  }
}

describe('createRateLimit with a Redis that is out', () => {
  const never = () => new Promise<never>(() => undefined);

  it('calls never wait on a Redis that does not answer: the process counts alone, in order, within the limit, on 3 runs', async () => {
    server = await answerQuotes();
    const redis = new FakeRedis(never);
    const outages: StoreErrorEvent[] = [];
    const rateLimit = createRateLimit({
      points: 5,
      durationSeconds: 0.25,
      redis,
      storeTimeoutMs: 50,
      onStoreError: (event) => void outages.push(event),
    });
    const resume = stallNowAndThen();
    try {
      for (let run = 1; run <= 3; run++) {
        // Every call's timeout is far below forever, what a command to this Redis would take.
        const { made, departed, sent, failures } = await callers({ rateLimit, count: 10, calls: 2, timeout: 20_000 });
        expect(failures).toEqual([]);
        expect(departed).toEqual(made);
        expect(busiestWindow(sent, 250)).toBeLessThanOrEqual(5);
      }
    } finally {
      resume();
    }
    // Told once, not per call; and Redis was probed now and then, not asked by each of the 60 requests.
    expect(outages.map((event) => event.state)).toEqual(['down']);
    expect(outages[0]?.message).toContain('did not answer within 50 ms');
    expect(redis.commands).toBeLessThan(60);
  });

  it('a client that is not connected is sent nothing (no command waits in its offline queue)', async () => {
    server = await answerQuotes();
    const redis = new FakeRedis(never);
    redis.isReady = false;
    const outages: StoreErrorEvent[] = [];
    const rateLimit = createRateLimit({
      points: 5,
      durationSeconds: 1,
      redis,
      onStoreError: (event) => void outages.push(event),
    });
    const { failures, departed } = await callers({ rateLimit, count: 3, calls: 1, timeout: 20_000 });
    expect(failures).toEqual([]);
    expect(departed).toHaveLength(3);
    expect(redis.commands).toBe(0);
    expect(outages.map((event) => event.state)).toEqual(['down']);
    expect(outages[0]?.message).toContain('client is not connected');
  });

  it("the client's error event is listened to: the outage is told once and nothing is thrown", async () => {
    const redis = new FakeRedis(() => Promise.reject(new Error('Socket closed unexpectedly')));
    // Without a listener, an EventEmitter throws the error it emits (node-redis's would end the process).
    expect(() => new FakeRedis(never).emit('error', new Error('no listener'))).toThrow('no listener');
    const outages: StoreErrorEvent[] = [];
    createRateLimit({ points: 5, durationSeconds: 1, redis, onStoreError: (event) => void outages.push(event) });
    for (let i = 0; i < 3; i++)
      expect(() => redis.emit('error', new Error('Socket closed unexpectedly'))).not.toThrow();
    expect(outages.map((event) => event.state)).toEqual(['down']);
    expect(String((outages[0] as { error?: unknown }).error)).toContain('Socket closed unexpectedly');
  });
});
