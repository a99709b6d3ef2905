/**
 * The clients a server's calls go through: one with the server's own key, and one per key a caller brings
 * with its request (Streamable HTTP), so that each call spends its caller's key and no one else's. A
 * caller's client shares nothing that could carry a key to another: no cache (an answer echoing its key
 * must not be read back under another), its own in-flight requests.
 */
import { type AnyProvider, type ClientOptions, createClient, type PdgClient, PdgError, pdgError } from '@pdg/core';
import { checkClientOptions } from '@pdg/core/face';

export interface KeyedClient {
  /** The client; its face (`endpointsOf`) redacts the key it sends out of every result. */
  readonly client: PdgClient<readonly AnyProvider[]>;
}

/** Caller keys whose clients are kept, most recent first; older ones are made anew when they come back. */
const keptCallerClients = 32;

export interface Clients {
  /** The client for a call: the caller's key if it brought one, else the server's; an error if neither. */
  forKey(callerKey: string | undefined): KeyedClient | PdgError;
}

export function serverClients(options: ClientOptions<readonly AnyProvider[]>, serverKey: string | undefined): Clients {
  // The options are checked now, before any server starts, even when the server has no key of its own.
  if (serverKey === undefined) checkClientOptions(options);
  const own: KeyedClient | undefined =
    serverKey === undefined
      ? undefined
      : { client: createClient<readonly AnyProvider[]>({ ...options, apiKey: serverKey }) };
  const callers = new Map<string, KeyedClient>();
  const { cache: _serverCache, ...callerOptions } = options;
  return {
    forKey(callerKey) {
      if (callerKey === undefined) return own ?? keylessRefusal();
      let keyed = callers.get(callerKey);
      if (keyed) {
        callers.delete(callerKey);
      } else {
        try {
          keyed = { client: createClient<readonly AnyProvider[]>({ ...callerOptions, apiKey: callerKey }) };
        } catch (error) {
          // A key core refuses (not printable ASCII): its error, never the key.
          if (error instanceof PdgError) return error;
          throw error;
        }
        if (callers.size >= keptCallerClients) callers.delete(callers.keys().next().value as string);
      }
      callers.set(callerKey, keyed);
      return keyed;
    },
  };
}

function keylessRefusal(): PdgError {
  return pdgError({
    code: 'USAGE',
    message:
      'This server has no API key of its own, and the request brought none: send your Public-Data Gateway key with each request, as the header x-api-key: <key> or Authorization: Bearer <key> (or start the server with PDG_API_KEY or --api-key).',
    nothingSent: true,
  });
}
