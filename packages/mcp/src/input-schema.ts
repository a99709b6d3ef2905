/**
 * A tool's input schema: the endpoint's params as JSON Schema, converted by `@pdg/openapi` (the same
 * conversion as the OpenAPI document's, so the two cannot disagree), plus the walk arguments of a paged
 * endpoint. This module is the only place the MCP tools take a schema from.
 */
import type { EndpointDefinition } from '@pdg/core';
import { type JsonSchema, paramsJsonSchema } from '@pdg/openapi';
import type { ResolvedLimits } from './limits.js';

/** Arguments of a paged tool that are not params of the endpoint: how far to walk, and where to go on from. */
export const walkArguments = ['maxItems', 'maxPages', 'resume'] as const;

export type { JsonSchema };

/** `fields`: which fields of the answer to return (see fields.ts); every tool that calls an endpoint takes it. */
export const fieldsArgument: JsonSchema = {
  type: 'array',
  items: { type: 'string' },
  minItems: 1,
  description:
    'Only these fields of the answer, as paths into the endpoint\'s response: ["items[].title", "items[].location.city", "total"]. Every item is kept, cut to the fields named. Leave out for the whole answer.',
};

/**
 * The checkpoint a cut walk gives back, as `resume` takes it: `@pdg/core`'s `WalkCheckpoint` of a walk that
 * did not end (a result gives `resume` only then), so `at` and `taken` only. Its `at` is a page number or a
 * cursor, by the endpoint's paging, so each tool's schema gives it one type.
 */
function resumeSchema(kind: 'page' | 'cursor'): JsonSchema {
  return {
    type: 'object',
    description:
      'Where to go on from: the `resume` object a previous call of this tool returned, passed back as is, with the same params.',
    properties: {
      at:
        kind === 'page'
          ? { type: 'integer', minimum: 1, description: 'The page number of the page to go on in.' }
          : { type: 'string', description: 'The cursor of the page to go on in.' },
      taken: { type: 'integer', minimum: 0, description: 'Items of that page already returned.' },
    },
    required: ['taken'],
    additionalProperties: false,
  };
}

export function inputSchema(
  providerId: string,
  endpointName: string,
  endpoint: EndpointDefinition,
  limits: ResolvedLimits,
): JsonSchema {
  // A construct with no JSON Schema form is shown as "any value" there, with a description saying so: the
  // client still checks the param before sending, so the tool stays usable.
  const schema = paramsJsonSchema(endpoint, { label: `${providerId} ${endpointName}`, unsupported: 'open' });
  if (!endpoint.paging) return schema;
  const properties = { ...(schema.properties as Record<string, JsonSchema> | undefined) };
  for (const name of walkArguments) {
    if (Object.hasOwn(properties, name)) {
      throw new TypeError(
        `${providerId} ${endpointName} has a param named "${name}", which its tool takes as a walk argument: rename the param.`,
      );
    }
  }
  properties.maxItems = {
    type: 'integer',
    minimum: 1,
    maximum: limits.maxItems,
    default: limits.defaultItems,
    description: `Items to return at most, across pages (default ${limits.defaultItems}, at most ${limits.maxItems}).`,
  };
  properties.maxPages = {
    type: 'integer',
    minimum: 1,
    maximum: limits.maxPages,
    default: limits.defaultPages,
    description: `Pages to fetch at most (default ${limits.defaultPages}, at most ${limits.maxPages}).`,
  };
  properties.resume = resumeSchema(endpoint.paging.kind);
  return { ...schema, properties };
}
