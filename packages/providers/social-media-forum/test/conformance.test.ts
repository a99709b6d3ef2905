import { testProviderConformance } from '@pdg/testkit/conformance';
import { fixtures } from '../src/fixtures.js';
import { forum } from '../src/index.js';

testProviderConformance(forum, fixtures, {
  // Document 3, section 4.4: the nine endpoints the spec gives.
  specPaths: [
    '/v1/social-media:forum/search',
    '/v1/social-media:forum/thread/{threadId}',
    '/v1/social-media:forum/forum/{communityId}',
    '/v1/social-media:forum/profile/{userId}',
    '/v1/social-media:forum/hot',
    '/v1/social-media:forum/communities',
    '/v1/social-media:forum/community/{communityId}',
    '/v1/social-media:forum/user-posts/{userId}',
    '/v1/social-media:forum/followers/{userId}',
  ],
  readme: new URL('../README.md', import.meta.url),
});
