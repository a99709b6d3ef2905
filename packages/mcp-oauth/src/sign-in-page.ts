/**
 * The sign-in page: one form where the user pastes a pdg key. It loads nothing from elsewhere (no script at
 * all; its one style block is allowed by a nonce), cannot be framed, and carries the CSRF token twice: as a
 * hidden field and as a `SameSite=Strict`, `HttpOnly` cookie named after this sign-in, which a cross-site
 * post does not bring.
 */
import { randomBytes } from 'node:crypto';
import type { Response } from 'express';
import type { PendingSignIn } from './records.js';

export interface SignInPage {
  readonly signInId: string;
  readonly signIn: PendingSignIn;
  /** Where the form posts: the sign-in path. */
  readonly action: string;
  /** Who asked (the client's registered name, or its id). */
  readonly clientName: string;
  /** Why the page is shown again: the gateway's reason for refusing a key, or a stale form. */
  readonly problem?: string;
  /** Cookies only over HTTPS when the public URL is HTTPS. */
  readonly secure: boolean;
}

export const csrfCookie = (signInId: string) => `pdg_sign_in_${signInId}`;

export function sendSignInPage(response: Response, status: number, page: SignInPage): void {
  const nonce = randomBytes(16).toString('base64');
  const returnTo = new URL(page.signIn.redirectUri);
  // A form may post here, and the redirect after it may go to the client's redirect URI (browsers hold that
  // redirect to form-action too).
  const returnSource = returnTo.protocol.startsWith('http') ? returnTo.origin : returnTo.protocol;
  response.status(status);
  response.set({
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; style-src 'nonce-${nonce}'; form-action 'self' ${returnSource}; frame-ancestors 'none'; base-uri 'none'`,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    // Not no-referrer: under it the form's post says `Origin: null`, and the origin check refuses it.
    'referrer-policy': 'same-origin',
  });
  response.cookie(csrfCookie(page.signInId), page.signIn.csrf, {
    httpOnly: true,
    sameSite: 'strict',
    secure: page.secure,
    path: page.action,
    maxAge: 10 * 60_000,
  });
  response.send(pageHtml(page, nonce, returnTo));
}

function pageHtml(page: SignInPage, nonce: string, returnTo: URL): string {
  const problem = page.problem ? `<p class="problem" role="alert">${escaped(page.problem)}</p>` : '';
  const destination = returnTo.protocol.startsWith('http') ? returnTo.host : returnTo.protocol;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in to pdg</title>
<style nonce="${nonce}">
body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; }
input[type=password] { width: 100%; padding: .5rem; font: inherit; box-sizing: border-box; }
button { margin-top: 1rem; padding: .5rem 1.25rem; font: inherit; }
.problem { color: #a40000; }
.small { color: #555; font-size: .9rem; }
</style>
</head>
<body>
<h1>Sign in to pdg</h1>
<p><strong>${escaped(page.clientName)}</strong> asks to call the Public-Data Gateway for you through this MCP server.</p>
${problem}
<form method="post" action="${escaped(page.action)}">
<input type="hidden" name="sign_in" value="${escaped(page.signInId)}">
<input type="hidden" name="csrf" value="${escaped(page.signIn.csrf)}">
<label for="api_key">Your Public-Data Gateway API key</label>
<input type="password" id="api_key" name="api_key" autocomplete="off" required>
<button type="submit">Sign in</button>
</form>
<p class="small">The key is checked with one call to the gateway, then kept encrypted on this server; the assistant gets a token, never the key. After signing in you return to ${escaped(destination)}.</p>
</body>
</html>
`;
}

function escaped(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
