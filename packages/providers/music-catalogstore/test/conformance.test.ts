import { testProviderConformance } from '@pdg/testkit/conformance';
import { fixtures } from '../src/fixtures.js';
import { catalogstore } from '../src/index.js';

testProviderConformance(catalogstore, fixtures, {
  // Document 1, section 4.1: the only endpoint the spec gives.
  specPaths: ['/v1/music:catalogstore/search'],
  readme: new URL('../README.md', import.meta.url),
});
