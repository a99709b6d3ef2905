/** Type tests, checked by `tsc` in `pnpm test`: a broken inference fails the run. */
import type { PdgClient } from '@pdg/core';
import { expectTypeOf } from 'vitest';
import type { captchaSitekey } from '../src/index.js';

declare const pdg: PdgClient<readonly [typeof captchaSitekey]>;

const result = await pdg.run('dev-tools:captcha-sitekey', 'extract', {
  url: 'https://contact.example.test/',
  mode: 'auto',
});
expectTypeOf(result.items?.[0]?.siteKey).toEqualTypeOf<string | undefined>();
expectTypeOf(result.count).toEqualTypeOf<number | undefined>();
// An open enum: the named value autocompletes, any string is accepted.
void pdg.run('dev-tools:captcha-sitekey', 'extract', { url: 'https://contact.example.test/', mode: 'browser' });

// @ts-expect-error url is required
void pdg.run('dev-tools:captcha-sitekey', 'extract', { mode: 'auto' });
// @ts-expect-error followScripts is a boolean
void pdg.run('dev-tools:captcha-sitekey', 'extract', { url: 'https://contact.example.test/', followScripts: 'yes' });
// @ts-expect-error mode is a string
void pdg.run('dev-tools:captcha-sitekey', 'extract', { url: 'https://contact.example.test/', mode: 1 });
// @ts-expect-error maxScripts is a number
void pdg.run('dev-tools:captcha-sitekey', 'extract', { url: 'https://contact.example.test/', maxScripts: '5' });
// @ts-expect-error params are strict: a misspelt param is refused
void pdg.run('dev-tools:captcha-sitekey', 'extract', { url: 'https://contact.example.test/', followscripts: true });
// @ts-expect-error extract is not paged
void pdg.items('dev-tools:captcha-sitekey', 'extract', { url: 'https://contact.example.test/' });
