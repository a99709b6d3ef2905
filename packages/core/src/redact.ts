/**
 * How the API key is kept out of everything a call hands back: one `Redactor` per client holds the key,
 * and the pipeline's outlets (outlets.ts: hook arguments, debug lines, response metadata, the error
 * thrown) and the walks pass what they hand out through it. No other code needs the key to redact it.
 * The key is looked for as it is and URL-encoded; `redact` and the face's redaction also look for its base64
 * forms, which a body can hold (see `secretForms`).
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

/** `text` with each form of the key, and any part of one ending just before a cut mark, replaced by the mask. */
function redactText(text: string, forms: readonly string[]): string {
  let out = text;
  for (const secret of forms) {
    out = out.replaceAll(secret, mask);
    for (let cut = out.indexOf(cutMark); cut !== -1; cut = out.indexOf(cutMark, cut + 1)) {
      const length = keyPrefixBefore(out, cut, secret);
      if (length > 0) {
        out = `${out.slice(0, cut - length)}${mask}${out.slice(cut)}`;
        cut += mask.length - length;
      }
    }
  }
  return out;
}

/**
 * The secret as it is and URL-encoded (a gateway echoing a request URL): what a client's own redactor looks
 * for in what a call hands back. None for a secret too short to search for: it would match ordinary words.
 */
function plainForms(secret: string): string[] {
  return secret.length < minimumRedactedLength ? [] : [...new Set([secret, encodeURIComponent(secret)])];
}

/**
 * Every form a gateway may echo the secret in: `plainForms`, and base64 or base64url at each of the three
 * alignments a longer encoded text can put it at (the part of the encoding that is the same wherever the
 * secret sits: the characters at either end that also encode the bytes around it are left out, and a part
 * under 8 characters is not searched for, as it would match ordinary base64 text). What `redact` and the
 * face's redaction (`endpointsOf(client).redact`) look for in bodies a tool shows or hands to a model.
 */
export function secretForms(secret: string): string[] {
  const forms = plainForms(secret);
  // A key that is not Latin-1 has no byte-for-byte `btoa` form (core refuses such keys; `redact` may see one).
  if (forms.length > 0 && ![...secret].some((character) => character.charCodeAt(0) > 255)) {
    for (const offset of [0, 1, 2]) {
      const encoded = btoa('\0'.repeat(offset) + secret);
      const stable = encoded.slice(offset && 4, (offset + secret.length) % 3 ? -4 : undefined);
      if (stable.length > 7) forms.push(stable, stable.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return [...new Set(forms)];
}

/**
 * How deep `redact` copies a value. A gateway can nest a body thousands deep; past this depth a part that
 * holds the key is replaced whole by the mask, so redaction never runs out of stack.
 */
const copiedDepth = 100;

/** Replaces every form of `secret` (see `secretForms`, and a part cut off by `excerpt`) in strings anywhere inside `value`. */
export function redact<T>(value: T, secret: string): T {
  return redactValue(value, secretForms(secret));
}

function redactValue<T>(value: T, forms: readonly string[], depth = 0): T {
  if (forms.length === 0) return value;
  if (typeof value === 'string') return redactText(value, forms) as T;
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= copiedDepth) return (contains(value, forms) ? mask : value) as T;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, forms, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[redactText(key, forms)] = redactValue(item, forms, depth + 1);
  return out as T;
}

/** True when a form of the key occurs in a string anywhere inside `value` (keys included), at any depth. */
function contains(value: unknown, forms: readonly string[]): boolean {
  // A list of what is left to look at, not recursion: a body nested thousands deep must not overflow the stack.
  const pending: unknown[] = [value];
  const seen = new Set<unknown>();
  while (pending.length > 0 && forms.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (redactText(next, forms) !== next) return true;
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
 * The same error when no form of `secret` occurs anywhere in it, else a copy with every occurrence
 * replaced, in its message, stack, fields and whole `cause` chain.
 */
export function redactError<T>(error: T, secret: string): T {
  return redactErrorWith(error, secretForms(secret));
}

function redactErrorWith<T>(error: T, forms: readonly string[]): T {
  if (!contains(error, forms)) return error;
  if (isPdgError(error)) {
    // Its fields as toJSON() lists them, each redacted (code, numbers and the retry verdict come out as they were).
    const fields = Object.entries(error.toJSON()).map(([name, value]) => [name, redactValue(value, forms)]);
    const copy = new PdgError({
      ...(Object.fromEntries(fields) as unknown as PdgErrorInit),
      cause: redactErrorWith(error.cause, forms),
    });
    return copy as T;
  }
  if (error instanceof Error) {
    const copy = new Error(redactText(error.message, forms), {
      cause: redactErrorWith((error as { cause?: unknown }).cause, forms),
    });
    copy.name = error.name;
    copy.stack = redactValue(error.stack, forms);
    const code = (error as { code?: unknown }).code;
    if (code !== undefined) Object.assign(copy, { code: redactValue(code, forms) });
    return copy as T;
  }
  return redactValue(error, forms);
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

/**
 * The redactor of one key. A client's looks for `plainForms` (what a call's own outlets can echo); the
 * face's, for every form (`secretForms`), as what tools show may hold a body's encoded echo of the key.
 */
export function keyRedactor(apiKey: string, forms = plainForms(apiKey)): Redactor {
  const redactor: Redactor = {
    value: (value) => redactValue(value, forms),
    error: (error) => redactErrorWith(error, forms),
    holdsKey: (value) => contains(value, forms),
    sameKey: (other) => other === redactor || keysOf.get(other) === apiKey,
  };
  keysOf.set(redactor, apiKey);
  return redactor;
}
