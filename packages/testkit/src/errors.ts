/** `pdgErrorOf`: the `PdgError` a call rejects with, for a test's assertions. */
import { isPdgError, type PdgError } from '@pdg/core';

/**
 * The PdgError a call rejects with, for assertions on its code, status and message:
 * `expect((await pdgErrorOf(pdg.run(...))).code).toBe('RATE_LIMITED')`. Fails if the call succeeds or
 * rejects with something else.
 */
export async function pdgErrorOf(call: Promise<unknown>): Promise<PdgError> {
  const outcome = await call.then(
    (value: unknown) => ({ settled: 'resolved' as const, value }),
    (error: unknown) => ({ settled: 'rejected' as const, value: error }),
  );
  if (outcome.settled === 'resolved') {
    throw new Error(`Expected the call to fail with a PdgError, but it succeeded with ${preview(outcome.value)}.`);
  }
  if (!isPdgError(outcome.value)) {
    throw new Error(`Expected a PdgError, but the call failed with ${String(outcome.value)}.`, {
      cause: outcome.value,
    });
  }
  return outcome.value;
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}
