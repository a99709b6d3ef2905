/** Every spec endpoint is callable through run() with typed params and a typed result (checked by `pnpm typecheck`). */
import type { PdgClient } from '@pdg/core';
import { describe, expectTypeOf, it } from 'vitest';
import type { forum } from '../src/index.js';

type Client = PdgClient<readonly [typeof forum]>;
type Result<T> = Awaited<T>;

describe('social-media:forum types', () => {
  it('types every endpoint', () => {
    const calls = (pdg: Client) => ({
      search: pdg.run('social-media:forum', 'search', { keywords: 'keyboard', page: 2 }),
      thread: pdg.run('social-media:forum', 'thread', { threadId: '88120', page: 1 }),
      forum: pdg.run('social-media:forum', 'forum', { communityId: 'mech-keys' }),
      profile: pdg.run('social-media:forum', 'profile', { userId: '50211' }),
      hot: pdg.run('social-media:forum', 'hot', { channelId: 'tech', limit: 5 }),
      communities: pdg.run('social-media:forum', 'communities', { query: 'film' }),
      community: pdg.run('social-media:forum', 'community', { communityId: 'mech-keys' }),
      userPosts: pdg.run('social-media:forum', 'user-posts', { userId: '50211', limit: 10 }),
      followers: pdg.run('social-media:forum', 'followers', { userId: '50211', cursor: 'abc' }),
    });
    type Calls = ReturnType<typeof calls>;
    expectTypeOf<Result<Calls['search']>['results'][number]['created']>().toEqualTypeOf<number | null | undefined>();
    expectTypeOf<Result<Calls['thread']>['posts'][number]['postId']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Result<Calls['forum']>['threads']>().not.toBeAny();
    expectTypeOf<NonNullable<Result<Calls['profile']>['user']>['joinDate']>().toEqualTypeOf<
      number | null | undefined
    >();
    expectTypeOf<Result<Calls['hot']>['threads'][number]['author']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Result<Calls['communities']>['communities']>().not.toBeAny();
    expectTypeOf<Result<Calls['community']>['community']>().not.toBeAny();
    expectTypeOf<Result<Calls['userPosts']>['totalIsCapped']>().toEqualTypeOf<boolean | null | undefined>();
    expectTypeOf<Result<Calls['followers']>['users'][number]['username']>().toEqualTypeOf<string | null | undefined>();
  });

  it('makes misuse a compile error', () => {
    const misuse = (pdg: Client) => {
      // @ts-expect-error keywords is required
      void pdg.run('social-media:forum', 'search', { page: 1 });
      // @ts-expect-error page is a number
      void pdg.run('social-media:forum', 'search', { keywords: 'x', page: 'two' });
      // @ts-expect-error an endpoint the spec does not give
      void pdg.run('social-media:forum', 'trending', {});
    };
    expectTypeOf(misuse).toBeFunction();
  });
});
