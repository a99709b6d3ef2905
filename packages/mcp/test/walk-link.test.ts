/**
 * A walk cut at the result size bound ends with a `resource_link` to the rest of it, which `resources/read`
 * walks on from, with the same params and bounds; a walk that reached its end links nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connected, connect } from './connect.js';

let connected: Connected;
beforeAll(async () => {
  connected = await connect({ toolset: 'catalog', limits: { maxResultBytes: 4_000 } });
});
afterAll(async () => {
  await connected.close();
});

interface Walked {
  items: { jobId: string }[];
  walk: { done: boolean; resume?: unknown };
  note?: string;
}

describe('a walk cut at the result size bound', () => {
  it('ends with a resource_link whose read goes on after the last item kept, nothing skipped', async () => {
    const args = { provider: 'jobs:jobboard', endpoint: 'browse', params: { country: 'SG', limit: 10 }, maxItems: 10 };
    const first = await connected.call('call_endpoint', args);
    const walked = first.structuredContent as unknown as Walked;
    expect(walked.walk.done).toBe(false);
    expect(walked.items.length).toBeLessThan(10);
    expect(walked.note).toMatch(/result limit|Cut to fit/);
    const link = first.content.at(-1);
    if (link?.type !== 'resource_link') throw new Error(`expected a resource_link last, got ${JSON.stringify(link)}`);
    expect(new URL(link.uri).searchParams.get('resume')).toBe(JSON.stringify(walked.walk.resume));
    const rest = await connected.client.readResource({ uri: link.uri });
    const text = (rest.contents[0] as { text?: string }).text ?? '';
    const next = JSON.parse(text) as Walked;
    expect(next.items.length).toBeGreaterThan(0);
    // The same listing's ids alone fit the bound: the two parts are its first items, in order.
    const ids = await connected.call('call_endpoint', { ...args, fields: ['items[].jobId'] });
    const listed = (ids.structuredContent as unknown as Walked).items.map((job) => job.jobId);
    const parts = [...walked.items, ...next.items].map((job) => job.jobId);
    expect(parts).toEqual(listed.slice(0, parts.length));
  });

  it('links nothing when the walk reached its end', async () => {
    const done = await connected.call('call_endpoint', {
      provider: 'jobs:jobboard',
      endpoint: 'browse',
      params: { country: 'SG', limit: 100 },
      fields: ['items[].jobId'],
      maxItems: 500,
    });
    expect((done.structuredContent as unknown as Walked).walk.done).toBe(true);
    expect(done.content.map((block) => block.type)).toEqual(['text']);
  });
});
