/**
 * What a gateway sends back that pdg prints: a request id with C1 control characters in a debug line, the
 * API key echoed in a 200 body, a field name with control characters in a drift report, rate-limit fields
 * that are not counts. A loopback stub gateway answers each; pdg's output holds no raw control character and
 * no key.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

/** Every control character but the line break (C0, DEL, C1): none may reach the terminal raw. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this test is for.
const rawControl = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

const apiKey = 'sk_live_echoed_key_5cf1a9';

/**
 * A request id with C1 controls (CSI U+009B, NEL U+0085, OSC U+009D): node:http writes a header value as
 * latin1, and the client reads these bytes back as the same code points.
 */
const c1RequestId = 'req-\u009b2J-\u0085-\u009d0;owned';

let gateway: Server;
let baseUrl: string;

function answer(response: ServerResponse, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(200, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** Answers by the `q` (search) or `channelId` (hot) the test asks for. */
function route(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '', 'http://x');
  const q = url.searchParams.get('q');
  if (url.pathname.endsWith('/search')) {
    if (q === 'c1-request-id') {
      return answer(
        response,
        { status: 'success', content: { page: 1, count: 0, items: [] } },
        { 'x-request-id': c1RequestId, 'x-ratelimit-limit': '10', 'x-ratelimit-remaining': '2.5' },
      );
    }
    if (q === 'c1-failure') {
      response.writeHead(400, {
        'content-type': 'application/json',
        'x-request-id': c1RequestId,
        'x-ratelimit-limit': '10',
        'x-ratelimit-remaining': '0x10',
        'x-ratelimit-reset': '1e1',
      });
      return response.end(JSON.stringify({ status: 'error', message: 'refused' }));
    }
    if (q === 'echo') {
      // The key in a value, in a field's name, and deep inside.
      const content = {
        title: `your key is ${apiKey}`,
        [apiKey]: 'as a name',
        deep: { list: [`Bearer ${apiKey}`] },
        // The forms a gateway may echo it in besides: base64 (as in a Basic header) and URL-encoded.
        basic: `Basic ${btoa(`user:${apiKey}`)}`,
        link: `https://x.test/?key=${encodeURIComponent(`${apiKey}/`)}`,
      };
      return answer(response, { status: 'success', content });
    }
    if (q === 'drift') {
      const content = { page: 1, count: 0, items: [], '\u001b]0;owned\u0007\u009b2J': 1 };
      return answer(response, { status: 'success', content });
    }
  }
  if (url.pathname.endsWith('/hot')) {
    // Two pages, each thread's title echoing the key.
    const page = Number(url.searchParams.get('cursor') ?? '1');
    const threads = [1, 2].map((n) => ({ threadId: `t${page}-${n}`, title: `thread for ${apiKey}` }));
    return answer(response, { threads, hasMore: page < 2, nextCursor: page < 2 ? '2' : null });
  }
  response.writeHead(404, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ status: 'error', message: 'no such test route' }));
}

beforeAll(async () => {
  gateway = createServer(route);
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});

afterAll(async () => {
  gateway.closeAllConnections();
  await new Promise((resolve) => gateway.close(resolve));
});

const access = () => ({ PDG_API_KEY: apiKey, PDG_BASE_URL: baseUrl });

describe('PDG_DEBUG=1: debug lines pass the terminal escaping', () => {
  it('a request id with C1 control characters is shown as \\u escapes, and a rate limit of 2.5 left is left out', async () => {
    const { code, stderr } = await runCli(
      ['run', 'music:catalogstore', 'search', '--q', 'c1-request-id', '--no-validate', '--compact'],
      { ...access(), PDG_DEBUG: '1' },
    );
    expect(code).toBe(0);
    const debugLines = stderr.split('\n').filter((line) => line.startsWith('pdg GET '));
    expect(debugLines).toHaveLength(1);
    expect(stderr).not.toMatch(rawControl);
    expect(debugLines[0]).toContain(' request-id=req-\\u009b2J-\\u0085-\\u009d0;owned ratelimit(limit=10)');
    expect(debugLines[0]).toContain('x-api-key=[redacted]');
    expect(stderr).not.toContain(apiKey);
  });

  it('a failed call: the debug line and the request id under the message escaped; 0x10 left and a reset of 1e1 are no counts', async () => {
    const { code, stderr } = await runCli(['run', 'music:catalogstore', 'search', '--q', 'c1-failure'], {
      ...access(),
      PDG_DEBUG: '1',
    });
    expect(code).toBe(1);
    expect(stderr).not.toMatch(rawControl);
    const lines = stderr.trimEnd().split('\n');
    expect(lines.filter((line) => line.startsWith('pdg GET '))).toHaveLength(1);
    expect(lines).toContain('     request id: req-\\u009b2J-\\u0085-\\u009d0;owned');
    expect(lines).toContain('     rate limit: ? of 10 left');
  });

  it('PDG_DEBUG unset, 0 or no: no debug line', async () => {
    for (const value of [undefined, '0', 'no']) {
      const env = value === undefined ? access() : { ...access(), PDG_DEBUG: value };
      const { code, stderr } = await runCli(
        ['run', 'music:catalogstore', 'search', '--q', 'c1-request-id', '--no-validate'],
        env,
      );
      expect(code).toBe(0);
      expect(stderr, `PDG_DEBUG=${value}`).toBe('');
    }
  });
});

describe('a key echoed in a 200 body is redacted from what pdg run prints', () => {
  it('one call: JSON on stdout, in a value, a field name and a nested list, with PDG_API_KEY and with --api-key', async () => {
    for (const [args, env] of [
      [[], access()],
      [['--api-key', apiKey], { PDG_BASE_URL: baseUrl }],
      [['--pretty'], access()],
    ] as const) {
      const { code, stdout } = await runCli(
        ['run', 'music:catalogstore', 'search', '--q', 'echo', '--no-validate', ...args],
        env,
      );
      expect(code).toBe(0);
      expect(stdout).not.toContain(apiKey);
      expect(stdout).not.toContain(btoa(apiKey).slice(4, -4));
      const printed = JSON.parse(stdout);
      expect(printed).toMatchObject({
        title: 'your key is [redacted]',
        '[redacted]': 'as a name',
        deep: { list: ['Bearer [redacted]'] },
        link: 'https://x.test/?key=[redacted]%2F',
      });
      expect(printed.basic).toContain('[redacted]');
    }
  });

  it('a walk: every NDJSON line, of every page', async () => {
    const { code, stdout } = await runCli(
      ['run', 'social-media:forum', 'hot', '--all', '--no-validate', '--quiet'],
      access(),
    );
    expect(code).toBe(0);
    expect(stdout).not.toContain(apiKey);
    const lines = stdout.trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line).title)).toEqual(Array(4).fill('thread for [redacted]'));
  });
});

describe('--validate report: a field name from the body passes the terminal escaping', () => {
  it('an undocumented field named with ESC, BEL and CSI: the drift line shows them as escapes', async () => {
    const { code, stderr } = await runCli(
      ['run', 'music:catalogstore', 'search', '--q', 'drift', '--validate', 'report'],
      access(),
    );
    expect(code).toBe(0);
    expect(stderr).toContain('\\u001b]0;owned\\u0007\\u009b2J');
    expect(stderr).not.toMatch(rawControl);
  });
});
