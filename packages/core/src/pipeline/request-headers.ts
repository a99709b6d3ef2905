import { checkedHeaders } from '../call/checked-headers.js';
import type { CallTarget } from '../contract/call-target.js';

/**
 * The headers of a call: the client's, with the call's own over them, checked as `checkedHeaders` does
 * (a bad one is `USAGE`: the params were fine, the call's options were not).
 */
export function requestHeaders(client: Headers, call: HeadersInit | undefined, target: CallTarget): Headers {
  if (call === undefined) return client;
  const headers = new Headers(client);
  for (const [name, value] of checkedHeaders(call, 'The call option', target)) headers.set(name, value);
  return headers;
}
