/**
 * The mock gateway as one world, walked as a user would: every id a listing or search returns opens on the
 * endpoint keyed by it, params filter, page sizes cut, and an unknown id names ids that exist.
 */

import { execFile } from 'node:child_process';
import type { Fixture } from '@pdg/core';
import { type AnyProvider, buildUrl, contentOf, createClient, type EndpointDefinition, isPdgError } from '@pdg/core';
import { describeParams, paramsFromStrings } from '@pdg/core/describe';
import { startMockGateway } from '@pdg/mock';
import { ProviderWorld } from '@pdg/mock/responder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs } from '../src/args.js';
import { fixturesOf, loadProviders } from '../src/catalog.js';
import { exampleParams, formatEndpoint } from '../src/describe.js';

const providers = await loadProviders();
const fixtures = await fixturesOf(providers);

import { paramFlags } from '../src/run-params.js';
import { cleanEnv, cli, runCli } from './run-cli.js';

let gateway: Awaited<ReturnType<typeof startMockGateway>>;
let client: ReturnType<typeof createClient<AnyProvider[]>>;
beforeAll(async () => {
  gateway = await startMockGateway({ providers, fixtures });
  client = createClient({ apiKey: 'test-key-not-a-secret', baseUrl: gateway.url, providers: [...providers] });
});
afterAll(() => gateway.close());

const run = (provider: string, endpoint: string, params: Record<string, unknown>) =>
  (client.run as (p: string, e: string, params: Record<string, unknown>) => Promise<unknown>)(
    provider,
    endpoint,
    params,
  );

/** The body the mock sends for a call, unwrapped from the envelope where the endpoint has one. */
async function fetchContent(provider: AnyProvider, endpointName: string, params: Record<string, unknown>) {
  const endpoint = provider.endpoints[endpointName] as EndpointDefinition;
  const url = buildUrl({
    baseUrl: gateway.url,
    provider: provider.id,
    endpoint: endpointName,
    definition: endpoint,
    params,
  });
  const response = await fetch(url, { headers: { 'x-api-key': 'test-key-not-a-secret' } });
  return { status: response.status, content: contentOf(endpoint, await response.json()) };
}

const hasList = (content: unknown) =>
  typeof content === 'object' &&
  content !== null &&
  Object.values(content).some(
    (value) => Array.isArray(value) && value.some((entry) => typeof entry === 'object' && entry !== null),
  );

/** The params `endpoint` requires besides `key`, as the first of its answered fixtures that has them gives them. */
function requiredBesides(endpoint: EndpointDefinition, key: string, fixtures: readonly Fixture[]) {
  const required = describeParams(endpoint)
    .filter((param) => param.required && param.name !== key)
    .map((param) => param.name);
  if (required.length === 0) return {};
  const source = fixtures.find(
    (fixture) => (fixture.status ?? 200) === 200 && required.every((name) => fixture.params[name] !== undefined),
  );
  return Object.fromEntries(required.map((name) => [name, source?.params[name]]));
}

/** The next page's params after this content, for a paged endpoint, if there is one. */
function nextParams(endpoint: EndpointDefinition, params: Record<string, unknown>, content: unknown) {
  const body = content as { nextPage?: number | null; nextCursor?: string | null };
  if (endpoint.paging?.kind === 'page' && typeof body.nextPage === 'number') return { ...params, page: body.nextPage };
  if (endpoint.paging?.kind === 'cursor' && typeof body.nextCursor === 'string')
    return { ...params, cursor: body.nextCursor };
  return undefined;
}

