import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresServer, postgresAvailable, startPostgres } from './postgres-server.js';
import { runScenario, type ScenarioResult } from './scenario.js';

// Without a server or initdb, only a developer's machine goes on (the suite is then not run); CI fails instead.
const runHere = postgresAvailable || process.env.CI === 'true';

describe.runIf(runHere)('a harvest into PostgreSQL', () => {
  let server: PostgresServer;
  let result: ScenarioResult;
  let afterFirst: Record<string, unknown>;

  async function query(sql: string): Promise<Record<string, unknown>[]> {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      return (await client.query(sql)).rows;
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    server = await startPostgres();
    await query('DROP TABLE IF EXISTS jobs_jobboard_browse, _pdg_runs, _pdg_changes, _pdg_state');
    result = await runScenario(server.url, async () => {
      const [facts] = await query(
        `SELECT count(*)::int AS rows, count(DISTINCT "jobId")::int AS ids, count(*) FILTER (WHERE location->>'city' = 'Singapore')::int AS singapore, count(*) FILTER (WHERE _pdg_request_id LIKE 'req-%' AND _pdg_fetched_at IS NOT NULL)::int AS stamped FROM jobs_jobboard_browse`,
      );
      afterFirst = facts as Record<string, unknown>;
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('takes 230 jobs in 5 requests, nested objects as jsonb, every row with its request id', async () => {
    expect(result.first.requests).toBe(5);
    expect(result.first.summary).toMatchObject({ mode: 'full', inserted: 230, rows: 230 });
    expect(afterFirst).toEqual({ rows: 230, ids: 230, singapore: 115, stamped: 230 });
    const types = await query(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'jobs_jobboard_browse' AND column_name IN ('jobId', 'isRemote', 'location', 'createdAt')`,
    );
    expect(Object.fromEntries(types.map((row) => [row.column_name, row.data_type]))).toEqual({
      jobId: 'text',
      isRemote: 'boolean',
      location: 'jsonb',
      createdAt: 'timestamp with time zone',
    });
  });

  it('sends at most 2 requests for nothing new, and for 7 new and 1 edited: 237 rows, the edit in place', async () => {
    expect(result.again.requests).toBeLessThanOrEqual(2);
    expect(result.changed.requests).toBeLessThanOrEqual(2);
    expect(result.changed.summary).toMatchObject({ mode: 'incremental', inserted: 7, updated: 1, rows: 237 });
    const changed = await query(
      `SELECT "key", fields FROM _pdg_changes WHERE "runId" = '${result.changed.summary.runId}' AND change = 'changed'`,
    );
    expect(changed).toEqual([{ key: result.editedId, fields: ['title'] }]);
    const [edited] = await query(`SELECT title FROM jobs_jobboard_browse WHERE "jobId" = '${result.editedId}'`);
    expect(String(edited?.title)).toContain('(senior)');
  });

  it('walks every page on a full refresh and holds 237 rows, each once', async () => {
    expect(result.full.requests).toBe(5);
    const [rows] = await query(
      `SELECT count(*)::int AS rows, count(DISTINCT "jobId")::int AS ids FROM jobs_jobboard_browse`,
    );
    expect(rows).toEqual({ rows: 237, ids: 237 });
    const runs = await query(`SELECT status FROM _pdg_runs`);
    expect(runs.map((row) => row.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
  });
});
