/** Large results: cut to the stated size, saying what was left out and how to get it. */
import { createClient, toArray } from '@pdg/core';
import { describe, expect, it } from 'vitest';
import { cutToSize } from '../src/cut-to-size.js';
import { apiKey, connect, providers, textOf } from './connect.js';

const bytes = (text: string) => new TextEncoder().encode(text).byteLength;

describe('cutToSize', () => {
  const page = {
    title: 'A listing',
    items: Array.from({ length: 100 }, (_, index) => ({ id: index, text: `item number ${index} `.repeat(4) })),
  };

  it('keeps a value that fits as it is', () => {
    expect(cutToSize(page, 1_000_000, 'result')).toEqual({ value: page, cuts: [] });
  });

  it('cuts the largest array to its first whole items, within the size, and says how many of how many', () => {
    const { value, cuts } = cutToSize(page, 2_000, 'result');
    const items = (value as typeof page).items;
    expect(bytes(JSON.stringify(value))).toBeLessThanOrEqual(2_000);
    expect(items.length).toBeGreaterThan(5);
    expect(items).toEqual(page.items.slice(0, items.length));
    expect(cuts).toEqual([{ path: 'result.items', kept: items.length, of: 100, unit: 'items' }]);
    expect(page.items).toHaveLength(100);
  });

  it('cuts the last fields of the largest object only when no array or long text is left', () => {
    const record = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`field${index}`, `value ${index}`]));
    const { value, cuts } = cutToSize({ id: 'a1', record }, 500, 'result');
    const kept = Object.keys((value as { record: object }).record);
    expect(bytes(JSON.stringify(value))).toBeLessThanOrEqual(500);
    expect(kept).toEqual(Object.keys(record).slice(0, kept.length));
    expect(cuts).toEqual([{ path: 'result.record', kept: kept.length, of: 60, unit: 'fields' }]);
  });

  it('cuts a long text to its first characters, marked with an ellipsis', () => {
    const { value, cuts } = cutToSize({ body: 'é'.repeat(5_000), id: 'a1' }, 1_000, 'result');
    const body = (value as { body: string }).body;
    expect(bytes(JSON.stringify(value))).toBeLessThanOrEqual(1_000);
    expect(body.endsWith('…')).toBe(true);
    expect(cuts).toEqual([{ path: 'result.body', kept: body.length - 1, of: 5_000, unit: 'characters' }]);
  });
});

describe('a tool result over the limit', () => {
  it('of a paged tool stops before the item that does not fit, and resumes there', async () => {
    const mcp = await connect({ limits: { maxResultBytes: 4_000 } });
    try {
      const result = await mcp.call('jobs_jobboard_browse', { limit: 20, maxItems: 20 });
      const first = result.structuredContent as {
        items: { jobId: string }[];
        walk: { resume: unknown; done: boolean };
        note: string;
      };
      expect(bytes(textOf(result))).toBeLessThanOrEqual(4_000);
      expect(first.items.length).toBeGreaterThan(0);
      expect(first.items.length).toBeLessThan(20);
      expect(first.note).toContain('Stopped at the 4,000 bytes result limit');
      expect(first.note).toContain(`"resume": ${JSON.stringify(first.walk.resume)}`);
      const next = (await mcp.call('jobs_jobboard_browse', { limit: 20, maxItems: 3, resume: first.walk.resume }))
        .structuredContent as { items: { jobId: string }[] };
      const sdk = createClient({ providers, apiKey, baseUrl: mcp.gatewayUrl });
      const expected = await toArray(sdk.items('jobs:jobboard', 'browse', { limit: 20 }), {
        maxItems: first.items.length + 3,
      });
      expect([...first.items, ...next.items].map((job) => job.jobId)).toEqual(expected.map((job) => job.jobId));
    } finally {
      await mcp.close();
    }
  });

  it('of a single call is cut where it is largest, with a note naming what was cut', async () => {
    const mcp = await connect({ limits: { maxResultBytes: 1_000 } });
    try {
      const listed = (await mcp.call('jobs_jobboard_browse', { maxItems: 1 })).structuredContent as {
        items: { jobId: string }[];
      };
      const result = await mcp.call('jobs_jobboard_job', { jobId: listed.items[0]?.jobId });
      const cut = result.structuredContent as { result: unknown; note: string };
      expect(result.isError).toBeFalsy();
      expect(bytes(textOf(result))).toBeLessThanOrEqual(1_000);
      expect(cut.note).toMatch(
        /^Cut to fit 1,000 bytes: result(\.\S+)? keeps [\d,]+ of [\d,]+ (items|characters|fields)/,
      );
      expect(cut.note).toContain('ask for less');
    } finally {
      await mcp.close();
    }
  });

  it('is refused as a limit below 1,000 bytes, or a default over its maximum', async () => {
    await expect(connect({ limits: { maxResultBytes: 999 } })).rejects.toThrow(
      'limits.maxResultBytes must be a whole number >= 1000 (received 999).',
    );
    await expect(connect({ limits: { defaultItems: 60, maxItems: 50 } })).rejects.toThrow(
      'limits.defaultItems (60) must not exceed limits.maxItems (50).',
    );
  });
});