describe('every id a listing or search returns opens on its detail endpoint', () => {
  for (const provider of providers) {
    const own = fixtures.filter((fixture) => fixture.provider === provider.id);
    const world = new ProviderWorld(provider, own);
    const keyed = world.keyed();
    if (keyed.length === 0) continue;

    it(`${provider.id}: ${keyed.map(({ endpoint }) => endpoint).join(', ')}`, async () => {
      const opened = new Map<string, Set<string>>(keyed.map(({ endpoint }) => [endpoint, new Set()]));
      const failures: string[] = [];
      for (const [endpointName, endpoint] of Object.entries(provider.endpoints) as [string, EndpointDefinition][]) {
        for (const fixture of own.filter((entry: Fixture) => entry.endpoint === endpointName)) {
          if ((fixture.status ?? 200) !== 200 || !hasList(contentOf(endpoint, fixture.response))) continue;
          // The fixture's own page, then pages past the recorded ones (whose items the mock makes from them).
          let params: Record<string, unknown> | undefined = { ...fixture.params };
          for (let pageCount = 0; params && pageCount < 4; pageCount++) {
            const { status, content } = await fetchContent(provider, endpointName, params);
            expect(status, `${provider.id} ${endpointName} ${JSON.stringify(params)}`).toBe(200);
            for (const { endpoint: target, key } of keyed) {
              const seen = opened.get(target) as Set<string>;
              const ids = [...world.idsIn(target, endpointName, content).keys()].filter((id) => !seen.has(id));
              for (const id of ids.slice(0, 3)) {
                seen.add(id);
                const targetEndpoint = provider.endpoints[target] as EndpointDefinition;
                // The id, with the target's other required params as one of its fixtures gives them (a
                // quote by pairId still needs the query the spec requires).
                const others = requiredBesides(
                  targetEndpoint,
                  key,
                  own.filter((entry) => entry.endpoint === target),
                );
                const detailParams = targetEndpoint.undocumented
                  ? { ...others, [key]: id }
                  : { ...others, ...paramsFromStrings(targetEndpoint, { [key]: id }) };
                try {
                  await run(provider.id, target, detailParams);
                } catch (error) {
                  failures.push(
                    `${endpointName} ${JSON.stringify(params)} lists ${key} ${id}; ${target} answers: ${
                      isPdgError(error) ? `${error.status} ${error.message}` : String(error)
                    }`,
                  );
                }
              }
            }
            params = endpoint.paging ? nextParams(endpoint, params, content) : undefined;
          }
        }
      }
      expect(failures).toEqual([]);
      // Every keyed endpoint is reached from some response: none is a dead end of the world.
      const unreached = [...opened].filter(([, ids]) => ids.size === 0).map(([target]) => target);
      expect(unreached, `keyed endpoints no response links to`).toEqual([]);
    });
  }
});

describe('params filter the world, page sizes cut it', () => {
  it('browse --country VN returns only jobs in Vietnam, on every page of the walk', async () => {
    const { code, stdout } = await runCli([
      'run',
      'jobs:jobboard',
      'browse',
      '--country',
      'VN',
      '--all',
      '--quiet',
      '--mock',
    ]);
    expect(code).toBe(0);
    const jobs = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { location: { countryCode: string } });
    expect(jobs.length).toBeGreaterThan(1);
    expect(new Set(jobs.map((job) => job.location.countryCode))).toEqual(new Set(['VN']));
  });

  it('search --limit 2 returns 2 items, and a query that matches nothing an empty page', async () => {
    const two = await runCli(['run', 'music:catalogstore', 'search', '--q', 'velvet orbit', '--limit', '2', '--mock']);
    expect(two.code).toBe(0);
    expect((JSON.parse(two.stdout) as { items: unknown[]; count: number }).items).toHaveLength(2);
    const none = await runCli(['run', 'music:catalogstore', 'search', '--q', 'nothing matches this', '--mock']);
    expect(none.code).toBe(0);
    expect(JSON.parse(none.stdout)).toMatchObject({ count: 0, items: [] });
  });

  it('an enum filter keeps only the items of that value', async () => {
    const result = (await run('music:catalogstore', 'search', { q: 'velvet', type: 'album' })) as {
      items: { type: string }[];
    };
    expect(result.items.length).toBeGreaterThan(0);
    expect(result.items.every((item) => item.type === 'album')).toBe(true);
  });

  it('a text query keeps only the items whose titles or names hold every word of it', async () => {
    const result = (await run('social-media:forum', 'search', { keywords: 'floppy drive' })) as {
      results: { title: string }[];
    };
    for (const thread of result.results) expect(thread.title.toLowerCase()).toMatch(/floppy|drive/);
  });

  it('a page-size param cuts lists of endpoints that are not paged (catalogstore, metadb)', async () => {
    const one = (await run('music:catalogstore', 'search', { q: 'velvet orbit', limit: 1 })) as { items: unknown[] };
    expect(one.items).toHaveLength(1);
  });

  it('an unknown id answers 404 naming ids that exist', async () => {
    const { status, content } = await fetchContent(
      providers.find((provider) => provider.id === 'jobs:jobboard') as AnyProvider,
      'job',
      { jobId: 'no-such-job' },
    );
    expect(status).toBe(404);
    expect(content).toMatchObject({
      message: expect.stringMatching(/no job for jobId "no-such-job"\. jobId values that exist: \S+/),
    });
  });

  it('a detail derived from a listed item agrees with it in the fields both carry', async () => {
    const hot = (await run('social-media:forum', 'hot', {})) as {
      threads: { threadId: string; title: string; totalViews: number }[];
    };
    for (const listed of hot.threads) {
      const detail = (await run('social-media:forum', 'thread', { threadId: listed.threadId })) as {
        thread: { threadId: string; title: string; totalViews: number };
      };
      expect(detail.thread).toMatchObject({
        threadId: listed.threadId,
        title: listed.title,
        totalViews: listed.totalViews,
      });
    }
  });
});

