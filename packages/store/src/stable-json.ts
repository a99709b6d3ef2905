// Content as text that does not depend on key order, and its hash: how an item's key is made where the spec
// shows no id, and how a stored item is told changed or unchanged field by field.
import { createHash } from 'node:crypto';

/** JSON with every object's keys sorted, so equal content gives equal text. */
export function stableJson(value: unknown): string {
  return JSON.stringify(sorted(value)) ?? 'null';
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) out[key] = sorted((value as Record<string, unknown>)[key]);
  return out;
}

/** A short hash of text: 128 bits of SHA-256, in hex. */
export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}
