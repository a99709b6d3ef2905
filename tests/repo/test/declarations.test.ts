/**
 * The packages' emitted declarations type-check in a consumer that checks libraries too
 * (`skipLibCheck: false`) and calls every endpoint of every provider: a type that only works from the
 * sources, or only with skipLibCheck, fails here, naming the file and the error.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script of the repository, without types.
import { providerPackages } from '../../../scripts/registry.mjs';

it('every endpoint of every provider type-checks from the published declarations, libraries checked', () => {
  const script = fileURLToPath(new URL('../../bench/typecheck.ts', import.meta.url));
  const output = execFileSync(process.execPath, [script, '--declarations'], { encoding: 'utf8' });
  const figures = JSON.parse(output.trim()) as { providers: number; calls: number };
  expect(figures.providers).toBe(providerPackages().length);
  expect(figures.calls).toBeGreaterThan(0);
});
