/**
 * Client ID metadata documents, for the assistants of 2026: a client's id is an HTTPS URL, and the document
 * there is its registration (its name and redirect URIs). Any caller can name such a URL, so the server's
 * fetch of it is guarded: HTTPS only, a host name that is no IP address or localhost and does not resolve
 * to a private, loopback or link-local address, no redirects, 5 seconds, 16 KB. The document must name
 * itself as `client_id`; its client authenticates with PKCE alone (`none`).
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { type OAuthClientInformationFull, OAuthClientMetadataSchema } from '@modelcontextprotocol/sdk/shared/auth.js';

/** Fetches a client's metadata document; the default is guarded as above, tests pass their own. */
export type ClientMetadataFetch = (url: URL) => Promise<Response>;

const largestDocument = 16 * 1024;
const fetchTimeoutMs = 5_000;

/** Whether a client id is meant as a metadata document's URL (HTTPS, with a path). */
export function isMetadataDocumentId(clientId: string): boolean {
  if (!clientId.startsWith('https://') || !URL.canParse(clientId)) return false;
  const url = new URL(clientId);
  return url.pathname !== '/' && url.hash === '' && url.username === '' && url.password === '';
}

/** The registration a document stands for, or undefined when it cannot be fetched or does not hold one. */
export async function clientFromDocument(
  clientId: string,
  fetchDocument: ClientMetadataFetch = guardedFetch,
): Promise<OAuthClientInformationFull | undefined> {
  let text: string;
  try {
    const answer = await fetchDocument(new URL(clientId));
    if (!answer.ok) return undefined;
    text = await boundedText(answer);
  } catch {
    return undefined;
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof document !== 'object' || document === null) return undefined;
  if ((document as { client_id?: unknown }).client_id !== clientId) return undefined;
  const metadata = OAuthClientMetadataSchema.safeParse(document);
  if (!metadata.success) return undefined;
  return { ...metadata.data, client_id: clientId, token_endpoint_auth_method: 'none' };
}

async function boundedText(answer: Response): Promise<string> {
  const reader = answer.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > largestDocument) {
      await reader.cancel();
      throw new Error('client metadata document too large');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function guardedFetch(url: URL): Promise<Response> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 || host === 'localhost' || host.endsWith('.localhost')) {
    throw new Error('client metadata documents are fetched from public host names only');
  }
  const addresses = await lookup(host, { all: true });
  if (addresses.length === 0 || addresses.some(({ address }) => isPrivateAddress(address))) {
    throw new Error('client metadata document host resolves to a private address');
  }
  return fetch(url, {
    redirect: 'error',
    signal: AbortSignal.timeout(fetchTimeoutMs),
    headers: { accept: 'application/json' },
  });
}

/** Loopback, private, link-local, carrier-grade NAT, unspecified and unique-local addresses. */
function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    );
  }
  const lower = address.toLowerCase();
  if (lower.startsWith('::ffff:')) return isPrivateAddress(lower.slice(7));
  return lower === '::' || lower === '::1' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
}
