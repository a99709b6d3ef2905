/**
 * `pdg queue add | work | status | remove` over a redis-server of the test's own and the mock gateway: walks
 * added (the same walk twice is one job while it is queued, a new run once it is done), worked into NDJSON
 * files by a `pdg queue work` process until SIGTERM, counted and listed by `status`; schedules (`--every`, no
 * faster than the endpoint's cache time) listed and removed; a walk whose worker was killed shown as stalled;
 * and the usage errors a user meets first.
 */
import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, errorEnvelope, toArray } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { type WalkStatus, walkStatus } from '@pdg/queue';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, cli, runCli } from './run-cli.js';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedisServer && process.env.CI) throw new Error('CI must have redis-server (.ci/run installs it).');

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('pdg queue: usage', () => {
  it('pdg queue --help and pdg help queue print its usage; pdg --help lists it', async () => {
    const help = await runCli(['queue', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: pdg queue add <provider> <endpoint>/);
    expect((await runCli(['help', 'queue'])).stdout).toBe(help.stdout);
    expect((await runCli(['--help'])).stdout).toContain('pdg queue add|work|status|remove');
  });

  it('says what is missing or wrong, with exit code 2', async () => {
    const none = await runCli(['queue']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('pdg queue add | work | status | remove');
    const typo = await runCli(['queue', 'stauts']);
    expect(typo.stderr).toContain('Unknown queue command "stauts". Did you mean status?');
    const noRedis = await runCli(['queue', 'status']);
    expect(noRedis.code).toBe(2);
    expect(noRedis.stderr).toContain('No Redis for the queue: set PDG_REDIS_URL or pass --redis');
    const flag = await runCli(['queue', 'status', '--queu', 'x', '--redis', 'redis://127.0.0.1:1']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('--queu is not an option of queue status. Did you mean --queue?');
    const notPaged = await runCli(['queue', 'add', 'jobs:jobboard', 'job', '--redis', 'redis://127.0.0.1:1']);
    expect(notPaged.code).toBe(2);
    expect(notPaged.stderr).toContain('jobs:jobboard job is not a paged endpoint');
    const param = await runCli([
      'queue',
      'add',
      'jobs:jobboard',
      'browse',
      '--country',
      'ID',
      '--limit',
      '500',
      '--redis',
      'redis://127.0.0.1:1',
    ]);
    expect(param.code).toBe(2);
    expect(param.stderr).toContain('--limit');
    const out = await runCli(['queue', 'work', '--redis', 'redis://127.0.0.1:1']);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('needs --out DIR');
  });

  it('--every faster than the cache time, or not a period, is exit 2 naming why, before Redis is asked anything', async () => {
    // Redis at port 1 refuses: reaching it would end with exit 1 and "No Redis answered".
    const add = [
      'queue',
      'add',
      'jobs:jobboard',
      'browse',
      '--country',
      'SG',
      '--limit',
      '50',
      '--redis',
      'redis://127.0.0.1:1',
    ];
    const fast = await runCli([...add, '--every', '1m']);
    expect(fast).toMatchObject({ code: 2, stdout: '' });
    expect(fast.stderr).toBe(
      'pdg: jobs:jobboard browse is cached for 10 minutes; --every must be at least 10m (received 1m): a faster poll gets the same cached body.\n',
    );
    const vague = await runCli([...add, '--every', 'hourly']);
    expect(vague).toMatchObject({ code: 2, stdout: '' });
    expect(vague.stderr).toContain(
      '--every takes 30s, 10m, 1h or 1d (a whole number and s, m, h or d) (received "hourly")',
    );
    const bare = await runCli([...add, '--every']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('--every needs a period: 30s, 10m, 1h or 1d');
    const noId = await runCli(['queue', 'remove', '--redis', 'redis://127.0.0.1:1']);
    expect(noId.code).toBe(2);
    expect(noId.stderr).toContain(
      'pdg queue remove needs the id of a schedule or a walk: pdg queue status lists them.',
    );
    const statusEvery = await runCli(['queue', 'status', '--every', '1h', '--redis', 'redis://127.0.0.1:1']);
    expect(statusEvery.code).toBe(2);
    expect(statusEvery.stderr).toContain('--every is not an option of queue status');
  });

  it('--lock shorter than 5s, or not a period, is exit 2 naming why, before Redis is asked anything', async () => {
    // Redis at port 1 refuses: reaching it would end with exit 1 and "No Redis answered".
    const work = ['queue', 'work', '--out', 'x', '--redis', 'redis://127.0.0.1:1', '--api-key', 'k-1'];
    const gateway = ['--base-url', 'http://127.0.0.1:9'];
    const short = await runCli([...work, ...gateway, '--lock', '2s']);
    expect(short).toMatchObject({ code: 2, stdout: '' });
    expect(short.stderr).toContain('--lock must be at least 5s (received 2s)');
    const vague = await runCli([...work, ...gateway, '--lock', 'soon']);
    expect(vague).toMatchObject({ code: 2, stdout: '' });
    expect(vague.stderr).toContain(
      '--lock takes 30s, 10m, 1h or 1d (a whole number and s, m, h or d) (received "soon")',
    );
  });

  it("a misspelt endpoint is core's usage error naming browse, exit 2, before Redis is asked anything", async () => {
    // Redis at port 1 refuses: reaching it would end with exit 1 and "No Redis answered".
    const typo = await runCli(['queue', 'add', 'jobs:jobboard', 'brwose', '--redis', 'redis://127.0.0.1:1']);
    expect(typo.code).toBe(2);
    expect(typo.stdout).toBe('');
    expect(typo.stderr).toMatch(
      /^pdg: Unknown endpoint "brwose" of jobs:jobboard\. Did you mean browse\? Endpoints: browse, filters, .*\.\n$/,
    );
  });

  it('pdg queue work with no gateway names only what exists for it (no --mock), with exit code 2', async () => {
    const noKey = await runCli(['queue', 'work', '--out', 'x', '--redis', 'redis://127.0.0.1:1']);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('No API key: set PDG_API_KEY or pass --api-key');
    expect(noKey.stderr).toContain('pass as --base-url the URL that `pdg mock` prints in another terminal');
    const noUrl = await runCli(['queue', 'work', '--out', 'x', '--redis', 'redis://127.0.0.1:1', '--api-key', 'k-1']);
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toContain('No gateway URL: set PDG_BASE_URL or pass --base-url');
    for (const { stderr } of [noKey, noUrl]) expect(stderr).not.toContain('--mock');
    // Every flag the hint names is one queue work takes.
    const help = await runCli(['queue', '--help']);
    for (const flag of ['--base-url', '--api-key']) expect(help.stdout).toContain(flag);
  });

  it('a Redis that refuses or never answers is said, with exit code 1', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      for (const url of ['redis://127.0.0.1:1', `redis://127.0.0.1:${port}`]) {
        const { code, stderr } = await runCli(['queue', 'status', '--redis', url]);
        expect(code).toBe(1);
        expect(stderr).toContain(`No Redis answered at ${url} within 5 s`);
      }
    } finally {
      silent.close();
    }
  });

  it('bash completes its subcommands and options', async () => {
    const script = `
source <("${process.execPath}" "${cli}" completion bash)
complete_line() { COMP_LINE="$1"; COMP_POINT=\${#COMP_LINE}; COMP_WORDS=($COMP_LINE); COMP_CWORD=$((\${#COMP_WORDS[@]}-1)); _pdg; echo "\${COMPREPLY[*]}"; }
complete_line "pdg qu"
complete_line "pdg queue st"
complete_line "pdg queue add jobs:jobb"
complete_line "pdg queue work --ou"
`;
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile('bash', ['-c', script], { env: cleanEnv, timeout: 120_000 }, (error, output, err) =>
        error ? reject(new Error(err)) : resolve(output),
      );
    });
    expect(stdout.trim().split('\n')).toEqual(['queue', 'status', 'jobboard', '--out']);
  });
});

