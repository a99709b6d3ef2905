import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkClientOptions } from '../src/face-entry.js';
import { createClient, type PdgError } from '../src/index.js';
import { testClient } from './harness.js';
import { API_KEY, BASE_URL, providers } from './providers.js';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('createClient options', () => {
  it('reads apiKey and baseUrl from PDG_API_KEY and PDG_BASE_URL', async () => {
    vi.stubEnv('PDG_API_KEY', API_KEY);
    vi.stubEnv('PDG_BASE_URL', BASE_URL);
    const seen: string[] = [];
    const pdg = createClient({
      providers,
      fetch: async (input, init) => {
        const request = new Request(input, init);
        seen.push(`${request.url} ${request.headers.get('x-api-key')}`);
        return Response.json({ jobId: 'j1', title: 't' });
      },
    });
    await pdg.run('jobs:board', 'job', { jobId: 'j1' });
    expect(seen).toEqual([`${BASE_URL}/v1/jobs:board/job/j1 ${API_KEY}`]);
  });

  it('a base URL that ends in /v1 (or /v1/) is accepted: the version segment is not doubled', async () => {
    for (const suffix of ['/v1', '/v1/', '/gateway/v1']) {
      const seen: string[] = [];
      const pdg = createClient({
        providers,
        apiKey: API_KEY,
        baseUrl: `${BASE_URL}${suffix}`,
        fetch: async (input, init) => {
          seen.push(new Request(input, init).url);
          return Response.json({ jobId: 'j1', title: 't' });
        },
      });
      await pdg.run('jobs:board', 'job', { jobId: 'j1' });
      expect(seen).toEqual([`${BASE_URL}${suffix.replace(/\/v1\/?$/, '')}/v1/jobs:board/job/j1`]);
    }
  });

  it('without a base URL, says how to set one', () => {
    vi.stubEnv('PDG_BASE_URL', '');
    expect(() => createClient({ providers, apiKey: API_KEY })).toThrow(/PDG_BASE_URL/);
  });

  it('without an API key, says how to set one', () => {
    vi.stubEnv('PDG_API_KEY', '');
    expect(() => createClient({ providers, baseUrl: BASE_URL })).toThrow(/PDG_API_KEY/);
  });

  it('refuses a base URL that is not an absolute http(s) URL', () => {
    expect(() => createClient({ providers, apiKey: API_KEY, baseUrl: 'gateway.local' })).toThrow(
      /absolute http\(s\) URL/,
    );
    expect(() => createClient({ providers, apiKey: API_KEY, baseUrl: 'ftp://gateway.local' })).toThrow(/http\(s\)/);
  });

  it('refuses bad timeout, retry and validate values with what was wrong', () => {
    expect(() => testClient({ timeout: -1 })).toThrow(/timeout must be/);
    expect(() => testClient({ retry: { limit: -2 } })).toThrow(/retry.limit must be a number >= 0/);
    // @ts-expect-error not a mode
    expect(() => testClient({ validate: 'lenient' })).toThrow(/validate must be 'strict', 'report' or 'off'/);
  });

  it('refuses a provider listed twice', () => {
    expect(() => createClient({ providers: [...providers, providers[0]], apiKey: 'k', baseUrl: BASE_URL })).toThrow(
      /listed twice/,
    );
  });

  it('an unknown provider or endpoint (from JavaScript) names what is available', async () => {
    const pdg = testClient() as unknown as { run: (...args: unknown[]) => Promise<unknown> };
    await expect(pdg.run('music:other', 'search', {})).rejects.toThrow(
      'Unknown provider "music:other". This client has: music:tunes, jobs:board, social-media:board.',
    );
    await expect(pdg.run('music:tunes', 'lookup', {})).rejects.toThrow(
      'Unknown endpoint "lookup" of music:tunes. Endpoints: search.',
    );
  });
});

describe('checkClientOptions: the options checked as createClient checks them, with no key required', () => {
  /** What createClient and checkClientOptions throw for these options (undefined: nothing). */
  const refusals = (options: Parameters<typeof checkClientOptions>[0]) => {
    const message = (make: () => unknown) => {
      try {
        make();
      } catch (error) {
        return `${(error as PdgError).code}: ${(error as Error).message}`;
      }
      return undefined;
    };
    return { created: message(() => createClient(options)), checked: message(() => checkClientOptions(options)) };
  };

  it('accepts good options without a key, where createClient needs one', () => {
    vi.stubEnv('PDG_API_KEY', '');
    expect(refusals({ providers, baseUrl: BASE_URL })).toEqual({
      created: 'USAGE: No API key: pass createClient({ apiKey }) or set the PDG_API_KEY environment variable.',
      checked: undefined,
    });
  });

  it('refuses each bad option with the error createClient gives for it', () => {
    const bad = [
      { providers, apiKey: API_KEY, baseUrl: 'ftp://gateway.example' },
      { providers, apiKey: 'key with spaces', baseUrl: BASE_URL },
      { providers, apiKey: API_KEY, baseUrl: BASE_URL, timeout: -1 },
      { providers, apiKey: API_KEY, baseUrl: BASE_URL, headers: { 'bad name': 'x' } },
      { providers: [...providers, providers[0]], apiKey: API_KEY, baseUrl: BASE_URL },
    ];
    for (const options of bad) {
      const { created, checked } = refusals(options);
      expect(created).toMatch(/^USAGE: /);
      expect(checked).toBe(created);
    }
  });

  it('checks a key from PDG_API_KEY when there is one', () => {
    vi.stubEnv('PDG_API_KEY', 'key\n');
    expect(() => checkClientOptions({ providers, baseUrl: BASE_URL })).toThrow(
      'apiKey must be printable ASCII without spaces',
    );
  });
});
