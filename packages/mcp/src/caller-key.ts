/**
 * The key an HTTP request brings for its own gateway calls: `x-api-key: <key>` or
 * `Authorization: Bearer <key>`. Read here and passed to the calls of that request only; never logged.
 */
import type { IncomingMessage } from 'node:http';

/** The request's key, none (`undefined`), or why the headers cannot be used. */
export function callerKeyOf(request: IncomingMessage): { key: string | undefined } | { refusal: string } {
  const header = request.headers['x-api-key'];
  const direct = (Array.isArray(header) ? header[0] : header)?.trim() || undefined;
  const authorization = request.headers.authorization?.trim();
  let bearer: string | undefined;
  if (authorization) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match) {
      return {
        refusal:
          'Bad request: Authorization must be "Bearer <your Public-Data Gateway key>" (or send the key as x-api-key).',
      };
    }
    bearer = match[1];
  }
  if (direct !== undefined && bearer !== undefined && direct !== bearer) {
    return { refusal: 'Bad request: x-api-key and Authorization: Bearer name two different keys; send one.' };
  }
  return { key: direct ?? bearer };
}
