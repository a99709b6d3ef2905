/**
 * OAuth 2.1 sign-in for the hosted pdg MCP server. `mcpOAuth(options)` is the `auth` of
 * `startMcpHttpServer`: it serves the protected-resource and authorization-server metadata, dynamic client
 * registration, authorize (the sign-in page), token and revocation with the MCP SDK's handlers on an express
 * app, and turns each request's access token into its user's pdg key.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import { createOAuthMetadata, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { type AnyProvider, type ClientOptions, usageError } from '@pdg/core';
import type { McpHttpAuth, McpHttpSignIn } from '@pdg/mcp';
import express, { type NextFunction, type Request, type Response } from 'express';
import { bearerCaller } from './bearer.js';
import type { ClientMetadataFetch } from './client-metadata-document.js';
import { clientsStore } from './clients-store.js';
import { grants as makeGrants } from './grants.js';
import { type KeyCheckCall, keyCheck } from './key-check.js';
import { pdgOAuthProvider } from './provider.js';
import { randomToken } from './records.js';
import { keySealer, shortestSecret } from './sealed-key.js';
import { signInHandler } from './sign-in.js';
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
    const resourcePath = resource.pathname === '/' ? '' : resource.pathname;
    const resourceMetadataUrl = new URL(`/.well-known/oauth-protected-resource${resourcePath}`, resource).href;

    const app = express();
    app.disable('x-powered-by');
    // Behind a TLS proxy on this machine, the address a failed sign-in is counted against is the user's.
    app.set('trust proxy', 'loopback');
    app.post(
      signInPath,
      express.urlencoded({ extended: false, limit: '16kb' }),
      signInHandler({
        store,
        grants,
        clients,
        keyCheck: tryKey,
        signInPath,
        origin: resource.origin,
        secureCookies,
      }),
    );
    // RFC 9728's path-less form, for clients that look there first.
    app.use(
      '/.well-known/oauth-protected-resource',
      metadataHandler({
        resource: resource.href,
        authorization_servers: [issuerUrl.href],
        resource_name: 'pdg (Public-Data Gateway)',
      }),
    );
    // The SDK's metadata, plus what it does not say: client ids may be metadata documents' URLs.
    app.use(
      '/.well-known/oauth-authorization-server',
      metadataHandler({
        ...createOAuthMetadata({ provider, issuerUrl }),
        client_id_metadata_document_supported: clientMetadataDocuments !== false,
      }),
    );
    app.use(
      mcpAuthRouter({ provider, issuerUrl, resourceServerUrl: resource, resourceName: 'pdg (Public-Data Gateway)' }),
    );
    app.use((_request: Request, response: Response) => {
      response.status(404).type('text/plain').send('Not found.');
    });
    // No error's text is echoed: a body the parser refused may hold a key.
    app.use((_error: unknown, _request: Request, response: Response, _next: NextFunction) => {
      if (!response.headersSent) response.status(400).type('text/plain').send('Bad request.');
    });

    const routes = new Set([
      '/.well-known/oauth-protected-resource',
      `/.well-known/oauth-protected-resource${resourcePath}`,
      '/.well-known/oauth-authorization-server',
      '/authorize',
      '/token',
      '/register',
      '/revoke',
      signInPath,
    ]);
    const signIn: McpHttpSignIn = {
      publicUrl: resource,
      route: (request: IncomingMessage, response: ServerResponse) => {
        const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
        if (!routes.has(pathname)) return Promise.resolve(false);
        return new Promise<boolean>((resolve) => {
          response.once('close', () => resolve(true));
          app(request, response);
        });
      },
      callerKey: bearerCaller(grants, resourceMetadataUrl),
      close: () => store.close(),
    };
    return signIn;
  };
}
