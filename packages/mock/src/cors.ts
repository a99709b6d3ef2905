import type { IncomingHttpHeaders } from 'node:http';
import { faultHeader } from './faults.js';

/**
 * Which web pages may call the gateway across origins (CORS): `true` (the default) any page, `false` none
 * (no CORS headers at all), or `{ origins }` only pages from those origins.
 */
export type MockGatewayCors = boolean | { readonly origins: readonly string[] };

/** The CORS policy, checked once: `'any'`, `'none'`, or the set of allowed origins as browsers send them. */
export type CorsPolicy = 'any' | 'none' | ReadonlySet<string>;

/**
 * Request headers always allowed: the client sends `accept` and `x-api-key`; the fault header and `prefer`
 * (Prism's controls) ask for faults and examples.
 */
const allowedHeaders = ['accept', 'content-type', 'x-api-key', faultHeader, 'prefer'];

/**
 * Response headers a page may read besides the CORS-safelisted ones: the client reads `retry-after` (a 429's
 * wait) and reports the rate-limit headers and the request id gateways send.
 */
const exposedHeaders = [
  'retry-after',
  'ratelimit',
  'ratelimit-policy',
  'ratelimit-limit',
  'ratelimit-remaining',
  'ratelimit-reset',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'x-request-id',
  'request-id',
].join(', ');

/** How long a browser may keep a preflight's answer, in seconds (Chromium caps it at 2 hours). */
export const preflightMaxAgeSeconds = 600;

/** The policy for the `cors` option; throws a TypeError naming what is wrong with an origin. */
export function corsPolicy(cors: MockGatewayCors | undefined): CorsPolicy {
  if (cors === undefined || cors === true) return 'any';
  if (cors === false) return 'none';
  if (typeof cors !== 'object' || cors === null || !Array.isArray(cors.origins)) {
    throw new TypeError(
      'cors must be true (any origin), false (no CORS headers) or { origins: [...] }, such as { origins: ["http://localhost:5173"] }.',
    );
  }
  const origins = new Set<string>();
  for (const [index, origin] of cors.origins.entries()) origins.add(checkedOrigin(origin, index));
  return origins;
}

/** An origin as a browser sends it (`http://localhost:5173`: scheme, host, port when not the default). */
function checkedOrigin(origin: unknown, index: number): string {
  const name = `cors.origins[${index}]`;
  const form = 'an origin such as "http://localhost:5173" (scheme, host and port, no path)';
  if (origin === '*') throw new TypeError(`${name} is "*": for any origin, pass cors: true instead of a list.`);
  if (typeof origin !== 'string') throw new TypeError(`${name} must be ${form} (received ${String(origin)}).`);
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new TypeError(`${name} must be ${form} (received "${origin}").`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(
      `${name} must be an http or https origin, such as "http://localhost:5173" (received "${origin}").`,
    );
  }
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new TypeError(`${name} must be ${form}: use "${url.origin}" (received "${origin}").`);
  }
  return url.origin;
}

/** The headers of every answer under the policies that do not depend on the request: made once. */
const anyOriginHeaders = Object.freeze({
  'access-control-allow-origin': '*',
  'access-control-expose-headers': exposedHeaders,
});
const noHeaders = Object.freeze({});
// The answer depends on the Origin header: caches must keep one copy per origin.
const otherOriginHeaders = Object.freeze({ vary: 'Origin' });
/** The headers for each origin a list allows, made on its first request. */
const allowedOriginHeaders = new WeakMap<ReadonlySet<string>, Map<string, Readonly<Record<string, string>>>>();

/**
 * The CORS headers of every answer to a request from this origin (none when the policy refuses it): the same
 * object for every request from the same origin, so what is made from them can be kept.
 */
export function corsHeaders(policy: CorsPolicy, origin: string | undefined): Readonly<Record<string, string>> {
  if (policy === 'none') return noHeaders;
  if (policy === 'any') return anyOriginHeaders;
  if (origin === undefined || !policy.has(origin)) return otherOriginHeaders;
  let byOrigin = allowedOriginHeaders.get(policy);
  if (!byOrigin) {
    byOrigin = new Map();
    allowedOriginHeaders.set(policy, byOrigin);
  }
  let headers = byOrigin.get(origin);
  if (!headers) {
    headers = Object.freeze({
      'access-control-allow-origin': origin,
      'access-control-expose-headers': exposedHeaders,
      vary: 'Origin',
    });
    byOrigin.set(origin, headers);
  }
  return headers;
}

/**
 * The headers of a preflight's answer (`OPTIONS` before a cross-origin GET that sends `x-api-key`): the
 * methods served, the headers the client may send (whatever the preflight asks for, such as a client's own
 * extra headers, besides the known ones) and how long the browser may keep the answer.
 */
export function preflightHeaders(policy: CorsPolicy, headers: IncomingHttpHeaders): Record<string, string> {
  const cors = corsHeaders(policy, headers.origin);
  if (!('access-control-allow-origin' in cors)) return cors;
  const requested = (headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => /^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(name));
  return {
    ...cors,
    'access-control-allow-methods': 'GET, OPTIONS',
    'access-control-allow-headers': [...new Set([...allowedHeaders, ...requested])].join(', '),
    'access-control-max-age': String(preflightMaxAgeSeconds),
  };
}
