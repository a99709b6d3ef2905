// `@pdg/core/face`: core's rules for the tools built on the client (see face.ts), apart from the main entry
// so that an app calling `run()` carries none of it.
export { closestNames, didYouMean } from './closest-names.js';
export { type PdgEnvironment, pdgEnvironment } from './environment.js';
export { usageError } from './error-builders.js';
export { isPdgError } from './errors.js';
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
} from './face.js';
export { redact } from './redact.js';
