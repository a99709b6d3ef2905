/**
 * social-media:forum: forum threads, posts, profiles and communities.
 * Source of truth: the gateway spec, document 1, sections 2.1 and 8, and document 3, sections 2.4 and 4.4.
 *
 * The spec lists the forum's fields without types beyond a few: times (`created`, `joinDate`) are epoch
 * seconds, `community` is a string in profile thread rows and hot threads, `totalIsCapped` is a boolean.
 * Ids are strings, as path ids are ("Path ids are strings"), so an id from one response can be passed
 * straight to another endpoint. Counts are numbers, `is*`/`allow*` flags booleans, the rest text.
 */
import { defineEndpoint, defineProvider, integerParam, optional, record, stringParam } from '@pdg/core';
import * as v from 'valibot';

/** A channel, the grouping above communities. */
const channelRef = record({
  /** Channel id: the `channelId` param of `hot` and `communities`. */
  id: v.string(),
  /** Channel name. */
  name: v.string(),
});

const shortAuthorFields = {
  /** Avatar image URL. */
  avatar: v.string(),
  /** User id: the `userId` of `profile`, `user-posts` and `followers`. */
  userId: v.string(),
  /** User name. */
  username: v.string(),
};

/** Author (short): who started a thread, in search results and forum lists. */
export const shortAuthor = record(shortAuthorFields);

/** Author (thread/post): the short author plus title, online state, reputation and post count. */
export const postAuthor = record({
  ...shortAuthorFields,
  /** User title shown beside the name. */
  title: v.string(),
  /** Whether the user is online. */
  isOnline: v.boolean(),
  /** Reputation score. */
  reputation: v.number(),
  /** Number of posts the user has written. */
  totalPosts: v.number(),
  /** Display name. */
  displayName: v.string(),
});

const threadSummaryFields = {
  /** Thread page URL. */
  url: v.string(),
  /** URL slug of the thread title. */
  slug: v.string(),
  /** Thread title. */
  title: v.string(),
  /** Who started the thread (short author). */
  author: shortAuthor,
  /** When the thread was started, epoch seconds. */
  created: v.number(),
  /** A short excerpt of the opening post. */
  snippet: v.string(),
  /** Thread id: the `threadId` of `thread`. */
  threadId: v.string(),
  /** The community the thread belongs to. */
  community: record({
    /** Community id: the `communityId` of `forum` and `community`. */
    id: v.string(),
    /** Community name. */
    name: v.string(),
  }),
  /** Thumbnail image URL. */
  thumbnail: v.string(),
  /** Number of views. */
  totalViews: v.number(),
  /** Number of replies. */
  totalReplies: v.number(),
};

/** Thread summary: one thread in search results. */
export const threadSummary = record(threadSummaryFields);

/** Thread summary in a community's thread list (`forum`): adds the last post and an image count. */
export const forumThreadSummary = record({
  ...threadSummaryFields,
  /** The latest post in the thread. */
  lastPost: record({
    /** Post id. */
    postId: v.string(),
    /** When the post was written, epoch seconds. */
    created: v.number(),
    /** Name of the user who wrote it. */
    username: v.string(),
  }),
  /** Number of images in the thread. */
  imageCount: v.number(),
});

/** Thread detail: the thread a `thread` call returns, with its opening post. */
export const threadDetail = record({
  /** Thread page URL. */
  url: v.string(),
  /** URL slug of the thread title. */
  slug: v.string(),
  /** Thread title. */
  title: v.string(),
  /** Who started the thread. */
  author: postAuthor,
  /** Whether the thread is open for replies. */
  isOpen: v.boolean(),
  /** Whether the thread is pinned to the top of its community. */
  isSticky: v.boolean(),
  /** The opening post as HTML (user-written). */
  opHtml: v.string(),
  /** The opening post as plain text (user-written). */
  opText: v.string(),
  /** The channel of the thread's community. */
  channel: channelRef,
  /** When the thread was started, epoch seconds. */
  created: v.number(),
  /** Thread id. */
  threadId: v.string(),
  /** The community the thread belongs to. */
  community: record({
    /** Community id: the `communityId` of `forum` and `community`. */
    id: v.string(),
    /** Community icon URL. */
    icon: v.string(),
    /** Community name. */
    name: v.string(),
  }),
  /** Thumbnail image URL. */
  thumbnail: v.string(),
  /** Number of views. */
  totalViews: v.number(),
  /** Number of replies. */
  totalReplies: v.number(),
});

