export { pdgErrorOf } from './errors.js';
export {
  closestFixtures,
  describeNoMatch,
  findFixture,
  formatRequest,
  queryDifferences,
  type RecordedRequest,
  recordedRequest,
} from './match.js';
export {
  type AnswerOptions,
  type MockFailure,
  type MockGateway,
  type MockGatewayOptions,
  type MockReply,
  mockGateway,
} from './mock-gateway.js';
