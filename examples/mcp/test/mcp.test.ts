import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('examples/mcp', () => {
  it('starts its server as a child process, lists its tools and calls them, offline', async () => {
    const { PDG_BASE_URL: _, PDG_API_KEY: __, ...env } = process.env;
    const { stdout } = await run(process.execPath, ['dist/client.js'], { env, timeout: 240_000 });
    expect(stdout).toMatch(/^Using the mock gateway at http:\/\/127\.0\.0\.1:\d+\n16 tools: jobs_jobboard_browse, /);
    expect(stdout).toContain('jobs_jobboard_browse SG: 4 jobs from 2 pages');
    expect(stdout).toContain('then, from resume {"at":2,"taken":1}: 4 more');
    expect(stdout).toContain('social-media_forum_hot: 3 threads');
    expect(stdout).toContain(
      'A wrong value is a tool error: INVALID_PARAMS: Invalid params for jobs:jobboard browse: sort must be one of "newest", "oldest" (received "sideways"). Nothing was sent.',
    );
  });
});
