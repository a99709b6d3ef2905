export type { MockGatewayCors } from './cors.js';
export { docsPath, type MockDocs, type MockDocsFile, type MockDocsGateway, type MockDocsSite } from './docs.js';
export type { Fault, ServerFault } from './faults.js';
export { faultHeader } from './faults.js';
export type { RateLimit } from './rate-limit.js';
export type { MockGatewayTimeouts } from './request.js';
export {
  type MockGatewayOptions,
  type MockRequestInfo,
  openApiPath,
  type RunningMockGateway,
  startMockGateway,
} from './server.js';
