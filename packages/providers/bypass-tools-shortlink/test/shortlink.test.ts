import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { shortlink } from '../src/index.js';

const { client: pdg, gateway } = usePdgGateway([shortlink], fixtures);

describe('bypass-tools:shortlink resolve', () => {
  it('resolves a short link and names the host the gateway detected', async () => {
    const link = await pdg.run('bypass-tools:shortlink', 'resolve', { url: 'https://tiny.example.test/r8Kx2' });
    expect([link.sourceHost, link.destinationUrl]).toEqual([
      'tiny.example.test',
      'https://blog.example.test/2026/10/field-notes-from-the-salt-marsh',
    ]);
  });

  it('says when the gateway had to pass a browser challenge', async () => {
    const link = await pdg.run('bypass-tools:shortlink', 'resolve', { url: 'https://go.example.test/summer-sale' });
    expect(link.usedFlare).toBe(true);
    expect(gateway().requests[0]?.query).toEqual({ url: 'https://go.example.test/summer-sale' });
  });
});
