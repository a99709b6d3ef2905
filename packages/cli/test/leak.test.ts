/**
 * The CLI half of the leak test, and bad flags: whatever goes wrong, `pdg` prints one line (never
 * a stack trace) and never the API key, even against a gateway that echoes the key everywhere.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const KEY = 'sk_live_SECRETKEY1234567890';

/** What `pdg` printed, stdout and stderr together: the key must be in neither. */
async function pdg(args: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  const { code, stdout, stderr } = await runCli(args, env);
  return { code, output: stdout + stderr };
}

/** A gateway echoing the key in the reason phrase, headers, body and redirects; `q` picks the failure. */
let gateway: Server;
let baseUrl = '';

function answer(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
  response.writeHead(status, `Echo ${KEY}`, { 'x-echo': KEY, 'content-type': 'application/json', ...headers });
  response.end(body);
}

const envelope = (message: string) =>
  JSON.stringify({ status: 'error', message: `${message} ${KEY}`, content: { key: KEY } });

beforeAll(async () => {
  gateway = createServer((request, response) => {
    const q = new URL(request.url ?? '', 'http://x').searchParams.get('q');
    switch (q) {
      case 'auth':
        return answer(response, 401, envelope('bad key'));
      case 'rate':
        return answer(response, 429, envelope('slow down'), { 'retry-after': '3600' });
      case 'missing':
        return answer(response, 404, envelope('no such thing'));
      case 'bad':
        return answer(response, 400, envelope('bad request'));
      case 'upstream':
        return answer(response, 501, envelope('upstream failed'));
      case 'teapot':
        return answer(response, 418, envelope('teapot'));
      case 'parse':
        return answer(response, 200, `${'x'.repeat(190)}${KEY} not json`);
      case 'shape':
        return answer(response, 200, JSON.stringify({ page: KEY, items: KEY }));
      case 'slow':
        return;
      case 'reset':
        response.writeHead(200, { 'content-length': '100' });
        response.write(`{"k":"${KEY}`);
        return setTimeout(() => response.socket?.destroy(), 10);
      case 'away':
        return answer(response, 302, '', { location: `http://127.0.0.1:9/${KEY}?key=${KEY}` });
      case 'nolocation':
        return answer(response, 302, envelope('moved'));
      default:
        return answer(response, 200, JSON.stringify({ page: 1, count: 0, items: [] }));
    }
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});

afterAll(async () => {
  gateway.closeAllConnections();
  await new Promise((resolve) => gateway.close(resolve));
});

function expectClean(output: string) {
  expect(output).not.toContain(KEY);
  expect(output).not.toContain('SECRETKEY');
  expect(output).not.toMatch(/\n\s+at /);
}

describe('pdg never prints the key or a stack trace', () => {
  it.each([
    ['auth', 'AUTH'],
    ['rate', 'RATE_LIMITED'],
    ['missing', 'NOT_FOUND'],
    ['bad', 'BAD_REQUEST'],
    ['upstream', 'UPSTREAM'],
    ['teapot', 'HTTP'],
    ['parse', 'not JSON'],
    ['shape', 'expected the { status: "success", content } envelope'],
    ['slow', 'timeout'],
    ['reset', 'broke while the response was being read'],
    ['away', 'could not reach'],
    ['nolocation', 'without a Location header'],
  ])('q=%s: exit 1 with one line naming %s', async (q, expected) => {
    // Only the gateway that never answers needs a short timeout; the others answer, and a loaded machine
    // may take seconds to get their answers (and retries) through.
    const timeout = q === 'slow' ? '2000' : '60000';
    const { code, output } = await pdg(['run', 'music:catalogstore', 'search', '--q', q, '--timeout', timeout], {
      PDG_API_KEY: KEY,
      PDG_BASE_URL: baseUrl,
    });
    expect(code).toBe(1);
    expect(output).toContain(expected);
    expect(output.trim().split('\n')).toHaveLength(1);
    expectClean(output);
  });

  it('INVALID_PARAMS exits 2 without the key, even when the key is the bad value', async () => {
    const { code, output } = await pdg(['run', 'music:catalogstore', 'search', '--q', 'x', '--limit', KEY], {
      PDG_API_KEY: KEY,
      PDG_BASE_URL: baseUrl,
    });
    expect(code).toBe(2);
    expectClean(output);
  });

  it('a key with a newline exits 2 with a usage message that does not quote it', async () => {
    const { code, output } = await pdg(['run', 'music:catalogstore', 'search', '--q', 'x'], {
      PDG_API_KEY: `${KEY}\n`,
      PDG_BASE_URL: baseUrl,
    });
    expect(code).toBe(2);
    expect(output).toContain('apiKey must be printable ASCII');
    expectClean(output);
  });

  it('a key given with --api-key is kept out of the output too', async () => {
    const { code, output } = await pdg(['run', 'music:catalogstore', 'search', '--q', 'auth', '--api-key', KEY], {
      PDG_BASE_URL: baseUrl,
    });
    expect(code).toBe(1);
    expectClean(output);
  });
});

describe('bad flags are usage errors (exit 2, no stack)', () => {
  it.each([
    [
      ['run', 'music:catalogstore', 'search', '--q', 'x', '--timeout', '0', '--mock'],
      '--timeout must be a whole number from 1 to 2147483647',
    ],
    [
      ['run', 'music:catalogstore', 'search', '--q', 'x', '--timeout', '1e12', '--mock'],
      '--timeout must be a whole number from 1 to 2147483647',
    ],
    [['mock', '--port', '99999'], '--port must be a whole number from 0 to 65535'],
    [
      ['run', 'music:catalogstore', 'search', '--q', 'x', '--base-url', 'ht!tp:/bad', '--api-key', 'k'],
      'baseUrl must be an absolute http(s) URL',
    ],
    [
      [
        'run',
        'music:catalogstore',
        'search',
        '--q',
        'x',
        '--base-url',
        'http://u:hunter2pw@127.0.0.1:9',
        '--api-key',
        'k',
      ],
      'must not contain a user name or password',
    ],
  ])('%j', async (args, message) => {
    const { code, output } = await pdg(args);
    expect(code).toBe(2);
    expect(output).toContain(message);
    expect(output).not.toContain('hunter2pw');
    expect(output).not.toMatch(/\n\s+at /);
  });
});
