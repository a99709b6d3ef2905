/**
 * A run stopped at its item or page limit stored the newest pages and not the rest: it is no complete walk,
 * so the next run of the same newest-first listing walks whole instead of stopping at the pages it stored,
 * whether `harvest` ran it (`maxItems`) or a queue's sink took it (`maxPages`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { afterAll, expect, it } from 'vitest';
import { harvest, openStore, parseTarget, storeSink } from '../src/index.js';
import { jobs, startListingGateway } from './listing-gateway.js';

const dir = mkdtempSync(join(tmpdir(), 'pdg-store-limits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const walk = { provider: 'jobs:jobboard', endpoint: 'browse', params: { country: 'SG', limit: 50 } };

it('harvest: a run cut at maxItems is followed by a whole walk, then by an incremental one', async () => {
  const gateway = await startListingGateway(jobs(230));
  const client = createClient({ providers: [jobboard], baseUrl: gateway.url, apiKey: 'test-key' });
  const store = await openStore(parseTarget(`duckdb:${join(dir, 'harvest.duckdb')}`));
  try {
    const cut = await harvest(client, walk, store, { maxItems: 60 });
    expect(cut).toMatchObject({ mode: 'full', pages: 2, rows: 60 });
    const whole = await harvest(client, walk, store);
    expect(whole).toMatchObject({ mode: 'full', pages: 5, inserted: 170, rows: 230 });
    expect(whole.modeReason).toContain(`the last run, ${cut.runId}, did not walk the whole listing`);
    const next = await harvest(client, walk, store);
    expect(next).toMatchObject({ mode: 'incremental', pages: 1, inserted: 0 });
  } finally {
    await store.close();
    await gateway.close();
  }
});

it('a queue sink: a walk with maxPages that reached it is followed by a whole walk of the same params', async () => {
  const client = createClient({ providers: [jobboard], baseUrl: 'http://127.0.0.1:9', apiKey: 'unused' });
  const store = await openStore(parseTarget(`duckdb:${join(dir, 'sink.duckdb')}`));
  try {
    const sink = storeSink(store, client);
    const listing = jobs(230);
    const limited = { ...walk, maxPages: 1 };
    await sink.plan({ walkId: 'walk-top', walk: limited });
    await sink.write({ walkId: 'walk-top', pageIndex: 0, items: listing.slice(0, 50), walk: limited });
    await sink.finish({ walkId: 'walk-top', walk: limited, status: 'completed' });
    // The whole listing's walk: its first page is stored and unchanged, and it goes on.
    await sink.plan({ walkId: 'walk-all', walk });
    expect(await sink.write({ walkId: 'walk-all', pageIndex: 0, items: listing.slice(0, 50), walk })).toBe(undefined);
    const [run] = await store.readRuns(['walk-all']);
    expect(run).toMatchObject({ mode: 'full' });
    expect(run?.modeReason).toContain('the last run, walk-top, did not walk the whole listing');
  } finally {
    await store.close();
  }
});
