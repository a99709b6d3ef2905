import { pdgError } from '@pdg/core';
import { describe, expect, it } from 'vitest';
import { pdgErrorOf } from '../src/index.js';

describe('pdgErrorOf', () => {
  it('returns the PdgError a call rejects with', async () => {
    const error = pdgError({ code: 'NOT_FOUND', message: 'gone', status: 404 });
    expect(await pdgErrorOf(Promise.reject(error))).toBe(error);
  });

  it('fails, showing the value, when the call succeeds', async () => {
    await expect(pdgErrorOf(Promise.resolve({ items: [] }))).rejects.toThrow(
      'Expected the call to fail with a PdgError, but it succeeded with {"items":[]}.',
    );
  });

  it('fails when the call rejects with something else', async () => {
    await expect(pdgErrorOf(Promise.reject(new TypeError('boom')))).rejects.toThrow(
      'Expected a PdgError, but the call failed with TypeError: boom.',
    );
  });
});
