#!/usr/bin/env node
// The `pdg` command. First, before anything else is loaded, the Node.js version: pdg and the packages it
// loads need 22.12 or newer, and on an older Node one line says so (rather than whatever the first newer
// API or syntax would throw), with a command that works before the first release too: it runs the `pdg`
// already installed (a project's node_modules/.bin, or a checkout's) on a Node 24 from the npm registry.
// In a checkout of the repository (where the CLI's sources sit next to this file) it then rebuilds the CLI
// and what it depends on if their sources changed, with the repository's own `buildQuietly`, so
// `pnpm pdg …` and `pnpm exec pdg …` always run the current code; turbo's cache makes that quick (about a
// second) when nothing changed. Installed from npm there are no sources: it runs the built CLI.
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  process.stderr.write(
    `pdg needs Node.js 22.12 or newer, and this is Node.js ${process.versions.node}: install a newer one (https://nodejs.org), or run this pdg with a Node 24 fetched for the occasion, from the folder where it is installed (your project, or this repository after pnpm install): npx -y --loglevel=error -p node@24 -c "pdg --help"\n`,
  );
  process.exit(1);
}
const { existsSync } = await import('node:fs');
const buildScript = new URL('../../../scripts/build.mjs', import.meta.url);
// Under a turbo task (turbo sets TURBO_HASH), turbo built what the task depends on before starting it: a
// test that runs `pdg` many times does not start a turbo of its own for each.
const builtByTurbo = Boolean(process.env.TURBO_HASH);
if (!builtByTurbo && existsSync(new URL('../src/cli.ts', import.meta.url)) && existsSync(buildScript)) {
  const { buildQuietly } = await import(buildScript.href);
  buildQuietly('@pdg/cli');
}
await import('../dist/cli.js');
