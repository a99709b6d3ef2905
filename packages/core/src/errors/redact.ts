/**
 * How the API key is kept out of everything a call hands back: one `Redactor` per client holds the key,
 * and the pipeline's outlets (outlets.ts: hook arguments, debug lines, response metadata, the error
 * thrown) and the walks pass what they hand out through it. No other code needs the key to redact it.
 * What tools show a model or a terminal (a body that may echo the key encoded) passes `redact` or the face's
 * redactor (`secretsRedactor`), which also look for the key URL-encoded and base64 (`secretForms`).
 */
import { isPdgError, PdgError, type PdgErrorInit } from './errors.js';

/** Shorter secrets are not searched for: they would match inside ordinary words. */
const minimumRedactedLength = 4;

const mask = '[redacted]';

/**
 * Where `excerpt` cut a text. Redaction looks for a key cut in half just before it: text is cut for a
 * message before the key is known to be there, so the part of a key left before the cut must go too.
 */
const cutMark = '…';

/** The first `length` characters of `text`, marked as cut when there was more. */
export function excerpt(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}${cutMark}` : text;
}

/** The key's first characters ending a text just before a cut mark: how many, or 0. */
function keyPrefixBefore(text: string, end: number, secret: string): number {
  for (let length = Math.min(secret.length - 1, end); length >= minimumRedactedLength; length--) {
    if (text.startsWith(secret.slice(0, length), end - length)) return length;
  }
  return 0;
}

/** `text` with the key, and any part of it ending just before a cut mark, replaced by the mask. */
function redactText(text: string, secret: string): string {
  let out = text.replaceAll(secret, mask);
  for (let cut = out.indexOf(cutMark); cut !== -1; cut = out.indexOf(cutMark, cut + 1)) {
    const length = keyPrefixBefore(out, cut, secret);
    if (length > 0) {
      out = `${out.slice(0, cut - length)}${mask}${out.slice(cut)}`;
      cut += mask.length - length;
    }
  }
  return out;
}

/**
 * How deep `redact` copies a value. A gateway can nest a body thousands deep; past this depth a part that
 * holds the key is replaced whole by the mask, so redaction never runs out of stack.
 */
const copiedDepth = 100;

/** Replaces every occurrence of `secret` (and a part of it cut off by `excerpt`) in strings anywhere inside `value`. */
function redactOne<T>(value: T, secret: string, depth = 0): T {
  if (secret.length < minimumRedactedLength) return value;
  if (typeof value === 'string') return redactText(value, secret) as T;
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= copiedDepth) return (contains(value, secret) ? mask : value) as T;
  if (Array.isArray(value)) return value.map((item) => redactOne(item, secret, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[redactOne(key, secret)] = redactOne(item, secret, depth + 1);
  return out as T;
}

/**
 * Replaces every occurrence of `secret` in each of its forms (`secretForms`: as it is, URL-encoded, base64),
 * and a part of it cut off by `excerpt`, in strings anywhere inside `value` (object keys included).
 */
export function redact<T>(value: T, secret: string): T {
  return secretForms(secret).reduce((out, form) => redactOne(out, form), value);
}

/**
 * The secret and each form a gateway may echo it in: as it is, URL-encoded, and base64 or base64url at each
 * of the three alignments a longer encoded text can put it at (the part of the encoding that is the same
 * wherever the secret sits: the characters at either end that also encode the bytes around it are left
 * out, and a part under 8 characters is not searched for, as it would match ordinary base64 text).
 */
export function secretForms(secret: string): string[] {
  const forms = [secret, encodeURIComponent(secret)];
  // A key that is not Latin-1 has no byte-for-byte `btoa` form (core refuses such keys; `redact` may see one).
  if (![...secret].some((character) => character.charCodeAt(0) > 255)) {
    for (const offset of [0, 1, 2]) {
      const encoded = btoa('\0'.repeat(offset) + secret);
      const stable = encoded.slice(offset && 4, (offset + secret.length) % 3 ? -4 : undefined);
      if (stable.length > 7) forms.push(stable, stable.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return [...new Set(forms)];
}

/**
 * `text` with the credentials of every URL in it masked, for a message that names a server (the gateway,
 * Redis, PostgreSQL): a password becomes `***` and its user name stays (`postgres://app:***@db/x`); a user
 * part alone, which may be a token, is masked whole (`https://***@host/`). The one rule every package prints
 * a URL by.
 */
export function maskUrlCredentials(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#@]*)@/gi, (_, scheme: string, userinfo: string) => {
    const colon = userinfo.indexOf(':');
    return `${scheme}${colon < 0 ? '***' : `${userinfo.slice(0, colon)}:***`}@`;
  });
}

