/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PdgClient } from '@pdg/core';
import { expectTypeOf } from 'vitest';
import type { shortlink } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof shortlink]>;

const link = await pdg.run('bypass-tools:shortlink', 'resolve', { url: 'https://tiny.example.test/r8Kx2' });
expectTypeOf(link.destinationUrl).toEqualTypeOf<string | undefined>();
expectTypeOf(link.ok).toEqualTypeOf<boolean | undefined>();

// @ts-expect-error url is required
void pdg.run('bypass-tools:shortlink', 'resolve', {});
// @ts-expect-error the endpoint takes no host param: the gateway detects the host
void pdg.run('bypass-tools:shortlink', 'resolve', { url: 'https://tiny.example.test/r8Kx2', host: 'tiny' });
