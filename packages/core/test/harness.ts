import nock from 'nock';
import { afterEach, beforeAll } from 'vitest';
import { type ClientOptions, createClient } from '../src/index.js';
import { API_KEY, BASE_URL, providers } from './providers.js';

beforeAll(() => {
  nock.disableNetConnect();
});

afterEach(() => {
  nock.cleanAll();
});

/** A client for the test providers, fast to fail: no retries unless a test asks for them. */
export function testClient(options: Partial<ClientOptions<typeof providers>> = {}) {
  return createClient({ providers, apiKey: API_KEY, baseUrl: BASE_URL, retry: 0, ...options });
}

/** nock scope for the test gateway, which checks the API key is present. */
export function gateway() {
  return nock(BASE_URL, { reqheaders: { 'x-api-key': API_KEY } });
}

export { failure } from './pdg-error-of.js';
