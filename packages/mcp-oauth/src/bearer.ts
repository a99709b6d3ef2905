/**
 * Whose key a request to the MCP endpoint spends: an access token (`Authorization: Bearer`) stands for the
 * key its user signed in with; `x-api-key` brings one directly, as without sign-in; with neither, or with a
 * token this server did not issue (forged, expired, revoked), the answer is 401 with `WWW-Authenticate`
 * naming the protected-resource metadata, where a client learns how to sign in (RFC 9728).
 */
import type { IncomingMessage } from 'node:http';
import type { SignedInCaller } from '@pdg/mcp';
import type { Grants } from './grants.js';

export function bearerCaller(grants: Grants, resourceMetadataUrl: string) {
  const challenge = (status: number, message: string, error?: string): SignedInCaller => ({
    refusal: {
      status,
      message,
      headers: {
        'www-authenticate': `Bearer ${error ? `error="${error}", ` : ''}resource_metadata="${resourceMetadataUrl}"`,
      },
    },
  });
  return async (request: IncomingMessage): Promise<SignedInCaller> => {
    const authorizations = (request.headersDistinct.authorization ?? []).map((value) => value.trim()).filter(Boolean);
    const apiKeys = (request.headersDistinct['x-api-key'] ?? []).map((value) => value.trim()).filter(Boolean);
    if (authorizations.length === 0) {
      if (apiKeys.length > 0) return { headerKey: true };
      return challenge(
        401,
        `Unauthorized: sign in (OAuth; the metadata is at ${resourceMetadataUrl}) or send your Public-Data Gateway key as x-api-key.`,
      );
    }
    if (authorizations.length > 1 || apiKeys.length > 0) {
      return challenge(
        400,
        'Bad request: send one credential: one Authorization: Bearer <access token> header, or one x-api-key header.',
        'invalid_request',
      );
    }
    const match = /^Bearer\s+(\S+)$/i.exec(authorizations[0] as string);
    if (!match) {
      return challenge(
        400,
        'Bad request: Authorization must be "Bearer <access token>" (a pdg key goes in x-api-key).',
        'invalid_request',
      );
    }
    const access = await grants.access(match[1] as string);
    if (!access) {
      return challenge(
        401,
        'Unauthorized: the access token is unknown, revoked or expired: sign in again (with sign-in on, a Public-Data Gateway key goes in x-api-key, not Authorization).',
        'invalid_token',
      );
    }
    return { key: access.apiKey };
  };
}
