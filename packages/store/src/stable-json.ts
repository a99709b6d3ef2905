// Content as text that does not depend on key order, and its hashes: how an item's key is made where the spec
// shows no id, and how a stored item is told changed or unchanged, and in which fields.
import { hash } from 'node:crypto';

/** JSON with every object's keys sorted, so equal content gives equal text. */
export function stableJson(value: unknown): string {
  return written(value) ?? 'null';
}

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

/**
 * A 32-bit FNV-1a hash of text, in hex: which fields of an item already known changed (by its content hash)
 * differ. Cheap enough for every field of every item; a collision could only leave one field unnamed.
 */
export function fieldHash(text: string): string {
  let h = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    h ^= text.charCodeAt(index);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
