/**
 * Registered clients (dynamic client registration, RFC 7591), kept in the store so that every server process
 * knows every client. The MCP SDK's registration handler checks the metadata and makes the id and secret.
 */
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import type { OAuthClientInformationFull } from '@modelcontextprotocol/sdk/shared/auth.js';
import { lifetimes } from './lifetimes.js';
import { keys, parsed } from './records.js';
import type { OAuthStore } from './store.js';

export function clientsStore(store: OAuthStore): OAuthRegisteredClientsStore {
  return {
    getClient: async (clientId) => parsed<OAuthClientInformationFull>(await store.get(keys.client(clientId))),
    registerClient: async (client) => {
      const full = client as OAuthClientInformationFull;
      await store.set(keys.client(full.client_id), JSON.stringify(full), lifetimes.clientMs);
      return full;
    },
  };
}
