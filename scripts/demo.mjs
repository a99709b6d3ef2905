// `pnpm demo`: builds the quickstart example and what it needs (a line per package the first time; turbo's
// cache makes a repeat instant), then runs it: against the mock gateway, or the real one when
// PDG_BASE_URL and PDG_API_KEY are set.
import { buildShowingSteps, runNode } from './build.mjs';

await buildShowingSteps('example-quickstart');
runNode('examples/quickstart/dist/index.js', process.argv.slice(2));
