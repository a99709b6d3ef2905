/**
 * Memory, one measurement per process (run with --expose-gc; `run.ts` starts them):
 *   node --expose-gc memory.ts calls pdg|ky   heap 2 s after 20,000 calls on a stub fetch
 *   node --expose-gc memory.ts walk           heap before and after items() over 10,000 items (1 KB each)
 * Each prints one JSON line.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  createClient,
  defineEndpoint,
  defineProvider,
  integerParam,
  optional,
  pageOf,
  pageParams,
  record,
  stringParam,
} from '@pdg/core';
import ky from 'ky';
import * as v from 'valibot';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
/**
 * Live heap after full collections. Between them the event loop turns, so finalizers the runtime
 * queued (an AbortSignal's bookkeeping is released that way) run as they would in a process that lives on.
 */
const heap = async () => {
  for (let round = 0; round < 4; round++) {
    gc();
    await sleep(10);
  }
  return process.memoryUsage().heapUsed;
};

const body = JSON.stringify({
  items: Array.from({ length: 20 }, (_, index) => ({ id: `b${index}`, title: `Book ${index}` })),
});
const stubFetch = async () => new Response(body, { headers: { 'content-type': 'application/json' } });
const response = v.looseObject({
  items: v.array(v.looseObject({ id: v.nullish(v.string()), title: v.nullish(v.string()) })),
});

const shelf = defineProvider({
  id: 'books:shelf',
  description: 'Books.',
  endpoints: {
    search: defineEndpoint({
      description: 'Search books.',
      params: v.strictObject({ q: stringParam('words'), limit: optional(integerParam('page size', { min: 1 })) }),
      response: v.looseObject({ items: v.array(record({ id: v.string(), title: v.string() })) }),
    }),
    shelves: defineEndpoint({
      description: 'Every book, page by page.',
      params: v.strictObject({ ...pageParams() }),
      ...pageOf('items', record({ id: v.string(), title: v.string() })),
    }),
  },
});

const [mode, side] = process.argv.slice(2);
if (mode === 'calls') {
  const calls = Number(process.env.CALLS ?? 20_000);
  const before = await heap();
  if (side === 'pdg') {
    const pdg = createClient({
      providers: [shelf],
      apiKey: 'bench-key',
      baseUrl: 'https://bench.pdg.test',
      fetch: stubFetch,
    });
    for (let index = 0; index < calls; index++) await pdg.run('books:shelf', 'search', { q: 'tides', limit: 5 });
  } else {
    // ky's own default per-attempt timeout (10 s) is what a plain ky call carries.
    const api = ky.create({ fetch: stubFetch, headers: { 'x-api-key': 'bench-key' } });
    for (let index = 0; index < calls; index++) {
      v.parse(
        response,
        await api
          .get('https://bench.pdg.test/v1/books:shelf/search', { searchParams: { q: 'tides', limit: 5 } })
          .json(),
      );
    }
  }
  await sleep(2_000);
  console.log(JSON.stringify({ before, after: await heap() }));
} else if (mode === 'serve') {
  // 10,000 items in pages of 100, each item about 1 KB. A process of its own, so the walk's heap holds the client alone.
  const pageSize = 100;
  const total = Number(process.env.WALK_TOTAL ?? 10_000);
  const filler = 'x'.repeat(1_000);
  const server = createServer((request, reply) => {
    const page = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('page') ?? 1);
    const items = Array.from({ length: pageSize }, (_, index) => ({
      id: `i${(page - 1) * pageSize + index}`,
      title: filler,
    }));
    reply.writeHead(200, { 'content-type': 'application/json' });
    reply.end(JSON.stringify({ page, hasMore: page * pageSize < total, items }));
  });
  server.listen(0, '127.0.0.1', () => console.log((server.address() as AddressInfo).port));
  process.stdin.on('end', () => process.exit(0)).resume();
} else if (mode === 'walk') {
  const server = spawn(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), 'serve'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [port] = (await once(server.stdout, 'data')) as [Buffer];
  const pdg = createClient({
    providers: [shelf],
    apiKey: 'bench-key',
    baseUrl: `http://127.0.0.1:${String(port).trim()}`,
  });
  // One whole walk first, so what the first walk leaves for good (compiled code, the open connection) is
  // in both figures and the difference is what a walk keeps.
  for await (const _ of pdg.items('books:shelf', 'shelves'));
  const before = await heap();
  let seen = 0;
  let peak = 0;
  for await (const _item of pdg.items('books:shelf', 'shelves')) {
    seen++;
    if (seen % 1_000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
  }
  const after = await heap();
  server.stdin.end();
  console.log(JSON.stringify({ before, after, items: seen, peak }));
} else {
  throw new Error('usage: node --expose-gc memory.ts calls pdg|ky | walk');
}
