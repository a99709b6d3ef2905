/**
 * `pdg run` against a loopback gateway that answers crafted bodies: control characters never reach the
 * terminal raw, endless walks end, and a signal during `--all` stops between two lines and says how to resume.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, cli, runCli } from './run-cli.js';

/** What a hostile gateway puts in a message: BEL, OSC 52 (clipboard write), OSC 0 (title), a screen clear, CSI. */
const hostile = 'boom\u0007 \u001b]52;c;ZXZpbA==\u0007 \u001b]0;owned\u0007 \u001b[2J\u001b[H \u009b31m \u007f end';

/** Every control character but the line break (C0, DEL, C1): none may reach the terminal raw. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this test is for.
const rawControl = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

let gateway: Server;
let baseUrl: string;
/** Requests the gateway received, by path and query. */
const requests: string[] = [];
/** Whether the flaky channel's page 3 has failed its one time. */
let flakyFailed = false;

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** A page of `hot` with `count` threads, each line of NDJSON about 2 KB so a slow reader fills the pipe. */
function threads(cursor: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({ threadId: `${cursor}-${i}`, title: 'x'.repeat(2_000) }));
}

beforeAll(async () => {
  gateway = createServer((request, response) => {
    const url = new URL(request.url ?? '', 'http://x');
    requests.push(`${url.pathname}${url.search}`);
    const cursor = url.searchParams.get('cursor');
    const q = url.searchParams.get('q');
    if (url.pathname.endsWith('/search')) {
      // A failure whose message and a success whose values carry control characters.
      if (q === 'fail') return answer(response, 400, { status: 'error', message: hostile });
      return answer(response, 200, { status: 'success', content: { note: hostile } });
    }
    const channel = url.searchParams.get('channelId');
    if (channel === 'empty') {
      // Empty pages with a fresh cursor each time, saying there is more: endless unless the walk stops it.
      return answer(response, 200, { threads: [], hasMore: true, nextCursor: `fresh-${requests.length}` });
    }
    if (channel === 'flaky' && cursor === '3' && !flakyFailed) {
      // Page 3 fails once (a status that is not retried), then answers as the long channel does.
      flakyFailed = true;
      return answer(response, 404, { status: 'error', message: 'page 3 is not there right now' });
    }
    if (channel === 'stuck')
      return answer(response, 200, { threads: threads('s', 1), hasMore: true, nextCursor: null });
    // channel "long" (and "flaky" once its page 3 answers): 40 pages of 25 threads.
    const page = Number(cursor ?? '1');
    const more = page < 40;
    return answer(response, 200, {
      threads: threads(`p${page}`, 25),
      hasMore: more,
      nextCursor: more ? String(page + 1) : null,
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});

afterAll(async () => {
  gateway.closeAllConnections();
  await new Promise((resolve) => gateway.close(resolve));
});

const access = () => ({ PDG_API_KEY: 'made-up-key-0001', PDG_BASE_URL: baseUrl });

/** `pdg run` walking the 40 pages of the long channel, raw (no schema check). */
const longWalk = ['run', 'social-media:forum', 'hot', '--channelId', 'long', '--all', '--no-validate'];

describe('text from the network never reaches the terminal raw', () => {
  it("a gateway's error message: ESC, BEL, OSC 52, OSC 0, CSI and DEL shown as escapes on stderr", async () => {
    const { code, stderr } = await runCli(['run', 'music:catalogstore', 'search', '--q', 'fail'], access());
    expect(code).toBe(1);
    expect(stderr).not.toMatch(rawControl);
    expect(stderr).toContain('boom\\u0007 \\u001b]52;c;ZXZpbA==\\u0007 \\u001b]0;owned\\u0007 \\u001b[2J');
    expect(stderr).toContain('\\u009b31m \\u007f end');
  });

  it('values in JSON output: U+009B and DEL as \\u escapes, and the JSON reads back to the same text', async () => {
    const { code, stdout } = await runCli(
      ['run', 'music:catalogstore', 'search', '--q', 'ok', '--no-validate', '--compact'],
      access(),
    );
    expect(code).toBe(0);
    expect(stdout).not.toMatch(rawControl);
    expect(stdout).toContain('\\u009b31m \\u007f end');
    expect(JSON.parse(stdout)).toEqual({ note: hostile });
  });
});

describe('pdg run --all ends on a gateway whose paging never does', () => {
  it('empty pages with a fresh cursor each time: exit 1 after 3 pages, naming the endpoint and what the gateway did', async () => {
    const before = requests.length;
    const { code, stderr } = await runCli(
      ['run', 'social-media:forum', 'hot', '--channelId', 'empty', '--all', '--no-validate'],
      access(),
    );
    expect(code).toBe(1);
    expect(stderr).toContain(
      'social-media:forum hot: after 3 page(s) the gateway sent 3 pages in a row with no threads',
    );
    expect(requests.length - before).toBe(3);
  });

  it('--max-empty-pages N: the walk fails after N empty pages instead of 3; 0, or without --all, is a usage error', async () => {
    const before = requests.length;
    const empty = ['run', 'social-media:forum', 'hot', '--channelId', 'empty', '--no-validate'];
    const { code, stderr } = await runCli([...empty, '--all', '--max-empty-pages', '5'], access());
    expect(code).toBe(1);
    expect(stderr).toContain('sent 5 pages in a row with no threads while saying hasMore: true (maxEmptyPages is 5)');
    expect(requests.length - before).toBe(5);
    const zero = await runCli([...empty, '--all', '--max-empty-pages', '0'], access());
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain('--max-empty-pages');
    const alone = await runCli([...empty, '--max-empty-pages', '2'], access());
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('--max-empty-pages and --resume go with --all');
    expect(requests.length - before).toBe(5);
  });

  it('hasMore: true with nextCursor null: exit 1, the page written, not "done"', async () => {
    const { code, stdout, stderr } = await runCli(
      ['run', 'social-media:forum', 'hot', '--channelId', 'stuck', '--all', '--no-validate'],
      access(),
    );
    expect(code).toBe(1);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain('said hasMore: true but sent no nextCursor');
    expect(stderr).not.toContain('done:');
  });
});

/** Starts `pdg run --all` over 40 pages with a reader that takes one chunk at a time, and sends `signal` once lines arrive. */
async function interruptedWalk(signal: 'SIGINT' | 'SIGTERM', extra: readonly string[] = []) {
  const child = spawn(process.execPath, [cli, ...longWalk, '--quiet', ...extra], {
    env: { ...cleanEnv, ...access() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  // A slow reader: one chunk, then the pipe is left full until the signal is sent.
  const first = await new Promise<string>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(String(chunk))),
  );
  child.stdout.pause();
  stdout += first;
  child.kill(signal);
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk;
  });
  child.stdout.resume();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}

describe('a signal during pdg run --all', () => {
  it('SIGINT: every line whole, where the walk stopped on stderr, exit 130; --resume continues with no line lost or repeated', async () => {
    const { code, stdout, stderr } = await interruptedWalk('SIGINT');
    expect(code).toBe(130);
    expect(stdout.endsWith('\n')).toBe(true);
    const lines = stdout.trimEnd().split('\n');
    const ids = lines.map((line) => (JSON.parse(line) as { threadId: string }).threadId);
    // Stopped before the end of the walk (40 pages of 25).
    expect(ids.length).toBeLessThan(1_000);
    expect(stderr).toMatch(
      new RegExp(`^pdg: stopped by SIGINT after ${ids.length} item\\(s\\) from \\d+ page\\(s\\), at \\{`),
    );
    const resume = /--resume '(\{[^']*\})'/.exec(stderr)?.[1];
    expect(resume).toBeDefined();

    const rest = await runCli([...longWalk, '--quiet', '--resume', resume as string], access());
    expect(rest.code).toBe(0);
    const restIds = rest.stdout
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { threadId: string }).threadId);
    const all = [...ids, ...restIds];
    expect(all).toHaveLength(1_000);
    expect(new Set(all).size).toBe(1_000);
    expect(all[0]).toBe('p1-0');
    expect(all.at(-1)).toBe('p40-24');
  });

  it('SIGTERM: exit 143, the same report', async () => {
    const { code, stdout, stderr } = await interruptedWalk('SIGTERM');
    expect(code).toBe(143);
    expect(stdout.endsWith('\n')).toBe(true);
    for (const line of stdout.trimEnd().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
    expect(stderr).toMatch(/^pdg: stopped by SIGTERM after \d+ item\(s\)/);
    expect(stderr).toContain('--resume');
  });

  it('a --resume that is not JSON, or not a checkpoint, is a usage error (exit 2)', async () => {
    const notJson = await runCli(['run', 'social-media:forum', 'hot', '--all', '--resume', 'page 3'], access());
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toContain('--resume takes the checkpoint pdg printed');
    const forged = await runCli([...longWalk, '--resume', '{"at":"2","taken":1000000}'], access());
    expect(forged.code).toBe(2);
    expect(forged.stderr).toContain('--resume says 1000000 items of its page were taken, but that page has 25');
    expect(forged.stdout).toBe('');
  });
});

