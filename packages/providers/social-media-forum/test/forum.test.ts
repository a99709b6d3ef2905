import { isPdgError } from '@pdg/core';
import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { forum } from '../src/index.js';

const { client: pdg, gateway } = usePdgGateway([forum], fixtures);

const collect = async <T>(iterable: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const value of iterable) out.push(value);
  return out;
};

describe('social-media:forum hot (cursor paging)', () => {
  it('items() walks every cursor page, sending back each nextCursor, and stops at hasMore: false', async () => {
    const threads = await collect(pdg.items('social-media:forum', 'hot', { limit: 5 }));
    expect(threads).toHaveLength(13);
    expect(new Set(threads.map((thread) => thread.threadId)).size).toBe(13);
    expect(threads[0]).toMatchObject({ title: 'Show your desk setup: winter edition', author: 'router_rae' });
    expect(gateway().requests).toEqual([
      { path: '/v1/social-media:forum/hot', query: { limit: '5' } },
      { path: '/v1/social-media:forum/hot', query: { limit: '5', cursor: 'eyJyYW5rIjo1fQ' } },
      { path: '/v1/social-media:forum/hot', query: { limit: '5', cursor: 'eyJyYW5rIjoxMH0' } },
    ]);
  });

  it('maxItems stops the walk without fetching the page after the last item needed', async () => {
    const threads = await collect(pdg.items('social-media:forum', 'hot', { limit: 5 }, { maxItems: 7 }));
    expect(threads).toHaveLength(7);
    expect(gateway().requests).toHaveLength(2);
  });

  it('hot threads name their author and community as strings, with the ids beside them', async () => {
    const { threads } = await pdg.run('social-media:forum', 'hot', { channelId: '7' });
    expect(threads.map((thread) => [thread.author, thread.community, thread.communityId])[0]).toEqual([
      'grain_gia',
      'Film Photography',
      '2402',
    ]);
  });
});

describe('social-media:forum followers and user-posts', () => {
  it('items() over followers yields the users of both cursor pages', async () => {
    const followers = await collect(pdg.items('social-media:forum', 'followers', { userId: '50211', limit: 4 }));
    expect(followers.map((user) => user.username)).toEqual([
      'linear_lena',
      'keycap_kai',
      'solder_sam',
      'hotswap_hana',
      'gasket_gus',
      'thocky_theo',
      'pcb_priya',
    ]);
    expect(gateway().requests.map((request) => request.query.cursor)).toEqual([undefined, 'eyJhZnRlciI6IjU4MTAyIn0']);
  });

  it('items() over user-posts walks the page numbers and yields every post', async () => {
    const posts = await collect(pdg.items('social-media:forum', 'user-posts', { userId: '64480', limit: 5 }));
    expect(posts).toHaveLength(8);
    expect(gateway().requests.map((request) => request.query)).toEqual([{ limit: '5' }, { limit: '5', page: '2' }]);
  });

  it('says when the post total is capped', async () => {
    const result = await pdg.run('social-media:forum', 'user-posts', { userId: '50211', limit: 3 });
    expect([result.total, result.totalIsCapped]).toEqual([400, true]);
  });
});

describe('social-media:forum search (page paging)', () => {
  it('pages() returns pages of `results`, following nextPage to the last page', async () => {
    const pages = await collect(pdg.pages('social-media:forum', 'search', { keywords: 'split keyboard' }));
    expect(pages.map((page) => [page.page, page.results.length, page.nextPage])).toEqual([
      [1, 10, 2],
      [2, 10, 3],
      [3, 4, undefined],
    ]);
    expect(gateway().requests.map((request) => request.query.page)).toEqual([undefined, '2', '3']);
  });

  it('passes the gateway suggestion through when nothing matches', async () => {
    const result = await pdg.run('social-media:forum', 'search', { keywords: 'splt keybord' });
    expect([result.total, result.results, result.suggestion]).toEqual([0, [], 'split keyboard']);
  });
});

describe('social-media:forum records', () => {
  it('times are epoch seconds, as numbers', async () => {
    const { thread, posts } = await pdg.run('social-media:forum', 'thread', { threadId: '8120443' });
    const { user } = await pdg.run('social-media:forum', 'profile', { userId: '50211' });
    expect(typeof thread?.created).toBe('number');
    expect(new Date((thread?.created ?? 0) * 1000).toISOString()).toBe('2024-12-12T14:00:00.000Z');
    expect(new Date((user?.joinDate ?? 0) * 1000).getUTCFullYear()).toBe(2020);
    expect(
      posts.every((post) => typeof post.created === 'number' && (post.created ?? 0) > (thread?.created ?? 0)),
    ).toBe(true);
  });

  it('the thread detail carries the full author; forum lists carry the short one plus lastPost', async () => {
    const { thread } = await pdg.run('social-media:forum', 'thread', { threadId: '8120443' });
    expect(thread?.author).toMatchObject({ username: 'tactile_tom', displayName: 'Tom T.', reputation: 1840 });
    const { threads, community } = await pdg.run('social-media:forum', 'forum', { communityId: '1301' });
    expect(community?.name).toBe('Retro Computing');
    expect(Object.keys(threads[0]?.author ?? {}).sort()).toEqual(['avatar', 'userId', 'username']);
    expect(threads[0]?.lastPost).toEqual({ postId: '41990000', created: 1734277200, username: 'solder_sam' });
  });

  it('profile thread rows name their community as a string', async () => {
    const { threads } = await pdg.run('social-media:forum', 'profile', { userId: '50211', page: 2 });
    expect(threads.map((row) => row.community)).toEqual(['Desk Setups', 'Urban Gardening']);
  });

  it('a community may come without a channel (the spec marks it optional)', async () => {
    const { communities } = await pdg.run('social-media:forum', 'communities', { query: 'help' });
    expect(communities[0]).toMatchObject({ name: 'Forum Help', isOfficial: true });
    expect(communities[0]?.channel).toBeUndefined();
  });
});

describe('social-media:forum path ids', () => {
  it('a path id with a slash stays one path segment', async () => {
    const { community } = await pdg.run('social-media:forum', 'community', { communityId: 'tabletop/strategy' });
    expect(community?.name).toBe('Strategy Games');
    expect(gateway().requests).toEqual([{ path: '/v1/social-media:forum/community/tabletop%2Fstrategy', query: {} }]);
  });

  it('ids are strings: a number is refused before anything is sent', async () => {
    const error = await pdg
      // @ts-expect-error path ids are strings
      .run('social-media:forum', 'profile', { userId: 50211 })
      .catch((thrown: unknown) => thrown);
    expect(isPdgError(error) && [error.code, error.issues.map((issue) => issue.path)]).toEqual([
      'INVALID_PARAMS',
      ['userId'],
    ]);
    expect(gateway().requests).toEqual([]);
  });

  it('an empty id is refused before anything is sent', async () => {
    const error = await pdg.run('social-media:forum', 'thread', { threadId: '' }).catch((thrown: unknown) => thrown);
    expect(isPdgError(error) && error.code).toBe('INVALID_PARAMS');
    expect(gateway().requests).toEqual([]);
  });
});
