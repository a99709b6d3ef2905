// Rewrites the generated endpoint block of the provider package README in the current directory
// from its built definitions. Run as `pnpm readme` inside a provider package (after `pnpm build`).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { updateReadme } from '@pdg/testkit/docs';

const dir = process.cwd();
const module = await import(pathToFileURL(join(dir, 'dist/index.js')).href);
const providers = Object.values(module).filter((value) => typeof value?.id === 'string' && value.endpoints);
if (providers.length !== 1)
  throw new Error(`Expected one provider export in ${dir}/dist/index.js, found ${providers.length}.`);
const path = join(dir, 'README.md');
writeFileSync(path, updateReadme(readFileSync(path, 'utf8'), providers[0]));
console.log(`Updated ${path}`);
