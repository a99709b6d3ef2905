import { execFile } from 'node:child_process';
import { createServer, type Socket } from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const redisUrl = process.env.PDG_REDIS_URL;
if (!redisUrl && process.env.CI) throw new Error('CI must set PDG_REDIS_URL (.ci/run starts redis-server).');
if (!redisUrl) {
  console.warn(
    "the harvest example run skipped: no Redis. Start one (redis-server --port 6390 --save '') and set PDG_REDIS_URL=redis://127.0.0.1:6390.",
  );
}

describe('examples/harvest', () => {
  it.skipIf(!redisUrl)(
    'the workers run the twelve walks into one table, every job once by jobId, under the gateway limit',
    async () => {
      const { stdout } = await run(process.execPath, ['dist/main.js'], {
        env: { ...process.env, PDG_REDIS_URL: redisUrl },
        timeout: 240_000,
      });
      // PostgreSQL where PDG_POSTGRES_URL names one (CI's .ci/run starts one): four workers into it; else one
      // worker into a DuckDB file, saying why.
      if (process.env.PDG_POSTGRES_URL) {
        expect(stdout).toContain('Into PostgreSQL at ');
        expect(stdout).toMatch(/4 workers ran 12 walks in [\d.]+ s: 12 done, 0 failed\./);
      } else {
        expect(stdout).toContain('PDG_POSTGRES_URL is not set: into duckdb:');
        expect(stdout).toMatch(/1 worker ran 12 walks in [\d.]+ s: 12 done, 0 failed\./);
      }
      // Twelve walks, each of the mock's whole Indonesian listing (the same 70 jobs in every variant), at 30, 40
      // and 50 a page: 12 × 70 items delivered in 4 × (3 + 2 + 2) pages, and 70 rows, each job once.
      expect(stdout).toContain('Items delivered: 840; rows in jobs_jobboard_browse: 70, each job once by jobId.');
      expect(stdout).toContain('pages written: 28.');
      // The busiest second is told, not held to 10 here: the gateway stamps arrivals, which bunch when its
      // process stalls on a loaded machine. tests/shared-limits counts where the limit decides (each request's
      // departure), and holds that to 10 in any second.
      expect(stdout).toMatch(/the busiest second held \d+ \(limit 10\)/);
      // A 429 is possible only if the machine stalls long enough to bunch requests; retried, it is no error.
      expect(stdout).toMatch(/429s received: \d+\./);
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
          timeout: 120_000,
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
