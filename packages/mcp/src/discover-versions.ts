/**
 * `server/discover` listing every revision this server speaks. The MCP SDK's answer lists the 2026-07-28
 * revisions only (2025 ones being reached through `initialize`); a dual-era server may name both eras
 * wherever it says what it supports (the 2026-07-28 spec's own example of a dual-era server's
 * `UnsupportedProtocolVersionError` lists `2026-07-28` beside `2025-11-25`), so a client reading the
 * discovery learns that a 2025 client is served too. Added to the SDK's answer on its way out: over HTTP
 * to the response body, over stdio through a transport that wraps the SDK's.
 */
import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/server';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';

const discoverMethod = 'server/discover';

/** The result with the 2025 revisions (served through `initialize`) listed after those it names. */
export function withLegacyRevisions(result: unknown): unknown {
  if (typeof result !== 'object' || result === null) return result;
  const listed = (result as { supportedVersions?: unknown }).supportedVersions;
  if (!Array.isArray(listed)) return result;
  const legacy = SUPPORTED_PROTOCOL_VERSIONS.filter((version) => !listed.includes(version));
  return { ...result, supportedVersions: [...listed, ...legacy] };
}

/** The HTTP answer to a `server/discover` request with the 2025 revisions listed; any other answer as it is. */
export async function discoverAnswer(method: unknown, answer: Response): Promise<Response> {
  const json = answer.headers.get('content-type')?.startsWith('application/json') ?? false;
  if (method !== discoverMethod || answer.status !== 200 || !json) return answer;
  const body = (await answer.json()) as { result?: unknown };
  const headers = new Headers(answer.headers);
  headers.delete('content-length');
  const listed = body.result === undefined ? body : { ...body, result: withLegacyRevisions(body.result) };
  return new Response(JSON.stringify(listed), { status: answer.status, headers });
}

/** A transport passing every message through, with the 2025 revisions added to its `server/discover` answers. */
export class DiscoverListingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  /** Ids of the `server/discover` requests received and not yet answered. */
  readonly #discovering = new Set<string | number>();

  constructor(readonly inner: Transport) {}

  async start(): Promise<void> {
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onmessage = (message, extra) => {
      if ('method' in message && message.method === discoverMethod && 'id' in message) {
        this.#discovering.add(message.id);
      }
      this.onmessage?.(message, extra);
    };
    await this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if ('result' in message && this.#discovering.delete(message.id)) {
      return this.inner.send({ ...message, result: withLegacyRevisions(message.result) } as JSONRPCMessage, options);
    }
    if ('error' in message && message.id !== undefined) this.#discovering.delete(message.id);
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
