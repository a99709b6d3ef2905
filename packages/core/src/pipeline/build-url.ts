import type { EndpointDefinition } from '../contract.js';
import { PdgError } from '../errors.js';

/**
 * Step 2: `{baseUrl}/v1/{providerId}/{path}[/{pathParam}]?{query}`. The path param is encoded as one
 * segment; the query holds exactly the params the caller passed, serialised as the gateway expects.
 * The version segment is the client's to add: a base URL copied with its `/v1` still works.
 */
export function buildUrl(
  baseUrl: string,
  providerId: string,
  endpointName: string,
  endpoint: EndpointDefinition,
  params: Readonly<Record<string, unknown>>,
): URL {
  let path = `${gatewayRoot(baseUrl)}/v1/${providerId}/${endpoint.path ?? endpointName}`;
  if (endpoint.pathParam !== undefined) {
    path += `/${encodePathSegment(providerId, endpointName, endpoint.pathParam, params[endpoint.pathParam])}`;
  }
  const url = new URL(path);
  for (const [name, value] of Object.entries(params)) {
    if (name === endpoint.pathParam) continue;
    const serialised = serialise(value);
    if (serialised !== undefined) url.searchParams.append(name, serialised);
  }
  return url;
}

/**
 * The gateway's root: the base URL without trailing slashes or a trailing `/v1`, which the client adds
 * itself (a base URL copied from a request URL still works). Anything serving the gateway's paths under
 * a base URL strips it the same way.
 */
export function gatewayRoot(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '');
}

/** Numbers in decimal, booleans as `true`/`false`, lists comma-joined; undefined and null are omitted. */
export function serialise(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) return value.map((item) => serialise(item) ?? '').join(',');
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function encodePathSegment(providerId: string, endpointName: string, name: string, value: unknown): string {
  const text = serialise(value) ?? '';
  // URL parsers resolve "." and ".." segments (even percent-encoded), so those values cannot stay one segment.
  if (text === '' || text === '.' || text === '..') {
    const received = JSON.stringify(text);
    throw new PdgError({
      code: 'INVALID_PARAMS',
      provider: providerId,
      endpoint: endpointName,
      issues: [{ path: name, message: `must be a non-empty id other than "." or ".." (received ${received})` }],
      message: `Invalid params for ${providerId} ${endpointName}: ${name} must be a non-empty id other than "." or ".." (received ${received}). Nothing was sent.`,
    });
  }
  return encodeURIComponent(text);
}
