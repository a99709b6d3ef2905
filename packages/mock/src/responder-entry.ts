/**
 * `@pdg/mock/responder`: the answers the mock gateway gives, without its HTTP server, for tools that carry
 * requests to it some other way (the testkit's `fetch` and nock interceptor, the conformance suite): a
 * call is answered exactly as the mock gateway answers it.
 */

export { bytesOf, type FixtureAnswer } from './answers/answer.js';
export {
  closestFixtures,
  describeNoMatch,
  exactFixture,
  formatRequest,
  queryDifferences,
} from './answers/match.js';
export {
  type AnswerOptions,
  createFixtureResponder,
  type FixtureResponder,
  isRoute,
  type ResponderOptions,
  type Route,
  safeDecode,
} from './answers/responder.js';
export { type IdSource, ProviderWorld } from './answers/world.js';
