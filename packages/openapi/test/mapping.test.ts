import { describe, expect, it } from 'vitest';
import { paramsJsonSchema, responseJsonSchema, toOpenApi } from '../src/index.js';
import { garden } from './provider.js';

const document = toOpenApi([garden]);
const operation = (path: string) => {
  const item = document.paths[path];
  if (!item) throw new Error(`no path ${path}; paths: ${Object.keys(document.paths).join(', ')}`);
  return item.get;
};
const parameter = (path: string, name: string) => {
  const found = operation(path).parameters.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`${path} has no parameter ${name}`);
  return found;
};

describe('toOpenApi: paths and operations', () => {
  it('is an OpenAPI 3.1 document with one GET path per endpoint, as the client builds URLs', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual([
      '/v1/test:garden/plants',
      '/v1/test:garden/plant/{plantId}',
      '/v1/test:garden/feed',
      '/v1/test:garden/seasons',
      '/v1/test:garden/almanac',
    ]);
    expect(Object.values(document.paths).every((item) => Object.keys(item).join() === 'get')).toBe(true);
  });

  it('names each operation, tags it with its provider and takes its summary from the description', () => {
    const plants = operation('/v1/test:garden/plants');
    expect(plants.operationId).toBe('testGardenPlants');
    expect(plants.tags).toEqual(['test:garden']);
    expect(plants.summary).toBe('Plants, page by page.');
    expect(plants.description).toContain("pdg.run('test:garden', 'plants', params)");
    expect([plants['x-pdg-provider'], plants['x-pdg-endpoint']]).toEqual(['test:garden', 'plants']);
    expect(document.tags).toEqual([{ name: 'test:garden', description: 'Plants of a made-up garden.' }]);
  });

  it('gives the cache time and the paging as extensions, and says them in the description', () => {
    const plants = operation('/v1/test:garden/plants');
    expect(plants['x-pdg-cache-seconds']).toBe(600);
    expect(plants.description).toContain('caches the response for 10 min');
    expect(plants['x-pdg-paging']).toEqual({ kind: 'page', items: 'items' });
    expect(operation('/v1/test:garden/feed')['x-pdg-paging']).toEqual({ kind: 'cursor', items: 'entries' });
    expect(operation('/v1/test:garden/seasons')['x-pdg-cache-seconds']).toBe(86_400);
    const plant = operation('/v1/test:garden/plant/{plantId}');
    expect(plant).not.toHaveProperty('x-pdg-cache-seconds');
    expect(plant).not.toHaveProperty('x-pdg-paging');
    expect(plant.description).toContain('Cache time: not documented.');
  });
});

describe('toOpenApi: params', () => {
  it('a required string param: in the query, required, with its description', () => {
    expect(parameter('/v1/test:garden/plants', 'q')).toEqual({
      name: 'q',
      in: 'query',
      required: true,
      description: 'Plant name to look for.',
      schema: { type: 'string', minLength: 1 },
    });
  });

  it('a closed enum with its values and server default', () => {
    expect(parameter('/v1/test:garden/plants', 'sort')).toMatchObject({
      required: false,
      description: 'Sort order.',
      schema: { type: 'string', enum: ['name', 'height'], default: 'name' },
    });
  });

  it('integer and number bounds, and no bound where the builder leaves one out', () => {
    expect(parameter('/v1/test:garden/plants', 'limit').schema).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 50,
      default: 20,
    });
    expect(parameter('/v1/test:garden/plants', 'page').schema).toEqual({ type: 'integer', minimum: 1 });
    expect(parameter('/v1/test:garden/plants', 'minPh').schema).toEqual({ type: 'number', minimum: 0, maximum: 14 });
  });

  it("a string param's pattern", () => {
    expect(parameter('/v1/test:garden/plants', 'zone').schema).toEqual({
      type: 'string',
      minLength: 1,
      pattern: '^\\d{1,2}[ab]$',
    });
  });

  it("an open enum: any non-empty string, the spec's named values as examples", () => {
    expect(parameter('/v1/test:garden/plants', 'soil').schema).toEqual({
      type: 'string',
      minLength: 1,
      examples: ['loam', 'clay'],
    });
  });

  it('a list param: an array sent comma-joined (form, not exploded), each item one of its values', () => {
    expect(parameter('/v1/test:garden/plants', 'colours')).toEqual({
      name: 'colours',
      in: 'query',
      required: false,
      description: 'Flower colours.',
      schema: {
        type: 'array',
        minItems: 1,
        items: { type: 'string', minLength: 1, enum: ['red', 'white', '10'] },
        default: ['red', 'white'],
      },
      style: 'form',
      explode: false,
    });
    expect(parameter('/v1/test:garden/plants', 'tags').schema).toEqual({
      type: 'array',
      minItems: 1,
      items: {
        type: 'string',
        minLength: 1,
        pattern: '^[a-z]+$',
        description: 'Each item: a lowercase tag such as shade.',
      },
    });
  });

  it('the path param: in the path and required', () => {
    expect(operation('/v1/test:garden/plant/{plantId}').parameters).toEqual([
      {
        name: 'plantId',
        in: 'path',
        required: true,
        description: 'Plant id, from plants.',
        schema: { type: 'string', minLength: 1 },
      },
    ]);
  });

  it('params the spec says exist without listing them: a free-form query object', () => {
    const feed = operation('/v1/test:garden/feed').parameters;
    expect(feed.map((param) => param.name)).toEqual(['cursor', 'otherParams']);
    expect(feed[1]).toMatchObject({ in: 'query', schema: { type: 'object' }, style: 'form', explode: true });
    expect(operation('/v1/test:garden/plants').parameters.map((param) => param.name)).not.toContain('otherParams');
  });
});

