/**
 * Upstream drift as the tools tell it: the server's client runs with `validate: 'report'` unless told
 * otherwise, so a response whose shape changed upstream is still returned, and each tool result of that
 * endpoint says which fields differ, so the model does not take them for their documented types.
 *
 * What the server remembers is bounded: the most recent `keptDrifts` fields of each endpoint, each path
 * cut to `longestPath` characters, so a gateway whose field names change on every answer cannot grow it.
 */
import type { Drift, Hooks } from '@pdg/core';

/** Drifted fields remembered per endpoint: the most recent ones. */
export const keptDrifts = 20;

/** Characters of a field's path kept: a gateway's field names can be of any length. */
const longestPath = 200;

export interface DriftRecord {
  /** The hook set that records what the client reports. */
  readonly hooks: Hooks;
  /** What drifted in this endpoint's responses so far (each field once), the most recent `keptDrifts`, oldest first. */
  of(provider: string, endpoint: string): readonly Drift[];
}

export function driftRecord(): DriftRecord {
  const byEndpoint = new Map<string, Drift[]>();
  const keyOf = (provider: string, endpoint: string) => `${provider}\0${endpoint}`;
  return {
    hooks: {
      onDrift: ({ provider, endpoint, drift }) => {
        const key = keyOf(provider, endpoint);
        const kept = shortened(drift);
        const list = (byEndpoint.get(key) ?? []).filter(
          (found) => found.path !== kept.path || found.change !== kept.change,
        );
        list.push(kept);
        byEndpoint.set(key, list.slice(-keptDrifts));
      },
    },
    of: (provider, endpoint) => byEndpoint.get(keyOf(provider, endpoint)) ?? [],
  };
}

/** The drift with its path cut to `longestPath` characters (`…` marks the cut). */
function shortened(drift: Drift): Drift {
  return drift.path.length <= longestPath ? drift : { ...drift, path: `${drift.path.slice(0, longestPath)}…` };
}

/** What a tool result says beside its data when the endpoint's responses drifted. */
export function driftNote(drift: readonly Drift[], more = 0): string {
  const paths = drift.map((found) => (found.path === '' ? '(root)' : found.path)).join(', ');
  const others = `${more} ${drift.length === 0 ? '' : 'more '}field(s) not listed, for room`;
  const where = more === 0 ? paths : drift.length === 0 ? others : `${paths} and ${others}`;
  return `This endpoint's responses differ from its documented shape at ${where} (see drift: each field's documented and received type). Validation is 'report': the data is returned as the gateway sent it, so read those fields as the types received.`;
}

/**
 * The result with the drift said beside it, in at most `maxBytes` of JSON: the most recent fields that fit
 * (all of them when there is room), the rest counted in the note; the result alone when not even the note fits.
 */
export function withDrift(
  result: Record<string, unknown>,
  drift: readonly Drift[],
  fits: (value: Record<string, unknown>) => boolean,
): Record<string, unknown> {
  for (let shown = drift.length; shown >= 0 && drift.length > 0; shown--) {
    const listed = drift.slice(drift.length - shown);
    const candidate = { ...result, drift: listed, validation: driftNote(listed, drift.length - shown) };
    if (fits(candidate)) return candidate;
  }
  return result;
}