describe('a failure during pdg run --all', () => {
  it('a failure after some pages: the error, where the walk stopped and the command that continues it; exit 1', async () => {
    const flaky = ['run', 'social-media:forum', 'hot', '--channelId', 'flaky', '--all', '--no-validate', '--quiet'];
    const failed = await runCli(flaky, access());
    expect(failed.code).toBe(1);
    const ids = failed.stdout
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as { threadId: string }).threadId);
    expect(ids).toHaveLength(50);
    expect(failed.stderr).toContain('page 3 is not there right now');
    expect(failed.stderr).toContain('pdg: the walk stopped after 50 item(s) from 2 page(s), at {"at":"3","taken":0}.');
    const resume = /--resume '(\{[^']*\})'/.exec(failed.stderr)?.[1];
    expect(resume).toBe('{"at":"3","taken":0}');

    const rest = await runCli([...flaky, '--resume', resume as string], access());
    expect(rest.code).toBe(0);
    const all = [
      ...ids,
      ...rest.stdout
        .trimEnd()
        .split('\n')
        .map((line) => (JSON.parse(line) as { threadId: string }).threadId),
    ];
    expect(all).toHaveLength(1_000);
    expect(new Set(all).size).toBe(1_000);
    expect(all.at(-1)).toBe('p40-24');
  });
});
