import { testProviderConformance } from '@pdg/testkit/conformance';
import { fixtures } from '../src/fixtures.js';
import { jobboard } from '../src/index.js';

testProviderConformance(jobboard, fixtures, {
  // Document 1, section 4.3: every endpoint the spec names, `search` included (named, not described).
  specPaths: [
    '/v1/jobs:jobboard/browse',
    '/v1/jobs:jobboard/filters',
    '/v1/jobs:jobboard/fresh-grad-jobs',
    '/v1/jobs:jobboard/internships',
    '/v1/jobs:jobboard/remote-jobs',
    '/v1/jobs:jobboard/job/{jobId}',
    '/v1/jobs:jobboard/search',
  ],
  readme: new URL('../README.md', import.meta.url),
});
