/**
 * Resumable walks over real HTTP: a walk stopped after 37 items, its checkpoint sent through JSON, is
 * continued by a fresh client and yields exactly the remaining items, for page-numbered and cursor paging.
 */
import { createClient, toArray } from '@pdg/core';
import { type RunningMockGateway, startMockGateway } from '@pdg/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures, notes } from './provider.js';

let gateway: RunningMockGateway;
const client = () => createClient({ providers: [notes], apiKey: 'any-key', baseUrl: gateway.url, retry: 0 });

beforeAll(async () => {
  gateway = await startMockGateway({ providers: [notes], fixtures, listingSize: 95 });
});
afterAll(async () => {
  await gateway.close();
});

const ids = (items: readonly { noteId?: string | undefined }[]) => items.map((item) => item.noteId);

describe.each([
  ['page-numbered', 'list'],
  ['cursor', 'feed'],
] as const)('items() over a %s endpoint', (_kind, endpoint) => {
  it('stopped after 37 items and resumed from its JSON checkpoint in a fresh client, yields the rest exactly', async () => {
    const everything = ids(await toArray(client().items('test:notes', endpoint, { limit: 10 })));
    expect(everything).toHaveLength(95);
    expect(new Set(everything).size).toBe(95);

    const first = client().items('test:notes', endpoint, { limit: 10 });
    const taken: (string | undefined)[] = [];
    for await (const note of first) {
      taken.push(note.noteId);
      if (taken.length === 37) break;
    }
    const saved = JSON.stringify(first.checkpoint);
    expect(JSON.parse(saved)).toMatchObject({ taken: 7 });

    const rest = ids(
      await toArray(client().items('test:notes', endpoint, { limit: 10 }, { resume: JSON.parse(saved) })),
    );
    expect(taken).toEqual(everything.slice(0, 37));
    expect(rest).toEqual(everything.slice(37));
  });

  it('a checkpoint taken at the end of the walk resumes to nothing', async () => {
    const walk = client().items('test:notes', endpoint, { limit: 50 });
    await toArray(walk);
    expect(walk.checkpoint).toEqual({ taken: 0, done: true });
    expect(await toArray(client().items('test:notes', endpoint, { limit: 50 }, { resume: walk.checkpoint }))).toEqual(
      [],
    );
  });
});

describe('pages() checkpoints', () => {
  it('point at the page after the last one handed out', async () => {
    const walk = client().pages('test:notes', 'list', { limit: 10 });
    const seen: number[] = [];
    for await (const page of walk) {
      seen.push(page.page);
      if (seen.length === 3) break;
    }
    expect(walk.checkpoint).toEqual({ at: 4, taken: 0 });
    const rest = await toArray(client().pages('test:notes', 'list', { limit: 10 }, { resume: walk.checkpoint }));
    expect(rest.map((page) => page.page)).toEqual([4, 5, 6, 7, 8, 9, 10]);
  });

  it('a damaged checkpoint is refused before anything is sent', async () => {
    const before = gateway.requestCount;
    const walk = () => client().items('test:notes', 'list', {}, { resume: { taken: -1 } });
    expect(walk).toThrow(/resume must be a checkpoint a walk gave/);
    expect(gateway.requestCount).toBe(before);
  });
});

it('toArray stops at maxItems without fetching further pages', async () => {
  const before = gateway.requestCount;
  const notesTaken = await toArray(client().items('test:notes', 'list', { limit: 10 }), { maxItems: 15 });
  expect(notesTaken).toHaveLength(15);
  expect(gateway.requestCount - before).toBe(2);
});
