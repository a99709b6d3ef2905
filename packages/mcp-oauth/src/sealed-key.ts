/**
 * A user's pdg key at rest: AES-256-GCM under a key derived (HKDF-SHA-256) from the server secret, bound to
 * the grant it belongs to (the grant id is the additional data, so a sealed key copied onto another grant
 * does not open). Tokens never carry the key; only this sealed form is stored, in memory or in Redis.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface KeySealer {
  seal(apiKey: string, grantId: string): string;
  /** The key, or undefined when the sealed text was not made by this secret for this grant. */
  open(sealed: string, grantId: string): string | undefined;
}

/** Shortest server secret taken: 32 characters, about as many bits as the AES key it is derived into. */
export const shortestSecret = 32;

export function keySealer(serverSecret: string): KeySealer {
  const aesKey = Buffer.from(hkdfSync('sha256', serverSecret, 'pdg-mcp-oauth', 'sealed api key', 32));
  return {
    seal(apiKey, grantId) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', aesKey, iv);
      cipher.setAAD(Buffer.from(grantId));
      const body = Buffer.concat([cipher.update(apiKey, 'utf8'), cipher.final()]);
      return [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
    },
    open(sealed, grantId) {
      const [iv, body, tag] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !body || !tag) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', aesKey, iv);
        decipher.setAAD(Buffer.from(grantId));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
