import type { CallTarget } from '../contract/call-target.js';
import { usageError } from '../errors/error-builders.js';

/** An HTTP header name (RFC 9110 token). */
const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * `headers` (of `createClient` or of a call) as one `Headers`. One that `Headers` refuses (a space in a
 * name, a line break or NUL in a value) is a `USAGE` error naming the header, thrown before anything is
 * sent; the value is never quoted (it may be a token), nor is the runtime's own message, which quotes it.
 */
export function checkedHeaders(init: HeadersInit | undefined, where: string, target?: CallTarget): Headers {
  try {
    return new Headers(init);
  } catch {
    // Which header it is: each pair alone (a `Headers` given is already valid).
    const pairs = Array.isArray(init) ? init : Object.entries(init ?? {});
    for (const [name, value] of pairs as [string, string][]) {
      try {
        new Headers([[name, value]]);
      } catch {
        const shown = JSON.stringify(String(name).slice(0, 80));
        throw usageError(
          headerName.test(name)
            ? `${where} headers: the value of ${shown} has a line break, NUL or other character a header cannot hold (not shown: it may be a secret).`
            : `${where} headers: ${shown} is not a valid header name (no spaces, colons or control characters).`,
          target,
        );
      }
    }
    throw usageError(
      `${where} headers must be a Headers, a { name: value } record or a list of [name, value] pairs.`,
      target,
    );
  }
}
