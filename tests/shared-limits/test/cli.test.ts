/**
 * `pdg run --cache --rate-limit --redis` with Redis paused: pdg never waits on Redis past its own time
 * limits. The Redis server is the test's own (see redis.ts), the gateway the mock package.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type MockRequestInfo, startMockGateway } from '@pdg/mock';
import { afterAll, describe, expect, it } from 'vitest';
import { type OwnRedisServer, ownRedis } from './redis.js';

const found = await ownRedis();
if ('skip' in found) console.warn(`pdg with a paused Redis skipped: ${found.skip}`);

const pdgBin = join(dirname(createRequire(import.meta.url).resolve('@pdg/cli/package.json')), 'bin', 'pdg.js');
const { PDG_API_KEY: _, PDG_BASE_URL: __, ...env } = process.env;

/**
 * Runs pdg; a run still going after four minutes is killed (and reported with its signal): a run that waits
 * on a paused Redis never ends, and one that does not takes seconds, or a minute on a heavily loaded machine.
 */
function pdg(args: string[]): Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [pdgBin, ...args], { env, timeout: 240_000 }, (error, stdout, stderr) => {
      const failed = error as (Error & { code?: number; signal?: string }) | null;
      resolve({ code: failed ? (failed.code ?? null) : 0, signal: failed?.signal ?? null, stdout, stderr });
    });
  });
}

describe.skipIf('skip' in found)('pdg run --redis with Redis paused', () => {
  const redis = (found as { server: OwnRedisServer }).server;

  afterAll(async () => {
    await redis?.stop();
  });

  it('a walk goes on when Redis stops answering mid-way, says so once per layer, and exits', async () => {
    const seen: MockRequestInfo[] = [];
    const gateway = await startMockGateway({
      providers: [jobboard],
      fixtures,
      onRequest: (request) => {
        seen.push(request);
        // Paused once the first page was asked for: connected and used, Redis then answers nothing.
        if (seen.length === 1) redis.pause();
      },
    });
    try {
      const run = await pdg([
        'run',
        'jobs:jobboard',
        'browse',
        '--country',
        'SG',
        // Pages of 2 over the SG listing the fixtures describe (9 jobs): more pages than the walk takes.
        '--limit',
        '2',
        '--all',
        '--max-pages',
        '4',
        '--quiet',
        '--cache',
        '--rate-limit',
        '2/s',
        '--redis',
        redis.url,
        // Each page well above Redis's 250 ms limit plus its turn and the answer, however slow the machine;
        // a wait for Redis (paused until pdg has exited) would never end.
        '--timeout',
        '30000',
        '--base-url',
        gateway.url,
        '--api-key',
        'cli-redis-key-9e2b',
      ]);
      expect(run.stderr).not.toContain('TIMEOUT');
      expect({ code: run.code, signal: run.signal }).toEqual({ code: 0, signal: null });
      expect(run.stdout.trim().split('\n').length).toBeGreaterThan(4);
      expect(seen.filter((request) => request.endpoint === 'browse')).toHaveLength(4);
      const lines = run.stderr.trim().split('\n');
      expect(lines.filter((line) => line.startsWith('pdg: Redis, rate-limit: the store failed'))).toHaveLength(1);
      expect(lines.filter((line) => line.startsWith('pdg: Redis, cache: the store failed'))).toHaveLength(1);
      expect(run.stderr).toContain('did not answer within 250 ms');
    } finally {
      redis.resume();
      await gateway.close();
    }
  });

  it('a Redis paused before pdg starts is reported within --timeout, not waited on', async () => {
    redis.pause();
    try {
      const run = await pdg([
        'run',
        'jobs:jobboard',
        'browse',
        '--mock',
        '--cache',
        '--redis',
        redis.url,
        '--timeout',
        '2000',
      ]);
      expect({ code: run.code, signal: run.signal }).toEqual({ code: 1, signal: null });
      expect(run.stderr).toContain(`could not connect to Redis at ${redis.url} (no answer within 2 s`);
    } finally {
      redis.resume();
    }
  });
});
