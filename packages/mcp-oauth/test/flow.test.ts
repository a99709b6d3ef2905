/** The sign-in with plain HTTP, step by step, and what each token may then do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  browseWith,
  type Hosted,
  keyA,
  keyB,
  mcpPost,
  openSignIn,
  pkcePair,
  redirectUri,
  register,
  signIn,
  startHosted,
  submit,
  tokenRequest,
} from './hosted.js';

let hosted: Hosted;
beforeEach(async () => {
  hosted = await startHosted();
});
afterEach(async () => {
  await hosted.close();
});

const toolsList = { method: 'tools/list', params: {} };
const noKeys = /made-up-key-user/;

describe('discovery', () => {
  it('answers a request with no token 401, naming the protected-resource metadata', async () => {
    const answer = await mcpPost(hosted, {}, toolsList);
    expect(answer.status).toBe(401);
    const metadataUrl = `${hosted.origin}/.well-known/oauth-protected-resource/mcp`;
    expect(answer.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadataUrl}"`);
    expect(((await answer.json()) as { error: { message: string } }).error.message).toMatch(/^Unauthorized: sign in/);
    expect(hosted.sent).toEqual([]);
  });

  it('leads from the protected-resource metadata (both forms) to the authorization server and its endpoints', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-protected-resource']) {
      const resource = (await (await fetch(`${hosted.origin}${path}`)).json()) as Record<string, unknown>;
      expect(resource.resource).toBe(hosted.server.url);
      expect(resource.authorization_servers).toEqual([`${hosted.origin}/`]);
    }
    const server = (await (await fetch(`${hosted.origin}/.well-known/oauth-authorization-server`)).json()) as Record<
      string,
      unknown
    >;
    expect(server).toMatchObject({
      issuer: `${hosted.origin}/`,
      authorization_endpoint: `${hosted.origin}/authorize`,
      token_endpoint: `${hosted.origin}/token`,
      registration_endpoint: `${hosted.origin}/register`,
      revocation_endpoint: `${hosted.origin}/revoke`,
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    });
  });
});

describe('sign-in', () => {
  it('registers, serves the sign-in page, redirects with code and state, and issues a token for the right verifier only', async () => {
    const clientId = await register(hosted.origin);
    const { verifier, challenge } = pkcePair();
    const page = await openSignIn(hosted.origin, clientId, challenge);
    expect(page.status).toBe(200);
    expect(page.html).toMatch(/<form method="post" action="\/sign-in">/);
    expect(page.html).toMatch(/<input type="password" id="api_key" name="api_key"/);
    expect(Object.keys(page.fields).sort()).toEqual(['csrf', 'sign_in']);
    expect(page.html).toContain('Test assistant');
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/default-src 'none'/);
    expect(policy).toMatch(/frame-ancestors 'none'/);
    expect(page.cookie).toMatch(/^pdg_sign_in_[\w-]+=[\w-]+$/);
    expect(page.headers.getSetCookie()[0]).toMatch(/HttpOnly/i);
    expect(page.headers.getSetCookie()[0]).toMatch(/SameSite=Strict/i);

    const redirect = await submit(hosted.origin, page, keyA);
    expect(redirect.status).toBe(303);
    const back = new URL(redirect.headers.get('location') as string);
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get('state')).toBe('state-123');
    const code = back.searchParams.get('code') as string;
    expect(code.length).toBeGreaterThan(30);
    // The key was tried with one gateway call, with that key.
    expect(hosted.sent.map((request) => request.key)).toEqual([keyA]);

    const exchange = (codeVerifier: string) =>
      tokenRequest(hosted.origin, {
        grant_type: 'authorization_code',
        client_id: clientId,
        code,
        code_verifier: codeVerifier,
        redirect_uri: redirectUri,
        resource: hosted.server.url,
      });
    const wrong = await exchange(pkcePair().verifier);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    const right = await exchange(verifier);
    expect(right.status).toBe(200);
    const tokens = (await right.json()) as { access_token: string; refresh_token: string; token_type: string };
    expect(tokens.token_type).toBe('Bearer');

    // The token carries nothing of the key, in any form.
    for (const token of [tokens.access_token, tokens.refresh_token]) {
      expect(token).not.toContain(keyA);
      expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain(keyA);
    }
    const listed = await mcpPost(hosted, { authorization: `Bearer ${tokens.access_token}` }, toolsList);
    expect(listed.status).toBe(200);
    const called = await browseWith(hosted, { authorization: `Bearer ${tokens.access_token}` }, 3);
    const body = await called.text();
    expect(called.status).toBe(200);
    expect(JSON.parse(body).result.isError).toBeFalsy();
    expect(body).not.toMatch(noKeys);
    expect(hosted.sent.at(-1)?.key).toBe(keyA);

    // The code is single-use: shown again, it is refused and the tokens made from it end (it was intercepted).
    expect((await exchange(verifier)).status).toBe(400);
    expect((await mcpPost(hosted, { authorization: `Bearer ${tokens.access_token}` }, toolsList)).status).toBe(401);
  });

  it('shows the page again with the gateway\u2019s reason for a refused key, and issues no code', async () => {
    const clientId = await register(hosted.origin);
    const page = await openSignIn(hosted.origin, clientId, pkcePair().challenge);
    const refused = await submit(hosted.origin, page, 'made-up-key-nobody-has');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('location')).toBeNull();
    const html = await refused.text();
    expect(html).toContain('The gateway refused this key: ');
    expect(html).toContain('Invalid API key.');
    expect(html).not.toContain('made-up-key-nobody-has');
    expect(html).toMatch(/name="api_key"/);
    // The same page still signs in with a good key.
    expect((await submit(hosted.origin, page, keyB)).status).toBe(303);
  });

  it('refuses a post without the cookie set with the page (a cross-site post), and sends nothing', async () => {
    const clientId = await register(hosted.origin);
    const page = await openSignIn(hosted.origin, clientId, pkcePair().challenge);
    const noCookie = await submit(hosted.origin, page, keyA, '');
    expect(noCookie.status).toBe(403);
    const otherOrigin = await fetch(`${hosted.origin}/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: page.cookie,
        origin: 'http://localhost:1',
      },
      body: new URLSearchParams({ ...page.fields, api_key: keyA }),
    });
    expect(otherOrigin.status).toBe(403);
    expect(hosted.sent).toEqual([]);
  });

  it('stops trying keys after five failed sign-ins from one address', async () => {
    const clientId = await register(hosted.origin);
    const page = await openSignIn(hosted.origin, clientId, pkcePair().challenge);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await submit(hosted.origin, page, `made-up-key-wrong-${attempt}`)).status).toBe(403);
    }
    const limited = await submit(hosted.origin, page, keyA);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toMatch(/^Too many failed sign-ins from this address/);
    expect(hosted.sent.length).toBe(5);
  });

  it('refuses a redirect URI that is not the registered one exactly, without redirecting to it', async () => {
    const clientId = await register(hosted.origin);
    const { challenge } = pkcePair();
    const otherPort = await openSignIn(hosted.origin, clientId, challenge, {
      redirect_uri: 'http://127.0.0.1:10/callback',
    });
    expect(otherPort.status).toBe(400);
    const otherHost = await openSignIn(hosted.origin, clientId, challenge, {
      redirect_uri: 'http://evil.example/callback',
    });
    expect(otherHost.status).toBe(400);
    expect(otherHost.headers.get('location')).toBeNull();
  });

  it('refuses a plain code challenge and a token for another resource', async () => {
    const clientId = await register(hosted.origin);
    const plain = await openSignIn(hosted.origin, clientId, 'x'.repeat(43), { code_challenge_method: 'plain' });
    expect(plain.status).toBe(302);
    expect(new URL(plain.headers.get('location') as string).searchParams.get('error')).toBe('invalid_request');
    const elsewhere = await openSignIn(hosted.origin, clientId, pkcePair().challenge, {
      resource: 'https://other.example/mcp',
    });
    expect(new URL(elsewhere.headers.get('location') as string).searchParams.get('error')).toBe('invalid_target');
  });
});

describe('tokens', () => {
  it('answers a forged token 401 invalid_token, naming the metadata', async () => {
    await signIn(hosted, keyA);
    const sentBefore = hosted.sent.length;
    const forged = await browseWith(hosted, { authorization: 'Bearer forged-token-0123456789abcdef' }, 3);
    expect(forged.status).toBe(401);
    expect(forged.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token", resource_metadata="/);
    const { error } = (await forged.json()) as { error: { message: string } };
    expect(error.message).toMatch(/^Unauthorized: the access token is unknown, revoked or expired: sign in again/);
    expect(error.message).not.toContain('forged-token');
    expect(hosted.sent.length).toBe(sentBefore);
  });

  it('two users with two keys: each one\u2019s calls reach the gateway with that user\u2019s key only', async () => {
    const a = await signIn(hosted, keyA);
    const b = await signIn(hosted, keyB);
    hosted.sent.length = 0;
    const bodies: string[] = [];
    for (const [tokens, limit] of [
      [a, 3],
      [b, 4],
      [a, 3],
      [b, 4],
    ] as const) {
      const answer = await browseWith(hosted, { authorization: `Bearer ${tokens.access_token}` }, limit);
      expect(answer.status).toBe(200);
      bodies.push(await answer.text());
    }
    for (const body of bodies) {
      expect(JSON.parse(body).result.isError).toBeFalsy();
      expect(body).not.toMatch(noKeys);
    }
    const keysOf = (limit: string) =>
      hosted.sent.filter((request) => new URL(request.url).searchParams.get('limit') === limit).map((r) => r.key);
    expect(keysOf('3')).toEqual([keyA, keyA]);
    expect(keysOf('4')).toEqual([keyB, keyB]);
  });

  it('rotates refresh tokens: a new pair each time, a spent one refused and ending the grant', async () => {
    const first = await signIn(hosted, keyA);
    const refresh = (token: string) =>
      tokenRequest(hosted.origin, { grant_type: 'refresh_token', client_id: first.clientId, refresh_token: token });
    const rotated = await refresh(first.refresh_token);
    expect(rotated.status).toBe(200);
    const second = (await rotated.json()) as { access_token: string; refresh_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect((await browseWith(hosted, { authorization: `Bearer ${second.access_token}` }, 3)).status).toBe(200);
    // The spent refresh token, shown again, is refused, and the grant it belonged to ends.
    const replayed = await refresh(first.refresh_token);
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await browseWith(hosted, { authorization: `Bearer ${second.access_token}` }, 3)).status).toBe(401);
    expect((await refresh(second.refresh_token)).status).toBe(400);
  });

  it('revokes: after revoking the access token neither it nor its refresh token works', async () => {
    const tokens = await signIn(hosted, keyA);
    const revoked = await fetch(`${hosted.origin}/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: tokens.clientId, token: tokens.access_token }),
    });
    expect(revoked.status).toBe(200);
    expect((await browseWith(hosted, { authorization: `Bearer ${tokens.access_token}` }, 3)).status).toBe(401);
    const refreshed = await tokenRequest(hosted.origin, {
      grant_type: 'refresh_token',
      client_id: tokens.clientId,
      refresh_token: tokens.refresh_token,
    });
    expect(refreshed.status).toBe(400);
  });

  it('still takes a key in x-api-key beside sign-in, and refuses a token and a key together', async () => {
    const direct = await browseWith(hosted, { 'x-api-key': keyB }, 5);
    expect(direct.status).toBe(200);
    expect(hosted.sent.at(-1)?.key).toBe(keyB);
    const tokens = await signIn(hosted, keyA);
    const both = await browseWith(hosted, { authorization: `Bearer ${tokens.access_token}`, 'x-api-key': keyB }, 5);
    expect(both.status).toBe(400);
    expect(await both.text()).not.toMatch(noKeys);
  });
});
