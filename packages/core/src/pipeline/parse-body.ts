import type { CallTarget } from '../contract/call-target.js';
import { parseError } from '../errors/error-builders.js';
import { excerpt } from '../errors/redact.js';

/** How much of a body that is not JSON a `PARSE` error quotes. */
const excerptLength = 200;

/**
 * Step 4: the body as JSON. Empty, non-JSON or malformed bodies throw `PARSE` with the status and an
 * excerpt (cut by `excerpt`, so that a key cut in half there is still redacted where the error leaves).
 */
export function parseBody(text: string, status: number, target: CallTarget): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw parseError(target, status, excerpt(text, excerptLength));
  }
}
