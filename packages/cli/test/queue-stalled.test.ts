/**
 * A walk whose `pdg queue work` was killed (SIGKILL) mid-walk, over a redis-server of the test's own and the
 * mock gateway: `pdg queue status` shows it active while its worker runs, then stalled once the worker has
 * been silent for its time, with how long since it was heard from (text and --json). In a file of its own:
 * its wait for that silence overlaps the other files' work.
 */
import { describe, expect, it } from 'vitest';
import { hasRedisServer, queueTestBed, startQueueWork, waitForStatus } from './redis-server.js';
import { runCli } from './run-cli.js';

if (!hasRedisServer && process.env.CI) throw new Error('CI must have redis-server (.ci/run installs it).');

describe.skipIf(!hasRedisServer)('pdg queue over Redis and the mock gateway: a worker killed', () => {
  const bed = queueTestBed('pdg-cli-queue-stalled-');

  it('a walk whose `pdg queue work` was killed (SIGKILL) mid-walk shows as stalled, with how long since it was heard from', async () => {
    const env = { PDG_REDIS_URL: bed.redisUrl };
    const queue = ['--queue', 'stalling'];
    // The mock's 250 jobs, 25 pages of 10 at 2 requests a second; once a page is delivered, the gateway holds
    // every answer 30 s (the client's timeout): the walk is under way, whatever the time a status takes.
    const added = await runCli(['queue', 'add', 'jobs:jobboard', 'browse', '--limit', '10', ...queue], env);
    const id = added.stdout.trim();
    const worker = startQueueWork(bed.redisUrl, [
      '--out',
      bed.dir,
      ...queue,
      '--rate-limit',
      '2/s',
      '--base-url',
      bed.gateway.url,
      '--api-key',
      'k-stall',
    ]);
    let status = '';
    try {
      await waitForStatus(bed.redisUrl, 'stalling', 'a page delivered', (status) => status.delivered > 0);
      bed.gateway.addFault({ latencyMs: 30_000 });
      status = (await runCli(['queue', 'status', ...queue], env)).stdout;
      expect(status).toMatch(/\nitems delivered [1-9]/);
      expect(status).toContain('active 1\nstalled 0\n');
      expect(status).toContain(`  ${id}  active, last heard from `);
    } finally {
      worker.child.kill('SIGKILL');
    }
    await worker.exited;
    bed.gateway.clearFaults();
    // Its lock (30 s by default) runs out with no worker to renew it: the walk is stalled, not active.
    await waitForStatus(bed.redisUrl, 'stalling', 'the walk to be stalled', (status) => status.stalled === 1);
    status = (await runCli(['queue', 'status', ...queue], env)).stdout;
    expect(status).toContain('active 0\nstalled 1\n');
    expect(status).toMatch(
      new RegExp(
        `\\n  ${id}  stalled \\(its worker is gone\\), last heard from (\\d+m )?\\d+s ago  [1-9]\\d* items in [1-9]\\d* pages  jobs:jobboard browse --limit 10\\n`,
      ),
    );
    const json = JSON.parse((await runCli(['queue', 'status', '--json', ...queue], env)).stdout);
    expect(json.walks[0]).toMatchObject({ id, state: 'stalled', lastHeardAt: expect.any(String) });
    expect(json.walks[0].silentMs).toBeGreaterThan(0);
  });
});
