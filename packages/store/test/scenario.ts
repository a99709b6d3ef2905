// The "must show", as one scenario any target runs: 230 jobs harvested, harvested again with nothing
// new, then with 7 new and 1 edited, then with a full refresh; each step's summary and the requests it sent.
import { createClient } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { type HarvestSummary, harvest, openStore, parseTarget, requestIdRecorder } from '../src/index.js';
import { jobs, type ListingGateway, startListingGateway } from './listing-gateway.js';

export interface Step {
  readonly summary: HarvestSummary;
  /** Requests the gateway answered in this step. */
  readonly requests: number;
}

export interface ScenarioResult {
  readonly first: Step;
  readonly again: Step;
  readonly changed: Step;
  readonly full: Step;
  /** The edited job's id. */
  readonly editedId: string;
  /** The 7 new jobs' ids. */
  readonly newIds: readonly string[];
}

const walk = { provider: 'jobs:jobboard', endpoint: 'browse', params: { country: 'SG', limit: 50 } };

/** One harvest of the walk into `target`, counting the gateway's requests. */
export async function harvestOnce(
  gateway: ListingGateway,
  target: string,
  fullRefresh = false,
  deleteStale = false,
): Promise<Step> {
  const requestIds = requestIdRecorder();
  const client = createClient({
    providers: [jobboard],
    baseUrl: gateway.url,
    apiKey: 'test-key',
    hooks: [requestIds.hooks],
  });
  const store = await openStore(parseTarget(target));
  const before = gateway.requests;
  try {
    const summary = await harvest(client, walk, store, { requestIds, fullRefresh, deleteStale });
    return { summary, requests: gateway.requests - before };
  } finally {
    await store.close();
  }
}

/** Runs the steps into `target`; `afterFirst` looks at the store between the first run and the second. */
export async function runScenario(
  target: string,
  afterFirst: () => Promise<void> = async () => {},
): Promise<ScenarioResult> {
  const gateway = await startListingGateway(jobs(230));
  try {
    const first = await harvestOnce(gateway, target);
    await afterFirst();
    const again = await harvestOnce(gateway, target);
    // 7 new jobs at the top, and one already stored (on the first page) edited in place.
    const listing = jobs(237);
    const edited = listing[20] as (typeof listing)[number];
    listing[20] = { ...edited, title: `${edited.title} (senior)` };
    gateway.jobs = listing;
    const changed = await harvestOnce(gateway, target);
    const full = await harvestOnce(gateway, target, true);
    return {
      first,
      again,
      changed,
      full,
      editedId: edited.jobId,
      newIds: listing.slice(0, 7).map((job) => job.jobId),
    };
  } finally {
    await gateway.close();
  }
}
