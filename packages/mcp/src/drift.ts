/**
 * Upstream drift as the tools tell it: the server's client runs with `validate: 'report'` unless told
 * otherwise, so a response whose shape changed upstream is still returned, and each tool result of that
 * endpoint says which fields differ, so the model does not take them for their documented types.
 */
import type { Drift, Hooks } from '@pdg/core';

export interface DriftRecord {
  /** The hook set that records what the client reports. */
  readonly hooks: Hooks;
  /** What drifted in this endpoint's responses so far (each field once). */
  of(provider: string, endpoint: string): readonly Drift[];
}

export function driftRecord(): DriftRecord {
  const byEndpoint = new Map<string, Drift[]>();
  const keyOf = (provider: string, endpoint: string) => `${provider}\0${endpoint}`;
  return {
    hooks: {
      onDrift: ({ provider, endpoint, drift }) => {
        const key = keyOf(provider, endpoint);
        const list = byEndpoint.get(key) ?? [];
        list.push(drift);
        byEndpoint.set(key, list);
      },
    },
    of: (provider, endpoint) => byEndpoint.get(keyOf(provider, endpoint)) ?? [],
  };
}

/** What a tool result says beside its data when the endpoint's responses drifted. */
export function driftNote(drift: readonly Drift[]): string {
  const paths = drift.map((found) => (found.path === '' ? '(root)' : found.path)).join(', ');
  return `This endpoint's responses differ from its documented shape at ${paths} (see drift: each field's documented and received type). Validation is 'report': the data is returned as the gateway sent it, so read those fields as the types received.`;
}