/** Post: one reply in a thread. Its content is user-written text. */
export const post = record({
  /** The post as HTML (user-written). */
  html: v.string(),
  /** The post as plain text (user-written). */
  text: v.string(),
  /** Who wrote the post. */
  author: postAuthor,
  /** Post id. */
  postId: v.string(),
  /** When the post was written, epoch seconds. */
  created: v.number(),
  /** Reputation the post has received. */
  reputations: v.number(),
  /** Number of replies to the post. */
  totalReplies: v.number(),
});

/** Profile: the user a `profile` call returns. */
export const profile = record({
  /** Cover image URL. */
  cover: v.string(),
  /** User title shown beside the name. */
  title: v.string(),
  /** Avatar image URL. */
  avatar: v.string(),
  /** User id. */
  userId: v.string(),
  /** When the user joined, epoch seconds. */
  joinDate: v.number(),
  /** User name. */
  username: v.string(),
  /** The user's own description (user-written). */
  biography: v.string(),
  /** Reputation score. */
  reputation: v.number(),
  /** Number of posts the user has written. */
  totalPosts: v.number(),
  /** Display name. */
  displayName: v.string(),
  /** Number of threads the user has started. */
  totalThreads: v.number(),
  /** Number of users following this user. */
  totalFollowers: v.number(),
  /** Number of users this user follows. */
  totalFollowing: v.number(),
  /** Name of the user's reputation level. */
  reputationTitle: v.string(),
});

/** Profile thread row: one thread the user started, in a `profile` response. */
export const profileThread = record({
  /** Thread page URL. */
  url: v.string(),
  /** Thread title. */
  title: v.string(),
  /** When the thread was started, epoch seconds. */
  created: v.number(),
  /** Thread id: the `threadId` of `thread`. */
  threadId: v.string(),
  /** Community name (a string here, not an object). */
  community: v.string(),
  /** Number of views. */
  totalViews: v.number(),
  /** Number of replies. */
  totalReplies: v.number(),
});

/** Hot thread: one thread in the `hot` list. */
export const hotThread = record({
  /** Thread page URL. */
  url: v.string(),
  /** Thread title. */
  title: v.string(),
  /** Name of the user who started the thread (a string here, not an author object). */
  author: v.string(),
  /** User id of the author: the `userId` of `profile`. */
  authorId: v.string(),
  /** When the thread was started, epoch seconds. */
  created: v.number(),
  /** Thread id: the `threadId` of `thread`. */
  threadId: v.string(),
  /** Community name (a string here, not an object). */
  community: v.string(),
  /** Community id: the `communityId` of `forum` and `community`. */
  communityId: v.string(),
  /** Thumbnail image URL. */
  thumbnail: v.string(),
  /** Number of images in the thread. */
  imageCount: v.number(),
  /** Number of views. */
  totalViews: v.number(),
  /** Number of replies. */
  totalReplies: v.number(),
});

const communityFields = {
  /** Community page URL. */
  url: v.string(),
  /** Community icon URL. */
  icon: v.string(),
  /** Community name. */
  name: v.string(),
  /** The channel the community belongs to, where it has one. */
  channel: channelRef,
  /** Whether the community is an official one. */
  isOfficial: v.boolean(),
  /** Community id: the `communityId` of `forum` and `community`. */
  communityId: v.string(),
  /** What the community is about. */
  description: v.string(),
  /** Whether buying and selling is allowed in the community. */
  allowCommerce: v.boolean(),
};

/** Community: one entry of `communities`. */
export const community = record(communityFields);

/** Community detail: the community a `community` call returns, with its settings and totals. */
export const communityDetail = record({
  ...communityFields,
  /** Whether chat is allowed in the community. */
  allowChat: v.boolean(),
  /** Whether members may start threads (topics). */
  allowTopic: v.boolean(),
  /** Number of posts in the community. */
  totalPosts: v.number(),
  /** Number of members. */
  totalMembers: v.number(),
  /** Number of threads in the community. */
  totalThreads: v.number(),
});

/** User post: one post in a `user-posts` response. */
export const userPost = record({
  /** Post id. */
  postId: v.string(),
  /** When the post was written, epoch seconds. */
  created: v.number(),
  /** Id of the thread the post is in: the `threadId` of `thread`. */
  threadId: v.string(),
  /**
   * The community of the thread. The spec does not say whether it is a name (as in profile thread
   * rows and hot threads) or `{ id, name }` (as in thread summaries), so both are accepted.
   */
  community: v.union([v.string(), record({ id: v.string(), name: v.string() })]),
  /** URL of the thread page. */
  threadUrl: v.string(),
  /** Title of the thread. */
  threadTitle: v.string(),
});

