/**
 * A real Redis server for the shared-cache and shared-limit tests: each test file's own, a `redis-server`
 * started on a free loopback port for the file, when this machine has the binary (`.ci/run` installs it); else
 * the one PDG_REDIS_URL names, shared by the files, which then run one at a time (vitest.config.ts). The tests
 * that kill or pause Redis always start their own. Without Redis the tests are skipped locally, saying why; in
 * CI (CI set) that is a failure instead.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

/** Whether this machine can start redis-servers: then every test file has its own, and the files run side by side. */
export const canStartRedis = (): boolean => spawnSync('redis-server', ['--version']).status === 0;

export interface RedisServer {
  readonly url: string;
  stop(): Promise<void>;
}

export type RedisOrReason = { readonly server: RedisServer } | { readonly skip: string };

/** The test file's Redis: its own redis-server when the machine can start one, else PDG_REDIS_URL's. */
export async function findRedis(): Promise<RedisOrReason> {
  if (canStartRedis()) return { server: await startRedis() };
  const given = process.env.PDG_REDIS_URL;
  if (given) return { server: { url: given, stop: async () => undefined } };
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

/** A redis-server of the test's own, on a free loopback port, that the test may kill, pause and restart. */
export interface OwnRedisServer extends RedisServer {
  /** SIGSTOP: the server keeps its connections and answers nothing. */
  pause(): void;
  /** SIGCONT. */
  resume(): void;
  /** SIGKILL: connections close, and everything it held is gone. */
  kill(): Promise<void>;
  /** Starts a new server on the same port (after `kill`). */
  restart(): Promise<void>;
}

/**
 * Starts a redis-server of the test's own (tests that kill or pause Redis need one no other test shares);
 * without the binary the tests are skipped locally, saying why, and fail in CI.
 */
export async function ownRedis(): Promise<{ readonly server: OwnRedisServer } | { readonly skip: string }> {
  if (canStartRedis()) return { server: await startRedis() };
  const reason = 'no redis-server on this machine (Debian: apt-get install redis-server); .ci/run installs it';
  if (process.env.CI) throw new Error(`The Redis fault tests need redis-server in CI: ${reason}.`);
  return { skip: reason };
}

async function startRedis(): Promise<OwnRedisServer> {
  const port = await freePort();
  let child = await launch(port);
  const exited = (process: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (process.exitCode !== null || process.signalCode !== null) return resolve();
      process.once('exit', () => resolve());
    });
  return {
    url: `redis://127.0.0.1:${port}`,
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    restart: async () => {
      child = await launch(port);
    },
    stop: async () => {
      child.kill('SIGCONT');
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

async function launch(port: number): Promise<ChildProcess> {
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start in 60 s:\n${output}`)), 60_000);
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
  return child;
}
