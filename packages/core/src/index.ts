export type { AnswerInfo, RateLimitInfo } from './answer-headers.js';
export {
  callEndpoint,
  type ItemWalk,
  type ItemWalkOptions,
  walkEndpoint,
  walkEndpointItems,
} from './call-endpoint.js';
export type { CallResult, GatewayResult, ResponseMeta } from './call-result.js';
export type { CallTarget, TargetedCall } from './call-target.js';
export { createClient, type PagedWalk, type PdgClient } from './client.js';
export {
  type AnyProvider,
  type AnySchema,
  defineEndpoint,
  defineProvider,
  type EndpointDefinition,
  type ItemKeyPart,
  type Paging,
  type ProviderDefinition,
  type WithPaths,
} from './contract.js';
export {
  contentOf,
  type ErrorEnvelope,
  errorEnvelope,
  isErrorEnvelope,
  isSuccessEnvelope,
  type SuccessEnvelope,
  successEnvelope,
} from './envelope.js';
export { type PdgEnvironment, pdgEnvironment } from './environment.js';
export {
  type CheckpointMismatch,
  checkpointMismatchError,
  type PdgErrorSpec,
  pdgError,
  usageError,
} from './error-builders.js';
export { isPdgError, PdgError, type PdgErrorCode, type PdgErrorInit, type PdgIssue } from './errors.js';
export {
  defineFixtures,
  type Exchange,
  type Fixture,
  type FixtureOf,
  type RecordedRequest,
} from './fixtures/define.js';
export type { CacheEvent, CacheOutcome, Drift, HookContext, Hooks, RateLimitEvent } from './hooks.js';
export type { CacheCallOption, CachePlan, ClientCache, ClientRateLimit, LayerContext } from './layers.js';
export type { CallOptions, ClientOptions, ItemsOptions, PagesOptions, ValidateMode } from './options.js';
export {
  type CursorPageFields,
  cursorPageOf,
  type PagedResponse,
  type PageFields,
  pageOf,
} from './page-schema.js';
export { buildUrl, gatewayRoot, type UrlParts } from './pipeline/build-url.js';
export { codeForStatus } from './pipeline/map-error.js';
export { validateParams } from './pipeline/validate-params.js';
export { checkResponse, issuePath, type ResponseVerdict } from './pipeline/validate-response.js';
export { redact } from './redact.js';
export { backoffDelay, defaultRetryPolicy, type RetryOption, type RetryPolicy } from './retry-policy.js';
export {
  booleanParam,
  type CursorParams,
  cursorParams,
  described,
  descriptionOf,
  enumParam,
  type Fields,
  fields,
  integerParam,
  type ListExtra,
  type ListInput,
  listParam,
  numberParam,
  type OptionalField,
  openEnumParam,
  optional,
  optionalField,
  type PageParams,
  type ParamDoc,
  type ParamRules,
  type ParamSchema,
  pageParams,
  paramRules,
  type RecordInput,
  type RecordOutput,
  type RecordSchema,
  record,
  type StringExtra,
  stringParam,
} from './schema.js';
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
} from './types.js';
export { unlisted } from './unlisted.js';
export { type PageHooks, toArray, type WalkCheckpoint } from './walk-state.js';
