/**
 * The way on from a cut walk, through the MCP SDK's client in both toolsets: the hint names a tool the
 * server serves, and a `resume` is checked as `@pdg/core` checks a checkpoint, so a forged one is the USAGE
 * error core gives, never a walk; one with a key a result never gives is INVALID_PARAMS, never a fresh start.
 */
import { createClient, isPdgError, toArray } from '@pdg/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPdgTools } from '../src/index.js';
import { apiKey, type Connected, connect, providers, textOf } from './connect.js';

let catalog: Connected;
let endpoints: Connected;
beforeAll(async () => {
  catalog = await connect({ toolset: 'catalog' });
  endpoints = await connect();
});
afterAll(async () => {
  await catalog.close();
  await endpoints.close();
});

interface Walked {
  items: { jobId: string }[];
  walk: { done: boolean; resume?: { at?: number; taken: number } };
  note?: string;
}

const walkedOf = (result: { structuredContent?: unknown }) => result.structuredContent as Walked;

/** The tool names a connected server lists. */
async function served(connected: Connected): Promise<string[]> {
  return (await connected.client.listTools()).tools.map((tool) => tool.name);
}

/** The tool the note says to call: `call <name> again`. */
function hintedTool(note: string | undefined): string | undefined {
  return /To go on, call (\S+) again/.exec(note ?? '')?.[1];
}

describe('the "to go on" hint of a cut walk', () => {
  it('in the catalog toolset names call_endpoint with resume, and following it goes on with nothing skipped', async () => {
    const params = { country: 'SG', limit: 3 };
    const first = await catalog.call('call_endpoint', {
      provider: 'jobs:jobboard',
      endpoint: 'browse',
      params,
      maxItems: 4,
    });
    const walked = walkedOf(first);
    expect(walked.walk.done).toBe(false);
    expect(hintedTool(walked.note)).toBe('call_endpoint');
    expect(await served(catalog)).toContain('call_endpoint');
    expect(walked.note).toContain(
      `call call_endpoint again with the same provider ("jobs:jobboard"), endpoint ("browse") and params, and "resume": ${JSON.stringify(walked.walk.resume)}`,
    );
    const second = walkedOf(
      await catalog.call('call_endpoint', {
        provider: 'jobs:jobboard',
        endpoint: 'browse',
        params,
        maxItems: 4,
        resume: walked.walk.resume,
      }),
    );
    const sdk = createClient({ providers, apiKey, baseUrl: catalog.gatewayUrl });
    const expected = await toArray(sdk.items('jobs:jobboard', 'browse', params), { maxItems: 8 });
    expect([...walked.items, ...second.items].map((job) => job.jobId)).toEqual(expected.map((job) => job.jobId));
  });

  it("in the endpoints toolset names the endpoint's own tool, which the server serves", async () => {
    const walked = walkedOf(await endpoints.call('jobs_jobboard_browse', { country: 'SG', limit: 3, maxItems: 4 }));
    expect(walked.walk.done).toBe(false);
    expect(hintedTool(walked.note)).toBe('jobs_jobboard_browse');
    expect(await served(endpoints)).toContain('jobs_jobboard_browse');
    expect(walked.note).toContain(
      `call jobs_jobboard_browse again with the same params and "resume": ${JSON.stringify(walked.walk.resume)}`,
    );
  });
});

/** What `@pdg/core`'s own walk says of a checkpoint: the error of `items()` resumed from it, on the same gateway. */
async function coreVerdict(baseUrl: string, resume: unknown): Promise<string> {
  const sdk = createClient({ providers, apiKey, baseUrl, retry: 0 });
  try {
    await toArray(sdk.items('jobs:jobboard', 'browse', { country: 'SG', limit: 3 }, { resume: resume as never }));
  } catch (error) {
    if (isPdgError(error)) return `${error.code}: ${error.message}`;
    throw error;
  }
  return 'no error';
}

/** Checkpoints no walk gives: each must be refused as core refuses it. */
const forged: Record<string, () => unknown> = {
  'taken past the page': () => ({ at: 1, taken: 1e308 }),
  'taken past the first page, no at': () => ({ taken: 4 }),
  'a fractional taken': () => ({ at: 2, taken: 0.5 }),
  'a negative taken': () => ({ at: 2, taken: -1 }),
  'a fractional page': () => ({ at: 1.5, taken: 0 }),
  'an infinite taken': () => ({ at: 2, taken: Number.MAX_VALUE * 10 }),
};