/** The words a POSIX shell makes of a command line that quotes with single quotes only. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  const pattern = /(?:'([^']*)'|\\(.)|([^\s'\\]+))|(\s+)/g;
  let word: string | undefined;
  for (const match of line.matchAll(pattern)) {
    if (match[4] !== undefined) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? '') + (match[1] ?? match[2] ?? match[3] ?? '');
  }
  if (word !== undefined) words.push(word);
  return words;
}

const exampleOf = (text: string) => /^Example \(answered offline with --mock\): (pdg .*)$/m.exec(text)?.[1];

describe('pdg describe shows, per endpoint, an example the mock answers', () => {
  it('every endpoint of every provider: the example, read as pdg reads it, answers 200 from the mock', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const provider of providers) {
      for (const [name, endpoint] of Object.entries(provider.endpoints) as [string, EndpointDefinition][]) {
        const text = formatEndpoint(provider.id, name, endpoint, exampleParams(fixtures, provider.id, name));
        const example = exampleOf(text);
        if (!example) {
          failures.push(`${provider.id} ${name}: no example in\n${text}`);
          continue;
        }
        const args = parseArgs(shellWords(example).slice(1));
        expect(args.positionals).toEqual(['run', provider.id, name]);
        expect(args.flags.has('mock')).toBe(true);
        try {
          await run(provider.id, name, paramsFromStrings(endpoint, paramFlags(provider.id, name, endpoint, args)));
          checked++;
        } catch (error) {
          failures.push(`${example}: ${String(error)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(providers.reduce((sum, provider) => sum + Object.keys(provider.endpoints).length, 0));
  });

  it('the examples run as printed, through a shell (a quoted value, a bare boolean, a path id)', async () => {
    for (const [provider, endpoint] of [
      ['music:catalogstore', 'search'],
      ['jobs:jobboard', 'browse'],
      ['social-media:forum', 'thread'],
    ] as const) {
      const described = await runCli(['describe', provider, endpoint]);
      const example = exampleOf(described.stdout) as string;
      expect(example).toMatch(new RegExp(`^pdg run ${provider} ${endpoint} .*--mock$`));
      const shell = await new Promise<{ code: number; stdout: string }>((resolve) => {
        execFile(
          'sh',
          ['-c', `pdg() { "${process.execPath}" "${cli}" "$@"; }; ${example}`],
          { env: cleanEnv, timeout: 120_000 },
          (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
        );
      });
      expect(shell.code, example).toBe(0);
      expect(JSON.parse(shell.stdout)).toBeTypeOf('object');
    }
  });
});
