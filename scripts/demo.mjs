// `pnpm demo`: builds the quickstart example if it changed, then runs it (against the mock gateway
// unless PDG_BASE_URL and PDG_API_KEY are set).
import { buildQuietly, runNode } from './build-quietly.mjs';

buildQuietly('example-quickstart');
runNode('examples/quickstart/dist/index.js', process.argv.slice(2));
