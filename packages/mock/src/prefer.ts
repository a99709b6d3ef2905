/**
 * Prism's controls, read from the `Prefer` request header (RFC 7240), beside the mock's own
 * `x-pdg-mock-fault`: `code=<status>` answers with that status, `example=<name>` with the fixture of that
 * name, `dynamic=true` from the world even when a fixture records the call. Preferences it does not know
 * (`return=minimal`, ...) are ignored, as the RFC says.
 */
import { undocumentedStatus } from './faults.js';

export interface Preferences {
  /** Answer with this status (200 is the normal answer; an error status gets the error envelope). */
  readonly code?: number;
  /** Answer with the fixture of this name, as recorded. */
  readonly example?: string;
  /** Answer from the world, not from a fixture that records the call. */
  readonly dynamic?: boolean;
}

/** The preferences a `Prefer` header states; throws with what is accepted when one the mock knows is malformed. */
export function parsePrefer(value: string): Preferences {
  const preferences: { -readonly [K in keyof Preferences]: Preferences[K] } = {};
  for (const part of value.split(/[,;]/)) {
    const [rawName = '', ...rest] = part.split('=');
    const name = rawName.trim().toLowerCase();
    const text = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (name === 'code') {
      if (!/^[1-5]\d\d$/.test(text)) throw new Error(`code=${text} is not an HTTP status (write code=429, say)`);
      const status = Number(text);
      const refused = status === 200 ? undefined : undocumentedStatus(status);
      if (refused) throw new Error(`code=${refused}`);
      preferences.code = status;
    } else if (name === 'example') {
      if (text === '') throw new Error('example= names no fixture (write example=<fixture name>)');
      preferences.example = text;
    } else if (name === 'dynamic') {
      if (text !== 'true' && text !== 'false') throw new Error(`dynamic=${text} is not true or false`);
      preferences.dynamic = text === 'true';
    }
  }
  return preferences;
}
