#!/usr/bin/env node
// The `pdg` command. In a checkout of the repository (where the CLI's sources sit next to this file) it
// first rebuilds the CLI and what it depends on if their sources changed, with the repository's own
// `buildQuietly`, so `pnpm pdg …` and `pnpm exec pdg …` always run the current code; turbo's cache makes
// that instant when nothing changed. Installed from npm there are no sources: it runs the built CLI.
import { existsSync } from 'node:fs';

const buildScript = new URL('../../../scripts/build-quietly.mjs', import.meta.url);
if (existsSync(new URL('../src/cli.ts', import.meta.url)) && existsSync(buildScript)) {
  const { buildQuietly } = await import(buildScript.href);
  buildQuietly('@pdg/cli');
}
await import('../dist/cli.js');
