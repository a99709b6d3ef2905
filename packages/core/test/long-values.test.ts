/**
 * An `INVALID_PARAMS` error never quotes a received value whole: a megabyte passed as a param, a param name or
 * a list item comes back as its first 64 characters, `…` and its length, so the message (and the issues) stay a
 * few hundred characters whatever was passed. Short values are quoted whole, as before.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { type EndpointDefinition, listParam, type PdgError, stringParam, validateParams } from '../src/index.js';
import { failure, gateway, testClient } from './harness.js';

const megabyte = 1024 * 1024;
const long = 'x'.repeat(megabyte);
/** How the long value is quoted: its start, the cut mark and its length. */
const quotedLong = `"${'x'.repeat(64)}…" (${megabyte} characters)`;

/** An error's message and issues, as they would be sent on: each must stay short. */
function sizeOf(error: PdgError): number {
  return error.message.length + JSON.stringify(error.issues).length;
}

/** The INVALID_PARAMS error `params` get from an endpoint with these params. */
function refusal(params: Record<string, unknown>, definition: EndpointDefinition): PdgError {
  try {
    validateParams({ provider: 'test:long', endpoint: 'browse', definition, params });
  } catch (error) {
    return error as PdgError;
  }
  throw new Error('the params were accepted');
}

const endpoint = (entries: v.ObjectEntries): EndpointDefinition => ({
  description: 'x',
  params: v.strictObject(entries),
  response: v.unknown(),
});

describe('INVALID_PARAMS quotes a long received value by its start and length', () => {
  it('a 1 MB value outside a closed enum (a type check)', async () => {
    const scope = gateway().get(/.*/).reply(200, {});
    // @ts-expect-error not one of the enum's values
    const error = await failure(testClient().run('music:tunes', 'search', { q: 'x', type: long }));
    expect(error.code).toBe('INVALID_PARAMS');
    expect(error.issues).toEqual([
      { path: 'type', message: `must be one of "track", "album", "artist" (received ${quotedLong})` },
    ]);
    expect(sizeOf(error)).toBeLessThan(600);
    expect(scope.isDone()).toBe(false);
  });

  it('a 1 MB text for a number param', async () => {
    // @ts-expect-error limit is a number
    const error = await failure(testClient().run('music:tunes', 'search', { q: 'x', limit: long }));
    expect(error.issues).toEqual([{ path: 'limit', message: `must be number (received ${quotedLong})` }]);
    expect(sizeOf(error)).toBeLessThan(400);
  });

  it('a 1 MB value that breaks a pattern', () => {
    const error = refusal(
      { id: long },
      endpoint({ id: stringParam({ pattern: /^tt\d+$/, patternMessage: 'must be a title id' }) }),
    );
    expect(error.issues).toEqual([{ path: 'id', message: `must be a title id (received ${quotedLong})` }]);
    expect(sizeOf(error)).toBeLessThan(400);
  });

  it('a bigint of 100,000 digits for a number param', () => {
    // Not a million: turning that many digits into a BigInt takes seconds on its own.
    const digits = '9'.repeat(100_000);
    const error = refusal({ limit: BigInt(digits) }, endpoint({ limit: v.number() }));
    expect(error.issues[0]?.message).toBe(`must be number (received ${'9'.repeat(64)}… (100000 characters))`);
    expect(sizeOf(error)).toBeLessThan(400);
  });

  it('a 1 MB param name that is not a param: cut in the issue, quoted with its length in the message', () => {
    const error = refusal({ q: 'y', [long]: 'y' }, endpoint({ q: v.string() }));
    expect(error.issues).toEqual([
      { path: `${'x'.repeat(64)}…`, message: 'is not a param of this endpoint (accepted: q)' },
    ]);
    expect(error.message).toContain(`${'x'.repeat(64)}… (${megabyte} characters) is not a param of this endpoint`);
    expect(sizeOf(error)).toBeLessThan(500);
  });

  it('a 1 MB param name on an endpoint that takes any params, with a value that cannot be sent', async () => {
    const error = await failure(testClient().run('jobs:board', 'search', { [long]: { a: 1 } }));
    expect(error.issues[0]?.path).toBe(`${'x'.repeat(64)}…`);
    expect(sizeOf(error)).toBeLessThan(600);
  });

  it('a list of long items outside the accepted values: five quoted short, the rest counted', () => {
    const items = Array.from(
      { length: 100 },
      (_, index) => `${String(index).padStart(2, '0')}${long.slice(0, 200_000)}`,
    );
    const error = refusal({ maturity: items.join(',') }, endpoint({ maturity: listParam({ values: ['1', '10'] }) }));
    const message = error.issues[0]?.message ?? '';
    expect(message).toMatch(/^has items outside the accepted values: "00x{62}…" \(200002 characters\), /);
    expect(message).toContain('and 95 more (accepted: "1", "10") (received "00x');
    expect(message).toContain(`(${100 * 200_002 + 99} characters))`);
    expect(sizeOf(error)).toBeLessThan(1500);
  });

  it('what a custom check throws, cut to its start and length', () => {
    const throwing = v.pipe(
      v.string(),
      v.check((value) => {
        throw new Error(`cannot read ${value}`);
      }),
    );
    const error = refusal({ q: long }, endpoint({ q: throwing }));
    expect(error.issues[0]?.message).toBe(
      `could not be turned into a request (Error: cannot read ${'x'.repeat(64 - 'Error: cannot read '.length)}… (${megabyte + 'Error: cannot read '.length} characters))`,
    );
    expect(sizeOf(error)).toBeLessThan(400);
  });

  it('a value of 64 characters is still quoted whole, as every shorter one', () => {
    const error = refusal({ id: 'y'.repeat(64) }, endpoint({ id: stringParam({ pattern: /^tt\d+$/ }) }));
    expect(error.issues[0]?.message).toMatch(new RegExp(`\\(received "${'y'.repeat(64)}"\\)$`));
  });

  it('a key cut in half where the value is cut is still redacted from the error', async () => {
    const apiKey = 'sk_live_cut_key_0123456789';
    // The key straddles the 64th character: its first part ends just before the cut mark.
    const value = `${'z'.repeat(64 - 10)}${apiKey}${long}`;
    const pdg = testClient({ apiKey });
    // @ts-expect-error not one of the enum's values
    const error = await failure(pdg.run('music:tunes', 'search', { q: 'x', type: value }));
    expect(error.message).not.toContain(apiKey.slice(0, 10));
    expect(error.message).toContain('[redacted]…');
  });
});
