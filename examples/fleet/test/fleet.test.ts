import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const redisUrl = process.env.PDG_REDIS_URL;

describe('examples/fleet', () => {
  // CI (.ci/run) starts redis-server and sets PDG_REDIS_URL; tests/shared-limits fails there without it.
  it.skipIf(!redisUrl)('four workers share the cache and stay within the gateway limit: no 429', async () => {
    const { stdout } = await run(process.execPath, ['dist/main.js'], {
      env: { ...process.env, PDG_REDIS_URL: redisUrl },
      timeout: 30_000,
    });
    expect(stdout).toContain('429s received: 0; errors: 0.');
    const busiest = Number(/the busiest second held (\d+)/.exec(stdout)?.[1]);
    expect(busiest).toBeGreaterThan(0);
    expect(busiest).toBeLessThanOrEqual(10);
    const hits = Number(/Cache across the fleet: (\d+) hits/.exec(stdout)?.[1]);
    expect(hits).toBeGreaterThan(0);
  });

  it('says how to start Redis when there is none', async () => {
    const failed = await run(process.execPath, ['dist/main.js'], {
      env: { ...process.env, PDG_REDIS_URL: 'redis://127.0.0.1:1' },
      timeout: 30_000,
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain("redis-server --port 6379 --save ''");
  });
});
