import { type ChildProcess, spawn } from 'node:child_process';
import { startMockGateway } from '@pdg/mock';
import { catalogstore } from '@pdg/music-catalogstore';
import { fixtures } from '@pdg/music-catalogstore/fixtures';
import { describe, expect, it } from 'vitest';
import { cleanEnv, cli, runCli } from './run-cli.js';

const pdg = runCli;

describe('pdg providers and describe', () => {
  it('lists every provider it ships with', async () => {
    const { code, stdout } = await pdg(['providers']);
    expect(code).toBe(0);
    for (const id of ['music:catalogstore', 'jobs:jobboard', 'social-media:forum']) expect(stdout).toContain(id);
  });

  it('describes an endpoint: each param with type, enum, default, limits and description', async () => {
    const { code, stdout } = await pdg(['describe', 'music:catalogstore', 'search']);
    expect(code).toBe(0);
    expect(stdout).toContain('GET /v1/music:catalogstore/search');
    // Descriptions are the JSDoc comments of the definitions, copied onto the schemas at build time.
    expect(stdout).toMatch(/--q <string>\s+Track, album or artist name\. \[required\]/);
    expect(stdout).toMatch(
      /--type <enum>\s+What to search for\. Server default `track`\. \[optional; one of track, album, artist; default track\]/,
    );
    expect(stdout).toMatch(
      /--limit <integer>\s+Results per page, 1 to 50\. Server default 25\. \[optional; 1 to 50; default 25\]/,
    );
  });

  it('describes a provider: its endpoints', async () => {
    const { stdout } = await pdg(['describe', 'jobs:jobboard']);
    expect(stdout).toContain('browse');
    expect(stdout).toContain('Details: pdg describe jobs:jobboard <endpoint>');
  });
});

