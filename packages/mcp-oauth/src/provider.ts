/**
 * The MCP SDK's `OAuthServerProvider` for pdg: the SDK's handlers check each request (client, exact
 * redirect URI, PKCE S256, grant types, rate limits) and call these steps; `authorize` answers with the
 * sign-in page, and the codes and tokens are the grants' (grants.ts). Every token is bound to this server's
 * resource URL (RFC 8707): a request naming another resource is refused.
 */
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import {
  InvalidGrantError,
  InvalidTargetError,
  InvalidTokenError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { Grants } from './grants.js';
import { lifetimes } from './lifetimes.js';
import { keys, type PendingSignIn, randomToken } from './records.js';
import { sendSignInPage } from './sign-in-page.js';
import type { OAuthStore } from './store.js';

export interface ProviderParts {
  readonly store: OAuthStore;
  readonly grants: Grants;
  readonly clients: OAuthRegisteredClientsStore;
  /** This MCP server's URL: the one resource its tokens are for. */
  readonly resource: URL;
  readonly signInPath: string;
  readonly secureCookies: boolean;
}

export function pdgOAuthProvider(parts: ProviderParts): OAuthServerProvider {
  const { store, grants, resource } = parts;
  const checkResource = (named: URL | undefined) => {
    if (named !== undefined && named.href !== resource.href) {
      throw new InvalidTargetError(`This server issues tokens for ${resource.href} only.`);
    }
  };
  return {
    clientsStore: parts.clients,

    async authorize(client, params, response) {
      checkResource(params.resource);
      // The SDK lets a loopback redirect URI differ from its registration by port (RFC 8252); here it must
      // be the registered one exactly. Answered here, not by a redirect to the unregistered URI.
      if (!client.redirect_uris.includes(params.redirectUri)) {
        response.status(400).type('text/plain').send('redirect_uri is not one this client registered (exact match).');
        return;
      }
      const signInId = randomToken();
      const signIn: PendingSignIn = {
        clientId: client.client_id,
        redirectUri: params.redirectUri,
        codeChallenge: params.codeChallenge,
        ...(params.state !== undefined ? { state: params.state } : {}),
        scopes: params.scopes ?? [],
        csrf: randomToken(),
      };
      await store.set(keys.signIn(signInId), JSON.stringify(signIn), lifetimes.signInMs);
      sendSignInPage(response, 200, {
        signInId,
        signIn,
        action: parts.signInPath,
        clientName: client.client_name ?? client.client_id,
        secure: parts.secureCookies,
      });
    },

    async challengeForAuthorizationCode(client, code) {
      const record = await grants.peekCode(code);
      if (!record || record.clientId !== client.client_id) {
        throw new InvalidGrantError('The authorization code is unknown, used or expired: sign in again.');
      }
      return record.codeChallenge;
    },

    async exchangeAuthorizationCode(client, code, _verifier, redirectUri, namedResource) {
      checkResource(namedResource);
      const record = await grants.takeCode(code);
      if (!record || record.clientId !== client.client_id) {
        throw new InvalidGrantError('The authorization code is unknown, used or expired: sign in again.');
      }
      if (redirectUri !== undefined && redirectUri !== record.redirectUri) {
        throw new InvalidGrantError('redirect_uri is not the one the authorization request named.');
      }
      return grants.issueTokens(record.grantId, client.client_id, record.scopes);
    },

    async exchangeRefreshToken(client, refreshToken, _scopes, namedResource) {
      checkResource(namedResource);
      const tokens = await grants.rotate(refreshToken, client.client_id);
      if (!tokens)
        throw new InvalidGrantError('The refresh token is unknown, used, revoked or expired: sign in again.');
      return tokens;
    },

    async verifyAccessToken(token): Promise<AuthInfo> {
      const access = await grants.access(token);
      if (!access) throw new InvalidTokenError('The access token is unknown, revoked or expired.');
      return {
        token,
        clientId: access.record.clientId,
        scopes: [...access.record.scopes],
        expiresAt: access.record.expiresAt,
        resource,
      };
    },

    async revokeToken(client, request) {
      await grants.revoke(request.token, client.client_id);
    },
  };
}
