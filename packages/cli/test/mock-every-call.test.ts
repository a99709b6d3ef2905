/**
 * The mock gateway answers every valid call: calls generated from its own `/openapi.json` (required params,
 * then each optional one, enum values, numbers inside their bounds, words for free text; ids that the
 * world's listings return for path params) are each answered 200 with a body the SDK's response schema
 * accepts, whose echo fields equal what was asked, and the same call twice gets the same bytes.
 */
import {
  type AnyProvider,
  contentOf,
  createClient,
  type EndpointDefinition,
  isPdgError,
  validateParams,
} from '@pdg/core';
import { paramsFromStrings } from '@pdg/core/describe';
import { endpointsOf } from '@pdg/core/face';
import { startMockGateway } from '@pdg/mock';
import { ProviderWorld } from '@pdg/mock/responder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesOf, loadProviders } from '../src/catalog.js';
import { callsOf, type GeneratedCall, type OpenApiDocument } from './openapi-calls.js';

const providers = await loadProviders();
const fixtures = await fixturesOf(providers);
const apiKey = 'test-key-not-a-secret';
let gateway: Awaited<ReturnType<typeof startMockGateway>>;
let client: ReturnType<typeof createClient<AnyProvider[]>>;
let document: OpenApiDocument & {
  paths: Record<string, { get?: { 'x-pdg-provider'?: string; 'x-pdg-endpoint'?: string } }>;
};

beforeAll(async () => {
  gateway = await startMockGateway({ providers, fixtures });
  document = await (await fetch(`${gateway.url}/openapi.json`)).json();
  client = createClient({ apiKey, baseUrl: gateway.url, providers: [...providers], retry: 0 });
});
afterAll(() => gateway.close());

/** Values of the right form the document gives no example of: ids the world holds, and the fixtures' own values. */
function knownValues(provider: AnyProvider, endpointName: string, param: string): string[] {
  const own = fixtures.filter((fixture) => fixture.provider === provider.id);
  const values = new Set<string>();
  const world = new ProviderWorld(provider, own);
  if (world.keyOf(endpointName) === param) {
    for (const id of [...world.ids(endpointName).keys()].slice(0, 6)) values.add(id);
  }
  for (const fixture of own) {
    const value = fixture.params[param];
    if (value === undefined || value === null) continue;
    // A cursor belongs to its endpoint's walks; other values serve any endpoint of the provider.
    const ownEndpoint = fixture.endpoint === endpointName;
    if (ownEndpoint || (world.keyOf(endpointName) !== param && param !== 'cursor')) {
      values.add(Array.isArray(value) ? value.join(',') : String(value));
    }
  }
  return [...values];
}

/** The provider and endpoint an operation is, from the document's own extension fields. */
function operationOf(template: string): { provider: AnyProvider; endpointName: string; endpoint: EndpointDefinition } {
  const operation = document.paths[template]?.get;
  const provider = providers.find((candidate) => candidate.id === operation?.['x-pdg-provider']) as AnyProvider;
  const endpointName = operation?.['x-pdg-endpoint'] as string;
  return { provider, endpointName, endpoint: provider.endpoints[endpointName] as EndpointDefinition };
}

/** The call's params as the SDK takes them, or undefined when the SDK refuses them (a rule between params). */
function sdkParams(call: GeneratedCall): Record<string, unknown> | undefined {
  const { provider, endpointName, endpoint } = operationOf(call.template);
  const raw: Record<string, string> = { ...call.query };
  if (endpoint.pathParam) raw[endpoint.pathParam] = decodeURIComponent(call.path.slice(call.path.lastIndexOf('/') + 1));
  const params = paramsFromStrings(endpoint, raw);
  try {
    validateParams({ provider: provider.id, endpoint: endpointName, definition: endpoint, params });
    return params;
  } catch {
    return undefined;
  }
}

async function get(call: GeneratedCall): Promise<{ status: number; text: string }> {
  const url = `${gateway.url}${call.path}${Object.keys(call.query).length ? `?${new URLSearchParams(call.query)}` : ''}`;
  const response = await fetch(url, { headers: { 'x-api-key': apiKey } });
  return { status: response.status, text: await response.text() };
}

const asText = (value: unknown) => (Array.isArray(value) ? value.join(',') : String(value));

