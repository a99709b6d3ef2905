import { createClient } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';
import { harvest, openStore, parseTarget } from './dist/index.js';
import { jobs, startListingGateway } from './test/listing-gateway.ts';

const gw = await startListingGateway(jobs(20000));
const client = createClient({ providers: [jobboard], baseUrl: gw.url, apiKey: 'k' });
const store = await openStore(parseTarget('duckdb:/tmp/h7p.duckdb'));
const t = performance.now();
await harvest(client, { provider: 'jobs:jobboard', endpoint: 'browse', params: { country: 'SG', limit: 100 } }, store);
console.log('total', (performance.now() - t).toFixed(0));
for (const [k, v] of [...(globalThis as any).__prof].sort((a, b) => b[1] - a[1])) console.log(v.toFixed(0), k);
await store.close();
await gw.close();
