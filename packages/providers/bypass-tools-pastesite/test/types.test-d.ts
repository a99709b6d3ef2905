/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PdgClient } from '@pdg/core';
import { expectTypeOf } from 'vitest';
import type { pastesite } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof pastesite]>;

const post = await pdg.run('bypass-tools:pastesite', 'resolve', { url: '48213' });
expectTypeOf(post.id).toEqualTypeOf<number | undefined>();
expectTypeOf(post.script).toEqualTypeOf<string | undefined>();
expectTypeOf(post.usedFlare).toEqualTypeOf<boolean | undefined>();

// @ts-expect-error url is required
void pdg.run('bypass-tools:pastesite', 'resolve', {});
// @ts-expect-error a numeric post id is passed as a string
void pdg.run('bypass-tools:pastesite', 'resolve', { url: 48213 });
