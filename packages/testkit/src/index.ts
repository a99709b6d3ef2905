/** The `@pdg/testkit` entry: the fixture gateway behind a `fetch` of its own, and helpers for assertions on failures. */
export { closestFixtures, describeNoMatch, exactFixture, formatRequest, queryDifferences } from '@pdg/mock/responder';
export { pdgErrorOf } from './errors.js';
export type { AnswerOptions, MockFailure, MockGateway, MockGatewayOptions, MockReply } from './fixture-gateway.js';
export { type MockFetch, type MockFetchOptions, mockFetch } from './mock-fetch.js';
