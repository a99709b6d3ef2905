import type { ClientSettings } from '../call/settings.js';
import type { Registry } from './registry.js';

// What `endpointsOf(client)` (face.ts) needs of a client that its public methods do not give: kept in a
// WeakMap beside each client rather than as a property on it, so the client's shape stays its typed methods
// and a client without a face carries none of the face's code.

/** A client's providers by id and its settings (the base URL and the key, for identities and redaction). */
export interface ClientParts {
  readonly registry: Registry;
  readonly settings: ClientSettings;
}

/** Each client `createClient` made, with its parts. */
export const clientParts = new WeakMap<object, ClientParts>();
