import { readFileSync } from 'node:fs';
import {
  type AnyProvider,
  createClient,
  describeParams,
  type EndpointDefinition,
  type Fixture,
  isPdgError,
  type ParamInfo,
} from '@pdg/core';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { endpointPath, updateReadme } from './docs.js';
import { formatRequest, queryDifferences, type RecordedRequest, recordedRequest } from './match.js';

export interface ConformanceOptions {
  /**
   * Every endpoint path the spec gives for this provider, copied from the spec, such as
   * `/v1/jobs:jobboard/job/{jobId}`. The suite checks each is registered, and nothing else.
   */
  readonly specPaths: readonly string[];
  /** The package README, whose generated endpoint block must match the definitions. */
  readonly readme?: URL;
}

const baseUrl = 'https://conformance.pdg.test';

/** A client whose fetch records each request and answers it with the given fixture's response. */
function recordingClient(provider: AnyProvider, answer?: Fixture) {
  const sent: RecordedRequest[] = [];
  const client = createClient({
    providers: [provider],
    apiKey: 'conformance-key',
    baseUrl,
    retry: 0,
    fetch: async (input, init) => {
      sent.push(recordedRequest(new URL(new Request(input, init).url)));
      if (!answer) return Response.json({ status: 'error', message: 'no answer prepared' }, { status: 500 });
      return Response.json(answer.response, { status: answer.status ?? 200 });
    },
  });
  // The client is typed for this one provider, but the suite calls endpoints by runtime name.
  const run = client.run as unknown as (provider: string, endpoint: string, params: unknown) => Promise<unknown>;
  return { run, sent };
}

/** The body a fixture yields once the envelope, if any, is taken off. */
function unwrapped(endpoint: EndpointDefinition, fixture: Fixture): unknown {
  return endpoint.envelope ? (fixture.response as { content?: unknown }).content : fixture.response;
}

function brokenValues(param: ParamInfo): { value: unknown; why: string }[] {
  const broken: { value: unknown; why: string }[] = [];
  if (param.type === 'enum' && !param.open)
    broken.push({ value: 'not-a-documented-value', why: 'a value outside its enum' });
  if (param.min !== undefined)
    broken.push({ value: param.min - 1, why: `${param.min - 1}, below its minimum ${param.min}` });
  if (param.max !== undefined)
    broken.push({ value: param.max + 1, why: `${param.max + 1}, above its maximum ${param.max}` });
  return broken;
}

async function expectRefused(provider: AnyProvider, endpointName: string, params: unknown, paramName: string) {
  const { run, sent } = recordingClient(provider);
  const error = await run(provider.id, endpointName, params).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(isPdgError(error) && error.code, `expected INVALID_PARAMS for ${paramName}`).toBe('INVALID_PARAMS');
  expect(isPdgError(error) && error.issues.map((issue) => issue.path)).toContain(paramName);
  expect(sent, 'nothing may be sent when params are invalid').toEqual([]);
}

/**
 * The provider conformance suite: one line in a provider package's tests registers checks of its
 * endpoints against the spec's paths, of its fixtures against its schemas, of the rules its params
 * enforce, of its paging metadata, and of the exact request each fixture records.
 */
export function testProviderConformance(
  provider: AnyProvider,
  fixtures: readonly Fixture[],
  options: ConformanceOptions,
): void {
  describe(`${provider.id} conformance`, () => {
    it('registers every endpoint path the spec gives, and no other', () => {
      const registered = Object.values(provider.endpoints).map((endpoint) => endpointPath(provider.id, endpoint));
      expect([...registered].sort()).toEqual([...options.specPaths].sort());
    });

    it('has fixtures for its own endpoints only, each named once', () => {
      for (const fixture of fixtures) {
        expect(fixture.provider).toBe(provider.id);
        expect(Object.keys(provider.endpoints), `fixture ${fixture.name}`).toContain(fixture.endpoint);
      }
      const names = fixtures.map((fixture) => `${fixture.endpoint}/${fixture.name}`);
      expect(new Set(names).size).toBe(names.length);
    });

    if (options.readme) {
      const readmeUrl = options.readme;
      it('documents its endpoints in the README exactly as defined (run `pnpm readme` to update)', () => {
        const readme = readFileSync(readmeUrl, 'utf8');
        expect(readme).toBe(updateReadme(readme, provider));
      });
    }

    for (const [name, endpoint] of Object.entries(provider.endpoints)) {
      const own = fixtures.filter((fixture) => fixture.endpoint === name);
      describe(`${name} (${endpointPath(provider.id, endpoint)})`, () => {
        it('has at least one fixture', () => {
          expect(own.length).toBeGreaterThan(0);
        });

        it('has a description', () => {
          expect(endpoint.description.trim()).not.toBe('');
        });

        for (const fixture of own) {
          describe(`fixture ${fixture.name}`, () => {
            it('has params that pass the params schema, which adds no defaults', () => {
              const result = v.safeParse(endpoint.params, fixture.params);
              expect(result.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`) ?? []).toEqual([]);
              expect(Object.keys(result.output as object).sort()).toEqual(Object.keys(fixture.params).sort());
            });

            it('has a response that passes the response schema', () => {
              if (endpoint.envelope) expect(fixture.response).toMatchObject({ status: 'success' });
              const result = v.safeParse(endpoint.response, unwrapped(endpoint, fixture));
              expect(
                result.issues?.map((issue) => `${v.getDotPath(issue) ?? '(root)'}: ${issue.message}`) ?? [],
              ).toEqual([]);
            });

            it('makes exactly the request it records when called with its params', async () => {
              const { run, sent } = recordingClient(provider, fixture);
              const result = await run(provider.id, name, fixture.params);
              expect(sent).toHaveLength(1);
              const [request] = sent as [RecordedRequest];
              expect(formatRequest(request)).toBe(formatRequest({ path: fixture.request.path, query: request.query }));
              expect(queryDifferences(request.query, fixture.request.query), formatRequest(request)).toEqual([]);
              expect(result).toEqual(unwrapped(endpoint, fixture));
            });

            if (endpoint.paging) {
              const items = endpoint.paging.items;
              it(`holds its items in the declared array \`${items}\``, () => {
                const body = unwrapped(endpoint, fixture) as Record<string, unknown>;
                expect(Array.isArray(body[items]), `response.${items} is an array`).toBe(true);
              });
            }
          });
        }

        const valid = own[0]?.params;
        if (valid && !endpoint.undocumented) {
          for (const param of describeParams(endpoint)) {
            if (param.required) {
              it(`refuses a call without the required \`${param.name}\`, sending nothing`, async () => {
                const { [param.name]: _, ...rest } = valid;
                await expectRefused(provider, name, rest, param.name);
              });
            }
            for (const { value, why } of brokenValues(param)) {
              it(`refuses \`${param.name}\` set to ${why}, sending nothing`, async () => {
                await expectRefused(provider, name, { ...valid, [param.name]: value }, param.name);
              });
            }
          }
        }
      });
    }
  });
}
