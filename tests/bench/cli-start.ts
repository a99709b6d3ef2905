/**
 * The CLI's cold start with every provider included, against bare `node` in the same run: median wall time
 * of 15 starts each. Prints one JSON line of milliseconds.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../packages/cli/dist/cli.js', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));
const runs = 15;

function median(args: readonly string[]): number {
  const times: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const started = performance.now();
    const result = spawnSync(process.execPath, args, {
      cwd: here,
      encoding: 'utf8',
      env: { ...process.env, PDG_API_KEY: '' },
    });
    const elapsed = performance.now() - started;
    if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
    if (run > 0) times.push(elapsed); // the first start warms the file cache
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

console.log(
  JSON.stringify({
    node: median(['-e', '0']),
    kyValibot: median(['--input-type=module', '-e', "await import('ky'); await import('valibot');"]),
    providers: median([cli, 'providers']),
    runMock: median([cli, 'run', 'jobs:jobboard', 'browse', '--country', 'SG', '--mock']),
  }),
);
