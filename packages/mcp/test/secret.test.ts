/** The API key never reaches the model: not in listings, results, errors, or what a gateway echoes back. */
import { afterEach, describe, expect, it } from 'vitest';
import { createPdgTools } from '../src/index.js';
import { apiKey, providers } from './connect.js';

/** A gateway that echoes the key it was sent, in the body or in its error message. */
function echoingGateway(answer: (key: string) => { status: number; body: unknown }) {
  const seenKeys: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const key = request.headers.get('x-api-key') ?? '';
    seenKeys.push(key);
    const { status, body } = answer(key);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, seenKeys };
}

/** A key of `null`: none given, so the client reads PDG_API_KEY. */
const tools = (fetch: typeof globalThis.fetch, key: string | null = apiKey) =>
  createPdgTools({
    providers,
    ...(key === null ? {} : { apiKey: key }),
    baseUrl: 'https://gateway.example.test',
    fetch,
    retry: 0,
  });

describe('the API key', () => {
  const savedKey = process.env.PDG_API_KEY;
  afterEach(() => {
    if (savedKey === undefined) delete process.env.PDG_API_KEY;
    else process.env.PDG_API_KEY = savedKey;
  });

  it('is not in a result whose body echoes it, in values or in field names', async () => {
    const gateway = echoingGateway((key) => ({ status: 200, body: { echo: `your key is ${key}`, [key]: 1 } }));
    const result = await tools(gateway.fetch).call('jobs_jobboard_search', { q: 'analyst' });
    expect(gateway.seenKeys).toEqual([apiKey]);
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result)).not.toContain(apiKey);
    expect(result.structuredContent).toEqual({ result: { echo: 'your key is [redacted]', '[redacted]': 1 } });
  });

  it('is not in a tool error whose gateway message quotes it', async () => {
    const gateway = echoingGateway((key) => ({
      status: 401,
      body: { status: 'error', message: `The key ${key} is not valid.`, content: { key } },
    }));
    const result = await tools(gateway.fetch).call('jobs_jobboard_job', { jobId: 'a1' });
    expect(gateway.seenKeys).toEqual([apiKey]);
    expect(result.isError).toBe(true);
    const [block] = result.content;
    expect(block).toMatchObject({ type: 'text', text: expect.stringMatching(/^AUTH \(HTTP 401\): /) });
    expect(JSON.stringify(result)).toContain('[redacted]');
    expect(JSON.stringify(result)).not.toContain(apiKey);
  });

  it('is not in a network failure that quotes it, nor in any listing', async () => {
    const failing = (async () => {
      throw new TypeError(`connect failed for key ${apiKey}`);
    }) as typeof globalThis.fetch;
    const pdgTools = tools(failing);
    const result = await pdgTools.call('jobs_jobboard_job', { jobId: 'a1' });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result)).toMatch(/^\{.*NETWORK/);
    expect(JSON.stringify(result)).not.toContain(apiKey);
    expect(JSON.stringify(pdgTools.tools)).not.toContain(apiKey);
  });

  it('is kept out when it comes from PDG_API_KEY', async () => {
    const environmentKey = 'made-up-env-key-5d21e0a7';
    process.env.PDG_API_KEY = environmentKey;
    const gateway = echoingGateway((key) => ({ status: 200, body: { echo: key } }));
    const result = await tools(gateway.fetch, null).call('jobs_jobboard_search', {});
    expect(gateway.seenKeys).toEqual([environmentKey]);
    expect(JSON.stringify(result)).not.toContain(environmentKey);
  });
});

describe('the API key, echoed encoded', () => {
  /** A made-up key with characters that URL encoding and base64 change. */
  const awkwardKey = 'made+up/key=mcp?3f9a71c2';
  const forms = (key: string) => {
    const encoded = (prefix: string) => btoa(`${prefix}${key}`);
    return {
      url: encodeURIComponent(key),
      // A gateway echoing `user:key` as basic credentials, and the key at each of the other alignments.
      basic: encoded('user:'),
      aligned: encoded(''),
      shifted: encoded('a'),
      base64url: encoded('ab').replaceAll('+', '-').replaceAll('/', '_'),
    };
  };

  it('is not in a result whose body echoes it URL-encoded or base64-encoded at any alignment', async () => {
    const gateway = echoingGateway((key) => ({ status: 200, body: { echo: forms(key) } }));
    const result = await tools(gateway.fetch, awkwardKey).call('jobs_jobboard_search', { q: 'analyst' });
    expect(gateway.seenKeys).toEqual([awkwardKey]);
    const text = JSON.stringify(result);
    for (const [name, form] of Object.entries(forms(awkwardKey))) {
      // Not the encoded form, nor the long middle of it that spells out the key.
      expect(text, name).not.toContain(form.slice(4, -4));
    }
    expect(text).toContain('[redacted]');
  });
});
