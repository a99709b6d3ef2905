// A harvest in a process of its own (the built package), for the tests that kill it mid-walk:
// `node test/harvest-child.ts <gateway URL> <target>`; prints the summary as JSON when it ends.
import { createClient } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { harvest, openStore, parseTarget, requestIdRecorder } from '../dist/index.js';

const [baseUrl, target] = process.argv.slice(2) as [string, string];
const requestIds = requestIdRecorder();
const client = createClient({ providers: [jobboard], baseUrl, apiKey: 'test-key', hooks: [requestIds.hooks] });
const store = await openStore(parseTarget(target));
try {
  const summary = await harvest(
    client,
    { provider: 'jobs:jobboard', endpoint: 'browse', params: { country: 'SG', limit: 50 } },
    store,
    { requestIds },
  );
  process.stdout.write(`${JSON.stringify(summary)}\n`);
} finally {
  await store.close();
}
