export type { CallResult, GatewayResult, ResponseMeta } from './call/call-result.js';
export { type PdgEnvironment, pdgEnvironment } from './call/environment.js';
export type { CacheEvent, CacheOutcome, Drift, HookContext, Hooks, RateLimitEvent } from './call/hooks.js';
export type { CacheCallOption, CachePlan, ClientCache, ClientRateLimit, LayerContext } from './call/layers.js';
export type { CallOptions, ClientOptions, ItemsOptions, PagesOptions, ValidateMode } from './call/options.js';
export { type PageHooks, toArray, type WalkCheckpoint } from './call/walk-state.js';
export { createClient, type PagedWalk, type PdgClient } from './client/client.js';
export type { CallTarget, TargetedCall } from './contract/call-target.js';
export { contentOf, type ErrorEnvelope, errorEnvelope, type SuccessEnvelope } from './contract/envelope.js';
export type {
  Documented,
  EndpointName,
  EndpointsOf,
  ItemOf,
  PagedEndpointName,
  ParamsArg,
  ParamsOf,
  ProviderId,
  Resolved,
  ResultOf,
} from './contract/types.js';
export { unlisted } from './contract/unlisted.js';
export type { AnswerInfo, RateLimitInfo } from './errors/answer-headers.js';
export {
  type CheckpointMismatch,
  checkpointMismatchError,
  type PdgErrorSpec,
  pdgError,
  usageError,
} from './errors/error-builders.js';
export { isPdgError, PdgError, type PdgErrorCode, type PdgErrorInit, type PdgIssue } from './errors/errors.js';
export { redact } from './errors/redact.js';
export { backoffDelay, defaultRetryPolicy, type RetryOption, type RetryPolicy } from './errors/retry-policy.js';
export { walkEndpoint } from './face/call-endpoint.js';
export {
  defineFixtures,
  type Exchange,
  type Fixture,
  type FixtureOf,
  type RecordedRequest,
} from './fixtures/define.js';
export { buildUrl, gatewayRoot, type UrlParts } from './pipeline/build-url.js';
export { validateParams } from './pipeline/validate-params.js';
export { checkResponse, issuePath, type ResponseVerdict } from './pipeline/validate-response.js';
// The contract, the param and record builders and paged responses, as a provider author's entry gives them (an app may define
// an endpoint of its own).
export * from './provider-entry.js';
