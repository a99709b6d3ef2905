// `@pdg/core/provider`: what a provider package imports to define its endpoints (the contract, the param and
// record builders, paged responses, and the errors a provider's own checks raise), apart from the app's entry.

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
} from './contract/contract.js';
export type { Documented, Resolved } from './contract/types.js';
export { type PdgErrorSpec, pdgError } from './errors/error-builders.js';
export type { PdgIssue } from './errors/errors.js';
export { issuePath } from './pipeline/validate-response.js';
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
} from './schema/schema.js';
export {
  type CursorPageFields,
  cursorPageOf,
  type PagedResponse,
  type PageFields,
  pageOf,
} from './walk/page-schema.js';
