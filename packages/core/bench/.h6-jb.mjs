import { bundleSize } from './bundle-size.ts';
const [src] = process.argv.slice(2);
const r = await bundleSize('/work/wt/h6-face/tests/repo/size/jobboard-call.js', {
  alias: { '@pdg/core': `${src}/index.ts`, '@pdg/core/fixtures': `${src}/fixtures/index.ts` },
  nodePaths: ['/work/wt/h6-face/packages/core/node_modules', '/work/wt/h6-face/tests/repo/node_modules'],
});
console.log('gz', r.gzipped);
const top = Object.entries(r.inputs).filter(([p]) => p.includes('src/')).sort((a, b) => b[1] - a[1]);
for (const [p, n] of top.slice(0, 60)) console.log(n, p.replace(/.*src\//, ''));
