/**
 * Fuzzes every endpoint of every registered provider with invalid and odd params, against a counting
 * loopback gateway. Seeded and bounded. It asserts that every refusal is an INVALID_PARAMS PdgError
 * with nothing sent, and that whatever is sent stays within its path: exactly
 * `/v1/{providerId}/{endpointPath}[/{one segment}]`.
 */
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inspect } from 'node:util';
import { type AnyProvider, createClient, type EndpointDefinition, isPdgError } from '@pdg/core';
import { describeParams, type ParamInfo } from '@pdg/core/describe';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const totalInputs = 10_240;
const seed = 18;

/** Every provider package's exported providers, found from the workspace rather than listed by hand. */
async function discoverProviders(): Promise<AnyProvider[]> {
  const root = fileURLToPath(new URL('../../../packages/providers/', import.meta.url));
  const found: AnyProvider[] = [];
  for (const name of readdirSync(root).sort()) {
    const entry = `${root}${name}/src/index.ts`;
    if (!existsSync(entry)) continue;
    const module = (await import(pathToFileURL(entry).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      const candidate = value as Partial<AnyProvider> | null;
      if (typeof candidate?.id === 'string' && typeof candidate.endpoints === 'object') {
        found.push(candidate as AnyProvider);
      }
    }
  }
  return found;
}

const loneSurrogates = ['\uD800', '\uDBFF', '\uDC00', '\uDFFF'];

/** Strings that have broken URL building, path containment or header handling somewhere. */
const oddString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '.',
    '..',
    '/',
    '//',
    '../..',
    '../../v2/other',
    'a/b',
    '%2F',
    '%2f..%2f',
    '%2E%2E',
    '%',
    '%00',
    '\0',
    '\n',
    '\r\n',
    'a\nb',
    '?x=1',
    '#frag',
    '\\..\\',
    'é',
    '😀',
    'a'.repeat(10_000),
  ),
  fc
    .tuple(fc.string({ maxLength: 4 }), fc.constantFrom(...loneSurrogates), fc.string({ maxLength: 4 }))
    .map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
);

const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  oddString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1.5, -0, 1e21, Number.MAX_SAFE_INTEGER + 2, Number.NaN, Number.POSITIVE_INFINITY),
  fc.boolean(),
  fc.constantFrom(null, undefined),
  fc.bigInt(),
  fc.array(fc.oneof(oddString, fc.integer(), fc.constant({})), { maxLength: 3 }),
  fc.date({ noInvalidDate: false }),
  fc.constantFrom(new Map([['a', 1]]), new Set([1]), () => 'function source', Symbol('s'), /re/, new URL('http://x/')),
  fc.object({ maxDepth: 1, maxKeys: 2 }),
);

/** A value the param's schema would likely accept, so that some inputs are sent. */
function plausible(param: ParamInfo): fc.Arbitrary<unknown> {
  if (param.values && param.values.length > 0) return fc.constantFrom(...param.values);
  switch (param.type) {
    case 'integer':
      return fc.integer({ min: param.min ?? -5, max: Math.min(param.max ?? 100, 100) });
    case 'number':
      return fc.double({ min: param.min ?? -5, max: Math.min(param.max ?? 100, 100), noNaN: true });
    case 'boolean':
      return fc.boolean();
    default:
      return fc.oneof(fc.constantFrom('a', 'SG', 'velvet orbit'), fc.string({ unit: 'grapheme-ascii', minLength: 1 }));
  }
}

/** Params for one endpoint: plausible ones, plausible ones with odd values mixed in, and odd wholes. */
function paramsFor(endpoint: EndpointDefinition): fc.Arbitrary<unknown> {
  const params = describeParams(endpoint);
  const names = params.map((param) => param.name);
  const valid = fc.record(Object.fromEntries(params.map((param) => [param.name, plausible(param)])), {
    requiredKeys: params.filter((param) => param.required).map((param) => param.name),
  });
  const oddKeys = fc.oneof(
    fc.constantFrom(...names, 'zzz', 'constructor', 'toString', '__proto__', ''),
    fc.string({ maxLength: 6 }),
  );
  const mixed = fc
    .tuple(valid, fc.dictionary(oddKeys, oddValue, { maxKeys: 3 }))
    .map(([base, odd]) => ({ ...base, ...odd }));
  const oddInPath =
    endpoint.pathParam === undefined
      ? mixed
      : fc.tuple(valid, oddString).map(([base, text]) => ({ ...base, [endpoint.pathParam as string]: text }));
  const oddWhole = fc.oneof(
    fc.constantFrom(null, undefined, 'q=x', 42, true),
    fc.array(oddValue, { maxLength: 3 }),
    fc.constantFrom(
      new Map([['q', 'x']]),
      new Date(),
      new Date(Number.NaN),
      () => ({ q: 'x' }),
      new URLSearchParams('q=x'),
    ),
  );
  return fc.oneof(
    { weight: 3, arbitrary: valid },
    { weight: 4, arbitrary: mixed },
    { weight: 3, arbitrary: oddInPath },
    { weight: 1, arbitrary: oddWhole },
  );
}

