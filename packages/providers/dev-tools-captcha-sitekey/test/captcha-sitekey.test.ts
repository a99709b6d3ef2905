import { isPdgError } from '@pdg/core';
import { usePdgGateway } from '@pdg/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { fixtures } from '../src/fixtures.js';
import { captchaSitekey } from '../src/index.js';

const { client: pdg, gateway } = usePdgGateway([captchaSitekey], fixtures);

describe('dev-tools:captcha-sitekey extract', () => {
  it('finds keys in the page and in the scripts it follows, sending booleans and numbers as text', async () => {
    const result = await pdg.run('dev-tools:captcha-sitekey', 'extract', {
      url: 'https://signup.example.test/join',
      mode: 'auto',
      followScripts: true,
      maxScripts: 5,
    });
    expect(result.items?.map((found) => [found.via, found.siteKey])).toEqual([
      ['html', '6Lc-EXAMPLE-not-a-real-key-0001'],
      ['script', '6Lc-EXAMPLE-not-a-real-key-0002'],
    ]);
    expect(gateway().requests[0]?.query).toEqual({
      url: 'https://signup.example.test/join',
      mode: 'auto',
      followScripts: 'true',
      maxScripts: '5',
    });
  });

  it('mode is open: a value the spec does not name is sent as given', async () => {
    const result = await pdg.run('dev-tools:captcha-sitekey', 'extract', {
      url: 'https://plain.example.test/about',
      mode: 'browser',
      followScripts: false,
    });
    expect(result.count).toBe(0);
    expect(gateway().requests[0]?.query.mode).toBe('browser');
  });

  it('refuses a negative maxScripts before sending', async () => {
    const error = await pdg
      .run('dev-tools:captcha-sitekey', 'extract', { url: 'https://contact.example.test/', maxScripts: -1 })
      .catch((thrown: unknown) => thrown);
    expect(isPdgError(error) && error.issues).toEqual([
      { path: 'maxScripts', message: 'must be at least 0 (received -1)' },
    ]);
    expect(gateway().requests).toEqual([]);
  });
});
