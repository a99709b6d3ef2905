/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PdgClient } from '@pdg/core';
import { expectTypeOf } from 'vitest';
import type { centralbank } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof centralbank]>;

const nodes = await pdg.run('finance:centralbank', 'cube-dimensions', { cube: 'zirepo', lang: 'fr' });
expectTypeOf(nodes.items[0]?.isLeaf).toEqualTypeOf<boolean | undefined>();
const market = await pdg.run('finance:centralbank', 'money-market', { set: 'saron', from: '2026-11-01' });
expectTypeOf(market.items[0]?.values?.[0]?.value).toEqualTypeOf<number | undefined>();
const yields = await pdg.run('finance:centralbank', 'bond-yields', { maturity: [2, '10'], from: '2026-01' });
expectTypeOf(yields.items[0]?.maturity).toEqualTypeOf<number | undefined>();
expectTypeOf(yields.maturities).toEqualTypeOf<number[] | undefined>();
const rates = await pdg.run('finance:centralbank', 'policy-rates', { bank: ['ecb', 'fed'] });
expectTypeOf(rates.items[0]?.rate).toEqualTypeOf<number | undefined>();
await pdg.run('finance:centralbank', 'policy-rates', { bank: 'ecb,fed' });
const cube = await pdg.run('finance:centralbank', 'cube', { cube: 'devkum', select: 'D0(M0)' });
expectTypeOf(cube.items[0]?.key).toEqualTypeOf<string | undefined>();
// Cube ids beyond the confirmed ones are accepted.
await pdg.run('finance:centralbank', 'cube', { cube: 'snbbipo' });

// Misuse is a compile error.
// @ts-expect-error cube is required
void pdg.run('finance:centralbank', 'cube-dimensions', {});
// @ts-expect-error lang is one of en, de, fr, it
void pdg.run('finance:centralbank', 'cube', { cube: 'zirepo', lang: 'es' });
// @ts-expect-error set is one of all, saron, reference
void pdg.run('finance:centralbank', 'money-market', { set: 'libor' });
// Published values autocomplete; others are accepted (the spec types both params as plain strings).
void pdg.run('finance:centralbank', 'bond-yields', { maturity: ['2', '11'] });
void pdg.run('finance:centralbank', 'policy-rates', { bank: ['snb'] });
// @ts-expect-error length is a number
void pdg.run('finance:centralbank', 'cube', { cube: 'zirepo', length: '200' });
// @ts-expect-error nothing here is paged
void pdg.items('finance:centralbank', 'cube', { cube: 'zirepo' });
