import { jobboard } from '@pdg/jobs-jobboard';
import { describe, expect, it } from 'vitest';
import { tableShape } from '../src/columns.js';
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

const changedFields = (before: string, after: string) => {
  const [a, b] = [JSON.parse(before), JSON.parse(after)] as Record<string, string>[];
  return Object.keys({ ...a, ...b }).filter((name) => a?.[name] !== b?.[name]);
};

describe('an item as a row', () => {
  it('hashes the same whatever order its fields come in, nested ones too', () => {
    const row = itemRow(table, job(7), {});
    const again = itemRow(table, reversed(job(7)), {});
    expect(again.hash).toBe(row.hash);
    expect(again.fieldHashesJson).toBe(row.fieldHashesJson);
    expect(again.extraJson).toBe(row.extraJson);
    expect(row.key).toBe('job-00007');
  });

  it('tells which field changed: a documented one, one kept in extra, an undocumented one', () => {
    const row = itemRow(table, job(7), {});
    const retitled = itemRow(table, { ...job(7), title: 'Engineer 7 (senior)' }, {});
    const repaid = itemRow(table, { ...job(7), salary: { ...job(7).salary, min: 1 } }, {});
    const reranked = itemRow(table, { ...job(7), boardRank: 1 }, {});
    for (const changed of [retitled, repaid, reranked]) expect(changed.hash).not.toBe(row.hash);
    expect(changedFields(row.fieldHashesJson, retitled.fieldHashesJson)).toEqual(['title']);
    expect(changedFields(row.fieldHashesJson, repaid.fieldHashesJson)).toEqual(['salary']);
    expect(changedFields(row.fieldHashesJson, reranked.fieldHashesJson)).toEqual(['boardRank']);
  });

  it('keeps what the schema does not document in extra, and writes timestamps as ISO 8601 in UTC', () => {
    const row = itemRow(table, { ...job(7), createdAt: '2026-01-01T08:07:00+08:00' }, {});
    expect(JSON.parse(row.extraJson)).toEqual({
      boardRank: 7,
      'salary.currency': 'SGD',
      'salary.max': 2007,
      'salary.min': 1007,
    });
    expect(JSON.parse(`{${row.valuesJson}}`)).toMatchObject({
      jobId: 'job-00007',
      createdAt: '2026-01-01T00:07:00.000Z',
      location: { city: 'Jurong', region: 'SG' },
    });
  });
});
