/**
 * `@pdg/testkit/vitest`: one call that sets up a test file for a provider: the network closed, a client
 * typed for the providers, and a fresh mock gateway per test, checked for unmatched requests afterwards.
 */
import {
  type AnyProvider,
  type ClientOptions,
  createClient,
  type Fixture,
  type PdgClient,
  type PdgError,
} from '@pdg/core';
import nock from 'nock';
import { afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { pdgErrorOf } from './errors.js';
import { type MockGateway, mockGateway } from './mock-gateway.js';

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

const baseUrl = 'https://gateway.pdg.test';

/**
 * `const { client, gateway } = usePdgGateway([forum], fixtures);` at the top of a test file. Each test gets
 * a fresh gateway answering from the fixtures; real network requests are refused.
 */
export function usePdgGateway<const TProviders extends readonly AnyProvider[]>(
  providers: TProviders,
  fixtures: readonly Fixture[],
  options: PdgGatewayOptions<TProviders> = {},
): PdgGatewaySetup<TProviders> {
  const { failOnUnmatched = true, ...clientOptions } = options;
  const url = String(clientOptions.baseUrl ?? baseUrl);
  const client = createClient({ apiKey: 'test-key', retry: 0, ...clientOptions, baseUrl: url, providers });
  let current: MockGateway | undefined;
  beforeAll(() => nock.disableNetConnect());
  beforeEach(() => {
    current = mockGateway({ fixtures, baseUrl: url });
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
