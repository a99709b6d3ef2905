export { closestFixtures, describeNoMatch, exactFixture, formatRequest, queryDifferences } from '@pdg/core/fixtures';
export { pdgErrorOf } from './errors.js';
export {
  type AnswerOptions,
  type MockFailure,
  type MockGateway,
  type MockGatewayOptions,
  type MockReply,
  mockGateway,
} from './mock-gateway.js';