/** Follower: one user in a `followers` response. */
export const follower = record({
  /** Profile page URL. */
  url: v.string(),
  /** User title shown beside the name. */
  title: v.string(),
  /** Avatar image URL. */
  avatar: v.string(),
  /** User id: the `userId` of `profile`, `user-posts` and `followers`. */
  userId: v.string(),
  /** Whether the user is online. */
  isOnline: v.boolean(),
  /** User name. */
  username: v.string(),
  /** The user's own description (user-written). */
  biography: v.string(),
  /** Display name. */
  displayName: v.string(),
});

/** Page number, 1-based. */
const page = () => optional(integerParam('page number, 1-based', { min: 1 }));
/** Page size. */
const limit = () => optional(integerParam('page size', { min: 1 }));
/** The `nextCursor` of the prior response. */
const cursor = () => optional(stringParam('the `nextCursor` of the prior response'));

export const forum = defineProvider({
  id: 'social-media:forum',
  description: 'Forum threads, posts, profiles and communities.',
  endpoints: {
    search: defineEndpoint({
      path: 'search',
      description: 'Search forum threads by keywords.',
      cacheSeconds: 120,
      paging: { kind: 'page', items: 'results' },
      params: v.strictObject({
        /** Words to search thread titles and text for. */
        keywords: stringParam('words to search threads for'),
        /** Page number, 1-based. */
        page: page(),
      }),
      response: v.looseObject({
        /** Whether the gateway answered. */
        ok: v.boolean(),
        /** Page number, 1-based. */
        page: v.number(),
        /** Page size used. */
        limit: v.number(),
        /** Total number of matching threads, or null when not known. */
        total: v.nullish(v.number()),
        /** Whether another page follows. */
        hasMore: v.boolean(),
        /** The matching threads (thread summaries). */
        results: v.array(threadSummary),
        /** The keywords searched for (echo). */
        keywords: v.nullish(v.string()),
        /** The next page number, or null on the last page. */
        nextPage: v.nullish(v.number()),
        /** A suggested spelling of the keywords, when the gateway has one. */
        suggestion: v.nullish(v.string()),
      }),
    }),
    thread: defineEndpoint({
      path: 'thread',
      pathParam: 'threadId',
      description: 'A thread and its posts, page by page.',
      paging: { kind: 'page', items: 'posts' },
      params: v.strictObject({
        /** Thread id (a string; sent as the path segment). */
        threadId: stringParam('thread id'),
        /** Page number, 1-based. */
        page: page(),
      }),
      response: v.looseObject({
        /** Whether the gateway answered. */
        ok: v.boolean(),
        /** Page number, 1-based. */
        page: v.number(),
        /** Page size used. */
        limit: v.number(),
        /** The posts on this page. */
        posts: v.array(post),
        /** Total number of posts, or null when not known. */
        total: v.nullish(v.number()),
        /** The thread, with its opening post. */
        thread: v.nullish(threadDetail),
        /** Whether another page follows. */
        hasMore: v.boolean(),
        /** The next page number, or null on the last page. */
        nextPage: v.nullish(v.number()),
      }),
    }),
    forum: defineEndpoint({
      path: 'forum',
      pathParam: 'communityId',
      description: "A community's threads, page by page.",
      paging: { kind: 'page', items: 'threads' },
      params: v.strictObject({
        /** Community id (a string; sent as the path segment). Find ids with `communities`. */
        communityId: stringParam('community id'),
        /** Page number, 1-based. */
        page: page(),
      }),
      response: v.looseObject({
        /** Whether the gateway answered. */
        ok: v.boolean(),
        /** Page number, 1-based. */
        page: v.number(),
        /** Page size used. */
        limit: v.number(),
        /** Total number of threads, or null when not known. */
        total: v.nullish(v.number()),
        /** Whether another page follows. */
        hasMore: v.boolean(),
        /** The threads on this page (thread summaries with `lastPost` and `imageCount`). */
        threads: v.array(forumThreadSummary),
        /** The next page number, or null on the last page. */
        nextPage: v.nullish(v.number()),
        /** The community. */
        community: v.nullish(community),
      }),
    }),
    profile: defineEndpoint({
      path: 'profile',
      pathParam: 'userId',
      description: "A user's profile and the threads they started, page by page.",
      paging: { kind: 'page', items: 'threads' },
      params: v.strictObject({
        /** User id (a string; sent as the path segment). */
        userId: stringParam('user id'),
        /** Page number, 1-based. */
        page: page(),
      }),
      response: v.looseObject({
        /** Whether the gateway answered. */
        ok: v.boolean(),
        /** Page number, 1-based. */
        page: v.number(),
        /** The user's profile. */
        user: v.nullish(profile),
        /** Total number of the user's threads, or null when not known. */
        total: v.nullish(v.number()),
        /** Whether another page follows. */
        hasMore: v.boolean(),
        /** The user's threads on this page (profile thread rows). */
        threads: v.array(profileThread),
        /** The next page number, or null on the last page. */
        nextPage: v.nullish(v.number()),
      }),
    }),
    hot: defineEndpoint({
      path: 'hot',
      description: 'Hot threads, optionally of one channel, cursor-paged.',
      paging: { kind: 'cursor', items: 'threads' },
      params: v.strictObject({
        /** Only threads of this channel (optional filter). */
        channelId: optional(stringParam('channel id, an optional filter')),
        /** The `nextCursor` of the prior response. */
        cursor: cursor(),
        /** Page size. */
        limit: limit(),
      }),
      response: v.looseObject({
        /** Whether the gateway answered. */
        ok: v.boolean(),
        /** Number of threads on this page. */
        count: v.number(),
        /** Page size used. */
        limit: v.number(),
        /** Whether another page follows. */
        hasMore: v.boolean(),
        /** The hot threads on this page. */
        threads: v.array(hotThread),
        /** Send back as `cursor` for the next page; null on the last page. */
        nextCursor: v.nullish(v.string()),
      }),
    }),
    communities: defineEndpoint({
      path: 'communities',
      description: 'Communities, by channel or text; finds `communityId` values.',
      params: v.strictObject({
        /** Only communities of this channel. */
        channelId: optional(stringParam('channel id')),
        /** Text to find communities by. */
        query: optional(stringParam('text to find communities by')),
      }),
      response: v.looseObject({
        /** Whether the gateway answered. */
        ok: v.boolean(),
        /** Number of communities returned. */
        count: v.number(),
        /** The communities. */
        communities: v.array(community),
      }),
    }),
    community: defineEndpoint({
      path: 'community',
      pathParam: 'communityId',
      description: 'One community in detail: settings and totals.',
      params: v.strictObject({
        /** Community id (a string; sent as the path segment). Find ids with `communities`. */
        communityId: stringParam('community id'),
      }),
      response: v.looseObject({
        /** Whether the gateway answered. */
        ok: v.boolean(),
        /** The community. */
        community: v.nullish(communityDetail),
      }),
    }),
    'user-posts': defineEndpoint({
      path: 'user-posts',
      pathParam: 'userId',
      description: "A user's posts, page by page.",
      paging: { kind: 'page', items: 'items' },
      params: v.strictObject({
        /** User id (a string; sent as the path segment). */
        userId: stringParam('user id'),
        /** Page number, 1-based. */
        page: page(),
        /** Page size. */
        limit: limit(),
      }),
      response: v.looseObject({
        /** Whether the gateway answered. */
        ok: v.boolean(),
        /** Page number, 1-based. */
        page: v.number(),
        /** Number of posts on this page. */
        count: v.number(),
        /** The posts on this page (user posts). */
        items: v.array(userPost),
        /** Total number of the user's posts, or null when not known; see `totalIsCapped`. */
        total: v.nullish(v.number()),
        /** The user id (echo). */
        userId: v.nullish(v.string()),
        /** Whether another page follows. */
        hasMore: v.boolean(),
        /** The next page number, or null on the last page. */
        nextPage: v.nullish(v.number()),
        /** Whether `total` is a cap rather than the exact count. */
        totalIsCapped: v.nullish(v.boolean()),
      }),
    }),
    followers: defineEndpoint({
      path: 'followers',
      pathParam: 'userId',
      description: "A user's followers, cursor-paged.",
      paging: { kind: 'cursor', items: 'users' },
      params: v.strictObject({
        /** User id (a string; sent as the path segment). */
        userId: stringParam('user id'),
        /** The `nextCursor` of the prior response. */
        cursor: cursor(),
        /** Page size. */
        limit: limit(),
      }),
      response: v.looseObject({
        /** Whether the gateway answered. */
        ok: v.boolean(),
        /** Number of followers on this page. */
        count: v.number(),
        /** The followers on this page. */
        users: v.array(follower),
        /** The user id (echo). */
        userId: v.nullish(v.string()),
        /** Whether another page follows. */
        hasMore: v.boolean(),
        /** Send back as `cursor` for the next page; null on the last page. */
        nextCursor: v.nullish(v.string()),
      }),
    }),
  },
});
