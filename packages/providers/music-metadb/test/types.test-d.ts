/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PdgClient } from '@pdg/core';
import { expectTypeOf } from 'vitest';
import type { metadb } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof metadb]>;

const result = await pdg.run('music:metadb', 'search', { query: 'harbour lights', entity: 'recording', limit: 3 });
expectTypeOf(result.count).toEqualTypeOf<number>();
expectTypeOf(result.created).toEqualTypeOf<string>();
const recording = result.recordings?.[0];
expectTypeOf(recording?.['first-release-date']).toEqualTypeOf<string | undefined>();
expectTypeOf(recording?.releases?.[0]?.['release-group']?.['primary-type-id']).toEqualTypeOf<string | undefined>();
expectTypeOf(recording?.releases?.[0]?.media?.[0]?.track?.[0]?.number).toEqualTypeOf<string | number | undefined>();
expectTypeOf(recording?.['artist-credit']?.[0]?.artist?.aliases?.[0]?.['begin-date']).toEqualTypeOf<
  string | undefined
>();

// The artist and release searches: the same result type, `recordings` optional, and the arrays the
// gateway sends (`artists`, `releases`) named, their records `unknown` to be checked before use.
const artists = await pdg.run('music:metadb', 'search', { query: 'lantern quay', entity: 'artist' });
expectTypeOf(artists.recordings).toEqualTypeOf<typeof result.recordings>();
expectTypeOf(artists.artists).toEqualTypeOf<unknown[] | undefined>();
expectTypeOf(artists.releases).toEqualTypeOf<unknown[] | undefined>();

// @ts-expect-error 'label' is not an entity
void pdg.run('music:metadb', 'search', { query: 'x', entity: 'label' });
// @ts-expect-error query is required
void pdg.run('music:metadb', 'search', { entity: 'artist' });
// @ts-expect-error no offset or page param is documented
void pdg.run('music:metadb', 'search', { query: 'x', offset: 25 });
// @ts-expect-error not paged: no page or offset param is documented
void pdg.pages('music:metadb', 'search', { query: 'x' });
