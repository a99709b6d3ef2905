/** The package's fixtures (`fixtures/<endpoint>/<name>.json`), published as `@pdg/social-media-forum/fixtures`. */
import { loadFixtures, type WorldHints } from '@pdg/core/fixtures';
import { forum } from './index.js';

/** How the fixtures connect, for the mock gateway's world: see `WorldHints` in `@pdg/core/fixtures`. */
const world: WorldHints = {
  // Posts and threads name their author by `authorId` or an `author` object; followers list `userId`.
  ids: { userId: ['userId', 'authorId', 'author.userId', 'user.userId'] },
};

export const fixtures = loadFixtures(forum, new URL('../fixtures/', import.meta.url), world);
