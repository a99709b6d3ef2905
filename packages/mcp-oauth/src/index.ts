/**
 * OAuth 2.1 sign-in for the hosted pdg MCP server. `mcpOAuth(options)` is the `auth` of
 * `startMcpHttpServer`: once the server listens, it puts the parts together (the store, the sealed keys, the
 * grants, the clients, the SDK provider, the routes in routes.ts) and turns each request's access token into
 * its user's pdg key.
 */
import { type AnyProvider, type ClientOptions, usageError } from '@pdg/core';
import type { McpHttpAuth, McpHttpSignIn } from '@pdg/mcp';
import { bearerCaller } from './bearer.js';
import type { ClientMetadataFetch } from './client-metadata-document.js';
import { clientsStore } from './clients-store.js';
import { grants as makeGrants } from './grants.js';
import { type KeyCheckCall, keyCheck } from './key-check.js';
import { pdgOAuthProvider } from './provider.js';
import { randomToken } from './records.js';
import { signInRoutes } from './routes.js';
import { keySealer, shortestSecret } from './sealed-key.js';
import { memoryStore, type OAuthStore } from './store.js';

export type { ClientMetadataFetch } from './client-metadata-document.js';
export type { KeyCheckCall } from './key-check.js';
export { memoryStore, type OAuthStore } from './store.js';

export interface McpOAuthOptions extends ClientOptions<readonly AnyProvider[]> {
  /**
   * The MCP endpoint's URL as clients reach it (`https://pdg.example.com/mcp`, TLS in front): the issuer and
   * the resource tokens are bound to. Default: the URL the server listens at (loopback only).
   */
  readonly publicUrl?: string | URL;
  /**
   * The secret users' keys are sealed with (AES-256-GCM), at least 32 characters (`PDG_MCP_OAUTH_SECRET`).
   * Needed with Redis; without, a random one per process (sign-ins end with the process anyway).
   */
  readonly secret?: string;
  /** Redis (`PDG_REDIS_URL`): sign-ins shared by every process using it. Default: in memory. */
  readonly redisUrl?: string;
  /** Another store (tests, other databases); wins over `redisUrl`. */
  readonly store?: OAuthStore;
  /** The call a pasted key is tried with. Default: the first served endpoint that takes no params. */
  readonly keyCheck?: KeyCheckCall;
  /**
   * How a client's metadata document (a `client_id` that is an HTTPS URL) is fetched. Default: `fetch`,
   * guarded against reaching this network (see client-metadata-document.ts); `false` turns such ids off.
   */
  readonly clientMetadataDocuments?: ClientMetadataFetch | false;
}

const signInPath = '/sign-in';

export function mcpOAuth(options: McpOAuthOptions): McpHttpAuth {
  const {
    publicUrl,
    secret,
    redisUrl,
    store: givenStore,
    keyCheck: keyCheckCall,
    clientMetadataDocuments,
    ...clientOptions
  } = options;
  if (secret !== undefined && secret.length < shortestSecret) {
    throw usageError(
      `The OAuth secret (PDG_MCP_OAUTH_SECRET) has ${secret.length} characters; give at least ${shortestSecret}, e.g. from \`openssl rand -base64 48\`.`,
    );
  }
  if (redisUrl !== undefined && givenStore === undefined && secret === undefined) {
    throw usageError(
      'Sign-ins kept in Redis need a secret shared by every process: set PDG_MCP_OAUTH_SECRET (at least 32 characters, e.g. from `openssl rand -base64 48`).',
    );
  }
  const tryKey = keyCheck(clientOptions, keyCheckCall);
  return async (server) => {
    const resource = new URL(publicUrl ?? server.url);
    if (resource.protocol !== 'https:' && !['127.0.0.1', 'localhost', '[::1]'].includes(resource.hostname)) {
      throw usageError(
        `The public URL ${resource.href} is not HTTPS: OAuth needs TLS in front of the server; give its https:// URL (--public-url or PDG_MCP_PUBLIC_URL).`,
      );
    }
    const store =
      givenStore ??
      (redisUrl !== undefined
        ? (await import('./redis-store.js')).redisStore(redisUrl, `pdg:mcp-oauth:${resource.href}:`)
        : memoryStore());
    const grants = makeGrants(store, keySealer(secret ?? randomToken()));
    const clients = clientsStore(store, clientMetadataDocuments);
    const secureCookies = resource.protocol === 'https:';
    const provider = pdgOAuthProvider({ store, grants, clients, resource, signInPath, secureCookies });
    const issuerUrl = new URL('/', resource);
    const route = signInRoutes({
      provider,
      signIn: { store, grants, clients, keyCheck: tryKey, signInPath, origin: resource.origin, secureCookies },
      resource,
      issuerUrl,
      clientMetadataDocuments: clientMetadataDocuments !== false,
    });
    const resourcePath = resource.pathname === '/' ? '' : resource.pathname;
    const resourceMetadataUrl = new URL(`/.well-known/oauth-protected-resource${resourcePath}`, resource).href;
    const signIn: McpHttpSignIn = {
      publicUrl: resource,
      route,
      callerKey: bearerCaller(grants, resourceMetadataUrl),
      close: () => store.close(),
    };
    return signIn;
  };
}
