/**
 * Streamable HTTP, stateless: every POST to the path is one exchange, answered as JSON by a server made for
 * it from tools made once. Both protocol eras are served, each POST routed by the MCP SDK's own
 * classification (`isLegacyRequest`): a 2025 client's POSTs (`initialize`, then its requests) by the SDK's
 * Streamable HTTP transport, and 2026-07-28 requests (each carrying its version in `_meta`, with no
 * `initialize`; `server/discover` says which revisions are served) by its `createMcpHandler`, which checks
 * their `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name` headers against the body (400 when they
 * disagree or one is missing). No session is kept (a walk goes on from the `resume` the client passes back), so
 * GET (a server-to-client stream) and DELETE (ending a session) are refused with 405.
 *
 * On a loopback address (the default) only requests naming this machine are served: a `Host` or `Origin`
 * header naming another host is refused with 403, so a web page cannot reach the server through DNS
 * rebinding and spend the API key.
 *
 * Every answer says `Connection: close`, and its connection ends with it: the server holds no idle
 * connection, so it never closes one under a client. A kept-alive connection must be closed by the server at
 * some time of its own, and a client whose event loop stalls past that time (a busy machine, a long
 * synchronous step between two calls) still counts it as open, sends its next POST on it and gets
 * `other side closed`; a POST is not retried. No idle time is long enough for every stall; a new connection
 * per message costs a TCP handshake, little beside a tool call.
 *
 * A request may bring its own key (`x-api-key`, or `Authorization: Bearer`), used for its gateway calls
 * instead of the server's: a server shared by several people spends each one's key. A server started
 * without a key refuses a call that brings none.
 *
 * With `auth` (OAuth sign-in, `@pdg/mcp-oauth`), the sign-in's own paths are answered by it, and a request to
 * the endpoint brings an access token (`Authorization: Bearer`), which it turns into its user's key, or
 * `x-api-key` as before; with neither, the answer is its 401 naming where to sign in. This package does not
 * load the sign-in: the hook is passed in.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnyProvider } from '@pdg/core';
import { callerKeyOf } from './caller-key.js';
import { discoverAnswer } from './discover-versions.js';
import { createPdgTools, type McpServerOptions, serverOf } from './server.js';

export interface McpHttpServerOptions<TProviders extends readonly AnyProvider[] = readonly AnyProvider[]>
  extends McpServerOptions<TProviders> {
  /**
   * Default 127.0.0.1: this machine only. Another address lets anyone who reaches it call the gateway with the
   * server's API key (if it has one; without one, each caller must bring theirs).
   */
  readonly host?: string;
  /** Default 0: a free port, read it back from `url`. */
  readonly port?: number;
  /** The endpoint's path. Default `/mcp`. */
  readonly path?: string;
  /** Sign-in for URL-only clients (`mcpOAuth(...)` of `@pdg/mcp-oauth`), made once the server's URL is known. */
  readonly auth?: McpHttpAuth;
}

/** Makes the sign-in of a server once it listens at `url`. */
export type McpHttpAuth = (server: { readonly url: URL }) => Promise<McpHttpSignIn>;

/** What the HTTP server asks of a sign-in: its routes, and whose key a request spends. */
export interface McpHttpSignIn {
  /** The server's public URL (TLS in front): its host is served besides this machine's names. */
  readonly publicUrl: URL;
  /** Answers the request when it is the sign-in's (metadata, registration, sign-in page, tokens); false if not. */
  route(request: IncomingMessage, response: ServerResponse): Promise<boolean>;
  /** The key of the request's signed-in user; `headerKey` when it brings `x-api-key` instead; or the refusal. */
  callerKey(request: IncomingMessage): Promise<SignedInCaller>;
  close(): Promise<void>;
}

export type SignedInCaller =
  | { readonly key: string }
  | { readonly headerKey: true }
  | {
      readonly refusal: { readonly status: number; readonly message: string; readonly headers: Record<string, string> };
    };

export interface RunningMcpHttpServer {
  /** `http://127.0.0.1:<port>/mcp`: what an MCP client connects to. */
  readonly url: string;
  readonly port: number;
  /** Stops listening and ends open connections. */
  close(): Promise<void>;
}