describe('pdg run', () => {
  it('prints the result as JSON on stdout (compact in a pipe) with --mock and no key', async () => {
    const { code, stdout } = await pdg([
      'run',
      'music:catalogstore',
      'search',
      '--q',
      'velvet orbit',
      '--limit',
      '3',
      '--mock',
    ]);
    expect(code).toBe(0);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    const result = JSON.parse(stdout) as { items: { title: string }[] };
    expect(result.items.map((item) => item.title)).toEqual(['Harbour Lights', 'Static Bloom', 'Low Tide Radio']);
  });

  it('--pretty indents the JSON', async () => {
    const { stdout } = await pdg([
      'run',
      'music:catalogstore',
      'search',
      '--q=velvet orbit',
      '--limit=3',
      '--mock',
      '--pretty',
    ]);
    expect(stdout).toContain('\n  "page": 1');
  });

  it('--all --max-items 50 writes exactly 50 NDJSON lines, progress on stderr', async () => {
    // Every country's jobs: a listing the fixtures leave open (Singapore's alone holds 9).
    const { code, stdout, stderr } = await pdg([
      'run',
      'jobs:jobboard',
      'browse',
      '--all',
      '--max-items',
      '50',
      '--mock',
    ]);
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(50);
    const ids = lines.map((line) => (JSON.parse(line) as { jobId: string }).jobId);
    expect(new Set(ids).size).toBe(50);
    expect(stderr).toMatch(/done: 50 items from \d+ pages/);
  });

  it('a missing required param exits 2 and names it, with the valid params', async () => {
    const { code, stdout, stderr } = await pdg(['run', 'music:catalogstore', 'search', '--mock']);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toContain('--q is required');
    expect(stderr).toContain('Params of music:catalogstore search:');
  });

  it('a value outside the enum exits 2 with the accepted values', async () => {
    const { code, stderr } = await pdg(['run', 'music:catalogstore', 'search', '--q', 'x', '--type', 'song', '--mock']);
    expect(code).toBe(2);
    expect(stderr).toContain('--type must be one of "track", "album", "artist" (received "song")');
  });

  it('an unknown provider or endpoint exits 2 and says what exists', async () => {
    const provider = await pdg(['run', 'music:nothing', 'search', '--mock']);
    expect(provider.code).toBe(2);
    expect(provider.stderr).toMatch(/Unknown provider "music:nothing"\. Providers: [a-z:, -]+\.\n/);
    for (const id of ['jobs:jobboard', 'music:catalogstore', 'social-media:forum'])
      expect(provider.stderr).toContain(id);
    const endpoint = await pdg(['run', 'music:catalogstore', 'lookup', '--mock']);
    expect(endpoint.code).toBe(2);
    expect(endpoint.stderr).toContain('Unknown endpoint "lookup" of music:catalogstore. Endpoints: search.');
  });

  it('without a key or --mock exits 2 and says how to give one', async () => {
    const { code, stderr } = await pdg(['run', 'music:catalogstore', 'search', '--q', 'x']);
    expect(code).toBe(2);
    expect(stderr).toContain('No API key: set PDG_API_KEY or pass --api-key');
  });

  it('a gateway failure exits 1 with the error code and message; PDG_* variables are used', async () => {
    const gateway = await startMockGateway({ providers: [catalogstore], fixtures, apiKeys: ['right-key'] });
    try {
      const refused = await pdg(['run', 'music:catalogstore', 'search', '--q', 'velvet orbit', '--limit', '3'], {
        PDG_BASE_URL: gateway.url,
        PDG_API_KEY: 'wrong-key',
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('failed (AUTH, HTTP 401): Invalid API key.');
      // The gateway's request id, for support, under the message.
      expect(refused.stderr).toMatch(/\n {5}request id: [0-9a-f-]{36}\n/);
      const allowed = await pdg(['run', 'music:catalogstore', 'search', '--q', 'velvet orbit', '--limit', '3'], {
        PDG_BASE_URL: gateway.url,
        PDG_API_KEY: 'right-key',
      });
      expect(allowed.code).toBe(0);
    } finally {
      await gateway.close();
    }
  });

  it('a 429 tells the request id and the rate limit the gateway reported under its message', async () => {
    const gateway = await startMockGateway({
      providers: [catalogstore],
      fixtures,
      rateLimit: { requests: 1, windowMs: 600_000 },
    });
    try {
      // A window of 10 minutes: the 429's Retry-After is longer than any retry would wait, so it fails at once.
      const args = ['run', 'music:catalogstore', 'search', '--q', 'velvet orbit'];
      const env = { PDG_BASE_URL: gateway.url, PDG_API_KEY: 'any-key' };
      expect((await pdg(args, env)).code).toBe(0);
      const limited = await pdg(args, env);
      expect(limited.code).toBe(1);
      expect(limited.stderr).toContain('failed (RATE_LIMITED, HTTP 429)');
      expect(limited.stderr).toMatch(
        /\n {5}request id: [0-9a-f-]{36}\n {5}rate limit: 0 of 1 left, resets in \d+ s\n$/,
      );
    } finally {
      await gateway.close();
    }
  });

  it('an unreachable gateway exits 1 with NETWORK', async () => {
    const { code, stderr } = await pdg([
      'run',
      'music:catalogstore',
      'search',
      '--q',
      'x',
      '--base-url',
      'http://127.0.0.1:9',
      '--api-key',
      'k',
    ]);
    expect(code).toBe(1);
    expect(stderr).toContain('could not reach http://127.0.0.1:9');
  });

  it('no command prints the usage and exits 2; --help exits 0', async () => {
    expect((await pdg([])).code).toBe(2);
    const help = await pdg(['--help']);
    expect([help.code, help.stdout.startsWith('pdg: call Public-Data Gateway endpoints')]).toEqual([0, true]);
  });
});

/** Starts `pdg mock` with these args; resolves with its URL and what it printed once it listens. */
function startPdgMock(
  args: string[],
  env: Record<string, string> = {},
): { child: ChildProcess; ready: Promise<{ url: string; stderr: string }> } {
  const child = spawn(process.execPath, [cli, 'mock', ...args], { env: { ...cleanEnv, ...env } });
  const ready = new Promise<{ url: string; stderr: string }>((resolve, reject) => {
    let seen = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(seen);
      if (match && seen.includes('Ctrl-C stops it.')) resolve({ url: match[0], stderr: seen });
    });
    child.once('exit', () => reject(new Error(`pdg mock exited early: ${seen}`)));
  });
  return { child, ready };
}

