/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PagedWalk, PdgClient } from '@pdg/core';
import type * as v from 'valibot';
import { expectTypeOf } from 'vitest';
import type { follower, forum, hotThread, threadSummary } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof forum]>;

// Every endpoint the spec gives is callable, with typed params and a typed result.
const search = await pdg.run('social-media:forum', 'search', { keywords: 'keyboard', page: 2 });
expectTypeOf(search.results[0]?.created).toEqualTypeOf<number | undefined>();
expectTypeOf(search.results[0]).toEqualTypeOf<v.InferOutput<typeof threadSummary> | undefined>();
expectTypeOf(search.nextPage).toEqualTypeOf<number | undefined>();
expectTypeOf(search.hasMore).toEqualTypeOf<boolean>();
const thread = await pdg.run('social-media:forum', 'thread', { threadId: '88120', page: 1 });
expectTypeOf(thread.posts[0]?.postId).toEqualTypeOf<string | undefined>();
const forumPage = await pdg.run('social-media:forum', 'forum', { communityId: '1204' });
expectTypeOf(forumPage.threads[0]?.lastPost?.created).toEqualTypeOf<number | undefined>();
const profile = await pdg.run('social-media:forum', 'profile', { userId: '50211' });
expectTypeOf(profile.user?.joinDate).toEqualTypeOf<number | undefined>();
const hot = await pdg.run('social-media:forum', 'hot', { channelId: '3', limit: 5 });
expectTypeOf(hot.threads[0]?.author).toEqualTypeOf<string | undefined>();
expectTypeOf(hot.nextCursor).toEqualTypeOf<string | undefined>();
const communities = await pdg.run('social-media:forum', 'communities', { query: 'film' });
expectTypeOf(communities.communities[0]?.isOfficial).toEqualTypeOf<boolean | undefined>();
const community = await pdg.run('social-media:forum', 'community', { communityId: '1204' });
expectTypeOf(community.community?.totalMembers).toEqualTypeOf<number | undefined>();
const userPosts = await pdg.run('social-media:forum', 'user-posts', { userId: '50211', limit: 10 });
expectTypeOf(userPosts.totalIsCapped).toEqualTypeOf<boolean | undefined>();
const followers = await pdg.run('social-media:forum', 'followers', { userId: '50211', cursor: 'abc' });
expectTypeOf(followers.users[0]?.username).toEqualTypeOf<string | undefined>();

// items() yields the endpoint's own record type.
expectTypeOf(pdg.items('social-media:forum', 'hot')).toEqualTypeOf<PagedWalk<v.InferOutput<typeof hotThread>>>();
expectTypeOf(pdg.items('social-media:forum', 'followers', { userId: '50211' })).toEqualTypeOf<
  PagedWalk<v.InferOutput<typeof follower>>
>();

// Misuse is a compile error.
// @ts-expect-error the spec documents no `trending` endpoint
void pdg.run('social-media:forum', 'trending', {});
// @ts-expect-error keywords is required
void pdg.run('social-media:forum', 'search', { page: 2 });
// @ts-expect-error page is a number
void pdg.run('social-media:forum', 'search', { keywords: 'x', page: 'two' });
// @ts-expect-error threadId is required
void pdg.run('social-media:forum', 'thread', { page: 2 });
// @ts-expect-error hot pages by cursor, not by page number
void pdg.run('social-media:forum', 'hot', { page: 2 });
// @ts-expect-error community is not paged: items() cannot walk it
void pdg.items('social-media:forum', 'community', { communityId: '1204' });
// @ts-expect-error path ids are strings
void pdg.run('social-media:forum', 'profile', { userId: 50211 });