describe.skipIf(!hasRedisServer)('pdg queue over Redis and the mock gateway', () => {
  let redis: ChildProcess;
  let redisUrl = '';
  let gateway: RunningMockGateway;
  let dir = '';

  beforeAll(async () => {
    const port = await freePort();
    redisUrl = `redis://127.0.0.1:${port}`;
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    await new Promise<void>((resolve, reject) => {
      let output = '';
      redis.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
      redis.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    });
    gateway = await startMockGateway({ providers: [jobboard], fixtures });
    dir = await mkdtemp(join(tmpdir(), 'pdg-cli-queue-'));
  });

  afterAll(async () => {
    redis?.kill();
    await gateway?.close();
    await rm(dir, { recursive: true, force: true });
  });

  /**
   * Reads the queue's status in this process (what `pdg queue status` prints is made from the same
   * `walkStatus`) until `reached` holds: waiting costs no `pdg` start per poll. The test then asks the CLI
   * once. Bounded only against a hang.
   */
  const waitForStatus = async (queueName: string, what: string, reached: (status: WalkStatus) => boolean) => {
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
  };

  it('add, work and status: the walk is one job while queued, a new run once done; its pages are the items of items(), status counts them', async () => {
    const env = { PDG_REDIS_URL: redisUrl };
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

    const worker = spawn(
      process.execPath,
      [
        cli,
        'queue',
        'work',
        '--out',
        dir,
        '--rate-limit',
        '10/s',
        '--base-url',
        gateway.url,
        '--api-key',
        'cli-queue-key-8d2e',
      ],
      { env: { ...cleanEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    worker.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => worker.once('exit', (code) => resolve(code)));
    try {
      await waitForStatus('pdg-walks', 'the walk to be done', (status) => status.done === 1);
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
      await waitForStatus('pdg-walks', 'its second run to be done', (status) => status.done === 2);
      status = (await runCli(['queue', 'status'], env)).stdout;
      expect(status).toContain('done 2\nfailed 0\nitems delivered 120\n');
      worker.kill('SIGTERM');
      expect(await exited, stderr).toBe(0);
      expect(stderr).toContain(`pdg queue: done ${id}: 60 items in 3 pages`);
      expect(stderr).toContain(`pdg queue: done ${id}-r2: 60 items in 3 pages`);
      expect(stderr).not.toContain('cli-queue-key-8d2e');
    } finally {
      worker.kill('SIGKILL');
    }
    const files = (await readdir(join(dir, id))).sort();
    expect(files).toEqual(['00000000.ndjson', '00000001.ndjson', '00000002.ndjson']);
    expect((await readdir(join(dir, `${id}-r2`))).sort()).toEqual(files);
    const lines = (await Promise.all(files.map((file) => readFile(join(dir, id, file), 'utf8'))))
      .join('')
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line));
    const pdg = createClient({ providers: [jobboard], apiKey: 'single-key', baseUrl: gateway.url });
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
    const env = { PDG_REDIS_URL: redisUrl };
    const queue = ['--queue', 'hostile'];
    const added = await runCli(['queue', 'add', 'jobs:jobboard', 'browse', '--country', 'SG', ...queue], env);
    expect(added.code, added.stderr).toBe(0);
    const worker = spawn(
      process.execPath,
      [cli, 'queue', 'work', '--out', dir, ...queue, '--base-url', hostileUrl, '--api-key', 'cli-queue-key-51c0'],
      { env: { ...cleanEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    worker.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => worker.once('exit', (code) => resolve(code)));
    try {
      await waitForStatus('hostile', 'the walk to fail', (status) => status.failed === 1);
      const status = (await runCli(['queue', 'status', ...queue], env)).stdout;
      expect(status).toContain('failed 1');
      expect(status).toContain('failed walk walk-');
      expect(status).toContain('no such country \\u001b[2J\\u001b]0;pwned\\u0007 \\u009b31m');
      worker.kill('SIGTERM');
      expect(await exited, stderr).toBe(0);
      expect(stderr).toContain('\\u001b[2J');
      for (const printed of [status, stderr]) {
        // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for raw control characters is the test.
        expect(printed).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
      }
    } finally {
      worker.kill('SIGKILL');
      hostile.closeAllConnections();
      hostile.close();
    }
  });
  it('--every 1h is accepted and listed by status with its next run (text and --json); remove ends it', async () => {
    const env = { PDG_REDIS_URL: redisUrl };
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
    const env = { PDG_REDIS_URL: redisUrl };
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

  it('a walk whose `pdg queue work` was killed (SIGKILL) mid-walk shows as stalled, with how long since it was heard from', async () => {
    const env = { PDG_REDIS_URL: redisUrl };
    const queue = ['--queue', 'stalling'];
    // The mock's 250 jobs, 25 pages of 10 at 2 requests a second: still under way when the worker is killed.
    const added = await runCli(['queue', 'add', 'jobs:jobboard', 'browse', '--limit', '10', ...queue], env);
    const id = added.stdout.trim();
    const worker = spawn(
      process.execPath,
      [
        cli,
        'queue',
        'work',
        '--out',
        dir,
        ...queue,
        '--rate-limit',
        '2/s',
        '--base-url',
        gateway.url,
        '--api-key',
        'k-stall',
      ],
      { env: { ...cleanEnv, ...env }, stdio: ['ignore', 'ignore', 'ignore'] },
    );
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    let status = '';
    try {
      await waitForStatus('stalling', 'a page delivered', (status) => status.delivered > 0);
      status = (await runCli(['queue', 'status', ...queue], env)).stdout;
      expect(status).toMatch(/\nitems delivered [1-9]/);
      expect(status).toContain('active 1\nstalled 0\n');
      expect(status).toContain(`  ${id}  active, last heard from `);
    } finally {
      worker.kill('SIGKILL');
    }
    await exited;
    // Its lock (30 s by default) runs out with no worker to renew it: the walk is stalled, not active.
    await waitForStatus('stalling', 'the walk to be stalled', (status) => status.stalled === 1);
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
