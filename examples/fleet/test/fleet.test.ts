import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { createServer, type Socket } from 'node:net';
import { promisify } from 'node:util';
import { createClient as createRedisClient } from 'redis';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const redisServer = spawnSync('redis-server', ['--version']).status === 0;
if (!redisServer && process.env.CI) throw new Error('CI must have redis-server (.ci/run installs it).');

/** A redis-server of this test's own on `port` (it is killed under the fleet), once it accepts connections. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', ''], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
  });
  return child;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
const redisUrl = process.env.PDG_REDIS_URL;
if (!redisUrl && process.env.CI) throw new Error('CI must set PDG_REDIS_URL (.ci/run starts redis-server).');
if (!redisUrl) {
  console.warn(
    "the fleet example run with Redis skipped: no Redis. Start one (redis-server --port 6390 --save '') and set PDG_REDIS_URL=redis://127.0.0.1:6390.",
  );
}

describe('examples/fleet', () => {
  // CI (.ci/run) starts redis-server and sets PDG_REDIS_URL; tests/shared-limits fails there without it.
  it.skipIf(!redisUrl)(
    'four workers share the cache and the limit: every call answered, fewer requests than calls',
    async () => {
      const { stdout } = await run(process.execPath, ['dist/main.js'], {
        env: { ...process.env, PDG_REDIS_URL: redisUrl },
        timeout: 240_000,
      });
      // A 429 is possible only if the machine stalls long enough to bunch requests; retried, it is no error.
      expect(stdout).toMatch(/429s received: \d+; errors: 0\./);
      const received = Number(/The gateway received (\d+) requests/.exec(stdout)?.[1]);
      // 40 calls, of which the 20 that may use the cache ask for 3 listings: most of them are hits.
      expect(received).toBeLessThan(40);
      // The busiest second is told, not held to 10 here: the gateway stamps arrivals, which bunch when its
      // process stalls on a loaded machine. tests/shared-limits counts where the limit decides (each request's
      // departure), and holds that to 10 in any second.
      expect(stdout).toMatch(/the busiest second held \d+ \(limit 10\)/);
      const hits = Number(/Cache across the fleet: (\d+) hits/.exec(stdout)?.[1]);
      expect(hits).toBeGreaterThan(0);
    },
    300_000,
  ); // Four worker processes and a Redis: 7 s on a quiet machine; the limit is for one ten times slower.

  it.skipIf(!redisServer)(
    'Redis killed and started again under the four workers: no worker ends, no call fails',
    async () => {
      const port = await freePort();
      const url = `redis://127.0.0.1:${port}`;
      let redis = await startRedis(port);
      const watcher = createRedisClient({ url });
      watcher.on('error', () => undefined);
      await watcher.connect();
      const fleet = spawn(process.execPath, ['dist/main.js'], {
        env: { ...process.env, PDG_REDIS_URL: url },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      fleet.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      fleet.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      const exited = new Promise<number | null>((resolve) => fleet.once('exit', (code) => resolve(code)));
      try {
        // Killed once the workers' shared limit is in Redis: they are calling, with seconds of calls ahead
        // (23 requests at 10 a second); started again a second later.
        while ((await watcher.keys('pdg-rate-limit:*')).length === 0) {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        watcher.destroy();
        redis.kill('SIGKILL');
        await new Promise((resolve) => setTimeout(resolve, 1000));
        redis = await startRedis(port);
        expect(await exited, stderr).toBe(0);
        expect(stdout).toMatch(/429s received: \d+; errors: 0\./);
        // The workers met the outage (each layer of each tells it once) and went on.
        expect(Number(/Redis outages the workers met: (\d+)/.exec(stdout)?.[1])).toBeGreaterThan(0);
        expect(stderr).toContain('worker: Redis, rate-limit: the store failed');
      } finally {
        fleet.kill();
        redis.kill();
      }
    },
    300_000,
  );

  it('says how to start Redis when there is none, or when the port never answers', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      for (const url of ['redis://127.0.0.1:1', `redis://127.0.0.1:${port}`]) {
        const failed = await run(process.execPath, ['dist/main.js'], {
          env: { ...process.env, PDG_REDIS_URL: url },
          timeout: 240_000,
        }).then(
          () => undefined,
          (error: { code: number; stderr: string }) => error,
        );
        expect(failed?.code).toBe(1);
        expect(failed?.stderr).toContain(`No Redis at ${url}`);
        expect(failed?.stderr).toContain("redis-server --port 6379 --save ''");
      }
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});
