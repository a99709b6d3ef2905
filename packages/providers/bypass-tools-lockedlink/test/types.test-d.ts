/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PdgClient } from '@pdg/core';
import { expectTypeOf } from 'vitest';
import type { lockedlink } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof lockedlink]>;

const result = await pdg.run('bypass-tools:lockedlink', 'resolve', { url: 'Qm7xT2' });
expectTypeOf(result.destinationUrl).toEqualTypeOf<string | undefined>();
expectTypeOf(result.viaProxy).toEqualTypeOf<boolean | undefined>();
expectTypeOf(result.requiredActions?.[0]?.platform).toEqualTypeOf<string | undefined>();

// @ts-expect-error url is required
void pdg.run('bypass-tools:lockedlink', 'resolve', {});
// @ts-expect-error url is a string
void pdg.run('bypass-tools:lockedlink', 'resolve', { url: 42 });
// @ts-expect-error resolve is not paged
void pdg.items('bypass-tools:lockedlink', 'resolve', { url: 'Qm7xT2' });
