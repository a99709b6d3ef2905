/** The command line parses as the tools people know: flags, booleans, suggestions, base URLs, progress. */
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

const rows = ['run', 'health:publichealth', 'dataset-rows', '--datasetId', 'k7qv-3m2p'];
const aggregate = ['--select', 'causeName, sum(deaths) as totalDeaths', '--group', 'causeName'];

describe('pdg flags', () => {
  it('a boolean param given alone is true, and the next flag stays a flag', async () => {
    const alone = await runCli([...rows, '--excludeSystemFields', ...aggregate, '--mock']);
    expect(alone.stderr).toBe('');
    expect(alone.code).toBe(0);
    expect(JSON.parse(alone.stdout).items[0]).toEqual({ causeName: 'Diabetes', totalDeaths: '2752' });
    const last = await runCli([
      'run',
      'jobs:jobboard',
      'browse',
      '--country',
      'ID',
      '--openOnly',
      'false',
      '--sort',
      'oldest',
      '--mock',
      '--remote',
    ]);
    expect(last.code).toBe(0);
  });

  it('a flag never takes another flag as its value: --remote --mock is two flags', async () => {
    const result = await runCli([
      'run',
      'jobs:jobboard',
      'browse',
      '--remote',
      '--mock',
      '--country',
      'ID',
      '--openOnly',
      'false',
      '--sort',
      'oldest',
    ]);
    expect(result.stderr).not.toContain('API key');
    expect(result.code).toBe(0);
  });

  it("a switch of one command (mcp's --code) is a param's flag in run: --code WHOSIS_000001 is sent", async () => {
    const result = await runCli(['run', 'health:globalhealth', 'indicators', '--code', 'WHOSIS_000001', '--mock']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const { items } = JSON.parse(result.stdout) as { items: { code: string }[] };
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.code === 'WHOSIS_000001')).toBe(true);
  });

  it('a param that needs a value, given alone, says so with its type', async () => {
    const result = await runCli(['run', 'music:catalogstore', 'search', '--q', '--mock']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('pdg: --q needs a value: --q <string>.\n');
  });

  it('booleans take true/false, 1/0 and yes/no, and a refusal lists them', async () => {
    for (const spelling of ['yes', '1', 'TRUE']) {
      const result = await runCli([...rows, '--excludeSystemFields', spelling, ...aggregate, '--mock']);
      expect(result.code, spelling).toBe(0);
    }
    const refused = await runCli([...rows, '--excludeSystemFields', 'maybe', '--mock']);
    expect(refused.code).toBe(2);
    expect(refused.stderr.split('\n')[0]).toBe(
      'pdg: --excludeSystemFields must be true or false, 1 or 0, yes or no, or the flag alone for true (received "maybe")',
    );
  });

  it('a number param given text says it must be a number, with its range and an example to copy', async () => {
    const limit = await runCli(['run', 'jobs:jobboard', 'browse', '--country', 'SG', '--limit', 'fifty', '--mock']);
    expect(limit.code).toBe(2);
    expect(limit.stderr.split('\n')[0]).toBe(
      'pdg: --limit must be a number (a whole number from 0 to 100), such as --limit 20 (received "fifty")',
    );
    // With no server default, the example is the lowest value allowed; a number out of range keeps its rule.
    const page = await runCli(['run', 'social-media:forum', 'thread', '--threadId', 'a1', '--page', 'two', '--mock']);
    expect(page.stderr.split('\n')[0]).toBe(
      'pdg: --page must be a number (a whole number of at least 1), such as --page 1 (received "two")',
    );
    const over = await runCli(['run', 'jobs:jobboard', 'browse', '--limit', '101', '--mock']);
    expect(over.stderr.split('\n')[0]).toBe('pdg: --limit must be at most 100 (received 101)');
  });
});

describe('pdg did you mean', () => {
  it('an unknown flag suggests the closest option or param', async () => {
    const result = await runCli(['run', 'music:catalogstore', 'search', '--q', 'x', '--mok']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      '--mok is not a param of music:catalogstore search nor an option of run. Did you mean --mock?',
    );
    const param = await runCli(['run', 'music:catalogstore', 'search', '--qq', 'x', '--mock']);
    expect(param.stderr).toContain('Did you mean --q?');
  });

  it('an unknown provider, endpoint or command suggests what exists', async () => {
    const provider = await runCli(['run', 'music', 'search', '--mock']);
    expect(provider.code).toBe(2);
    expect(provider.stderr).toContain('Unknown provider "music". Did you mean music:catalogstore or music:metadb?');
    const endpoint = await runCli(['describe', 'social-media:forum', 'hott']);
    expect(endpoint.stderr).toContain('Unknown endpoint "hott" of social-media:forum. Did you mean hot?');
    const command = await runCli(['desribe']);
    expect(command.stderr).toContain('Unknown command "desribe". Did you mean describe?');
  });
});

describe('pdg base URL, progress and version', () => {
  it('a base URL ending in /v1 is accepted: the version segment is not doubled', async () => {
    const result = await runCli([
      'run',
      'music:catalogstore',
      'search',
      '--q',
      'velvet orbit',
      '--curl',
      '--base-url',
      'http://127.0.0.1:9/v1',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(" 'http://127.0.0.1:9/v1/music:catalogstore/search?q=velvet+orbit'");
  });

  it('--quiet silences progress; progress says "1 page"; --max-items 0 fetches nothing', async () => {
    const quiet = await runCli([
      'run',
      'social-media:forum',
      'hot',
      '--all',
      '--mock',
      '--quiet',
      '--limit',
      '5',
      '--max-pages',
      '1',
    ]);
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout.trimEnd().split('\n')).toHaveLength(5);
    const one = await runCli([
      'run',
      'social-media:forum',
      'hot',
      '--all',
      '--mock',
      '--limit',
      '5',
      '--max-pages',
      '1',
    ]);
    expect(one.stderr).toBe('page 1: 5 items so far\ndone: 5 items from 1 page\n');
    const none = await runCli(['run', 'social-media:forum', 'hot', '--all', '--mock', '--max-items', '0']);
    expect(none.code).toBe(0);
    expect(none.stdout).toBe('');
    expect(none.stderr).toContain('nothing fetched');
  });

  it('-v and --version print the version', async () => {
    const short = await runCli(['-v']);
    const long = await runCli(['--version']);
    expect(short.stdout).toMatch(/^\d+\.\d+\.\d+/);
    expect(short.stdout).toBe(long.stdout);
  });
});

describe('words that name built-in object members', () => {
  for (const word of ['__proto__', 'constructor', 'toString']) {
    it(`pdg describe music:catalogstore ${word}: exit 2, an unknown endpoint`, async () => {
      const { code, stdout, stderr } = await runCli(['describe', 'music:catalogstore', word]);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr).toBe(`pdg: Unknown endpoint "${word}" of music:catalogstore. Endpoints: search.\n`);
    });
  }
});
