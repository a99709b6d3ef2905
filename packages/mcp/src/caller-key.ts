/**
 * The key an HTTP request brings for its own gateway calls: `x-api-key: <key>` or
 * `Authorization: Bearer <key>`. Read here and passed to the calls of that request only; never logged.
 *
 * Headers are read as sent (`headersDistinct`): Node joins repeated `x-api-key` headers with ", " and keeps
 * only the first `Authorization`, which would send a key the caller may not have meant, or a joined one
 * that is no one's.
 */
import type { IncomingMessage } from 'node:http';

const sendOne = 'send one key, in one x-api-key header or one Authorization: Bearer header.';
const notBearer =
  'Bad request: Authorization must be "Bearer <your Public-Data Gateway key>" (or send the key as x-api-key).';

/** The request's key, none (`undefined`), or why the headers cannot be used. */
export function callerKeyOf(request: IncomingMessage): { key: string | undefined } | { refusal: string } {
  const direct = (request.headersDistinct['x-api-key'] ?? []).map((value) => value.trim()).filter(Boolean);
  const bearer: string[] = [];
  for (const authorization of (request.headersDistinct.authorization ?? []).map((value) => value.trim())) {
    if (authorization === '') continue;
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match) return { refusal: notBearer };
    bearer.push(match[1] as string);
  }
  if (direct.length > 1) return { refusal: `Bad request: ${direct.length} x-api-key headers; ${sendOne}` };
  if (bearer.length > 1) return { refusal: `Bad request: ${bearer.length} Authorization headers; ${sendOne}` };
  const [key, other] = new Set([...direct, ...bearer]);
  if (other !== undefined) {
    return { refusal: `Bad request: x-api-key and Authorization: Bearer name two different keys; ${sendOne}` };
  }
  return { key };
}
