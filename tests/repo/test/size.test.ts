/**
 * The size budgets of size-budget.json: each entry bundled as an app ships it (esbuild with code splitting,
 * minified, gzip -9 per chunk; what loads before the first call) must stay within its budget. Raising a
 * budget is a decision: make it in size-budget.json, with the reason in the commit. `pnpm bench` in packages/core shows what each byte of the one-call client is for.
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
}

const { budgets } = JSON.parse(readFileSync(`${root}size-budget.json`, 'utf8')) as { budgets: Budget[] };

/** What loads before the first call, as an app with code splitting ships it (see bundle-size.ts). */
async function gzippedSize(entry: string): Promise<number> {
  // The packages as published: their built dist, resolved from this package.
  const { gzipped } = await bundleSize(`${root}${entry}`, {
    nodePaths: [fileURLToPath(new URL('../node_modules', import.meta.url))],
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
    const size = await gzippedSize(budget.entry);
    expect(overBudget(budget, size), `${budget.name}: ${size} bytes`).toBeUndefined();
  });

  it('names the figure, the budget and the file when an entry is over', () => {
    const budget = { name: 'one-call client', entry: 'x.js', gzipBytes: 100 };
    expect(overBudget(budget, 100)).toBeUndefined();
    expect(overBudget(budget, 130)).toBe(
      'one-call client (x.js) is 130 bytes minified and gzipped, 30 over its budget of 100 bytes in size-budget.json. See what each byte is for with `pnpm bench` in packages/core.',
    );
  });
});
