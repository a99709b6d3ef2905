// A user's CommonJS module, run in the consumer project: require()s every subpath the installed packages
// export (ES modules, which require() loads from Node 22.12 on), then makes the same call with them.

// Every @pdg package the project installed (what it asked for and the @pdg packages those need).
const packages = Object.keys(require('./package.json').dependencies)
  .filter((name) => name.startsWith('@pdg/'))
  .sort();
const loaded = [];
for (const name of packages) {
  const manifest = require(`${name}/package.json`);
  for (const subpath of Object.keys(manifest.exports)) {
    if (subpath === './package.json') continue;
    const specifier = subpath === '.' ? name : `${name}${subpath.slice(1)}`;
    require(specifier);
    loaded.push(specifier);
  }
}

const { createClient } = require('@pdg/core');
const { startMockGateway } = require('@pdg/mock');
const { catalogstore } = require('@pdg/music-catalogstore');
const { fixtures } = require('@pdg/music-catalogstore/fixtures');

async function main() {
  const gateway = await startMockGateway({ providers: [catalogstore], fixtures });
  try {
    const pdg = createClient({ providers: [catalogstore], baseUrl: gateway.url, apiKey: 'pack-test-key' });
    const { items } = await pdg.run('music:catalogstore', 'search', { q: 'velvet orbit', limit: 3 });
    const sameCore = (await import('@pdg/core')).createClient === createClient;
    console.log(
      JSON.stringify({
        node: process.version,
        core: require.resolve('@pdg/core'),
        loaded,
        sameCore,
        titles: items.map((track) => track.title),
      }),
    );
  } finally {
    await gateway.close();
  }
}
main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
