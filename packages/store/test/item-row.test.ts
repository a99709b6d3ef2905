import { jobboard } from '@pdg/jobs-jobboard';
import { describe, expect, it } from 'vitest';
import { type TableShape, tableShape } from '../src/columns.js';
import { itemRow } from '../src/item-row.js';
import { job } from './listing-gateway.js';

const table = tableShape('jobs:jobboard', 'browse', jobboard.endpoints.browse);

/** The same fields, in the opposite order, nested objects' too. */
function reversed(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([name, field]) => [name, reversed(field)]),
  );
}

const undocumented = { boardRank: 7, 'salary.currency': 'SGD', 'salary.max': 2007, 'salary.min': 1007 };

describe('an item as a row', () => {
  it('sends an item whose documented values all fit their columns as it came, its undocumented fields kept in extra', () => {
    const row = itemRow(table, job(7), {});
    expect(row.key).toBe('job-00007');
    expect(JSON.parse(row.itemJson)).toEqual(job(7));
    expect(JSON.parse(row.extraJson)).toEqual(undocumented);
    // With its fields in another order: the same key and extra.
    const again = itemRow(table, reversed(job(7)), {});
    expect(again.key).toBe(row.key);
    expect(again.extraJson).toBe(row.extraJson);
  });

  it('hashes the item again the same, and differently after any change: documented, kept in extra, undocumented', () => {
    const row = itemRow(table, job(7), {});
    expect(itemRow(table, job(7), {}).hash).toBe(row.hash);
    const changed = [
      { ...job(7), title: 'Engineer 7 (senior)' },
      { ...job(7), salary: { ...job(7).salary, min: 1 } },
      { ...job(7), boardRank: 1 },
    ];
    for (const item of changed) expect(itemRow(table, item, {}).hash).not.toBe(row.hash);
  });

  it('writes an item anew where a value does not fit: the misfit kept in extra, timestamps as ISO 8601 in UTC', () => {
    const row = itemRow(table, { ...job(7), isRemote: 'yes', createdAt: 'Thu, 01 Jan 2026 00:07:00 GMT' }, {});
    expect(JSON.parse(row.extraJson)).toEqual({ ...undocumented, isRemote: 'yes' });
    const values = JSON.parse(row.itemJson) as Record<string, unknown>;
    expect(values).toMatchObject({
      jobId: 'job-00007',
      createdAt: '2026-01-01T00:07:00.000Z',
      location: { city: 'Jurong', region: 'SG' },
    });
    expect(values).not.toHaveProperty('isRemote');
    expect(values).not.toHaveProperty('boardRank');
    // A nested object keeps its undocumented members, as an item sent as it came does.
    expect(values.salary).toEqual(job(7).salary);
  });

  it('keeps a time on a day its month lacks in extra, not moved to the next month', () => {
    const row = itemRow(table, { ...job(7), createdAt: '2026-02-30T10:00:00Z', expiresAt: '2026-04-31' }, {});
    expect(JSON.parse(row.extraJson)).toMatchObject({ createdAt: '2026-02-30T10:00:00Z', expiresAt: '2026-04-31' });
    expect(JSON.parse(row.itemJson)).not.toHaveProperty('createdAt');
    expect(JSON.parse(row.itemJson)).not.toHaveProperty('expiresAt');
    const leapDay = itemRow(table, { ...job(7), createdAt: '2028-02-29T10:00:00+08:00' }, {});
    expect(JSON.parse(leapDay.itemJson)).toMatchObject({ createdAt: '2028-02-29T10:00:00+08:00' });
  });

  it('keeps a field named like pdg’s own columns in extra, not beside them', () => {
    const row = itemRow(table, { ...job(7), _pdg_key: 'not-the-key' }, {});
    expect(row.key).toBe('job-00007');
    expect(JSON.parse(row.extraJson)).toMatchObject({ _pdg_key: 'not-the-key' });
    expect(JSON.parse(row.itemJson)).not.toHaveProperty('_pdg_key');
  });

  it('keys an item without an id by its content, the same whatever order its fields come in', () => {
    const byContent: TableShape = { ...table, itemKey: 'content' };
    const row = itemRow(byContent, job(7), {});
    expect(row.key).toMatch(/^content:[0-9a-f]{32}$/);
    expect(itemRow(byContent, reversed(job(7)), {}).key).toBe(row.key);
    const withoutId = itemRow(table, { ...job(7), jobId: undefined }, {});
    expect(withoutId.key).toMatch(/^content:/);
  });
});
