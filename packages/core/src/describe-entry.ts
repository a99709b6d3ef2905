/**
 * `@pdg/core/describe`: endpoints read back as data, for tools (the CLI, generated docs, the mock
 * gateway, the conformance suite). Not part of the client: an app that only calls the gateway never loads it.
 */
export {
  acceptsUnknownParams,
  describeParams,
  describeResponseFields,
  endpointPath,
  formatSeconds,
  type ParamInfo,
  pagingFieldsOf,
} from './schema/describe.js';
export { paramsFromStrings } from './schema/params-from-strings.js';
export { descriptionOf, metadataOf } from './schema/schema.js';
export {
  actionOf,
  entriesOf,
  isOptional,
  pipeActions,
  pipeBase,
  type SchemaNode,
  schemaNode,
  unwrapped,
  wrappedOf,
} from './schema/schema-reader.js';
