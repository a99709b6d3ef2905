/**
 * A pasted key is tried with one gateway call through `@pdg/core`'s client before a sign-in succeeds: the
 * endpoint named in the options, else the first served endpoint that needs no params (params refused
 * locally send nothing, so only one request reaches the gateway). The answer is not kept; only whether the
 * gateway took the key, and its reason when it did not.
 */
import { type AnyProvider, type ClientOptions, createClient, isPdgError } from '@pdg/core';
import { endpointsOf } from '@pdg/core/face';

export interface KeyCheckCall {
  readonly provider: string;
  readonly endpoint: string;
  readonly params?: Record<string, unknown>;
}

export type KeyVerdict =
  | { readonly accepted: true }
  /** `refused`: the gateway said no to this key (counts as a failed sign-in); else it could not be asked. */
  | { readonly accepted: false; readonly refused: boolean; readonly reason: string };

export type KeyCheck = (apiKey: string) => Promise<KeyVerdict>;

export function keyCheck(options: ClientOptions<readonly AnyProvider[]>, call: KeyCheckCall | undefined): KeyCheck {
  const candidates: KeyCheckCall[] = call
    ? [call]
    : options.providers.flatMap((provider) =>
        Object.keys(provider.endpoints).map((endpoint) => ({ provider: provider.id, endpoint })),
      );
  const { cache: _sharedCache, ...clientOptions } = options;
  return async (apiKey) => {
    let client: ReturnType<typeof createClient<readonly AnyProvider[]>>;
    try {
      client = createClient<readonly AnyProvider[]>({ ...clientOptions, apiKey });
    } catch (error) {
      if (isPdgError(error)) return { accepted: false, refused: true, reason: error.message };
      throw error;
    }
    for (const candidate of candidates) {
      try {
        // The answer's shape does not matter here: only whether the key was taken.
        await endpointsOf(client).run(candidate.provider, candidate.endpoint, candidate.params ?? {}, {
          validate: 'off',
        });
        return { accepted: true };
      } catch (error) {
        if (!isPdgError(error)) throw error;
        if (error.code === 'INVALID_PARAMS' && call === undefined) continue;
        if (error.code === 'AUTH') return { accepted: false, refused: true, reason: error.message };
        if (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST' || error.code === 'INVALID_RESPONSE') {
          // The gateway answered past its key check: the key was taken.
          return { accepted: true };
        }
        return { accepted: false, refused: false, reason: `${error.code}: ${error.message}` };
      }
    }
    return {
      accepted: false,
      refused: false,
      reason: 'no served endpoint can be called without params to try the key; name one with keyCheck.',
    };
  };
}