describe('toOpenApi: responses', () => {
  it('the success envelope around the result where the endpoint has one', () => {
    const schema = operation('/v1/test:garden/plants').responses['200'] as {
      content: { 'application/json': { schema: Record<string, unknown> } };
    };
    const body = schema.content['application/json'].schema;
    expect(body).toMatchObject({
      type: 'object',
      properties: { status: { const: 'success' }, message: { type: 'string' } },
      required: ['status', 'message', 'content'],
    });
    expect(body).toHaveProperty('properties.content.properties.items.items.properties.plantId');
  });

  it('records: every field null or absent, fields not named accepted, descriptions from the definitions', () => {
    const schema = responseJsonSchema(garden.endpoints.plant);
    expect(schema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        plantId: { type: ['string', 'null'], description: 'Plant id.' },
        name: { type: ['string', 'null'], description: 'Common name.' },
        heightCm: { type: ['number', 'null'] },
        perennial: { type: ['boolean', 'null'] },
        notes: {},
      },
      additionalProperties: true,
    });
  });

  it("a page's own fields are required, the page fields described", () => {
    const page = responseJsonSchema(garden.endpoints.plants, { unwrapped: true });
    expect(page.required).toEqual(['page', 'hasMore', 'items']);
    expect(page).toHaveProperty('properties.hasMore', {
      type: 'boolean',
      description: 'Whether another page follows.',
    });
    expect(page).toHaveProperty('properties.page.type', 'integer');
    expect(page).toHaveProperty('properties.nextPage.type', ['integer', 'null']);
    expect(page.additionalProperties).toBe(true);
  });

  it('the shape on the wire: a value parsed on arrival is described as it is sent', () => {
    expect(responseJsonSchema(garden.endpoints.seasons)).toMatchObject({
      type: 'array',
      items: { type: 'string', pattern: '^\\d{4}-\\d{2}$' },
    });
  });

  it('every operation shares the error envelope for 400, 401, 404, 429 (with Retry-After) and 5xx', () => {
    expect(operation('/v1/test:garden/plant/{plantId}').responses).toMatchObject({
      '400': { $ref: '#/components/responses/BadRequest' },
      '401': { $ref: '#/components/responses/Unauthorized' },
      '404': { $ref: '#/components/responses/NotFound' },
      '429': { $ref: '#/components/responses/RateLimited' },
      '5XX': { $ref: '#/components/responses/UpstreamError' },
    });
    expect(document.components).toMatchObject({
      schemas: {
        ErrorEnvelope: {
          properties: { status: { const: 'error' }, message: { type: 'string' } },
          required: ['status', 'message'],
        },
      },
      responses: { RateLimited: { headers: { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } } } },
    });
  });
});

