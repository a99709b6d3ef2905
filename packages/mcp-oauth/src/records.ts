/**
 * The records a sign-in leaves in the store, and their keys. Codes and tokens are stored under their SHA-256:
 * a copy of the store does not hand out working tokens. A grant holds the user's sealed key; tokens point to
 * their grant, so revoking the grant ends every token of it.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A sign-in page served and not yet submitted: the authorization request it answers. */
export interface PendingSignIn {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly state?: string;
  readonly scopes: readonly string[];
  /** The form's CSRF token, also set as a cookie on the browser that opened the page. */
  readonly csrf: string;
}

export interface CodeRecord {
  readonly grantId: string;
  readonly clientId: string;
  readonly redirectUri: string;
  readonly codeChallenge: string;
  readonly scopes: readonly string[];
}

export interface GrantRecord {
  readonly clientId: string;
  /** The user's pdg key, sealed (see sealed-key.ts). */
  readonly sealedKey: string;
}

export interface TokenRecord {
  readonly grantId: string;
  readonly clientId: string;
  readonly scopes: readonly string[];
  /** Seconds since the epoch. */
  readonly expiresAt: number;
}

export const keys = {
  client: (clientId: string) => `client:${clientId}`,
  signIn: (id: string) => `sign-in:${id}`,
  code: (code: string) => `code:${digest(code)}`,
  /** A code already exchanged: shown again, it ends the grant made from it (it was intercepted). */
  spentCode: (code: string) => `spent-code:${digest(code)}`,
  grant: (grantId: string) => `grant:${grantId}`,
  access: (token: string) => `access:${digest(token)}`,
  refresh: (token: string) => `refresh:${digest(token)}`,
  /** A refresh token already exchanged: shown again, it ends its grant (it was copied). */
  spentRefresh: (token: string) => `spent-refresh:${digest(token)}`,
  failedSignIns: (address: string) => `failed-sign-ins:${address}`,
};

/** 256 random bits, URL-safe: codes, tokens, ids and CSRF tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

export function parsed<T>(text: string | undefined): T | undefined {
  return text === undefined ? undefined : (JSON.parse(text) as T);
}
