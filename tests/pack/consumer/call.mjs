// A user's ES module, run in the consumer project: imports every subpath the installed packages export,
// then calls music:catalogstore search on the mock gateway and prints what came back, as JSON.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// Every @pdg package the project installed (what it asked for and the @pdg packages those need).
const project = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8'));
const packages = Object.keys(project.dependencies)
  .filter((name) => name.startsWith('@pdg/'))
  .sort();
const loaded = [];
for (const name of packages) {
  const manifest = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8'));
  for (const subpath of Object.keys(manifest.exports)) {
    if (subpath === './package.json') continue;
    const specifier = subpath === '.' ? name : `${name}${subpath.slice(1)}`;
    await import(specifier);
    loaded.push(specifier);
  }
}

const { createClient } = await import('@pdg/core');
const { startMockGateway } = await import('@pdg/mock');
const { catalogstore } = await import('@pdg/music-catalogstore');
const { fixtures } = await import('@pdg/music-catalogstore/fixtures');

const gateway = await startMockGateway({ providers: [catalogstore], fixtures });
try {
  const pdg = createClient({ providers: [catalogstore], baseUrl: gateway.url, apiKey: 'pack-test-key' });
  const { items } = await pdg.run('music:catalogstore', 'search', { q: 'velvet orbit', limit: 3 });
  console.log(
    JSON.stringify({
      node: process.version,
      core: import.meta.resolve('@pdg/core'),
      loaded,
      titles: items.map((track) => track.title),
    }),
  );
} finally {
  await gateway.close();
}
