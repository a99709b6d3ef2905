import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { pastesite } from '../src/index.js';

const { client: pdg, gateway } = usePdgGateway([pastesite], fixtures);

describe('bypass-tools:pastesite resolve', () => {
  it.each([
    ['the full URL', 'https://paste.example.test/p/moon-tide-loader'],
    ['the slug', 'moon-tide-loader'],
    ['the numeric post id, as a string', '48213'],
  ])('resolves the same post from %s', async (_form, url) => {
    const post = await pdg.run('bypass-tools:pastesite', 'resolve', { url });
    expect([post.id, post.slug]).toEqual([48213, 'moon-tide-loader']);
    expect(post.script?.split('\n')[0]).toBe('-- moon tide loader');
    expect(gateway().requests).toEqual([{ path: '/v1/bypass-tools:pastesite/resolve', query: { url } }]);
  });
});
