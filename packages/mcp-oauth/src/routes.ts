/**
 * The sign-in's HTTP paths, on an express app: the MCP SDK's router (authorization-server metadata,
 * registration, authorize, token, revocation, protected-resource metadata), the path-less protected-resource
 * metadata, and the sign-in form's submission. A request to any other path is not answered here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import type { OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import { createOAuthMetadata, mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import express, { type NextFunction, type Request, type Response } from 'express';
import { type SignInParts, signInHandler } from './sign-in.js';

export interface RouteParts {
  readonly provider: OAuthServerProvider;
  readonly signIn: SignInParts;
  /** The MCP endpoint's public URL: the resource. */
  readonly resource: URL;
  readonly issuerUrl: URL;
  readonly clientMetadataDocuments: boolean;
}

const resourceName = 'pdg (Public-Data Gateway)';

/** Answers a request on one of the sign-in's paths (true), or leaves it (false). */
export function signInRoutes(
  parts: RouteParts,
): (request: IncomingMessage, response: ServerResponse) => Promise<boolean> {
  const { provider, resource, issuerUrl } = parts;
  const signInPath = parts.signIn.signInPath;
  const resourcePath = resource.pathname === '/' ? '' : resource.pathname;
  const app = express();
  app.disable('x-powered-by');
  // Behind a TLS proxy on this machine, the address a failed sign-in is counted against is the user's.
  app.set('trust proxy', 'loopback');
  app.post(signInPath, express.urlencoded({ extended: false, limit: '16kb' }), signInHandler(parts.signIn));
  // RFC 9728's path-less form, for clients that look there first.
  app.use(
    '/.well-known/oauth-protected-resource',
    metadataHandler({
      resource: resource.href,
      authorization_servers: [issuerUrl.href],
      resource_name: resourceName,
    }),
  );
  // The SDK's metadata, plus what it does not say: client ids may be metadata documents' URLs.
  app.use(
    '/.well-known/oauth-authorization-server',
    metadataHandler({
      ...createOAuthMetadata({ provider, issuerUrl }),
      client_id_metadata_document_supported: parts.clientMetadataDocuments,
    }),
  );
  app.use(mcpAuthRouter({ provider, issuerUrl, resourceServerUrl: resource, resourceName }));
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
  return (request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (!routes.has(pathname)) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      response.once('close', () => resolve(true));
      app(request, response);
    });
  };
}
