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
import { exampleParams, formatEndpoint } from '../src/endpoint-text.js';

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
    // No fixture records these words: the answer is the world's, from the threads the search fixtures hold.
    type Results = { results: { title: string }[]; total: number };
    const both = (await run('social-media:forum', 'search', { keywords: 'split firmware' })) as Results;
    const one = (await run('social-media:forum', 'search', { keywords: 'split' })) as Results;
    expect(both.results.length).toBeGreaterThan(0);
    for (const thread of both.results) {
      const title = thread.title.toLowerCase();
      expect([title.includes('split'), title.includes('firmware')], title).toEqual([true, true]);
    }
    // Not any word: threads that hold only "split" are left out.
    expect(one.total).toBeGreaterThan(both.total);
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
    expect(hot.threads.length).toBeGreaterThan(0);
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

type Item = Record<string, unknown>;

/** Every item of a walk over every page, as `pdg.items()` yields them. */
async function walkAll(provider: string, endpoint: string, params: Record<string, unknown>): Promise<Item[]> {
  const items: Item[] = [];
  const iterate = client.items as unknown as (
    p: string,
    e: string,
    params: Record<string, unknown>,
  ) => AsyncIterable<Item>;
  for await (const item of iterate(provider, endpoint, params)) items.push(item);
  return items;
}

/** The items of `part` that `whole` does not hold with the very same fields, named by `id` (JSON without one). */
function outside(part: readonly Item[], whole: readonly Item[], id?: string): string[] {
  const name = (item: Item) => (id === undefined ? JSON.stringify(item) : String(item[id]));
  const held = new Map(whole.map((item) => [name(item), JSON.stringify(item)]));
  return part.filter((item) => held.get(name(item)) !== JSON.stringify(item)).map(name);
}