describe('a forged resume', () => {
  for (const [what, make] of Object.entries(forged)) {
    it(`(${what}) is the USAGE error core gives, in both toolsets, never a walk`, async () => {
      const verdict = await coreVerdict(endpoints.gatewayUrl, make());
      expect(verdict).toMatch(/^USAGE: resume /);
      const own = await endpoints.call('jobs_jobboard_browse', { country: 'SG', limit: 3, resume: make() });
      expect(own.isError).toBe(true);
      expect(textOf(own)).toBe(verdict);
      const viaCatalog = await catalog.call('call_endpoint', {
        provider: 'jobs:jobboard',
        endpoint: 'browse',
        params: { country: 'SG', limit: 3 },
        resume: make(),
      });
      expect(viaCatalog.isError).toBe(true);
      expect(textOf(viaCatalog)).toBe(verdict);
    });
  }

  it("(given through the arguments' __proto__) is no resume at all: pdg refuses the arguments, nothing sent", async () => {
    const tools = createPdgTools({ providers, apiKey, baseUrl: endpoints.gatewayUrl, retry: 0 });
    const catalogTools = createPdgTools({
      providers,
      apiKey,
      baseUrl: endpoints.gatewayUrl,
      retry: 0,
      toolset: 'catalog',
    });
    const before = endpoints.requests.length;
    const args = JSON.parse('{"country": "SG", "limit": 3, "__proto__": {"resume": {"at": 1, "taken": 1e308}}}');
    const own = await tools.call('jobs_jobboard_browse', args);
    expect(own.isError).toBe(true);
    expect(textOf(own)).toMatch(/^INVALID_PARAMS: .*__proto__/);
    const paramsArgs = JSON.parse('{"country": "SG", "__proto__": {"resume": {"at": 1, "taken": 1e308}}}');
    const viaCatalog = await catalogTools.call('call_endpoint', {
      provider: 'jobs:jobboard',
      endpoint: 'browse',
      params: paramsArgs,
    });
    expect(viaCatalog.isError).toBe(true);
    expect(textOf(viaCatalog)).toMatch(/^INVALID_PARAMS: .*__proto__/);
    expect(endpoints.requests.length).toBe(before);
  });

  it("(given through the arguments' __proto__ over MCP) never reaches pdg: the SDK's parse drops the key, the walk starts afresh", async () => {
    const args = JSON.parse(
      '{"country": "SG", "limit": 3, "maxItems": 3, "__proto__": {"resume": {"at": 2, "taken": 1e308}}}',
    );
    const walked = walkedOf(await endpoints.call('jobs_jobboard_browse', args));
    // One whole first page (3 jobs), going on at page 2: the forged checkpoint (page 2, 1e308 taken) was not used.
    expect(walked.items).toHaveLength(3);
    expect(walked.walk.resume).toEqual({ at: 2, taken: 0 });
  });
});

/** Resumes with a key a result never gives: each would be a walk from the start if the key were left out. */
const strayKeys: Record<string, () => unknown> = {
  'at only through __proto__': () => JSON.parse('{"__proto__": {"at": 2}, "taken": 0}'),
  'every field only through __proto__': () => JSON.parse('{"__proto__": {"at": 1, "taken": 1e308}}'),
  'a misspelt page': () => ({ page: 2, taken: 0 }),
  'done beside at and taken': () => ({ at: 2, taken: 0, done: true }),
  'no key at all': () => ({}),
  'a text': () => 'page 2',
};

describe('a resume with a key other than at and taken', () => {
  for (const [what, make] of Object.entries(strayKeys)) {
    it(`(${what}) is an INVALID_PARAMS tool error naming resume, in both toolsets, and nothing is sent`, async () => {
      const before = [endpoints.requests.length, catalog.requests.length];
      const own = await endpoints.call('jobs_jobboard_browse', { country: 'SG', limit: 3, resume: make() });
      const viaCatalog = await catalog.call('call_endpoint', {
        provider: 'jobs:jobboard',
        endpoint: 'browse',
        params: { country: 'SG', limit: 3 },
        resume: make(),
      });
      for (const result of [own, viaCatalog]) {
        expect(result.isError).toBe(true);
        expect(textOf(result)).toMatch(
          /^INVALID_PARAMS: Invalid arguments for (jobs_jobboard_browse|call_endpoint): resume must be the walk\.resume a previous call returned, passed back as is: an object of at and taken only \(received /,
        );
        const { error } = result.structuredContent as { error: { issues: { path: string }[] } };
        expect(error.issues.map((issue) => issue.path)).toEqual(['resume']);
      }
      expect([endpoints.requests.length, catalog.requests.length]).toEqual(before);
    });
  }
});
