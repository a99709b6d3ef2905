/** Codes, tokens and sealed keys over a clock the test moves: what expires, what opens, what is spent. */
import { describe, expect, it } from 'vitest';
import { grants } from '../src/grants.js';
import { lifetimes } from '../src/lifetimes.js';
import type { PendingSignIn } from '../src/records.js';
import { keySealer } from '../src/sealed-key.js';
import { memoryStore } from '../src/store.js';

const apiKey = 'made-up-key-grants-test-4d2a';
const signIn: PendingSignIn = {
  clientId: 'client-1',
  redirectUri: 'http://127.0.0.1:9/callback',
  codeChallenge: 'challenge',
  scopes: [],
  csrf: 'csrf',
};

function world() {
  let now = 1_000_000;
  const clock = () => now;
  const store = memoryStore(clock);
  return {
    store,
    grants: grants(store, keySealer('s'.repeat(32)), clock),
    pass: (ms: number) => {
      now += ms;
    },
  };
}

describe('grants', () => {
  it('a code lives 60 seconds, and is spent by one exchange', async () => {
    const { grants: g, pass } = world();
    const late = await g.start(signIn, apiKey);
    pass(lifetimes.codeMs + 1);
    expect(await g.takeCode(late)).toBeUndefined();
    const code = await g.start(signIn, apiKey);
    pass(lifetimes.codeMs - 1_000);
    expect((await g.takeCode(code))?.clientId).toBe('client-1');
    expect(await g.takeCode(code)).toBeUndefined();
  });

  it("an access token opens its user's key for an hour, then no more", async () => {
    const { grants: g, pass } = world();
    const record = await g.takeCode(await g.start(signIn, apiKey));
    const tokens = await g.issueTokens(record?.grantId as string, 'client-1', []);
    expect((await g.access(tokens.access_token))?.apiKey).toBe(apiKey);
    pass(lifetimes.accessTokenMs + 1);
    expect(await g.access(tokens.access_token)).toBeUndefined();
  });

  it('a refresh token works only for the client it was issued to', async () => {
    const { grants: g } = world();
    const record = await g.takeCode(await g.start(signIn, apiKey));
    const tokens = await g.issueTokens(record?.grantId as string, 'client-1', []);
    expect(await g.rotate(tokens.refresh_token as string, 'client-2')).toBeUndefined();
  });

  it('keeps the key only sealed: the store holds no key, and a sealed key opens for its own grant only', async () => {
    const { grants: g, store } = world();
    const record = await g.takeCode(await g.start(signIn, apiKey));
    const grantId = record?.grantId as string;
    const held = (await store.get(`grant:${grantId}`)) as string;
    expect(held).not.toContain(apiKey);
    const sealer = keySealer('s'.repeat(32));
    const { sealedKey } = JSON.parse(held) as { sealedKey: string };
    expect(sealer.open(sealedKey, grantId)).toBe(apiKey);
    expect(sealer.open(sealedKey, 'another-grant')).toBeUndefined();
    expect(keySealer('t'.repeat(32)).open(sealedKey, grantId)).toBeUndefined();
  });
});

describe('the memory store', () => {
  it('forgets an entry at its expiry, and counts from the first count of a window', async () => {
    let now = 0;
    const store = memoryStore(() => now);
    await store.set('a', 'x', 1_000);
    now = 999;
    expect(await store.get('a')).toBe('x');
    now = 1_000;
    expect(await store.get('a')).toBeUndefined();
    expect(await store.increment('n', 500)).toBe(1);
    now = 1_400;
    expect(await store.increment('n', 500)).toBe(2);
    now = 1_500;
    expect(await store.increment('n', 500)).toBe(1);
  });
});
