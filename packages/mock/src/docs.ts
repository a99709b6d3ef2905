/**
 * A site served under `/docs`, when the gateway is given one (the `docs` option): the API reference of the
 * providers it serves, with "try it" calling the gateway itself (`mockDocs` from `@pdg/docs`). The mock
 * depends on no site: it calls the function it is given on the first request under `/docs`, so a gateway
 * started for tests loads and reads nothing of it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzip } from 'node:zlib';
import { type AnyProvider, errorEnvelope, type Fixture } from '@pdg/core';

/** Where the site is served. */
export const docsPath = '/docs';

/** One file of the site, as the site gives it. */
export interface MockDocsFile {
  /** Its media type, such as `text/html; charset=utf-8`. */
  readonly type: string;
  readonly body: Uint8Array;
  /** True when the same path always holds the same bytes: browsers may keep it for a day. */
  readonly immutable?: boolean;
}

/** A site: the file at a path under `/docs/` (`''` is its page), or undefined for a 404. */
export interface MockDocsSite {
  file(path: string): Promise<MockDocsFile | undefined>;
}

/** The running gateway, as the site is told of it. */
export interface MockDocsGateway {
  /** The gateway's URL, where the site's "try it" sends. */
  readonly url: string;
  readonly providers: readonly AnyProvider[];
  readonly fixtures: readonly Fixture[];
}

/**
 * Makes the site, once, on the first request under `/docs`: `mockDocs` from `@pdg/docs`, or, to load that
 * package only then, a function that imports it on demand and calls its `mockDocs` with the gateway. The
 * mock itself never imports it: whoever starts the gateway passes it in.
 */
export type MockDocs = (gateway: MockDocsGateway) => MockDocsSite | Promise<MockDocsSite>;

export const isDocsPath = (pathname: string) => pathname === docsPath || pathname.startsWith(`${docsPath}/`);

/** Text smaller than this is sent as it is: compressing it saves less than it costs. */
const compressFrom = 1024;

/** Answers requests under `/docs` from the site `make` gives, made on the first of them. */
export function docsResponder(
  make: MockDocs,
  gateway: () => MockDocsGateway,
): (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<void> {
  let site: Promise<MockDocsSite> | undefined;
  // The site's files, gzipped once each when first asked for (the renderer's are megabytes).
  const compressed = new Map<string, Promise<Buffer>>();

  return async (request, response, url) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendError(response, 405, `Only GET is served: GET ${docsPath}/.`);
    }
    // The page loads its files by relative URLs: from `/docs` they would resolve against `/`.
    if (url.pathname === docsPath) {
      response.writeHead(301, { location: `${docsPath}/${url.search}`, 'content-length': 0 }).end();
      return;
    }
    let file: MockDocsFile | undefined;
    try {
      site ??= Promise.resolve(make(gateway()));
      file = await site.then((made) => made.file(url.pathname.slice(docsPath.length + 1)));
    } catch (error) {
      site = undefined;
      const reason = error instanceof Error ? error.message : String(error);
      return sendError(response, 500, `Mock gateway error: the site at ${docsPath} could not be served: ${reason}`);
    }
    if (!file) return sendError(response, 404, `No such file in the site at ${docsPath}/: ${url.pathname}.`);

    const headers: Record<string, string | number> = {
      'content-type': file.type,
      'cache-control': file.immutable ? 'public, max-age=86400' : 'no-cache',
      vary: 'accept-encoding',
    };
    let body: Uint8Array = file.body;
    if (body.byteLength >= compressFrom && acceptsGzip(request)) {
      const key = url.pathname;
      let zipped = compressed.get(key);
      if (!zipped) {
        const source = body;
        zipped = new Promise<Buffer>((resolve, reject) =>
          gzip(source, (error, result) => (error ? reject(error) : resolve(result))),
        );
        compressed.set(key, zipped);
      }
      body = await zipped;
      headers['content-encoding'] = 'gzip';
    }
    headers['content-length'] = body.byteLength;
    if (response.destroyed || response.writableEnded) return;
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  };
}

function acceptsGzip(request: IncomingMessage): boolean {
  const accepted = request.headers['accept-encoding'];
  return typeof accepted === 'string' && /(^|[\s,])gzip(?!\s*;\s*q=0(\.0*)?\s*(,|$))/i.test(accepted);
}

function sendError(response: ServerResponse, status: number, message: string): void {
  if (response.destroyed || response.writableEnded) return;
  const text = JSON.stringify(errorEnvelope(message));
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}
