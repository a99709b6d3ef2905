// `@pdg/core/face`: core's rules for the tools built on the client (see face.ts), apart from the main entry
// so that an app calling `run()` carries none of it.

export {
  type PdgEnvironment,
  type PdgToolEnvironment,
  pdgEnvironment,
  pdgToolEnvironment,
} from './call/environment.js';
export { checkClientOptions } from './client/client.js';
export { closestNames, didYouMean } from './errors/closest-names.js';
export { usageError } from './errors/error-builders.js';
export { isPdgError } from './errors/errors.js';
export { maskUrlCredentials, redact } from './errors/redact.js';
export type { ItemWalk, ItemWalkOptions } from './face/call-endpoint.js';
export {
  type CallIdentity,
  type ClientEndpoints,
  type EndpointCatalog,
  endpointCatalog,
  endpointsOf,
  type ItemStep,
  type PagedDefinition,
  type PageStep,
  type PageStepOptions,
  sortedJson,
  type WalkPosition,
} from './face/face.js';
