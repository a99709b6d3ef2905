/**
 * The cache's entries as JSON text: written from a gateway's answer, and read back from a store that other
 * processes (or anyone with access to it) may have written. What is read is bounded in size and checked as
 * a whole before it can answer a call; the body is checked against the endpoint's schema by the cache.
 */

/** A stored answer: the unwrapped body as the gateway sent it, and what the response said. */
export interface Entry {
  readonly v: 1;
  readonly body: unknown;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** `Date.now()` when stored, and when its writer meant it to stop being fresh. */
  readonly storedAt: number;
  readonly expiresAt: number;
}

/**
 * Headers never stored, and an entry that carries one is not this cache's: credentials (the gateway's
 * `x-api-key` among them) and cookies belong to one client, never to every reader of a shared store.
 */
const privateHeaders = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);

/** A header name as the client reports them (lower case, RFC 9110 token) and a value with no line break or NUL. */
const headerName = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;
const headerValue = /^[^\r\n\0]*$/;

/**
 * How far ahead of this machine's clock another writer's `storedAt` may be (clocks of a fleet differ a
 * little); an entry stored further in the future would stay fresh past its time to live.
 */
const clockSkewMs = 60_000;

const entryKeys = ['body', 'expiresAt', 'headers', 'status', 'storedAt', 'v'];

/** The response headers an entry keeps: the answer's own, without the private ones. */
export function storableHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (!privateHeaders.has(name)) kept[name] = value;
  return kept;
}

/**
 * A stored value as an entry: `undefined` when nothing is stored, `null` when the value is not one this
 * cache writes (too large for the cache's bound, not JSON, a field missing, extra or out of range: a
 * status other than 2xx, a private or malformed header, a time in the future).
 */
export function parseEntry(value: unknown, maxChars: number, now: number): Entry | null | undefined {
  if (value === undefined || value === null) return undefined;
  // The cache writes JSON text; anything else, or more text than the cache holds, is not an entry.
  if (typeof value !== 'string' || value.length > maxChars) return null;
  let entry: unknown;
  try {
    entry = JSON.parse(value);
  } catch {
    return null;
  }
  return isEntry(entry, now) ? entry : null;
}

function isEntry(value: unknown, now: number): value is Entry {
  if (!isRecord(value)) return false;
  const keys = Object.keys(value).sort();
  if (keys.length !== entryKeys.length || keys.some((key, i) => key !== entryKeys[i])) return false;
  const { v, status, headers, storedAt, expiresAt } = value;
  return (
    v === 1 &&
    Number.isInteger(status) &&
    (status as number) >= 200 &&
    (status as number) <= 299 &&
    isRecord(headers) &&
    Object.entries(headers).every(
      ([name, text]) =>
        headerName.test(name) && !privateHeaders.has(name) && typeof text === 'string' && headerValue.test(text),
    ) &&
    typeof storedAt === 'number' &&
    typeof expiresAt === 'number' &&
    Number.isFinite(storedAt) &&
    Number.isFinite(expiresAt) &&
    storedAt <= now + clockSkewMs &&
    expiresAt >= storedAt
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * When an entry stops being fresh for this reader: its writer's time to live or this call's, whichever is
 * shorter (a writer's absurd one changes nothing), counted from when it was stored.
 */
export function freshUntil(entry: Entry, ttlMs: number): number {
  return entry.storedAt + Math.min(entry.expiresAt - entry.storedAt, ttlMs);
}

/** Whole seconds since an entry was stored (0 for one stored, by a clock ahead of this one, in the future). */
export function ageOf(entry: Entry, now: number): number {
  return Math.max(0, Math.round((now - entry.storedAt) / 1000));
}
