import { jobboard } from '@pdg/jobs-jobboard';
import { forum } from '@pdg/social-media-forum';
import { describe, expect, it } from 'vitest';
import { codeSamples, providerImport } from '../src/samples.js';

const samplesOf = (...args: Parameters<typeof codeSamples>) =>
  Object.fromEntries(codeSamples(...args).map((sample) => [sample.label, sample.source]));

describe('codeSamples', () => {
  it('a paged endpoint: pdg.run, pdg.items from the first page, the pdg run line (and --all), and curl', () => {
    const samples = samplesOf({
      providerId: 'jobs:jobboard',
      endpointName: 'browse',
      endpoint: jobboard.endpoints.browse,
      params: { country: 'SG', remote: true, page: 2, limit: 3 },
    });
    expect(Object.keys(samples)).toEqual(['pdg.run', 'pdg.items', 'pdg CLI', 'curl']);
    expect(samples['pdg.run']).toContain("import { jobboard } from '@pdg/jobs-jobboard';");
    expect(samples['pdg.run']).toContain('const pdg = createClient({ providers: [jobboard] });');
    expect(samples['pdg.run']).toContain(
      "await pdg.run('jobs:jobboard', 'browse', { country: 'SG', remote: true, page: 2, limit: 3 });",
    );
    // A walk starts at the first page.
    expect(samples['pdg.items']).toContain(
      "for await (const item of pdg.items('jobs:jobboard', 'browse', { country: 'SG', remote: true, limit: 3 }, { maxItems: 100 })) {",
    );
    expect(samples['pdg CLI']).toBe(
      'pdg run jobs:jobboard browse --country SG --remote --page 2 --limit 3\n' +
        '# Every page, one item a line (NDJSON):\n' +
        'pdg run jobs:jobboard browse --country SG --remote --limit 3 --all --max-items 100',
    );
    expect(samples.curl).toBe(
      `curl -sS -H 'accept: application/json' -H "x-api-key: \${PDG_API_KEY}" "\${PDG_BASE_URL}/v1/jobs:jobboard/browse?country=SG&remote=true&page=2&limit=3"`,
    );
  });

  it('an endpoint that is not paged has no walk; its path param is in the path, URL-encoded', () => {
    const samples = samplesOf({
      providerId: 'jobs:jobboard',
      endpointName: 'job',
      endpoint: jobboard.endpoints.job,
      params: { jobId: 'a b/c' },
    });
    expect(Object.keys(samples)).toEqual(['pdg.run', 'pdg CLI', 'curl']);
    expect(samples['pdg.run']).toContain("await pdg.run('jobs:jobboard', 'job', { jobId: 'a b/c' });");
    expect(samples['pdg CLI']).toBe("pdg run jobs:jobboard job --jobId 'a b/c'");
    expect(samples.curl).toContain(`"\${PDG_BASE_URL}/v1/jobs:jobboard/job/a%20b%2Fc"`);
  });

  it('a cursor walk leaves out the cursor; a long params object is written one param a line', () => {
    const samples = samplesOf({
      providerId: 'social-media:forum',
      endpointName: 'hot',
      endpoint: forum.endpoints.hot,
      params: { channelId: '7', cursor: 'c2', limit: 20 },
    });
    expect(samples['pdg.items']).toContain("pdg.items('social-media:forum', 'hot', { channelId: '7', limit: 20 }");
    const long = samplesOf({
      providerId: 'jobs:jobboard',
      endpointName: 'browse',
      endpoint: jobboard.endpoints.browse,
      params: { country: 'ID', remote: true, openOnly: false, sort: 'oldest', jobType: 'CONTRACT' },
    });
    expect(long['pdg.run']).toContain(
      "await pdg.run('jobs:jobboard', 'browse', {\n  country: 'ID',\n  remote: true,\n  openOnly: false,\n  sort: 'oldest',\n  jobType: 'CONTRACT',\n});",
    );
  });

  it('quotes what a shell or TypeScript would misread', () => {
    const samples = samplesOf({
      providerId: 'jobs:jobboard',
      endpointName: 'job',
      endpoint: jobboard.endpoints.job,
      params: { jobId: "it's -x" },
    });
    expect(samples['pdg.run']).toContain("{ jobId: 'it\\'s -x' }");
    expect(samples['pdg CLI']).toBe(`pdg run jobs:jobboard job --jobId 'it'\\''s -x'`);
  });

  it('without example params, the required ones are placeholders to fill in', () => {
    const samples = samplesOf({ providerId: 'jobs:jobboard', endpointName: 'job', endpoint: jobboard.endpoints.job });
    expect(samples['pdg.run']).toContain("{ jobId: '<jobId>' }");
    expect(samples['pdg CLI']).toBe("pdg run jobs:jobboard job --jobId '<jobId>'");
  });
});

describe('providerImport', () => {
  it.each([
    ['music:catalogstore', '@pdg/music-catalogstore', 'catalogstore'],
    ['finance:crypto-price', '@pdg/finance-crypto-price', 'cryptoPrice'],
    ['social-media:forum', '@pdg/social-media-forum', 'forum'],
    ['dev-tools:captcha-sitekey', '@pdg/dev-tools-captcha-sitekey', 'captchaSitekey'],
  ])('%s comes from %s as %s', (id, packageName, exportName) => {
    expect(providerImport(id)).toEqual({ packageName, exportName });
  });
});
