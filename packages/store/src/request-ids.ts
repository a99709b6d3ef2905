// The gateway's request id of each page a harvest fetches, heard through a client hook (`afterResponse`):
// core's walk hands out pages, not their answers' headers, so the harvest asks the client's hooks instead.
import type { Hooks } from '@pdg/core';
import { sortedJson } from '@pdg/core/face';

/** Hears the request id of every answer of a client; `createClient({ hooks: [recorder.hooks] })`. */
export interface RequestIdRecorder {
  readonly hooks: Hooks;
  /** The request id of the last answer to this call (provider, endpoint, params), once; null when none was heard. */
  take(provider: string, endpoint: string, params: Readonly<Record<string, unknown>>): string | null;
}

/** Calls heard and not yet taken, at most: a client used for other calls too does not grow without bound. */
const heardLimit = 1_000;

export function requestIdRecorder(): RequestIdRecorder {
  const heard = new Map<string, string>();
  const callKey = (provider: string, endpoint: string, params: Readonly<Record<string, unknown>>) =>
    `${provider} ${endpoint} ${sortedJson(params)}`;
  return {
    hooks: {
      afterResponse({ provider, endpoint, params, response, body }) {
        const id = response.headers.get('x-request-id') ?? response.headers.get('request-id');
        if (id !== null) {
          const key = callKey(provider, endpoint, params);
          heard.delete(key);
          heard.set(key, id);
          if (heard.size > heardLimit) heard.delete(heard.keys().next().value as string);
        }
        return body;
      },
    },
    take(provider, endpoint, params) {
      const key = callKey(provider, endpoint, params);
      const id = heard.get(key) ?? null;
      heard.delete(key);
      return id;
    },
  };
}
