/** The provider conformance suite: every provider package runs it against its definitions, fixtures and README. */
import { readFileSync } from 'node:fs';
import {
  type AnyProvider,
  checkResponse,
  contentOf,
  createClient,
  type Fixture,
  isPdgError,
  issuePath,
  type RecordedRequest,
} from '@pdg/core';
import { describeParams, type ParamInfo } from '@pdg/core/describe';
import { endpointsOf } from '@pdg/core/face';
import { createFixtureResponder } from '@pdg/mock/responder';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldsNeverShown, fixtureProblems, specRequest } from './conformance-checks.js';
import { endpointPath, updateReadme } from './docs.js';

export interface ConformanceOptions {
  /**
   * Every endpoint path the spec gives for this provider, copied from the spec, such as
   * `/v1/jobs:jobboard/job/{jobId}`. The suite checks each is registered, and nothing else.
   */
  readonly specPaths: readonly string[];
  /** The package README, whose generated endpoint block must match the definitions. */
  readonly readme?: URL;
  /** The package's fixtures folder, whose every file must be among the fixtures given. */
  readonly fixtures?: URL;
}

const baseUrl = 'https://conformance.pdg.test';

/** A client whose fetch records each request and answers it as the testkit and the mock gateway do. */
function recordingClient(provider: AnyProvider, fixtures: readonly Fixture[]) {
  const sent: RecordedRequest[] = [];
  const responder = createFixtureResponder({ fixtures, providers: [provider] });
  const client = createClient({
    providers: [provider],
    apiKey: 'conformance-key',
    baseUrl,
    retry: 0,
    fetch: async (input, init) => {
      const url = new URL(new Request(input, init).url);
      sent.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });
      const answer = responder.respond(url);
      return Response.json(answer.body, { status: answer.status, headers: answer.headers });
    },
  });
  const endpoints = endpointsOf(client);
  return { run: (endpoint: string, params: unknown) => endpoints.run(provider.id, endpoint, params), sent };
}

function brokenValues(param: ParamInfo): { value: unknown; why: string }[] {
  const broken: { value: unknown; why: string }[] = [];
  if ((param.type === 'enum' || (param.type === 'list' && param.values)) && !param.open)
    broken.push({ value: 'not-a-documented-value', why: 'a value outside its enum' });
  if (param.min !== undefined)
    broken.push({ value: param.min - 1, why: `${param.min - 1}, below its minimum ${param.min}` });
  if (param.max !== undefined)
    broken.push({ value: param.max + 1, why: `${param.max + 1}, above its maximum ${param.max}` });
  return broken;
}

async function expectRefused(provider: AnyProvider, endpointName: string, params: unknown, paramName: string) {
  const { run, sent } = recordingClient(provider, []);
  const error = await run(endpointName, params).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(isPdgError(error) && error.code, `expected INVALID_PARAMS for ${paramName}`).toBe('INVALID_PARAMS');
  expect(isPdgError(error) && error.issues.map((issue) => issue.path)).toContain(paramName);
  expect(sent, 'nothing may be sent when params are invalid').toEqual([]);
}

/**
 * The provider conformance suite: checks a provider's endpoints against the spec's paths, its fixtures
 * against its schemas, the rules its params enforce, its descriptions, its paging metadata, and that
 * every fixture answers the call its params make. Run for every provider package by the shared test
 * preset; a package gives only its spec paths.
 */
export function testProviderConformance(
  provider: AnyProvider,
  fixtures: readonly Fixture[],
  options: ConformanceOptions,
): void {
  describe(`${provider.id} conformance`, () => {
    it('registers every endpoint path the spec gives, and no other', () => {
      const registered = Object.entries(provider.endpoints).map(([name, endpoint]) =>
        endpointPath(provider.id, endpoint, name),
      );
      expect([...registered].sort()).toEqual([...options.specPaths].sort());
    });

    it('holds every file of its fixtures folder as a fixture of its own, each named once', () => {
      expect(fixtureProblems(provider, fixtures, options.fixtures)).toEqual([]);
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
      describe(`${name} (${endpointPath(provider.id, endpoint, name)})`, () => {
        it('has at least one fixture', () => {
          expect(own.length).toBeGreaterThan(0);
        });

        const shown = own.filter((fixture) => (fixture.status ?? 200) === 200);
        if (shown.length > 0) {
          it('has fixtures that, together, show every documented response field', () => {
            const bodies = shown.map((fixture) => contentOf(endpoint, fixture.response));
            expect(fieldsNeverShown(endpoint.response, bodies), 'fields no fixture holds').toEqual([]);
          });
        }

        it('has a description, and so does each documented param', () => {
          expect(endpoint.description.trim()).not.toBe('');
          const undescribed = describeParams(endpoint)
            .filter((param) => param.description.trim() === '')
            .map((param) => param.name);
          expect(undescribed, 'params without a JSDoc description').toEqual([]);
        });

        for (const fixture of own) {
          describe(`fixture ${fixture.name}`, () => {
            it('has params that pass the params schema, which adds no defaults', () => {
              const result = v.safeParse(endpoint.params, fixture.params);
              expect(result.issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`) ?? []).toEqual([]);
              expect(Object.keys(result.output as object).sort()).toEqual(Object.keys(fixture.params).sort());
            });

            it('has a response that passes the response schema', () => {
              if ((fixture.status ?? 200) !== 200) {
                expect(fixture.response).toMatchObject({ status: 'error' });
                return;
              }
              if (endpoint.envelope) expect(fixture.response).toMatchObject({ status: 'success' });
              // As a call checks it (an array where a record is documented fails here too).
              const result = checkResponse(endpoint.response, contentOf(endpoint, fixture.response));
              expect(
                result.success ? [] : result.issues.map((issue) => `${issuePath(issue) || '(root)'}: ${issue.message}`),
              ).toEqual([]);
            });

            it('answers the call its params make, sending the request the spec gives for them', async () => {
              const { run, sent } = recordingClient(provider, [fixture]);
              const outcome = await run(name, fixture.params).then(
                (result) => ({ result }),
                (error: unknown) => ({ error }),
              );
              expect(sent).toEqual([specRequest(provider, name, fixture.params)]);
              if ((fixture.status ?? 200) === 200) {
                expect(outcome).toEqual({ result: v.parse(endpoint.response, contentOf(endpoint, fixture.response)) });
              } else {
                expect(
                  isPdgError((outcome as { error?: unknown }).error) &&
                    (outcome as { error: { status?: number } }).error.status,
                ).toBe(fixture.status);
              }
            });

            if (endpoint.paging && (fixture.status ?? 200) === 200) {
              const items = endpoint.paging.items;
              it(`holds its items in the declared array \`${items}\``, () => {
                const body = contentOf(endpoint, fixture.response) as Record<string, unknown>;
                expect(Array.isArray(body[items]), `response.${items} is an array`).toBe(true);
              });
            }
          });
        }

        const valid = own.find((fixture) => (fixture.status ?? 200) === 200)?.params ?? own[0]?.params;
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
