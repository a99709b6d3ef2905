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