/** A gateway on 127.0.0.1 that records the URL of every request and answers each with an empty success. */
const gateway = { url: '', requests: [] as { readonly url: string }[] };
const server = createServer((request, response) => {
  gateway.requests.push({ url: request.url ?? '' });
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end('{"status":"success","content":{}}');
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  gateway.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** True when `path` is exactly the endpoint's path, plus one non-empty segment for a path param. */
function staysInItsSegment(path: string, providerId: string, endpoint: EndpointDefinition): boolean {
  const prefix = `/v1/${providerId}/${endpoint.path}`;
  if (endpoint.pathParam === undefined) return path === prefix;
  if (!path.startsWith(`${prefix}/`)) return false;
  const segment = path.slice(prefix.length + 1);
  if (segment === '' || segment.includes('/') || segment.includes('?') || segment.includes('#')) return false;
  const decoded = decodeURIComponent(segment);
  return decoded !== '.' && decoded !== '..';
}

describe('fuzz: odd params for every endpoint of every provider', () => {
  it('refuses with INVALID_PARAMS and sends nothing, or sends within the endpoint path', async () => {
    const providers = await discoverProviders();
    expect(providers.length).toBeGreaterThan(0);
    const endpoints = providers.flatMap((provider) =>
      Object.entries(provider.endpoints).map(([name, endpoint]) => ({ provider, name, endpoint })),
    );
    const runsEach = Math.ceil(totalInputs / endpoints.length);
    const pdg = createClient({ providers, apiKey: 'fuzz-key', baseUrl: gateway.url, retry: 0, validate: 'off' });
    const untyped = pdg as unknown as { run(p: string, e: string, params: unknown): Promise<unknown> };
    const counts = { inputs: 0, refused: 0, sent: 0, refusedByGateway: 0, escaped: 0 };
    const strays: string[] = [];

    for (const { provider, name, endpoint } of endpoints) {
      await fc
        .assert(
          fc.asyncProperty(paramsFor(endpoint), async (params) => {
            counts.inputs++;
            const before = gateway.requests.length;
            const thrown = await untyped.run(provider.id, name, params).then(
              () => undefined,
              (error: unknown) => error,
            );
            const sent = gateway.requests.slice(before);
            if (thrown !== undefined && !isPdgError(thrown)) {
              strays.push(`${provider.id} ${name}: threw a ${inspect(thrown).slice(0, 200)}`);
              return false;
            }
            if (isPdgError(thrown) && thrown.code === 'INVALID_PARAMS') {
              counts.refused++;
              if (sent.length === 0) return true;
              strays.push(`${provider.id} ${name}: INVALID_PARAMS after sending ${sent.length} request(s)`);
              return false;
            }
            // Accepted params: sent once (the gateway may still refuse it), and within the endpoint's path.
            counts.sent++;
            if (thrown !== undefined) counts.refusedByGateway++;
            const [path = '', query = ''] = (sent[0]?.url ?? '').split('?');
            // An object or a function serialised by String() is not what the caller meant to send.
            if (new URLSearchParams(query).toString().includes('%5Bobject+')) {
              strays.push(`${provider.id} ${name}: sent [object ...] in ${query.slice(0, 200)}`);
              return false;
            }
            if (sent.length !== 1 || !staysInItsSegment(path, provider.id, endpoint)) {
              counts.escaped++;
              strays.push(`${provider.id} ${name}: sent ${sent.length} request(s) to ${path.slice(0, 200)}`);
              return false;
            }
            return true;
          }),
          { seed, numRuns: runsEach, endOnFailure: true },
        )
        .catch((error: unknown) => {
          // What went wrong, in a few lines, rather than a counterexample of 100 000 characters.
          throw new Error(`fuzz failed: ${strays.join('\n')}`, { cause: error });
        });
    }

    console.log(
      `fuzz: ${counts.inputs} inputs over ${endpoints.length} endpoints of ${providers.length} providers, ` +
        `${counts.refused} refused (all PdgError INVALID_PARAMS, nothing sent), ${counts.sent} sent ` +
        `(${counts.refusedByGateway} then refused by the gateway, as PdgError), ${counts.escaped} paths escaped`,
    );
    expect(strays).toEqual([]);
    expect(counts.inputs).toBeGreaterThanOrEqual(10_000);
    expect(counts.escaped).toBe(0);
    expect(counts.refused).toBeGreaterThan(0);
    expect(counts.sent).toBeGreaterThan(0);
  }, 300_000);
});