/**
 * Whether a top-level field named like a param echoes it: unless a fixture of the endpoint that sent the
 * param holds another value there (pastesite's `url` is the paste's own URL, whatever form was sent).
 */
function isEcho(endpointName: string, endpoint: EndpointDefinition, param: string, field: string): boolean {
  return !fixtures.some((fixture) => {
    if (fixture.endpoint !== endpointName || (fixture.status ?? 200) !== 200) return false;
    const sent = fixture.request.query[param];
    const body = contentOf(endpoint, fixture.response) as Record<string, unknown> | undefined;
    return sent !== undefined && body?.[field] !== undefined && body[field] !== null && asText(body[field]) !== sent;
  });
}

/**
 * The fields of a body that echo a param sent (a top-level field of its name; `query` for `q`) and how they
 * differ from what was sent. Page, cursor and page size say where a walk is, and are checked by the walks.
 */
function echoMismatches(call: GeneratedCall, content: unknown): string[] {
  if (typeof content !== 'object' || content === null) return [];
  const { endpointName, endpoint } = operationOf(call.template);
  const position = new Set(['page', 'cursor', 'limit', 'count', 'perPage', 'pageSize']);
  const body = content as Record<string, unknown>;
  const found: string[] = [];
  for (const [name, sent] of Object.entries(call.query)) {
    if (position.has(name)) continue;
    const field = name === 'q' && !('q' in body) ? 'query' : name;
    if (!(field in body) || body[field] === null || body[field] === undefined) continue;
    if (!isEcho(endpointName, endpoint, name, field)) continue;
    const echoed = body[field];
    if (asText(echoed) !== sent)
      found.push(`${name}: sent ${JSON.stringify(sent)}, ${field} says ${JSON.stringify(echoed)}`);
  }
  return found;
}

describe('every call generated from /openapi.json is answered', () => {
  it('at least 5 valid calls per operation; each 200, valid against its schema, echoing the request, the same twice', async () => {
    const calls = callsOf(document, {
      atLeast: 5,
      known: (template, param) => {
        const { provider, endpointName } = operationOf(template);
        return knownValues(provider, endpointName, param);
      },
    });
    const failures: string[] = [];
    const thin: string[] = [];
    let answered = 0;
    for (const [template, generated] of calls) {
      const valid = generated.filter((call) => sdkParams(call) !== undefined);
      // An operation with no params admits one call; one with only a path id, one per id that exists.
      const documented = document.paths[template]?.get?.parameters ?? [];
      const pathOnly = documented.length > 0 && documented.every((param) => param.in === 'path');
      const admits = documented.length === 0 ? 1 : pathOnly ? Math.min(5, generated.length) : 5;
      if (valid.length < admits) thin.push(`${template}: ${valid.length} valid calls`);
      const { provider, endpointName, endpoint } = operationOf(template);
      for (const call of valid) {
        const label = `${call.path}?${new URLSearchParams(call.query)}`;
        const first = await get(call);
        if (first.status !== 200) {
          failures.push(`${label}: ${first.status} ${first.text.slice(0, 200)}`);
          continue;
        }
        try {
          // The SDK checks the body against the endpoint's response schema (validate: 'strict', the default).
          await endpointsOf(client).run(provider.id, endpointName, sdkParams(call));
        } catch (error) {
          failures.push(`${label}: the SDK refused the answer: ${isPdgError(error) ? error.message : String(error)}`);
          continue;
        }
        const content = contentOf(endpoint, JSON.parse(first.text));
        // An endpoint the spec does not describe has no documented echo fields.
        const echoes = endpoint.undocumented ? [] : echoMismatches(call, content);
        if (echoes.length > 0) failures.push(`${label}: ${echoes.join('; ')}`);
        const second = await get(call);
        if (second.text !== first.text) failures.push(`${label}: a second call got another body`);
        answered++;
      }
    }
    expect(failures).toEqual([]);
    expect(thin).toEqual([]);
    // 110 operations: most with 5 calls or more; a few admit fewer (no params, or few ids).
    expect(answered).toBeGreaterThanOrEqual(4 * calls.size);
    // Some 2,000 requests: the limit only catches a hang, on a machine many times slower than a quiet one.
  }, 900_000);
});
