// `pnpm pdg <args>` from the repository root: builds the CLI if it changed, then runs it.
import { buildQuietly, runNode } from './build-quietly.mjs';

buildQuietly('@pdg/cli');
runNode('packages/cli/dist/cli.js', process.argv.slice(2));