const loopbackNames = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Starts the MCP server over Streamable HTTP on `host:port` (default 127.0.0.1 and a free port). */
export async function startMcpHttpServer<const TProviders extends readonly AnyProvider[]>(
  options: McpHttpServerOptions<TProviders>,
): Promise<RunningMcpHttpServer> {
  const { host = '127.0.0.1', port = 0, path = '/mcp', auth, ...serverOptions } = options;
  if (!path.startsWith('/')) throw new TypeError(`path must start with "/" (received "${path}").`);
  const pdgTools = createPdgTools(serverOptions);
  const { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport } = await import(
    '@modelcontextprotocol/server'
  );
  // The 2026-07-28 requests. The key a request brought reaches the server made for it as the request's auth
  // info, which the SDK hands the factory as given (it reads no header itself).
  const modern = createMcpHandler(({ authInfo }) => serverOf(pdgTools, authInfo?.token), {
    legacy: 'reject',
    responseMode: 'auto',
    maxRequestBodySize,
  });
  // A 2025 client's: answered as JSON, as before (the SDK's own stateless fallback may answer as an event stream).
  const legacy = async (request: Request, key: string | undefined, response: ServerResponse) => {
    const server = serverOf(pdgTools, key);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    return transport.handleRequest(request, key === undefined ? {} : { authInfo: authInfoOf(key) });
  };
  const loopback = loopbackNames.has(host);
  let signIn: McpHttpSignIn | undefined;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const target = new URL(request.url ?? '/', 'http://localhost');
    // Between listening and the sign-in being made, nothing is served (not even with header keys).
    if (auth && !signIn) return answer(response, 503, 'Service unavailable: the server is starting; try again.');
    if (loopback && !namesThisMachine(request, signIn?.publicUrl.hostname)) {
      return answer(response, 403, 'Forbidden: this server answers requests addressed to this machine only.');
    }
    if (target.pathname !== path) {
      if (signIn && (await signIn.route(request, response))) return;
      return answer(response, 404, `Not found: the MCP endpoint is ${path}.`);
    }
    if (request.method !== 'POST') {
      return answer(response, 405, 'Method not allowed: this server is stateless; POST each message.', {
        allow: 'POST',
      });
    }
    const signedIn = signIn ? await signIn.callerKey(request) : { headerKey: true as const };
    if ('refusal' in signedIn) {
      const { status, message, headers } = signedIn.refusal;
      return answer(response, status, message, headers);
    }
    const caller = 'key' in signedIn ? { key: signedIn.key } : callerKeyOf(request);
    if ('refusal' in caller) return answer(response, 400, caller.refusal);
    const body = await bodyOf(request);
    if (body === undefined) {
      return answer(response, 413, `Payload too large: a message is at most ${maxRequestBodySize} bytes.`);
    }
    const aborted = new AbortController();
    response.on('close', () => aborted.abort());
    const webRequest = new Request(new URL(request.url ?? path, 'http://localhost'), {
      method: 'POST',
      headers: headersOf(request),
      body,
      signal: aborted.signal,
    });
    const parsed = parsedJson(body);
    // A 2025 client's message; and a body that is no JSON, answered by the 2025 transport as before (a parse error).
    if (parsed === undefined || (await isLegacyRequest(webRequest, parsed.value))) {
      return sendResponse(await legacy(webRequest, caller.key, response), response);
    }
    const method = (parsed.value as { method?: unknown } | null)?.method;
    const answered = await modern.fetch(
      webRequest,
      caller.key === undefined ? {} : { authInfo: authInfoOf(caller.key) },
    );
    await sendResponse(await discoverAnswer(method, answered), response);
  };

  const http = createServer((request, response) => {
    // One exchange per connection (see the note at the top of this file).
    response.setHeader('connection', 'close');
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) answer(response, 500, `Internal error: ${(error as Error)?.message ?? String(error)}`);
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, host, () => {
      http.off('error', reject);
      resolve();
    });
  });
  const bound = (http.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  const url = `http://${shownHost}:${bound}${path}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      http.close(() => resolve());
      http.closeAllConnections();
    });
  try {
    signIn = await auth?.({ url: new URL(url) });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    port: bound,
    close: async () => {
      await stop();
      await modern.close();
      await signIn?.close();
    },
  };
}

/** Whether `Host` (and `Origin`, when sent) name this machine, or the public host a sign-in serves. */
function namesThisMachine(request: IncomingMessage, publicHost: string | undefined): boolean {
  const served = (name: string | undefined) =>
    name !== undefined && (loopbackNames.has(name) || (publicHost !== undefined && name === publicHost));
  const hostname = (text: string | undefined) => {
    try {
      return text === undefined ? undefined : new URL(text.includes('://') ? text : `http://${text}`).hostname;
    } catch {
      return '';
    }
  };
  if (!served(hostname(request.headers.host))) return false;
  const origin = request.headers.origin;
  return origin === undefined || served(hostname(origin));
}

/** The largest message read: the MCP SDK's own bound for a POST body (4 MiB). */
const maxRequestBodySize = 4 * 1024 * 1024;

/** The request's body, or undefined when it is over `maxRequestBodySize`. */
async function bodyOf(request: IncomingMessage): Promise<Buffer<ArrayBuffer> | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).byteLength;
    if (size > maxRequestBodySize) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The caller's key as the auth info the SDK passes to the server made for the request. */
function authInfoOf(key: string) {
  return { token: key, clientId: 'pdg-caller', scopes: [] };
}

/** The body read as JSON, or undefined when it is none. */
function parsedJson(body: Uint8Array): { readonly value: unknown } | undefined {
  try {
    return { value: JSON.parse(new TextDecoder().decode(body)) as unknown };
  } catch {
    return undefined;
  }
}

/** The request's headers as a `Headers` (a header sent several times joined, as HTTP reads it). */
function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of [value].flat()) headers.append(name, one);
  }
  return headers;
}

/** Writes a fetch `Response` to the Node response: its status, headers and body. */
async function sendResponse(answer: Response, response: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  response.writeHead(answer.status, headers);
  if (answer.body === null) {
    response.end();
    return;
  }
  for await (const chunk of answer.body) response.write(chunk);
  response.end();
}

/** A JSON-RPC error answer with no request id, as the transport gives for a request it cannot take. */
function answer(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
