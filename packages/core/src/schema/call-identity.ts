/**
 * A call's identity: what the cache and the sharing of requests in flight key on (the request, whatever
 * order its params came in and whether it spelled out a default), and the key's identity beside it, so
 * that what one key was answered is told apart from another's without the key itself being held.
 */
import type { EndpointDefinition } from '../contract/contract.js';
import { describeParams } from './describe.js';

/**
 * The request a call stands for, whatever order its params were given in and whether or not it spelled
 * out a default: the gateway URL and path, then each param (the documented defaults filled in), sorted.
 * The API key is not part of it: the gateway's data is public and the same for every key.
 */
export function cacheKey(plan: { readonly definition: EndpointDefinition; readonly url: URL }): string {
  const { url, definition } = plan;
  const params = new Map<string, string[]>();
  for (const [name, value] of url.searchParams) params.set(name, [...(params.get(name) ?? []), value]);
  for (const [name, value] of queryDefaults(definition)) if (!params.has(name)) params.set(name, [value]);
  const query = [...params]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap(([name, values]) => values.map((value) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`))
    .join('&');
  return `${url.origin}${url.pathname}${query ? `?${query}` : ''}`;
}

/** Each endpoint's documented query defaults, as sent, read from its schema once rather than on every call. */
const defaultsByEndpoint = new WeakMap<EndpointDefinition, readonly (readonly [string, string])[]>();

function queryDefaults(definition: EndpointDefinition): readonly (readonly [string, string])[] {
  let defaults = defaultsByEndpoint.get(definition);
  if (defaults === undefined) {
    defaults = describeParams(definition).flatMap((param) =>
      param.default === undefined || param.inPath ? [] : [[param.name, String(param.default)] as const],
    );
    defaultsByEndpoint.set(definition, defaults);
  }
  return defaults;
}

/**
 * This process's salt for key identities, drawn once: an identity names a key within this process and
 * cannot be checked against a guessed key anywhere else (a query cache sent to a browser holds identities).
 */
let salt: Uint32Array | undefined;

/**
 * `key-` and 16 hex digits naming an API key without holding it: the same for the same key in this
 * process (two clients with one key share answers), different for different keys (two 32-bit FNV-1a
 * hashes, each salted per process, so a collision between the few keys a process holds is out of reach).
 */
export function keyIdentity(apiKey: string): string {
  salt ??= globalThis.crypto.getRandomValues(new Uint32Array(2));
  return `key-${fnv1a(apiKey, salt[0] as number)}${fnv1a(apiKey, salt[1] as number)}`;
}

/** The 32-bit FNV-1a hash of the text's UTF-16 code units, its offset basis mixed with `seed`, as 8 hex digits. */
function fnv1a(text: string, seed: number): string {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
