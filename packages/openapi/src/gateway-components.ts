/**
 * What every operation of the gateway shares, as OpenAPI components: the API key (document 1, section 5)
 * and the error envelope and the failures it comes with (section 7). The spec names the causes (an invalid
 * key, a rate-limit refusal, an upstream failure) but not their status codes; these are the codes the SDK
 * reads them by (`@pdg/core`'s error mapping) and the mock gateway answers with.
 */
import type { JsonSchema } from './json-schema.js';

export const securitySchemeName = 'apiKey';

export const securitySchemes = {
  [securitySchemeName]: {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'The API key, an opaque string, sent with every request. The SDK reads it from `PDG_API_KEY`.',
  },
} as const;

export const errorEnvelopeSchema: JsonSchema = {
  type: 'object',
  description:
    "The gateway's error envelope. It may also come with a 2xx status; the SDK treats it as an error then too.",
  properties: {
    status: { const: 'error' },
    message: { type: 'string', description: 'What went wrong, in words.' },
    content: { description: 'Details, when the gateway gives any.' },
  },
  required: ['status', 'message'],
};

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } };

export const errorResponses = {
  BadRequest: {
    description:
      'The params were refused: one is missing, malformed or out of range. The SDK checks params before sending (`INVALID_PARAMS`); from the gateway it is `BAD_REQUEST`.',
    content: errorContent,
  },
  Unauthorized: {
    description: 'The API key is missing or invalid (`AUTH` in the SDK).',
    content: errorContent,
  },
  NotFound: {
    description: 'No such record (an unknown id) or endpoint (`NOT_FOUND` in the SDK).',
    content: errorContent,
  },
  RateLimited: {
    description:
      "The key's rate limit is reached (`RATE_LIMITED` in the SDK, which waits as `Retry-After` says and retries).",
    headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } },
    content: errorContent,
  },
  UpstreamError: {
    description: 'The upstream source, or the gateway, failed (`UPSTREAM` in the SDK, which retries it).',
    content: errorContent,
  },
} as const;

export const headers = {
  RetryAfter: {
    description: 'How long to wait before trying again: a number of seconds, or an HTTP date.',
    schema: { type: 'string', examples: ['30'] },
  },
} as const;

/**
 * The error responses of every operation, by status (`5XX`: any 5xx). Also `@pdg/openapi/gateway`, which
 * loads nothing else: the mock gateway checks the faults it is asked for against it.
 */
export const operationErrors = {
  '400': { $ref: '#/components/responses/BadRequest' },
  '401': { $ref: '#/components/responses/Unauthorized' },
  '404': { $ref: '#/components/responses/NotFound' },
  '429': { $ref: '#/components/responses/RateLimited' },
  '5XX': { $ref: '#/components/responses/UpstreamError' },
} as const;