/**
 * Whether `secret` (long enough to be looked for) is in `value`. `text`: the JSON text `value` was parsed from,
 * where it was. A text with no escape (no backslash) holds every string parsed from it, keys included, as
 * written: where it holds neither the secret nor a cut mark, no string of `value` does. Searching a text is much
 * cheaper than visiting every string of its value, and almost no body holds the key.
 */
function holds(value: unknown, secret: string, text?: string): boolean {
  return (
    secret.length >= minimumRedactedLength &&
    (text === undefined || text.includes(secret) || text.includes('\\') || text.includes(cutMark)) &&
    contains(value, secret)
  );
}

/** True when `secret` occurs in a string anywhere inside `value` (keys included), at any depth. */
function contains(value: unknown, secret: string): boolean {
  // A list of what is left to look at, not recursion: a body nested thousands deep must not overflow the stack.
  const pending: unknown[] = [value];
  const seen = new Set<unknown>();
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      // What `redactText` would change, found without copying the string (every string of every body a hook
      // sees comes here, and almost none holds the key): the key, or a part of it just before a cut mark.
      if (next.includes(secret)) return true;
      for (let cut = next.indexOf(cutMark); cut !== -1; cut = next.indexOf(cutMark, cut + 1))
        if (keyPrefixBefore(next, cut, secret) > 0) return true;
      continue;
    }
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    // An error's message, stack and cause are not enumerable; its other fields (a PdgError's content) are.
    if (next instanceof Error) pending.push(next.message, next.stack, (next as { cause?: unknown }).cause);
    for (const key of Object.keys(next)) pending.push(key, (next as Record<string, unknown>)[key]);
  }
  return false;
}

/**
 * The same error when `secret` occurs nowhere in it, else a copy with every occurrence replaced, in its
 * message, stack, fields and whole `cause` chain.
 */
export function redactError<T>(error: T, secret: string): T {
  if (secret.length < minimumRedactedLength || !contains(error, secret)) return error;
  if (isPdgError(error)) {
    // Its fields as toJSON() lists them, each redacted (code, numbers and the retry verdict come out as they were).
    const fields = Object.entries(error.toJSON()).map(([name, value]) => [name, redactOne(value, secret)]);
    const copy = new PdgError({
      ...(Object.fromEntries(fields) as unknown as PdgErrorInit),
      cause: redactError(error.cause, secret),
    });
    return copy as T;
  }
  if (error instanceof Error) {
    const copy = new Error(redactOne(error.message, secret), {
      cause: redactError((error as { cause?: unknown }).cause, secret),
    });
    copy.name = error.name;
    copy.stack = redactOne(error.stack, secret);
    const code = (error as { code?: unknown }).code;
    if (code !== undefined) Object.assign(copy, { code: redactOne(code, secret) });
    return copy as T;
  }
  return redactOne(error, secret);
}

/** The client's API key, held in one place: what the pipeline hands back passes through `value` or `error`. */
export interface Redactor {
  /** `value` with the key replaced by `[redacted]` wherever it occurs in a string inside it. */
  value<T>(value: T): T;
  /** The same error when the key occurs nowhere in it, else a copy with every occurrence replaced. */
  error<T>(error: T): T;
  /**
   * Whether the key occurs anywhere in `value`. `text`: the JSON text `value` was parsed from, where it was; the
   * key is then looked for in `value` only where the text may hide it.
   */
  holdsKey(value: unknown, text?: string): boolean;
  /** Whether `other` holds the same key (another client's, say), without either handing its key out. */
  sameKey(other: Redactor): boolean;
}

/** Each redactor's key, for `sameKey` alone. */
const keysOf = new WeakMap<Redactor, string>();

export function keyRedactor(apiKey: string): Redactor {
  const redactor: Redactor = {
    value: (value) => redactOne(value, apiKey),
    error: (error) => redactError(error, apiKey),
    holdsKey: (value, text) => holds(value, apiKey, text),
    sameKey: (other) => other === redactor || keysOf.get(other) === apiKey,
  };
  keysOf.set(redactor, apiKey);
  return redactor;
}

/**
 * A redactor of the key in every form it may be echoed in (`secretForms`), for what a tool shows: the
 * face's (`endpointsOf(client).redact`). `sameKey` is not one a cache compares with; it names its own key.
 */
export function secretsRedactor(apiKey: string): Redactor {
  const forms = secretForms(apiKey);
  const redactor: Redactor = {
    value: (value) => forms.reduce((out, form) => redactOne(out, form), value),
    error: (error) => forms.reduce((out, form) => redactError(out, form), error),
    holdsKey: (value, text) => forms.some((form) => holds(value, form, text)),
    sameKey: (other) => other === redactor || keysOf.get(other) === apiKey,
  };
  keysOf.set(redactor, apiKey);
  return redactor;
}
