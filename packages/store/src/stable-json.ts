// An item's content as text that does not depend on key order, and its hashes: how an item's key is made where
// the spec shows no id, and how a stored item is told changed or unchanged. (A walk's params, its identity, are
// written by core's `sortedJson`.)
import { hash } from 'node:crypto';

/** The value's stable JSON, or undefined where JSON leaves it out (an `undefined` field). */
export function written(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  // Every undocumented field of every item comes through here: the text is built by concatenation, with no
  // arrays of parts.
  if (Array.isArray(value)) {
    let text = '';
    for (let index = 0; index < value.length; index++)
      text += `${index === 0 ? '' : ','}${written(value[index]) ?? 'null'}`;
    return `[${text}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length > 1) keys.sort();
  let text = '';
  for (const key of keys) {
    const member = written(record[key]);
    if (member !== undefined) text += `${text === '' ? '' : ','}${JSON.stringify(key)}:${member}`;
  }
  return `{${text}}`;
}

/** A short hash of text: 128 bits of SHA-256, in hex. */
export function contentHash(text: string): string {
  return hash('sha256', text).slice(0, 32);
}
