/**
 * `pdg queue` as a user meets it first: its usage, and the usage errors (exit 2) and the Redis that does not
 * answer (exit 1), each said before or without a queue; bash completion of its subcommands and options.
 * The queue itself: queue-work.test.ts and queue-stalled.test.ts.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { hasRedisServer, startRedisServer } from './redis-server.js';
import { cleanEnv, cli, runCli } from './run-cli.js';

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

  it.skipIf(!hasRedisServer)(
    'a Redis that wants a password says so, with exit code 1; given it in the URL, the queue opens',
    async () => {
      const redis = await startRedisServer(['--requirepass', 'queue-test-pass-5e1']);
      try {
        const bare = await runCli(['queue', 'status', '--redis', redis.url]);
        expect(bare.code).toBe(1);
        expect(bare.stderr).toBe(
          `pdg: Redis at ${redis.url} answered "NOAUTH Authentication required.": put its user and password in the URL (redis://USER:PASSWORD@host:port) or fix them.\n`,
        );
        const wrong = await runCli(['queue', 'status', '--redis', redis.url.replace('//', '//:not-it@')]);
        expect(wrong.code).toBe(1);
        expect(wrong.stderr).toContain('answered "WRONGPASS');
        expect(wrong.stderr).not.toContain('not-it');
        for (const user of ['', 'default']) {
          const right = await runCli([
            'queue',
            'status',
            '--redis',
            redis.url.replace('//', `//${user}:queue-test-pass-5e1@`),
          ]);
          expect(right.stderr).toBe('');
          expect(right.code).toBe(0);
          expect(right.stdout).toMatch(/^waiting 0\nactive 0\n/);
        }
      } finally {
        redis.stop();
      }
    },
  );

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
