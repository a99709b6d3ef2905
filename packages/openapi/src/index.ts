/** The `@pdg/openapi` entry: the catalog as one OpenAPI 3.1 document, and endpoints' params and responses as JSON Schema. */
export {
  type JsonSchema,
  jsonSchemaDialect,
  paramsJsonSchema,
  type ResponseSchemaOptions,
  responseJsonSchema,
  type SchemaOptions,
  type UnsupportedConstruct,
  UnsupportedSchemaError,
} from './json-schema.js';
export {
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiOptions,
  operationIdOf,
  toOpenApi,
} from './openapi.js';
