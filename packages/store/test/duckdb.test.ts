import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duckdbEngine } from '../src/duckdb.js';
import { openStore } from '../src/open-store.js';
import { parseTarget } from '../src/target.js';
import { jobs, startListingGateway } from './listing-gateway.js';
import { harvestOnce, runScenario, type ScenarioResult } from './scenario.js';

const dir = mkdtempSync(join(tmpdir(), 'pdg-store-duckdb-'));
const file = join(dir, 'harvest.duckdb');
let result: ScenarioResult;
/** The table after the first run, before the listing changes. */
let afterFirst: { cities: Record<string, unknown>; provenance: Record<string, unknown> };

async function query(sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(file);
  const connection = await instance.connect();
  try {
    return (await connection.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

beforeAll(async () => {
  result = await runScenario(`duckdb:${file}`, async () => {
    const [cities] = await query(
      `SELECT count(*) FILTER (WHERE location.city = 'Singapore') AS singapore, count(DISTINCT "jobId") AS ids, count(*) AS rows FROM jobs_jobboard_browse`,
    );
    const [provenance] = await query(
      `SELECT count(*) FILTER (WHERE _pdg_request_id LIKE 'req-%' AND _pdg_fetched_at IS NOT NULL AND _pdg_run_id IS NOT NULL) AS stamped, count(*) FILTER (WHERE _pdg_extra->>'boardRank' IS NOT NULL) AS extras FROM jobs_jobboard_browse`,
    );
    afterFirst = { cities: cities as Record<string, unknown>, provenance: provenance as Record<string, unknown> };
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a harvest into DuckDB', () => {
  it('takes 230 jobs in 5 requests, each once by jobId, typed from the schema, with provenance and one ledger row', async () => {
    expect(result.first.requests).toBe(5);
    expect(result.first.summary).toMatchObject({
      table: 'jobs_jobboard_browse',
      mode: 'full',
      requests: 5,
      pages: 5,
      inserted: 230,
      updated: 0,
      unchanged: 0,
      rows: 230,
    });
    const types = await query(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'jobs_jobboard_browse'`,
    );
    const typeOf = Object.fromEntries(types.map((row) => [row.column_name, row.data_type]));
    expect(typeOf).toMatchObject({
      jobId: 'VARCHAR',
      title: 'VARCHAR',
      isRemote: 'BOOLEAN',
      createdAt: 'TIMESTAMP WITH TIME ZONE',
    });
    expect(String(typeOf.location)).toMatch(/^STRUCT\(city VARCHAR/);
    expect(afterFirst.cities).toEqual({ singapore: '115', ids: '230', rows: '230' });
    expect(afterFirst.provenance).toEqual({ stamped: '230', extras: '230' });
    const [ledger] = await query(
      `SELECT count(*) AS runs FROM _pdg_runs WHERE "runId" = '${result.first.summary.runId}'`,
    );
    expect(ledger).toEqual({ runs: '1' });
  });

  it('sends at most 2 requests when nothing is new, and keeps 230 rows', () => {
    expect(result.again.requests).toBeLessThanOrEqual(2);
    expect(result.again.summary).toMatchObject({ mode: 'incremental', inserted: 0, updated: 0, rows: 230 });
  });

  it('takes 7 new jobs and 1 edit in at most 2 requests: 237 rows, the edit in place, the change feed naming them', async () => {
    expect(result.changed.requests).toBeLessThanOrEqual(2);
    expect(result.changed.summary).toMatchObject({ mode: 'incremental', inserted: 7, updated: 1, rows: 237 });
    const [edited] = await query(
      `SELECT title, count(*) OVER () AS copies FROM jobs_jobboard_browse WHERE "jobId" = '${result.editedId}'`,
    );
    expect(edited).toEqual({ title: expect.stringContaining('(senior)'), copies: '1' });
    const changes = await query(
      `SELECT "key", change, fields::VARCHAR AS fields FROM _pdg_changes WHERE "runId" = '${result.changed.summary.runId}' ORDER BY "key"`,
    );
    expect(changes.filter((row) => row.change === 'added').map((row) => row.key)).toEqual([...result.newIds].sort());
    expect(changes.filter((row) => row.change === 'changed')).toEqual([
      { key: result.editedId, change: 'changed', fields: '["title"]' },
    ]);
  });

  it('walks every page on a full refresh and still holds 237 rows, each once', async () => {
    expect(result.full.requests).toBe(5);
    expect(result.full.summary).toMatchObject({ mode: 'full', pages: 5, unchanged: 237, inserted: 0, rows: 237 });
    const [distinct] = await query(
      `SELECT count(DISTINCT _pdg_key) AS keys, count(*) AS rows FROM jobs_jobboard_browse`,
    );
    expect(distinct).toEqual({ keys: '237', rows: '237' });
  });

  it('records each run in the ledger with its mode, figures and status', async () => {
    const runs = await query(`SELECT mode, status, requests, inserted, updated FROM _pdg_runs ORDER BY "startedAt"`);
    expect(runs).toEqual([
      { mode: 'full', status: 'completed', requests: '5', inserted: '230', updated: '0' },
      {
        mode: 'incremental',
        status: 'completed',
        requests: String(result.again.requests),
        inserted: '0',
        updated: '0',
      },
      {
        mode: 'incremental',
        status: 'completed',
        requests: String(result.changed.requests),
        inserted: '7',
        updated: '1',
      },
      { mode: 'full', status: 'completed', requests: '5', inserted: '0', updated: '0' },
    ]);
  });
});

describe('jobs no longer listed', () => {
  it('are marked removed after a complete full walk, and deleted only with deleteStale', async () => {
    const target = `duckdb:${join(dir, 'removed.duckdb')}`;
    const gateway = await startListingGateway(jobs(120));
    try {
      await harvestOnce(gateway, target);
      // Jobs 1 and 2 (the oldest, on the last page) are gone from the listing.
      gateway.jobs = jobs(118, 3);
      const incremental = await harvestOnce(gateway, target);
      expect(incremental.summary).toMatchObject({ mode: 'incremental', removed: 0, rows: 120 });
      const full = await harvestOnce(gateway, target, true);
      expect(full.summary).toMatchObject({ mode: 'full', removed: 2, rows: 120 });
      const marked = await queryFile(
        join(dir, 'removed.duckdb'),
        `SELECT "jobId" FROM jobs_jobboard_browse WHERE _pdg_removed_at IS NOT NULL ORDER BY "jobId"`,
      );
      expect(marked).toEqual([{ jobId: 'job-00001' }, { jobId: 'job-00002' }]);
      const feed = await queryFile(
        join(dir, 'removed.duckdb'),
        `SELECT "key" FROM _pdg_changes WHERE change = 'removed' AND "runId" = '${full.summary.runId}' ORDER BY "key"`,
      );
      expect(feed).toEqual([{ key: 'job-00001' }, { key: 'job-00002' }]);
      // With deleteStale: the rows marked before are deleted (nothing newly removed), then one more goes.
      const deleted = await harvestOnce(gateway, target, true, true);
      expect(deleted.summary).toMatchObject({ removed: 0, rows: 118 });
      gateway.jobs = jobs(117, 4);
      const swept = await harvestOnce(gateway, target, true, true);
      expect(swept.summary).toMatchObject({ removed: 1, rows: 117 });
    } finally {
      await gateway.close();
    }
  });
});

describe('each item once', () => {
  it('a job listed on two pages of one walk (the listing shifting under it) is one row, counted once as added', async () => {
    const file = join(dir, 'shifted.duckdb');
    // 150 jobs, 50 a page, and job 90 (on page 2) shown again on page 3: the pages after the first may be
    // committed together or apart, and either way the job is written once.
    const listing = jobs(150);
    listing.splice(110, 0, listing[60] as (typeof listing)[number]);
    const gateway = await startListingGateway(listing);
    try {
      const run = await harvestOnce(gateway, `duckdb:${file}`);
      expect(run.summary).toMatchObject({ pages: 4, inserted: 150, unchanged: 1, rows: 150 });
      const [counts] = await queryFile(
        file,
        `SELECT (SELECT count(*) FROM jobs_jobboard_browse) AS rows, (SELECT count(*) FROM _pdg_changes WHERE change = 'added') AS added`,
      );
      expect(counts).toEqual({ rows: '150', added: '150' });
    } finally {
      await gateway.close();
    }
  });

  it("is the table's primary key: DuckDB refuses a second row of a stored key", async () => {
    const file = join(dir, 'shifted.duckdb');
    const [key] = await queryFile(
      file,
      `SELECT constraint_column_names::VARCHAR AS columns FROM duckdb_constraints() WHERE table_name = 'jobs_jobboard_browse' AND constraint_type = 'PRIMARY KEY'`,
    );
    expect(key).toEqual({ columns: '[_pdg_key]' });
    await expect(
      queryFile(file, `INSERT INTO jobs_jobboard_browse (_pdg_key) SELECT _pdg_key FROM jobs_jobboard_browse LIMIT 1`),
    ).rejects.toThrow(/duplicate key|PRIMARY KEY|constraint/i);
  });
});

describe("a batch's statements", () => {
  it('are committed together or not at all, large values bound and small ones written in', async () => {
    const engine = await duckdbEngine(join(dir, 'script.duckdb'));
    try {
      await engine.run('CREATE TABLE "t" ("n" INTEGER PRIMARY KEY, "label" VARCHAR)');
      // A list long enough to be bound rather than written in, and a label with a quote to be written in.
      const numbers = JSON.stringify(Array.from({ length: 3_000 }, (_, index) => index + 2));
      const insertMany = {
        sql: `INSERT INTO "t" SELECT unnest(from_json($1, '["INTEGER"]')), $2::VARCHAR`,
        params: [numbers, "it's many"],
      };
      const insertOne = { sql: 'INSERT INTO "t" VALUES ($1, $2)', params: [1, "it's one"] };
      // The second statement fails (a key the first wrote): nothing of the batch stays.
      await expect(
        engine.script([insertMany, { sql: 'INSERT INTO "t" VALUES ($1, $2)', params: [2, 'again'] }]),
      ).rejects.toThrow(/duplicate key|PRIMARY KEY|constraint/i);
      expect(await engine.query('SELECT count(*)::INTEGER AS "rows" FROM "t"')).toEqual([{ rows: 0 }]);
      // The store goes on: the next batch is committed whole.
      await engine.script([insertMany, insertOne]);
      expect(
        await engine.query(
          'SELECT count(*)::INTEGER AS "rows", count(*) FILTER (WHERE "label" = \'it\'\'s many\')::INTEGER AS "many", max("label") FILTER (WHERE "n" = 1) AS "one" FROM "t"',
        ),
      ).toEqual([{ rows: 3_001, many: 3_000, one: "it's one" }]);
    } finally {
      await engine.close();
    }
  });
});

describe('a DuckDB file', () => {
  it('is opened by one store of this process at a time: a second is refused saying so, and may open it once the first closes', async () => {
    const target = parseTarget(`duckdb:${join(dir, 'once.duckdb')}`);
    const first = await openStore(target);
    try {
      await expect(openStore(target)).rejects.toThrow(/is already open in this process.*close it first/);
    } finally {
      await first.close();
    }
    const again = await openStore(target);
    await again.close();
  });
});

async function queryFile(path: string, sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  try {
    return (await connection.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
