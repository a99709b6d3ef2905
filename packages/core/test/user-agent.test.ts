import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { serverRuntime, userAgentFor } from '../src/call/user-agent.js';
import { createClient, defineProvider, stringParam } from '../src/index.js';
import { API_KEY, BASE_URL } from './providers.js';

const coreVersion = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

const weather = defineProvider({
  id: 'weather:skies',
  description: 'Forecasts.',
  version: '1.4.2',
  endpoints: {
    forecast: {
      description: 'A forecast.',
      params: v.strictObject({ city: stringParam('city') }),
      response: v.unknown(),
    },
  },
});

/** The User-Agent the gateway received for one call of a client made with `options`. */
async function sentUserAgent(options: { userAgent?: string; headers?: HeadersInit } = {}) {
  let received: string | null = null;
  // The request as fetch is handed it: what goes on the wire.
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    received = new Request(input, init).headers.get('user-agent');
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  const pdg = createClient({ providers: [weather], apiKey: API_KEY, baseUrl: BASE_URL, retry: 0, fetch, ...options });
  await pdg.run('weather:skies', 'forecast', { city: 'Oslo' });
  return received;
}

describe('User-Agent', () => {
  it('names core, the provider and the runtime, each with its version', async () => {
    expect(await sentUserAgent()).toBe(`pdg/${coreVersion} weather-skies/1.4.2 node/${process.versions.node}`);
  });

  it("puts the application's own first", async () => {
    expect(await sentUserAgent({ userAgent: 'fleet-tracker/3.0.1' })).toBe(
      `fleet-tracker/3.0.1 pdg/${coreVersion} weather-skies/1.4.2 node/${process.versions.node}`,
    );
  });

  it("keeps a User-Agent the client's headers give", async () => {
    expect(await sentUserAgent({ headers: { 'user-agent': 'my-own/1' } })).toBe('my-own/1');
  });

  it('refuses a userAgent that cannot be a header value, before anything is sent', () => {
    expect(() =>
      createClient({ providers: [weather], apiKey: API_KEY, baseUrl: BASE_URL, userAgent: 'app\n1.0' }),
    ).toThrow('userAgent must be non-empty printable ASCII');
  });

  it('names Bun and Deno by their own version, and nothing where no server runtime is found (a browser)', () => {
    const both = { process: { versions: { node: '24.0.0' } } };
    expect(serverRuntime({ ...both, Bun: { version: '1.4.5' } })).toBe('bun/1.4.5');
    expect(serverRuntime({ ...both, Deno: { version: { deno: '2.9.6' } } })).toBe('deno/2.9.6');
    expect(serverRuntime({})).toBeUndefined();
    expect(userAgentFor(weather, 'app/1', undefined)).toBeUndefined();
  });

  it('names a provider without a version by its id alone', () => {
    const { version: _, ...unversioned } = weather;
    expect(userAgentFor(unversioned, undefined, 'node/24.0.0')).toBe(`pdg/${coreVersion} weather-skies node/24.0.0`);
  });
});
