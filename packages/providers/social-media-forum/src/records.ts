/**
 * The forum's records (document 3, section 2.4).
 *
 * The spec lists the forum's fields without types beyond a few: times (`created`, `joinDate`) are epoch
 * seconds, `community` is a string in profile thread rows and hot threads, `totalIsCapped` is a boolean.
 * Ids are strings, as path ids are ("Path ids are strings"), so an id from one response can be passed
 * straight to another endpoint. Counts are numbers, `is*`/`allow*` flags booleans, the rest text.
 */
import { record } from '@pdg/core/provider';
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
