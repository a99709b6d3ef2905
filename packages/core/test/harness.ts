import nock from 'nock';
import { afterEach, beforeAll } from 'vitest';
import { type ClientOptions, createClient, isPdgError, type PdgError } from '../src/index.js';
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

/** The PdgError a call rejects with; fails the test if it resolves or rejects with anything else. */
export async function failure(promise: Promise<unknown>): Promise<PdgError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!isPdgError(error)) throw new Error(`expected a PdgError, got ${String(error)}`);
  return error;
}
