/**
 * A real Redis server for the shared-cache and shared-limit tests: the one `.ci/run` starts (PDG_REDIS_URL),
 * else a `redis-server` on this machine started on a free loopback port for the run. Without either the
 * tests are skipped locally, saying why; in CI (CI set) that is a failure instead.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

export interface RedisServer {
  readonly url: string;
  stop(): Promise<void>;
}

export type RedisOrReason = { readonly server: RedisServer } | { readonly skip: string };

export async function findRedis(): Promise<RedisOrReason> {
  const given = process.env.PDG_REDIS_URL;
  if (given) return { server: { url: given, stop: async () => undefined } };
  if (spawnSync('redis-server', ['--version']).status === 0) return { server: await startRedis() };
  const reason =
    'no Redis: set PDG_REDIS_URL, or install redis-server (Debian: apt-get install redis-server); .ci/run does both';
  if (process.env.CI) throw new Error(`The shared-cache and shared-limit tests need Redis in CI: ${reason}.`);
  return { skip: reason };
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start in 10 s:\n${output}`)), 10_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}):\n${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
