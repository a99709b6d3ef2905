/**
 * `pdg run --curl` prints a line that sends, byte for byte, the request pdg sends: both are sent to one
 * loopback server that records each request's line and headers, the line run by bash (as a script and as
 * an interactive shell, history expansion on), sh, and zsh.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

/** A request as it reached the server: its line and its headers (names lower-cased, in the order sent). */
interface Recorded {
  readonly line: string;
  readonly headers: readonly string[];
}

let server: Server;
let port: number;
const received: Recorded[] = [];
/** A directory a command substitution in the line would write to: it must stay empty. */
const scratch = mkdtempSync(join(tmpdir(), 'pdg-curl-'));
const key = 'made-up-curl-key-7c1e90';

beforeAll(async () => {
  server = createServer((request, response) => {
    const headers: string[] = [];
    for (let index = 0; index < request.rawHeaders.length; index += 2) {
      headers.push(`${request.rawHeaders[index]?.toLowerCase()}: ${request.rawHeaders[index + 1]}`);
    }
    received.push({ line: `${request.method} ${request.url} HTTP/${request.httpVersion}`, headers });
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ok: false, error: { code: 'NOT_FOUND', message: 'recorded' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(scratch, { recursive: true, force: true });
});

/** Headers the runtime's fetch adds by itself (not pdg), which the curl line leaves to curl. */
const fetchOwn = /^(accept-encoding|accept-language|sec-fetch-mode|connection): /;

/** The one request the action made, as the server recorded it. */
async function recordedBy(action: () => Promise<unknown>): Promise<Recorded> {
  const before = received.length;
  await action();
  expect(received.length - before, 'one request').toBe(1);
  return received[received.length - 1] as Recorded;
}

/** Runs the line in a shell: `-c`, or read from stdin by an interactive shell (history expansion on). */
function inShell(shell: string, args: readonly string[], line: string, interactive: boolean): Promise<void> {
  const env = { PATH: process.env.PATH ?? '', HOME: scratch, HISTFILE: '/dev/null', PDG_API_KEY: key };
  return new Promise((resolve) => {
    const child = execFile(
      shell,
      interactive ? [...args] : [...args, '-c', line],
      { cwd: scratch, env, timeout: 30_000 },
      () => resolve(),
    );
    // An earlier line in the history, for `!!` and the like to expand to if anything is left unquoted.
    if (interactive) child.stdin?.end(`echo earlier\n${line}\nexit\n`);
    else child.stdin?.end();
  });
}

const zsh = spawnSync('zsh', ['-c', 'true']).status === 0 ? 'zsh' : undefined;
/** zsh where CI runs (.ci/run installs it), and wherever it is installed. */
const shells: readonly (readonly [string, string, readonly string[], boolean])[] = [
  ['bash -c', 'bash', ['--norc', '--noprofile'], false],
  ['bash, interactive, history expansion on', 'bash', ['--norc', '--noprofile', '-i'], true],
  ['sh -c', 'sh', [], false],
  ...(zsh || process.env.CI
    ? [
        ['zsh -c', 'zsh', ['-f'], false] as const,
        ['zsh, interactive, history expansion on', 'zsh', ['-f', '-i'], true] as const,
      ]
    : []),
];

/** Calls whose URL and arguments a shell would take apart if they were not quoted whole. */
const calls: Record<string, (base: string) => string[]> = {
  'a base URL with a trailing slash': (base) => [
    'jobs:jobboard',
    'browse',
    '--country',
    'SG',
    '--base-url',
    `${base}/`,
  ],
  'a base URL ending in /v1/ with a query string and a fragment': (base) => [
    'jobs:jobboard',
    'browse',
    '--country',
    'SG',
    '--limit',
    '3',
    '--base-url',
    `${base}/v1/?token=abc&x=$(touch injected)#part`,
  ],
  'a base URL path with $(...), backticks and !': (base) => [
    'jobs:jobboard',
    'job',
    '--jobId',
    "it's!!-$(touch injected)-`touch injected`-[1-2]{a,b}",
    '--base-url',
    `${base}/gw$(touch$IFS'injected')!![1-2]/v1`,
  ],
  'query values with quotes, spaces and shell words': (base) => [
    'music:catalogstore',
    'search',
    '--q',
    `"velvet" 'orbit' $HOME !! \`id\` ; rm -rf x & | > <`,
    '--base-url',
    base,
  ],
};

describe('pdg run --curl sends what pdg sends', () => {
  for (const [what, args] of Object.entries(calls)) {
    it(`${what}, in every shell`, async () => {
      const base = `http://127.0.0.1:${port}`;
      const sent = await recordedBy(() => runCli(['run', ...args(base)], { PDG_API_KEY: key }));
      const printed = await runCli(['run', ...args(base), '--curl'], { PDG_API_KEY: key });
      expect([printed.code, printed.stderr]).toEqual([0, '']);
      const line = printed.stdout.trim();
      expect(line).not.toContain(key);
      const expected = { line: sent.line, headers: sent.headers.filter((header) => !fetchOwn.test(header)) };
      expect(expected.headers.some((header) => header === `x-api-key: ${key}`)).toBe(true);
      for (const [shell, command, shellArgs, interactive] of shells) {
        const replayed = await recordedBy(() => inShell(command, shellArgs, line, interactive));
        const own = replayed.headers.filter((header) => !fetchOwn.test(header));
        expect({ shell, line: replayed.line, headers: [...own].sort() }).toEqual({
          shell,
          line: expected.line,
          headers: [...expected.headers].sort(),
        });
      }
      expect(existsSync(join(scratch, 'injected'))).toBe(false);
      // The key as today: left to the shell, never printed.
      expect(line).toContain(`'x-api-key: '"\${PDG_API_KEY}"`);
    });
  }

  it('needs the base URL a run would use: --base-url or PDG_BASE_URL', async () => {
    const refused = await runCli(['run', 'jobs:jobboard', 'browse', '--curl'], { PDG_API_KEY: key });
    expect([refused.code, refused.stdout]).toEqual([2, '']);
    expect(refused.stderr).toContain('No gateway URL: set PDG_BASE_URL or pass --base-url');
  });
});
