import type { CallTarget } from '../call-target.js';
import { invalidParamsError } from '../error-builders.js';

/**
 * The headers of a call: the client's, with the call's own over them. A name or value `Headers` refuses
 * fails the call with `INVALID_PARAMS` before anything is sent, without the runtime's message or cause:
 * those quote the bad value, which may be a token.
 */
export function requestHeaders(client: Headers, call: HeadersInit | undefined, target: CallTarget): Headers {
  if (call === undefined) return client;
  try {
    const headers = new Headers(client);
    for (const [name, value] of new Headers(call)) headers.set(name, value);
    return headers;
  } catch {
    throw invalidParamsError(target, [
      {
        path: 'headers',
        message:
          'is not a valid set of HTTP headers: a name or value has a line break, NUL or other character HTTP does not allow',
      },
    ]);
  }
}
