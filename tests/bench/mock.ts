/**
 * The mock gateway under load, servers in a process of their own (`run.ts` starts this file):
 *   node mock.ts rps        requests per second at concurrency 16: the mock gateway against a bare
 *                           node:http server answering the same body
 *   node mock.ts walk       items() over a 12,000-item and a 50,000-item listing: items per second
 *                           on a second walk (the first builds the listing and warms up)
 *   node mock.ts serve <mock|bare> <listingSize>   (the server process)
 * Each measuring mode prints one JSON line.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createClient } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { startMockGateway } from '@pdg/mock';

const apiKey = 'bench-key-not-a-secret';
const path = '/v1/jobs:jobboard/browse?country=SG';

async function server(kind: 'mock' | 'bare', listingSize = 250): Promise<{ url: string; stop: () => void }> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'serve', kind, String(listingSize)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  return { url: String(line).trim(), stop: () => child.stdin.end() };
}

/** `count` GETs of `url`, `concurrency` at a time; requests per second. */
async function load(url: string, count: number, concurrency: number): Promise<number> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const response = await fetch(url, { headers: { 'x-api-key': apiKey } });
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      await response.arrayBuffer();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return count / ((performance.now() - started) / 1000);
}

const [mode, kind, size] = process.argv.slice(2);
if (mode === 'serve') {
  if (kind === 'mock') {
    const gateway = await startMockGateway({
      providers: [jobboard],
      fixtures,
      port: 0,
      apiKeys: [apiKey],
      listingSize: Number(size),
    });
    console.log(gateway.url);
    process.stdin.on('end', () => gateway.close().then(() => process.exit(0))).resume();
  } else {
    // The body the mock gateway gives for the same request, answered as fast as node:http can.
    const gateway = await startMockGateway({ providers: [jobboard], fixtures, port: 0, apiKeys: [apiKey] });
    const body = await (await fetch(gateway.url + path, { headers: { 'x-api-key': apiKey } })).text();
    await gateway.close();
    const bare = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    });
    bare.listen(0, '127.0.0.1', () => console.log(`http://127.0.0.1:${(bare.address() as AddressInfo).port}`));
    process.stdin.on('end', () => process.exit(0)).resume();
  }
} else if (mode === 'rps') {
  const count = 4_000;
  const results: Record<string, number> = {};
  for (const which of ['bare', 'mock'] as const) {
    const running = await server(which);
    await load(running.url + path, 400, 16);
    results[which] = await load(running.url + path, count, 16);
    running.stop();
  }
  console.log(JSON.stringify(results));
} else if (mode === 'walk') {
  const results: Record<string, number> = {};
  for (const listingSize of [12_000, 50_000]) {
    const running = await server('mock', listingSize);
    const pdg = createClient({ providers: [jobboard], apiKey, baseUrl: running.url });
    // Each listing walked twice, the second timed: the first builds the listing and warms both processes,
    // so what is left is what every page request costs.
    for (const timed of [false, true]) {
      const started = performance.now();
      let seen = 0;
      for await (const _job of pdg.items('jobs:jobboard', 'browse', { country: 'SG', limit: 100 })) seen++;
      if (seen !== listingSize) throw new Error(`walked ${seen} items of a ${listingSize}-item listing`);
      if (timed) results[listingSize] = seen / ((performance.now() - started) / 1000);
    }
    running.stop();
  }
  console.log(JSON.stringify(results));
} else {
  throw new Error('usage: node mock.ts rps | walk');
}
