import { inspect } from 'node:util';
import { isPdgError, type PdgError } from '../src/index.js';

/** The PdgError a call rejects with; fails the test if it resolves or rejects with anything else. */
export async function failure(promise: Promise<unknown>): Promise<PdgError> {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!isPdgError(thrown)) throw new Error(`expected a PdgError, got ${inspect(thrown)}`);
  return thrown;
}
