/** `pdg run --cache`, `--redis` and `--rate-limit`: the client's opt-in layers from a terminal. */
import { spawn } from 'node:child_process';
import { createServer, type Socket } from 'node:net';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures } from '@pdg/jobs-jobboard/fixtures';
import { type MockRequestInfo, startMockGateway } from '@pdg/mock';
import { describe, expect, it, vi } from 'vitest';
import { cleanEnv, cli, runCli } from './run-cli.js';

const redisUrl = process.env.PDG_REDIS_URL;
if (!redisUrl && process.env.CI) throw new Error('CI must set PDG_REDIS_URL (.ci/run starts redis-server).');
if (!redisUrl) {
  console.warn(
    "pdg --redis test with a Redis skipped: no Redis. Start one (redis-server --port 6390 --save '') and set PDG_REDIS_URL=redis://127.0.0.1:6390.",
  );
}

async function gateway(options: { rateLimit?: { requests: number; windowMs: number } } = {}) {
  const seen: MockRequestInfo[] = [];
  const running = await startMockGateway({
    providers: [jobboard],
    fixtures,
    onRequest: (request) => void seen.push(request),
    ...options,
  });
  return { running, seen, args: ['--base-url', running.url, '--api-key', 'cli-cache-key-4a1f'] };
}

/** `pdg run` walking `pages` pages of 3 SG jobs, printing one job a line. */
const walk = (pages: number) => [
  'run',
  'jobs:jobboard',
  'browse',
  '--country',
  'SG',
  '--limit',
  '3',
  '--all',
  '--max-pages',
  String(pages),
];

describe('pdg run --cache, --redis, --rate-limit', () => {
  it('--cache answers as without it', async () => {
    const { code, stdout } = await runCli(['run', 'jobs:jobboard', 'browse', '--country', 'SG', '--mock', '--cache']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).items.length).toBeGreaterThan(0);
  });

  it('--rate-limit lets a run go on past its window: --all over 3 pages at 1/s gets all 3', async () => {
    const gw = await gateway();
    try {
      const { code, stdout } = await runCli([...walk(3), '--rate-limit', '1/s', ...gw.args]);
      expect(code).toBe(0);
      expect(stdout.trim().split('\n')).toHaveLength(9);
      expect(gw.seen).toHaveLength(3);
    } finally {
      await gw.running.close();
    }
  });

  it('--rate-limit holds a run to its count per window: at 2 per 10 min, --all sends 2 of 3 pages and waits', async () => {
    // Counted, not timed: the third page's turn is 10 minutes away, so however slow the machine, the
    // gateway sees exactly two requests while the run waits (without the limit, the third follows at once).
    const gw = await gateway();
    const run = spawn(process.execPath, [cli, ...walk(3), '--rate-limit', '2/600000ms', ...gw.args], {
      env: cleanEnv,
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => run.once('exit', (code) => resolve(code)));
    let ended = false;
    void exited.then(() => {
      ended = true;
    });
    try {
      // Waited for, not timed: a loaded machine may take a minute to start pdg.
      await vi.waitFor(() => expect(gw.seen).toHaveLength(2), { timeout: 240_000, interval: 20 });
      // Room for a third request to arrive, were it sent: two seconds, far longer than one takes here.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(gw.seen).toHaveLength(2);
      expect(ended).toBe(false);
    } finally {
      run.kill('SIGKILL');
      await exited;
      await gw.running.close();
    }
  });

  it('refuses bad values: --redis without a URL, a Redis that is not there', async () => {
    const bare = await runCli(['run', 'jobs:jobboard', 'browse', '--mock', '--redis']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('--redis needs a URL, such as --redis redis://127.0.0.1:6379.');
    const absent = await runCli(['run', 'jobs:jobboard', 'browse', '--mock', '--redis', 'redis://127.0.0.1:1']);
    expect(absent.code).toBe(1);
    expect(absent.stderr).toContain('could not connect to Redis at redis://127.0.0.1:1 (ECONNREFUSED)');
  });

  it('a port that accepts and never answers fails within seconds instead of hanging, the password masked', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      // The message names the 5 s connect limit that ended the wait (a hang would outlast the child's own limit).
      const mute = await runCli([
        'run',
        'jobs:jobboard',
        'browse',
        '--mock',
        '--redis',
        `redis://fleet:made-up-pass-7c1d@127.0.0.1:${port}`,
      ]);
      expect(mute.code).toBe(1);
      expect(mute.stderr).toContain(
        `could not connect to Redis at redis://fleet:***@127.0.0.1:${port} (no answer within 5 s`,
      );
      expect(mute.stderr).not.toContain('made-up-pass-7c1d');
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  // CI (.ci/run) starts redis-server and sets PDG_REDIS_URL; tests/shared-limits fails there without it.
  it.skipIf(!redisUrl)('two pdg processes with --redis share one cache: the gateway answers once', async () => {
    const gw = await gateway();
    try {
      const call = ['run', 'jobs:jobboard', 'browse', '--country', 'VN', '--page', '2', '--redis', redisUrl ?? ''];
      const first = await runCli([...call, ...gw.args]);
      const second = await runCli([...call, ...gw.args]);
      expect([first.code, second.code]).toEqual([0, 0]);
      expect(second.stdout).toBe(first.stdout);
      expect(gw.seen.filter((request) => request.endpoint === 'browse')).toHaveLength(1);
    } finally {
      await gw.running.close();
    }
  });
});
