// core + one provider, one call: what an app that uses one endpoint ships. Bundled by test/size.test.ts.
import { createClient } from '@pdg/core';
import { jobboard } from '@pdg/jobs-jobboard';

const pdg = createClient({ providers: [jobboard] });
console.log(await pdg.run('jobs:jobboard', 'browse', { country: 'SG' }));
