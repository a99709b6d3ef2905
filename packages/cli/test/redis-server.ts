/**
 * A redis-server of a test file's own, on a free port of 127.0.0.1 with nothing saved to disk, and a wait on
 * a queue's status read in the test's process (`pdg queue status` prints the same `walkStatus`), so a test
 * waiting for a walk starts no `pdg` per poll.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { type WalkStatus, walkStatus } from '@pdg/queue';
import { Queue } from 'bullmq';

export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Starts redis-server; resolves once it accepts connections, with its URL and how to stop it. */
export async function startRedisServer(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    redis.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    redis.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  return { url: `redis://127.0.0.1:${port}`, stop: () => redis.kill() };
}

/** Reads the queue's status every 100 ms until `reached` holds; bounded (240 s) only against a hang. */
export async function waitForStatus(
  redisUrl: string,
  queueName: string,
  what: string,
  reached: (status: WalkStatus) => boolean,
): Promise<void> {
  const queue = new Queue(queueName, { connection: { url: redisUrl } });
  queue.on('error', () => undefined);
  try {
    const until = Date.now() + 240_000;
    while (!reached(await walkStatus(queue))) {
      if (Date.now() > until) throw new Error(`waited 240 s for ${what} on the queue ${queueName}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await queue.close();
  }
}