describe('one listing per provider and kind of record: a filter keeps a subset, a record reads the same everywhere', () => {
  const country = (job: Item) => (job.location as { countryCode: string }).countryCode;

  it('jobs:jobboard browse: every filtered walk is part of the unfiltered one, with the same fields', async () => {
    const whole = await walkAll('jobs:jobboard', 'browse', { limit: 100 });
    expect(whole).toHaveLength(250);
    expect(new Set(whole.map((job) => job.jobId)).size).toBe(250);
    const cases: [Record<string, unknown>, (job: Item) => boolean][] = [
      [{ country: 'SG' }, (job) => country(job) === 'SG'],
      [{ country: 'SG', remote: true }, (job) => country(job) === 'SG' && job.isRemote === true],
      [{ remote: true }, (job) => job.isRemote === true],
      [{ country: 'VN', jobType: 'FULL_TIME' }, (job) => country(job) === 'VN' && job.employmentType === 'FULL_TIME'],
      [{ country: 'ID', remote: true, openOnly: false, sort: 'oldest' }, (job) => country(job) === 'ID'],
    ];
    for (const [filter, holds] of cases) {
      const part = await walkAll('jobs:jobboard', 'browse', { ...filter, limit: 100 });
      const label = JSON.stringify(filter);
      expect(part.length, label).toBeGreaterThan(0);
      expect(part.length, label).toBeLessThan(whole.length);
      expect(outside(part, whole, 'jobId'), label).toEqual([]);
      expect(
        part.filter((job) => !holds(job)).map((job) => job.jobId),
        label,
      ).toEqual([]);
      // The total a page states is what the walk yields.
      const page = (await run('jobs:jobboard', 'browse', { ...filter, limit: 5 })) as { total: number };
      expect(page.total, label).toBe(part.length);
    }
  });

  it('jobs:jobboard browse --country SG: 9 jobs at any page size, and --remote 2 of those 9 (fault 11)', async () => {
    const bySize = await Promise.all(
      [3, 7, 20].map((limit) => walkAll('jobs:jobboard', 'browse', { country: 'SG', limit })),
    );
    const [recorded, ...others] = bySize as [Item[], ...Item[][]];
    expect(recorded).toHaveLength(9);
    for (const other of others) expect(other.map((job) => job.jobId)).toEqual(recorded.map((job) => job.jobId));
    const remote = await walkAll('jobs:jobboard', 'browse', { country: 'SG', remote: true });
    expect(remote.map((job) => job.title)).toEqual(['Frontend Engineer (React)', 'UX Research Consultant']);
    expect(outside(remote, recorded, 'jobId')).toEqual([]);
    const { code, stdout } = await runCli([
      'run',
      'jobs:jobboard',
      'browse',
      '--country',
      'SG',
      '--remote',
      '--all',
      '--quiet',
      '--mock',
    ]);
    expect(code).toBe(0);
    const printed = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Item);
    expect(outside(printed, recorded, 'jobId')).toEqual([]);
    expect(printed).toHaveLength(2);
  });

  it('jobs:jobboard remote-jobs, internships, fresh-grad-jobs and search list jobs of the same listing', async () => {
    const whole = await walkAll('jobs:jobboard', 'browse', { limit: 100 });
    const listed = async (endpoint: string, params: Record<string, unknown>) =>
      ((await run('jobs:jobboard', endpoint, params)) as { items: Item[] }).items;
    const remote = await listed('remote-jobs', { country: 'SG' });
    expect(remote.length).toBeGreaterThan(0);
    expect(remote.every((job) => job.workArrangement === 'REMOTE' && country(job) === 'SG')).toBe(true);
    const internships = await listed('internships', { country: 'MY' });
    expect(internships.length).toBeGreaterThan(0);
    expect(internships.every((job) => job.employmentType === 'INTERNSHIP' && country(job) === 'MY')).toBe(true);
    const freshGrad = await listed('fresh-grad-jobs', { country: 'VN' });
    const search = await listed('search', { query: 'engineer' });
    expect(freshGrad.length).toBeGreaterThan(0);
    expect(search.length).toBeGreaterThan(0);
    for (const [name, part] of [
      ['remote-jobs', remote],
      ['internships', internships],
      ['fresh-grad-jobs', freshGrad],
      ['search', search],
    ] as const) {
      expect(outside(part, whole, 'jobId'), name).toEqual([]);
    }
  });

  it("jobs:jobboard job/{jobId}: a job's detail agrees with its listing row, recorded jobs and made ones alike", async () => {
    const whole = await walkAll('jobs:jobboard', 'browse', { limit: 100 });
    // The recorded jobs of Singapore, and jobs the mock made past the fixtures' records.
    const rows = [...whole.filter((job) => country(job) === 'SG').slice(0, 9), ...whole.slice(-3)];
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      const detail = (await run('jobs:jobboard', 'job', { jobId: row.jobId })) as Item;
      // A list row holds the company's id and the description cut short ("…"); the detail, all of both.
      const { company, description, ...fields } = row;
      expect(detail, String(row.jobId)).toMatchObject(fields);
      expect((detail.company as Item).id).toEqual((company as Item).id);
      expect(String(detail.description).startsWith(String(description).replace(/…$/, ''))).toBe(true);
    }
  });

  it('music:catalogstore search and social-media:forum search: a narrower question keeps a subset', async () => {
    type Search = { items: Item[] };
    const velvet = (await run('music:catalogstore', 'search', { q: 'velvet', limit: 50 })) as Search;
    const albums = (await run('music:catalogstore', 'search', { q: 'velvet', type: 'album', limit: 50 })) as Search;
    expect(albums.items.length).toBeGreaterThan(0);
    expect(albums.items.length).toBeLessThan(velvet.items.length);
    expect(outside(albums.items, velvet.items)).toEqual([]);
    const split = await walkAll('social-media:forum', 'search', { keywords: 'split' });
    const firmware = await walkAll('social-media:forum', 'search', { keywords: 'split firmware' });
    expect(firmware.length).toBeGreaterThan(0);
    expect(firmware.length).toBeLessThan(split.length);
    expect(outside(firmware, split, 'threadId')).toEqual([]);
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
