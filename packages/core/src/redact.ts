/**
 * How the API key is kept out of everything a call hands back: one `Redactor` per client holds the key,
 * and the pipeline's outlets (outlets.ts: hook arguments, debug lines, response metadata, the error
 * thrown) and the walks pass what they hand out through it. No other code needs the key to redact it.
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
export function redact<T>(value: T, secret: string, depth = 0): T {
  if (secret.length < minimumRedactedLength) return value;
  if (typeof value === 'string') return redactText(value, secret) as T;
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= copiedDepth) return (contains(value, secret) ? mask : value) as T;
  if (Array.isArray(value)) return value.map((item) => redact(item, secret, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[redact(key, secret)] = redact(item, secret, depth + 1);
  return out as T;
}

/** True when `secret` occurs in a string anywhere inside `value` (keys included), at any depth. */
function contains(value: unknown, secret: string): boolean {
  // A list of what is left to look at, not recursion: a body nested thousands deep must not overflow the stack.
  const pending: unknown[] = [value];
  const seen = new Set<unknown>();
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (redactText(next, secret) !== next) return true;
      continue;
    }
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    // An error's message, stack and cause are not enumerable; its other fields (a PdgError's content) are.
    if (next instanceof Error) pending.push(next.message, next.stack, (next as { cause?: unknown }).cause);
    for (const [key, item] of Object.entries(next)) pending.push(key, item);
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
    const fields = Object.entries(error.toJSON()).map(([name, value]) => [name, redact(value, secret)]);
    const copy = new PdgError({
      ...(Object.fromEntries(fields) as unknown as PdgErrorInit),
      cause: redactError(error.cause, secret),
    });
    return copy as T;
  }
  if (error instanceof Error) {
    const copy = new Error(redact(error.message, secret), {
      cause: redactError((error as { cause?: unknown }).cause, secret),
    });
    copy.name = error.name;
    copy.stack = redact(error.stack, secret);
    const code = (error as { code?: unknown }).code;
    if (code !== undefined) Object.assign(copy, { code: redact(code, secret) });
    return copy as T;
  }
  return redact(error, secret);
}

/** The client's API key, held in one place: what the pipeline hands back passes through `value` or `error`. */
export interface Redactor {
  /** `value` with the key replaced by `[redacted]` wherever it occurs in a string inside it. */
  value<T>(value: T): T;
  /** The same error when the key occurs nowhere in it, else a copy with every occurrence replaced. */
  error<T>(error: T): T;
  /** Whether the key occurs anywhere in `value`. */
  holdsKey(value: unknown): boolean;
  /** Whether `other` holds the same key (another client's, say), without either handing its key out. */
  sameKey(other: Redactor): boolean;
}

/** Each redactor's key, for `sameKey` alone. */
const keysOf = new WeakMap<Redactor, string>();

export function keyRedactor(apiKey: string): Redactor {
  const redactor: Redactor = {
    value: (value) => redact(value, apiKey),
    error: (error) => redactError(error, apiKey),
    holdsKey: (value) => apiKey.length >= minimumRedactedLength && contains(value, apiKey),
    sameKey: (other) => other === redactor || keysOf.get(other) === apiKey,
  };
  keysOf.set(redactor, apiKey);
  return redactor;
}