describe('pdg mock', () => {
  it('serves the mock gateway until interrupted', async () => {
    const { child, ready } = startPdgMock(['--port', '0']);
    try {
      const { url, stderr } = await ready;
      expect(stderr).not.toContain('rate limit');
      const response = await fetch(`${url}/v1/music:catalogstore/search?q=velvet+orbit&limit=3`, {
        headers: { 'x-api-key': 'k' },
      });
      expect(response.status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGINT');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('its start-up hint is a command that works where pdg was started: npx @pdg/cli under npx, else pdg', async () => {
    for (const [env, command] of [
      [{ npm_lifecycle_event: 'npx' }, 'npx @pdg/cli run music:catalogstore search'],
      [{}, ' pdg run music:catalogstore search'],
    ] as const) {
      const { child, ready } = startPdgMock(['--port', '0'], env);
      try {
        const { url, stderr } = await ready;
        expect(stderr).toContain(`  try: PDG_BASE_URL=${url} PDG_API_KEY=any ${command.trim()}`);
        if (command.startsWith(' ')) expect(stderr).not.toContain('npx');
      } finally {
        child.kill('SIGKILL');
      }
    }
  });

  it('--rate-limit 2/m: says so on start-up, and the third request of a key in the minute is a 429 with Retry-After', async () => {
    // A window of a minute: the three requests fall in it however slow the machine (in a window of a second,
    // a loaded machine's third request came after it and was answered 200).
    const { child, ready } = startPdgMock(['--port', '0', '--rate-limit', '2/m']);
    try {
      const { url, stderr } = await ready;
      expect(stderr).toContain('  rate limit: 2 requests per minute per API key; past it: 429 with Retry-After\n');
      const answers = [];
      for (let count = 0; count < 3; count++) {
        const response = await fetch(`${url}/v1/music:catalogstore/search?q=velvet+orbit&limit=3`, {
          headers: { 'x-api-key': 'made-up-key' },
        });
        answers.push({ status: response.status, retryAfter: response.headers.get('retry-after') });
        await response.arrayBuffer();
      }
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429]);
      expect(answers.slice(0, 2).map((answer) => answer.retryAfter)).toEqual([null, null]);
      // Whole seconds until the minute's window ends: at most 60, and at least 1.
      const retryAfter = Number(answers[2]?.retryAfter);
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, String(retryAfter)).toBe(true);
      // Another key has a minute of its own.
      const other = await fetch(`${url}/v1/music:catalogstore/search?q=velvet+orbit&limit=3`, {
        headers: { 'x-api-key': 'another-made-up-key' },
      });
      expect(other.status).toBe(200);
      await other.arrayBuffer();
    } finally {
      child.kill('SIGKILL');
    }
  });

  it.each([
    [
      'abc',
      '--rate-limit must look like 5/s, 300/m or 10/500ms (requests per second, per minute, or per window of N ms) (received "abc").',
    ],
    [
      '5/h',
      '--rate-limit must look like 5/s, 300/m or 10/500ms (requests per second, per minute, or per window of N ms) (received "5/h").',
    ],
    [
      '0/s',
      '--rate-limit needs at least 1 request per window of at least 1 ms, such as 5/s, 300/m or 10/500ms (requests per second, per minute, or per window of N ms) (received "0/s").',
    ],
    [
      '10/0ms',
      '--rate-limit needs at least 1 request per window of at least 1 ms, such as 5/s, 300/m or 10/500ms (requests per second, per minute, or per window of N ms) (received "10/0ms").',
    ],
  ])('--rate-limit %s exits 2 with what was wrong and the accepted forms', async (value, message) => {
    const { code, stdout, stderr } = await pdg(['mock', '--port', '0', '--rate-limit', value]);
    expect([code, stdout, stderr]).toEqual([2, '', `pdg: ${message}\n`]);
  });

  it('--rate-limit with no value, an unknown flag or a stray word exits 2 saying what pdg mock takes', async () => {
    const bare = await pdg(['mock', '--rate-limit']);
    expect([bare.code, bare.stderr]).toEqual([
      2,
      'pdg: --rate-limit needs a value, such as 5/s, 300/m or 10/500ms (requests per second, per minute, or per window of N ms).\n',
    ]);
    const typo = await pdg(['mock', '--rate-limt', '5/s']);
    expect([typo.code, typo.stderr]).toEqual([
      2,
      'pdg: --rate-limt is not an option of mock. Did you mean --rate-limit? Options of mock: --port N, --host H, --rate-limit R (pdg mock --help).\n',
    ]);
    const stray = await pdg(['mock', '5/s']);
    expect([stray.code, stray.stderr]).toEqual([
      2,
      'pdg: Unexpected "5/s": pdg mock takes only --port N, --host H and --rate-limit R.\n',
    ]);
  });
});

describe('pdg run --curl', () => {
  const key = 'sk_live_CURL_0123456789abcdef';

  it('prints the request as a curl command, the key as $PDG_API_KEY, sending nothing', async () => {
    const { code, stdout, stderr } = await pdg(
      ['run', 'jobs:jobboard', 'browse', '--country', 'SG', '--limit', '3', '--curl'],
      { PDG_API_KEY: key, PDG_BASE_URL: 'http://127.0.0.1:9' },
    );
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout.trim()).toMatch(
      /^curl -sS -g --path-as-is -H 'accept: application\/json' -H 'user-agent: [^']+' -H 'x-api-key: '"\$\{PDG_API_KEY\}" 'http:\/\/127\.0\.0\.1:9\/v1\/jobs:jobboard\/browse\?country=SG&limit=3'$/,
    );
    expect(stdout).not.toContain(key);
  });

  it('checks the params as a call would, and takes --base-url', async () => {
    const refused = await pdg(['run', 'jobs:jobboard', 'browse', '--limit', '500', '--curl']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--limit must be at most 100 (received 500)');
    const { stdout } = await pdg([
      'run',
      'music:catalogstore',
      'search',
      '--q',
      'velvet orbit',
      '--base-url',
      'https://gateway.example.test',
      '--curl',
    ]);
    expect(stdout).toContain(" 'https://gateway.example.test/v1/music:catalogstore/search?q=velvet+orbit'");
  });
});
