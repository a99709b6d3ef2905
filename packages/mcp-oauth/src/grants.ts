/**
 * Grants and their tokens: a successful sign-in makes a grant (the user's sealed key) and a single-use code;
 * the code becomes an access token and a refresh token; a refresh token is exchanged once for a new pair
 * (rotation; a spent one shown again ends the grant, as it must have been copied, and so does a spent
 * code); revoking either token ends the grant. Tokens are opaque random strings: they carry nothing, the key least of all.
 */
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { lifetimes } from './lifetimes.js';
import {
  type CodeRecord,
  type GrantRecord,
  keys,
  type PendingSignIn,
  parsed,
  randomToken,
  type TokenRecord,
} from './records.js';
import type { KeySealer } from './sealed-key.js';
import type { OAuthStore } from './store.js';

export interface Grants {
  /** A grant for the key a user signed in with; the code the browser takes back to the client. */
  start(signIn: PendingSignIn, apiKey: string): Promise<string>;
  /** The code's record without spending it (the PKCE check reads its challenge first); a spent code ends its grant. */
  peekCode(code: string): Promise<CodeRecord | undefined>;
  /** Spends the code; undefined when it is unknown, spent or expired. */
  takeCode(code: string): Promise<CodeRecord | undefined>;
  issueTokens(grantId: string, clientId: string, scopes: readonly string[]): Promise<OAuthTokens>;
  /** Spends a refresh token for a new pair; undefined when it is unknown, spent, expired or another client's. */
  rotate(refreshToken: string, clientId: string): Promise<OAuthTokens | undefined>;
  /** Ends the grant of an access or refresh token of this client; nothing when the token is unknown. */
  revoke(token: string, clientId: string): Promise<void>;
  /** The access token's record and its user's key, while both the token and its grant live. */
  access(token: string): Promise<{ record: TokenRecord; apiKey: string } | undefined>;
}

export function grants(store: OAuthStore, sealer: KeySealer, now: () => number = Date.now): Grants {
  const grantOf = async (grantId: string) => parsed<GrantRecord>(await store.get(keys.grant(grantId)));
  const endGrant = (grantId: string) => store.delete(keys.grant(grantId));

  const issueTokens = async (grantId: string, clientId: string, scopes: readonly string[]): Promise<OAuthTokens> => {
    const accessToken = randomToken();
    const refreshToken = randomToken();
    const accessRecord: TokenRecord = {
      grantId,
      clientId,
      scopes,
      expiresAt: Math.floor((now() + lifetimes.accessTokenMs) / 1000),
    };
    const refreshRecord: TokenRecord = {
      grantId,
      clientId,
      scopes,
      expiresAt: Math.floor((now() + lifetimes.refreshTokenMs) / 1000),
    };
    await store.set(keys.access(accessToken), JSON.stringify(accessRecord), lifetimes.accessTokenMs);
    await store.set(keys.refresh(refreshToken), JSON.stringify(refreshRecord), lifetimes.refreshTokenMs);
    // The grant lives as long as its newest refresh token.
    const grant = await store.get(keys.grant(grantId));
    if (grant !== undefined) await store.set(keys.grant(grantId), grant, lifetimes.refreshTokenMs);
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: Math.floor(lifetimes.accessTokenMs / 1000),
      refresh_token: refreshToken,
      ...(scopes.length > 0 ? { scope: scopes.join(' ') } : {}),
    };
  };

  return {
    async start(signIn, apiKey) {
      const grantId = randomToken();
      const grant: GrantRecord = { clientId: signIn.clientId, sealedKey: sealer.seal(apiKey, grantId) };
      // Until its code is exchanged, a grant lives as long as the code.
      await store.set(keys.grant(grantId), JSON.stringify(grant), lifetimes.codeMs);
      const code = randomToken();
      const record: CodeRecord = {
        grantId,
        clientId: signIn.clientId,
        redirectUri: signIn.redirectUri,
        codeChallenge: signIn.codeChallenge,
        scopes: signIn.scopes,
      };
      await store.set(keys.code(code), JSON.stringify(record), lifetimes.codeMs);
      return code;
    },
    async peekCode(code) {
      const record = parsed<CodeRecord>(await store.get(keys.code(code)));
      if (record) return record;
      const spentGrant = await store.get(keys.spentCode(code));
      if (spentGrant !== undefined) await endGrant(spentGrant);
      return undefined;
    },
    async takeCode(code) {
      const record = parsed<CodeRecord>(await store.take(keys.code(code)));
      // Kept as long as a refresh token could live: the grant it made ends if the code comes back.
      if (record) await store.set(keys.spentCode(code), record.grantId, lifetimes.refreshTokenMs);
      return record;
    },
    issueTokens,
    async rotate(refreshToken, clientId) {
      const spentGrant = await store.get(keys.spentRefresh(refreshToken));
      if (spentGrant !== undefined) {
        await endGrant(spentGrant);
        return undefined;
      }
      const record = parsed<TokenRecord>(await store.take(keys.refresh(refreshToken)));
      if (!record) return undefined;
      await store.set(keys.spentRefresh(refreshToken), record.grantId, lifetimes.refreshTokenMs);
      if (record.clientId !== clientId || !(await grantOf(record.grantId))) return undefined;
      return issueTokens(record.grantId, clientId, record.scopes);
    },
    async revoke(token, clientId) {
      const record =
        parsed<TokenRecord>(await store.get(keys.access(token))) ??
        parsed<TokenRecord>(await store.get(keys.refresh(token)));
      if (record && record.clientId === clientId) await endGrant(record.grantId);
    },
    async access(token) {
      const record = parsed<TokenRecord>(await store.get(keys.access(token)));
      if (!record || record.expiresAt * 1000 <= now()) return undefined;
      const grant = await grantOf(record.grantId);
      const apiKey = grant && sealer.open(grant.sealedKey, record.grantId);
      return apiKey === undefined ? undefined : { record, apiKey };
    },
  };
}
