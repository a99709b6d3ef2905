/**
 * Response metadata and debug lines: what they tell, and that none of it ever holds the API key, even
 * from a gateway that echoes the key back in its headers, its body and a redirect.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '../src/index.js';
import { json, type Loopback, loopback } from './loopback.js';
import { jobs } from './providers.js';

const key = 'sk_live_DIAGNOSTICS_0123456789';
let gateway: Loopback;
let failuresLeft = 0;

beforeAll(async () => {
  gateway = await loopback((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    // A first hop that redirects with the key in the Location, as a careless gateway might.
    if (url.searchParams.get('hop') === null && url.pathname.endsWith('/job/echo')) {
      response.writeHead(302, { location: `${url.pathname}?hop=1&token=${key}` });
      response.end();
      return;
    }
    if (failuresLeft > 0) {
      failuresLeft--;
      json(response, 503, { status: 'error', message: `upstream down for ${key}` });
      return;
    }
    json(
      response,
      200,
      { jobId: 'echo', title: `Title with ${key}` },
      { 'x-ratelimit-remaining': '41', 'x-echo-key': String(request.headers['x-api-key']) },
    );
  });
});
afterAll(() => gateway.close());

const client = (lines: string[]) =>
  createClient({
    providers: [jobs],
    apiKey: key,
    baseUrl: gateway.url,
    retry: { limit: 2, baseDelay: 5, maxDelay: 10 },
    debug: (line) => lines.push(line),
  });

describe('runWithResponse', () => {
  it('gives the status, headers, attempts, duration and URL beside the result, without the key', async () => {
    const lines: string[] = [];
    failuresLeft = 1;
    const { data, response } = await client(lines).runWithResponse('jobs:board', 'job', { jobId: 'echo' });
    expect(data.jobId).toBe('echo');
    expect(response.status).toBe(200);
    expect(response.headers['x-ratelimit-remaining']).toBe('41');
    // The redirect hop, the 503 and the retry that answered.
    expect(response.attempts).toBe(3);
    expect(response.durationMs).toBeGreaterThan(0);
    expect(response.url).toBe(`${gateway.url}/v1/jobs:board/job/echo`);
    expect(JSON.stringify(response)).not.toContain(key);
    expect(response.headers['x-echo-key']).toBe('[redacted]');
  });

  it('run() still returns the result alone', async () => {
    const result = await client([]).run('jobs:board', 'job', { jobId: 'echo' });
    expect(Object.keys(result).sort()).toEqual(['jobId', 'title']);
  });
});

describe('debug lines', () => {
  it('one line per request: URL, status, duration, attempt, retry wait, the key shown as [redacted]', async () => {
    const lines: string[] = [];
    failuresLeft = 1;
    await client(lines).run('jobs:board', 'job', { jobId: 'echo' });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^pdg GET http:\/\/127\.0\.0\.1:\d+\/v1\/jobs:board\/job\/echo 302 \d+ ms attempt 1 x-api-key=\[redacted\]$/,
    );
    expect(lines[1]).toMatch(/ 503 \d+ ms attempt 2, retry in \d+ ms x-api-key=\[redacted\]$/);
    expect(lines[2]).toMatch(
      /\?hop=1&token=\[redacted\] 200 \d+ ms attempt 3 x-api-key=\[redacted\] ratelimit\(remaining=41\)$/,
    );
    expect(lines.join('\n')).not.toContain(key);
  });

  /** What a plain client (no `debug` option) writes to stderr for one call, with PDG_DEBUG set so. */
  async function stderrOfPlainCall(pdgDebug: string | undefined): Promise<string[]> {
    vi.stubEnv('PDG_DEBUG', pdgDebug);
    const written: string[] = [];
    const stderr = vi.spyOn(console, 'error').mockImplementation((line: string) => void written.push(line));
    try {
      await createClient({ providers: [jobs], apiKey: key, baseUrl: gateway.url }).run('jobs:board', 'job', {
        jobId: 'plain',
      });
    } finally {
      stderr.mockRestore();
      vi.unstubAllEnvs();
    }
    return written;
  }

  it('PDG_DEBUG=1 turns them on, to stderr', async () => {
    const written = await stderrOfPlainCall('1');
    expect(written).toHaveLength(1);
    expect(written[0]).toContain('/v1/jobs:board/job/plain 200');
    expect(written.join('\n')).not.toContain(key);
  });

  it('are off by default', async () => {
    expect(await stderrOfPlainCall(undefined)).toEqual([]);
  });
});
