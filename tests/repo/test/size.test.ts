/**
 * The size budgets of size-budget.json: each entry bundled by esbuild, minified, gzip -9, as its budget says
 * (one file for the browser without code splitting, or split as an app bundler splits `import()`, counting what
 * loads before the first call; see bundle-size.ts) must stay within its budget. Raising a budget is a
 * decision: make it in size-budget.json, with the reason in the commit. `pnpm bench` in packages/core shows
 * what each byte of the one-call client is for.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleSize } from '../../../packages/core/bench/bundle-size.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));

interface Budget {
  readonly name: string;
  /** The entry, from the repository's root. */
  readonly entry: string;
  /** Bytes, minified and gzipped. */
  readonly gzipBytes: number;
  /** Measured split (what loads before the first call); otherwise as one file. */
  readonly split?: boolean;
}

const { budgets } = JSON.parse(readFileSync(`${root}size-budget.json`, 'utf8')) as { budgets: Budget[] };

/** The entry's size as its budget measures it: one file, or split (see bundle-size.ts). */
async function gzippedSize(budget: Budget): Promise<number> {
  // The packages as published: their built dist, resolved from this package.
  const { gzipped } = await bundleSize(`${root}${budget.entry}`, {
    nodePaths: [fileURLToPath(new URL('../node_modules', import.meta.url))],
    split: budget.split === true,
  });
  return gzipped;
}

/** What the test says when an entry is over its budget: the figure, the budget and where to look. */
function overBudget(budget: Budget, size: number): string | undefined {
  if (size <= budget.gzipBytes) return undefined;
  return `${budget.name} (${budget.entry}) is ${size} bytes minified and gzipped, ${size - budget.gzipBytes} over its budget of ${budget.gzipBytes} bytes in size-budget.json. See what each byte is for with \`pnpm bench\` in packages/core.`;
}

describe('size budgets (size-budget.json)', () => {
  it.each(budgets)('$name stays within $gzipBytes bytes', async (budget) => {
    const size = await gzippedSize(budget);
    expect(overBudget(budget, size), `${budget.name}: ${size} bytes`).toBeUndefined();
  });

  it('measures the one-call client as one file, as issue 42 does, besides split', () => {
    const oneFile = budgets.filter((budget) => budget.entry === 'packages/core/bench/one-call-client.js');
    expect(oneFile.map((budget) => budget.split === true).sort()).toEqual([false, true]);
  });

  it('a client whose providers have no paged endpoint carries no walk code; one with pageOf() brings it', async () => {
    // The walk is core's paging chunk (dist/paging-*.js), reached only through the paging pageOf() makes.
    const walkIn = async (entry: string) => {
      const { inputs } = await bundleSize(`${root}${entry}`, {
        nodePaths: [fileURLToPath(new URL('../node_modules', import.meta.url))],
      });
      return Object.keys(inputs).filter((path) => /core\/dist\/paging-[^/]*\.js$/.test(path) && inputs[path] > 0);
    };
    expect(await walkIn('packages/core/bench/one-call-client.js')).toEqual([]);
    expect(await walkIn('tests/repo/size/jobboard-call.js')).toHaveLength(1);
  });

  it('names the figure, the budget and the file when an entry is over', () => {
    const budget = { name: 'one-call client', entry: 'x.js', gzipBytes: 100 };
    expect(overBudget(budget, 100)).toBeUndefined();
    expect(overBudget(budget, 130)).toBe(
      'one-call client (x.js) is 130 bytes minified and gzipped, 30 over its budget of 100 bytes in size-budget.json. See what each byte is for with `pnpm bench` in packages/core.',
    );
  });
});
