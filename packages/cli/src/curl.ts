/**
 * `pdg run ... --curl`: the request a run would send, as a curl command that sends it byte for byte. The
 * request is made by the client itself (its URL building, its headers) and caught before it leaves, so the
 * line cannot drift from what pdg sends; every argument is single-quoted, so no shell expands anything in
 * it (`$(...)`, backticks, `!` history expansion in bash or zsh), except the key, left to the shell as
 * `${PDG_API_KEY}` so the line can be pasted into a ticket.
 */

import type { AnyProvider } from '@pdg/core';
import { endpointsOf } from '@pdg/core/face';

type Core = typeof import('@pdg/core');

/** What the client would send: the URL as it built it, and the headers it set. */
interface CaughtRequest {
  readonly url: string;
  readonly headers: readonly (readonly [string, string])[];
}

/** Thrown by the catching fetch, so the client stops there; nothing is sent. */
class Caught extends Error {}

/** A key for the client to put where the real one goes: the line says `${PDG_API_KEY}` there instead. */
const standInKey = 'pdg-curl-stand-in-key';

/**
 * Headers the runtime's fetch adds on its own (not the client), which curl sends its own way or not at
 * all: left out, so curl decodes the body as it would without them.
 */
const fetchOwnHeaders = new Set(['accept-encoding', 'accept-language', 'sec-fetch-mode', 'connection']);

export interface CurlRequest {
  readonly provider: AnyProvider;
  readonly endpointName: string;
  readonly params: Record<string, unknown>;
  /** The base URL the run would use (`--base-url` or `PDG_BASE_URL`), as given: the client normalises it. */
  readonly baseUrl: string;
}

/** The curl command that sends what `pdg run` would send for this call. */
export async function curlCommand(core: Core, request: CurlRequest): Promise<string> {
  const caught = await catchRequest(core, request);
  const headers = caught.headers.flatMap(([name, value]) => {
    if (fetchOwnHeaders.has(name)) return [];
    // Today's rule for the key: never printed, the shell fills it in from the environment.
    const header = name === 'x-api-key' ? `${quoted(`${name}: `)}"\${PDG_API_KEY}"` : quoted(`${name}: ${value}`);
    return ['-H', header];
  });
  // -g: brackets and braces are the URL's own, not curl's globbing; --path-as-is: the path as the client built it.
  return ['curl', '-sS', '-g', '--path-as-is', ...headers, quoted(caught.url)].join(' ');
}

/**
 * The request the client makes for this call, caught by its `fetch` option before anything is sent: the
 * params checked, the URL built and the headers set exactly as in a run (no retry, no cache, no limit:
 * those decide whether and when to send, not what).
 */
async function catchRequest(
  core: Core,
  { provider, endpointName, params, baseUrl }: CurlRequest,
): Promise<CaughtRequest> {
  const caught: { request?: CaughtRequest } = {};
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const sent = new Request(input, init);
    caught.request = { url: sent.url, headers: [...sent.headers] };
    throw new Caught('caught before sending');
  };
  const client = core.createClient({ providers: [provider], apiKey: standInKey, baseUrl, retry: 0, fetch });
  try {
    await endpointsOf(client).run(provider.id, endpointName, params);
  } catch (error) {
    if (caught.request === undefined) throw error;
  }
  if (caught.request === undefined) throw new Error('the client made no request to print.');
  return caught.request;
}

/** The word single-quoted for any POSIX shell (bash and zsh too): nothing in it is expanded. */
export function quoted(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}
