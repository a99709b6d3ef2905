/**
 * Registered clients, kept in the store so that every server process knows every client: those registered
 * dynamically (RFC 7591; the MCP SDK's handler checks the metadata and makes the id and secret), and those
 * whose id is the URL of their metadata document (read when first seen, kept for ten minutes).
 */
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import { type ClientMetadataFetch, clientFromDocument, isMetadataDocumentId } from './client-metadata-document.js';
import { lifetimes } from './lifetimes.js';
import { keys, parsed } from './records.js';
import type { OAuthStore } from './store.js';

/** `documents`: how metadata documents are fetched (undefined: the guarded default), or `false`: not at all. */
export function clientsStore(
  store: OAuthStore,
  documents: ClientMetadataFetch | false | undefined,
): OAuthRegisteredClientsStore {
  return {
    async getClient(clientId) {
      const kept = parsed<OAuthClientInformationFull>(await store.get(keys.client(clientId)));
      if (kept || documents === false || !isMetadataDocumentId(clientId)) return kept;
      const fromDocument = await clientFromDocument(clientId, documents);
      if (fromDocument) {
        await store.set(keys.client(clientId), JSON.stringify(fromDocument), lifetimes.clientDocumentMs);
      }
      return fromDocument;
    },
    registerClient: async (client) => {
      const full = client as OAuthClientInformationFull;
      await store.set(keys.client(full.client_id), JSON.stringify(full), lifetimes.clientMs);
      return full;
    },
  };
}
