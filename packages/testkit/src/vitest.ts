/**
 * `@pdg/testkit/vitest`: one call that sets up a test file for a provider: a client
 * typed for the providers that reaches only a fresh mock gateway per test, checked for unmatched requests afterwards.
 */
import {
  type AnyProvider,
  type ClientOptions,
  createClient,
  type Fixture,
  type PdgClient,
  type PdgError,
} from '@pdg/core';
import { afterEach, beforeEach, expect } from 'vitest';
import { pdgErrorOf } from './errors.js';
import { defaultBaseUrl, type MockGateway } from './fixture-gateway.js';
import { type MockFetch, mockFetch } from './mock-fetch.js';

export interface PdgGatewayOptions<TProviders extends readonly AnyProvider[]>
  extends Omit<ClientOptions<TProviders>, 'providers'> {
  /** Fail a test that made a request no fixture or answer matched. Default true. */
  readonly failOnUnmatched?: boolean;
}

export interface PdgGatewaySetup<TProviders extends readonly AnyProvider[]> {
  /** A client for the providers, with no retries, calling the mock gateway. */
  readonly client: PdgClient<TProviders>;
  /** This test's mock gateway: `gateway().requests`, `gateway().fail(...)`. */
  gateway(): MockGateway;
  /**
   * The `INVALID_PARAMS` error a call is refused with, after checking that the call sent nothing:
   * `expect((await refused(pdg.run(...))).issues).toEqual([...])`.
   */
  refused(call: Promise<unknown>): Promise<PdgError>;
}

/**
 * `const { client, gateway } = usePdgGateway([forum], fixtures);` at the top of a test file. Each test gets
 * a fresh gateway answering from the fixtures; the client reaches that gateway alone (its own `fetch`), never the network.
 */
export function usePdgGateway<const TProviders extends readonly AnyProvider[]>(
  providers: TProviders,
  fixtures: readonly Fixture[],
  options: PdgGatewayOptions<TProviders> = {},
): PdgGatewaySetup<TProviders> {
  const { failOnUnmatched = true, ...clientOptions } = options;
  const url = String(clientOptions.baseUrl ?? defaultBaseUrl);
  let current: MockFetch | undefined;
  // The client's requests go to this test's gateway and nowhere else: no network, on any runtime.
  const fetch: typeof globalThis.fetch = (input, init) => {
    if (!current) return Promise.reject(new TypeError('usePdgGateway: the client is for use inside a test.'));
    return current.fetch(input, init);
  };
  const client = createClient({ apiKey: 'test-key', retry: 0, ...clientOptions, baseUrl: url, providers, fetch });
  beforeEach(() => {
    current = mockFetch({ fixtures, baseUrl: url });
    // Clients the code under test builds for itself (with the same baseUrl) are answered too.
    current.install();
  });
  afterEach(() => {
    const unmatched = current?.unmatched ?? [];
    current?.close();
    current = undefined;
    if (failOnUnmatched) expect(unmatched, 'requests no fixture or answer matched').toEqual([]);
  });
  const gateway = () => {
    if (!current) throw new Error('usePdgGateway: gateway() is available inside a test, not at the top of the file.');
    return current;
  };
  return {
    client,
    gateway,
    refused: async (call) => {
      // The call has validated its params by now; anything it sends comes after this count.
      const before = gateway().requests.length;
      const error = await pdgErrorOf(call);
      expect(error.code, error.message).toBe('INVALID_PARAMS');
      expect(gateway().requests.slice(before), 'a refused call must send nothing').toEqual([]);
      return error;
    },
  };
}
