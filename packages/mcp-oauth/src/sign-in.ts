/**
 * The sign-in form's submission: the sign-in must be pending, the CSRF token must match the hidden field, the
 * cookie set with the page and the sign-in itself, and the address must not be over its failed sign-ins.
 * Then the key is tried with one gateway call: refused, the page comes back with the gateway's reason;
 * taken, the sign-in is spent and the browser goes to the client's redirect URI with `code` and `state`.
 * Neither the key nor any token is written to an answer or a log.
 */
import { timingSafeEqual } from 'node:crypto';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import type { Request, Response } from 'express';
import type { Grants } from './grants.js';
import type { KeyCheck } from './key-check.js';
import { failedSignIns } from './lifetimes.js';
import { keys, type PendingSignIn, parsed } from './records.js';
import { csrfCookie, sendSignInPage } from './sign-in-page.js';
import type { OAuthStore } from './store.js';

export interface SignInParts {
  readonly store: OAuthStore;
  readonly grants: Grants;
  readonly clients: OAuthRegisteredClientsStore;
  readonly keyCheck: KeyCheck;
  readonly signInPath: string;
  /** The public origin: a post whose `Origin` names another is refused. */
  readonly origin: string;
  readonly secureCookies: boolean;
}

export function signInHandler(parts: SignInParts) {
  const { store } = parts;
  return async (request: Request, response: Response): Promise<void> => {
    response.set('cache-control', 'no-store');
    const address = request.ip ?? 'unknown';
    const failed = () => store.increment(keys.failedSignIns(address), failedSignIns.windowMs);
    if (Number((await store.get(keys.failedSignIns(address))) ?? 0) >= failedSignIns.allowed) {
      response
        .status(429)
        .set('retry-after', String(Math.ceil(failedSignIns.windowMs / 1000)))
        .type('text/plain')
        .send(`Too many failed sign-ins from this address: try again in ${failedSignIns.windowMs / 60_000} minutes.`);
      return;
    }
    const form = (request.body ?? {}) as Record<string, unknown>;
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    const signInId = field('sign_in');
    const signIn = signInId === '' ? undefined : parsed<PendingSignIn>(await store.get(keys.signIn(signInId)));
    if (!signIn) {
      await failed();
      response
        .status(400)
        .type('text/plain')
        .send('This sign-in is unknown or expired: start again from your assistant.');
      return;
    }
    const origin = request.get('origin');
    const cookie = cookieOf(request, csrfCookie(signInId));
    if (
      (origin !== undefined && origin !== parts.origin) ||
      !sameText(field('csrf'), signIn.csrf) ||
      !sameText(cookie ?? '', signIn.csrf)
    ) {
      await failed();
      response
        .status(403)
        .type('text/plain')
        .send('This form was not sent from the sign-in page this browser opened: start again from your assistant.');
      return;
    }
    const client = await parts.clients.getClient(signIn.clientId);
    const again = (status: number, problem: string) =>
      sendSignInPage(response, status, {
        signInId,
        signIn,
        action: parts.signInPath,
        clientName: client?.client_name ?? signIn.clientId,
        problem,
        secure: parts.secureCookies,
      });
    const apiKey = field('api_key').trim();
    if (apiKey === '') return again(400, 'Paste your Public-Data Gateway API key.');
    const verdict = await parts.keyCheck(apiKey);
    if (!verdict.accepted) {
      if (verdict.refused) {
        await failed();
        return again(403, `The gateway refused this key: ${verdict.reason}`);
      }
      return again(502, `The key could not be checked with the gateway: ${verdict.reason} Try again.`);
    }
    // Spent now, so that a second submission of this page cannot make a second code.
    if ((await store.take(keys.signIn(signInId))) === undefined) {
      response.status(400).type('text/plain').send('This sign-in was already used: start again from your assistant.');
      return;
    }
    const code = await parts.grants.start(signIn, apiKey);
    const target = new URL(signIn.redirectUri);
    target.searchParams.set('code', code);
    if (signIn.state !== undefined) target.searchParams.set('state', signIn.state);
    response.clearCookie(csrfCookie(signInId), { path: parts.signInPath });
    response.redirect(303, target.href);
  };
}

function cookieOf(request: Request, name: string): string | undefined {
  for (const part of (request.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
