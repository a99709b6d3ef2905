import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runScenario, type ScenarioResult } from './scenario.js';

const dir = mkdtempSync(join(tmpdir(), 'pdg-store-parquet-'));
let result: ScenarioResult;
let afterFirst: Record<string, unknown>;

async function query(sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    return (await connection.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

const items = `read_parquet('${join(dir, 'jobs_jobboard_browse.parquet')}')`;

beforeAll(async () => {
  result = await runScenario(`parquet:${dir}`, async () => {
    const [facts] = await query(`SELECT count(*) AS rows, count(DISTINCT "jobId") AS ids FROM ${items}`);
    afterFirst = facts as Record<string, unknown>;
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a harvest into Parquet files', () => {
  it('writes each item once, the files rewritten whole at the end of each run', async () => {
    expect(afterFirst).toEqual({ rows: '230', ids: '230' });
    expect(result.again.requests).toBeLessThanOrEqual(2);
    expect(result.changed.requests).toBeLessThanOrEqual(2);
    expect(result.changed.summary).toMatchObject({ inserted: 7, updated: 1, rows: 237 });
    const [facts] = await query(
      `SELECT count(*) AS rows, count(DISTINCT "jobId") AS ids, count(*) FILTER (WHERE location.city = 'Singapore') AS singapore FROM ${items}`,
    );
    expect(facts).toEqual({ rows: '237', ids: '237', singapore: '118' });
    expect(readdirSync(dir).sort()).toEqual([
      '_pdg_changes.parquet',
      '_pdg_runs.parquet',
      '_pdg_state.parquet',
      'jobs_jobboard_browse.parquet',
    ]);
    const runs = await query(
      `SELECT mode, status FROM read_parquet('${join(dir, '_pdg_runs.parquet')}') ORDER BY "startedAt"`,
    );
    expect(runs).toEqual([
      { mode: 'full', status: 'completed' },
      { mode: 'incremental', status: 'completed' },
      { mode: 'incremental', status: 'completed' },
      { mode: 'full', status: 'completed' },
    ]);
  });
});
