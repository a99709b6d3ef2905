import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('examples/quickstart', () => {
  it('runs offline against the embedded mock gateway, and its figures agree with each other', async () => {
    const { PDG_BASE_URL: _, PDG_API_KEY: __, ...env } = process.env;
    const { stdout } = await run(process.execPath, ['dist/index.js'], { env, timeout: 240_000 });
    expect(stdout).toMatch(/^Using the mock gateway at http:\/\/127\.0\.0\.1:\d+/);

    // As many tracks listed as the count says.
    const music = /music:catalogstore search "velvet orbit": (\d+) tracks\n((?: {2}.*\n)*)/.exec(stdout);
    expect(music, stdout).not.toBeNull();
    const [, tracks, trackLines] = music as RegExpExecArray;
    expect(trackLines?.trimEnd().split('\n')).toHaveLength(Number(tracks));
    expect(Number(tracks)).toBe(3);

    // One page of 3 jobs, of the total the gateway gives for the listing (when it gives one).
    const page = /jobs:jobboard browse SG: page 1, 3(?: of (\d+))? jobs\n((?: {2}.*\n)*)/.exec(stdout);
    expect(page, stdout).not.toBeNull();
    const [, total, jobLines] = page as RegExpExecArray;
    expect(jobLines?.trimEnd().split('\n')).toHaveLength(3);

    expect(stdout).toMatch(/social-media:forum hot threads:\n(?: {2}.*\n){4}/);

    // The walk over the same listing: pages of 3, at most 5; it stops at maxPages only when more is left,
    // else it is the whole listing, as long as the total says; the cities add up to the jobs walked.
    const walk =
      /Walked (\d+) jobs across (\d+) pages? \((maxPages 5 stopped it|the whole listing)\); by city:\n((?: {2}.*\n)*)/.exec(
        stdout,
      );
    expect(walk, stdout).not.toBeNull();
    const [, walkedText, pagesText, stop, cityLines] = walk as RegExpExecArray;
    const [walked, pages] = [Number(walkedText), Number(pagesText)];
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(5);
    expect(walked).toBeLessThanOrEqual(pages * 3);
    expect(walked).toBeGreaterThan((pages - 1) * 3);
    if (stop === 'maxPages 5 stopped it') {
      expect([pages, walked]).toEqual([5, 15]);
      if (total !== undefined) expect(Number(total)).toBeGreaterThan(walked);
    } else if (total !== undefined) {
      expect(walked).toBe(Number(total));
    }
    const byCity = (cityLines ?? '')
      .trimEnd()
      .split('\n')
      .map((line) => Number(/: (\d+)$/.exec(line)?.[1]));
    expect(byCity.reduce((sum, count) => sum + count, 0)).toBe(walked);
  });
});
