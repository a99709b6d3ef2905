/** `mockFetch`: the fixture gateway reached through a `fetch` of its own, on every runtime that has `fetch`. */
import { errorEnvelope } from '@pdg/core';
import { fixtureGateway, type MockGateway, type MockGatewayOptions } from './fixture-gateway.js';

export type MockFetchOptions = MockGatewayOptions;

/** The fixture gateway, reached through its own `fetch`: pass `fetch` to `createClient`. */
export interface MockFetch extends MockGateway {
  /**
   * Answers requests to the base URL from the fixtures (or a test's own answers); any other request is
   * refused with a TypeError, as a network failure would be, so nothing reaches the network.
   */
  readonly fetch: typeof globalThis.fetch;
  /**
   * Puts this `fetch` in place of `globalThis.fetch` until `close()` (or the function it returns), so
   * clients your code builds for itself are answered too, and any other request is refused.
   */
  install(): () => void;
}

/**
 * A `fetch` that answers gateway calls from fixtures, on every runtime that has `fetch` (Node, Bun, Deno,
 * edge runtimes), with the same matching, answers and "closest fixtures" messages as nock's `mockGateway`:
 *
 * ```ts
 * const gateway = mockFetch({ fixtures });
 * const pdg = createClient({ providers: [catalogstore], apiKey: 'test-key', baseUrl: gateway.baseUrl, fetch: gateway.fetch });
 * ```
 */
export function mockFetch(options: MockFetchOptions = {}): MockFetch {
  let closed = false;
  let restore: (() => void) | undefined;
  const { gateway, root, handle } = fixtureGateway(options, () => {
    closed = true;
    restore?.();
  });
  const prefix = root.replace(/\/*$/, '/');
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = request.url;
    if (closed) throw new TypeError(`mockFetch: ${url} was requested after close().`);
    if (!`${url.split(/[?#]/)[0]}/`.startsWith(prefix)) {
      throw new TypeError(
        `mockFetch: refused ${request.method} ${url}: only ${root} is answered, and nothing reaches the network. Give the client baseUrl: gateway.baseUrl.`,
      );
    }
    if (request.method !== 'GET') {
      return json(405, errorEnvelope('Only GET is served: every gateway operation is a read.'), {});
    }
    const [status, body, headers] = handle(request);
    return json(status, body, headers);
  };
  const install = () => {
    if (!restore) {
      const original = globalThis.fetch;
      globalThis.fetch = fetch;
      restore = () => {
        if (globalThis.fetch === fetch) globalThis.fetch = original;
        restore = undefined;
      };
    }
    return restore;
  };
  return Object.assign(gateway, { fetch, install });
}

function json(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
