/**
 * What the `pdg queue` tests share: a redis-server of a test file's own, on a free port of 127.0.0.1 with
 * nothing saved to disk (with the mock gateway and a folder for the walks' files: `queueTestBed`); a
 * `pdg queue work` process over it; and a wait on a queue's status read in the test's
 * process (`pdg queue status` prints the same `walkStatus`), so a test waiting for a walk starts no `pdg` per poll.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { type WalkStatus, walkStatus } from '@pdg/queue';
import { Queue } from 'bullmq';
import { afterAll, beforeAll } from 'vitest';
import { cleanEnv, cli } from './run-cli.js';

export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Starts redis-server (with `settings` such as `['--requirepass', '…']`); resolves once it accepts connections,
 * with its URL and how to stop it.
 */
export async function startRedisServer(settings: readonly string[] = []): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...settings],
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

/** What a `pdg queue` test works over, once its `beforeAll` ran: its Redis, the mock gateway, a folder of its own. */
export interface QueueTestBed {
  readonly redisUrl: string;
  readonly gateway: RunningMockGateway;
  readonly dir: string;
}

/**
 * Starts a redis-server, the mock gateway (jobs:jobboard's fixtures) and a temporary folder (named from
 * `folderPrefix`) before the tests of the enclosing `describe`, and stops them after.
 */
export function queueTestBed(folderPrefix: string): QueueTestBed {
  let redis: Awaited<ReturnType<typeof startRedisServer>> | undefined;
  let gateway: RunningMockGateway | undefined;
  let dir = '';
  beforeAll(async () => {
    redis = await startRedisServer();
    gateway = await startMockGateway({ providers: [jobboard], fixtures });
    dir = await mkdtemp(join(tmpdir(), folderPrefix));
  });
  afterAll(async () => {
    redis?.stop();
    await gateway?.close();
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('queueTestBed: read before its beforeAll ran');
    return value;
  };
  return {
    get redisUrl() {
      return started(redis).url;
    },
    get gateway() {
      return started(gateway);
    },
    get dir() {
      return dir;
    },
  };
}

/** A `pdg queue work` process a test started: the child, what it wrote on stderr so far, and how it ended. */
export interface QueueWorker {
  readonly child: ChildProcess;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

/** Starts `pdg queue work` with `flags` over the Redis at `redisUrl`, with no key or gateway from the environment. */
export function startQueueWork(redisUrl: string, flags: readonly string[]): QueueWorker {
  const child = spawn(process.execPath, [cli, 'queue', 'work', ...flags], {
    env: { ...cleanEnv, PDG_REDIS_URL: redisUrl },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, stderr: () => stderr };
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
