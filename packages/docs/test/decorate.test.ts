import { defineEndpoint, defineProvider, listParam, optional } from '@pdg/core';
import { fixtureOf } from '@pdg/core/fixtures';
import { jobboard } from '@pdg/jobs-jobboard';
import { fixtures as jobboardFixtures } from '@pdg/jobs-jobboard/fixtures';
import { toOpenApi } from '@pdg/openapi';
import { forum } from '@pdg/social-media-forum';
import { fixtures as forumFixtures } from '@pdg/social-media-forum/fixtures';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { decorateDocument } from '../src/decorate.js';
import { exampleFixture } from '../src/example.js';

// biome-ignore lint/suspicious/noExplicitAny: the decorated document is plain JSON, read here path by path.
type Json = Record<string, any>;

const providers = [jobboard, forum];
const fixtures = [...jobboardFixtures, ...forumFixtures];
const document = toOpenApi(providers, { serverUrl: 'http://127.0.0.1:4010' });
const decorated = decorateDocument(document, {
  providers,
  fixtures,
  intros: { 'jobs:jobboard': 'Job listings, **browse** and search.' },
  tryIt: 'Try it against the mock.',
}) as Json;
const operation = (path: string): Json => decorated.paths[path].get;

describe('decorateDocument', () => {
  it('groups the providers by category, in order, and puts the intro given above a provider', () => {
    expect(decorated['x-tagGroups']).toEqual([
      { name: 'jobs', tags: ['jobs:jobboard'] },
      { name: 'social-media', tags: ['social-media:forum'] },
    ]);
    const tags = Object.fromEntries((decorated.tags as Json[]).map((tag) => [tag.name, tag.description]));
    expect(tags['jobs:jobboard']).toBe('Job listings, **browse** and search.');
    // Without an intro, the provider's own description stays.
    expect(tags['social-media:forum']).toBe(forum.description);
  });

  it("says what the page holds and where 'try it' sends, after counting the operations", () => {
    const endpoints = Object.keys(jobboard.endpoints).length + Object.keys(forum.endpoints).length;
    expect(decorated.info.description).toContain(`${endpoints} endpoints of 2 providers, grouped by category`);
    expect(decorated.info.description.endsWith('Try it against the mock.')).toBe(true);
  });

  it('names each operation by its endpoint, and its description does not repeat its summary', () => {
    const browse = operation('/v1/jobs:jobboard/browse');
    expect(browse.summary).toBe(`browse: ${jobboard.endpoints.browse.description}`);
    expect(browse.description.startsWith(jobboard.endpoints.browse.description)).toBe(false);
    expect(browse.description).toContain('Page-numbered');
  });

  it('gives every operation its code samples, and a walk to the paged ones', () => {
    for (const [path, item] of Object.entries(decorated.paths as Record<string, { get: Json }>)) {
      const labels = (item.get['x-codeSamples'] as { label: string }[]).map((sample) => sample.label);
      const paged = item.get['x-pdg-paging'] !== undefined;
      expect(labels, path).toEqual(
        paged ? ['pdg.run', 'pdg.items', 'pdg CLI', 'curl'] : ['pdg.run', 'pdg CLI', 'curl'],
      );
    }
  });

  it("shows the example fixture's body as the 200 answer and starts 'try it' from its params, the other optional params off", () => {
    const example = exampleFixture(fixtures, 'jobs:jobboard', 'browse');
    if (!example) throw new Error('jobs:jobboard browse has no answered fixture');
    const browse = operation('/v1/jobs:jobboard/browse');
    const examples = browse.responses['200'].content['application/json'].examples;
    expect(Object.values(examples)).toEqual([expect.objectContaining({ value: example.response })]);
    for (const parameter of browse.parameters as Json[]) {
      const given = example.params[parameter.name];
      expect(parameter.examples.default, parameter.name).toEqual(
        given === undefined
          ? { ...('default' in parameter.schema ? { value: parameter.schema.default } : {}), 'x-disabled': true }
          : { value: given },
      );
    }
  });

  it('a list param starts as the array it is on the wire', () => {
    const rates = defineProvider({
      id: 'finance:rates',
      description: 'Made-up rates.',
      endpoints: {
        yields: defineEndpoint({
          description: 'Yields by maturity.',
          params: v.strictObject({ maturity: optional(listParam({ values: ['2', '10'] })) }),
          response: v.looseObject({}),
        }),
      },
    });
    const listed = decorateDocument(toOpenApi([rates]), {
      providers: [rates],
      fixtures: [fixtureOf(rates, 'yields', 'two-and-ten', { params: { maturity: '2,10' }, response: {} })],
    }) as Json;
    const [maturity] = listed.paths['/v1/finance:rates/yields'].get.parameters as Json[];
    expect(maturity?.examples.default).toEqual({ value: ['2', '10'] });
    const samples = listed.paths['/v1/finance:rates/yields'].get['x-codeSamples'] as Json[];
    expect(samples.find((sample) => sample.label === 'pdg CLI')?.source).toBe(
      'pdg run finance:rates yields --maturity 2,10',
    );
  });

  it("keeps the exporter's own examples, and leaves the document it was given as it was", () => {
    const before = JSON.stringify(document);
    const given = structuredClone(document) as unknown as Json;
    const browse = given.paths['/v1/jobs:jobboard/browse'].get;
    browse.parameters[0].example = 'VN';
    browse.responses['200'].content['application/json'].example = { items: [] };
    const again = decorateDocument(given as never, { providers, fixtures }) as Json;
    const kept = again.paths['/v1/jobs:jobboard/browse'].get;
    expect(kept.parameters[0].example).toBe('VN');
    expect(kept.parameters[0].examples).toBeUndefined();
    expect(kept.responses['200'].content['application/json']).toEqual(
      expect.objectContaining({ example: { items: [] } }),
    );
    expect(kept.responses['200'].content['application/json'].examples).toBeUndefined();
    expect(JSON.stringify(document)).toBe(before);
  });
});
