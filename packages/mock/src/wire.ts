/**
 * An answer as it goes on the wire: its header fields (content type and length, the CORS headers, a request
 * id, the answer's own) and its body's bytes. The gateway keeps its answers (one per request target, see
 * `targets.ts`) and sends each again and again, so its fields and bytes are made once, for the CORS headers
 * it went out with; a request then copies the fields and puts its own request id in them.
 */
import type { Answer } from './gateway.js';
import { nextRequestId } from './request-id.js';

/** An answer's fields and bytes, all but the request id's value, for the CORS headers they were made with. */
interface Made {
  readonly cors: Readonly<Record<string, string>>;
  /** Names and values in turn, as `writeHead` takes them; the request id's value goes at `idAt`. */
  readonly fields: readonly string[];
  readonly idAt: number;
  /** The body as UTF-8; none for a 204. */
  readonly bytes?: Uint8Array;
}

/** What an answer is sent as: the header fields (names and values in turn) and the body's bytes. */
export interface OnWire {
  readonly fields: string[];
  readonly bytes?: Uint8Array;
}

const requestIdHeader = 'x-request-id';

const made = new WeakMap<Answer, Made>();

function make(answer: Answer, cors: Readonly<Record<string, string>>): Made {
  // A 204 (a preflight's answer) has no body, and so no content headers.
  const bytes =
    answer.status === 204
      ? undefined
      : answer.raw instanceof Uint8Array
        ? answer.raw
        : Buffer.from(answer.raw ?? JSON.stringify(answer.body));
  const content = bytes
    ? { 'content-type': 'application/json; charset=utf-8', 'content-length': String(bytes.byteLength) }
    : {};
  // Later headers win over earlier ones of the same name: the answer's own over all.
  const headers = { ...content, ...cors, [requestIdHeader]: '', ...answer.headers };
  const idAt = Object.keys(headers).indexOf(requestIdHeader) * 2 + 1;
  return bytes
    ? { cors, fields: Object.entries(headers).flat(), idAt, bytes }
    : { cors, fields: Object.entries(headers).flat(), idAt };
}

/**
 * The answer with these CORS headers as it is sent, with a request id of its own: every answer, errors and
 * faults included, so a page sees a 429 as a 429, not as a network error; and each its own id, as the
 * gateway's support asks for one.
 */
export function onWire(answer: Answer, cors: Readonly<Record<string, string>>): OnWire {
  let found = made.get(answer);
  if (found?.cors !== cors) {
    found = make(answer, cors);
    made.set(answer, found);
  }
  const fields = found.fields.slice();
  fields[found.idAt] = nextRequestId();
  return found.bytes ? { fields, bytes: found.bytes } : { fields };
}
