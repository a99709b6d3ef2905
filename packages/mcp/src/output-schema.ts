/**
 * A per-endpoint tool's `outputSchema`: the shape of its structured content, from the endpoint's response
 * schema (`@pdg/openapi`), with every field optional, so that a result projected with `fields` (or cut to
 * the result limit) validates against the same schema as a whole one. Fields keep their documented types;
 * a response that drifted from them says so in `drift` and `validation`.
 */

import type { EndpointDefinition } from '@pdg/core';
import { pagingFieldsOf } from '@pdg/core/describe';
import { type JsonSchema, responseJsonSchema } from '@pdg/openapi';

const notes: Record<string, JsonSchema> = {
  note: { type: 'string', description: 'What was cut or left out, and how to get the rest.' },
  drift: {
    type: 'array',
    description: "Each field whose type or presence differs from the gateway's documentation.",
    items: { type: 'object', additionalProperties: true },
  },
  validation: { type: 'string', description: 'Said when the data is as the gateway sent it, not as documented.' },
  error: {
    type: 'object',
    description:
      'In place of the answer when the call failed (isError): code, message, and issues naming each bad param.',
    properties: { code: { type: 'string' }, message: { type: 'string' } },
    additionalProperties: true,
  },
};

export function outputSchema(endpoint: EndpointDefinition): JsonSchema {
  const response = allOptional(
    withoutDialect(responseJsonSchema(endpoint, { unwrapped: true, unsupported: 'open' })),
  ) as JsonSchema;
  const paging = endpoint.paging;
  if (!paging) {
    return {
      type: 'object',
      properties: { result: { ...response, description: "The endpoint's answer." }, ...notes },
      additionalProperties: false,
    };
  }
  const pageFields = { ...((response.properties ?? {}) as Record<string, JsonSchema>) };
  const items = pageFields[paging.items] ?? { type: 'array' };
  for (const name of [paging.items, ...pagingFieldsOf(paging)]) delete pageFields[name];
  return {
    type: 'object',
    properties: {
      [paging.items]: items,
      firstPage: {
        type: 'object',
        description: "The first page's other fields.",
        properties: pageFields,
        additionalProperties: true,
      },
      walk: {
        type: 'object',
        description: 'How far the walk went: items and pages taken, whether it is done, and where to go on from.',
        properties: {
          items: { type: 'integer' },
          pages: { type: 'integer' },
          done: { type: 'boolean' },
          resume: { type: 'object', additionalProperties: true },
        },
        additionalProperties: false,
      },
      ...notes,
    },
    additionalProperties: false,
  };
}

function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, ...rest } = schema;
  return rest;
}

/** The schema with no `required` anywhere: every field may be left out. */
function allOptional(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(allOptional);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'required' && Array.isArray(value)))
      .map(([key, value]) => [key, key === 'properties' ? mapValues(value, allOptional) : allOptional(value)]),
  );
}

function mapValues(record: unknown, map: (value: unknown) => unknown): unknown {
  if (typeof record !== 'object' || record === null) return record;
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}
