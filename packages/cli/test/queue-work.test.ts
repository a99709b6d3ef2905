/**
 * `pdg queue add | work | status | remove` over a redis-server of the test's own and the mock gateway: walks
 * added (the same walk twice is one job while it is queued, a new run once it is done), worked into NDJSON
 * files by a `pdg queue work` process until SIGTERM, counted and listed by `status`, a gateway's control
 * characters in a failed walk's reason escaped; schedules (`--every`) listed and removed, a waiting walk
 * removed. A walk whose worker was killed: queue-stalled.test.ts.
 */
import { readdir, readFile } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { join } from 'node:path';
import { createClient, errorEnvelope, toArray } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { describe, expect, it } from 'vitest';
import { hasRedisServer, queueTestBed, startQueueWork, waitForStatus } from './redis-server.js';
import { runCli } from './run-cli.js';

if (!hasRedisServer && process.env.CI) throw new Error('CI must have redis-server (.ci/run installs it).');

describe.skipIf(!hasRedisServer)('pdg queue over Redis and the mock gateway', () => {
  const bed = queueTestBed('pdg-cli-queue-');

  it('add, work and status: the walk is one job while queued, a new run once done; its pages are the items of items(), status counts them', async () => {
    const env = { PDG_REDIS_URL: bed.redisUrl };
    // 70 jobs in Indonesia (a part of the mock's 250): 3 pages of 20.
    const walk = ['queue', 'add', 'jobs:jobboard', 'browse', '--country', 'ID', '--limit', '20', '--max-pages', '3'];
    const added = await runCli(walk, env);
    expect(added.code, added.stderr).toBe(0);
    const id = added.stdout.trim();
    expect(id).toMatch(/^walk-[0-9a-f]{24}$/);
    const again = await runCli([...walk.slice(0, 4), '--max-pages', '3', '--limit', '20', '--country', 'ID'], env);
    expect(again.stdout.trim()).toBe(id);
    expect(again.stderr).toBe(`pdg queue: this walk is already on the queue (waiting) as ${id}; not added again.\n`);
    expect((await runCli(['queue', 'status'], env)).stdout).toBe(
      `waiting 1\nactive 0\nstalled 0\ndone 0\nfailed 0\nitems delivered 0\nwalks:\n  ${id}  waiting  0 items in 0 pages  jobs:jobboard browse --country ID --limit 20 --max-pages 3\n`,
    );

    const worker = startQueueWork(bed.redisUrl, [
      '--out',
      bed.dir,
      '--rate-limit',
      '10/s',
      '--base-url',
      bed.gateway.url,
      '--api-key',
      'cli-queue-key-8d2e',
    ]);
    try {
      await waitForStatus(bed.redisUrl, 'pdg-walks', 'the walk to be done', (status) => status.done === 1);
      let status = (await runCli(['queue', 'status'], env)).stdout;
      expect(status).toBe(
        `waiting 0\nactive 0\nstalled 0\ndone 1\nfailed 0\nitems delivered 60\nwalks:\n  ${id}  done  60 items in 3 pages  jobs:jobboard browse --country ID --limit 20 --max-pages 3\n`,
      );
      // Done, the same walk added again is a new run of it, with an id of its own.
      const rerun = await runCli(walk, env);
      expect(rerun.stdout).toBe(`${id}-r2\n`);
      expect(rerun.stderr).toBe(
        `pdg queue: this walk ran before (${id}, completed): added a new run of it, ${id}-r2.\n`,
      );
      await waitForStatus(bed.redisUrl, 'pdg-walks', 'its second run to be done', (status) => status.done === 2);
      status = (await runCli(['queue', 'status'], env)).stdout;
      expect(status).toContain('done 2\nfailed 0\nitems delivered 120\n');
      worker.child.kill('SIGTERM');
      expect((await worker.exited).code, worker.stderr()).toBe(0);
      expect(worker.stderr()).toContain(`pdg queue: done ${id}: 60 items in 3 pages`);
      expect(worker.stderr()).toContain(`pdg queue: done ${id}-r2: 60 items in 3 pages`);
      expect(worker.stderr()).not.toContain('cli-queue-key-8d2e');
    } finally {
      worker.child.kill('SIGKILL');
    }
    const files = (await readdir(join(bed.dir, id))).sort();
    expect(files).toEqual(['00000000.ndjson', '00000001.ndjson', '00000002.ndjson']);
    expect((await readdir(join(bed.dir, `${id}-r2`))).sort()).toEqual(files);
    const lines = (await Promise.all(files.map((file) => readFile(join(bed.dir, id, file), 'utf8'))))
      .join('')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line));
    const pdg = createClient({ providers: [jobboard], apiKey: 'single-key', baseUrl: bed.gateway.url });
    expect(lines).toEqual(
      await toArray(pdg.items('jobs:jobboard', 'browse', { country: 'ID', limit: 20 }, { maxPages: 3 })),
    );
  });

  it("a gateway's control characters in a failed walk's reason reach no terminal raw: work and status escape them", async () => {
    // A gateway refusing every walk with a message that would clear the screen and retitle the window.
    const hostile = createHttpServer((_, response) => {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify(errorEnvelope('no such country \u001b[2J\u001b]0;pwned\u0007 \u009b31m')));
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    const hostileUrl = `http://127.0.0.1:${(hostile.address() as { port: number }).port}`;
    const env = { PDG_REDIS_URL: bed.redisUrl };
    const queue = ['--queue', 'hostile'];
    const added = await runCli(['queue', 'add', 'jobs:jobboard', 'browse', '--country', 'SG', ...queue], env);
    expect(added.code, added.stderr).toBe(0);
    const worker = startQueueWork(bed.redisUrl, [
      '--out',
      bed.dir,
      ...queue,
      '--base-url',
      hostileUrl,
      '--api-key',
      'cli-queue-key-51c0',
    ]);
    try {
      await waitForStatus(bed.redisUrl, 'hostile', 'the walk to fail', (status) => status.failed === 1);
      const status = (await runCli(['queue', 'status', ...queue], env)).stdout;
      expect(status).toContain('failed 1');
      expect(status).toContain('failed walk walk-');
      expect(status).toContain('no such country \\u001b[2J\\u001b]0;pwned\\u0007 \\u009b31m');
      worker.child.kill('SIGTERM');
      expect((await worker.exited).code, worker.stderr()).toBe(0);
      expect(worker.stderr()).toContain('\\u001b[2J');
      for (const printed of [status, worker.stderr()]) {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for raw control characters is the test.
        expect(printed).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
      }
    } finally {
      worker.child.kill('SIGKILL');
      hostile.closeAllConnections();
      hostile.close();
    }
  });
  it('--every 1h is accepted and listed by status with its next run (text and --json); remove ends it', async () => {
    const env = { PDG_REDIS_URL: bed.redisUrl };
    const queue = ['--queue', 'scheduled'];
    const add = ['queue', 'add', 'jobs:jobboard', 'browse', '--country', 'SG', '--limit', '50', ...queue];
    const scheduled = await runCli([...add, '--every', '1h'], env);
    expect(scheduled.code, scheduled.stderr).toBe(0);
    const id = scheduled.stdout.trim();
    expect(id).toMatch(/^walk-[0-9a-f]{24}$/);
    expect(scheduled.stderr).toMatch(
      new RegExp(`^pdg queue: ${id} runs every 1h, each run a new job; next run \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\.\\n$`),
    );
    const text = (await runCli(['queue', 'status', ...queue], env)).stdout;
    expect(text).toMatch(
      new RegExp(
        `\\nschedules:\\n  ${id}  every 1h  next \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z \\((due now|in [\\dhms ]+)\\)  1 run so far  jobs:jobboard browse --country SG --limit 50\\n`,
      ),
    );
    const json = JSON.parse((await runCli(['queue', 'status', '--json', ...queue], env)).stdout);
    expect(json.schedules).toEqual([
      {
        id,
        walk: { provider: 'jobs:jobboard', endpoint: 'browse', params: { country: 'SG', limit: 50 } },
        every: '1h',
        everyMs: 3_600_000,
        next: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/),
        runs: 1,
      },
    ]);
    // Its first run waits for a worker, as a job of its own.
    expect(json.walks).toEqual([expect.objectContaining({ state: 'waiting', schedule: id })]);
    // A period of 2h changes the schedule; it stays one.
    const slower = await runCli([...add, '--every', '2h'], env);
    expect(slower.stderr).toContain(`${id} now runs every 2h (was 1h)`);
    const rescheduled = JSON.parse((await runCli(['queue', 'status', '--json', ...queue], env)).stdout);
    expect(rescheduled.schedules).toMatchObject([{ id, every: '2h' }]);
    expect(rescheduled.walks).toEqual([expect.objectContaining({ state: 'waiting', schedule: id })]);

    const unknown = await runCli(['queue', 'remove', 'walk-0123', ...queue], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`No schedule or walk "walk-0123" on the queue scheduled (its schedules: ${id};`);
    const removed = await runCli(['queue', 'remove', id, ...queue], env);
    // The schedule's first run had not started: it goes with it.
    const [firstRun] = rescheduled.walks;
    expect(removed).toMatchObject({
      code: 0,
      stdout: `ended schedule ${id} (every 2h)\nremoved waiting walk ${firstRun.id}\n`,
    });
    const after = JSON.parse((await runCli(['queue', 'status', '--json', ...queue], env)).stdout);
    expect(after).toMatchObject({ schedules: [], waiting: 0, walks: [] });
  });

  it('remove takes a waiting walk off the queue; added again, the walk is a new run', async () => {
    const env = { PDG_REDIS_URL: bed.redisUrl };
    const queue = ['--queue', 'removing'];
    const id = (
      await runCli(['queue', 'add', 'jobs:jobboard', 'browse', '--country', 'VN', ...queue], env)
    ).stdout.trim();
    expect(await runCli(['queue', 'remove', id, ...queue], env)).toMatchObject({
      code: 0,
      stdout: `removed waiting walk ${id}\n`,
    });
    expect((await runCli(['queue', 'status', ...queue], env)).stdout).toBe(
      'waiting 0\nactive 0\nstalled 0\ndone 0\nfailed 0\nitems delivered 0\n',
    );
    // Removed before it ran, the walk added again is its first run again.
    expect((await runCli(['queue', 'add', 'jobs:jobboard', 'browse', '--country', 'VN', ...queue], env)).stdout).toBe(
      `${id}-r2\n`,
    );
  });
});
