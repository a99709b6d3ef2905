import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('examples/quickstart', () => {
  it('runs offline against the embedded mock gateway and prints results from the three providers and a walk', async () => {
    const { PDG_BASE_URL: _, PDG_API_KEY: __, ...env } = process.env;
    const { stdout } = await run(process.execPath, ['dist/index.js'], { env, timeout: 120_000 });
    expect(stdout).toMatch(/^Using the mock gateway at http:\/\/127\.0\.0\.1:\d+/);
    expect(stdout).toContain('music:catalogstore search "velvet orbit": 3 tracks');
    expect(stdout).toContain('social-media:forum hot threads:');
    // The page's total is what the walk over the same listing yields.
    const total = /jobs:jobboard browse SG: page 1, 3 of (\d+) jobs/.exec(stdout)?.[1];
    const walked = /Walked (\d+) jobs/.exec(stdout)?.[1];
    expect(total).toBeDefined();
    expect(walked).toBe(total);
  });
});
