export {
  type CallOptions,
  type ClientOptions,
  createClient,
  type ItemsOptions,
  type PagesOptions,
  type PdgClient,
  type ValidateMode,
} from './client.js';
export {
  type AnyProvider,
  type AnySchema,
  defineEndpoint,
  defineProvider,
  type EndpointDefinition,
  type Paging,
  type ProviderDefinition,
} from './contract.js';
export {
  acceptsUnknownParams,
  describeParams,
  endpointPath,
  formatSeconds,
  type ParamInfo,
} from './describe.js';
export { isPdgError, PdgError, type PdgErrorCode, type PdgIssue } from './errors.js';
export { defineFixtures, type Fixture, type FixtureOf } from './fixtures.js';
export type { HookContext, Hooks } from './hooks.js';
export { paramsFromStrings } from './params-from-strings.js';
export { buildUrl } from './pipeline/build-url.js';
export { codeForStatus } from './pipeline/map-error.js';
export { backoffDelay, defaultRetryPolicy, type RetryOption, type RetryPolicy } from './pipeline/retry.js';
export { validateParams } from './pipeline/validate-params.js';
export {
  booleanParam,
  enumParam,
  type Fields,
  fields,
  integerParam,
  numberParam,
  openEnumParam,
  optional,
  type ParamDoc,
  record,
  stringParam,
} from './schema.js';
export type {
  EndpointName,
  EndpointsOf,
  ItemOf,
  PagedEndpointName,
  ParamsOf,
  ProviderId,
  ResultOf,
} from './types.js';
