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
    expect([result.count, result.items]).toEqual([0, []]);
    expect(gateway().requests[0]?.query).toEqual({
      url: 'https://plain.example.test/about',
      mode: 'browser',
      followScripts: 'false',
    });
  });

  it('maxScripts: 0 follows no script: only the key in the page itself is found', async () => {
    const result = await pdg.run('dev-tools:captcha-sitekey', 'extract', {
      url: 'https://signup.example.test/join',
      followScripts: true,
      maxScripts: 0,
    });
    expect(result.items?.map((found) => [found.via, found.sourceUrl])).toEqual([
      ['html', 'https://signup.example.test/join'],
    ]);
    expect(gateway().requests[0]?.query.maxScripts).toBe('0');
  });

  it('without mode or followScripts, only url is sent: server defaults are not guessed', async () => {
    const result = await pdg.run('dev-tools:captcha-sitekey', 'extract', { url: 'https://contact.example.test/' });
    expect(result.items?.[0]?.siteKey).toBe('0x-EXAMPLE-not-a-real-key-0003');
    expect(gateway().requests[0]?.query).toEqual({ url: 'https://contact.example.test/' });
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

  it('refuses a fractional maxScripts (a count of scripts) and an empty mode before sending', async () => {
    const error = await pdg
      .run('dev-tools:captcha-sitekey', 'extract', { url: 'https://contact.example.test/', mode: '', maxScripts: 2.5 })
      .catch((thrown: unknown) => thrown);
    expect(isPdgError(error) && error.issues?.map((issue) => issue.path)).toEqual(['mode', 'maxScripts']);
    expect(gateway().requests).toEqual([]);
  });
});