describe('toOpenApi: the undocumented endpoint', () => {
  it('takes any params and returns any JSON, and says it is undocumented', () => {
    const almanac = operation('/v1/test:garden/almanac');
    expect(almanac['x-pdg-undocumented']).toBe(true);
    expect(almanac.description).toContain('Undocumented:');
    expect(almanac.parameters).toEqual([
      expect.objectContaining({ name: 'otherParams', schema: { type: 'object', additionalProperties: true } }),
    ]);
    expect(almanac.responses['200']).toMatchObject({ content: { 'application/json': { schema: {} } } });
    expect(operation('/v1/test:garden/plants')).not.toHaveProperty('x-pdg-undocumented');
  });
});

describe('toOpenApi: auth, servers, info', () => {
  it('the x-api-key header as an apiKey scheme, applied to every operation', () => {
    expect(document.components.securitySchemes).toEqual({
      apiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-api-key' }),
    });
    expect(document.security).toEqual([{ apiKey: [] }]);
  });

  it('by default a {base_url} server variable, defaulting to the local mock gateway', () => {
    expect(document.servers).toEqual([
      expect.objectContaining({
        url: '{base_url}',
        variables: { base_url: expect.objectContaining({ default: 'http://127.0.0.1:4010' }) },
      }),
    ]);
  });

  it('serverUrl, title and version as given; a trailing /v1 or slash is dropped (the paths carry /v1)', () => {
    const custom = toOpenApi([garden], {
      serverUrl: 'https://gateway.example.test/v1/',
      title: 'Garden',
      version: '2.1.0',
    });
    expect(custom.servers).toEqual([{ url: 'https://gateway.example.test' }]);
    expect(custom.info).toMatchObject({ title: 'Garden', version: '2.1.0' });
  });

  it('refuses a server URL it cannot use, saying what it must be', () => {
    expect(() => toOpenApi([garden], { serverUrl: 'gateway.example.test' })).toThrow(
      'serverUrl must be an absolute http(s) URL such as https://gateway.example.com (received "gateway.example.test").',
    );
    expect(() => toOpenApi([garden], { serverUrl: 'https://user:secret@gateway.example.test' })).toThrow(
      'must not hold a user name or password',
    );
    expect(() => toOpenApi([garden], { serverUrl: 'ftp://gateway.example.test' })).toThrow('must be an http(s) URL');
  });

  it('takes a provider given twice once, and refuses two providers under one id', () => {
    expect(Object.keys(toOpenApi([garden, garden]).paths)).toHaveLength(5);
    expect(() => toOpenApi([garden, { ...garden }])).toThrow('Two different providers have the id "test:garden"');
  });
});

describe('paramsJsonSchema', () => {
  it('one object: properties with type, enum, bounds, pattern, default and description; required; closed', () => {
    const schema = paramsJsonSchema(garden.endpoints.plants);
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      required: ['q'],
      additionalProperties: false,
      properties: {
        q: { type: 'string', minLength: 1, description: 'Plant name to look for.' },
        sort: { type: 'string', enum: ['name', 'height'], default: 'name', description: 'Sort order.' },
        limit: { type: 'integer', minimum: 1, maximum: 50, default: 20, description: 'Page size.' },
        zone: { type: 'string', pattern: '^\\d{1,2}[ab]$' },
      },
    });
  });

  it('a list param as one type: an array of strings (run() also takes the comma-separated text it stands for)', () => {
    const colours = paramsJsonSchema(garden.endpoints.plants).properties as Record<string, unknown>;
    expect(colours.colours).toEqual({
      description: 'Flower colours.',
      default: ['red', 'white'],
      type: 'array',
      minItems: 1,
      items: { type: 'string', minLength: 1, enum: ['red', 'white', '10'] },
    });
  });

  it('a path param is a required property like the others; params the spec does not list are allowed', () => {
    expect(paramsJsonSchema(garden.endpoints.plant)).toMatchObject({
      required: ['plantId'],
      additionalProperties: false,
    });
    expect(paramsJsonSchema(garden.endpoints.feed).additionalProperties).toBe(true);
    expect(paramsJsonSchema(garden.endpoints.almanac)).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {},
      additionalProperties: true,
    });
  });

  it('a rule between params (to requires from) is dependentRequired, beside the params themselves', () => {
    expect(paramsJsonSchema(garden.endpoints.seasons)).toMatchObject({
      properties: { from: { type: 'integer', minimum: 1900 }, to: { type: 'integer', minimum: 1900 } },
      additionalProperties: false,
      dependentRequired: { to: ['from'] },
    });
  });
});
