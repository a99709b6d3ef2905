import type { TargetedCall } from '../contract/call-target.js';
import { invalidParamsError } from '../errors/error-builders.js';

/** What step 2 needs: the gateway's base URL, and the call with its params as validated. */
export interface UrlParts extends TargetedCall<Readonly<Record<string, unknown>>> {
  readonly baseUrl: string;
}

/**
 * Step 2: `{baseUrl}/v1/{provider}/{path}[/{pathParam}]?{query}`. The path param is encoded as one
 * segment; the query holds exactly the params the caller passed, serialised as the gateway expects.
 * The version segment is the client's to add: a base URL copied with its `/v1` still works.
 */
export function buildUrl(parts: UrlParts): URL {
  const { definition, params } = parts;
  let path = `${gatewayRoot(parts.baseUrl)}/v1/${parts.provider}/${definition.path ?? parts.endpoint}`;
  if (definition.pathParam !== undefined) path += `/${encodePathSegment(parts, definition.pathParam)}`;
  const url = new URL(path);
  for (const [name, value] of Object.entries(params)) {
    if (name === definition.pathParam) continue;
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

function encodePathSegment(parts: UrlParts, name: string): string {
  const text = serialise(parts.params[name]) ?? '';
  // URL parsers resolve "." and ".." segments (even percent-encoded), so those values cannot stay one segment.
  if (text === '' || text === '.' || text === '..') {
    const received = JSON.stringify(text);
    throw invalidParamsError(parts, [
      { path: name, message: `must be a non-empty id other than "." or ".." (received ${received})` },
    ]);
  }
  return encodeURIComponent(text);
}
