// `pnpm docs`: builds the CLI (and the site package) if they changed, then writes the API reference site as
// static files into site/ (`pdg docs --out site`; more flags pass on: `pnpm docs --server-url URL`). The
// release workflow publishes that folder to GitHub Pages.
import { buildQuietly, runNode } from './build-quietly.mjs';

buildQuietly('@pdg/cli');
runNode('packages/cli/bin/pdg.js', ['docs', '--out', 'site', ...process.argv.slice(2)]);
