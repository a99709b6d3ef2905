/**
 * A since-style param: the first run walks everything; the next is sent the stored high-water mark (the
 * largest value of the item field the key ends with) and fetches only from there, whether `harvest` runs it or
 * a queue's worker (its first request carries the mark). An endpoint with neither a newest-first order nor a
 * since-style param is walked whole, and the summary says why.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, defineProvider, integerParam, optional, pageOf, record, stringParam } from '@pdg/core';
import { addWalk, createWalkWorker } from '@pdg/queue';
import { Queue } from 'bullmq';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisServerReason, startRedis, waitFor } from '../../queue/test/fleet.js';
import { harvest, openStore, parseTarget, storeSink } from '../src/index.js';

const candle = record({ openTime: v.pipe(v.number(), v.integer()), close: v.number() });
const candles = defineProvider({
  id: 'finance:candles',
  description: 'Candles, for the since-style param.',
  endpoints: {
    kline: {
      description: 'Candles of a symbol from `start` on, page by page.',
      params: v.strictObject({
        symbol: stringParam(),
        start: optional(integerParam({ min: 0 })),
        page: optional(integerParam({ min: 1 })),
      }),
      ...pageOf('items', candle),
      itemKey: [{ param: 'symbol' }, 'openTime'],
    },
    tickers: {
      description: 'Tickers, neither sorted newest first nor with a since-style param.',
      params: v.strictObject({ page: optional(integerParam({ min: 1 })) }),
      ...pageOf('items', candle),
      itemKey: ['openTime'],
    },
  },
});

/** 25 candles, one a minute; 10 a page, from `start` on. */
const series = Array.from({ length: 25 }, (_, index) => ({ openTime: 60_000 * (index + 1), close: 100 + index }));
const asked: URLSearchParams[] = [];
const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  asked.push(url.searchParams);
  const start = Number(url.searchParams.get('start') ?? 0);
  const page = Number(url.searchParams.get('page') ?? 1);
  const from = series.filter((item) => item.openTime >= start);
  const items = from.slice((page - 1) * 10, page * 10);
  const hasMore = page * 10 < from.length;
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ page, hasMore, ...(hasMore ? { nextPage: page + 1 } : {}), items }));
});
const dir = mkdtempSync(join(tmpdir(), 'pdg-store-since-'));
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function harvestInto(endpoint: string, params: Record<string, unknown>) {
  const client = createClient({ providers: [candles], baseUrl, apiKey: 'test-key' });
  const store = await openStore(parseTarget(`duckdb:${join(dir, 'candles.duckdb')}`));
  try {
    asked.length = 0;
    const summary = await harvest(client, { provider: 'finance:candles', endpoint, params }, store);
    return { summary, asked: asked.map((query) => Object.fromEntries(query)) };
  } finally {
    await store.close();
  }
}

it('sends the stored high-water mark as the since-style param on the next run', async () => {
  const first = await harvestInto('kline', { symbol: 'BTCUSDT' });
  expect(first.summary).toMatchObject({ mode: 'full', pages: 3, inserted: 25, rows: 25 });
  series.push({ openTime: 60_000 * 26, close: 125 }, { openTime: 60_000 * 27, close: 126 });
  const next = await harvestInto('kline', { symbol: 'BTCUSDT' });
  expect(next.asked).toEqual([{ symbol: 'BTCUSDT', start: String(60_000 * 25) }]);
  expect(next.summary).toMatchObject({ mode: 'since', pages: 1, inserted: 2, unchanged: 1, rows: 27 });
  expect(next.summary.modeReason).toContain(`start is sent the stored high-water mark ${60_000 * 25}`);
});

it('walks an endpoint with neither a newest-first order nor a since-style param whole, saying why', async () => {
  await harvestInto('tickers', {});
  const again = await harvestInto('tickers', {});
  expect(again.summary).toMatchObject({ mode: 'full', pages: 3, unchanged: 27 });
  expect(again.summary.modeReason).toContain('neither a newest-first order nor a since-style param');
});

describe.runIf(!redisServerReason() || process.env.CI === 'true')('a queue walk into a store', () => {
  it('is sent the stored high-water mark on its first request, once a run of it completed', async () => {
    const redis = await startRedis();
    const client = createClient({ providers: [candles], baseUrl, apiKey: 'test-key' });
    const store = await openStore(parseTarget(`duckdb:${join(dir, 'queued-candles.duckdb')}`));
    const queue = new Queue('since', { connection: { url: redis.url } });
    const worker = createWalkWorker({
      client,
      connection: { url: redis.url },
      queueName: 'since',
      sink: storeSink(store, client),
    });
    const walk = { provider: 'finance:candles', endpoint: 'kline', params: { symbol: 'ETHUSDT' } };
    const run = async () => {
      asked.length = 0;
      const { id } = await addWalk(queue, walk, { providers: [candles] });
      await waitFor(`${id} to complete`, async () => (await queue.getJobState(id)) === 'completed', 120_000);
      const [ledger] = await store.readRuns([id]);
      return { ledger, asked: asked.map((query) => Object.fromEntries(query)) };
    };
    try {
      const first = await run();
      expect(first.ledger).toMatchObject({ mode: 'full', pages: Math.ceil(series.length / 10) });
      expect(first.asked[0]).toEqual({ symbol: 'ETHUSDT' });
      const mark = Math.max(...series.map((item) => item.openTime));
      series.push({ openTime: mark + 60_000, close: 1 }, { openTime: mark + 120_000, close: 2 });
      const next = await run();
      expect(next.asked).toEqual([{ symbol: 'ETHUSDT', start: String(mark) }]);
      expect(next.ledger).toMatchObject({ mode: 'since', pages: 1, inserted: 2, unchanged: 1 });
      expect(next.ledger?.modeReason).toContain(`start is sent the stored high-water mark ${mark}`);
    } finally {
      await worker.close();
      await queue.close();
      await store.close();
      await redis.stop();
    }
  });
});
