/**
 * social-media:forum: forum threads, posts, profiles and communities.
 * Source of truth: the gateway spec, document 1, sections 2.1 and 8, and document 3, sections 2.4 and 4.4.
 */
import { defineProvider } from '@pdg/core/provider';
import * as communities from './communities.js';
import * as community from './community.js';
import * as followers from './followers.js';
import * as forumThreads from './forum.js';
import * as hot from './hot.js';
import * as profile from './profile.js';
import * as search from './search.js';
import * as thread from './thread.js';
import * as userPosts from './user-posts.js';

export * from './records.js';

export const forum = defineProvider({
  id: 'social-media:forum',
  description: 'Forum threads, posts, profiles and communities.',
  endpoints: {
    search,
    thread,
    forum: forumThreads,
    profile,
    hot,
    communities,
    community,
    'user-posts': userPosts,
    followers,
  },
});
